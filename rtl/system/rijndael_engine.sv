// rijndael_engine: rijndael_core with AXI4-Stream data in/out, AXI4-Lite registers, FIFOs, the modes
// of operation (ECB, CBC, CFB128, OFB, CTR; SP 800-38A) and CONTEXTS independent contexts.
//
// Data path (register map, programming sequence and the timing of a message: docs/registers.md):
//   s_axis -> input FIFO (beats) -> stream_to_blocks -> issue (mode logic, key beats) -> rijndael_core
//                                                          \-> order FIFO (per block: context, XOR mask) -/
//          -> merge (XOR, feedback) -> output FIFO (blocks) -> blocks_to_stream -> m_axis
// - TID picks the context of a message; blocks leave in exactly the order they arrived (across
//   contexts too), and output beats mirror input beats (TKEEP, TLAST, TID).
// - Scheduling rule: blocks issue in arrival order. A block of a feedback mode (CBC/CFB encryption,
//   OFB) whose context still has a block in the core waits, and so does everything behind it; the
//   host fills a pipelined core by interleaving messages of different contexts on the stream (as
//   AXI4-Stream allows per TID): with C contexts in rotation, C blocks are in the core at once.
//   Keeping arrival order means no reorder buffer, and output order = input order, per context and
//   across contexts.
// - A key beat goes to the core only when the next block's key (or key/block length) differs from the
//   one loaded: contexts that share a key follow each other with no key change. With a pipelined core
//   built with KEY_SLOTS >= CONTEXTS, every context has its own key slot in the core (slot = context):
//   a context's key is loaded once (until its key, CONFIG or START is written, or reset / CLEAR) and
//   blocks of different contexts then follow each other with no key beat at all, which is what lets
//   interleaved feedback-mode messages fill the pipeline. Otherwise the core holds one key (slot 0).
// - The chaining value (CTR: counter) of a context is loaded from its IV by START and carries on across
//   its messages until the next START, so a context's stream may be cut into messages that interleave.
// - Blocks that cannot be processed (context not started, ECB/CBC message ending inside a block,
//   stream misuse) do not enter the core: they travel through the order FIFO only and leave as zero
//   data with TUSER[0] set, in their place in the stream.
// - Reset and CTRL.CLEAR zero every key, IV, chaining value, FIFO memory and the core.
module rijndael_engine #(
  // rijndael_core parameters, passed through (docs/core-interface.md)
  parameter int BLOCK_SIZES      = 'b00001,
  parameter int KEY_SIZES        = 'b10101,
  parameter int MAX_NB           = 4,
  parameter int MAX_NK           = 8,
  parameter int ENABLE_ENCRYPT   = 1,
  parameter int ENABLE_DECRYPT   = 1,
  parameter int ARCH             = 0,
  parameter int ROUNDS_PER_CYCLE = 1,
  parameter int FOLDED_WIDTH     = 32,
  parameter int SUBSTAGES        = 0,
  parameter int SBOX             = 0,
  parameter int TBOX             = 0,
  parameter int ENC_KEYS         = 0,
  parameter int KEY_SLOTS        = 1,     // pipelined core: keys held at once (one per context if >= CONTEXTS)
  // engine parameters
  parameter int TDATA_WIDTH      = 128,   // 32, 64, 128 or 256
  parameter int FIFO_DEPTH       = 512,   // input and output FIFO size in blocks of 32*MAX_NB bits
  parameter int CONTEXTS         = 4,     // 1..256
  parameter int TID_WIDTH        = (CONTEXTS > 1) ? $clog2(CONTEXTS) : 1
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  // AXI4-Lite control (register map: docs/registers.md)
  input  logic [7:0]               s_axil_awaddr,
  input  logic [2:0]               s_axil_awprot,
  input  logic                     s_axil_awvalid,
  output logic                     s_axil_awready,
  input  logic [31:0]              s_axil_wdata,
  input  logic [3:0]               s_axil_wstrb,
  input  logic                     s_axil_wvalid,
  output logic                     s_axil_wready,
  output logic [1:0]               s_axil_bresp,
  output logic                     s_axil_bvalid,
  input  logic                     s_axil_bready,
  input  logic [7:0]               s_axil_araddr,
  input  logic [2:0]               s_axil_arprot,
  input  logic                     s_axil_arvalid,
  output logic                     s_axil_arready,
  output logic [31:0]              s_axil_rdata,
  output logic [1:0]               s_axil_rresp,
  output logic                     s_axil_rvalid,
  input  logic                     s_axil_rready,
  // AXI4-Stream in: message bytes in lane order, TLAST ends a message, TID = context
  input  logic [TDATA_WIDTH-1:0]   s_axis_tdata,
  input  logic [TDATA_WIDTH/8-1:0] s_axis_tkeep,
  input  logic                     s_axis_tlast,
  input  logic [TID_WIDTH-1:0]     s_axis_tid,
  input  logic                     s_axis_tvalid,
  output logic                     s_axis_tready,
  // AXI4-Stream out: same framing as the input, TUSER[0] = the beat carries flagged data
  output logic [TDATA_WIDTH-1:0]   m_axis_tdata,
  output logic [TDATA_WIDTH/8-1:0] m_axis_tkeep,
  output logic                     m_axis_tlast,
  output logic [TID_WIDTH-1:0]     m_axis_tid,
  output logic [0:0]               m_axis_tuser,
  output logic                     m_axis_tvalid,
  input  logic                     m_axis_tready
);
  localparam int BLOCK_W = 32 * MAX_NB;
  localparam int KEY_W   = 32 * MAX_NK;
  localparam int LANES   = TDATA_WIDTH / 8;
  localparam int CTX_W   = (CONTEXTS > 1) ? $clog2(CONTEXTS) : 1;
  localparam int IN_BEATS  = (FIFO_DEPTH * BLOCK_W + TDATA_WIDTH - 1) / TDATA_WIDTH;
  localparam int IN_DEPTH  = 1 << $clog2(IN_BEATS < 2 ? 2 : IN_BEATS);
  localparam int OUT_DEPTH = 1 << $clog2(FIFO_DEPTH < 2 ? 2 : FIFO_DEPTH);
  // Blocks between issue and merge: enough for the deepest core (pipelined, 14 rounds x 4 stages).
  localparam int ORDER_DEPTH = 64;
  localparam int IN_W    = TDATA_WIDTH + LANES + 1 + TID_WIDTH;
  localparam int ORDER_W = BLOCK_W + TID_WIDTH + 6 + 5;
  localparam int OUT_W   = BLOCK_W + TID_WIDTH + 6 + 2;
  localparam logic [4:0] BLOCK_MASK = 5'(BLOCK_SIZES);
  localparam logic [4:0] KEY_MASK   = 5'(KEY_SIZES);
  localparam int CNT_W = 24;   // beats of one context inside the engine (far more than the FIFOs hold)
  // Key slots the engine uses: one per context when the core has enough, else one shared key (slot 0).
  localparam int ENGINE_SLOTS = KEY_SLOTS >= CONTEXTS ? CONTEXTS : 1;
  localparam int CORE_SLOT_W  = KEY_SLOTS > 1 ? $clog2(KEY_SLOTS) : 1;

  // Mode values (CONFIG.MODE).
  localparam logic [2:0] MODE_ECB = 3'(rijndael_regs_pkg::CONFIG_MODE_ECB);
  localparam logic [2:0] MODE_CBC = 3'(rijndael_regs_pkg::CONFIG_MODE_CBC);
  localparam logic [2:0] MODE_CFB = 3'(rijndael_regs_pkg::CONFIG_MODE_CFB128);
  localparam logic [2:0] MODE_OFB = 3'(rijndael_regs_pkg::CONFIG_MODE_OFB);
  localparam logic [2:0] MODE_CTR = 3'(rijndael_regs_pkg::CONFIG_MODE_CTR);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks of the engine (the core checks its own).
  if (TDATA_WIDTH != 32 && TDATA_WIDTH != 64 && TDATA_WIDTH != 128 && TDATA_WIDTH != 256) begin : g_check_tdata
    ERROR_TDATA_WIDTH_must_be_32_64_128_or_256 u_error ();
  end
  if (CONTEXTS < 1 || CONTEXTS > 256) begin : g_check_contexts
    ERROR_CONTEXTS_must_be_1_to_256 u_error ();
  end
  if (TID_WIDTH < CTX_W || TID_WIDTH > 8) begin : g_check_tid
    ERROR_TID_WIDTH_must_cover_CONTEXTS_and_be_at_most_8 u_error ();
  end
  if (FIFO_DEPTH < 2) begin : g_check_fifo
    ERROR_FIFO_DEPTH_must_be_at_least_2 u_error ();
  end

  // Refusal mask of a CONFIG value for this build (ERROR register bits).
  function automatic logic [31:0] config_refusal(input logic [31:0] value);
    logic [2:0] mode, key_len, block_len;
    logic       decrypt, needs_inverse;
    mode      = value[rijndael_regs_pkg::CONFIG_MODE_LSB +: 3];
    decrypt   = value[rijndael_regs_pkg::CONFIG_DECRYPT_LSB];
    key_len   = value[rijndael_regs_pkg::CONFIG_KEY_LEN_LSB +: 3];
    block_len = value[rijndael_regs_pkg::CONFIG_BLOCK_LEN_LSB +: 3];
    config_refusal = '0;
    if (mode > MODE_CTR) config_refusal[rijndael_regs_pkg::ERROR_BAD_MODE_LSB] = 1'b1;
    if (key_len > 3'd4 || !KEY_MASK[key_len]) config_refusal[rijndael_regs_pkg::ERROR_BAD_KEY_LEN_LSB] = 1'b1;
    if (block_len > 3'd4 || !BLOCK_MASK[block_len])
      config_refusal[rijndael_regs_pkg::ERROR_BAD_BLOCK_LEN_LSB] = 1'b1;
    // Only ECB and CBC decryption run the inverse cipher; CFB/OFB/CTR use the forward one both ways.
    needs_inverse = decrypt && (mode == MODE_ECB || mode == MODE_CBC);
    if (mode <= MODE_CTR && ((needs_inverse && ENABLE_DECRYPT == 0) || (!needs_inverse && ENABLE_ENCRYPT == 0)))
      config_refusal[rijndael_regs_pkg::ERROR_BAD_DIRECTION_LSB] = 1'b1;
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Registers
  logic clear;                       // CTRL.CLEAR, one cycle: the data path resets with the register block
  logic dp_rst_n;
  logic [CONTEXTS-1:0] ctx_busy;
  logic [CONTEXTS*3-1:0] config_mode, config_key_len, config_block_len;
  logic [CONTEXTS-1:0]   config_decrypt;
  logic [CONTEXTS*MAX_NK-1:0]    key_written;
  logic [CONTEXTS*MAX_NK*32-1:0] key_words;
  logic [CONTEXTS*MAX_NB*32-1:0] iv_words;
  logic [7:0]  ctx_sel_value;
  logic [7:0]  wr_ctx;
  logic        ctrl_we, ctx_sel_we, error_we, config_we, key_we, iv_we;
  logic [31:0] ctrl_wvalue, ctx_sel_wvalue, config_wvalue;
  logic [31:0] ctrl_refuse, ctx_sel_refuse, config_refuse;
  logic        start_pulse, clear_pulse;
  logic [11:0] error_bits;
  logic        set_bad_ctx, set_not_armed, set_partial, set_stream, set_core;
  logic        st_armed, st_busy, st_idle, st_wiping;
  logic [31:0] blocks_in_q, blocks_out_q, messages_q, error_blocks_q;

  rijndael_regs #(.CONTEXTS(CONTEXTS), .MAX_NK(MAX_NK), .MAX_NB(MAX_NB)) u_regs (
    .clk_i, .rst_ni,
    .s_axil_awaddr, .s_axil_awprot, .s_axil_awvalid, .s_axil_awready,
    .s_axil_wdata, .s_axil_wstrb, .s_axil_wvalid, .s_axil_wready,
    .s_axil_bresp, .s_axil_bvalid, .s_axil_bready,
    .s_axil_araddr, .s_axil_arprot, .s_axil_arvalid, .s_axil_arready,
    .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid, .s_axil_rready,
    .ctx_busy_i(ctx_busy), .clear_o(clear), .wr_ctx_o(wr_ctx),
    .build_block_sizes_i(BLOCK_MASK), .build_key_sizes_i(KEY_MASK),
    .build_encrypt_i(1'(ENABLE_ENCRYPT)), .build_decrypt_i(1'(ENABLE_DECRYPT)),
    .build_tdata_bytes_i(6'(LANES)), .build_contexts_i(8'(CONTEXTS)),
    .ctrl_we_o(ctrl_we), .ctrl_wvalue_o(ctrl_wvalue), .ctrl_refuse_i(ctrl_refuse),
    .ctrl_start_o(start_pulse), .ctrl_clear_o(clear_pulse),
    .ctx_sel_we_o(ctx_sel_we), .ctx_sel_wvalue_o(ctx_sel_wvalue), .ctx_sel_refuse_i(ctx_sel_refuse),
    .ctx_sel_ctx_o(ctx_sel_value),
    .status_ctx_armed_i(st_armed), .status_ctx_busy_i(st_busy), .status_idle_i(st_idle),
    .status_wiping_i(st_wiping), .status_error_i(|error_bits),
    .error_we_o(error_we),
    .error_bad_addr_set_i(1'b0), .error_bad_addr_o(error_bits[0]),
    .error_busy_set_i(1'b0), .error_busy_o(error_bits[1]),
    .error_bad_ctx_set_i(set_bad_ctx), .error_bad_ctx_o(error_bits[2]),
    .error_bad_mode_set_i(1'b0), .error_bad_mode_o(error_bits[3]),
    .error_bad_direction_set_i(1'b0), .error_bad_direction_o(error_bits[4]),
    .error_bad_key_len_set_i(1'b0), .error_bad_key_len_o(error_bits[5]),
    .error_bad_block_len_set_i(1'b0), .error_bad_block_len_o(error_bits[6]),
    .error_no_key_set_i(1'b0), .error_no_key_o(error_bits[7]),
    .error_not_armed_set_i(set_not_armed), .error_not_armed_o(error_bits[8]),
    .error_partial_block_set_i(set_partial), .error_partial_block_o(error_bits[9]),
    .error_stream_set_i(set_stream), .error_stream_o(error_bits[10]),
    .error_core_set_i(set_core), .error_core_o(error_bits[11]),
    .config_we_o(config_we), .config_wvalue_o(config_wvalue), .config_refuse_i(config_refuse),
    .config_mode_o(config_mode), .config_decrypt_o(config_decrypt), .config_key_len_o(config_key_len),
    .config_block_len_o(config_block_len),
    .blocks_in_count_i(blocks_in_q), .blocks_out_count_i(blocks_out_q), .messages_count_i(messages_q),
    .error_blocks_count_i(error_blocks_q),
    .key_we_o(key_we), .key_written_o(key_written), .key_word_o(key_words),
    .iv_we_o(iv_we), .iv_word_o(iv_words)
  );

  assign dp_rst_n = rst_ni && !clear;

  // Per-context views of the register block's flat vectors; keys and IVs left aligned, word 0 first.
  logic [2:0]         ctx_mode [CONTEXTS];
  logic [2:0]         ctx_key_len [CONTEXTS];
  logic [2:0]         ctx_block_len [CONTEXTS];
  logic               ctx_decrypt [CONTEXTS];
  logic [KEY_W-1:0]   ctx_key [CONTEXTS];
  logic [BLOCK_W-1:0] ctx_iv [CONTEXTS];
  logic               ctx_key_complete [CONTEXTS];
  logic [31:0]        ctx_config [CONTEXTS];
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx_view
    logic [KEY_W-1:0]   key;
    logic [BLOCK_W-1:0] iv;
    logic [MAX_NK-1:0]  needed;
    for (genvar i = 0; i < MAX_NK; i++) begin : g_key_word
      assign key[KEY_W-1-32*i -: 32] = key_words[(c*MAX_NK + i)*32 +: 32];
      assign needed[i] = i < 4 + int'(ctx_key_len[c]);
    end
    for (genvar i = 0; i < MAX_NB; i++) begin : g_iv_word
      assign iv[BLOCK_W-1-32*i -: 32] = iv_words[(c*MAX_NB + i)*32 +: 32];
    end
    assign ctx_mode[c]      = config_mode[3*c +: 3];
    assign ctx_key_len[c]   = config_key_len[3*c +: 3];
    assign ctx_block_len[c] = config_block_len[3*c +: 3];
    assign ctx_decrypt[c]   = config_decrypt[c];
    assign ctx_key[c]       = key;
    assign ctx_iv[c]        = iv;
    assign ctx_key_complete[c] = (key_written[c*MAX_NK +: MAX_NK] & needed) == needed;
    assign ctx_config[c] = (32'(ctx_mode[c]) << rijndael_regs_pkg::CONFIG_MODE_LSB) |
                           (32'(ctx_decrypt[c]) << rijndael_regs_pkg::CONFIG_DECRYPT_LSB) |
                           (32'(ctx_key_len[c]) << rijndael_regs_pkg::CONFIG_KEY_LEN_LSB) |
                           (32'(ctx_block_len[c]) << rijndael_regs_pkg::CONFIG_BLOCK_LEN_LSB);
  end

  // ---- register checks
  logic [CTX_W-1:0] sel;
  assign sel = ctx_sel_value[CTX_W-1:0];
  assign config_refuse  = config_refusal(config_wvalue);
  assign ctx_sel_refuse = (int'(ctx_sel_wvalue[7:0]) >= CONTEXTS) ? 32'd1 << rijndael_regs_pkg::ERROR_BAD_CTX_LSB : '0;
  always_comb begin
    ctrl_refuse = '0;
    if (ctrl_wvalue[rijndael_regs_pkg::CTRL_START_LSB]) begin
      ctrl_refuse = config_refusal(ctx_config[sel]);
      if (!ctx_key_complete[sel]) ctrl_refuse[rijndael_regs_pkg::ERROR_NO_KEY_LSB] = 1'b1;
      if (ctx_busy[sel])          ctrl_refuse[rijndael_regs_pkg::ERROR_BUSY_LSB] = 1'b1;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Input FIFO (beats) and block assembly
  logic                   in_valid, in_ready, in_last, in_empty, in_wiping;
  logic [TDATA_WIDTH-1:0] in_data;
  logic [LANES-1:0]       in_keep;
  logic [TID_WIDTH-1:0]   in_tid;

  rijndael_fifo #(.WIDTH(IN_W), .DEPTH(IN_DEPTH)) u_in_fifo (
    .clk_i, .rst_ni(dp_rst_n),
    .in_valid_i(s_axis_tvalid), .in_ready_o(s_axis_tready),
    .in_data_i({s_axis_tdata, s_axis_tkeep, s_axis_tlast, s_axis_tid}),
    .out_valid_o(in_valid), .out_ready_i(in_ready), .out_data_o({in_data, in_keep, in_last, in_tid}),
    .empty_o(in_empty), .wiping_o(in_wiping)
  );

  logic                 blk_valid, blk_ready, blk_last, blk_err, asm_empty;
  logic [BLOCK_W-1:0]   blk_data;
  logic [5:0]           blk_bytes;
  logic [TID_WIDTH-1:0] asm_tid;
  logic [3:0]           asm_nb;

  // Block length of the context whose data the assembler holds (an unknown TID gets 4 words).
  assign asm_nb = (int'(asm_tid) < CONTEXTS) ? 4'd4 + 4'(ctx_block_len[CTX_W'(asm_tid)]) : 4'd4;

  rijndael_stream_to_blocks #(.TDATA_WIDTH(TDATA_WIDTH), .MAX_NB(MAX_NB), .TID_W(TID_WIDTH)) u_assemble (
    .clk_i, .rst_ni(dp_rst_n),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(in_data), .in_keep_i(in_keep),
    .in_last_i(in_last), .in_tid_i(in_tid),
    .tid_o(asm_tid), .nb_words_i(asm_nb),
    .blk_valid_o(blk_valid), .blk_ready_i(blk_ready), .blk_data_o(blk_data), .blk_bytes_o(blk_bytes),
    .blk_last_o(blk_last), .blk_err_o(blk_err), .empty_o(asm_empty)
  );

  // ---------------------------------------------------------------------------------------------
  // Issue: one block (or the key beat before it) per cycle, in arrival order.
  logic [BLOCK_W-1:0] chain_q [CONTEXTS];   // IV / chaining value / counter per context (g_ctx_state)
  logic [CONTEXTS-1:0] armed_q, inflight_q;
  logic [CORE_SLOT_W-1:0] core_slot;      // the key slot of the block (and of its key beat)

  logic             ctx_ok, armed, is_empty, full_block, bad_partial, bypass, feedback, wait_fb, need_key, same_key;
  logic             core_decrypt, mode_ecb, mode_cbc, mode_cfb, mode_ofb, mode_ctr, b_decrypt;
  logic [CTX_W-1:0] bctx;
  logic [2:0]       b_mode, b_block_len;
  logic [BLOCK_W-1:0] b_chain, b_core_in, b_post_xor, b_ctr_step;
  logic             order_ready, core_in_valid, core_in_ready, key_fire, block_fire, bypass_fire;

  assign ctx_ok   = int'(asm_tid) < CONTEXTS;
  assign bctx     = ctx_ok ? CTX_W'(asm_tid) : '0;
  assign b_mode   = ctx_mode[bctx];
  assign b_decrypt = ctx_decrypt[bctx];
  assign b_block_len = ctx_block_len[bctx];
  assign b_chain  = chain_q[bctx];
  assign armed    = ctx_ok && armed_q[bctx];
  assign mode_ecb = b_mode == MODE_ECB;
  assign mode_cbc = b_mode == MODE_CBC;
  assign mode_cfb = b_mode == MODE_CFB;
  assign mode_ofb = b_mode == MODE_OFB;
  assign mode_ctr = b_mode == MODE_CTR;
  assign is_empty    = blk_bytes == '0;
  assign full_block  = int'(blk_bytes) == 4 * (4 + int'(b_block_len));
  assign bad_partial = (mode_ecb || mode_cbc) && !full_block && !is_empty;
  assign bypass      = blk_err || !armed || is_empty || bad_partial;
  // Feedback modes: the next block's input is this block's result.
  assign feedback    = (!b_decrypt && (mode_cbc || mode_cfb)) || mode_ofb;
  assign wait_fb     = feedback && inflight_q[bctx];
  // Which key each core key slot holds: loaded_valid_q / loaded_ctx_q per slot the engine uses.
  logic [ENGINE_SLOTS-1:0] loaded_valid_q;
  logic [CTX_W-1:0]        loaded_ctx_q [ENGINE_SLOTS];
  if (ENGINE_SLOTS > 1) begin : g_slot_per_context
    // Slot = context: a context's key stays in its slot, so only a context not loaded needs a key beat.
    logic unused_same_key;
    assign core_slot       = CORE_SLOT_W'(bctx);
    assign same_key        = 1'b0;
    assign need_key        = !loaded_valid_q[bctx];
    assign unused_same_key = same_key;
  end else begin : g_one_slot
    // The core holds one key. Contexts that share a key (and its lengths) need no key beat between their
    // blocks, so messages under one key with different IVs keep a pipelined core full; a different key
    // costs a key beat, and in a pipelined core a key wave (docs/system.md, "Feedback modes and contexts").
    assign core_slot = '0;
    assign same_key  = ctx_key[loaded_ctx_q[0]] == ctx_key[bctx] &&
                       ctx_key_len[loaded_ctx_q[0]] == ctx_key_len[bctx] &&
                       ctx_block_len[loaded_ctx_q[0]] == b_block_len;
    assign need_key  = !(loaded_valid_q[0] && (loaded_ctx_q[0] == bctx || same_key));
  end
  assign core_decrypt = b_decrypt && (mode_ecb || mode_cbc);
  // CTR adds one to the whole block as a big-endian number (the block sits left aligned).
  assign b_ctr_step  = BLOCK_W'(1) << (32 * (MAX_NB - 4 - int'(b_block_len)));

  always_comb begin
    b_core_in  = b_chain;           // CFB, OFB, CTR encrypt the chaining value / counter
    b_post_xor = blk_data;          // ... and XOR the message into the result
    if (mode_ecb) begin
      b_core_in  = blk_data;
      b_post_xor = '0;
    end else if (mode_cbc) begin
      b_core_in  = b_decrypt ? blk_data : blk_data ^ b_chain;
      b_post_xor = b_decrypt ? b_chain : '0;
    end
  end

  // The block's context/key is checked from registers only, so in_valid never waits on in_ready.
  assign core_in_valid = blk_valid && order_ready && !bypass && !wait_fb;
  assign key_fire      = core_in_valid && need_key && core_in_ready;
  assign block_fire    = core_in_valid && !need_key && core_in_ready;
  assign bypass_fire   = blk_valid && order_ready && bypass;
  assign blk_ready     = order_ready && (bypass || (!need_key && !wait_fb && core_in_ready));

  assign set_bad_ctx   = bypass_fire && !ctx_ok;
  assign set_not_armed = bypass_fire && ctx_ok && !armed;
  assign set_partial   = bypass_fire && armed && bad_partial;
  assign set_stream    = bypass_fire && blk_err;

  // ---- order FIFO: one entry per block, in issue order, telling the merge what to do with it
  logic                 ord_valid, ord_ready, ord_bypass, ord_err, ord_last, ord_fb, ord_fb_keystream;
  logic [TID_WIDTH-1:0] ord_tid;
  logic [5:0]           ord_bytes;
  logic [BLOCK_W-1:0]   ord_post_xor;
  logic                 ord_empty, ord_wiping;
  logic                 push_err;

  assign push_err = blk_err || !armed || bad_partial;
  rijndael_fifo #(.WIDTH(ORDER_W), .DEPTH(ORDER_DEPTH)) u_order_fifo (
    .clk_i, .rst_ni(dp_rst_n),
    .in_valid_i(block_fire || bypass_fire), .in_ready_o(order_ready),
    .in_data_i({bypass, bypass ? push_err : 1'b0, asm_tid, blk_bytes, blk_last,
                !bypass && feedback, mode_ofb, bypass ? '0 : b_post_xor}),
    .out_valid_o(ord_valid), .out_ready_i(ord_ready),
    .out_data_o({ord_bypass, ord_err, ord_tid, ord_bytes, ord_last, ord_fb, ord_fb_keystream, ord_post_xor}),
    .empty_o(ord_empty), .wiping_o(ord_wiping)
  );

  // ---- the core
  logic               core_out_valid, core_out_ready, core_out_error, core_key_error;
  logic [BLOCK_W-1:0] core_out_block;

  rijndael_core #(
    .BLOCK_SIZES(BLOCK_SIZES), .KEY_SIZES(KEY_SIZES), .MAX_NB(MAX_NB), .MAX_NK(MAX_NK),
    .ENABLE_ENCRYPT(ENABLE_ENCRYPT), .ENABLE_DECRYPT(ENABLE_DECRYPT), .ARCH(ARCH),
    .ROUNDS_PER_CYCLE(ROUNDS_PER_CYCLE), .FOLDED_WIDTH(FOLDED_WIDTH), .SUBSTAGES(SUBSTAGES), .SBOX(SBOX),
    .TBOX(TBOX), .ENC_KEYS(ENC_KEYS), .KEY_SLOTS(KEY_SLOTS)
  ) u_core (
    .clk_i, .rst_ni(dp_rst_n),
    .in_valid_i(core_in_valid), .in_ready_o(core_in_ready), .in_is_key_i(need_key),
    .in_key_len_i(ctx_key_len[bctx]), .in_block_len_i(b_block_len), .in_decrypt_i(core_decrypt),
    .in_slot_i(core_slot),
    .in_key_i(need_key ? ctx_key[bctx] : '0), .in_block_i(need_key ? '0 : b_core_in),
    .out_valid_o(core_out_valid), .out_ready_i(core_out_ready), .out_block_o(core_out_block),
    .out_error_o(core_out_error), .key_error_o(core_key_error)
  );

  // ---------------------------------------------------------------------------------------------
  // Merge: the order FIFO's head with the core's result (in order), into the output FIFO.
  logic               out_in_ready, merge_valid, merge_fire, merge_err;
  logic [BLOCK_W-1:0] merge_result, merge_data, byte_mask;
  logic [CTX_W-1:0]   octx;

  assign core_out_ready = ord_valid && !ord_bypass && out_in_ready;
  assign merge_valid    = ord_valid && (ord_bypass || core_out_valid);
  assign ord_ready      = out_in_ready && (ord_bypass || core_out_valid);
  assign merge_fire     = merge_valid && out_in_ready;
  assign merge_result   = core_out_block ^ ord_post_xor;
  assign merge_err      = ord_err || (!ord_bypass && (core_out_error || core_key_error));
  // Bytes past the message end never leave (in CTR/OFB/CFB they would be keystream).
  for (genvar b = 0; b < BLOCK_W / 8; b++) begin : g_byte_mask
    assign byte_mask[BLOCK_W-1-8*b -: 8] = {8{b < int'(ord_bytes)}};
  end
  assign merge_data = (ord_bypass || merge_err) ? '0 : (merge_result & byte_mask);
  assign octx       = CTX_W'(ord_tid);
  assign set_core   = merge_fire && !ord_bypass && (core_out_error || core_key_error);

  logic                 out_valid, out_ready, out_last, out_err, out_empty, out_wiping;
  logic [BLOCK_W-1:0]   out_data;
  logic [5:0]           out_bytes;
  logic [TID_WIDTH-1:0] out_tid;

  rijndael_fifo #(.WIDTH(OUT_W), .DEPTH(OUT_DEPTH)) u_out_fifo (
    .clk_i, .rst_ni(dp_rst_n),
    .in_valid_i(merge_valid), .in_ready_o(out_in_ready),
    .in_data_i({merge_data, ord_bytes, ord_last, merge_err, ord_tid}),
    .out_valid_o(out_valid), .out_ready_i(out_ready),
    .out_data_o({out_data, out_bytes, out_last, out_err, out_tid}),
    .empty_o(out_empty), .wiping_o(out_wiping)
  );

  logic dis_empty;
  rijndael_blocks_to_stream #(.TDATA_WIDTH(TDATA_WIDTH), .MAX_NB(MAX_NB), .TID_W(TID_WIDTH)) u_disassemble (
    .clk_i, .rst_ni(dp_rst_n),
    .blk_valid_i(out_valid), .blk_ready_o(out_ready), .blk_data_i(out_data), .blk_bytes_i(out_bytes),
    .blk_last_i(out_last), .blk_err_i(out_err), .blk_tid_i(out_tid),
    .out_valid_o(m_axis_tvalid), .out_ready_i(m_axis_tready), .out_data_o(m_axis_tdata),
    .out_keep_o(m_axis_tkeep), .out_last_o(m_axis_tlast), .out_user_o(m_axis_tuser[0]),
    .out_tid_o(m_axis_tid), .empty_o(dis_empty)
  );

  // ---------------------------------------------------------------------------------------------
  // Context state: chaining values, armed / in-flight flags, and how much of each context is inside.
  logic s_fire, m_fire;
  assign s_fire = s_axis_tvalid && s_axis_tready;
  assign m_fire = m_axis_tvalid && m_axis_tready;

  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx_state
    logic [CNT_W-1:0] beats_q;   // beats of this context between s_axis and m_axis
    logic             open_q;    // a message of this context has started and not ended on s_axis
    logic [BLOCK_W-1:0] chain_c_q;
    logic             armed_c_q, inflight_c_q;
    assign chain_q[c]    = chain_c_q;
    assign armed_q[c]    = armed_c_q;
    assign inflight_q[c] = inflight_c_q;
    logic in_c, out_c, issue_c, done_c, start_c, touch_c;
    assign in_c    = s_fire && int'(s_axis_tid) == c;
    assign out_c   = m_fire && int'(m_axis_tid) == c;
    assign issue_c = block_fire && int'(bctx) == c;
    assign done_c  = merge_fire && !ord_bypass && ord_fb && int'(octx) == c;
    assign start_c = start_pulse && int'(sel) == c;
    // Any accepted write to this context's banked registers disarms it until the next START.
    assign touch_c = (config_we || key_we || iv_we) && int'(wr_ctx) == c;
    assign ctx_busy[c] = beats_q != '0 || open_q;

    always_ff @(posedge clk_i) begin
      if (!dp_rst_n) begin
        beats_q       <= '0;
        open_q        <= 1'b0;
        chain_c_q    <= '0;
        armed_c_q    <= 1'b0;
        inflight_c_q <= 1'b0;
      end else begin
        beats_q <= beats_q + CNT_W'(in_c) - CNT_W'(out_c);
        if (in_c) open_q <= !s_axis_tlast;
        if (issue_c) begin
          if (feedback) inflight_c_q <= 1'b1;
          // Chaining values known at issue time: the ciphertext (CBC/CFB decryption), the counter.
          if (b_decrypt && (mode_cbc || mode_cfb)) chain_c_q <= blk_data;
          if (mode_ctr) chain_c_q <= b_chain + b_ctr_step;
        end
        if (done_c) begin
          inflight_c_q <= 1'b0;
          // OFB feeds back the keystream, CBC/CFB encryption the ciphertext.
          chain_c_q <= ord_fb_keystream ? core_out_block : merge_result;
        end
        if (touch_c) armed_c_q <= 1'b0;
        if (start_c) begin
          armed_c_q <= 1'b1;
          chain_c_q <= ctx_iv[c];
        end
      end
    end
  end

  for (genvar e = 0; e < ENGINE_SLOTS; e++) begin : g_loaded
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n) begin
        loaded_valid_q[e] <= 1'b0;
        loaded_ctx_q[e]   <= '0;
      end else begin
        if (key_fire && int'(core_slot) == e) begin
          loaded_valid_q[e] <= 1'b1;
          loaded_ctx_q[e]   <= bctx;
        end
        // A write to the loaded context's key or lengths (or its START) means the core may no longer hold
        // what that context's registers say: load again before the next block, and compare no other
        // context's key against the new value.
        if ((start_pulse && sel == loaded_ctx_q[e]) ||
            ((config_we || key_we) && int'(wr_ctx) == int'(loaded_ctx_q[e]))) loaded_valid_q[e] <= 1'b0;
      end
    end
  end

  // ---- counters and status
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n) begin
      blocks_in_q    <= '0;
      blocks_out_q   <= '0;
      messages_q     <= '0;
      error_blocks_q <= '0;
    end else begin
      if (block_fire) blocks_in_q <= blocks_in_q + 1'b1;
      if (merge_fire) blocks_out_q <= blocks_out_q + 1'b1;
      if (merge_fire && merge_err) error_blocks_q <= error_blocks_q + 1'b1;
      if (m_fire && m_axis_tlast) messages_q <= messages_q + 1'b1;
    end
  end

  assign st_armed  = armed_q[sel];
  assign st_busy   = ctx_busy[sel];
  assign st_idle   = in_empty && asm_empty && ord_empty && out_empty && dis_empty && !in_wiping;
  assign st_wiping = in_wiping || ord_wiping || out_wiping;

  logic unused;
  assign unused = ^{ctrl_we, ctx_sel_we, ctx_sel_wvalue[31:8], error_we, clear_pulse, ctx_sel_value, in_wiping};
endmodule
