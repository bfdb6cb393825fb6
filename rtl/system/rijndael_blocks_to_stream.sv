// rijndael_blocks_to_stream: packs result blocks into AXI4-Stream beats (the output gearbox).
//
// - Blocks arrive in the core's order (byte 0 most significant, left aligned) with their byte count;
//   beats leave in AXI byte-lane order (message byte k of a beat on tdata[8k +: 8]).
// - Beats are full (TKEEP all ones) except the one that ends a message (TLAST), which keeps a run of
//   lanes from lane 0 (possibly none). Since the input side cuts the same byte stream into beats of
//   the same width, each output message has exactly the beat structure and TKEEP of its input.
// - TUSER[0] (user_o) is set on every beat that carries a word of a flagged block, and on the TLAST
//   beat of a message whose last block was flagged.
// - A block of another TID is taken only into an empty buffer. If it arrives while a partial beat is
//   held (the input side prevents this), the partial beat leaves flagged rather than mixing contexts.
// - PAIR = 1 (an engine with two cores): a second block port (blk1_*) is taken in the same cycle as the
//   first (blk1_ready_o) when it continues the first block's message (same TID, the first is not the
//   message's last) and fits; otherwise the first goes alone and the second comes again as a first.
// - Aligned builds (FIXED_NB = 1: every block is MAX_NB words and a beat is one or two blocks): the input
//   side cut every message at the same fixed places, so a beat is a message's next one or two blocks, the
//   second only when the first does not end the message. Blocks wait in a four-block queue
//   (rijndael_issue_queue, its ready a flop; with PAIR both ports are taken together) and a beat is formed
//   from the queue's two oldest blocks: no word counts, no shifts (the general buffer's were 12-14 LUT
//   levels of the two-pipeline engine). A block of another TID behind a message's non-last block (the
//   input side never makes one) leaves it alone in a flagged beat, as the general buffer does.
module rijndael_blocks_to_stream #(
  parameter int TDATA_WIDTH = 128,
  parameter int MAX_NB      = 4,
  parameter int TID_W       = 1,
  parameter int PAIR        = 0,  // 1: second block port (blk1_*) for two blocks per cycle
  parameter int FIXED_NB    = 0   // 1: every block is MAX_NB words (the build has one block length)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  // blocks
  input  logic                     blk_valid_i,
  output logic                     blk_ready_o,
  input  logic [32*MAX_NB-1:0]     blk_data_i,
  input  logic [5:0]               blk_bytes_i,
  input  logic                     blk_last_i,
  input  logic                     blk_err_i,
  input  logic [TID_W-1:0]         blk_tid_i,
  // second block (PAIR = 1), behind the first
  input  logic                     blk1_valid_i,
  output logic                     blk1_ready_o,
  input  logic [32*MAX_NB-1:0]     blk1_data_i,
  input  logic [5:0]               blk1_bytes_i,
  input  logic                     blk1_last_i,
  input  logic                     blk1_err_i,
  input  logic [TID_W-1:0]         blk1_tid_i,
  // beats
  output logic                     out_valid_o,
  input  logic                     out_ready_i,
  output logic [TDATA_WIDTH-1:0]   out_data_o,
  output logic [TDATA_WIDTH/8-1:0] out_keep_o,
  output logic                     out_last_o,
  output logic                     out_user_o,
  output logic [TID_W-1:0]         out_tid_o,
  output logic                     empty_o
);
  localparam int W     = TDATA_WIDTH / 32;
  localparam int CAP   = W + (PAIR != 0 ? 2 : 1) * MAX_NB;
  localparam int CW    = $clog2(CAP + 1);
  localparam int BPB   = W / MAX_NB;   // blocks per beat (aligned builds)
  localparam bit ALIGNED = FIXED_NB != 0 && W % MAX_NB == 0 && (BPB == 1 || BPB == 2);

  if (ALIGNED) begin : g_aligned
    localparam int BW = 32 * MAX_NB;
    localparam int QW = BW + 6 + 1 + 1 + TID_W;   // data, bytes, TLAST, flagged, TID
    logic          q_ready, h0_valid, h1_valid, h0_last, h1_last, h0_err, h1_err, pair, fire, q_empty;
    logic [BW-1:0] h0_data, h1_data;
    logic [5:0]    h0_bytes, h1_bytes;
    logic [TID_W-1:0] h0_tid, h1_tid;
    rijndael_issue_queue #(.WIDTH(QW)) u_queue (
      .clk_i, .rst_ni,
      .in0_valid_i(blk_valid_i), .in1_valid_i(PAIR != 0 && blk1_valid_i), .in_ready_o(q_ready),
      .in0_data_i({blk_data_i, blk_bytes_i, blk_last_i, blk_err_i, blk_tid_i}),
      .in1_data_i({blk1_data_i, blk1_bytes_i, blk1_last_i, blk1_err_i, blk1_tid_i}),
      .out0_valid_o(h0_valid), .out1_valid_o(h1_valid),
      .out0_data_o({h0_data, h0_bytes, h0_last, h0_err, h0_tid}),
      .out1_data_o({h1_data, h1_bytes, h1_last, h1_err, h1_tid}),
      .take0_i(fire), .take1_i(pair), .empty_o(q_empty)
    );
    assign blk_ready_o  = q_ready;
    assign blk1_ready_o = PAIR != 0 && q_ready;

    // A beat: the oldest block, and the block behind it when the oldest does not end its message (BPB = 2).
    logic second, switch_tid;
    if (BPB == 2) begin : g_two_per_beat
      assign second     = h0_valid && !h0_last && h1_valid;
      assign switch_tid = second && h1_tid != h0_tid;
      assign pair       = fire && second && !switch_tid;
      assign out_valid_o = h0_valid && (h0_last || h1_valid);
    end else begin : g_one_per_beat
      logic unused_h1;
      assign unused_h1   = ^{h1_valid, h1_data, h1_bytes, h1_last, h1_err, h1_tid};
      assign second      = 1'b0;
      assign switch_tid  = 1'b0;
      assign pair        = 1'b0;
      assign out_valid_o = h0_valid;
    end
    logic with1;   // the beat carries the second block
    assign with1 = second && !switch_tid;
    assign fire  = out_valid_o && out_ready_i;
    for (genvar j = 0; j < W; j++) begin : g_lane_word
      // Word j carries message bytes 4j..4j+3; its most significant byte goes to lane 4j.
      logic [31:0] word;
      if (j < MAX_NB) begin : g_first
        assign word = h0_data[BW-1-32*j -: 32];
      end else begin : g_second
        assign word = with1 ? h1_data[BW-1-32*(j-MAX_NB) -: 32] : 32'h0;
      end
      assign out_data_o[32*j +: 32] = {word[7:0], word[15:8], word[23:16], word[31:24]};
      for (genvar b = 0; b < 4; b++) begin : g_keep
        if (j < MAX_NB) begin : g_first_keep
          assign out_keep_o[4*j + b] = (4 * j + b) < int'(h0_bytes);
        end else begin : g_second_keep
          assign out_keep_o[4*j + b] = with1 && (4 * (j - MAX_NB) + b) < int'(h1_bytes);
        end
      end
    end
    assign out_last_o = h0_last || (with1 && h1_last);
    assign out_user_o = h0_err || (with1 && h1_err) || switch_tid;
    assign out_tid_o  = h0_tid;
    assign empty_o    = q_empty;
  end else begin : g_general
    logic [31:0]      buf_q [CAP];
    logic [31:0]      buf_d [CAP];
    logic [CAP-1:0]   werr_q, werr_d;     // per word: it belongs to a flagged block
    logic [CW-1:0]    cnt_q, cnt_d;
    logic [TID_W-1:0] tid_q, tid_d;
    logic             last_q, last_d;
    logic [1:0]       pad_q, pad_d;
    logic             lerr_q, lerr_d;     // the message's last block was flagged

    logic [CW-1:0] blk_words, take, take_fire, rem;
    logic [1:0]    blk_pad;
    logic          full_beat, switch_tid, out_fire, rem_last, accept, end_leaves;
    logic [CW-1:0] blk1_words, rem1;     // second block: its words, and where it goes (behind the first)
    logic [1:0]    blk1_pad;
    logic          accept1;
    int            beat_bytes;

    assign blk_words = CW'((int'(blk_bytes_i) + 3) / 4);
    assign blk_pad   = 2'((4 - int'(blk_bytes_i) % 4) % 4);

    assign full_beat  = int'(cnt_q) >= W;
    assign switch_tid = blk_valid_i && !last_q && cnt_q != '0 && !full_beat && blk_tid_i != tid_q;
    assign out_valid_o = full_beat || last_q || switch_tid;
    assign take        = full_beat ? CW'(W) : cnt_q;
    assign out_last_o  = last_q && int'(cnt_q) <= W;
    assign beat_bytes  = 4 * int'(take) - (out_last_o ? int'(pad_q) : 0);
    assign out_tid_o   = tid_q;
    assign out_fire    = out_valid_o && out_ready_i;
    assign empty_o     = cnt_q == '0 && !last_q;

    logic [CAP-1:0] taken_words;
    for (genvar p = 0; p < CAP; p++) begin : g_taken
      assign taken_words[p] = p < int'(take);
    end
    assign out_user_o = |(werr_q & taken_words) || (out_last_o && lerr_q) || switch_tid;

    for (genvar j = 0; j < W; j++) begin : g_lane_word
      // Word j carries message bytes 4j..4j+3; its most significant byte goes to lane 4j.
      logic [31:0] word;
      assign word = (j < int'(take)) ? buf_q[j] : 32'h0;
      assign out_data_o[32*j +: 32] = {word[7:0], word[15:8], word[23:16], word[31:24]};
      for (genvar b = 0; b < 4; b++) begin : g_keep
        assign out_keep_o[4*j + b] = (4 * j + b) < beat_bytes;
      end
    end

    assign take_fire = out_fire ? take : '0;
    assign rem       = cnt_q - take_fire;
    assign rem_last  = last_q && !end_leaves;
    // Room is judged from cnt_q, not from what the beat leaving this clock frees (rem: a subtraction of the
    // beat's word count, behind out_ready_i): the capacity still allows W words in and W out per clock, and
    // the ready of the blocks' source no longer waits for that carry chain (with the engine's output FIFO
    // behind it, that handshake was the critical path). A message's TLAST beat leaving empties the buffer,
    // so the next message's first block (of any TID) is taken in the same clock.
    assign end_leaves  = out_fire && out_last_o;
    assign blk_ready_o = !rem_last && !switch_tid && int'(cnt_q) + int'(blk_words) <= CAP &&
                         (cnt_q == '0 || end_leaves || blk_tid_i == tid_q);
    assign accept    = blk_valid_i && blk_ready_o;
    assign rem1      = rem + blk_words;

    if (PAIR != 0) begin : g_pair
      assign blk1_words   = CW'((int'(blk1_bytes_i) + 3) / 4);
      assign blk1_pad     = 2'((4 - int'(blk1_bytes_i) % 4) % 4);
      assign blk1_ready_o = blk_ready_o && !blk_last_i && blk1_tid_i == blk_tid_i &&
                            int'(cnt_q) + int'(blk_words) + int'(blk1_words) <= CAP;
      assign accept1      = accept && blk1_valid_i && blk1_ready_o;
    end else begin : g_single
      logic unused_blk1;
      assign unused_blk1  = ^{blk1_valid_i, blk1_data_i, blk1_bytes_i, blk1_last_i, blk1_err_i, blk1_tid_i};
      assign blk1_words   = '0;
      assign blk1_pad     = 2'd0;
      assign blk1_ready_o = 1'b0;
      assign accept1      = 1'b0;
    end

    for (genvar p = 0; p < CAP; p++) begin : g_pos
      always_comb begin
        buf_d[p]  = 32'h0;
        werr_d[p] = 1'b0;
        if (p < int'(rem)) begin
          buf_d[p]  = buf_q[p + int'(take_fire)];
          werr_d[p] = werr_q[p + int'(take_fire)];
        end else if (accept1 && p >= int'(rem1) && p - int'(rem1) < MAX_NB) begin
          buf_d[p]  = blk1_data_i[32*MAX_NB - 1 - 32*(p - int'(rem1)) -: 32];
          werr_d[p] = blk1_err_i;
        end else if (accept && p - int'(rem) < MAX_NB) begin
          buf_d[p]  = blk_data_i[32*MAX_NB - 1 - 32*(p - int'(rem)) -: 32];
          werr_d[p] = blk_err_i;
        end
      end
      always_ff @(posedge clk_i) begin
        if (!rst_ni) buf_q[p] <= 32'h0;
        else         buf_q[p] <= buf_d[p];
      end
    end

    always_comb begin
      cnt_d  = rem + (accept ? blk_words : '0) + (accept1 ? blk1_words : '0);
      tid_d  = accept ? blk_tid_i : tid_q;
      // The first block is never its message's last when the second is taken too.
      last_d = rem_last || (accept && blk_last_i) || (accept1 && blk1_last_i);
      pad_d  = (accept1 && blk1_last_i) ? blk1_pad :
               ((accept && blk_last_i) ? blk_pad : (rem_last ? pad_q : 2'd0));
      lerr_d = (rem_last && lerr_q) || (accept && blk_last_i && blk_err_i) || (accept1 && blk1_last_i && blk1_err_i);
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        werr_q <= '0;
        cnt_q  <= '0;
        tid_q  <= '0;
        last_q <= 1'b0;
        pad_q  <= 2'd0;
        lerr_q <= 1'b0;
      end else begin
        werr_q <= werr_d;
        cnt_q  <= cnt_d;
        tid_q  <= tid_d;
        last_q <= last_d;
        pad_q  <= pad_d;
        lerr_q <= lerr_d;
      end
    end
  end
endmodule
