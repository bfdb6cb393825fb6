// rijndael_fifo_sliced: a wide FIFO as SLICES FIFOs of SLICE_W bits side by side (rijndael_fifo each), every
// slice pushed and popped by a signal of its own, which the caller gives as copies of one flop.
//
// Why: one FIFO's push and pop reach every bit's memory write, pointers and output slice; across a wide
// entry (a 256-bit beat, a 128-bit result) those flops and block RAMs spread over the die, and one net
// to all of them was a 12-35 ns route in the two-pipeline engine's placements (session 60, ln3-ln4). Here
// each slice has its own pointers and its own push and pop, so a copy of the caller's flop sits by each
// slice. The slices move together (the caller drives all copies alike), so slice 0's flags stand for all.
//
// - in_push_i / out_pop_i: one bit per slice, all equal (copies of the caller's register). No handshake: the
//   caller knows the room (READY_AHEAD: in_ready_o says so that many clocks ahead) and that an entry is at the
//   head when it pops (its own count, or a FIFO of the same entries beside this one).
// - The rest as rijndael_fifo with OUT_SLICE = 1, REG_READY = 1 (wipe after reset, latency, capacity), but
//   reset reaches the slices a clock later (a flop per slice): the caller must not push in the clock after
//   its reset ends (it cannot: in_ready_o and wiping_o say so until the wipe is over).
// - empty_o / wiping_o: all slices'.
module rijndael_fifo_sliced #(
  parameter int SLICE_W     = 32,
  parameter int SLICES      = 4,
  parameter int DEPTH       = 16,
  parameter int READY_AHEAD = 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [SLICES-1:0]         in_push_i,
  output logic                      in_ready_o,    // slice 0's: room READY_AHEAD clocks ahead
  input  logic [SLICES*SLICE_W-1:0] in_data_i,
  input  logic [SLICES-1:0]         out_pop_i,
  output logic                      out_valid_o,   // slice 0's
  output logic [SLICES*SLICE_W-1:0] out_data_o,
  output logic                      empty_o,
  output logic                      wiping_o
);
  logic [SLICES-1:0] ready, valid, empty, wiping, slice_rst_n;
  // Each slice's reset from a kept flop of its own (one reset net over every slice's head and output
  // registers was a long route too): reset takes effect and ends a clock later, in every slice alike.
  rijndael_reg_copies #(.WIDTH(1), .COPIES(SLICES), .RESET(1'b0)) u_rst (
    .clk_i, .rst_ni, .d_i(1'b1), .q_o(slice_rst_n)
  );
  for (genvar s = 0; s < SLICES; s++) begin : g_slice
    rijndael_fifo #(.WIDTH(SLICE_W), .DEPTH(DEPTH), .OUT_SLICE(1), .REG_READY(1), .READY_AHEAD(READY_AHEAD)) u_fifo (
      .clk_i, .rst_ni(slice_rst_n[s]),
      .in_valid_i(in_push_i[s]), .in_ready_o(ready[s]), .in_data_i(in_data_i[SLICE_W*s +: SLICE_W]),
      .out_valid_o(valid[s]), .out_ready_i(out_pop_i[s]), .out_data_o(out_data_o[SLICE_W*s +: SLICE_W]),
      .empty_o(empty[s]), .wiping_o(wiping[s])
    );
  end
  assign in_ready_o  = ready[0];
  assign out_valid_o = valid[0];
  assign empty_o     = &empty;
  assign wiping_o    = |wiping;
  logic unused_flags;   // the slices move together: slice 0's room and head stand for all
  assign unused_flags = ^{ready, valid};
endmodule
