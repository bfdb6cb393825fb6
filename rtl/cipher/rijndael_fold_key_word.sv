// rijndael_fold_key_word: one word of the Rijndael key expansion, w[i] = w[i-Nk] ^ g(w[i-1]).
//
// g = SubWord(RotWord()) ^ Rcon when the word's phase (i mod Nk) is 0 (rot_i), SubWord() at phase 4 when
// Nk > 6 (sub_i), the identity otherwise. The caller decodes the phase (the pipelined core keeps it one-hot
// in flops, so the decode is not in series with the S-box). Used by rijndael_core_folded and the pipelined
// core's serial key expansion, one word per clock; the four S-boxes here belong to the key schedule
// alone. rcon_o is the round constant of the next phase-0 word (powers of x, continuing past 0x36).
// SBOX_LATENCY > 0 registers the S-boxes (rijndael_sbox): word_o is then right only when prev_i has been
// stable for SBOX_LATENCY clocks (the caller waits for that before taking a word that needs SubWord).
// REG_AFTER (with SBOX_LATENCY = 1): the register sits after the whole S-box instead of inside its case
// ROMs, where rijndael_sbox puts it. The loop prev_i -> S-box -> word_o -> prev_i then has about two LUT
// levels on each side of the register; with the register inside the tables it had one in front and
// four after it (the quarter choice, the RotWord / SubWord choice, the XOR), and those four were the
// critical path of every seed of pipelined-256 (the S-box's top_q -> 4.2-4.6 ns of routing -> the window's
// newest word, 163.64 MHz median on the session-42 record).
module rijndael_fold_key_word #(
  parameter int SBOX         = 0,  // S-box mapping, see rijndael_sbox
  parameter int SBOX_LATENCY = 0,
  parameter bit REG_AFTER    = 1'b0
) (
  input  logic        clk_i,    // used only with SBOX_LATENCY > 0
  input  logic        rst_ni,
  input  logic [31:0] back_i,   // w[i-Nk]
  input  logic [31:0] prev_i,   // w[i-1]
  input  logic        rot_i,    // i mod Nk == 0
  input  logic        sub_i,    // Nk > 6 and i mod Nk == 4
  input  logic [7:0]  rcon_i,
  output logic [31:0] word_o,
  output logic [7:0]  rcon_o
);
  logic [31:0] substituted, mixed;

  if (REG_AFTER && SBOX_LATENCY != 1) begin : g_check_reg_after
    ERROR_rijndael_fold_key_word_REG_AFTER_needs_SBOX_LATENCY_1 u_error ();
  end
  rijndael_sbox #(
    .FORWARD(1'b1), .INVERSE(1'b0), .IMPL(SBOX), .LANES(4), .LATENCY(REG_AFTER ? 0 : SBOX_LATENCY)
  ) u_sbox (
    .clk_i(clk_i), .rst_ni(rst_ni), .en_i(1'b1),
    .data_i(prev_i), .inverse_i(1'b0), .data_o(substituted)
  );

  // The S-box's output as the word reads it: registered here with REG_AFTER (reset like the S-box's own).
  logic [31:0] sub_word;
  if (REG_AFTER) begin : g_reg_after
    logic [31:0] substituted_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) substituted_q <= '0;
      else         substituted_q <= substituted;
    end
    assign sub_word = substituted_q;
  end else begin : g_reg_inside
    assign sub_word = substituted;
  end

  always_comb begin
    if (rot_i)      mixed = {sub_word[23:0], sub_word[31:24]} ^ {rcon_i, 24'h0};
    else if (sub_i) mixed = sub_word;
    else            mixed = prev_i;
  end

  assign word_o = back_i ^ mixed;
  assign rcon_o = rot_i ? rijndael_pkg::xtime(rcon_i) : rcon_i;
endmodule
