// rijndael_engine_pkg: constants shared by the engine's units.
package rijndael_engine_pkg;
  // Block flags: what the mode of operation does with one block, from its context's registers and the
  // block's length and stream flag (rijndael_block_flags), as a vector of BF_W bits indexed by BF_*.
  // (A vector, not a packed struct: Icarus 11 fails an internal assertion on a packed struct in a package.)
  // These do not change while the block is inside the engine: a context with data inside is busy, and the
  // register block refuses START and every write to a busy context's banked registers. So the two-core
  // engine computes them where a block enters its issue queue, and the issue stage only reads them.
  localparam int BF_CTX_OK       = 0;    // its TID names a context of the build
  localparam int BF_ARMED        = 1;    // its context is started
  localparam int BF_BYPASS       = 2;    // not for the core: leaves as zeros, flagged or empty
  localparam int BF_ERR          = 3;    // (with BF_BYPASS) flagged rather than just empty
  localparam int BF_BAD_PARTIAL  = 4;    // ECB/CBC block cut short by TLAST
  localparam int BF_FEEDBACK     = 5;    // the context's next block needs this one's result (CBC/CFB enc, OFB)
  localparam int BF_KEYSTREAM    = 6;    // OFB: the keystream (not the merged result) feeds back
  localparam int BF_CORE_DECRYPT = 7;    // the core runs the inverse cipher (ECB/CBC decryption)
  localparam int BF_CHAIN_UPDATE = 8;    // the chaining value after it is known at issue (CBC/CFB dec, CTR)
  localparam int BF_IN_DATA      = 9;    // the core gets the block itself (ECB, CBC decryption) ...
  localparam int BF_IN_XOR       = 10;   // ... or block ^ chaining value (CBC encryption), else the chaining value
  localparam int BF_POST_ZERO    = 11;   // the merge XORs nothing (ECB, CBC encryption) ...
  localparam int BF_POST_CHAIN   = 12;   // ... or the chaining value (CBC decryption), else the block
  localparam int BF_CTR          = 13;   // the chaining value steps by one (CTR), else it becomes the block
  localparam int BF_W            = 14;
  // Refusal mask (ERROR register bits) of a CONFIG value for a build with these block and key lengths
  // (5-bit masks, bit i: 4 + i words), GCM or not, and these directions. Both engines' register checks
  // (rijndael_engine, rijndael_engine_lanes) call it.
  function automatic logic [31:0] config_refusal(input logic [31:0] value, input logic [4:0] block_mask,
                                                 input logic [4:0] key_mask, input logic gcm_en,
                                                 input logic encrypt_ok, input logic decrypt_ok);
    logic [2:0] mode, key_len, block_len;
    logic       decrypt, needs_inverse, mode_ecb, mode_cbc, mode_gcm;
    mode      = value[rijndael_regs_pkg::CONFIG_MODE_LSB +: 3];
    decrypt   = value[rijndael_regs_pkg::CONFIG_DECRYPT_LSB];
    key_len   = value[rijndael_regs_pkg::CONFIG_KEY_LEN_LSB +: 3];
    block_len = value[rijndael_regs_pkg::CONFIG_BLOCK_LEN_LSB +: 3];
    mode_ecb  = mode == 3'(rijndael_regs_pkg::CONFIG_MODE_ECB);
    mode_cbc  = mode == 3'(rijndael_regs_pkg::CONFIG_MODE_CBC);
    mode_gcm  = mode == 3'(rijndael_regs_pkg::CONFIG_MODE_GCM);
    config_refusal = '0;
    if (mode > 3'(rijndael_regs_pkg::CONFIG_MODE_GCM) || (mode_gcm && !gcm_en))
      config_refusal[rijndael_regs_pkg::ERROR_BAD_MODE_LSB] = 1'b1;
    // GCM is defined for the 128-bit block; keys of AES (128, 192, 256 bits) only.
    if (mode_gcm && block_len != 3'd0) config_refusal[rijndael_regs_pkg::ERROR_BAD_BLOCK_LEN_LSB] = 1'b1;
    if (mode_gcm && (key_len == 3'd1 || key_len == 3'd3))
      config_refusal[rijndael_regs_pkg::ERROR_BAD_KEY_LEN_LSB] = 1'b1;
    if (key_len > 3'd4 || !key_mask[key_len]) config_refusal[rijndael_regs_pkg::ERROR_BAD_KEY_LEN_LSB] = 1'b1;
    if (block_len > 3'd4 || !block_mask[block_len])
      config_refusal[rijndael_regs_pkg::ERROR_BAD_BLOCK_LEN_LSB] = 1'b1;
    // Only ECB and CBC decryption run the inverse cipher; CFB/OFB/CTR use the forward one both ways.
    needs_inverse = decrypt && (mode_ecb || mode_cbc);
    if (mode <= 3'(rijndael_regs_pkg::CONFIG_MODE_GCM) && ((needs_inverse && !decrypt_ok) || (!needs_inverse && !encrypt_ok)))
      config_refusal[rijndael_regs_pkg::ERROR_BAD_DIRECTION_LSB] = 1'b1;
  endfunction
  // Refusal mask of a GCM register value: a tag of 4..16 bytes (32..128 bits), an IV of at least one byte.
  // Both engines take the lengths whether or not the build runs GCM (CONFIG.MODE = GCM is what a build
  // without it refuses), so the register map behaves the same in every build.
  // (The GCM register's two fields, GCM_TAG_LEN and GCM_IV_LEN, as the caller cuts them out.)
  function automatic logic [31:0] gcm_refusal(input logic [4:0] tag_len, input logic [15:0] iv_len);
    gcm_refusal = (tag_len < 5'd4 || tag_len > 5'd16 || iv_len == '0)
                  ? 32'd1 << rijndael_regs_pkg::ERROR_BAD_GCM_LEN_LSB : '0;
  endfunction
  // Width of an entry from the lanes engine's hub to a lane (rijndael_engine_lanes, rijndael_lane), fields
  // from the top: key beat or not, key slot, key length, block length, block flags (BF_W), context, seeded,
  // then the data (lane_data_w): a key beat's key in its low bits, or a block's block and chaining value
  // ({block, chain}); the other is zero, so the hub ORs them. The hub packs it, the link carries it, the lane's
  // FIFO stores it as it is.
  function automatic int lane_data_w(input int key_w, input int block_w);
    lane_data_w = key_w > 2 * block_w ? key_w : 2 * block_w;
  endfunction
  function automatic int lane_entry_w(input int slot_w, input int ctx_w, input int key_w, input int block_w);
    lane_entry_w = 1 + slot_w + 3 + 3 + BF_W + ctx_w + 1 + lane_data_w(key_w, block_w);
  endfunction
endpackage
