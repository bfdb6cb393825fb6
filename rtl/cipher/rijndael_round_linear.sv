// rijndael_round_linear: the part of a Rijndael round after SubBytes, as combinational logic:
// (Inv)ShiftRows, (Inv)MixColumns (not in the last round) and AddRoundKey.
//
// Datapaths whose S-boxes are registered (block-RAM ROMs, sbox_bram) compute SubBytes in the RAM's
// output register and the rest of the round here. Decryption adds the plain round key before the shared
// mixing network, as rijndael_round does (the equivalent inverse cipher with untransformed keys:
// InvMixColumns(x) ^ InvMixColumns(k) = InvMixColumns(x ^ k)). Columns past Nb stay zero.
module rijndael_round_linear #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter bit         ENCRYPT     = 1'b1,
  parameter bit         DECRYPT     = 1'b1,
  parameter bit         SHIFT_ROWS  = 1'b1   // 0: state_i is already shifted (see rijndael_round_back)
) (
  input  logic [32*MAX_NB-1:0] state_i,      // after (Inv)SubBytes
  input  logic [32*MAX_NB-1:0] round_key_i,
  input  logic [2:0]           nb_code_i,
  input  logic                 decrypt_i,
  input  logic                 last_round_i,  // no (Inv)MixColumns
  output logic [32*MAX_NB-1:0] state_o
);
  logic [32*MAX_NB-1:0] back;

  // rijndael_round_back is this round up to the encryption AddRoundKey (decryption's key is already in).
  rijndael_round_back #(
    .MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT),
    .SHIFT_ROWS(SHIFT_ROWS)
  ) u_back (
    .state_i, .round_key_i, .nb_code_i, .decrypt_i, .last_round_i,
    .state_o(back)
  );

  assign state_o = DECRYPT && (decrypt_i || !ENCRYPT) ? back : back ^ round_key_i;
endmodule
