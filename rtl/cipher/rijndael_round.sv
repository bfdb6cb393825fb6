// rijndael_round: one Rijndael round, encryption or decryption, as combinational logic.
//
// Encryption: SubBytes, ShiftRows, MixColumns (not in the last round), AddRoundKey.
// Decryption follows the equivalent inverse cipher (FIPS-197 5.3.5): InvSubBytes, InvShiftRows,
// InvMixColumns (not in the last round), AddRoundKey with InvMixColumns(round key). Because
// InvMixColumns is linear, InvMixColumns(x) ^ InvMixColumns(k) = InvMixColumns(x ^ k): the key is added
// before the shared mixing network instead, so decryption round keys are stored untransformed and no
// InvMixColumns sits in the key path. Columns past Nb stay zero throughout.
module rijndael_round #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter bit         ENCRYPT     = 1'b1,
  parameter bit         DECRYPT     = 1'b1,
  parameter int         SBOX        = 0  // S-box mapping, see rijndael_sbox
) (
  input  logic [32*MAX_NB-1:0] state_i,
  input  logic [32*MAX_NB-1:0] round_key_i,
  input  logic [2:0]           nb_code_i,
  input  logic                 decrypt_i,
  input  logic                 last_round_i,  // no (Inv)MixColumns
  output logic [32*MAX_NB-1:0] state_o
);
  localparam int W = 32 * MAX_NB;

  logic           inverse;
  logic [W-1:0]   substituted, shifted, pre_mix, mixed;

  assign inverse = DECRYPT && (decrypt_i || !ENCRYPT);

  for (genvar i = 0; i < 4 * MAX_NB; i++) begin : g_sbox
    rijndael_sbox #(.FORWARD(ENCRYPT), .INVERSE(DECRYPT), .IMPL(SBOX)) u_sbox (
      .data_i   (state_i[W-1-8*i -: 8]),
      .inverse_i(inverse),
      .data_o   (substituted[W-1-8*i -: 8])
    );
  end

  rijndael_shift_rows #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES)) u_shift_rows (
    .data_i   (substituted),
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
