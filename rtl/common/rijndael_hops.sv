// rijndael_hops: a valid and its data through HOPS registers, with no handshake (a link of a credit-based
// connection: the sender only sends what the receiver has room for, so nothing ever waits in a hop).
//
// Why: the two-pipeline engine's lanes (rijndael_engine_lanes) sit beside their pipelines' ends, tens of
// tiles from the engine's hub; a handshake across that distance puts the route and the decision in one
// clock. Here each register has one source and no enable, so the placer can spread the hops along the
// route, and the only decision is the sender's, made from its own credit count.
//
// - HOPS = 0 is a wire.
// - The first data register loads the data AND-ed with its valid, the others copy the one before, so every
//   data register holds zeros whenever nothing travels through it: a key or a block in transit is gone HOPS
//   clocks after reset or CLEAR stops the sender, with no reset net across the link (and one LUT per bit,
//   at the first hop only). The valid registers reset to RESET_VALID (a "busy" flag that must read true
//   until the far side is out of reset sets it to 1).
// - GATE = 0 leaves the AND out: for a sender whose data registers are themselves wiped by reset and CLEAR
//   (the data then travels whether valid or not, and is zero HOPS clocks after the wipe). Synthesis maps
//   the AND to the flops' synchronous reset, so with GATE = 1 the valid reaches every data flop's LSR: a
//   net of WIDTH loads from the sender's decision (the lanes engine's widest, session 59).
// - A kept hierarchy: synthesis would merge the registers of two links that carry the same bits (the key and
//   the flags a hub sends to both lanes) into one, which then sits between both far ends (ln4, session 60:
//   lane 1's entry FIFO fed from lane 0's link). Registers in different instances of a kept module are never
//   merged (see rijndael_reg_copy).
(* keep_hierarchy *)
module rijndael_hops #(
  parameter int WIDTH       = 1,
  parameter int HOPS        = 3,
  parameter bit RESET_VALID = 1'b0,
  parameter bit GATE        = 1'b1   // 0: the sender's data is zero whenever it must be (no AND at all)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [WIDTH-1:0] data_i,
  output logic             valid_o,
  output logic [WIDTH-1:0] data_o
);
  if (HOPS == 0) begin : g_wire
    logic unused_clk;
    assign unused_clk = ^{clk_i, rst_ni};
    assign valid_o = valid_i;
    assign data_o  = data_i;
  end else begin : g_hops
    logic [HOPS-1:0] valid_q;
    logic [HOPS*WIDTH-1:0] data_q;   // hop h at [h*WIDTH +: WIDTH] (flat: portable across the tools)
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        valid_q <= {HOPS{RESET_VALID}};
      end else begin
        valid_q[0] <= valid_i;
        for (int h = 1; h < HOPS; h++) valid_q[h] <= valid_q[h-1];
      end
    end
    always_ff @(posedge clk_i) begin
      data_q[0 +: WIDTH] <= (valid_i || !GATE) ? data_i : '0;
      for (int h = 1; h < HOPS; h++) data_q[h*WIDTH +: WIDTH] <= data_q[(h-1)*WIDTH +: WIDTH];
    end
    assign valid_o = valid_q[HOPS-1];
    assign data_o  = data_q[(HOPS-1)*WIDTH +: WIDTH];
  end
endmodule
