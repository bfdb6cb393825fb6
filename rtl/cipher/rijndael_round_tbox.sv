// rijndael_round_tbox: one Rijndael round computed from T-box tables (seed 001, Sec. 3.2), combinational.
// rijndael_round instantiates it when TBOX = 1; its outputs equal rijndael_round's S-box datapath bit for
// bit, for every input, so a core switches TBOX without any other change.
//
// Why: an 8x32 T-box folds SubBytes and the byte's share of MixColumns into one lookup, so a round is
// one table level plus a 4-input XOR per output bit, instead of S-box, then a MixColumns XOR network
// (InvMixColumns: 11 to 19 inputs per bit, seed 001). Tables cost more area (32 output bits per byte
// instead of 8).
//
// - ShiftRows first. SubBytes works byte by byte, so ShiftRows(SubBytes(x)) = SubBytes(ShiftRows(x)):
//   rijndael_shift_rows permutes the input bytes, then byte (row r, column c) is looked up.
// - One table per direction. Row r's table T_r is T_0 rotated right by r bytes (tools/gen_tbox_lut.py),
//   so every byte uses tbox_enc_lut / tbox_dec_lut and the rotation is wiring. Column c of the result
//   is the XOR of the four rotated words of its bytes.
// - Last round (no MixColumns): S[a] is byte 1 of Te0[a]. No byte of Td0[a] is S^-1[a]; since
//   {09} ^ {0b} = {02}, byte1 ^ byte3 = {02} S^-1[a], and dividing by {02} (shift right, XOR {8d} when
//   bit 0 was set) costs 11 two-input XORs; seed 001's {4f} * byte1 costs 23 (gen_tbox_lut.py --costs).
// - Decryption keys. rijndael_round adds the plain round key before InvMixColumns (linearity); here
//   InvMixColumns happens inside the lookup, so the key gets InvMixColumns of its own on the key path:
//   InvMixColumns(x ^ k) = InvMixColumns(x) ^ InvMixColumns(k). Stored decryption keys stay plain, and
//   the key network runs in parallel with the lookups, off the data path. The last round adds the
//   plain key, as rijndael_round does.
// - Columns past Nb. A lookup of a zero byte is not zero (Te0[0] = c66363a5), so each column's table
//   result is masked to zero unless the column is part of a supported block of the run-time length;
//   rijndael_round's S-box path gives zero there too (ShiftRows zeroes those columns, MixColumns of
//   zero is zero), so only the round key remains, exactly as in rijndael_round.
module rijndael_round_tbox #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter bit         ENCRYPT     = 1'b1,
  parameter bit         DECRYPT     = 1'b1
) (
  input  logic [32*MAX_NB-1:0] state_i,
  input  logic [32*MAX_NB-1:0] round_key_i,
  input  logic [2:0]           nb_code_i,
  input  logic                 decrypt_i,
  input  logic                 last_round_i,  // no (Inv)MixColumns
  output logic [32*MAX_NB-1:0] state_o
);
  localparam int W = 32 * MAX_NB;

  logic         inverse;
  logic [W-1:0] shifted;

  assign inverse = DECRYPT && (decrypt_i || !ENCRYPT);

  rijndael_shift_rows #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES)) u_shift_rows (
    .data_i   (state_i),
    .nb_code_i(nb_code_i),
    .inverse_i(inverse),
    .data_o   (shifted)
  );

  // Columns that carry data for each block-length code: the same ones rijndael_shift_rows fills.
  logic [MAX_NB-1:0] used_by_nb [8];  // [Nb - 4], bit c = column c
  logic [MAX_NB-1:0] used;

  for (genvar b = 0; b < 8; b++) begin : g_used_nb
    for (genvar c = 0; c < MAX_NB; c++) begin : g_col
      assign used_by_nb[b][c] = b < 5 && BLOCK_SIZES[b % 5] && 4 + b <= MAX_NB && c < 4 + b;
    end
  end
  assign used = used_by_nb[nb_code_i];  // indexed, not looped (Icarus)

  for (genvar c = 0; c < MAX_NB; c++) begin : g_col
    logic [31:0] lookup  [4];  // T_0 entry of byte (r, c), before rotation
    logic [31:0] rotated [4];  // T_r entry: the column's share of byte (r, c)
    logic [31:0] mixed, substituted, key;

    for (genvar r = 0; r < 4; r++) begin : g_row
      logic [7:0] data;
      assign data = shifted[W-1-8*(4*c+r) -: 8];

      if (ENCRYPT && DECRYPT) begin : g_both
        logic [31:0] enc_word, dec_word;
        tbox_enc_lut u_enc (.data_i(data), .data_o(enc_word));
        tbox_dec_lut u_dec (.data_i(data), .data_o(dec_word));
        assign lookup[r] = inverse ? dec_word : enc_word;
      end else if (ENCRYPT) begin : g_enc
        tbox_enc_lut u_enc (.data_i(data), .data_o(lookup[r]));
      end else begin : g_dec
        tbox_dec_lut u_dec (.data_i(data), .data_o(lookup[r]));
      end

      if (r == 0) begin : g_no_rotation
        assign rotated[r] = lookup[r];
      end else begin : g_rotation
        assign rotated[r] = {lookup[r][8*r-1:0], lookup[r][31:8*r]};
      end

      // Row r of the last round: S[a] = byte 1 of Te0[a]; S^-1[a] = (byte1 ^ byte3 of Td0[a]) / {02}.
      logic [7:0] doubled_inverse;
      assign doubled_inverse = lookup[r][23:16] ^ lookup[r][7:0];
      if (DECRYPT) begin : g_inv_sub
        logic [7:0] inverse_sub;
        assign inverse_sub = {1'b0, doubled_inverse[7:1]} ^ (doubled_inverse[0] ? 8'h8d : 8'h00);
        assign substituted[31-8*r -: 8] = inverse ? inverse_sub : lookup[r][23:16];
      end else begin : g_fwd_sub
        logic [7:0] unused_bytes;  // an encryption table already holds S[a] in byte 1
        assign unused_bytes = doubled_inverse;
        assign substituted[31-8*r -: 8] = lookup[r][23:16];
      end
    end

    assign mixed = rotated[0] ^ rotated[1] ^ rotated[2] ^ rotated[3];

    // The key: plain, or InvMixColumns of it in the middle rounds of decryption (see the header).
    if (DECRYPT) begin : g_inv_key
      logic [31:0] key_mixed;
      rijndael_mix_column #(.INVERSE(1'b1)) u_key_mix (
        .column_i (round_key_i[W-1-32*c -: 32]),
        .inverse_i(1'b1),
        .column_o (key_mixed)
      );
      assign key = (inverse && !last_round_i) ? key_mixed : round_key_i[W-1-32*c -: 32];
    end else begin : g_plain_key
      assign key = round_key_i[W-1-32*c -: 32];
    end

    assign state_o[W-1-32*c -: 32] = ((last_round_i ? substituted : mixed) & {32{used[c]}}) ^ key;
  end
endmodule
