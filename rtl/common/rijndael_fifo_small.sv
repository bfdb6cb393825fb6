// rijndael_fifo_small: a small FIFO in LUT RAM read asynchronously, for buffers of a few entries whose
// logic must stay small: the iterative core's output buffer (at most 2k + 3 results).
//
// - The beat offered is taken into an input register (no logic in front of it) and written to the memory
//   at the next edge; the head is the memory's read port at the read pointer, so out_data_o comes from a
//   LUT-RAM cell addressed by a flop, and out_valid_o is a flop. Latency from a push to out_valid_o: two
//   cycles (input register, then the write).
// - out_ready_i reaches only the read pointer, the entry count and the flags (out_valid_o, in_ready_o): no
//   data register is loaded through a choice it steers. That is what rijndael_fifo (its head register
//   refilled through a select that out_ready_i steers) and rijndael_fifo_fast (three output registers and
//   a registered read) pay for in logic: on ECP5 this one is the memory (WIDTH/4 TRELLIS_DPR16X4 for up to
//   16 entries), the input register and about 20 LUTs of control, against ~1100 LUT4 for
//   rijndael_fifo_fast at WIDTH 129. Its read is slower (a LUT-RAM read and its route in the consumer's
//   clock), which suits cores running at ~100-150 MHz, not the pipelined one.
// - Capacity: DEPTH entries (the input register only passes beats on). in_ready_o is a flop, low when the
//   beats already inside and the one taken in this cycle could fill the memory by the time a beat taken
//   in the next cycle is written.
// - The memory holds plaintext and key-derived data, so after reset it is zeroed by a counted sequence
//   (DEPTH cycles, wiping_o high, in_ready_o low): the input register is held at zero by its reset while
//   its (zero) contents are written to every entry. Every flop is reset.
module rijndael_fifo_small #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 4,  // memory entries: a power of two, 2..64 (up to 16: one LUT-RAM cell deep on ECP5)
  parameter int CLEAR_W = 0 // in_clear_i zeroes the beat's bits [CLEAR_W-1:0] as it is taken (0..WIDTH)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             in_valid_i,
  output logic             in_ready_o,
  input  logic [WIDTH-1:0] in_data_i,
  input  logic             in_clear_i,  // with in_valid_i: store this beat with bits [CLEAR_W-1:0] zero
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [WIDTH-1:0] out_data_o,
  output logic             wiping_o
);
  localparam int AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam int CW = $clog2(DEPTH + 1);

  if (DEPTH < 2 || DEPTH > 64 || (1 << AW) != DEPTH) begin : g_check_depth
    ERROR_rijndael_fifo_small_DEPTH_must_be_a_power_of_two_from_2_to_64 u_error ();
  end
  if (CLEAR_W < 0 || CLEAR_W > WIDTH) begin : g_check_clear
    ERROR_rijndael_fifo_small_CLEAR_W_must_be_0_to_WIDTH u_error ();
  end

  logic [WIDTH-1:0] mem [DEPTH];
  logic [WIDTH-1:0] in_q;
  logic             in_valid_q, in_ready_q, out_valid_q, wiping_q;
  logic [AW-1:0]    wr_ptr_q, rd_ptr_q;
  logic [CW-1:0]    count_q, count_d;     // entries in the memory

  logic in_fire, out_fire;
  assign in_fire  = in_valid_i && in_ready_q;
  assign out_fire = out_valid_q && out_ready_i;
  assign count_d  = count_q + CW'(in_valid_q) - CW'(out_fire);

  // The input register: loaded every clock (a beat or nothing), zero through reset and the wipe. The bits
  // in_clear_i zeroes are cleared through the flops' synchronous reset too: as an AND in front of them the
  // clear took an input of the producer's last LUT (the iterative core's refused blocks: a LUT per bit).
  always_ff @(posedge clk_i) begin
    if (!rst_ni || wiping_q) in_valid_q <= 1'b0;
    else                     in_valid_q <= in_fire;
  end
  if (CLEAR_W > 0) begin : g_clear_low
    always_ff @(posedge clk_i) begin
      if (!rst_ni || wiping_q || in_clear_i) in_q[CLEAR_W-1:0] <= '0;
      else                                   in_q[CLEAR_W-1:0] <= in_data_i[CLEAR_W-1:0];
    end
  end else begin : g_no_clear
    logic unused_clear;
    assign unused_clear = in_clear_i;
  end
  if (CLEAR_W < WIDTH) begin : g_kept_high
    always_ff @(posedge clk_i) begin
      if (!rst_ni || wiping_q) in_q[WIDTH-1:CLEAR_W] <= '0;
      else                     in_q[WIDTH-1:CLEAR_W] <= in_data_i[WIDTH-1:CLEAR_W];
    end
  end

  // Written from the input register only: the wipe writes its zeros, the pointer walking every entry.
  always_ff @(posedge clk_i) begin
    if (in_valid_q || wiping_q) mem[wr_ptr_q] <= in_q;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wiping_q    <= 1'b1;
      wr_ptr_q    <= '0;
      rd_ptr_q    <= '0;
      count_q     <= '0;
      out_valid_q <= 1'b0;
      in_ready_q  <= 1'b0;
    end else begin
      if (in_valid_q || wiping_q) wr_ptr_q <= wr_ptr_q + AW'(1);
      if (wiping_q && wr_ptr_q == AW'(DEPTH - 1)) wiping_q <= 1'b0;
      if (out_fire) rd_ptr_q <= rd_ptr_q + AW'(1);
      count_q     <= count_d;
      out_valid_q <= count_d != '0;
      // A beat taken next cycle is written two edges from now; by then the memory holds at most count_d
      // plus the beat taken in this cycle (pops only lower it).
      in_ready_q  <= !(wiping_q && wr_ptr_q != AW'(DEPTH - 1)) && int'(count_d) + int'(in_fire) < DEPTH;
    end
  end

  assign in_ready_o  = in_ready_q;
  assign out_valid_o = out_valid_q;
  assign out_data_o  = mem[rd_ptr_q];
  assign wiping_o    = wiping_q;
endmodule
