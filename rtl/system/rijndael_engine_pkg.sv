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
endpackage
