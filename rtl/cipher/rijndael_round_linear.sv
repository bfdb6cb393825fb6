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
  parameter bit         DECRYPT     = 1'b1
) (
  input  logic [32*MAX_NB-1:0] state_i,      // after (Inv)SubBytes
  input  logic [32*MAX_NB-1:0] round_key_i,
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

  always_comb begin
    if (last_round_i) state_o = inverse ? pre_mix : shifted ^ round_key_i;
    else              state_o = inverse ? mixed : mixed ^ round_key_i;
  end
endmodule
