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
// IN_COPIES (with REG_AFTER): the registered S-boxes read IN_COPIES copies of prev_i of their own, loaded
// from prev_next_i (what prev_i holds after the clock edge, wherever a SubWord word will read it), each
// copy feeding 8 / IN_COPIES of every byte's output bits (u_sbox's tables, on prev_i, are then unused and
// removed). With prev_i itself, each of its low four bits drove the 32 LUTs of its byte's tables and the
// word's other readers, a net 1.5-2.0 ns long in front of the S-box's four LUT levels: the critical path
// of every seed of pipelined-192 (183.05 MHz median on the session-47 record).
module rijndael_fold_key_word #(
  parameter int SBOX         = 0,  // S-box mapping, see rijndael_sbox
  parameter int SBOX_LATENCY = 0,
  parameter bit REG_AFTER    = 1'b0,
  parameter int IN_COPIES    = 0   // 0: the S-boxes read prev_i; 1, 2, 4 or 8: copies of their own
) (
  input  logic        clk_i,    // used only with SBOX_LATENCY > 0
  input  logic        rst_ni,
  input  logic [31:0] back_i,   // w[i-Nk]
  input  logic [31:0] prev_i,   // w[i-1]
  // IN_COPIES > 0: prev_i's value after the next clock edge, needed only where the word after it needs
  // SubWord (the caller may leave SubWord out of a SubWord word's own value here). Unread without copies:
  // waived rather than XORed into an unused signal, so that builds without copies elaborate no cell for it.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [31:0] prev_next_i,
  /* verilator lint_on UNUSEDSIGNAL */
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
  if (IN_COPIES != 0 && (!REG_AFTER || !(IN_COPIES == 1 || IN_COPIES == 2 || IN_COPIES == 4 || IN_COPIES == 8)))
  begin : g_check_in_copies
    ERROR_rijndael_fold_key_word_IN_COPIES_is_1_2_4_or_8_and_needs_REG_AFTER u_error ();
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
    logic [31:0] substituted_q, registered;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) substituted_q <= '0;
      else         substituted_q <= registered;
    end
    assign sub_word = substituted_q;
    if (IN_COPIES == 0) begin : g_sbox_in
      assign registered = substituted;
    end else begin : g_sbox_copies
      // Kept copies (synthesis would merge equal registers); each S-box keeps its share of the output bits,
      // the rest of its tables is removed as unused.
      localparam int SHARE = 8 / IN_COPIES;
      logic [32*IN_COPIES-1:0] copies;
      rijndael_reg_copies #(.WIDTH(32), .COPIES(IN_COPIES)) u_copies (
        .clk_i(clk_i), .rst_ni(1'b1), .d_i(prev_next_i), .q_o(copies)
      );
      for (genvar c = 0; c < IN_COPIES; c++) begin : g_copy
        logic [31:0] copy_substituted;
        rijndael_sbox #(.FORWARD(1'b1), .INVERSE(1'b0), .IMPL(SBOX), .LANES(4), .LATENCY(0)) u_sbox (
          .clk_i(clk_i), .rst_ni(rst_ni), .en_i(1'b1),
          .data_i(copies[32*c +: 32]), .inverse_i(1'b0), .data_o(copy_substituted)
        );
        for (genvar b = 0; b < 4; b++) begin : g_byte
          assign registered[8*b + SHARE*c +: SHARE] = copy_substituted[8*b + SHARE*c +: SHARE];
        end
        logic unused_share;  // the other copies' output bits
        assign unused_share = ^copy_substituted;
      end
      logic unused_substituted;  // u_sbox, on prev_i, serves builds without copies
      assign unused_substituted = ^substituted;
    end
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
