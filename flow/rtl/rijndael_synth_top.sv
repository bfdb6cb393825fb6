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
// The core instance keeps its hierarchy through synthesis (keep_hierarchy) so that the flow can report
// the core's own cell counts separately from the wrapper's; it is flattened before place and route.
module rijndael_synth_top #(
  // The core's parameters, passed through unchanged (see rtl/cipher/rijndael_core.sv).
  parameter int BLOCK_SIZES      = 'b00001,
  parameter int KEY_SIZES        = 'b10101,
  parameter int MAX_NB           = 4,
  parameter int MAX_NK           = 8,
  parameter int ENABLE_ENCRYPT   = 1,
  parameter int ENABLE_DECRYPT   = 1,
  parameter int ARCH             = 0,
  parameter int ROUNDS_PER_CYCLE = 1,
  parameter int FOLDED_WIDTH     = 32,
  parameter int SUBSTAGES        = 0,
  parameter int SBOX             = 0,
  parameter int TBOX             = 0,
  parameter int ENC_KEYS         = 0,
  parameter int KEY_SLOTS        = 1   // every beat uses slot 0 (the pins carry no slot number)
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

  // Reset from a register, not a pad (its flops have no reset themselves): rst_pipe_q[1] for the core,
  // rst_pipe_q[2] (one clock later, a distinct register) for the wrapper's beat and result registers.
  logic [2:0] rst_pipe_q;
  logic       rst_n, core_rst_n;
  // Pin registers (inputs).
  logic [7:0] in_byte_q, in_ctrl_q;
  logic       in_shift_q, in_go_q, out_ready_q, out_shift_q;
  // Beat assembly and offer.
  logic [LOAD_W-1:0] load_q, load_d;
  logic [7:0]        beat_ctrl_q, beat_ctrl_d;
  logic              offer_q, offer_d;
  // Result capture.
  logic [BLOCK_W-1:0] result_q, result_d;
  logic               captured_q, captured_d, error_q, error_d;
  // Pin registers (outputs).
  logic               key_error_q;

  logic               core_in_ready, core_out_valid, core_out_error, core_key_error;
  logic [BLOCK_W-1:0] core_out_block;

  always_comb begin
    load_d      = load_q;
    beat_ctrl_d = beat_ctrl_q;
    offer_d     = offer_q;
    if (in_shift_q) load_d = {load_q[LOAD_W-9:0], in_byte_q};
    // A new beat is latched only when none is pending, so the core sees stable data while valid.
    if (offer_q && core_in_ready) offer_d = 1'b0;
    if (in_go_q && !offer_q) begin
      offer_d     = 1'b1;
      beat_ctrl_d = in_ctrl_q;
    end
    result_d   = result_q;
    captured_d = captured_q;
    error_d    = error_q;
    if (core_out_valid && out_ready_q) begin
      result_d   = core_out_block;
      captured_d = 1'b1;
      error_d    = core_out_error;
    end else if (out_shift_q) begin
      result_d = {result_q[BLOCK_W-9:0], 8'h00};
    end
  end

  always_ff @(posedge clk_i) rst_pipe_q <= {rst_pipe_q[1:0], rst_ni};
  assign core_rst_n = rst_pipe_q[1];
  assign rst_n      = rst_pipe_q[2];

  // Pin registers: no reset (see the header).
  always_ff @(posedge clk_i) begin
    in_byte_q   <= in_byte_i;
    in_ctrl_q   <= in_ctrl_i;
    in_shift_q  <= in_shift_i;
    in_go_q     <= in_go_i;
    out_ready_q <= out_ready_i;
    out_shift_q <= out_shift_i;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_n) begin
      load_q      <= '0;  // holds key material
      beat_ctrl_q <= '0;
      offer_q     <= 1'b0;
      result_q    <= '0;  // holds cipher output
      captured_q  <= 1'b0;
      error_q     <= 1'b0;
      key_error_q <= 1'b0;
    end else begin
      load_q      <= load_d;
      beat_ctrl_q <= beat_ctrl_d;
      offer_q     <= offer_d;
      result_q    <= result_d;
      captured_q  <= captured_d;
      error_q     <= error_d;
      key_error_q <= core_key_error;
    end
  end

  assign in_busy_o   = offer_q;
  assign out_byte_o  = result_q[BLOCK_W-1 -: 8];
  assign out_valid_o = captured_q;
  assign out_error_o = error_q;
  assign key_error_o = key_error_q;

  (* keep_hierarchy *)
  rijndael_core #(
    .BLOCK_SIZES(BLOCK_SIZES), .KEY_SIZES(KEY_SIZES), .MAX_NB(MAX_NB), .MAX_NK(MAX_NK),
    .ENABLE_ENCRYPT(ENABLE_ENCRYPT), .ENABLE_DECRYPT(ENABLE_DECRYPT), .ARCH(ARCH),
    .ROUNDS_PER_CYCLE(ROUNDS_PER_CYCLE), .FOLDED_WIDTH(FOLDED_WIDTH), .SUBSTAGES(SUBSTAGES),
    .SBOX(SBOX), .TBOX(TBOX), .ENC_KEYS(ENC_KEYS), .KEY_SLOTS(KEY_SLOTS)
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
    .out_ready_i   (out_ready_q),
    .out_block_o   (core_out_block),
    .out_error_o   (core_out_error),
    .key_error_o   (core_key_error)
  );
endmodule
