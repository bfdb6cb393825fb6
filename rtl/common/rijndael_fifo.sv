// rijndael_fifo: synchronous FIFO with a valid/ready stream on each side, written for block RAM.
// The engine's stream FIFOs (input, order, output).
//
// - The memory has one write port and one registered read port (the shape block RAMs have); the read
//   register is the FIFO's head, so the consumer sees data straight from a flop. The head register
//   refills from the memory in the cycle it is taken, so a beat can leave every cycle.
// - Capacity is DEPTH entries in the memory plus one in the head register. Latency from a push to
//   out_valid_o is two cycles; with BYPASS = 1 a push that finds the memory empty and the head free (or
//   leaving) goes straight into the head register: one cycle, so the FIFO can stand in for a stage's
//   output register.
// - OUT_SLICE = 1 puts a register slice (rijndael_skid, two entries, ready from a flop) behind the head.
//   In block RAM the head register is the RAM's read register, without output register (5.6 ns
//   clock-to-output on ECP5), and the consumer's decision logic sat behind it and in front of its load
//   enable (out_ready_i): the slice gives the consumer fabric flops and the head a ready from a flop.
//   Capacity two more, latency one more.
// - in_ready_o depends only on registers (no combinational path from out_ready_i), so FIFOs and
//   other stages can be chained without long ready paths.
// - The memory holds plaintext and keystream-derived data, so after reset it is zeroed by a counted
//   sequence (DEPTH cycles, wiping_o high, in_ready_o low; with REG_READY in_ready_o a clock longer) when
//   WIPE is set; every flop is reset.
module rijndael_fifo #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 16,   // memory entries: a power of two, at least 2
  parameter int WIPE  = 1,    // 1: zero the memory after every reset
  parameter int BYPASS = 0,   // 1: into the head register directly when the memory is empty
  parameter int OUT_SLICE = 0, // 1: a register slice behind the head (see above)
  parameter int REG_READY = 0, // 1: in_ready_o is a flop (see below)
  parameter int READY_AHEAD = 0 // 1..3 (with REG_READY): in_ready_o that many clocks ahead, every beat taken (below)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             in_valid_i,
  output logic             in_ready_o,
  input  logic [WIDTH-1:0] in_data_i,
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [WIDTH-1:0] out_data_o,
  output logic             empty_o,    // nothing held (memory, head register and slice)
  output logic             wiping_o
);
  localparam int AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;

  if (DEPTH < 2 || (1 << AW) != DEPTH) begin : g_check_depth
    ERROR_rijndael_fifo_DEPTH_must_be_a_power_of_two_of_at_least_2 u_error ();
  end

  logic [WIDTH-1:0] mem [DEPTH];
  logic [AW:0]      wr_ptr_q, rd_ptr_q;   // one extra bit tells full from empty
  logic             head_valid_q;
  logic [WIDTH-1:0] head_q;
  logic             wiping_q;
  logic [AW-1:0]    wipe_addr_q;

  logic mem_empty, push, load, take_input;
  logic             mem_we;
  logic [AW-1:0]    mem_waddr;
  logic [WIDTH-1:0] mem_wdata;

  assign mem_empty = wr_ptr_q == rd_ptr_q;
  if (READY_AHEAD != 0 && REG_READY == 0) begin : g_check_ahead
    ERROR_rijndael_fifo_READY_AHEAD_needs_REG_READY u_error ();
  end
  // What a push needs: in_ready_o, or (READY_AHEAD) nothing, the producer having checked it before.
  logic accept;
  if (REG_READY != 0) begin : g_reg_ready
    // in_ready_o from a flop: high when the memory had two free entries a clock ago, so it still has one
    // whatever was pushed since (a producer pushing every clock still fills all DEPTH entries). The
    // producer's decision then starts from a flop instead of a pointer compare (the two-pipeline engine's issue stage, its order FIFO).
    // READY_AHEAD = n: n + 2 free entries a clock ago, so a producer whose push is n registers behind its
    // decision (offers the beat n clocks after it saw in_ready_o high) still finds one: the FIFO then takes
    // every beat offered, and the producer's decision and its wide data are n registers apart (the
    // two-pipeline engine's issue stage and merge). A beat offered without that is lost: the producer's
    // contract.
    localparam int MARGIN = 2 + READY_AHEAD;
    if (READY_AHEAD < 0 || READY_AHEAD > 3) begin : g_check_ahead_range
      ERROR_rijndael_fifo_READY_AHEAD_must_be_0_to_3 u_error ();
    end
    if (DEPTH < MARGIN + 1) begin : g_check_margin
      ERROR_rijndael_fifo_DEPTH_must_exceed_READY_AHEAD_plus_2 u_error ();
    end
    logic          ready_q;
    logic [AW:0]   used;
    assign used = wr_ptr_q - rd_ptr_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) ready_q <= 1'b0;
      else         ready_q <= int'(used) + MARGIN <= DEPTH && !wiping_q;
    end
    assign in_ready_o = ready_q;
    assign accept     = READY_AHEAD != 0 ? 1'b1 : ready_q;
  end else begin : g_comb_ready
    logic mem_full;
    assign mem_full   = (wr_ptr_q[AW] != rd_ptr_q[AW]) && (wr_ptr_q[AW-1:0] == rd_ptr_q[AW-1:0]);
    assign in_ready_o = !mem_full && !wiping_q;
    assign accept     = in_ready_o;
  end
  // Refill the head register whenever it is empty or being taken: from the memory, or with BYPASS from
  // the input when the memory is empty (then the beat is not written to the memory).
  assign load       = !mem_empty && (!head_valid_q || head_ready);
  assign take_input = BYPASS != 0 && mem_empty && (!head_valid_q || head_ready) && in_valid_i && accept;
  assign push       = in_valid_i && accept && !take_input;

  // The head's consumer: the outputs, or the slice in front of them.
  logic head_ready, slice_empty;
  if (OUT_SLICE != 0) begin : g_slice
    logic             unused_next_valid, unused_ready_next;
    logic [WIDTH-1:0] unused_next_data;
    rijndael_skid #(.WIDTH(WIDTH), .READY_NEXT(1'b0)) u_slice (
      .clk_i, .rst_ni, .wipe_i(!rst_ni),
      .in_valid_i(head_valid_q), .in_ready_o(head_ready), .in_ready_next_o(unused_ready_next), .in_data_i(head_q),
      .out_valid_o, .out_ready_i, .out_data_o,
      .next_valid_o(unused_next_valid), .next_data_o(unused_next_data), .out_ready_next_i(1'b0)
    );
    assign slice_empty = !out_valid_o && head_ready;
  end else begin : g_no_slice
    assign out_valid_o = head_valid_q;
    assign out_data_o  = head_q;
    assign head_ready  = out_ready_i;
    assign slice_empty = 1'b1;
  end
  assign empty_o     = mem_empty && !head_valid_q && slice_empty;
  assign wiping_o    = wiping_q;

  // One write port, shared by the wipe sequence and pushes.
  assign mem_we    = wiping_q || push;
  assign mem_waddr = wiping_q ? wipe_addr_q : wr_ptr_q[AW-1:0];
  assign mem_wdata = wiping_q ? '0 : in_data_i;

  always_ff @(posedge clk_i) begin
    if (mem_we) mem[mem_waddr] <= mem_wdata;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q <= '0;
    end else if (load) begin
      head_q <= mem[rd_ptr_q[AW-1:0]];
    end else if (take_input) begin
      head_q <= in_data_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_ptr_q     <= '0;
      rd_ptr_q     <= '0;
      head_valid_q <= 1'b0;
      wiping_q     <= WIPE != 0;
      wipe_addr_q  <= '0;
    end else begin
      if (push) wr_ptr_q <= wr_ptr_q + 1'b1;
      if (load) rd_ptr_q <= rd_ptr_q + 1'b1;
      if (load || take_input) head_valid_q <= 1'b1;
      else if (head_ready) head_valid_q <= 1'b0;
      if (wiping_q) begin
        wipe_addr_q <= wipe_addr_q + 1'b1;
        if (wipe_addr_q == AW'(DEPTH - 1)) wiping_q <= 1'b0;
      end
    end
  end
endmodule
