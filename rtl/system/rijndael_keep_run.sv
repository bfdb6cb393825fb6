// rijndael_keep_run: what the input gearbox needs from a beat's TKEEP, computed where the beat enters the
// engine (in front of the input FIFO), so that the lane logic is not in series with the gearbox's buffer.
//
// A packed AXI4-Stream keeps every lane before TLAST and a run from lane 0 on the TLAST beat. run_o is
// that run as a thermometer (run_o[k]: lanes 0..k all kept); bad_o flags any other pattern (a beat
// before TLAST not keeping every lane, or a kept lane after a gap on the TLAST beat).
// Why here: the run is a prefix AND over the lanes (32 at 256 bits), which synthesis builds as a chain;
// in front of the gearbox it was the start of its longest path.
module rijndael_keep_run #(
  parameter int LANES = 16
) (
  input  logic [LANES-1:0] keep_i,
  input  logic             last_i,
  output logic [LANES-1:0] run_o,
  output logic             bad_o
);
  // In two steps, words then lanes in a word: as one prefix AND over the lanes, synthesis shared each
  // lane's AND with the previous one's, a chain of one LUT per two lanes (16 levels at 32 lanes).
  localparam int WORDS = (LANES + 3) / 4;
  logic [WORDS-1:0] word_full;    // the word's four lanes kept
  logic [WORDS-1:0] words_before; // every word below it full
  for (genvar j = 0; j < WORDS; j++) begin : g_word
    assign word_full[j] = &keep_i[4*j +: 4];
  end
  logic unused_last_word;   // no word follows the last one, so its own fullness is not needed
  assign unused_last_word = word_full[WORDS-1];
  for (genvar j = 0; j < WORDS; j++) begin : g_before
    if (j == 0) begin : g_first
      assign words_before[j] = 1'b1;
    end else begin : g_rest
      (* keep *) logic all_full;
      assign all_full        = &word_full[j-1:0];
      assign words_before[j] = all_full;
    end
  end
  for (genvar k = 0; k < LANES; k++) begin : g_run
    assign run_o[k] = words_before[k / 4] && &keep_i[k:4*(k/4)];
  end
  assign bad_o = last_i ? (keep_i & ~run_o) != '0 : keep_i != '1;
endmodule
