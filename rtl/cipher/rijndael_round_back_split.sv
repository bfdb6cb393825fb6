// rijndael_round_back_split: rijndael_round_back cut in two for a pipeline that puts a register in the
// middle of a round that runs both directions (rijndael_core_pipelined with block-RAM S-boxes and
// SUBSTAGES >= 4, builds that decrypt): PART 1 is ShiftRows / InvShiftRows, InvMixColumns' preprocessing
// step and the decryption key term; PART 2 is the MixColumns network both directions then share (or
// nothing in the last round). Together they equal rijndael_round_back: InvMixColumns is MixColumns after
// p_r = a_r ^ {04}(a_r ^ a_(r+2)) (rijndael_inv_mix_pre), and since p is linear, p(InvShiftRows(s) ^ rk)
// = p(InvShiftRows(s)) ^ p(rk): the caller gives PART 1 the key already preprocessed (key_term_i), so a
// state bit of PART 1 is the XOR of at most seven state bits and one key bit (two LUT levels), not of
// fourteen. Both directions' linear layer in one pipeline part was pipelined-both's critical path, and
// then PART 1 with the key inside its preprocessing (four LUT levels from the round-key register).
module rijndael_round_back_split #(
  parameter int         MAX_NB      = 4,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter bit         ENCRYPT     = 1'b1,
  parameter bit         DECRYPT     = 1'b1,
  parameter int         PART        = 1      // 1: shift, decryption key, preprocessing; 2: mixing
) (
  input  logic [32*MAX_NB-1:0] state_i,      // PART 1: after SubBytes; PART 2: PART 1's output
  // PART 1: the decryption key term, p(rk) per column (rijndael_inv_mix_pre) in a middle round, rk itself
  // in the last (no preprocessing there); ignored when encrypting and in PART 2.
  input  logic [32*MAX_NB-1:0] key_term_i,
  input  logic [2:0]           nb_code_i,
  input  logic [MAX_NB-1:0]    decrypt_i,     // per output column (copies of the block's direction flag)
  input  logic                 last_round_i,  // no (Inv)MixColumns, no preprocessing
  output logic [32*MAX_NB-1:0] state_o
);
  localparam int W = 32 * MAX_NB;

  if (PART != 1 && PART != 2) begin : g_check_part
    ERROR_rijndael_round_back_split_PART_must_be_1_or_2 u_error ();
  end

  // The direction per output column: each column's choices read their own copy of the flag, so no
  // single flop drives all W bits (in pipelined-both that route across the die was the critical path).
  logic [MAX_NB-1:0] inverse;
  for (genvar c = 0; c < MAX_NB; c++) begin : g_inverse
    assign inverse[c] = DECRYPT && (decrypt_i[c] || !ENCRYPT);
  end

  if (PART == 1) begin : g_first
    // Both row shifts (wiring for one block size), chosen per column.
    logic [W-1:0] forward_shifted, inverse_shifted;
    rijndael_shift_rows #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES)) u_shift_rows (
      .data_i   (state_i),
      .nb_code_i(nb_code_i),
      .inverse_i(1'b0),
      .data_o   (forward_shifted)
    );
    rijndael_shift_rows #(.MAX_NB(MAX_NB), .BLOCK_SIZES(BLOCK_SIZES)) u_inv_shift_rows (
      .data_i   (state_i),
      .nb_code_i(nb_code_i),
      .inverse_i(1'b1),
      .data_o   (inverse_shifted)
    );

    for (genvar c = 0; c < MAX_NB; c++) begin : g_pre
      logic [31:0] pre, pre_mixed;
      rijndael_inv_mix_pre u_pre (.column_i(inverse_shifted[W-1-32*c -: 32]), .column_o(pre_mixed));
      assign pre = last_round_i ? inverse_shifted[W-1-32*c -: 32] : pre_mixed;  // a constant per round
      assign state_o[W-1-32*c -: 32] = inverse[c] ? pre ^ key_term_i[W-1-32*c -: 32]
                                                  : forward_shifted[W-1-32*c -: 32];
    end
  end else begin : g_second
    logic [W-1:0] mixed;
    logic         unused_first;
    for (genvar c = 0; c < MAX_NB; c++) begin : g_mix
      rijndael_mix_column #(.INVERSE(1'b0)) u_mix_column (
        .column_i (state_i[W-1-32*c -: 32]),
        .inverse_i(1'b0),
        .column_o (mixed[W-1-32*c -: 32])
      );
    end
    assign state_o      = last_round_i ? state_i : mixed;
    assign unused_first = ^{key_term_i, nb_code_i, inverse};
  end
endmodule
