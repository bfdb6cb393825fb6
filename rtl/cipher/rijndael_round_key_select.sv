// rijndael_round_key_select: the current round key out of the key-expansion window.
//
// The window runs key_lead_words(Nb, Nk) words ahead of the last word of the current round key
// (Nk - Nb when Nk >= Nb, else Nk; see rijndael_pkg), so the round key is the Nb words that end that far
// below the newest word. The result is block-aligned: key word 0 in the most significant 32 bits,
// zero past Nb.
module rijndael_round_key_select #(
  parameter int         MAX_NB      = 4,
  parameter int         WIN         = 8,
  parameter logic [4:0] BLOCK_SIZES = 5'b00001,
  parameter logic [4:0] KEY_SIZES   = 5'b10101
) (
  input  logic [32*WIN-1:0]    window_i,
  input  logic [2:0]           nb_code_i,
  input  logic [2:0]           nk_code_i,
  output logic [32*MAX_NB-1:0] round_key_o
);
  // One candidate per (Nb, Nk) pair, chosen by indexing (no procedural loops: Icarus re-triggers
  // always_comb on its loop variables).
  logic [32*MAX_NB-1:0] key_by_sizes [8][8];  // [Nb - 4][Nk - 4]

  for (genvar b = 0; b < 8; b++) begin : g_nb
    for (genvar k = 0; k < 8; k++) begin : g_nk
      if (b < 5 && k < 5 && BLOCK_SIZES[b] && KEY_SIZES[k] && 4 + b <= MAX_NB) begin : g_on
        localparam int FIRST = WIN - rijndael_pkg::key_lead_words(4 + b, 4 + k) - (4 + b);
        for (genvar c = 0; c < MAX_NB; c++) begin : g_word
          if (c < 4 + b) begin : g_used
            assign key_by_sizes[b][k][32*(MAX_NB-1-c) +: 32] = window_i[32*(FIRST + c) +: 32];
          end else begin : g_unused
            assign key_by_sizes[b][k][32*(MAX_NB-1-c) +: 32] = 32'h0;
          end
        end
      end else begin : g_off
        assign key_by_sizes[b][k] = '0;
      end
    end
  end

  assign round_key_o = key_by_sizes[nb_code_i][nk_code_i];
endmodule
