// rijndael_block_prep: the mode of operation for one block at issue time (combinational).
//
// From a block of the input gearbox and its context's registers and chaining value: whether the block
// goes to the core at all (bypass: refused blocks travel through the order FIFO only), what the core
// gets, what the merge XORs into the core's result, whether the result feeds back into the chaining
// value (CBC/CFB128 encryption, OFB), and the chaining value after this block when it is known at issue
// time (CBC/CFB decryption: the ciphertext; CTR: the counter plus one). The engine instantiates one per
// block it can issue in a cycle (one per core).
module rijndael_block_prep #(
  parameter int MAX_NB = 4
) (
  input  logic [32*MAX_NB-1:0] data_i,         // the block, left aligned
  input  logic [5:0]           bytes_i,        // its length in bytes (0: an empty TLAST block)
  input  logic                 stream_err_i,   // the gearbox flagged it
  input  logic                 ctx_ok_i,       // its TID names a context of the build
  input  logic                 armed_i,        // its context is started
  input  logic [2:0]           mode_i,         // the context's CONFIG
  input  logic                 decrypt_i,
  input  logic [2:0]           block_len_i,
  input  logic [32*MAX_NB-1:0] chain_i,        // the context's chaining value / counter before this block
  output logic                 bypass_o,       // not for the core: leaves as zeros, flagged or empty
  output logic                 err_o,          // (with bypass_o) flagged rather than just empty
  output logic                 bad_partial_o,  // ECB/CBC block cut short by TLAST
  output logic                 feedback_o,     // the next block of the context needs this one's result
  output logic                 keystream_o,    // OFB: the keystream (not the merged result) feeds back
  output logic                 core_decrypt_o,
  output logic [32*MAX_NB-1:0] core_in_o,
  output logic [32*MAX_NB-1:0] post_xor_o,
  output logic                 chain_update_o, // chain_next_o is the context's chaining value after it
  output logic [32*MAX_NB-1:0] chain_next_o
);
  localparam int BLOCK_W = 32 * MAX_NB;
  localparam logic [2:0] MODE_ECB = 3'(rijndael_regs_pkg::CONFIG_MODE_ECB);
  localparam logic [2:0] MODE_CBC = 3'(rijndael_regs_pkg::CONFIG_MODE_CBC);
  localparam logic [2:0] MODE_CFB = 3'(rijndael_regs_pkg::CONFIG_MODE_CFB128);
  localparam logic [2:0] MODE_OFB = 3'(rijndael_regs_pkg::CONFIG_MODE_OFB);
  localparam logic [2:0] MODE_CTR = 3'(rijndael_regs_pkg::CONFIG_MODE_CTR);

  logic mode_ecb, mode_cbc, mode_cfb, mode_ofb, mode_ctr, is_empty, full_block;
  logic [BLOCK_W-1:0] ctr_step;

  assign mode_ecb = mode_i == MODE_ECB;
  assign mode_cbc = mode_i == MODE_CBC;
  assign mode_cfb = mode_i == MODE_CFB;
  assign mode_ofb = mode_i == MODE_OFB;
  assign mode_ctr = mode_i == MODE_CTR;
  assign is_empty      = bytes_i == '0;
  assign full_block    = int'(bytes_i) == 4 * (4 + int'(block_len_i));
  assign bad_partial_o = (mode_ecb || mode_cbc) && !full_block && !is_empty;
  assign bypass_o      = stream_err_i || !ctx_ok_i || !armed_i || is_empty || bad_partial_o;
  assign err_o         = stream_err_i || !ctx_ok_i || !armed_i || bad_partial_o;
  assign feedback_o    = (!decrypt_i && (mode_cbc || mode_cfb)) || mode_ofb;
  assign keystream_o   = mode_ofb;
  assign core_decrypt_o = decrypt_i && (mode_ecb || mode_cbc);
  // CTR adds one to the whole block as a big-endian number (the block sits left aligned).
  assign ctr_step = BLOCK_W'(1) << (32 * (MAX_NB - 4 - int'(block_len_i)));
  assign chain_update_o = (decrypt_i && (mode_cbc || mode_cfb)) || mode_ctr;
  assign chain_next_o   = mode_ctr ? chain_i + ctr_step : data_i;

  always_comb begin
    core_in_o  = chain_i;           // CFB, OFB, CTR encrypt the chaining value / counter
    post_xor_o = data_i;            // ... and XOR the message into the result
    if (mode_ecb) begin
      core_in_o  = data_i;
      post_xor_o = '0;
    end else if (mode_cbc) begin
      core_in_o  = decrypt_i ? data_i : data_i ^ chain_i;
      post_xor_o = decrypt_i ? chain_i : '0;
    end
  end
endmodule
