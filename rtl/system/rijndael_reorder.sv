// rijndael_reorder: puts merged blocks back into arrival order (two-core engine).
//
// rijndael_issue_window lets a block of one context go to a core before an older block of another
// context, so the merge sees blocks in issue order. Every block got a sequence number in arrival order
// when it entered the window, and with it a slot here (the window enters a block only while free_o
// says there is a slot), so a merged block is always written at once (the merge never waits here) and
// the oldest blocks leave in order, up to two per clock, as a group for the output FIFO.
// A slot is a block as the output FIFO stores it (SLOT_W bits, opaque here).
//
// Storage is LUT RAM, not flip-flops: in flops, 128 slots of a 138-bit block were ~9k flops and ~18k
// LUT4 of write and read multiplexers, which kept the two-pipeline engine off the 85F. A LUT-RAM cell
// has one write port and one read port, and here two blocks are written and two read per clock, so:
// - Banks by sequence-number parity: the two blocks that leave together (head, head + 1) are always one
//   even and one odd, so each bank is read once per clock.
// - Two copies of each bank, one per write port (the two merged blocks may have the same parity), and a
//   flop per slot (live_q) saying which copy was written last: the read takes that copy.
// Each of the four memories is DEPTH/2 slots of one write and one read port. Read addresses come
// straight from registers (rd_addr_q), so the read is a LUT-RAM access and two 2:1 choices.
// The memories hold cipher results, so after reset they are zeroed by a counted sequence (DEPTH/2
// cycles, free_o reads 0 meanwhile, so the window enters nothing); every flop is reset.
module rijndael_reorder #(
  parameter int DEPTH  = 64,   // slots (a power of two, at least 4: sequence numbers wrap)
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
  localparam int SEQ_W  = $clog2(DEPTH);
  localparam int HALF   = DEPTH / 2;
  localparam int BANK_W = SEQ_W - 1;      // address within a bank

  if (DEPTH < 4 || (1 << SEQ_W) != DEPTH) begin : g_check_depth
    ERROR_rijndael_reorder_DEPTH_must_be_a_power_of_two_of_at_least_4 u_error ();
  end

  logic [DEPTH-1:0]  full_q;        // written by the merge, not yet left
  logic [DEPTH-1:0]  live_q;        // the copy (write port) that holds the slot's block
  logic [SEQ_W-1:0]  head_q;        // sequence number of the oldest block
  logic [SEQ_W-1:0]  head_d, head1;
  logic [BANK_W-1:0] rd_addr_q [2]; // per bank: where its slot of {head, head + 1} is
  logic [SEQ_W:0]    used_q;        // allocated and not yet left
  logic              wiping_q;
  logic [BANK_W-1:0] wipe_addr_q;
  logic              fire;
  logic [1:0]        retired;

  assign head1       = head_q + SEQ_W'(1);
  assign out_valid_o = full_q[head_q];
  assign out_two_o   = full_q[head_q] && full_q[head1];
  assign fire        = out_valid_o && out_ready_i;
  assign retired     = fire ? 2'd1 + 2'(out_two_o) : 2'd0;
  assign head_d      = head_q + SEQ_W'(retired);
  assign free_o      = wiping_q ? '0 : (SEQ_W + 1)'(DEPTH) - used_q;
  assign empty_o     = used_q == '0;

  // ---- the four memories: bank b (sequence parity) x copy c (write port)
  logic              wr_valid [2];
  logic [SEQ_W-1:0]  wr_seq [2];
  logic [SLOT_W-1:0] wr_slot [2];
  logic [SLOT_W-1:0] bank_out [2];
  assign wr_valid[0] = wr0_valid_i;
  assign wr_valid[1] = wr1_valid_i;
  assign wr_seq[0]   = wr0_seq_i;
  assign wr_seq[1]   = wr1_seq_i;
  assign wr_slot[0]  = wr0_slot_i;
  assign wr_slot[1]  = wr1_slot_i;

  for (genvar b = 0; b < 2; b++) begin : g_bank
    logic [SLOT_W-1:0] copy_out [2];
    for (genvar c = 0; c < 2; c++) begin : g_copy
      // LUT RAM: Yosys would otherwise take rd_addr_q into a block RAM's read port, whose 5.6 ns
      // clock-to-output (no output register) is too slow here, and the pipelines use the block RAMs.
      (* ram_style = "distributed" *) logic [SLOT_W-1:0] mem [HALF];
      logic              we;
      logic [BANK_W-1:0] waddr;
      logic [SLOT_W-1:0] wdata;
      assign we    = wiping_q || (wr_valid[c] && wr_seq[c][0] == 1'(b));
      assign waddr = wiping_q ? wipe_addr_q : wr_seq[c][SEQ_W-1:1];
      assign wdata = wiping_q ? '0 : wr_slot[c];
      always_ff @(posedge clk_i) begin
        if (we) mem[waddr] <= wdata;
      end
      assign copy_out[c] = mem[rd_addr_q[b]];
    end
    assign bank_out[b] = live_q[{rd_addr_q[b], 1'(b)}] ? copy_out[1] : copy_out[0];
  end
  assign out_slot0_o = head_q[0] ? bank_out[1] : bank_out[0];
  assign out_slot1_o = head_q[0] ? bank_out[0] : bank_out[1];

  for (genvar s = 0; s < DEPTH; s++) begin : g_slot
    logic w0, w1, leave;
    assign w0    = wr0_valid_i && int'(wr0_seq_i) == s;
    assign w1    = wr1_valid_i && int'(wr1_seq_i) == s;
    assign leave = fire && (int'(head_q) == s || (out_two_o && int'(head1) == s));
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        full_q[s] <= 1'b0;
        live_q[s] <= 1'b0;
      end else begin
        if (w0 || w1)   full_q[s] <= 1'b1;
        else if (leave) full_q[s] <= 1'b0;
        if (w0)         live_q[s] <= 1'b0;
        else if (w1)    live_q[s] <= 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q       <= '0;
      rd_addr_q[0] <= '0;
      rd_addr_q[1] <= '0;
      used_q       <= '0;
      wiping_q     <= 1'b1;
      wipe_addr_q  <= '0;
    end else begin
      head_q       <= head_d;
      // the even slot of {head, head + 1} is the next pair's when head is odd
      rd_addr_q[0] <= head_d[SEQ_W-1:1] + BANK_W'(head_d[0]);
      rd_addr_q[1] <= head_d[SEQ_W-1:1];
      used_q       <= used_q + (SEQ_W + 1)'(alloc_i) - (SEQ_W + 1)'(retired);
      if (wiping_q) begin
        wipe_addr_q <= wipe_addr_q + BANK_W'(1);
        if (wipe_addr_q == BANK_W'(HALF - 1)) wiping_q <= 1'b0;
      end
    end
  end
endmodule
