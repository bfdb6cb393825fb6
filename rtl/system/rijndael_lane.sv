// rijndael_lane: one pipeline's lane of the two-pipeline engine (rijndael_engine_lanes): everything that
// must sit beside a cipher core's ends, so that no decision of the engine's hub reaches the core and no
// decision here reaches the hub in the same clock.
//
//   hub -> hops -> entry FIFOs (metadata; data in 32-bit slices) -> decide (LD) -> core input and mask (LS)
//                  -> stage FIFO -> rijndael_core
//                                   \-> mask FIFO (what the result is XORed with, in order) --------\
//   rijndael_core result -> XOR the mask -> result register -> hops -> the hub's result FIFO of this lane
//                            \-> this lane's chaining value of a feedback context
//
// - As the hub's issue: the decision (LD) reads flops only (the metadata FIFO's head, the feedback contexts
//   in flight, the result credits, the stage FIFO's room) and reaches no wide register's enable: the data
//   slices let the entry go a clock later (LS), each by a copy of the decision's flop, and LS computes the
//   core's input and the mask into the stage FIFO and the mask FIFO. The core's ready pops the stage FIFO.
// - Entries are key beats (to this core's key slot) and blocks with their flags (rijndael_block_flags),
//   the block and the hub's chaining value for it: the counter (CTR), the previous ciphertext (CBC/CFB
//   decryption, known at the hub), or the IV for the first block of a feedback context after START.
// - Feedback modes (CBC/CFB encryption, OFB) are pinned to one lane per context, and their chaining value
//   lives here (chain_q): a block of such a context waits until its context has no block in the core, then
//   takes the chaining value the last result left (seeded_i) or the hub's (the first block after START).
//   Feedback therefore never crosses the die.
// - Credits both ways: the hub sends at most ENTRIES entries this lane has not yet taken out of its FIFO
//   (in_credit_o, a pulse per entry), and a block enters the core only while the hub's result FIFO of this
//   lane has a free slot for it (RESULTS slots, res_credit_i a pulse per slot freed). So the core's output
//   is always taken (core_out_ready_o is high), and nothing in a hop or a FIFO ever waits or is lost.
// - Reset wipes the FIFOs' memories, the stage, the chaining values and the result register.
module rijndael_lane #(
  parameter int BLOCK_W  = 128,
  parameter int KEY_W    = 128,
  parameter int CONTEXTS = 4,
  parameter int CTX_W    = 2,
  parameter int SLOT_W   = 1,
  parameter int ENTRIES  = 16,    // the entry FIFO: the hub's credits (a power of two)
  parameter int RESULTS  = 128,   // the hub's result FIFO of this lane: blocks in flight (a power of two)
  parameter int RES_COPIES = 1    // res_valid_o as this many copies (one per link slice at the hub)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // entries from the hub (rijndael_hops), packed as rijndael_engine_pkg::lane_entry_w lists the fields
  input  logic                 in_valid_i,
  input  logic [rijndael_engine_pkg::lane_entry_w(SLOT_W, CTX_W, KEY_W, BLOCK_W)-1:0] in_entry_i,
  output logic                 in_credit_o,   // an entry left the FIFO (a clock later)
  // the cipher core
  output logic                 core_in_valid_o,
  input  logic                 core_in_ready_i,
  output logic                 core_in_is_key_o,
  output logic [2:0]           core_in_key_len_o,
  output logic [2:0]           core_in_block_len_o,
  output logic                 core_in_decrypt_o,
  output logic [SLOT_W-1:0]    core_in_slot_o,
  output logic [KEY_W-1:0]     core_in_key_o,
  output logic [BLOCK_W-1:0]   core_in_block_o,
  input  logic                 core_out_valid_i,
  output logic                 core_out_ready_o,
  input  logic [BLOCK_W-1:0]   core_out_block_i,
  input  logic                 core_out_error_i,
  // results to the hub (rijndael_hops)
  output logic [RES_COPIES-1:0] res_valid_o,   // copies of one flop
  output logic [BLOCK_W-1:0]   res_block_o,
  output logic                 res_error_o,
  input  logic                 res_credit_i,  // the hub freed a result slot of this lane
  output logic                 empty_o,       // no entry, block or result of this lane here
  output logic                 wiping_o
);
  localparam int BF_W = rijndael_engine_pkg::BF_W;
  localparam int E_W  = rijndael_engine_pkg::lane_entry_w(SLOT_W, CTX_W, KEY_W, BLOCK_W);
  localparam int D_W  = rijndael_engine_pkg::lane_data_w(KEY_W, BLOCK_W);   // the entry's data: key, or block and chaining value
  localparam int H_W  = E_W - D_W;                        // its metadata: the fields above them
  localparam int D_SLICES = D_W / 32;                     // (keys and blocks are whole words)
  localparam int M_W  = BLOCK_W + CTX_W + 2;    // mask, context, feedback, keystream
  localparam int ST_W = 1 + SLOT_W + 3 + 3 + 1 + KEY_W + BLOCK_W;   // the core's input beat
  localparam int ST_SLICES = (ST_W + 31) / 32;
  localparam int CR_W = $clog2(RESULTS + 1);

  if (CONTEXTS < 1 || (1 << CTX_W) < CONTEXTS) begin : g_check_ctx
    ERROR_rijndael_lane_CTX_W_must_cover_CONTEXTS u_error ();
  end

  // ---- entry FIFOs: the metadata in one, the data (key, block, chaining value) in 32-bit slices. The
  // decision (LD) reads the metadata alone; the data slices let their entry go a clock later (LS), each by a
  // copy of the decision's flop (a decision into the ~400 flops of one FIFO's head was a 21-25 ns path, ln4-5).
  // Their in_ready is not needed: the hub's credits keep them from filling.
  logic             head_valid, pop, meta_empty, meta_wiping, data_empty, data_wiping, unused_meta_ready;
  logic             unused_data_ready, unused_data_valid;
  logic [H_W-1:0]   head;
  logic [D_SLICES-1:0] ls_pop_q;
  logic [32*D_SLICES-1:0] data_head;
  rijndael_fifo #(.WIDTH(H_W), .DEPTH(ENTRIES), .OUT_SLICE(1)) u_entries (
    .clk_i, .rst_ni,
    .in_valid_i(in_valid_i), .in_ready_o(unused_meta_ready),
    .in_data_i(in_entry_i[E_W-1:D_W]),
    .out_valid_o(head_valid), .out_ready_i(pop), .out_data_o(head),
    .empty_o(meta_empty), .wiping_o(meta_wiping)
  );
  rijndael_fifo_sliced #(.SLICE_W(32), .SLICES(D_SLICES), .DEPTH(ENTRIES), .READY_AHEAD(1)) u_entry_data (
    .clk_i, .rst_ni,
    .in_push_i({D_SLICES{in_valid_i}}), .in_ready_o(unused_data_ready),
    .in_data_i(in_entry_i[D_W-1:0]),
    .out_pop_i(ls_pop_q), .out_valid_o(unused_data_valid), .out_data_o(data_head),
    .empty_o(data_empty), .wiping_o(data_wiping)
  );
  logic               h_is_key, h_seeded;   // seeded: a feedback block takes this lane's chaining value
  logic [SLOT_W-1:0]  h_slot;
  logic [2:0]         h_key_len, h_block_len;
  logic [BF_W-1:0]    h_flags;
  logic [CTX_W-1:0]   h_ctx;
  assign {h_is_key, h_slot, h_key_len, h_block_len, h_flags, h_ctx, h_seeded} = head;

  // ---- LD: the decision, from flops: the metadata head, the feedback contexts in flight, the result
  // credits and the room in the stage FIFO in front of the core.
  logic [CONTEXTS-1:0] inflight_q;          // a feedback block of the context is in the core
  logic [BLOCK_W-1:0] chain_q [CONTEXTS];    // chaining values of this lane's feedback contexts
  logic [CR_W-1:0]    credits_q;            // free result slots at the hub
  logic               h_feedback, h_wait, has_credit, stage_room, block_pop;
  assign h_feedback = !h_is_key && h_flags[rijndael_engine_pkg::BF_FEEDBACK];
  assign h_wait     = h_feedback && inflight_q[h_ctx];
  assign has_credit = credits_q != '0;
  assign pop        = head_valid && stage_room && !h_wait && (h_is_key || has_credit);
  assign block_pop  = pop && !h_is_key;

  // ---- LS: the entry's data at the slices' heads; the core's input and the mask from it
  logic               ls_valid_q, ls_is_key_q, ls_seeded_q, ls_feedback_q;
  logic [SLOT_W-1:0]  ls_slot_q;
  logic [2:0]         ls_key_len_q, ls_block_len_q;
  logic [BF_W-1:0]    ls_flags_q;
  logic [CTX_W-1:0]   ls_ctx_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) ls_valid_q <= 1'b0;
    else         ls_valid_q <= pop;
  end
  always_ff @(posedge clk_i) begin
    ls_is_key_q    <= h_is_key;
    ls_seeded_q    <= h_seeded;
    ls_feedback_q  <= h_feedback;
    ls_slot_q      <= h_slot;
    ls_key_len_q   <= h_key_len;
    ls_block_len_q <= h_block_len;
    ls_flags_q     <= h_flags;
    ls_ctx_q       <= h_ctx;
  end
  rijndael_reg_copies #(.WIDTH(1), .COPIES(D_SLICES), .RESET(1'b0)) u_ls_pop (
    .clk_i, .rst_ni, .d_i(pop), .q_o(ls_pop_q)
  );
  logic [KEY_W-1:0]   d_key;
  logic [BLOCK_W-1:0] d_block, d_chain, d_chain_used, d_core_in, d_post_xor, unused_chain_next;
  // (a key beat's key in the low bits, a block's {block, chain}: each is zero in the other kind of entry, and
  // the stage below takes the key only from key beats and the block only from blocks)
  assign d_key = data_head[KEY_W-1:0];
  assign {d_block, d_chain} = data_head[2*BLOCK_W-1:0];
  assign d_chain_used = ls_seeded_q ? chain_q[ls_ctx_q] : d_chain;
  rijndael_block_data #(.MAX_NB(BLOCK_W / 32)) u_data (
    .flags_i(ls_flags_q), .data_i(d_block), .chain_i(d_chain_used), .chain_step_i({BLOCK_W{1'b0}}),
    .core_in_o(d_core_in), .post_xor_o(d_post_xor), .chain_next_o(unused_chain_next)
  );

  // ---- stage FIFO in front of the core: LS pushes what LD decided a clock before (its room READY_AHEAD = 1
  // clock ahead); the core's ready pops it (a flop in the core's front, next to it)
  logic                  stage_valid, stage_empty, stage_wiping;
  logic [32*ST_SLICES-1:0] stage_in, stage_out;
  logic [32*ST_SLICES-ST_W-1:0] unused_stage_pad;
  assign stage_in = (32*ST_SLICES)'({ls_is_key_q, ls_slot_q, ls_key_len_q, ls_block_len_q,
                                     ls_flags_q[rijndael_engine_pkg::BF_CORE_DECRYPT],
                                     ls_is_key_q ? d_key : KEY_W'(0),           // a key only in key beats
                                     ls_is_key_q ? BLOCK_W'(0) : d_core_in});
  rijndael_fifo_sliced #(.SLICE_W(32), .SLICES(ST_SLICES), .DEPTH(8), .READY_AHEAD(1)) u_stage (
    .clk_i, .rst_ni,
    .in_push_i({ST_SLICES{ls_valid_q}}), .in_ready_o(stage_room), .in_data_i(stage_in),
    .out_pop_i({ST_SLICES{core_in_ready_i}}), .out_valid_o(stage_valid), .out_data_o(stage_out),
    .empty_o(stage_empty), .wiping_o(stage_wiping)
  );
  assign core_in_valid_o = stage_valid;
  assign {unused_stage_pad, core_in_is_key_o, core_in_slot_o, core_in_key_len_o, core_in_block_len_o,
          core_in_decrypt_o, core_in_key_o, core_in_block_o} = stage_out;

  logic in_credit_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) in_credit_q <= 1'b0;
    else         in_credit_q <= pop;
  end
  assign in_credit_o = in_credit_q;

  // ---- mask FIFO: a block's XOR mask and feedback from issue to its result (block RAM when deep). Its head
  // is a register slice (OUT_SLICE): the block RAM's read register has no output register (5.6 ns to its
  // output on ECP5), and the result's XOR and the chaining values' enables sat behind it (ln9, 27 ns). The
  // slice adds a clock from issue to the mask's head, which every core's latency covers.
  logic             mask_valid, mask_empty, mask_wiping, unused_mask_ready;
  logic [M_W-1:0]   mask;
  rijndael_fifo #(.WIDTH(M_W), .DEPTH(RESULTS), .OUT_SLICE(1)) u_masks (
    .clk_i, .rst_ni,
    .in_valid_i(ls_valid_q && !ls_is_key_q), .in_ready_o(unused_mask_ready),
    .in_data_i({d_post_xor, ls_ctx_q, ls_feedback_q, ls_flags_q[rijndael_engine_pkg::BF_KEYSTREAM]}),
    .out_valid_o(mask_valid), .out_ready_i(core_out_valid_i), .out_data_o(mask),
    .empty_o(mask_empty), .wiping_o(mask_wiping)
  );
  logic [BLOCK_W-1:0] m_xor;
  logic [CTX_W-1:0]   m_ctx;
  logic               m_feedback, m_keystream;
  assign {m_xor, m_ctx, m_feedback, m_keystream} = mask;

  // ---- results
  logic [BLOCK_W-1:0] result;
  logic               unused_mask_valid;
  assign unused_mask_valid = mask_valid;   // always valid with a result: the mask was written at issue
  assign result           = core_out_block_i ^ m_xor;
  assign core_out_ready_o = 1'b1;

  logic               res_valid_q, res_error_q;
  logic [BLOCK_W-1:0] res_block_q;
  logic [RES_COPIES-1:0] res_valid_copies;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      res_error_q <= 1'b0;
      res_block_q <= '0;
    end else begin
      res_error_q <= core_out_valid_i && core_out_error_i;
      res_block_q <= core_out_valid_i ? result : '0;
    end
  end
  // (copies: the hub's result FIFO is sliced, each slice pushed by its own link's valid)
  rijndael_reg_copies #(.WIDTH(1), .COPIES(RES_COPIES), .RESET(1'b0)) u_res_valid (
    .clk_i, .rst_ni, .d_i(core_out_valid_i), .q_o(res_valid_copies)
  );
  assign res_valid_q = res_valid_copies[0];
  assign res_valid_o = res_valid_copies;
  assign res_block_o = res_block_q;
  assign res_error_o = res_error_q;

  // ---- per-context state: in flight, chaining value; and the result credits
  // (each context's chaining value reset by a flop of its own, a clock after the lane's reset: one reset
  // net over all of them and the FIFOs was a long route; held active high, as an ECP5 flop's LSR is, so no
  // inverter LUT sits between a copy and its 128 LSR pins)
  logic [CONTEXTS-1:0] chain_rst_q;
  rijndael_reg_copies #(.WIDTH(1), .COPIES(CONTEXTS), .RESET(1'b1)) u_chain_rst (
    .clk_i, .rst_ni, .d_i(1'b0), .q_o(chain_rst_q)
  );
  // A feedback block's result reaches its context's chaining value a clock after the result: its flags (done_q,
  // one per context) and the value (chain_next_q) are flops, so the ~500 chaining-value flops' enables come
  // from flops, not from the core's valid and the mask's fields (ln9: that LUT's net ran 80 tiles). The
  // context stays in flight until then, so the next block of it (LD) reads the value already updated (LS).
  logic [CONTEXTS-1:0] done_q;
  logic [BLOCK_W-1:0]  chain_next_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      done_q       <= '0;
      chain_next_q <= '0;
    end else begin
      for (int c = 0; c < CONTEXTS; c++) done_q[c] <= core_out_valid_i && m_feedback && int'(m_ctx) == c;
      // (loaded with every result, read only where done_q says: zeroing it but for feedback results made the
      // core's valid and the mask's flags a LUT into its 128 LSR pins, ln14's worst path; it keeps the last
      // result until the next one, reset or CLEAR)
      if (core_out_valid_i) chain_next_q <= m_keystream ? core_out_block_i : result;
    end
  end
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx
    logic issue_c;
    assign issue_c = block_pop && h_feedback && int'(h_ctx) == c;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) inflight_q[c] <= 1'b0;
      else if (done_q[c]) inflight_q[c] <= 1'b0;
      else if (issue_c)   inflight_q[c] <= 1'b1;
    end
    always_ff @(posedge clk_i) begin
      if (chain_rst_q[c]) chain_q[c] <= '0;
      else if (done_q[c])  chain_q[c] <= chain_next_q;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) credits_q <= CR_W'(RESULTS);
    else         credits_q <= credits_q - CR_W'(block_pop) + CR_W'(res_credit_i);
  end

  // (flops: they travel to the hub through hops, and the AND over this lane's FIFOs reached their first
  // register's reset, ln6)
  logic empty_q, wiping_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      empty_q  <= 1'b0;
      wiping_q <= 1'b1;
    end else begin
      empty_q  <= meta_empty && data_empty && !ls_valid_q && stage_empty && mask_empty && !res_valid_q &&
                  inflight_q == '0;
      wiping_q <= meta_wiping || data_wiping || stage_wiping || mask_wiping;
    end
  end
  assign empty_o  = empty_q;
  assign wiping_o = wiping_q;
endmodule
