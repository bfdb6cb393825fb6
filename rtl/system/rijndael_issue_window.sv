// rijndael_issue_window: a small queue of blocks in front of the issue stage of a two-core engine, from
// which the issue stage takes up to two blocks per clock, not necessarily the oldest ones.
//
// Why: the input gearbox holds one message at a time, so the two blocks it shows are always of one
// context. In the feedback modes (CBC/CFB128 encryption, OFB) the second waits for the first's result,
// and so would everything behind it. Here blocks of several contexts wait side by side, and a block of
// another context whose chain is free may go to a core past an older block that waits.
//
// - Entries are kept in arrival order (entry 0 the oldest; the queue closes up behind taken entries).
//   Each carries its sequence number (seq_o, allocated here in arrival order): the merge puts results
//   back into arrival order with it (rijndael_reorder), so the output order is the input order.
// - A block is "free to go" when it is a whole block of a started context with no stream error, its
//   context needs no key beat, its context has no feedback block in a core (ctx_go_i), and no older entry
//   of its context is still waiting: a context's blocks never overtake each other.
// - Block 0 (blk_*) is the oldest entry (which the engine handles as before: refused blocks, key beats,
//   short last blocks, waiting on its chain), except when that entry waits for its context's feedback
//   block (ctx_wait_i): then block 0 is the oldest free entry, if any. Block 1 (blk1_*) is the next free
//   entry after block 0, or, when block 0 is the oldest entry, the next entry of its context when that
//   is a non-feedback block (its chaining value follows block 0's in the engine). Behind a skipped
//   oldest entry block 1 is only the next free entry: block 0's own next block would need block 0 found
//   first (two searches in series); it goes as block 0 in the next clock. The engine decides whether
//   they go (blk_take_i, blk1_take_i: block 1 only with block 0).
// - Context order without comparing TIDs in the search: each entry keeps how many older entries of its
//   TID the window holds (older_q; 0: the first of its context, 1: the second).
// - The picks are registered (pick registers: positions and copies of the two entries; the blocks are
//   read from LUT RAM by the registered slot numbers), searched a clock ahead for each way the engine
//   can take the current picks and chosen by its take at the end. Why: with the search in front of the
//   engine's decisions, window search -> entry read -> context flags -> block flags -> chaining values
//   was one 32-LUT-level path (11.5 MHz placed, two-pipeline engine). The searches work on one-hot
//   vectors (lowest set bit by ORs, entries read by AND-OR), not on indices. Costs: a block is searched from
//   the clock after it enters, and context flags that change show a clock late (the engine checks them
//   again, so that costs a clock, never order).
// - Entry is decided from registers only (entries held, reorder slots free), so nothing here makes the
//   gearbox's ready wait on the cores.
// - The blocks themselves are not in the entries: an entry holds a data slot number (id) and the block
//   sits in LUT RAM at that slot. Why: entries close up behind taken ones, and with the 128-bit block in
//   each, the shift and the two read-out multiplexers were ~14k LUT4 at DEPTH 16 (a sixth of the
//   two-pipeline engine); slot numbers shift instead. Two blocks are written and two read per clock, and
//   a LUT-RAM cell has one port of each, so there are four memories (write port x read port) and a flop
//   per slot (lvt_q) saying which write port wrote it last. A free slot is the lowest clear bit of
//   used_q (the second block: the next one), so slots and entries are used and freed together. The
//   memories hold plaintext, so after reset they are zeroed by a counted sequence (DEPTH cycles,
//   in_ready_o low).
module rijndael_issue_window #(
  parameter int DEPTH    = 16,   // blocks held
  parameter int MAX_NB   = 4,
  parameter int TID_W    = 1,
  parameter int CONTEXTS = 4,
  parameter int SEQ_W    = 6      // sequence number width (log2 of the reorder buffer's size)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  // from the input gearbox: a block, and the block behind it (taken only together with the first)
  input  logic                   in_valid_i,
  output logic                   in_ready_o,
  input  logic [32*MAX_NB-1:0]   in_data_i,
  input  logic [5:0]             in_bytes_i,
  input  logic                   in_last_i,
  input  logic                   in_err_i,
  input  logic [TID_W-1:0]       in_tid_i,
  input  logic                   in1_valid_i,
  output logic                   in_take2_o,
  input  logic [32*MAX_NB-1:0]   in1_data_i,
  input  logic [5:0]             in1_bytes_i,
  input  logic                   in1_last_i,
  input  logic                   in1_err_i,
  // reorder slots: free slots (registered), and how many this window allocates this cycle
  input  logic [SEQ_W:0]         free_i,
  output logic [1:0]             alloc_o,
  // per context
  input  logic [CONTEXTS-1:0]    ctx_go_i,        // started, key loaded, no feedback block in a core
  input  logic [CONTEXTS-1:0]    ctx_wait_i,      // started, feedback mode, a block in a core
  input  logic [CONTEXTS-1:0]    ctx_feedback_i,  // the mode feeds back
  input  logic [3*CONTEXTS-1:0]  ctx_block_len_i, // CONFIG.BLOCK_LEN
  // block 0 and block 1 to the issue stage
  output logic                   blk_valid_o,
  input  logic                   blk_take_i,
  output logic [32*MAX_NB-1:0]   blk_data_o,
  output logic [5:0]             blk_bytes_o,
  output logic                   blk_last_o,
  output logic                   blk_err_o,
  output logic [TID_W-1:0]       blk_tid_o,
  output logic [SEQ_W-1:0]       blk_seq_o,
  output logic                   blk1_valid_o,
  input  logic                   blk1_take_i,
  output logic [32*MAX_NB-1:0]   blk1_data_o,
  output logic [5:0]             blk1_bytes_o,
  output logic                   blk1_last_o,
  output logic                   blk1_err_o,
  output logic [TID_W-1:0]       blk1_tid_o,
  output logic [SEQ_W-1:0]       blk1_seq_o,
  output logic                   empty_o
);
  localparam int BLOCK_W = 32 * MAX_NB;
  localparam int IW      = $clog2(DEPTH + 1);
  localparam int PW      = DEPTH > 1 ? $clog2(DEPTH) : 1;
  localparam int ENT_W   = PW + 6 + 1 + 1 + TID_W + SEQ_W;   // {data slot, bytes, last, err, tid, seq}
  localparam int CTX_W   = CONTEXTS > 1 ? $clog2(CONTEXTS) : 1;

  // Index of the lowest set bit at or above `from` (found = 0 when there is none).
  // Written as masks, not as a priority loop: the masked bits, a one-hot of the lowest one (a bit with
  // no set bit below it: ORs, log depth), its index by OR-ing the positions.
  function automatic logic [PW:0] lowest(input logic [DEPTH-1:0] bits, input int from);
    logic [DEPTH-1:0] m;
    logic             below;
    lowest = '0;
    for (int i = 0; i < DEPTH; i++) m[i] = bits[i] && i >= from;
    for (int i = 0; i < DEPTH; i++) begin
      below = 1'b0;
      for (int b = 0; b < i; b++) below = below | m[b];
      if (m[i] && !below) lowest = lowest | {1'b1, PW'(i)};
    end
  endfunction

  // One-hot of the lowest set bit (zero when none): a bit with no set bit below it.
  function automatic logic [DEPTH-1:0] lowest_oh(input logic [DEPTH-1:0] bits);
    logic below;
    for (int i = 0; i < DEPTH; i++) begin
      below = 1'b0;
      for (int b = 0; b < i; b++) below = below | bits[b];
      lowest_oh[i] = bits[i] && !below;
    end
  endfunction

  // How many of the entries marked in `gone` sit below position `pos` (0, 1 or 2).
  function automatic logic [1:0] gone_below(input logic [DEPTH-1:0] gone, input logic [PW-1:0] pos);
    gone_below = '0;
    for (int i = 0; i < DEPTH; i++) begin
      if (gone[i] && i < int'(pos)) gone_below = gone_below + 2'd1;
    end
  endfunction

  logic [ENT_W-1:0] ent_q [DEPTH];
  // Per entry: how many older entries of its TID the window holds (0: the first of its context, 1: the
  // second), kept with the entries instead of comparing every entry's TID with every older one's in the
  // search. A taken block is always the oldest (or second oldest) of its context, so the entries of its
  // TID that stay are younger and count one less. Per TID: how many entries the window holds (a new
  // entry's count).
  logic [PW-1:0]    older_q [DEPTH];
  logic [IW-1:0]    tcnt_q [1 << TID_W];
  logic [DEPTH-1:0] used_q;       // data slots held by entries
  logic [DEPTH-1:0] lvt_q;        // per data slot: the write port that wrote it last
  logic             wiping_q;
  logic [PW-1:0]    wipe_addr_q;
  logic [IW-1:0]    cnt_q;
  logic [SEQ_W-1:0] seq_q;        // sequence number of the next block to enter

  logic [DEPTH-1:0]       valid, ok, fb;
  logic [DEPTH*TID_W-1:0] tids;
  logic [DEPTH*CTX_W-1:0] ctxs;

  for (genvar j = 0; j < DEPTH; j++) begin : g_ent
    logic [TID_W-1:0] tid;
    logic [5:0]       bytes;
    logic             err, known;
    int               ctx;
    assign tid   = ent_q[j][SEQ_W +: TID_W];
    assign err   = ent_q[j][SEQ_W + TID_W];
    assign bytes = ent_q[j][SEQ_W + TID_W + 2 +: 6];
    assign known = int'(tid) < CONTEXTS;
    assign ctx   = known ? int'(tid) : 0;
    assign valid[j] = IW'(j) < cnt_q;
    assign tids[j*TID_W +: TID_W] = tid;
    assign ctxs[j*CTX_W +: CTX_W] = CTX_W'(ctx);
    // A whole block of a known context, no stream error: never refused unless its context is not started.
    assign ok[j] = valid[j] && known && !err && int'(bytes) == 4 * (4 + int'(ctx_block_len_i[3*ctx +: 3]));
    assign fb[j] = ctx_feedback_i[ctx];
  end

  // ---- the picks, registered. The engine sees block 0 and block 1 from flops (pick registers: their
  // positions in ent_q and copies of their entries), so its decisions do not wait on the search here.
  // The picks for the next clock are searched in this clock among the entries held now, once for each
  // way the engine can take this clock's picks (none, block 0, blocks 0 and 1), and the engine's take
  // selects one at the end: the search never waits on the engine either. Blocks that enter this clock
  // are searched from the next one (a clock of latency at the window's entry).
  // The context flags are this clock's, with one correction: a feedback block taken now makes its
  // context wait in the next clock. Other changes (a feedback result back, a key loaded) show a clock
  // late; the engine checks every condition itself, so a stale flag costs a clock, never order.
  logic             pv0_q, pv1_q;            // block 0 / block 1 held in the pick registers
  logic [PW-1:0]    pp0_q, pp1_q;            // their positions in ent_q
  logic [ENT_W-1:0] e0_q, e1_q;              // their entries
  logic             rm0, rm1;
  logic [TID_W-1:0] e0_tid, e1_tid;
  logic             e0_fb, e1_fb;
  assign e0_tid = e0_q[SEQ_W +: TID_W];
  assign e1_tid = e1_q[SEQ_W +: TID_W];
  assign e0_fb  = int'(e0_tid) < CONTEXTS && ctx_feedback_i[int'(e0_tid) < CONTEXTS ? int'(e0_tid) : 0];
  assign e1_fb  = int'(e1_tid) < CONTEXTS && ctx_feedback_i[int'(e1_tid) < CONTEXTS ? int'(e1_tid) : 0];

  logic [2:0]       hv_k, pv1_k;
  logic [PW-1:0]    pp0_k [3];
  logic [PW-1:0]    pp1_k [3];
  logic [ENT_W-1:0] e0_k [3];
  logic [ENT_W-1:0] e1_k [3];
  for (genvar k = 0; k < 3; k++) begin : g_case
    logic [DEPTH-1:0]    gone, v, okv, go, cgo;
    logic [CONTEXTS-1:0] c_go, c_wait;
    logic [DEPTH-1:0]    first, second;
    // entries the engine takes in this case
    for (genvar j = 0; j < DEPTH; j++) begin : g_gone
      assign gone[j] = (k >= 1 && pv0_q && int'(pp0_q) == j) || (k == 2 && pv1_q && int'(pp1_q) == j);
    end
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx
      logic fb_taken;
      assign fb_taken = (k >= 1 && pv0_q && e0_fb && int'(e0_tid) == c) ||
                        (k == 2 && pv1_q && e1_fb && int'(e1_tid) == c);
      assign c_go[c]   = ctx_go_i[c] && !fb_taken;
      assign c_wait[c] = ctx_wait_i[c] || fb_taken;
    end
    assign v     = valid & ~gone;
    assign okv   = ok & ~gone;
    for (genvar j = 0; j < DEPTH; j++) begin : g_rank
      logic [1:0] dec;   // older entries of its TID taken in this case
      assign dec = 2'(k >= 1 && pv0_q && e0_tid == tids[j*TID_W +: TID_W]) +
                   2'(k == 2 && pv1_q && e1_tid == tids[j*TID_W +: TID_W]);
      assign first[j]  = v[j] && int'(older_q[j]) == int'(dec);
      assign second[j] = v[j] && int'(older_q[j]) == int'(dec) + 1;
    end
    for (genvar j = 0; j < DEPTH; j++) begin : g_go
      assign cgo[j] = c_go[ctxs[j*CTX_W +: CTX_W]];
      assign go[j]  = okv[j] && first[j] && cgo[j];
    end
    // The picks are one-hot vectors over the entries (no index arithmetic between the searches).
    // Head: the oldest entry left. Taken entries are the oldest or sit behind a waiting head, so the head
    // is entry 0, 1 or 2.
    logic [1:0]       h;
    logic [DEPTH-1:0] above_h, ga, f_oh, sl_oh, h_oh, bh, cand_h, p1h_oh, p0_oh, p1_oh;
    logic             head_waits, skip_head;
    assign h = !gone[0] ? 2'd0 : (!gone[1] ? 2'd1 : 2'd2);
    for (genvar j = 0; j < DEPTH; j++) begin : g_above
      assign above_h[j] = j > int'(h);
      assign h_oh[j]    = j == int'(h);
    end
    logic [DEPTH-1:0] cwait;
    logic [TID_W-1:0] tid_h;
    for (genvar j = 0; j < DEPTH; j++) begin : g_wait
      assign cwait[j] = c_wait[ctxs[j*CTX_W +: CTX_W]];
    end
    assign head_waits = |(okv & cwait & h_oh);
    always_comb begin
      tid_h = '0;
      for (int j = 0; j < DEPTH; j++) if (h_oh[j]) tid_h = tid_h | tids[j*TID_W +: TID_W];
    end
    // Block 0: the head, unless it waits for its chain and a younger entry is free to go (the oldest such).
    // Block 1 then: the next entry free to go after it (sl_oh, the second oldest). Not block 0's own next
    // block even in a mode without feedback: finding that one needs block 0 first, a second search in
    // series (see docs/system.md); the next clock's block 0 is that block.
    assign ga    = go & above_h;
    assign f_oh  = lowest_oh(ga);
    assign sl_oh = lowest_oh(ga & ~f_oh);
    assign skip_head = head_waits && |ga;
    // Block 1 behind the head: the next entry free to go, or the head's next block in a mode without
    // feedback (its chaining value follows the head's in the engine).
    for (genvar j = 0; j < DEPTH; j++) begin : g_cand1
      assign bh[j] = okv[j] && cgo[j] && second[j] && !fb[j] &&
                     tids[j*TID_W +: TID_W] == tid_h;
    end
    assign cand_h = (go | bh) & above_h;
    assign p1h_oh = lowest_oh(cand_h);
    assign p0_oh  = skip_head ? f_oh : h_oh;
    assign p1_oh  = skip_head ? sl_oh : p1h_oh;
    // Positions in the next clock's ent_q (the entries taken in this case close up below) and the entries.
    logic [PW-1:0]    pp0, pp1;
    logic [ENT_W-1:0] e0, e1;
    always_comb begin
      pp0 = '0;
      pp1 = '0;
      e0  = '0;
      e1  = '0;
      for (int j = 0; j < DEPTH; j++) begin
        if (p0_oh[j]) pp0 = pp0 | (PW'(j) - PW'(gone_below(gone, PW'(j))));
        if (p1_oh[j]) pp1 = pp1 | (PW'(j) - PW'(gone_below(gone, PW'(j))));
        if (p0_oh[j]) e0 = e0 | ent_q[j];
        if (p1_oh[j]) e1 = e1 | ent_q[j];
      end
    end
    assign hv_k[k]  = |(v & h_oh);
    assign pv1_k[k] = |p1_oh;
    assign pp0_k[k] = pp0;
    assign pp1_k[k] = pp1;
    assign e0_k[k]  = e0;
    assign e1_k[k]  = e1;
  end

  // The case the engine takes: none, block 0, or both.
  logic [1:0] tk;
  assign tk = !rm0 ? 2'd0 : (!rm1 ? 2'd1 : 2'd2);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pv0_q <= 1'b0;
      pv1_q <= 1'b0;
      pp0_q <= '0;
      pp1_q <= '0;
    end else begin
      pv0_q <= hv_k[tk];
      pv1_q <= pv1_k[tk];
      pp0_q <= pp0_k[tk];
      pp1_q <= pp1_k[tk];
    end
  end
  // The entry copies need no reset: they are read only with pv0_q / pv1_q.
  always_ff @(posedge clk_i) begin
    e0_q <= e0_k[tk];
    e1_q <= e1_k[tk];
  end

  logic [PW-1:0] id0, id1;
  assign blk_valid_o  = pv0_q;
  assign {id0, blk_bytes_o, blk_last_o, blk_err_o, blk_tid_o, blk_seq_o} = e0_q;
  assign blk1_valid_o = pv1_q;
  assign {id1, blk1_bytes_o, blk1_last_o, blk1_err_o, blk1_tid_o, blk1_seq_o} = e1_q;
  assign empty_o = cnt_q == '0;

  // ---- block data: four LUT-RAM memories, write port w x read port r (see the header)
  logic [PW:0]        free_a, free_b;   // the two lowest free data slots (found bit on top)
  logic [PW-1:0]      id_w [2];
  logic               acc_w [2];
  logic [BLOCK_W-1:0] data_w [2];
  logic [PW-1:0]      id_r [2];
  logic [BLOCK_W-1:0] data_r [2];
  assign free_a    = lowest(~used_q, 0);
  assign free_b    = lowest(~used_q, int'(free_a[PW-1:0]) + 1);
  assign id_w[0]   = free_a[PW-1:0];
  assign id_w[1]   = free_b[PW-1:0];
  logic unused_found;   // entry is decided by the entry count: a held entry holds exactly one slot
  assign unused_found = free_a[PW] ^ free_b[PW];
  assign data_w[0] = in_data_i;
  assign data_w[1] = in1_data_i;
  assign id_r[0]   = id0;
  assign id_r[1]   = id1;
  for (genvar r = 0; r < 2; r++) begin : g_read
    logic [BLOCK_W-1:0] copy [2];
    for (genvar w = 0; w < 2; w++) begin : g_write
      (* ram_style = "distributed" *) logic [BLOCK_W-1:0] mem [DEPTH];
      always_ff @(posedge clk_i) begin
        if (wiping_q)    mem[wipe_addr_q] <= '0;
        else if (acc_w[w]) mem[id_w[w]] <= data_w[w];
      end
      assign copy[w] = mem[id_r[r]];
    end
    assign data_r[r] = lvt_q[id_r[r]] ? copy[1] : copy[0];
  end
  assign blk_data_o  = data_r[0];
  assign blk1_data_o = data_r[1];

  // ---- entry (decided from registers), taking and closing up
  logic acc0, acc1;
  logic [IW-1:0] kept;
  assign in_ready_o = int'(cnt_q) < DEPTH && int'(free_i) >= 1 && !wiping_q;
  assign in_take2_o = int'(cnt_q) < DEPTH - 1 && int'(free_i) >= 2 && !wiping_q;
  assign acc0 = in_valid_i && in_ready_o;
  assign acc1 = acc0 && in1_valid_i && in_take2_o;
  assign acc_w[0] = acc0;
  assign acc_w[1] = acc1;
  assign alloc_o = 2'(acc0) + 2'(acc1);
  assign rm0  = blk_take_i && pv0_q;
  assign rm1  = rm0 && blk1_take_i && pv1_q;
  assign kept = cnt_q - IW'(rm0) - IW'(rm1);

  // Entries per TID (a new entry's count of older entries of its TID; a new entry finds fewer than DEPTH
  // entries in the window, so that count fits PW bits).
  for (genvar t = 0; t < (1 << TID_W); t++) begin : g_tcnt
    always_ff @(posedge clk_i) begin
      if (!rst_ni) tcnt_q[t] <= '0;
      else         tcnt_q[t] <= tcnt_q[t] + IW'(acc0 && int'(in_tid_i) == t) + IW'(acc1 && int'(in_tid_i) == t) -
                                IW'(rm0 && int'(e0_tid) == t) - IW'(rm1 && int'(e1_tid) == t);
    end
  end

  // Closing up, for each way the engine can take this clock's picks (none, block 0, both), chosen by its
  // take at the end, as the picks are: the take then only selects, it does not steer the shift.
  for (genvar p = 0; p < DEPTH; p++) begin : g_pos
    logic [ENT_W-1:0] ent_k [3];
    logic [PW-1:0]    older_k [3];
    for (genvar k = 0; k < 3; k++) begin : g_case
      int               src;
      int               kept_k;
      logic [TID_W-1:0] src_tid;
      logic [PW-1:0]    new_older;   // a new entry's count: entries of its TID that stay
      assign kept_k = int'(cnt_q) - k;
      assign src = (k == 0 || p < int'(pp0_q)) ? p : ((k == 1 || p + 1 < int'(pp1_q)) ? p + 1 : p + 2);
      assign src_tid = ent_q[src < DEPTH ? src : 0][SEQ_W +: TID_W];
      assign new_older = PW'(tcnt_q[in_tid_i] - IW'(k >= 1 && e0_tid == in_tid_i) - IW'(k == 2 && e1_tid == in_tid_i));
      assign ent_k[k] = (p < kept_k) ? ((src < DEPTH) ? ent_q[src < DEPTH ? src : 0] : '0) :
                        (p == kept_k && acc0) ? {id_w[0], in_bytes_i, in_last_i, in_err_i, in_tid_i, seq_q} :
                        (p == kept_k + 1 && acc1) ? {id_w[1], in1_bytes_i, in1_last_i, in1_err_i, in_tid_i,
                                                     seq_q + SEQ_W'(1)} : '0;
      // An entry's count of older entries of its TID, less the taken ones of its TID (all older).
      assign older_k[k] = (p < kept_k) ? older_q[src < DEPTH ? src : 0] - PW'(k >= 1 && e0_tid == src_tid) -
                                         PW'(k == 2 && e1_tid == src_tid) :
                          (p == kept_k) ? new_older :
                          (p == kept_k + 1) ? new_older + PW'(1) : '0;
    end
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        ent_q[p]   <= '0;
        older_q[p] <= '0;
      end else begin
        ent_q[p]   <= ent_k[tk];
        older_q[p] <= older_k[tk];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q <= '0;
      seq_q <= '0;
    end else begin
      cnt_q <= kept + IW'(acc0) + IW'(acc1);
      seq_q <= seq_q + SEQ_W'(alloc_o);
    end
  end

  // Data slots: taken with their entries, freed when their blocks go (never the same slot in one clock:
  // a slot taken here was free, a slot freed here was held).
  for (genvar i = 0; i < DEPTH; i++) begin : g_slot
    logic take_a, take_b, free0, free1;
    assign take_a = acc0 && int'(id_w[0]) == i;
    assign take_b = acc1 && int'(id_w[1]) == i;
    assign free0  = rm0 && int'(id0) == i;
    assign free1  = rm1 && int'(id1) == i;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        used_q[i] <= 1'b0;
        lvt_q[i]  <= 1'b0;
      end else begin
        if (take_a || take_b)      used_q[i] <= 1'b1;
        else if (free0 || free1)   used_q[i] <= 1'b0;
        if (take_a)                lvt_q[i]  <= 1'b0;
        else if (take_b)           lvt_q[i]  <= 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      wiping_q    <= 1'b1;
      wipe_addr_q <= '0;
    end else if (wiping_q) begin
      wipe_addr_q <= wipe_addr_q + PW'(1);
      if (int'(wipe_addr_q) == DEPTH - 1) wiping_q <= 1'b0;
    end
  end
endmodule
