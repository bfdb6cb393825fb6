// rijndael_lane: one pipeline's lane of the two-pipeline engine (rijndael_engine_lanes): everything that
// must sit beside a cipher core's ends, so that no decision of the engine's hub reaches the core and no
// decision here reaches the hub in the same clock.
//
//   hub -> hops -> entry FIFO -> issue (feedback wait, chaining value, core input) -> stage -> rijndael_core
//                                   \-> mask FIFO (what the result is XORed with, in order) --------\
//   rijndael_core result -> XOR the mask -> result register -> hops -> the hub's result FIFO of this lane
//                            \-> this lane's chaining value of a feedback context
//
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
  localparam int M_W  = BLOCK_W + CTX_W + 2;    // mask, context, feedback, keystream
  localparam int CR_W = $clog2(RESULTS + 1);

  if (CONTEXTS < 1 || (1 << CTX_W) < CONTEXTS) begin : g_check_ctx
    ERROR_rijndael_lane_CTX_W_must_cover_CONTEXTS u_error ();
  end

  // ---- entry FIFO (LUT RAM): its in_ready is not needed, the hub's credits keep it from filling
  logic             head_valid, pop, fifo_empty, fifo_wiping, unused_fifo_ready;
  logic [E_W-1:0]   head;
  rijndael_fifo #(.WIDTH(E_W), .DEPTH(ENTRIES)) u_entries (
    .clk_i, .rst_ni,
    .in_valid_i(in_valid_i), .in_ready_o(unused_fifo_ready),
    .in_data_i(in_entry_i),
    .out_valid_o(head_valid), .out_ready_i(pop), .out_data_o(head),
    .empty_o(fifo_empty), .wiping_o(fifo_wiping)
  );
  logic               h_is_key, h_seeded;   // seeded: a feedback block takes this lane's chaining value
  logic [SLOT_W-1:0]  h_slot;
  logic [2:0]         h_key_len, h_block_len;
  logic [BF_W-1:0]    h_flags;
  logic [CTX_W-1:0]   h_ctx;
  logic [KEY_W-1:0]   h_key;
  logic [BLOCK_W-1:0] h_block, h_chain;
  assign {h_is_key, h_slot, h_key_len, h_block_len, h_flags, h_ctx, h_seeded, h_key, h_block, h_chain} = head;

  // ---- issue into the stage register in front of the core
  logic               st_valid_q, st_is_key_q, st_decrypt_q;
  logic [SLOT_W-1:0]  st_slot_q;
  logic [2:0]         st_key_len_q, st_block_len_q;
  logic [KEY_W-1:0]   st_key_q;
  logic [BLOCK_W-1:0] st_block_q;
  logic [CONTEXTS-1:0] inflight_q;          // a feedback block of the context is in the core
  logic [BLOCK_W-1:0] chain_q [CONTEXTS];    // chaining values of this lane's feedback contexts
  logic [CR_W-1:0]    credits_q;            // free result slots at the hub
  logic               h_feedback, h_wait, st_free, has_credit;
  logic [BLOCK_W-1:0] h_chain_used, h_core_in, h_post_xor, unused_chain_next;

  assign h_feedback = !h_is_key && h_flags[rijndael_engine_pkg::BF_FEEDBACK];
  assign h_wait     = h_feedback && inflight_q[h_ctx];
  assign has_credit = credits_q != '0;
  assign st_free    = !st_valid_q || core_in_ready_i;
  assign pop        = head_valid && st_free && !h_wait && (h_is_key || has_credit);
  assign h_chain_used = h_seeded ? chain_q[h_ctx] : h_chain;

  rijndael_block_data #(.MAX_NB(BLOCK_W / 32)) u_data (
    .flags_i(h_flags), .data_i(h_block), .chain_i(h_chain_used), .chain_step_i({BLOCK_W{1'b0}}),
    .core_in_o(h_core_in), .post_xor_o(h_post_xor), .chain_next_o(unused_chain_next)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_valid_q     <= 1'b0;
      st_is_key_q    <= 1'b0;
      st_decrypt_q   <= 1'b0;
      st_slot_q      <= '0;
      st_key_len_q   <= '0;
      st_block_len_q <= '0;
      st_key_q       <= '0;
      st_block_q     <= '0;
    end else if (pop) begin
      st_valid_q     <= 1'b1;
      st_is_key_q    <= h_is_key;
      st_decrypt_q   <= h_flags[rijndael_engine_pkg::BF_CORE_DECRYPT];
      st_slot_q      <= h_slot;
      st_key_len_q   <= h_key_len;
      st_block_len_q <= h_block_len;
      st_key_q       <= h_is_key ? h_key : '0;   // a key only in key beats
      st_block_q     <= h_is_key ? '0 : h_core_in;
    end else if (core_in_ready_i) begin
      st_valid_q <= 1'b0;
    end
  end
  assign core_in_valid_o     = st_valid_q;
  assign core_in_is_key_o    = st_is_key_q;
  assign core_in_key_len_o   = st_key_len_q;
  assign core_in_block_len_o = st_block_len_q;
  assign core_in_decrypt_o   = st_decrypt_q;
  assign core_in_slot_o      = st_slot_q;
  assign core_in_key_o       = st_key_q;
  assign core_in_block_o     = st_block_q;

  logic in_credit_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) in_credit_q <= 1'b0;
    else         in_credit_q <= pop;
  end
  assign in_credit_o = in_credit_q;

  // ---- mask FIFO: a block's XOR mask and feedback from issue to its result (block RAM when deep)
  logic             block_pop, mask_valid, mask_empty, mask_wiping, unused_mask_ready;
  logic [M_W-1:0]   mask;
  assign block_pop = pop && !h_is_key;
  rijndael_fifo #(.WIDTH(M_W), .DEPTH(RESULTS)) u_masks (
    .clk_i, .rst_ni,
    .in_valid_i(block_pop), .in_ready_o(unused_mask_ready),
    .in_data_i({h_post_xor, h_ctx, h_feedback, h_flags[rijndael_engine_pkg::BF_KEYSTREAM]}),
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
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx
    logic issue_c, done_c;
    assign issue_c = block_pop && h_feedback && int'(h_ctx) == c;
    assign done_c  = core_out_valid_i && m_feedback && int'(m_ctx) == c;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        inflight_q[c] <= 1'b0;
        chain_q[c]    <= '0;
      end else begin
        if (issue_c) inflight_q[c] <= 1'b1;
        if (done_c) begin
          inflight_q[c] <= 1'b0;
          chain_q[c]    <= m_keystream ? core_out_block_i : result;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) credits_q <= CR_W'(RESULTS);
    else         credits_q <= credits_q - CR_W'(block_pop) + CR_W'(res_credit_i);
  end

  assign empty_o  = fifo_empty && !st_valid_q && mask_empty && !res_valid_q && inflight_q == '0;
  assign wiping_o = fifo_wiping || mask_wiping;
endmodule
