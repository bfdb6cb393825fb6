// rijndael_block_data: the mode of operation's data for one block at issue time (combinational), as its
// flags say (rijndael_block_flags): what the core gets, what the merge XORs into the core's result, and
// the context's chaining value after this block when it is known at issue (CBC/CFB decryption: the
// ciphertext; CTR: the counter plus one, chain_step_i). The engine instantiates one per block it can issue
// in a cycle.
module rijndael_block_data #(
  parameter int MAX_NB = 4
) (
  input  logic [rijndael_engine_pkg::BF_W-1:0] flags_i,
  input  logic [32*MAX_NB-1:0] data_i,         // the block, left aligned
  input  logic [32*MAX_NB-1:0] chain_i,        // the context's chaining value / counter before this block
  input  logic [32*MAX_NB-1:0] chain_step_i,   // chain_i plus CTR's step (the caller's adder: see rijndael_engine)
  output logic [32*MAX_NB-1:0] core_in_o,
  output logic [32*MAX_NB-1:0] post_xor_o,
  output logic [32*MAX_NB-1:0] chain_next_o
);
  logic in_data, in_xor, post_zero, post_chain, ctr;
  assign in_data    = flags_i[rijndael_engine_pkg::BF_IN_DATA];
  assign in_xor     = flags_i[rijndael_engine_pkg::BF_IN_XOR];
  assign post_zero  = flags_i[rijndael_engine_pkg::BF_POST_ZERO];
  assign post_chain = flags_i[rijndael_engine_pkg::BF_POST_CHAIN];
  assign ctr        = flags_i[rijndael_engine_pkg::BF_CTR];
  // The issue stage's flags (BF_CTX_OK .. BF_CHAIN_UPDATE: refusal, feedback, direction) are the engine's.
  logic unused_flags;
  assign unused_flags = ^flags_i[rijndael_engine_pkg::BF_CHAIN_UPDATE:0];

  assign chain_next_o = ctr ? chain_step_i : data_i;
  assign core_in_o    = in_data ? data_i : in_xor ? data_i ^ chain_i : chain_i;
  assign post_xor_o   = post_zero ? '0 : post_chain ? chain_i : data_i;
endmodule
