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
//   entry after block 0, or the next entry of block 0's own context when it is a non-feedback block
//   (its chaining value follows block 0's in the engine). The engine decides whether they go (blk_take_i,
//   blk1_take_i: block 1 only with block 0).
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

  // For each entry: no older valid entry has its TID (first), exactly one has (second).
  function automatic logic [2*DEPTH-1:0] ctx_rank(input logic [DEPTH-1:0] valid,
                                                  input logic [DEPTH*TID_W-1:0] tids);
    logic [1:0] older;
    ctx_rank = '0;
    for (int j = 0; j < DEPTH; j++) begin
      older = 2'd0;
      for (int i = 0; i < j; i++) begin
        if (valid[i] && tids[i*TID_W +: TID_W] == tids[j*TID_W +: TID_W] && older != 2'd2) older = older + 2'd1;
      end
      ctx_rank[j]         = older == 2'd0;
      ctx_rank[DEPTH + j] = older == 2'd1;
    end
  endfunction

  // Index of the lowest set bit at or above `from` (found = 0 when there is none).
  function automatic logic [PW:0] lowest(input logic [DEPTH-1:0] bits, input int from);
    lowest = '0;
    for (int i = DEPTH - 1; i >= 0; i--) begin
      if (bits[i] && i >= from) lowest = {1'b1, PW'(i)};
    end
  endfunction

  logic [ENT_W-1:0] ent_q [DEPTH];
  logic [DEPTH-1:0] used_q;       // data slots held by entries
  logic [DEPTH-1:0] lvt_q;        // per data slot: the write port that wrote it last
  logic             wiping_q;
  logic [PW-1:0]    wipe_addr_q;
  logic [IW-1:0]    cnt_q;
  logic [SEQ_W-1:0] seq_q;        // sequence number of the next block to enter

  logic [DEPTH-1:0]       valid, ok, go, cgo, fb;
  logic                   head_waits;   // the oldest entry waits for its context's feedback block
  logic [DEPTH*TID_W-1:0] tids;
  logic [2*DEPTH-1:0]     rank;
  logic [DEPTH-1:0]       first, second;

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
    // A whole block of a known context, no stream error: never refused unless its context is not started.
    assign ok[j] = valid[j] && known && !err && int'(bytes) == 4 * (4 + int'(ctx_block_len_i[3*ctx +: 3]));
    assign cgo[j] = ctx_go_i[ctx];
    assign go[j]  = ok[j] && first[j] && cgo[j];
    assign fb[j] = ctx_feedback_i[ctx];
    if (j == 0) begin : g_head
      assign head_waits = ok[0] && ctx_wait_i[ctx];
    end
  end
  assign rank   = ctx_rank(valid, tids);
  assign first  = rank[DEPTH-1:0];
  assign second = rank[2*DEPTH-1:DEPTH];

  // Block 0: the oldest entry, unless it waits for its chain and a younger entry is free to go.
  logic [PW:0]      pick0_free, pick1;
  logic [PW-1:0]    p0, p1;
  logic             skip_head;
  logic [DEPTH-1:0] cand1;
  assign pick0_free = lowest(go, 1);
  assign skip_head  = head_waits && pick0_free[PW];
  assign p0         = skip_head ? pick0_free[PW-1:0] : '0;

  // Block 1: after block 0, free to go, or the next block of block 0's context in a mode without feedback.
  for (genvar j = 0; j < DEPTH; j++) begin : g_cand1
    assign cand1[j] = ok[j] && cgo[j] &&
                      (first[j] || (second[j] && tids[j*TID_W +: TID_W] == tids[int'(p0)*TID_W +: TID_W] && !fb[j]));
  end
  assign pick1 = lowest(cand1, int'(p0) + 1);
  assign p1    = pick1[PW-1:0];

  logic [ENT_W-1:0] e0, e1;
  logic [PW-1:0]    id0, id1;
  assign e0 = ent_q[p0];
  assign e1 = ent_q[p1];
  assign blk_valid_o  = valid[0];
  assign {id0, blk_bytes_o, blk_last_o, blk_err_o, blk_tid_o, blk_seq_o} = e0;
  assign blk1_valid_o = pick1[PW];
  assign {id1, blk1_bytes_o, blk1_last_o, blk1_err_o, blk1_tid_o, blk1_seq_o} = e1;
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
  logic acc0, acc1, rm0, rm1;
  logic [IW-1:0] kept;
  assign in_ready_o = int'(cnt_q) < DEPTH && int'(free_i) >= 1 && !wiping_q;
  assign in_take2_o = int'(cnt_q) < DEPTH - 1 && int'(free_i) >= 2 && !wiping_q;
  assign acc0 = in_valid_i && in_ready_o;
  assign acc1 = acc0 && in1_valid_i && in_take2_o;
  assign acc_w[0] = acc0;
  assign acc_w[1] = acc1;
  assign alloc_o = 2'(acc0) + 2'(acc1);
  assign rm0  = blk_take_i && valid[0];
  assign rm1  = rm0 && blk1_take_i && pick1[PW];
  assign kept = cnt_q - IW'(rm0) - IW'(rm1);

  for (genvar p = 0; p < DEPTH; p++) begin : g_pos
    int src;
    assign src = !rm0 ? p : (p < int'(p0) ? p : ((!rm1 || p + 1 < int'(p1)) ? p + 1 : p + 2));
    logic [ENT_W-1:0] ent_d;
    assign ent_d = (p < int'(kept)) ? ((src < DEPTH) ? ent_q[src < DEPTH ? src : 0] : '0) :
                   (p == int'(kept) && acc0) ? {id_w[0], in_bytes_i, in_last_i, in_err_i, in_tid_i, seq_q} :
                   (p == int'(kept) + 1 && acc1) ? {id_w[1], in1_bytes_i, in1_last_i, in1_err_i, in_tid_i,
                                                    seq_q + SEQ_W'(1)} : '0;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) ent_q[p] <= '0;
      else         ent_q[p] <= ent_d;
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
