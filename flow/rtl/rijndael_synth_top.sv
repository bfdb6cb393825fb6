// rijndael_synth_top: the pin wrapper that `rijndael synth` places and routes around rijndael_core.
//
// Why it exists: a core with 128..256-bit key and block buses has more I/O than a CABGA381 or an iCE40
// package has pins, and a pin path (pad -> core logic -> pad) would set Fmax instead of the core. This
// wrapper is the same for every configuration and costs little next to any core:
// - every pin is registered on the way in and on the way out, so no timing path starts or ends at a pad
//   inside the core;
// - key and block words arrive byte-serially in one shift register as wide as the wider of the two
//   buses (the key bus takes all of it, the block bus its top BLOCK_W bits), so the core's inputs are
//   flops that only ever shift;
// - a result is captured into an output shift register and leaves one byte per clock;
// - the reset pin passes two flops before it reaches anything, so the reset fan-out starts at a register
//   (as it would behind any reset synchronizer) and not at a pad. The core and the wrapper take their
//   resets from separate registers, and the pin registers have none (they sample their pin every clock,
//   so one clock of reset sets them): one reset net to the pin registers, which sit beside pads all around
//   the die, was a critical path of its own (rst_n -> LSR, 7.1 ns, pipelined core on ECP5).
// - the output pins pass two more plain registers, the last by the pads;
// - nothing in the wrapper fans out across the die: the control pins (in_shift, out_ready, out_shift) are
//   sampled by one kept flop per 32-bit group of the register they steer, and the wrapper's reset reaches
//   each group from a kept flop of its own, so every enable and reset net is 32 flops wide. One reset net
//   and one out_ready/out_shift enable to all 128..256 bits were the critical paths of the pipelined core
//   at 149 MHz (rst_n -> LUT -> 3.6 ns -> an error_q LSR; out_ready_q -> LUT -> 3.1 ns -> out_byte_o CE),
//   i.e. the wrapper, not the core, set Fmax. Pad-to-flop paths are not timed, so the copies cost no
//   latency: every copy samples its pin in the same clock.
// The core instance keeps its hierarchy through synthesis (keep_hierarchy) so that the flow can report
// the core's own cell counts separately from the wrapper's; it is flattened before place and route.
`include "rijndael_core_params.svh"

module rijndael_synth_top #(
  // The core's parameters, passed through unchanged; every beat uses key slot 0 (the pins carry no slot
  // number).
  `RIJNDAEL_CORE_PARAMS  // the core's list (rtl/pkg/rijndael_core_params.svh)
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic [7:0] in_byte_i,   // next byte of the key or block being assembled
  input  logic       in_shift_i,  // 1: shift in_byte_i into the input register
  input  logic       in_go_i,     // 1: offer the assembled beat to the core
  input  logic [7:0] in_ctrl_i,   // {is_key, decrypt, key_len[2:0], block_len[2:0]} of the beat
  output logic       in_busy_o,   // a beat is offered and not yet taken
  input  logic       out_ready_i, // 1: the output register may take the next result
  input  logic       out_shift_i, // 1: shift the output register by one byte
  output logic [7:0] out_byte_o,
  output logic       out_valid_o, // a result was captured (level until the next capture)
  output logic       out_error_o,
  output logic       key_error_o
);
  localparam int BLOCK_W = 32 * MAX_NB;
  localparam int KEY_W   = 32 * MAX_NK;
  localparam int LOAD_W  = (KEY_W > BLOCK_W) ? KEY_W : BLOCK_W;
  localparam int SLOT_W  = KEY_SLOTS > 1 ? $clog2(KEY_SLOTS) : 1;
  localparam int LOAD_G  = LOAD_W / 32;   // 32-bit groups of the input shift register
  localparam int RES_G   = BLOCK_W / 32;  // and of the output shift register

  // Reset from a register, not a pad (its flops have no reset themselves): rst_pipe_q[1] for the core;
  // one clock later each group of the wrapper's registers is reset from a kept flop of its own
  // (active high, as an ECP5 flop's LSR is).
  logic [1:0]        rst_pipe_q;
  logic              core_rst_n;
  logic [LOAD_G-1:0] load_rst_q;
  logic [RES_G-1:0]  result_rst_q;
  logic              flag_rst_q;
  // Pin registers (inputs); the enables one kept copy per group.
  logic [7:0]        in_byte_q, in_ctrl_q;
  logic              in_go_q, core_out_ready_q, flag_out_ready_q;
  logic [LOAD_G-1:0] in_shift_q;
  logic [RES_G-1:0]  out_ready_q, out_shift_q;
  // Beat assembly and offer.
  logic [LOAD_W-1:0] load_q;
  logic [7:0]        beat_ctrl_q;
  logic              offer_q;
  // Result capture.
  logic [BLOCK_W-1:0] result_q;
  logic               captured_q, error_q;
  // Pin registers (outputs).
  logic               key_error_q;

  logic               core_in_ready, core_out_valid, core_out_error, core_key_error;
  logic [BLOCK_W-1:0] core_out_block;

  // The groups' copies load from an active-high flop of their own (wrap_rst_q, in step with rst_pipe_q[1]),
  // so nothing but a route sits between it and them: with the copies loading !rst_pipe_q[1], the one
  // inverter LUT shared by every copy was the critical path once the result enables were flops (pipelined,
  // seed 1: rst_pipe_q[1] -> 3.4 ns -> the inverter -> 2.6 ns -> a load_rst_q copy, 148 MHz).
  logic wrap_rst_q;
  always_ff @(posedge clk_i) rst_pipe_q <= {rst_pipe_q[0], rst_ni};
  (* keep *) always_ff @(posedge clk_i) wrap_rst_q <= !rst_pipe_q[0];
  assign core_rst_n = rst_pipe_q[1];
  for (genvar g = 0; g < LOAD_G; g++) begin : g_load_rst
    (* keep *) always_ff @(posedge clk_i) load_rst_q[g] <= wrap_rst_q;
  end
  for (genvar g = 0; g < RES_G; g++) begin : g_result_rst
    (* keep *) always_ff @(posedge clk_i) result_rst_q[g] <= wrap_rst_q;
  end
  (* keep *) always_ff @(posedge clk_i) flag_rst_q <= wrap_rst_q;

  // Pin registers: no reset (see the header).
  always_ff @(posedge clk_i) begin
    in_byte_q        <= in_byte_i;
    in_ctrl_q        <= in_ctrl_i;
    in_go_q          <= in_go_i;
  end
  // out_ready_i is sampled by a kept flop per user (the core, the capture flags, each result group):
  // one pin flop shared by the core and the flags pulled the flags towards the pad (pipelined, seed 1:
  // core_out_valid -> 3.2 ns -> error_q's enable, 145 MHz).
  (* keep *) always_ff @(posedge clk_i) core_out_ready_q <= out_ready_i;
  (* keep *) always_ff @(posedge clk_i) flag_out_ready_q <= out_ready_i;
  for (genvar g = 0; g < LOAD_G; g++) begin : g_in_shift
    (* keep *) always_ff @(posedge clk_i) in_shift_q[g] <= in_shift_i;
  end
  for (genvar g = 0; g < RES_G; g++) begin : g_out_pins
    (* keep *) always_ff @(posedge clk_i) out_ready_q[g] <= out_ready_i;
    (* keep *) always_ff @(posedge clk_i) out_shift_q[g] <= out_shift_i;
  end

  // The input shift register, a byte per clock into the bottom; group g shifts in the top byte of group
  // g - 1. It holds key material: wiped by reset.
  for (genvar g = 0; g < LOAD_G; g++) begin : g_load
    logic [7:0] below;
    if (g == 0) begin : g_bottom
      assign below = in_byte_q;
    end else begin : g_upper
      assign below = load_q[32*g-1 -: 8];
    end
    always_ff @(posedge clk_i) begin
      if (load_rst_q[g])     load_q[32*g +: 32] <= '0;
      else if (in_shift_q[g]) load_q[32*g +: 32] <= {load_q[32*g +: 24], below};
    end
  end

  // The beat offer: a new beat is latched only when none is pending, so the core sees stable data while
  // valid.
  always_ff @(posedge clk_i) begin
    if (flag_rst_q) begin
      beat_ctrl_q <= '0;
      offer_q     <= 1'b0;
    end else if (in_go_q && !offer_q) begin
      beat_ctrl_q <= in_ctrl_q;
      offer_q     <= 1'b1;
    end else if (offer_q && core_in_ready) begin
      offer_q <= 1'b0;
    end
  end

  // Result capture, in three steps: the core's block and error flag are registered every clock (no enable),
  // with a kept flag per 32-bit group (and one for the flags) saying whether the core handed a block over
  // in that clock (its out_ready_i is core_out_ready_q, which samples the same pin in the same clock as
  // the copies); the next clock the block moves on into a second plain register and each byte of the result
  // register gets its own kept enable flops from its group's flag and shift pin copy; the clock after, the
  // byte loads the block from the second register, else shifts a byte towards the top. So every clock
  // enable of the result register is a flop beside its eight flops, and no LUT sits in front of one: the
  // group's "load or shift" LUT in front of 32 enables was the critical path (pipelined, seed 1: cap_q ->
  // 2.0 ns -> the group's enable LUT -> 3.8 ns -> result_q CE, 152 MHz), and before that the core's
  // out_valid_o ANDed with a pin copy in front of the 32 enables (168 MHz). The core's out_valid_o reaches
  // only the few flags. Shifting starts a clock after out_shift_i's pin register (the enable is registered
  // from it), capture as many clocks after the handover as the flags' two stages, so the pins keep their
  // order. Both block registers hold cipher output: wiped by reset.
  localparam int RES_B = BLOCK_W / 8;  // bytes of the result register
  logic [BLOCK_W-1:0] cap_block_q, held_block_q;
  logic               cap_error_q, cap_flag_q, held_error_q, held_flag_q;
  logic [RES_G-1:0]   cap_q;
  logic [RES_B-1:0]   take_q, move_q;  // per byte: load the held block / load or shift, this clock
  for (genvar g = 0; g < RES_G; g++) begin : g_result
    (* keep *) always_ff @(posedge clk_i) cap_q[g] <= core_out_valid && out_ready_q[g];
    always_ff @(posedge clk_i) begin
      if (result_rst_q[g]) begin
        cap_block_q[32*g +: 32]  <= '0;
        held_block_q[32*g +: 32] <= '0;
      end else begin
        cap_block_q[32*g +: 32]  <= core_out_block[32*g +: 32];
        held_block_q[32*g +: 32] <= cap_block_q[32*g +: 32];
      end
    end
  end
  for (genvar b = 0; b < RES_B; b++) begin : g_result_byte
    localparam int G = b / 4;
    logic [7:0] below;
    if (b == 0) begin : g_bottom
      assign below = 8'h00;
    end else begin : g_upper
      assign below = result_q[8*b-1 -: 8];
    end
    (* keep *) always_ff @(posedge clk_i) take_q[b] <= cap_q[G];
    (* keep *) always_ff @(posedge clk_i) move_q[b] <= cap_q[G] || out_shift_q[G];
    always_ff @(posedge clk_i) begin
      if (result_rst_q[G])  result_q[8*b +: 8] <= '0;
      else if (move_q[b])   result_q[8*b +: 8] <= take_q[b] ? held_block_q[8*b +: 8] : below;
    end
  end
  (* keep *) always_ff @(posedge clk_i) cap_flag_q <= core_out_valid && flag_out_ready_q;
  always_ff @(posedge clk_i) begin
    cap_error_q  <= core_out_error;
    held_flag_q  <= cap_flag_q;
    held_error_q <= cap_error_q;
  end
  always_ff @(posedge clk_i) begin
    if (flag_rst_q) begin
      captured_q  <= 1'b0;
      error_q     <= 1'b0;
      key_error_q <= 1'b0;
    end else begin
      if (held_flag_q) begin
        captured_q <= 1'b1;
        error_q    <= held_error_q;
      end
      key_error_q <= core_key_error;
    end
  end

  // Output pins: two plain register stages, the last by the pads, so that the flops the core's outputs
  // load (and the logic in front of them) can sit next to the core wherever the pads are (captured_q's
  // enable, 3.7 ns from the core to a flop by the pad, was the critical path once the wrapper's resets and
  // enables were split; with one stage, error_q still sat 2.5 ns from the core's out_valid_o).
  localparam int OUT_PINS = 12;  // in_busy, out_byte[8], out_valid, out_error, key_error
  logic [OUT_PINS-1:0] out_stage_q, out_pins_q;
  always_ff @(posedge clk_i) begin
    out_stage_q <= {offer_q, result_q[BLOCK_W-1 -: 8], captured_q, error_q, key_error_q};
    out_pins_q  <= out_stage_q;
  end
  assign {in_busy_o, out_byte_o, out_valid_o, out_error_o, key_error_o} = out_pins_q;

  (* keep_hierarchy *)
  rijndael_core #(
    `RIJNDAEL_CORE_PARAMS_PASS
  ) u_core (
    .clk_i,
    .rst_ni        (core_rst_n),
    .in_valid_i    (offer_q),
    .in_ready_o    (core_in_ready),
    .in_is_key_i   (beat_ctrl_q[7]),
    .in_decrypt_i  (beat_ctrl_q[6]),
    .in_slot_i     ({SLOT_W{1'b0}}),  // sized: an unsized '0 here makes Yosys re-derive the top as $paramod$...
    .in_key_len_i  (beat_ctrl_q[5:3]),
    .in_block_len_i(beat_ctrl_q[2:0]),
    .in_key_i      (load_q[KEY_W-1:0]),
    .in_block_i    (load_q[LOAD_W-1 -: BLOCK_W]),
    .out_valid_o   (core_out_valid),
    .out_ready_i   (core_out_ready_q),
    .out_block_o   (core_out_block),
    .out_error_o   (core_out_error),
    .key_error_o   (core_key_error)
  );
endmodule
