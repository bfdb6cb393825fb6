// rijndael_round: one Rijndael round, encryption or decryption, as combinational logic.
//
// Encryption: SubBytes, ShiftRows, MixColumns (not in the last round), AddRoundKey.
// Decryption follows the equivalent inverse cipher (FIPS-197 5.3.5): InvSubBytes, InvShiftRows,
// InvMixColumns (not in the last round), AddRoundKey with InvMixColumns(round key). Because
// InvMixColumns is linear, InvMixColumns(x) ^ InvMixColumns(k) = InvMixColumns(x ^ k): the key is added
// before the shared mixing network instead, so decryption round keys are stored untransformed and no
// InvMixColumns sits in the key path. Columns past Nb stay zero throughout.
//
// TBOX = 1 computes the same function from T-box tables instead (rijndael_round_tbox, which explains how
// it keeps the outputs bit-identical). Its tables are case ROMs, so SBOX then only matters to the key
// schedule; the registered block-RAM mapping (SBOX_BRAM) cannot sit in this combinational round.
module rijndael_round #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter bit         ENCRYPT     = 1'b1,
  parameter bit         DECRYPT     = 1'b1,
  parameter int         SBOX        = 0,  // S-box mapping, see rijndael_sbox
  parameter int         TBOX        = 0   // 1: T-box tables (rijndael_round_tbox)
) (
  input  logic [32*MAX_NB-1:0] state_i,
  input  logic [32*MAX_NB-1:0] round_key_i,
  input  logic [2:0]           nb_code_i,
  input  logic                 decrypt_i,
  input  logic                 last_round_i,  // no (Inv)MixColumns
  output logic [32*MAX_NB-1:0] state_o
);
  localparam int W = 32 * MAX_NB;

  if (TBOX < 0 || TBOX > 1) begin : g_bad_tbox
    ERROR_rijndael_round_TBOX_must_be_0_or_1 u_error ();
  end else if (TBOX == 1 && SBOX == rijndael_pkg::SBOX_BRAM) begin : g_bad_tbox_sbox
    ERROR_TBOX_tables_are_combinational_and_cannot_use_SBOX_BRAM u_error ();
  end else if (TBOX == 1) begin : g_tbox
    rijndael_round_tbox #(
      .MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)
    ) u_round_tbox (
      .state_i, .round_key_i, .nb_code_i, .decrypt_i, .last_round_i, .state_o
    );
  end else begin : g_sbox_path
    // Built from the two halves the pipelined core also uses, with a register between them.
    logic         inverse;
    logic [W-1:0] substituted, mixed;

    assign inverse = DECRYPT && (decrypt_i || !ENCRYPT);

    rijndael_round_front #(.MAX_NB(MAX_NB), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT), .SBOX(SBOX)) u_front (
      .state_i(state_i), .decrypt_i(decrypt_i), .state_o(substituted)
    );

    rijndael_round_back #(
      .MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES), .ENCRYPT(ENCRYPT), .DECRYPT(DECRYPT)
    ) u_back (
      .state_i(substituted), .round_key_i(round_key_i), .nb_code_i(nb_code_i), .decrypt_i(decrypt_i),
      .last_round_i(last_round_i), .state_o(mixed)
    );

    // Decryption added its key inside rijndael_round_back (before the mixing network); encryption adds it here.
    assign state_o = inverse ? mixed : mixed ^ round_key_i;
  end
endmodule
