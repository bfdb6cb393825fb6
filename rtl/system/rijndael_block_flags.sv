// rijndael_block_flags: the mode of operation's decisions for one block (combinational): whether it goes
// to the core at all, whether it feeds back, and which of block / chaining value the core and the merge
// get (rijndael_engine_pkg, BF_*). Only the context's registers and the block's length and
// stream flag go in, never the chaining value, so the two-core engine computes these ahead of issue
// (rijndael_engine, g_queue); rijndael_block_data applies them at issue.
module rijndael_block_flags (
  input  logic [5:0] bytes_i,        // the block's length in bytes (0: an empty TLAST block)
  input  logic       stream_err_i,   // the gearbox flagged it
  input  logic       ctx_ok_i,       // its TID names a context of the build
  input  logic       armed_i,        // its context is started
  input  logic [2:0] mode_i,         // the context's CONFIG
  input  logic       decrypt_i,
  input  logic [2:0] block_len_i,
  output logic [rijndael_engine_pkg::BF_W-1:0] flags_o
);
  localparam logic [2:0] MODE_ECB = 3'(rijndael_regs_pkg::CONFIG_MODE_ECB);
  localparam logic [2:0] MODE_CBC = 3'(rijndael_regs_pkg::CONFIG_MODE_CBC);
  localparam logic [2:0] MODE_CFB = 3'(rijndael_regs_pkg::CONFIG_MODE_CFB128);
  localparam logic [2:0] MODE_OFB = 3'(rijndael_regs_pkg::CONFIG_MODE_OFB);
  localparam logic [2:0] MODE_CTR = 3'(rijndael_regs_pkg::CONFIG_MODE_CTR);

  logic mode_ecb, mode_cbc, mode_cfb, mode_ofb, mode_ctr, is_empty, full_block, bad_partial;
  assign mode_ecb    = mode_i == MODE_ECB;
  assign mode_cbc    = mode_i == MODE_CBC;
  assign mode_cfb    = mode_i == MODE_CFB;
  assign mode_ofb    = mode_i == MODE_OFB;
  assign mode_ctr    = mode_i == MODE_CTR;
  assign is_empty    = bytes_i == '0;
  assign full_block  = int'(bytes_i) == 4 * (4 + int'(block_len_i));
  assign bad_partial = (mode_ecb || mode_cbc) && !full_block && !is_empty;

  assign flags_o[rijndael_engine_pkg::BF_CTX_OK]       = ctx_ok_i;
  assign flags_o[rijndael_engine_pkg::BF_ARMED]        = armed_i;
  assign flags_o[rijndael_engine_pkg::BF_BAD_PARTIAL]  = bad_partial;
  assign flags_o[rijndael_engine_pkg::BF_BYPASS]       = stream_err_i || !ctx_ok_i || !armed_i || is_empty || bad_partial;
  assign flags_o[rijndael_engine_pkg::BF_ERR]          = stream_err_i || !ctx_ok_i || !armed_i || bad_partial;
  assign flags_o[rijndael_engine_pkg::BF_FEEDBACK]     = (!decrypt_i && (mode_cbc || mode_cfb)) || mode_ofb;
  assign flags_o[rijndael_engine_pkg::BF_KEYSTREAM]    = mode_ofb;
  assign flags_o[rijndael_engine_pkg::BF_CORE_DECRYPT] = decrypt_i && (mode_ecb || mode_cbc);
  assign flags_o[rijndael_engine_pkg::BF_CHAIN_UPDATE] = (decrypt_i && (mode_cbc || mode_cfb)) || mode_ctr;
  // CFB, OFB, CTR encrypt the chaining value / counter and XOR the message into the result.
  assign flags_o[rijndael_engine_pkg::BF_IN_DATA]      = mode_ecb || (mode_cbc && decrypt_i);
  assign flags_o[rijndael_engine_pkg::BF_IN_XOR]       = mode_cbc && !decrypt_i;
  assign flags_o[rijndael_engine_pkg::BF_POST_ZERO]    = mode_ecb || (mode_cbc && !decrypt_i);
  assign flags_o[rijndael_engine_pkg::BF_POST_CHAIN]   = mode_cbc && decrypt_i;
  assign flags_o[rijndael_engine_pkg::BF_CTR]          = mode_ctr;
endmodule
