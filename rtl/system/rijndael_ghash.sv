// rijndael_ghash: GHASH (NIST SP 800-38D, section 6.4) over interleaved messages of up to CONTEXTS
// contexts, for the engine's GCM/GMAC. docs/ghash.md describes the theory of operation and the numbers.
//
//   Y_0 = 0,  Y_i = (Y_{i-1} xor X_i) * H,  GHASH_H(X_1 .. X_m) = Y_m   in GF(2^128), x^128 = x^7 + x^2 + x + 1
//
// Bit and byte order: a 128-bit bus holds a 16-byte string with byte 0 in bits [127:120], as every port
// of the project does (the engine's blocks, rijndael_pkg's state), so a hex string reads left to right on
// the bus. GCM's bit order is reflected: SP 800-38D's bit x_0 (the leftmost bit of byte 0, the
// coefficient of x^0) is bus bit 127, and the coefficient of x^127 is bus bit 0.
//
// The caller hashes, per message, the zero-padded AAD blocks, the zero-padded ciphertext blocks and the
// length block; in_first_i marks a message's first block (its context's accumulator starts from 0) and
// in_last_i its last (its GHASH leaves on the out stream; a message may be the length block alone, both
// set). Blocks of different contexts interleave at block granularity; results leave in the order the last
// blocks were accepted. h_i is a context's hash subkey H = E_K(0^128), written while no message of that
// context is in progress.
//
// Two implementations behind this port list:
//   FAST = 0  rijndael_ghash_serial: digit-serial multiplier, DIGIT bits of the operand per clock,
//             one block every 128/DIGIT + 2 clocks; small.
//   FAST = 1  rijndael_ghash_lanes: a six-stage pipelined 128x128 multiplier with six-way aggregation
//             (H^1..H^6 per context; a message's last six blocks multiplied by their final powers, so no
//             fold), one block per clock on a single message and no clock between messages; writing H
//             costs six multiplications (27 clocks before the next block issues).
// Every handshake output comes from a flop. Reset and clear_i wipe every subkey, power, accumulator and
// pending result (counted sequence, readies low meanwhile); nothing here can be read back but GHASH results.
module rijndael_ghash #(
  parameter int CONTEXTS = 4,   // 1..256
  parameter int FAST     = 0,   // 0: digit-serial, 1: one block per clock
  parameter int DIGIT    = 32,  // FAST = 0: operand bits per clock, 8, 16, 32, 64 or 128
  parameter int CTX_W    = (CONTEXTS > 1) ? $clog2(CONTEXTS) : 1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               clear_i,
  input  logic               h_valid_i,
  output logic               h_ready_o,
  input  logic [CTX_W-1:0]   h_ctx_i,
  input  logic [127:0]       h_i,
  input  logic               in_valid_i,
  output logic               in_ready_o,
  input  logic [127:0]       in_block_i,
  input  logic [CTX_W-1:0]   in_ctx_i,
  input  logic               in_first_i,
  input  logic               in_last_i,
  output logic               out_valid_o,
  input  logic               out_ready_i,
  output logic [127:0]       out_hash_o,
  output logic [CTX_W-1:0]   out_ctx_o
);
  if (CONTEXTS < 1 || CONTEXTS > 256) begin : g_check_contexts
    ERROR_rijndael_ghash_CONTEXTS_must_be_1_to_256 u_error ();
  end
  if (CTX_W < ((CONTEXTS > 1) ? $clog2(CONTEXTS) : 1)) begin : g_check_ctx_w
    ERROR_rijndael_ghash_CTX_W_too_small_for_CONTEXTS u_error ();
  end
  if (FAST != 0 && FAST != 1) begin : g_check_fast
    ERROR_rijndael_ghash_FAST_must_be_0_or_1 u_error ();
  end
  if (FAST == 0 && DIGIT != 8 && DIGIT != 16 && DIGIT != 32 && DIGIT != 64 && DIGIT != 128) begin : g_check_digit
    ERROR_rijndael_ghash_DIGIT_must_be_8_16_32_64_or_128 u_error ();
  end

  if (FAST == 1) begin : g_fast
    rijndael_ghash_lanes #(.CONTEXTS(CONTEXTS), .CTX_W(CTX_W)) u_ghash (
      .clk_i, .rst_ni, .clear_i, .h_valid_i, .h_ready_o, .h_ctx_i, .h_i,
      .in_valid_i, .in_ready_o, .in_block_i, .in_ctx_i, .in_first_i, .in_last_i,
      .out_valid_o, .out_ready_i, .out_hash_o, .out_ctx_o
    );
  end else begin : g_serial
    rijndael_ghash_serial #(.CONTEXTS(CONTEXTS), .DIGIT(DIGIT), .CTX_W(CTX_W)) u_ghash (
      .clk_i, .rst_ni, .clear_i, .h_valid_i, .h_ready_o, .h_ctx_i, .h_i,
      .in_valid_i, .in_ready_o, .in_block_i, .in_ctx_i, .in_first_i, .in_last_i,
      .out_valid_o, .out_ready_i, .out_hash_o, .out_ctx_o
    );
  end
endmodule
