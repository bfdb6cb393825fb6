// rijndael_reorder: puts merged blocks back into arrival order (two-core engine).
//
// rijndael_issue_window lets a block of one context go to a core before an older block of another
// context, so the merge sees blocks in issue order. Every block got a sequence number in arrival order
// when it entered the window, and with it a slot here (the window enters a block only while free_o
// says there is a slot), so a merged block is always written at once (the merge never waits here) and
// the oldest blocks leave in order, up to two per clock, as a group for the output FIFO.
// A slot is a block as the output FIFO stores it (SLOT_W bits, opaque here).
module rijndael_reorder #(
  parameter int DEPTH  = 64,   // slots (a power of two: sequence numbers wrap)
  parameter int SLOT_W = 8
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // allocation, in arrival order, by the issue window
  input  logic [1:0]                alloc_i,
  output logic [$clog2(DEPTH):0]    free_o,
  // merged blocks (up to two per clock), at their sequence numbers
  input  logic                      wr0_valid_i,
  input  logic [$clog2(DEPTH)-1:0]  wr0_seq_i,
  input  logic [SLOT_W-1:0]         wr0_slot_i,
  input  logic                      wr1_valid_i,
  input  logic [$clog2(DEPTH)-1:0]  wr1_seq_i,
  input  logic [SLOT_W-1:0]         wr1_slot_i,
  // the oldest one or two blocks, in order
  output logic                      out_valid_o,
  input  logic                      out_ready_i,
  output logic                      out_two_o,
  output logic [SLOT_W-1:0]         out_slot0_o,
  output logic [SLOT_W-1:0]         out_slot1_o,
  output logic                      empty_o
);
  localparam int SEQ_W = $clog2(DEPTH);

  logic [SLOT_W-1:0] slot_q [DEPTH];
  logic [DEPTH-1:0]  full_q;        // written by the merge, not yet left
  logic [SEQ_W-1:0]  head_q;        // sequence number of the oldest block
  logic [SEQ_W:0]    used_q;        // allocated and not yet left
  logic [SEQ_W-1:0]  head1;
  logic              fire;
  logic [1:0]        retired;

  assign head1       = head_q + SEQ_W'(1);
  assign out_valid_o = full_q[head_q];
  assign out_two_o   = full_q[head_q] && full_q[head1];
  assign out_slot0_o = slot_q[head_q];
  assign out_slot1_o = slot_q[head1];
  assign fire        = out_valid_o && out_ready_i;
  assign retired     = fire ? 2'd1 + 2'(out_two_o) : 2'd0;
  assign free_o      = (SEQ_W + 1)'(DEPTH) - used_q;
  assign empty_o     = used_q == '0;

  for (genvar s = 0; s < DEPTH; s++) begin : g_slot
    logic w0, w1, leave;
    assign w0    = wr0_valid_i && int'(wr0_seq_i) == s;
    assign w1    = wr1_valid_i && int'(wr1_seq_i) == s;
    assign leave = fire && (int'(head_q) == s || (out_two_o && int'(head1) == s));
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        slot_q[s] <= '0;
        full_q[s] <= 1'b0;
      end else begin
        if (w0)      slot_q[s] <= wr0_slot_i;
        else if (w1) slot_q[s] <= wr1_slot_i;
        if (w0 || w1)   full_q[s] <= 1'b1;
        else if (leave) full_q[s] <= 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q <= '0;
      used_q <= '0;
    end else begin
      head_q <= head_q + SEQ_W'(retired);
      used_q <= used_q + (SEQ_W + 1)'(alloc_i) - (SEQ_W + 1)'(retired);
    end
  end
endmodule
