// rijndael_fifo_fill: the write and read pointers of a FIFO memory of DEPTH entries, and the two questions
// rijndael_fifo_fast asks of the memory's fill level (exactly one entry; DEPTH - 2 or more), answered by
// equality compares of flops.
//
// - The fill level is the pointers' difference (mod DEPTH; the memory holds at most DEPTH - 1). Instead of
//   subtracting, the read pointer is kept three more times, offset by +1, -1 and -2 and moved with it, so
//   each question is an equality of the write pointer with one of them: two LUT levels from flops, no
//   carry chain, no term from this clock's push or fetch.
// - Why not a count: a thermometer of DEPTH - 1 flops (the FIFO's earlier count) loads all its flops on
//   every change, so the push decision (in_valid -> two LUTs) fanned out to the clock enables of 63 or
//   127 flops spread over the memory's slices: the critical path of three pipelined builds (4.7-5.5 ns of
//   routing). A binary count's adder behind the push and fetch decisions was slower still. Here a push
//   reaches the write pointer's AW enables and a fetch the read pointers' 4 x AW.
// - One instance per user of the flags (the FIFO's control and each memory slice), so no flag is routed
//   from one place to all slices; the copies follow the same enables and stay equal.
// - wipe_i moves both pointers together (the fill level stays zero); clear_i is a synchronous reset,
//   active high, from a flop of the caller's.
module rijndael_fifo_fill #(
  parameter int DEPTH = 16  // a power of two, at least 4
) (
  input  logic                     clk_i,
  input  logic                     clear_i,
  input  logic                     push_i,   // an entry is written at the write pointer
  input  logic                     fetch_i,  // the entry at the read pointer leaves
  input  logic                     wipe_i,   // both pointers advance (the wipe sequence walks the memory)
  output logic [$clog2(DEPTH)-1:0] wr_addr_o,
  output logic [$clog2(DEPTH)-1:0] rd_addr_o,
  output logic                     one_o,    // the memory holds exactly one entry
  output logic                     high_o    // the memory holds DEPTH - 2 entries or more
);
  localparam int AW = $clog2(DEPTH);

  if (DEPTH < 4 || (1 << AW) != DEPTH) begin : g_check_depth
    ERROR_rijndael_fifo_fill_DEPTH_must_be_a_power_of_two_of_at_least_4 u_error ();
  end

  logic [AW-1:0] wr_q, rd_q, rd_plus1_q, rd_minus1_q, rd_minus2_q;

  always_ff @(posedge clk_i) begin
    if (clear_i) begin
      wr_q        <= '0;
      rd_q        <= '0;
      rd_plus1_q  <= AW'(1);
      rd_minus1_q <= AW'(DEPTH - 1);
      rd_minus2_q <= AW'(DEPTH - 2);
    end else begin
      if (push_i || wipe_i) wr_q <= wr_q + 1'b1;
      if (fetch_i || wipe_i) begin
        rd_q        <= rd_q + 1'b1;
        rd_plus1_q  <= rd_plus1_q + 1'b1;
        rd_minus1_q <= rd_minus1_q + 1'b1;
        rd_minus2_q <= rd_minus2_q + 1'b1;
      end
    end
  end

  assign wr_addr_o = wr_q;
  assign rd_addr_o = rd_q;
  assign one_o     = wr_q == rd_plus1_q;
  assign high_o    = wr_q == rd_minus1_q || wr_q == rd_minus2_q;
endmodule
