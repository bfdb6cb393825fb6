// rijndael_round_back: the rest of a Rijndael round after SubBytes, up to (not including) the
// encryption AddRoundKey, combinational: ShiftRows, then for decryption AddRoundKey, then
// (Inv)MixColumns unless this is the last round.
//
// Decryption adds its key before the mixing network (rijndael_round explains why that equals the
// equivalent inverse cipher with untransformed keys), so its round is complete here. Encryption adds
// its key after: the caller computes state_o ^ round_key. The pipelined core uses the split to put a
// register between mixing and the encryption AddRoundKey (SUBSTAGES >= 2); round_key_i is only read
// when decrypting. Columns past Nb stay zero.
module rijndael_round_back #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter bit         ENCRYPT     = 1'b1,
  parameter bit         DECRYPT     = 1'b1
) (
  input  logic [32*MAX_NB-1:0] state_i,      // after SubBytes
  input  logic [32*MAX_NB-1:0] round_key_i,  // decryption round key (ignored when encrypting)
  input  logic [2:0]           nb_code_i,
  input  logic                 decrypt_i,
  input  logic                 last_round_i,  // no (Inv)MixColumns
  output logic [32*MAX_NB-1:0] state_o
);
  localparam int W = 32 * MAX_NB;

  logic         inverse;
  logic [W-1:0] shifted, pre_mix, mixed;

  assign inverse = DECRYPT && (decrypt_i || !ENCRYPT);

  rijndael_shift_rows #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES)) u_shift_rows (
    .data_i   (state_i),
    .nb_code_i(nb_code_i),
    .inverse_i(inverse),
    .data_o   (shifted)
  );

  assign pre_mix = inverse ? shifted ^ round_key_i : shifted;

  for (genvar c = 0; c < MAX_NB; c++) begin : g_mix
    rijndael_mix_column #(.INVERSE(DECRYPT)) u_mix_column (
      .column_i (pre_mix[W-1-32*c -: 32]),
      .inverse_i(inverse),
      .column_o (mixed[W-1-32*c -: 32])
    );
  end

  assign state_o = last_round_i ? pre_mix : mixed;
endmodule
