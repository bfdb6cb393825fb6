// rijndael_issue_queue: a few blocks between the input gearbox and the issue stage of a two-core engine
// that issues in arrival order (rijndael_engine, CORES = 2, ISSUE_WINDOW = 0). The aligned output gearbox
// (rijndael_blocks_to_stream, FIXED_NB = 1) keeps its blocks in one too: the same two-in / two-out queue
// with a registered ready, its two oldest blocks forming a beat.
//
// Why: without it, the issue stage's decision (which blocks go to the cores this clock) ran back into the
// gearbox's buffer shift and word counts in the same clock, one of the two-pipeline engine's deepest paths.
// Here the gearbox sees a ready that is a flop (room for two more blocks), and the issue stage reads its
// two blocks from registers chosen by a read pointer.
//
// - Up to two blocks in per clock (in1 only with in0, in that order), up to two out (take1 only with
//   take0): out0 is the oldest block, out1 the one behind it, whatever message or TID each belongs to.
// - in_ready_o is a flop: high when at least two entries are free after this clock's moves, so the
//   producer may always offer two. DEPTH = 4 keeps two blocks per clock flowing (two held, two arriving).
// - Order kept, nothing dropped; the data registers load only on a write; reset empties the queue and
//   zeroes its entries (they hold message blocks).
module rijndael_issue_queue #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 4    // a power of two, at least 4
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             in0_valid_i,
  input  logic             in1_valid_i,
  output logic             in_ready_o,
  input  logic [WIDTH-1:0] in0_data_i,
  input  logic [WIDTH-1:0] in1_data_i,
  output logic             out0_valid_o,
  output logic             out1_valid_o,
  output logic [WIDTH-1:0] out0_data_o,
  output logic [WIDTH-1:0] out1_data_o,
  input  logic             take0_i,
  input  logic             take1_i,
  output logic             empty_o
);
  localparam int AW = $clog2(DEPTH);
  if (DEPTH < 4 || DEPTH != (1 << AW)) begin : g_check_depth
    ERROR_DEPTH_must_be_a_power_of_two_of_at_least_4 u_error ();
  end

  logic [WIDTH-1:0] mem_q [DEPTH];
  logic [AW-1:0]    rd_q, wr_q;
  logic [AW-1:0]    rd1, wr1_at;   // the entries after the pointers (wrapping: a named AW-bit sum, so that no
                                   // simulator widens the index)
  logic [AW:0]      count_q, count_d;
  logic             ready_q;
  logic [1:0]       pushed, popped;

  assign pushed  = !ready_q ? 2'd0 : (in0_valid_i ? (in1_valid_i ? 2'd2 : 2'd1) : 2'd0);
  assign popped  = take0_i && out0_valid_o ? (take1_i && out1_valid_o ? 2'd2 : 2'd1) : 2'd0;
  assign count_d = count_q + (AW+1)'(pushed) - (AW+1)'(popped);

  assign in_ready_o   = ready_q;
  assign out0_valid_o = count_q != '0;
  assign out1_valid_o = count_q > (AW+1)'(1);
  assign out0_data_o  = mem_q[rd_q];
  assign rd1          = rd_q + AW'(1);
  assign wr1_at       = wr_q + AW'(1);
  assign out1_data_o  = mem_q[rd1];
  assign empty_o      = count_q == '0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q    <= '0;
      wr_q    <= '0;
      count_q <= '0;
      ready_q <= 1'b0;
    end else begin
      rd_q    <= rd_q + AW'(popped);
      wr_q    <= wr_q + AW'(pushed);
      count_q <= count_d;
      ready_q <= int'(count_d) + 2 <= DEPTH;
    end
  end

  for (genvar i = 0; i < DEPTH; i++) begin : g_entry
    logic wr0, wr1;
    assign wr0 = pushed != '0 && wr_q == AW'(i);
    assign wr1 = pushed == 2'd2 && wr1_at == AW'(i);
    always_ff @(posedge clk_i) begin
      if (!rst_ni)  mem_q[i] <= '0;
      else if (wr0) mem_q[i] <= in0_data_i;
      else if (wr1) mem_q[i] <= in1_data_i;
    end
  end
endmodule
