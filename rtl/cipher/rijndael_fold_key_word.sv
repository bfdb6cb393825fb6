// rijndael_fold_key_word: one word of the Rijndael key expansion, w[i] = w[i-Nk] ^ g(w[i-1]).
//
// g = SubWord(RotWord()) ^ Rcon when the word's phase (i mod Nk) is 0, SubWord() at phase 4 when
// Nk > 6, the identity otherwise. Used by rijndael_core_folded, which expands one word per clock into
// its round-key store; the four S-boxes here belong to the key schedule alone. rcon_o is the round
// constant of the next phase-0 word (powers of x, continuing past 0x36).
module rijndael_fold_key_word #(
  parameter int SBOX = 0  // S-box mapping, see rijndael_sbox
) (
  input  logic [31:0] back_i,   // w[i-Nk]
  input  logic [31:0] prev_i,   // w[i-1]
  input  logic [2:0]  phase_i,  // i mod Nk
  input  logic [2:0]  nk_code_i,
  input  logic [7:0]  rcon_i,
  output logic [31:0] word_o,
  output logic [7:0]  rcon_o
);
  logic [31:0] substituted, mixed;

  for (genvar j = 0; j < 4; j++) begin : g_sbox
    rijndael_sbox #(.FORWARD(1'b1), .INVERSE(1'b0), .IMPL(SBOX)) u_sbox (
      .clk_i(1'b0), .rst_ni(1'b1), .en_i(1'b0),  // combinational (LATENCY 0)
      .data_i(prev_i[8*j +: 8]), .inverse_i(1'b0), .data_o(substituted[8*j +: 8])
    );
  end

  always_comb begin
    if (phase_i == 3'd0)                         mixed = {substituted[23:0], substituted[31:24]} ^ {rcon_i, 24'h0};
    else if (nk_code_i > 3'd2 && phase_i == 3'd4) mixed = substituted;
    else                                          mixed = prev_i;
  end

  assign word_o = back_i ^ mixed;
  assign rcon_o = (phase_i == 3'd0) ? rijndael_pkg::xtime(rcon_i) : rcon_i;
endmodule
