// rijndael_fold_mix_key: the tail of a round for one 32-bit column, shared by the column-serial cores
// (rijndael_core_folded, rijndael_core_tiny): (Inv)MixColumns and AddRoundKey.
//
//   encrypt, mix_i = 1:  MixColumns(column) ^ key
//   decrypt, mix_i = 1:  InvMixColumns(column ^ key)   (equivalent inverse cipher with the plain round
//                        key added before the linear mixing, as in rijndael_round)
//   mix_i = 0:           column ^ key                   (last round, and the initial AddRoundKey)
// Row 0 is the most significant byte. An encrypt-only build has no InvMixColumns preprocessing.
module rijndael_fold_mix_key #(
  parameter bit ENCRYPT = 1'b1,
  parameter bit DECRYPT = 1'b1
) (
  input  logic [31:0] column_i,
  input  logic [31:0] key_i,
  input  logic        decrypt_i,
  input  logic        mix_i,
  output logic [31:0] column_o
);
  logic        inverse;
  logic [31:0] pre_mix, mixed;

  assign inverse = DECRYPT && (decrypt_i || !ENCRYPT);
  assign pre_mix = inverse ? column_i ^ key_i : column_i;

  rijndael_mix_column #(.INVERSE(DECRYPT)) u_mix_column (
    .column_i (pre_mix),
    .inverse_i(inverse),
    .column_o (mixed)
  );

  always_comb begin
    if (!mix_i)       column_o = column_i ^ key_i;
    else if (inverse) column_o = mixed;
    else              column_o = mixed ^ key_i;
  end
endmodule
