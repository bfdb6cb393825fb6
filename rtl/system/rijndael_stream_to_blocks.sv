// rijndael_stream_to_blocks: cuts AXI4-Stream beats into cipher blocks (the input gearbox).
//
// - Beats are TDATA_WIDTH bits; AXI byte lanes: message byte k of a beat is tdata[8k +: 8]. Blocks
//   go out in the core's order: block byte 0 is the most significant byte, the block left aligned
//   in 32*MAX_NB bits. Everything moves in 32-bit words (every block and beat is whole words).
// - The block length nb_words_i (4..8 words) is the one of the context that owns the buffered data
//   (tid_o); the engine looks it up. It must not change while that context has data here.
// - A message ends with TLAST: its last block may be short (block_bytes_o < 4*Nb, possibly 0 when
//   TLAST comes on a beat with TKEEP = 0 after whole blocks). Only the TLAST beat may keep fewer
//   lanes, and those must be a run from lane 0 (a packed stream); bytes past the run are zeroed.
//   Other TKEEP patterns are processed as described and flag the message's last block (err). TKEEP
//   arrives as its run and that check (rijndael_keep_run, in front of the input FIFO).
// - A TID change while a block is only partly assembled ends that block there, as the last block of
//   its message, flagged (err). Otherwise a new TID waits until the buffer is empty, so every block
//   and every output beat belongs to one context.
// - Throughput: one beat in and one block out per cycle, whichever is the narrower. With PAIR = 1 (an
//   engine with two cores) a second block port shows the block behind the first one (same message) when
//   it is whole or ends the message; the consumer takes it together with the first (blk_take2_i), never
//   alone, so up to two blocks leave per cycle.
// - Aligned builds (FIXED_NB = 1: every context's block is MAX_NB words, and a beat is one or two blocks,
//   e.g. AES at 128 or 256 bits): only a TLAST beat can hold less than whole blocks, so every block starts
//   at a fixed place in a beat and there is nothing to shift. The blocks come straight from the beat (the
//   input FIFO's output register): no buffer, no word counts; the beat leaves when its blocks have (the
//   second block of a beat is offered as block 0 once the first has gone alone). Same blocks, lengths and
//   flags as the general gearbox, whose buffer shift and word counts were 13-15 LUT levels of the
//   two-pipeline engine (docs/results.md, session 53).
module rijndael_stream_to_blocks #(
  parameter int TDATA_WIDTH = 128,
  parameter int MAX_NB      = 4,
  parameter int TID_W       = 1,
  parameter int PAIR        = 0,  // 1: second block port (blk1_*) for two blocks per cycle
  parameter int FIXED_NB    = 0   // 1: nb_words_i is always MAX_NB (the build has one block length)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  // beats
  input  logic                     in_valid_i,
  output logic                     in_ready_o,
  input  logic [TDATA_WIDTH-1:0]   in_data_i,
  input  logic [TDATA_WIDTH/8-1:0] in_run_i,      // TKEEP's run from lane 0 (rijndael_keep_run)
  input  logic                     in_keep_bad_i,  // TKEEP not as a packed stream keeps it
  input  logic                     in_last_i,
  input  logic [TID_W-1:0]         in_tid_i,
  // block length of the buffered context, in words
  output logic [TID_W-1:0]         tid_o,
  input  logic [3:0]               nb_words_i,
  // blocks
  output logic                     blk_valid_o,
  input  logic                     blk_ready_i,
  output logic [32*MAX_NB-1:0]     blk_data_o,
  output logic [5:0]               blk_bytes_o,
  output logic                     blk_last_o,
  output logic                     blk_err_o,
  // second block (PAIR = 1; all zero otherwise): taken with the first when blk_take2_i is high too
  output logic                     blk1_valid_o,
  input  logic                     blk_take2_i,
  output logic [32*MAX_NB-1:0]     blk1_data_o,
  output logic [5:0]               blk1_bytes_o,
  output logic                     blk1_last_o,
  output logic                     blk1_err_o,
  // aligned builds: block 0's port shows the beat's second block (its first left alone); 0 otherwise.
  // A consumer that keeps the beat's data elsewhere (rijndael_engine_lanes) picks block 0's words by it.
  output logic                     half_o,
  output logic                     empty_o
);
  localparam int W     = TDATA_WIDTH / 32;        // words per beat
  localparam int LANES = TDATA_WIDTH / 8;
  localparam int BPB   = W / MAX_NB;               // blocks per beat (aligned builds)
  localparam bit ALIGNED = FIXED_NB != 0 && W % MAX_NB == 0 && (BPB == 1 || BPB == 2);
  // Buffer words: a whole beat fits behind a partial block (and with PAIR two whole blocks fit).
  localparam int CAP   = (PAIR != 0 && MAX_NB > W) ? 2 * MAX_NB : MAX_NB + W;
  localparam int CW    = $clog2(CAP + 1);         // width of word counts

  // The number of ones in a thermometer code (ones from bit 0 up): the m where bit m-1 is set and bit m
  // is not, encoded by OR-ing those boundary terms (two LUT levels, not an adder).
  function automatic logic [CW-1:0] thermo_count(input logic [W-1:0] t);
    logic [W:0] ext;
    ext = {1'b0, t};
    thermo_count = '0;
    for (int m = 1; m <= W; m++) begin
      if (ext[m-1] && !ext[m]) thermo_count = thermo_count | CW'(m);
    end
  endfunction

  // ---------------------------------------------------------------------------------------------
  // The beat as words in message order, bytes past the kept run zeroed.
  logic           keep_bad;
  logic [CW-1:0]  beat_words;
  logic [1:0]     beat_pad;      // missing bytes in the beat's last word (TLAST beats)
  logic [31:0]    beat_word [W];
  logic [LANES-1:0] lane_on;

  // The kept run from lane 0 as a thermometer (run_on[k]: lanes 0..k all kept) and the TKEEP check come
  // from rijndael_keep_run in front of the input FIFO: a count of the run was a serial loop over the lanes
  // in front of the word count and the buffer's write position, and even as a prefix AND the chain over
  // 32 lanes was the start of this gearbox's longest path.
  logic [LANES-1:0] run_on;
  assign run_on = in_run_i;
  // Words the run reaches into (ceil(run / 4)): word j counts when its first lane is in the run.
  logic [W-1:0] word_on;
  for (genvar j = 0; j < W; j++) begin : g_word_on
    assign word_on[j] = run_on[4*j];
  end
  assign keep_bad   = in_keep_bad_i;
  assign beat_words = in_last_i ? thermo_count(word_on) : CW'(W);
  // Bytes missing in the last word: the run ends r lanes into a word (r = 1..3) -> 4 - r.
  logic [3:1] ends_at;
  for (genvar r = 1; r < 4; r++) begin : g_ends
    logic [W-1:0] at;
    for (genvar j = 0; j < W; j++) begin : g_word
      assign at[j] = run_on[4*j + r - 1] && !run_on[4*j + r];
    end
    assign ends_at[r] = |at;
  end
  assign beat_pad = !in_last_i ? 2'd0 : ends_at[1] ? 2'd3 : ends_at[2] ? 2'd2 : ends_at[3] ? 2'd1 : 2'd0;

  for (genvar k = 0; k < LANES; k++) begin : g_lane
    assign lane_on[k] = !in_last_i || run_on[k];
  end
  for (genvar j = 0; j < W; j++) begin : g_beat_word
    // Lane 4j is message byte 4j: the most significant byte of the word in the core's order.
    assign beat_word[j] = {in_data_i[32*j +: 8]      & {8{lane_on[4*j]}},
                           in_data_i[32*j + 8 +: 8]  & {8{lane_on[4*j+1]}},
                           in_data_i[32*j + 16 +: 8] & {8{lane_on[4*j+2]}},
                           in_data_i[32*j + 24 +: 8] & {8{lane_on[4*j+3]}}};
  end

  if (ALIGNED) begin : g_aligned
    // Block b of the beat: words b*MAX_NB.. of it, its bytes (a TLAST beat: the kept run's lanes in the
    // block, a thermometer count; any other beat: all), and whether it exists (block 0 always; block 1
    // unless a TLAST beat's run ends inside block 0).
    localparam int BL = 4 * MAX_NB;   // lanes (bytes) per block
    logic [32*MAX_NB-1:0] bdata  [BPB];
    logic [5:0]           bbytes [BPB];
    logic                 two;        // the beat holds a second block
    logic                 half_q;     // its first block has left alone; the second is offered as block 0
    logic                 err_q;      // a flagged beat of the current message has passed (shown on its last block)
    logic                 fire, done, last_err;
    logic [LANES:0]       run_ext;    // the run with a lane past the beat, never kept
    assign run_ext = {1'b0, run_on};
    for (genvar b = 0; b < BPB; b++) begin : g_block
      logic [5:0] run_bytes;
      for (genvar i = 0; i < MAX_NB; i++) begin : g_word
        assign bdata[b][32*(MAX_NB-1-i) +: 32] = beat_word[b*MAX_NB + i];
      end
      always_comb begin
        run_bytes = '0;
        for (int m = 1; m <= BL; m++) begin
          if (run_ext[b*BL + m - 1] && (m == BL || !run_ext[b*BL + m])) run_bytes = run_bytes | 6'(m);
        end
      end
      assign bbytes[b] = in_last_i ? run_bytes : 6'(BL);
    end
    if (BPB == 2) begin : g_two_per_beat
      assign two = !in_last_i || run_on[BL];
    end else begin : g_one_per_beat
      assign two = 1'b0;
    end

    assign last_err     = err_q || in_keep_bad_i;
    assign blk_valid_o  = in_valid_i;
    assign blk_data_o   = half_q ? bdata[BPB-1] : bdata[0];
    assign blk_bytes_o  = half_q ? bbytes[BPB-1] : bbytes[0];
    assign blk_last_o   = in_last_i && (half_q || !two);
    assign blk_err_o    = blk_last_o && last_err;
    assign fire         = in_valid_i && blk_ready_i;
    if (PAIR != 0) begin : g_pair
      assign blk1_valid_o = in_valid_i && two && !half_q;
      assign blk1_data_o  = bdata[BPB-1];
      assign blk1_bytes_o = bbytes[BPB-1];
      assign blk1_last_o  = in_last_i;
      assign blk1_err_o   = in_last_i && last_err;
      assign done         = fire && (half_q || !two || blk_take2_i);
    end else begin : g_single
      logic unused_take2;
      assign unused_take2 = blk_take2_i;
      assign blk1_valid_o = 1'b0;
      assign blk1_data_o  = '0;
      assign blk1_bytes_o = '0;
      assign blk1_last_o  = 1'b0;
      assign blk1_err_o   = 1'b0;
      assign done         = fire && (half_q || !two);
    end
    // The beat leaves the input FIFO when its last block goes.
    assign in_ready_o = done;
    assign tid_o      = in_tid_i;
    assign half_o     = half_q;
    assign empty_o    = !half_q;

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        half_q <= 1'b0;
        err_q  <= 1'b0;
      end else begin
        if (done)      half_q <= 1'b0;
        else if (fire) half_q <= 1'b1;
        if (done) err_q <= !in_last_i && last_err;
      end
    end
    logic unused_aligned;
    assign unused_aligned = ^{nb_words_i, keep_bad, beat_words, beat_pad};
  end else begin : g_general
    // ---------------------------------------------------------------------------------------------
    // Buffer state.
    logic [31:0]      buf_q [CAP];
    logic [31:0]      buf_d [CAP];
    logic [CW-1:0]    cnt_q, cnt_d;      // words held
    logic [TID_W-1:0] tid_q, tid_d;
    logic             last_q, last_d;    // the TLAST beat of the message is in the buffer
    logic [1:0]       pad_q, pad_d;      // bytes missing in the final word (with last_q)
    logic             err_q, err_d;      // a stream error in the current message, shown on its last block

    logic [CW-1:0] nb, take, take_fire, rem;
    logic          cut, have_block, blk_fire, rem_last, accept;
    logic [CW-1:0] take1;           // words of the second block
    logic          fire2, fire_last;

    assign nb = CW'(int'(nb_words_i));
    // TID changes inside a block: end the block here (flagged) instead of mixing contexts.
    assign cut        = in_valid_i && !last_q && cnt_q != '0 && cnt_q < nb && in_tid_i != tid_q;
    assign have_block = cnt_q >= nb;
    assign blk_valid_o = have_block || last_q || cut;
    assign take        = have_block ? nb : cnt_q;
    assign blk_last_o  = (last_q || cut) && cnt_q <= nb;
    assign blk_bytes_o = 6'(4 * int'(take) - ((blk_last_o && last_q) ? int'(pad_q) : 0));
    assign blk_err_o   = blk_last_o && (err_q || cut);
    assign blk_fire    = blk_valid_o && blk_ready_i;
    assign tid_o       = tid_q;
    assign half_o      = 1'b0;
    assign empty_o     = cnt_q == '0 && !last_q;

    for (genvar i = 0; i < MAX_NB; i++) begin : g_blk_word
      assign blk_data_o[32*(MAX_NB-1-i) +: 32] = (i < int'(take)) ? buf_q[i] : 32'h0;
    end

    // The second block: the nb words behind the first, or the rest of the message when it ends there.
    if (PAIR != 0) begin : g_pair
      assign blk1_valid_o = !cut && cnt_q > nb && (int'(cnt_q) >= 2 * int'(nb) || last_q);
      assign take1        = (int'(cnt_q) >= 2 * int'(nb)) ? nb : cnt_q - nb;
      assign blk1_last_o  = last_q && int'(cnt_q) <= 2 * int'(nb);
      assign blk1_bytes_o = 6'(4 * int'(take1) - (blk1_last_o ? int'(pad_q) : 0));
      assign blk1_err_o   = blk1_last_o && err_q;
      for (genvar i = 0; i < MAX_NB; i++) begin : g_blk1_word
        assign blk1_data_o[32*(MAX_NB-1-i) +: 32] = (i < int'(take1)) ? buf_q[int'(nb) + i] : 32'h0;
      end
      assign fire2 = blk_fire && blk_take2_i && blk1_valid_o;
    end else begin : g_single
      logic unused_take2;
      assign unused_take2 = blk_take2_i;
      assign blk1_valid_o = 1'b0;
      assign take1        = '0;
      assign blk1_last_o  = 1'b0;
      assign blk1_bytes_o = '0;
      assign blk1_err_o   = 1'b0;
      assign blk1_data_o  = '0;
      assign fire2        = 1'b0;
    end

    // After this cycle's block(s) leave: words left, and whether the message end is still held.
    assign take_fire = blk_fire ? (fire2 ? take + take1 : take) : '0;
    assign fire_last = fire2 ? blk1_last_o : (blk_fire && blk_last_o);
    assign rem       = cnt_q - take_fire;
    assign rem_last  = last_q && !fire_last;
    assign accept    = in_valid_i && !rem_last && !cut && int'(rem) + W <= CAP &&
                       (rem == '0 || in_tid_i == tid_q);
    assign in_ready_o = !rem_last && !cut && int'(rem) + W <= CAP && (rem == '0 || in_tid_i == tid_q);

    for (genvar p = 0; p < CAP; p++) begin : g_pos
      always_comb begin
        buf_d[p] = 32'h0;
        if (p < int'(rem)) begin
          buf_d[p] = buf_q[p + int'(take_fire)];
        end else if (accept && p - int'(rem) < W) begin
          buf_d[p] = beat_word[p - int'(rem)];
        end
      end
      always_ff @(posedge clk_i) begin
        if (!rst_ni) buf_q[p] <= 32'h0;
        else         buf_q[p] <= buf_d[p];
      end
    end

    always_comb begin
      cnt_d  = rem + (accept ? beat_words : '0);
      tid_d  = accept ? in_tid_i : tid_q;
      last_d = rem_last || (accept && in_last_i);
      pad_d  = (accept && in_last_i) ? beat_pad : (rem_last ? pad_q : 2'd0);
      err_d  = (err_q && !fire_last) || (accept && keep_bad);
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        cnt_q  <= '0;
        tid_q  <= '0;
        last_q <= 1'b0;
        pad_q  <= 2'd0;
        err_q  <= 1'b0;
      end else begin
        cnt_q  <= cnt_d;
        tid_q  <= tid_d;
        last_q <= last_d;
        pad_q  <= pad_d;
        err_q  <= err_d;
      end
    end
  end
endmodule
