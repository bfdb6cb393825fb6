// rijndael_skid: a two-entry valid/ready register stage (skid buffer) whose in_ready_o is a flop.
//
// Why: a consumer whose acceptance logic decides from its held beat (the pipelined core) would otherwise
// send that decision back to the producer through in_ready_o in the same clock, across the die. Here the
// producer sees a registered ready; the consumer's out_ready_i reaches only this stage's two registers.
// The handshake itself reaches only the valid flags: the data registers load whenever they are free,
// whatever in_valid_i is. One beat per clock passes with out_ready_i high; latency one clock; order kept,
// nothing dropped: a beat that arrives while the head is held waits in the spare register, and in_ready_o
// falls while that register is full. Reset empties both registers; wipe_i zeroes their data (the data
// registers are wide, so their reset may come from a register of its own, a clock after rst_ni: the
// caller ties wipe_i to that register, or to !rst_ni). With SLICES > 1 the wipe lands a clock after
// wipe_i (each slice takes it through a copy of its own).
//
// next_valid_o / next_data_o are the head's next state (what out_valid_o / out_data_o will be after this
// clock edge): a consumer can decide from them into flops a clock ahead, so that its out_ready_i is a
// function of flops. It then also gives that decision's next value on out_ready_next_i (the contract:
// out_ready_i after a clock edge equals out_ready_next_i before it), and the head's wide data register
// is enabled straight from a flop (head_load_q) instead of from the handshake: the enable net reaches
// every data bit across the die, and a LUT driving it sits where the placer puts that net's centre.
// The spare data register loads whenever it is empty (its contents matter only once it is valid).
// By the same contract the skid registers out_ready_next_i into a flop of its own (take_q) and steers its
// flags by that copy instead of out_ready_i, which it then does not read: the consumer's take flops sit
// beside its decision logic, and the route from one of them (the pipelined core's key_take_q) across the
// die into the head-load flag's three LUT levels was a critical path (pipelined, seed 3: 2.4 ns of
// routing before the first LUT, 174.67 MHz).
// in_ready_next_o is in_ready_o's next value, for a caller that registers its own in_ready (the pipelined
// core's front end, rijndael_core_front, whose in_ready_o is a flop loaded from it).
// With READY_NEXT = 0 the consumer gives no such next value (out_ready_next_i is ignored): the head's data
// register is enabled from the handshake (head empty or leaving), a plain two-entry register slice that
// cuts the ready path between two stages (the engine's output side uses it so).
module rijndael_skid #(
  parameter int WIDTH      = 8,
  parameter bit READY_NEXT = 1'b1,
  // SLICES > 1: the data registers are cut into SLICES slices, each choosing between the spare register
  // and the port by a copy of its own of spare_valid_q (rijndael_skid_full_copy), so that no single flop steers
  // the choice of all WIDTH bits: the pipelined core's ~260-bit head spreads out, and spare_valid_q -> one
  // LUT -> head_q over 5.8 ns of routing was a critical path (its input, seed 3, 151.86 MHz). The head's
  // load enable stays one flop (head_load_q): with copies of it too, the consumer's decision
  // (out_ready_next_i, four LUT levels) ran across the die into each copy (pipelined-both, 151.98 MHz;
  // with one: 161.24). The copies have no reset: with rst_ni folded into their data input the reset net
  // from the caller's reset flop became the path (pipelined, seed 1, 130.11 MHz). They equal spare_valid_q
  // from the second clock of a reset on (the flags are reset, so their next state is), so with SLICES > 1
  // no beat may be offered in the first clock after a one-clock reset pulse; a caller that ties wipe_i to
  // a register a clock behind rst_ni (the pipelined core) zeroes that clock's beat anyway. Otherwise the
  // behaviour is the same for every SLICES.
  parameter int SLICES     = 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             wipe_i,       // zero both data registers (active high)
  input  logic             in_valid_i,
  output logic             in_ready_o,
  output logic             in_ready_next_o,
  input  logic [WIDTH-1:0] in_data_i,
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [WIDTH-1:0] out_data_o,
  output logic             next_valid_o,
  output logic [WIDTH-1:0] next_data_o,
  input  logic             out_ready_next_i
);
  logic             head_valid_q, spare_valid_q, head_free, head_load_q;
  logic             take;  // the head leaves: out_ready_i, or with READY_NEXT the skid's own copy of it
  logic             head_valid_d, spare_valid_d;
  logic [WIDTH-1:0] head_q, spare_q, head_d, spare_d;

  assign in_ready_o      = !spare_valid_q;
  assign in_ready_next_o = !spare_valid_d;
  assign head_free    = !head_valid_q || take;  // the head is empty or leaves this clock
  assign out_valid_o  = head_valid_q;
  assign out_data_o   = head_q;
  assign next_valid_o = head_valid_d;
  // From head_free, not head_load_q: the consumer's decision logic stays next to the flags.
  assign next_data_o  = !head_free ? head_q : spare_valid_q ? spare_q : in_data_i;

  always_comb begin
    head_valid_d  = head_valid_q;
    spare_valid_d = spare_valid_q;
    if (head_free) begin
      // The head refills from the spare register first (it arrived earlier), else from the input.
      head_valid_d  = spare_valid_q || in_valid_i;
      spare_valid_d = 1'b0;
    end else if (!spare_valid_q) begin
      spare_valid_d = in_valid_i;
    end
  end
  if (READY_NEXT) begin : g_own_take
    logic take_q;
    logic unused_out_ready;  // equals take_q by the contract above
    always_ff @(posedge clk_i) take_q <= rst_ni && out_ready_next_i;  // zero after a reset, as out_ready_i
    assign take             = take_q;
    assign unused_out_ready = out_ready_i;
  end else begin : g_port_take
    assign take = out_ready_i;
  end
  // The data registers follow the flags, enabled from flops (head_load_q equals head_free), per slice.
  if (SLICES == 1) begin : g_one_slice
    always_comb begin
      head_d  = head_q;
      spare_d = spare_q;
      if (READY_NEXT ? head_load_q : head_free) head_d = spare_valid_q ? spare_q : in_data_i;
      if (!spare_valid_q) spare_d = in_data_i;
    end
    always_ff @(posedge clk_i) begin
      if (wipe_i) begin
        head_q  <= '0;
        spare_q <= '0;
      end else begin
        head_q  <= head_d;
        spare_q <= spare_d;
      end
    end
  end else begin : g_slices
    if (SLICES > WIDTH || !READY_NEXT) begin : g_check_slices
      ERROR_rijndael_skid_SLICES_needs_READY_NEXT_and_at_most_WIDTH u_error ();
    end
    localparam int SLICE_W = (WIDTH + SLICES - 1) / SLICES;
    // Copies of spare_valid_q, each computing the flag's next state itself (rijndael_skid_full_copy).
    logic [SLICES-1:0] spare_full_q;
    for (genvar c = 0; c < SLICES; c++) begin : g_spare_full
      rijndael_skid_full_copy u_copy (
        .clk_i(clk_i), .head_valid_i(head_valid_q), .take_i(take), .spare_valid_i(spare_valid_q),
        .in_valid_i(in_valid_i), .full_o(spare_full_q[c])
      );
    end
    // The wipe reaches each slice from a copy of its own, a clock after wipe_i: one wipe flop to the
    // reset of every data flop was a route across the die (pipelined, seed 2 of b8153c1's steering: the
    // core's wipe flop -> 4.7 ns -> a spare_q flop 65 columns away, 176.93 MHz).
    logic [SLICES-1:0] wipe_q;
    rijndael_reg_copies #(.COPIES(SLICES)) u_wipe (
      .clk_i(clk_i), .rst_ni(1'b1), .d_i(wipe_i), .q_o(wipe_q)
    );
    for (genvar i = 0; i < WIDTH; i++) begin : g_bit
      localparam int C = i / SLICE_W;
      assign head_d[i]  = !head_load_q ? head_q[i] : spare_full_q[C] ? spare_q[i] : in_data_i[i];
      assign spare_d[i] = spare_full_q[C] ? spare_q[i] : in_data_i[i];
      always_ff @(posedge clk_i) begin
        if (wipe_q[C]) begin
          head_q[i]  <= 1'b0;
          spare_q[i] <= 1'b0;
        end else begin
          head_q[i]  <= head_d[i];
          spare_q[i] <= spare_d[i];
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_valid_q  <= 1'b0;
      spare_valid_q <= 1'b0;
      head_load_q   <= 1'b1;
    end else begin
      head_valid_q  <= head_valid_d;
      spare_valid_q <= spare_valid_d;
      head_load_q   <= !head_valid_d || out_ready_next_i;
    end
  end
endmodule
