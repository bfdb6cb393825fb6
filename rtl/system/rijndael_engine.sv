// rijndael_engine: rijndael_core with AXI4-Stream data in/out, AXI4-Lite registers, FIFOs, the modes
// of operation (ECB, CBC, CFB128, OFB, CTR; SP 800-38A; GCM, SP 800-38D: rijndael_gcm_prep at issue,
// rijndael_ghash at the merge, tags completed at the output FIFO's head, docs/system.md "GCM") and
// CONTEXTS independent contexts.
//
// Data path (register map, programming sequence and the timing of a message: docs/registers.md):
//   s_axis -> input FIFO (beats) -> stream_to_blocks -> issue (mode logic, key beats) -> rijndael_core
//                                                          \-> order FIFO (per block: context, XOR mask) -/
//          -> merge (XOR, feedback) -> output FIFO (blocks) -> blocks_to_stream -> m_axis
// - TID picks the context of a message; blocks leave in exactly the order they arrived (across
//   contexts too, with one or two cores), and output beats mirror input beats (TKEEP, TLAST, TID).
// - Scheduling rule (one core; two cores: see CORES = 2 below): blocks issue in arrival order. A block
//   of a feedback mode (CBC/CFB encryption, OFB) whose context still has a block in the core waits, and so does everything behind it; the
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
// - Reset and CTRL.CLEAR zero every key, IV, chaining value, FIFO memory and the core(s); s_axis_tready
//   is low until every FIFO memory is wiped.
// - CORES = 2: two rijndael_core instances of the same configuration. Blocks wait in an issue window
//   (rijndael_issue_window, ISSUE_WINDOW blocks of any contexts, in arrival order). Per cycle the engine
//   issues one key beat (to both cores: each takes it when ready, and both hold the same keys), or block 0
//   and, when it may go too, block 1. Block 0 is the oldest block, handled as with one core, unless it waits
//   for its context's feedback block: then the oldest block that is free to go (whole, started, key loaded,
//   no feedback block of its context in a core, no older block of its context waiting). Block 1 is the next
//   free block after it, or the next block of block 0's context when that is independent of block 0 (ECB,
//   CTR: counter + 1, CBC/CFB decryption). A context's blocks never overtake each other; blocks of other
//   contexts pass a waiting feedback chain, so interleaved CBC/CFB encryption and OFB contexts fill both
//   pipelines. Every block gets a sequence number in arrival order at the window and with it a slot in the
//   reorder buffer after the merge (rijndael_reorder, REORDER_DEPTH): results are merged in issue order and
//   leave in arrival order, so the output contract is the one-core one. Consecutive issued blocks go to
//   alternate cores, so the oldest two results are always one per core and the merge takes both in one
//   cycle. Two blocks per clock need two blocks per beat (TDATA_WIDTH >= 2 x 32*MAX_NB, i.e. 256 for AES):
//   an elaboration check refuses CORES = 2 with a pipelined core (one block per clock already) on a narrower
//   stream; slower cores gain at any width.
// - CORES = 2 with ISSUE_WINDOW = 0 (STAGED): blocks issue in arrival order from a small queue
//   (rijndael_issue_queue), and the issue stage takes two clocks: decide (from registers only), then
//   execute (chaining values, core inputs, order FIFO); each core is fed from a small FIFO, and a register
//   sits behind the merge (docs/system.md, "Arrival-order issue").
`include "rijndael_core_params.svh"

module rijndael_engine #(
  // rijndael_core parameters, passed through (docs/core-interface.md); with KEY_SLOTS >= CONTEXTS a pipelined
  // core keeps one key per context
  `RIJNDAEL_CORE_PARAMS,  // the core's list (rtl/pkg/rijndael_core_params.svh)
  // engine parameters
  parameter int TDATA_WIDTH      = 128,   // 32, 64, 128 or 256
  parameter int FIFO_DEPTH       = 512,   // input and output FIFO size in blocks of 32*MAX_NB bits
  parameter int CONTEXTS         = 4,     // 1..256
  parameter int CORES            = 1,     // cipher cores: 1, or 2 (two blocks per clock; see the header)
  parameter int ISSUE_WINDOW     = 16,    // CORES = 2: blocks waiting side by side in front of the issue stage;
                                          // 0: none, blocks issue in arrival order (no reorder buffer either)
  parameter int REORDER_DEPTH    = ARCH == 1 ? 256 : 64,   // CORES = 2: blocks from the window's entry to the
                                          // output FIFO (two per clock for ~65 clocks with pipelined-both: 130)
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
  // (two-core arrival-order builds: at least 4, as the FIFO's registered ready needs; see u_in_fifo)
  localparam int IN_MIN    = (CORES > 1 && ISSUE_WINDOW == 0) ? 4 : 2;
  localparam int IN_DEPTH  = 1 << $clog2(IN_BEATS < IN_MIN ? IN_MIN : IN_BEATS);
  localparam int OUT_DEPTH = 1 << $clog2(FIFO_DEPTH < 2 ? 2 : FIFO_DEPTH);
  // Groups of blocks between issue and merge (order FIFO entries). It must cover every block a core can
  // hold, or the order FIFO, not the core, limits throughput: the iterative, folded and tiny cores hold a
  // few blocks; the pipelined core holds one block per register slot (up to 8 per round x 14 rounds = 112
  // with its sub-stages) plus its output buffer, so pipelined builds get 128 entries. With two cores an
  // entry is a pair of blocks, one per core, so the same depth covers both cores.
  localparam int ORDER_DEPTH = (ARCH == 1) ? 128 : 64;
  localparam int IN_W    = TDATA_WIDTH + LANES + 2 + TID_WIDTH;   // data, TKEEP's run, its check, TLAST, TID
  localparam logic [4:0] BLOCK_MASK = 5'(BLOCK_SIZES);
  localparam logic [4:0] KEY_MASK   = 5'(KEY_SIZES);
  // The bits a length field (0..4: 4..8 words) can have set in this build: CONFIG refuses every other value,
  // so a stored length is always one of the build's (or the reset value 0). ANDing with these constants
  // changes no reachable value and lets synthesis see that an AES-only build has one block length (the
  // gearbox's block size was a variable 4..11 words, deepening its shifts) and fewer key lengths.
  localparam logic [2:0] BLOCK_LEN_BITS = {BLOCK_MASK[4], BLOCK_MASK[2] | BLOCK_MASK[3], BLOCK_MASK[1] | BLOCK_MASK[3]};
  localparam logic [2:0] KEY_LEN_BITS   = {KEY_MASK[4], KEY_MASK[2] | KEY_MASK[3], KEY_MASK[1] | KEY_MASK[3]};
  // The build has one block length, MAX_NB words (AES: 128 bits): the gearboxes then cut and pack beats at
  // fixed places when a beat is one or two blocks (rijndael_stream_to_blocks, rijndael_blocks_to_stream).
  localparam int FIXED_NB = BLOCK_MASK == 5'(1 << (MAX_NB - 4)) ? 1 : 0;
  localparam int CNT_W = 24;   // beats of one context inside the engine (far more than the FIFOs hold)
  // Key slots the engine uses: one per context when the core has enough, else one shared key (slot 0).
  localparam int ENGINE_SLOTS = KEY_SLOTS >= CONTEXTS ? CONTEXTS : 1;
  localparam int CORE_SLOT_W  = KEY_SLOTS > 1 ? $clog2(KEY_SLOTS) : 1;
  localparam int SEQ_W        = $clog2(REORDER_DEPTH);   // sequence numbers in arrival order (CORES = 2)
  // Two cores with an issue window (and a reorder buffer behind the merge), or in arrival order without both.
  localparam bit WINDOW       = CORES > 1 && ISSUE_WINDOW > 0;
  // Two cores in arrival order: the issue stage in two clocks (decide, then execute; see "Issue" below), the
  // cores fed from FIFOs whose ready is a clock ahead, and a register behind the merge.
  localparam bit STAGED       = CORES > 1 && !WINDOW;

  // Mode values (CONFIG.MODE).
  localparam logic [2:0] MODE_CBC = 3'(rijndael_regs_pkg::CONFIG_MODE_CBC);
  localparam logic [2:0] MODE_CFB = 3'(rijndael_regs_pkg::CONFIG_MODE_CFB128);
  localparam logic [2:0] MODE_OFB = 3'(rijndael_regs_pkg::CONFIG_MODE_OFB);
  localparam logic [2:0] MODE_GCM = 3'(rijndael_regs_pkg::CONFIG_MODE_GCM);
  // GCM needs the forward cipher, the AES block (GHASH is 128 bits wide) and one core (its merge feeds
  // GHASH in issue order; with two cores blocks merge in pairs). Other builds refuse CONFIG.MODE = GCM.
  localparam bit GCM_EN = CORES == 1 && MAX_NB == 4 && ENABLE_ENCRYPT != 0;
  // GHASH at the core's rate: the pipelined core takes a block per clock and gets rijndael_ghash's FAST
  // implementation (one block per clock on one message); the other cores get the digit-serial one (a block
  // per 128/DIGIT + 2 clocks): DIGIT = 32 (6 clocks) behind the cores of 10 or more clocks per block, 64 (4)
  // behind two round units in the loop (AES-128: 5 clocks), 128 (3, the fastest it goes) behind five (2).
  localparam int GHASH_FAST  = (ARCH == 1) ? 1 : 0;
  localparam int GHASH_DIGIT = (ARCH == 0 && ROUNDS_PER_CYCLE >= 5) ? 128
                             : (ARCH == 0 && ROUNDS_PER_CYCLE >= 2) ? 64 : 32;
  // GCM merge actions (rijndael_gcm_prep)
  localparam logic [2:0] GK_NONE = 3'd0, GK_H = 3'd1, GK_PASS = 3'd2, GK_IVH = 3'd3, GK_AAD = 3'd4,
                         GK_PAY = 3'd5, GK_TAG = 3'd6;

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
  if (CORES != 1 && CORES != 2) begin : g_check_cores
    ERROR_CORES_must_be_1_or_2 u_error ();
  end
  // A pipelined core takes a block every clock already: a second one only pays when a beat carries two
  // blocks (TDATA_WIDTH >= 2 x 32*MAX_NB, i.e. 256 for AES). Slower cores gain from CORES = 2 at any width.
  if (CORES == 2 && ARCH == 1 && TDATA_WIDTH < 64 * MAX_NB) begin : g_check_cores_tdata
    ERROR_CORES_2_with_a_pipelined_core_needs_TDATA_WIDTH_of_two_blocks u_error ();
  end
  // The reorder buffer allocates at the window's entry, so it must hold the window and more; sequence
  // numbers wrap, so it is a power of two.
  // ISSUE_WINDOW = 0 issues in arrival order (REORDER_DEPTH is then unused).
  if (CORES == 2 && ISSUE_WINDOW != 0 && (ISSUE_WINDOW < 2 || ISSUE_WINDOW > 64 || REORDER_DEPTH < ISSUE_WINDOW + 4 ||
                     REORDER_DEPTH != (1 << SEQ_W))) begin : g_check_window
    ERROR_ISSUE_WINDOW_0_or_2_to_64_and_REORDER_DEPTH_a_power_of_two_above_it u_error ();
  end

  // Refusal mask of a CONFIG value for this build (ERROR register bits).
  function automatic logic [31:0] config_refusal(input logic [31:0] value);
    config_refusal = rijndael_engine_pkg::config_refusal(value, BLOCK_MASK, KEY_MASK, GCM_EN, ENABLE_ENCRYPT != 0,
                                                         ENABLE_DECRYPT != 0);
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Registers
  logic clear;                       // CTRL.CLEAR, one cycle: the register block clears, the data path a clock later
  // The data path's reset (rst_ni or CTRL.CLEAR), registered and copied once per area of the engine
  // (rijndael_reg_copies): from one LUT it reached ~8k flops' resets over the whole die (the net with the
  // widest span of the two-pipeline engine's placement, tools/placed_paths.py). The data path therefore
  // resets a clock after the register block's CLEAR; s_axis_tready is low from CLEAR until the wipe is done,
  // so no beat is taken in between.
  localparam int R_IN = 0, R_ASM = 1, R_ISSUE = 2, R_ORDER = 3, R_OUT = 4, R_UNPACK = 5, R_CTX = 6,
                 R_GCM = 7, R_CNT = 8, R_CORE = 9, R_CIN = R_CORE + CORES, R_COUT = R_CIN + CORES,
                 RST_COPIES = R_COUT + CORES;   // R_CIN, R_COUT: each core's input FIFO and output slice (STAGED)
  logic [RST_COPIES-1:0] dp_rst_n;
  logic [CONTEXTS-1:0] ctx_busy;
  logic [CONTEXTS*3-1:0] config_mode, config_key_len, config_block_len;
  logic [CONTEXTS*3-1:0] block_len_all;   // ctx_block_len, packed (the issue window's view)
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
  logic [14:0] error_bits;
  logic        gcm_we, aad_len_we, set_frame, set_auth;
  logic [31:0] gcm_wvalue, gcm_refuse, aad_len_wvalue;
  logic [CONTEXTS*16-1:0] gcm_iv_len;
  logic [CONTEXTS*5-1:0]  gcm_tag_len;
  logic [CONTEXTS*32-1:0] gcm_aad_len;
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
    .error_bad_gcm_len_set_i(1'b0), .error_bad_gcm_len_o(error_bits[12]),
    .error_gcm_frame_set_i(set_frame), .error_gcm_frame_o(error_bits[13]),
    .error_auth_set_i(set_auth), .error_auth_o(error_bits[14]),
    .gcm_we_o(gcm_we), .gcm_wvalue_o(gcm_wvalue), .gcm_refuse_i(gcm_refuse),
    .gcm_iv_len_o(gcm_iv_len), .gcm_tag_len_o(gcm_tag_len),
    .aad_len_we_o(aad_len_we), .aad_len_wvalue_o(aad_len_wvalue), .aad_len_refuse_i('0),
    .aad_len_len_o(gcm_aad_len),
    .config_we_o(config_we), .config_wvalue_o(config_wvalue), .config_refuse_i(config_refuse),
    .config_mode_o(config_mode), .config_decrypt_o(config_decrypt), .config_key_len_o(config_key_len),
    .config_block_len_o(config_block_len),
    .blocks_in_count_i(blocks_in_q), .blocks_out_count_i(blocks_out_q), .messages_count_i(messages_q),
    .error_blocks_count_i(error_blocks_q),
    .key_we_o(key_we), .key_written_o(key_written), .key_word_o(key_words),
    .iv_we_o(iv_we), .iv_word_o(iv_words)
  );

  rijndael_reg_copies #(.WIDTH(1), .COPIES(RST_COPIES), .RESET(1'b0)) u_dp_rst (
    .clk_i, .rst_ni, .d_i(!clear), .q_o(dp_rst_n)
  );

  // Per-context views of the register block's flat vectors; keys and IVs left aligned, word 0 first.
  logic [2:0]         ctx_mode [CONTEXTS];
  logic [2:0]         ctx_key_len [CONTEXTS];
  logic [2:0]         ctx_block_len [CONTEXTS];
  logic               ctx_decrypt [CONTEXTS];
  logic [KEY_W-1:0]   ctx_key [CONTEXTS];
  logic [BLOCK_W-1:0] ctx_iv [CONTEXTS];
  logic               ctx_key_complete [CONTEXTS];
  logic [31:0]        ctx_config [CONTEXTS];
  logic [15:0]        ctx_iv_len [CONTEXTS];
  logic [4:0]         ctx_tag_len [CONTEXTS];
  logic [31:0]        ctx_aad_len [CONTEXTS];
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
    assign ctx_key_len[c]   = config_key_len[3*c +: 3] & KEY_LEN_BITS;
    assign ctx_block_len[c] = config_block_len[3*c +: 3] & BLOCK_LEN_BITS;
    assign block_len_all[3*c +: 3] = ctx_block_len[c];
    assign ctx_decrypt[c]   = config_decrypt[c];
    assign ctx_iv_len[c]    = gcm_iv_len[16*c +: 16];
    assign ctx_tag_len[c]   = gcm_tag_len[5*c +: 5];
    assign ctx_aad_len[c]   = gcm_aad_len[32*c +: 32];
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
  assign gcm_refuse     = rijndael_engine_pkg::gcm_refusal(gcm_wvalue[rijndael_regs_pkg::GCM_TAG_LEN_LSB +: 5],
                                                                   gcm_wvalue[rijndael_regs_pkg::GCM_IV_LEN_LSB +: 16]);
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
  logic [LANES-1:0]       in_run, s_run;
  logic                   in_keep_bad, s_keep_bad;
  logic [TID_WIDTH-1:0]   in_tid;

  // s_axis_tready stays low until every FIFO memory is wiped (the order and output FIFOs can be deeper
  // than the input FIFO), so the first beat after reset / CLEAR finds the whole engine ready.
  logic in_fifo_ready, fifo_wiping, in_slice_ready, in_slice_valid;
  assign s_axis_tready = in_slice_ready && !fifo_wiping && !clear && dp_rst_n[R_IN];

  // TKEEP as the gearbox reads it (its run from lane 0, and whether the stream is packed), stored in the
  // FIFO instead of TKEEP itself.
  rijndael_keep_run #(.LANES(LANES)) u_keep_run (
    .keep_i(s_axis_tkeep), .last_i(s_axis_tlast), .run_o(s_run), .bad_o(s_keep_bad)
  );

  // s_axis and TKEEP's run land in a register slice first: s_axis_tready is then a flop, and the run ends
  // in flops. Into the FIFO's memory (LUT RAM with a small FIFO_DEPTH) Yosys' ABC treated it as untimed
  // and built the prefix AND as a chain: 16 LUT levels, the two-pipeline engine's deepest path.
  localparam int S_W = IN_W;
  logic [IN_W-1:0] r_beat;
  logic            unused_s_next, unused_s_ready_next;
  logic [S_W-1:0]  unused_s_next_data;
  rijndael_skid #(.WIDTH(S_W), .READY_NEXT(1'b0)) u_in_slice (
    .clk_i, .rst_ni(dp_rst_n[R_IN]), .wipe_i(!dp_rst_n[R_IN]),
    .in_valid_i(s_axis_tvalid && !fifo_wiping), .in_ready_o(in_slice_ready),
    .in_ready_next_o(unused_s_ready_next),
    .in_data_i({s_axis_tdata, s_run, s_keep_bad, s_axis_tlast, s_axis_tid}),
    .out_valid_o(in_slice_valid), .out_ready_i(in_fifo_ready), .out_data_o(r_beat),
    .next_valid_o(unused_s_next), .next_data_o(unused_s_next_data), .out_ready_next_i(1'b0)
  );

  // STAGED: its ready a flop (REG_READY), so the gearbox's pops (its read pointer) do not reach the s_axis
  // slice's ~300 load enables in the same clock (a path of the two-pipeline engine's placement, session 55).
  rijndael_fifo #(.WIDTH(IN_W), .DEPTH(IN_DEPTH), .OUT_SLICE(1), .REG_READY(int'(STAGED))) u_in_fifo (
    .clk_i, .rst_ni(dp_rst_n[R_IN]),
    .in_valid_i(in_slice_valid), .in_ready_o(in_fifo_ready),
    .in_data_i(r_beat),
    .out_valid_o(in_valid), .out_ready_i(in_ready), .out_data_o({in_data, in_run, in_keep_bad, in_last, in_tid}),
    .empty_o(in_empty), .wiping_o(in_wiping)
  );

  logic                 asm_valid, asm_ready, asm_last, asm_err, asm_empty;
  logic [BLOCK_W-1:0]   asm_data;
  logic [5:0]           asm_bytes;
  logic [TID_WIDTH-1:0] asm_tid;
  logic [3:0]           asm_nb;
  // The block behind it (two cores): same context and message, taken only together with the first.
  logic                 asm1_valid, asm_take2, asm1_last, asm1_err;
  logic [BLOCK_W-1:0]   asm1_data;
  logic [5:0]           asm1_bytes;

  // Block length of the context whose data the assembler holds (an unknown TID gets 4 words).
  assign asm_nb = (int'(asm_tid) < CONTEXTS) ? 4'd4 + 4'(ctx_block_len[CTX_W'(asm_tid)]) : 4'd4;

  logic unused_asm_half;   // the blocks come with their data here (rijndael_engine_lanes picks by it)
  rijndael_stream_to_blocks #(.TDATA_WIDTH(TDATA_WIDTH), .MAX_NB(MAX_NB), .TID_W(TID_WIDTH), .PAIR(CORES - 1),
                              .FIXED_NB(FIXED_NB))
  u_assemble (
    .clk_i, .rst_ni(dp_rst_n[R_ASM]),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i(in_data), .in_run_i(in_run),
    .in_keep_bad_i(in_keep_bad),
    .in_last_i(in_last), .in_tid_i(in_tid),
    .tid_o(asm_tid), .nb_words_i(asm_nb),
    .blk_valid_o(asm_valid), .blk_ready_i(asm_ready), .blk_data_o(asm_data), .blk_bytes_o(asm_bytes),
    .blk_last_o(asm_last), .blk_err_o(asm_err),
    .blk1_valid_o(asm1_valid), .blk_take2_i(asm_take2), .blk1_data_o(asm1_data), .blk1_bytes_o(asm1_bytes),
    .blk1_last_o(asm1_last), .blk1_err_o(asm1_err), .half_o(unused_asm_half), .empty_o(asm_empty)
  );

  // ---------------------------------------------------------------------------------------------
  // Blocks for the issue stage: block 0 and block 1 with their TIDs (and, with two cores, sequence
  // numbers in arrival order). One core: straight from the gearbox. Two cores: from the issue window,
  // where blocks of several contexts wait side by side (rijndael_issue_window).
  logic                 blk_valid, blk_ready, blk_last, blk_err;
  logic [BLOCK_W-1:0]   blk_data;
  logic [5:0]           blk_bytes;
  logic [TID_WIDTH-1:0] tid0, tid1;
  logic                 blk1_valid, blk_take2, blk1_last, blk1_err;
  logic [BLOCK_W-1:0]   blk1_data;
  logic [5:0]           blk1_bytes;
  logic [SEQ_W-1:0]     seq0, seq1;
  logic                 win_empty;
  logic [1:0]           rob_alloc;
  logic [SEQ_W:0]       rob_free;
  logic [CONTEXTS-1:0]  ctx_go, ctx_wait, ctx_fb;
  logic [BLOCK_W-1:0]   chain_q [CONTEXTS];   // IV / chaining value / counter per context (g_ctx_state)
  logic [CONTEXTS-1:0]  armed_q, inflight_q;
  // The static flags of blocks 0 and 1 (rijndael_block_flags): from the issue queue, where the two-core
  // arrival-order build computes them as blocks enter it (q_flags*), or computed at issue (g_flags_at_issue).
  logic [rijndael_engine_pkg::BF_W-1:0] flags0, flags1, q_flags0, q_flags1;
  // STAGED: the queue's head as the issue decision sees it (the names above are then the execute stage's).
  logic [TID_WIDTH-1:0] h_tid0, h_tid1;
  logic [rijndael_engine_pkg::BF_W-1:0] h_flags0, h_flags1;

  if (WINDOW) begin : g_window
    rijndael_issue_window #(.DEPTH(ISSUE_WINDOW), .MAX_NB(MAX_NB), .TID_W(TID_WIDTH), .CONTEXTS(CONTEXTS),
                            .SEQ_W(SEQ_W)) u_window (
      .clk_i, .rst_ni(dp_rst_n[R_ASM]),
      .in_valid_i(asm_valid), .in_ready_o(asm_ready), .in_data_i(asm_data), .in_bytes_i(asm_bytes),
      .in_last_i(asm_last), .in_err_i(asm_err), .in_tid_i(asm_tid),
      .in1_valid_i(asm1_valid), .in_take2_o(asm_take2), .in1_data_i(asm1_data), .in1_bytes_i(asm1_bytes),
      .in1_last_i(asm1_last), .in1_err_i(asm1_err),
      .free_i(rob_free), .alloc_o(rob_alloc),
      .ctx_go_i(ctx_go), .ctx_wait_i(ctx_wait), .ctx_feedback_i(ctx_fb), .ctx_block_len_i(block_len_all),
      .blk_valid_o(blk_valid), .blk_take_i(blk_ready), .blk_data_o(blk_data), .blk_bytes_o(blk_bytes),
      .blk_last_o(blk_last), .blk_err_o(blk_err), .blk_tid_o(tid0), .blk_seq_o(seq0),
      .blk1_valid_o(blk1_valid), .blk1_take_i(blk_take2), .blk1_data_o(blk1_data), .blk1_bytes_o(blk1_bytes),
      .blk1_last_o(blk1_last), .blk1_err_o(blk1_err), .blk1_tid_o(tid1), .blk1_seq_o(seq1),
      .empty_o(win_empty)
    );
    assign q_flags0 = '0;
    assign q_flags1 = '0;
    assign {h_tid0, h_tid1, h_flags0, h_flags1} = '0;
  end else if (CORES > 1) begin : g_queue
    // Arrival order: a few blocks between the gearbox and the issue stage (rijndael_issue_queue), so the
    // issue decision does not reach back into the gearbox in the same clock; blocks 0 and 1 are the two
    // oldest, of one message or not (a block 1 of another context has its own chaining value and flags).
    // Each block's static flags are computed here, as it enters: they cannot change while it is inside
    // (rijndael_engine_pkg), and the issue decision then starts from registers, not from the context
    // lookup and the mode decode (about half of its LUT levels).
    localparam int FL_W = rijndael_engine_pkg::BF_W;
    localparam int Q_W  = BLOCK_W + 6 + 2 + TID_WIDTH + FL_W;
    logic             unused_window, a_ctx_ok, a_armed;
    logic [CTX_W-1:0] a_ctx;
    logic [FL_W-1:0]  a_flags0, a_flags1;
    assign unused_window = ^{rob_free, ctx_go, ctx_wait, ctx_fb, block_len_all};
    assign a_ctx_ok = int'(asm_tid) < CONTEXTS;
    assign a_ctx    = a_ctx_ok ? CTX_W'(asm_tid) : '0;
    assign a_armed  = a_ctx_ok && armed_q[a_ctx];
    rijndael_block_flags u_flags_in0 (
      .bytes_i(asm_bytes), .stream_err_i(asm_err), .ctx_ok_i(a_ctx_ok), .armed_i(a_armed),
      .mode_i(ctx_mode[a_ctx]), .decrypt_i(ctx_decrypt[a_ctx]), .block_len_i(ctx_block_len[a_ctx]),
      .flags_o(a_flags0)
    );
    rijndael_block_flags u_flags_in1 (
      .bytes_i(asm1_bytes), .stream_err_i(asm1_err), .ctx_ok_i(a_ctx_ok), .armed_i(a_armed),
      .mode_i(ctx_mode[a_ctx]), .decrypt_i(ctx_decrypt[a_ctx]), .block_len_i(ctx_block_len[a_ctx]),
      .flags_o(a_flags1)
    );
    logic [Q_W-1:0] head0, head1, x_head0_q, x_head1_q;
    rijndael_issue_queue #(.WIDTH(Q_W)) u_queue (
      .clk_i, .rst_ni(dp_rst_n[R_ASM]),
      .in0_valid_i(asm_valid), .in1_valid_i(asm1_valid), .in_ready_o(asm_ready),
      .in0_data_i({asm_data, asm_bytes, asm_last, asm_err, asm_tid, a_flags0}),
      .in1_data_i({asm1_data, asm1_bytes, asm1_last, asm1_err, asm_tid, a_flags1}),
      .out0_valid_o(blk_valid), .out1_valid_o(blk1_valid),
      .out0_data_o(head0), .out1_data_o(head1),
      .take0_i(blk_ready), .take1_i(blk_take2), .empty_o(win_empty)
    );
    // The decision (g_staged_issue) reads the head's TIDs and flags; the execute stage a clock later reads
    // the blocks it decided on from these registers, loaded every clock (no enable, so the decision does not
    // reach ~600 flops' enables).
    assign h_tid0   = head0[FL_W +: TID_WIDTH];
    assign h_tid1   = head1[FL_W +: TID_WIDTH];
    assign h_flags0 = head0[FL_W-1:0];
    assign h_flags1 = head1[FL_W-1:0];
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_ISSUE]) begin
        x_head0_q <= '0;
        x_head1_q <= '0;
      end else begin
        x_head0_q <= head0;
        x_head1_q <= head1;
      end
    end
    assign {blk_data, blk_bytes, blk_last, blk_err, tid0, q_flags0}        = x_head0_q;
    assign {blk1_data, blk1_bytes, blk1_last, blk1_err, tid1, q_flags1}    = x_head1_q;
    assign asm_take2 = asm_ready;
    assign seq0      = '0;
    assign seq1      = '0;
    assign rob_alloc = '0;
  end else begin : g_no_window
    logic unused_window;
    assign unused_window = ^{rob_free, ctx_go, ctx_wait, ctx_fb, block_len_all};
    assign blk_valid  = asm_valid;
    assign asm_ready  = blk_ready;
    assign blk_data   = asm_data;
    assign blk_bytes  = asm_bytes;
    assign blk_last   = asm_last;
    assign blk_err    = asm_err;
    assign tid0       = asm_tid;
    assign tid1       = asm_tid;
    assign blk1_valid = asm1_valid;
    assign asm_take2  = blk_take2;
    assign blk1_data  = asm1_data;
    assign blk1_bytes = asm1_bytes;
    assign blk1_last  = asm1_last;
    assign blk1_err   = asm1_err;
    assign seq0       = '0;
    assign seq1       = '0;
    assign rob_alloc  = '0;
    assign win_empty  = 1'b1;
    assign q_flags0   = '0;
    assign q_flags1   = '0;
    assign {h_tid0, h_tid1, h_flags0, h_flags1} = '0;
  end

  // ---------------------------------------------------------------------------------------------
  // Issue, in arrival order (two cores: see rijndael_issue_window for what may pass what): per cycle one key beat (to every core), or block 0 (the oldest) and with
  // two cores also block 1 (the one behind it) when block 1 does not depend on block 0.
  logic [CORE_SLOT_W-1:0] core_slot, core_slot1;   // the key slot of block 0 (and of its key beat), block 1
  logic [ENGINE_SLOTS-1:0] loaded_valid_q;          // which key each core key slot holds (g_loaded)
  logic [CONTEXTS-1:0]     same_key_all;            // one slot: the context's key is the loaded one (g_one_slot)
  logic [CTX_W-1:0]        loaded_ctx_q [ENGINE_SLOTS];

  // ---- block 0
  logic             ctx_ok, armed, bypass, push_err, bad_partial, feedback, keystream, wait_fb, need_key, same_key;
  logic             core_decrypt, b_decrypt, chain_upd;
  logic [CTX_W-1:0] bctx;
  logic [2:0]       b_block_len;
  logic [BLOCK_W-1:0] b_chain, b_core_in, b_post_xor, chain_next;

  assign ctx_ok      = int'(tid0) < CONTEXTS;
  assign bctx        = ctx_ok ? CTX_W'(tid0) : '0;
  assign b_decrypt   = ctx_decrypt[bctx];
  assign b_block_len = ctx_block_len[bctx];
  assign b_chain     = chain_q[bctx];
  assign armed       = flags0[rijndael_engine_pkg::BF_ARMED];

  logic             p_bypass, p_err, p_feedback, p_keystream, p_core_decrypt, p_chain_upd;
  logic [BLOCK_W-1:0] p_core_in, p_post_xor, p_chain_next;
  assign p_bypass       = flags0[rijndael_engine_pkg::BF_BYPASS];
  assign p_err          = flags0[rijndael_engine_pkg::BF_ERR];
  assign bad_partial    = flags0[rijndael_engine_pkg::BF_BAD_PARTIAL];
  assign p_feedback     = flags0[rijndael_engine_pkg::BF_FEEDBACK];
  assign p_keystream    = flags0[rijndael_engine_pkg::BF_KEYSTREAM];
  assign p_core_decrypt = flags0[rijndael_engine_pkg::BF_CORE_DECRYPT];
  assign p_chain_upd    = flags0[rijndael_engine_pkg::BF_CHAIN_UPDATE];
  // CTR adds one to the whole block as a big-endian number (the block sits left aligned): the step is a
  // one in the block's last word.
  function automatic logic [BLOCK_W-1:0] ctr_step(input logic [2:0] block_len);
    ctr_step = BLOCK_W'(1) << (32 * (MAX_NB - 4 - int'(block_len)));
  endfunction
  logic [BLOCK_W-1:0] b_step;   // block 0's counter plus one
  logic [BLOCK_W-1:0] b_step1;  // block 1's (see below)
  // FIXED_NB builds: every context's counter plus one and plus two, each from its own chaining value
  // (g_ctr_split), so that a context's CTR update is local to its register (g_ctx_state) and the issue
  // stage chooses among finished sums instead of adding behind its context choice.
  logic [BLOCK_W-1:0] ctr_inc1 [CONTEXTS];
  logic [BLOCK_W-1:0] ctr_inc2 [CONTEXTS];
  rijndael_block_data #(.MAX_NB(MAX_NB)) u_data0 (
    .flags_i(flags0), .data_i(blk_data), .chain_i(b_chain), .chain_step_i(b_step),
    .core_in_o(p_core_in), .post_xor_o(p_post_xor), .chain_next_o(p_chain_next)
  );

  // ---- GCM (block 0 only: GCM runs on one core). Per context: which packet of its message the stream
  // is in, bytes of that packet so far, whether the message is broken, whether H must still be computed,
  // and J0's low word (the counter's high 96 bits are J0's); the counter itself is the chaining value.
  logic             is_gcm, g_h_issue, g_wait, g_bypass, g_pass, g_err, g_frame, g_end, g_chain_upd;
  logic             g_j0_set, g_j0_start;
  logic [2:0]       g_kind;
  logic [BLOCK_W-1:0] g_core_in, g_post_xor, g_chain_next;
  logic [1:0]       g_phase_next;
  logic [31:0]      g_pkt_next;
  logic             g_broken_next;
  logic [1:0]       gcm_phase_q [CONTEXTS];
  logic [31:0]      gcm_pkt_q [CONTEXTS];
  logic [CONTEXTS-1:0] gcm_broken_q, gcm_need_h_q, gcm_j0_pending_q;
  logic [31:0]      gcm_j0_low_q [CONTEXTS];
  logic [CONTEXTS-1:0] gcm_j0_wr;     // the merge writes a GHASHed J0 into the context (g_ctx_state)
  logic [BLOCK_W-1:0]  gcm_j0_value;

  if (GCM_EN) begin : g_gcm_prep
    assign is_gcm = armed && ctx_mode[bctx] == MODE_GCM;
    rijndael_gcm_prep u_gcm_prep (
      .data_i(blk_data), .bytes_i(blk_bytes), .last_i(blk_last), .stream_err_i(blk_err),
      .phase_i(gcm_phase_q[bctx]), .pkt_bytes_i(gcm_pkt_q[bctx]), .broken_i(gcm_broken_q[bctx]),
      .need_h_i(gcm_need_h_q[bctx]), .iv_len_i(ctx_iv_len[bctx]), .aad_len_i(ctx_aad_len[bctx]),
      .tag_len_i(ctx_tag_len[bctx]), .chain_i(b_chain), .j0_low_i(gcm_j0_low_q[bctx]),
      .h_first_o(g_h_issue), .wait_j0_o(g_wait), .j0_pending_i(gcm_j0_pending_q[bctx]),
      .bypass_o(g_bypass), .pass_o(g_pass), .err_o(g_err), .frame_err_o(g_frame), .kind_o(g_kind),
      .msg_end_o(g_end), .core_in_o(g_core_in), .post_xor_o(g_post_xor), .chain_update_o(g_chain_upd),
      .chain_next_o(g_chain_next), .j0_set_o(g_j0_set), .j0_start_o(g_j0_start),
      .phase_next_o(g_phase_next), .pkt_bytes_next_o(g_pkt_next), .broken_next_o(g_broken_next)
    );
  end else begin : g_no_gcm_prep
    // No GCM in this build: its per-context state and registers are read by nothing (synthesis drops them).
    logic [CONTEXTS-1:0] unused_gcm_state;
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_unused
      assign unused_gcm_state[c] = ^{gcm_phase_q[c], gcm_pkt_q[c], gcm_broken_q[c], gcm_need_h_q[c],
                                     gcm_j0_pending_q[c], gcm_j0_low_q[c], ctx_iv_len[c], ctx_tag_len[c],
                                     ctx_aad_len[c]};
    end
    assign is_gcm = 1'b0;
    assign {g_h_issue, g_wait, g_bypass, g_pass, g_err, g_frame, g_end, g_chain_upd, g_j0_set, g_j0_start} = '0;
    assign g_kind        = GK_NONE;
    assign g_core_in     = '0;
    assign g_post_xor    = '0;
    assign g_chain_next  = '0;
    assign g_phase_next  = '0;
    assign g_pkt_next    = '0;
    assign g_broken_next = 1'b0;
  end

  // Block 0 as the issue stage sees it: the GCM view for an armed GCM context, else the other modes'.
  // With g_h_issue the H block (E_K(0)) goes to the core instead, and the block waits behind it.
  assign bypass       = is_gcm ? g_bypass && !g_h_issue : p_bypass;
  assign push_err     = is_gcm ? g_err : p_err;
  assign feedback     = !is_gcm && p_feedback;
  assign keystream    = !is_gcm && p_keystream;
  assign core_decrypt = !is_gcm && p_core_decrypt;
  assign b_core_in    = is_gcm ? (g_h_issue ? '0 : g_core_in) : p_core_in;
  assign b_post_xor   = is_gcm ? (g_h_issue ? '0 : g_post_xor) : p_post_xor;
  assign chain_upd    = is_gcm ? g_chain_upd && !g_h_issue : p_chain_upd;
  assign chain_next   = is_gcm ? g_chain_next : p_chain_next;
  // Feedback modes: the next block's input is this block's result. GCM: the counter needs J0.
  assign wait_fb = (feedback && inflight_q[bctx]) || (is_gcm && !g_h_issue && g_wait);

  // ---- block 1 (two cores): a block of block 0's context (behind it) or of another context (the window
  // picked it); a different context has its own chaining value, key and flags.
  logic             ctx_ok1, bypass1, feedback1, keystream1, need_key1, same_ctx, same_upd, pair;
  logic             core_decrypt1, chain_upd1;
  logic [CTX_W-1:0] bctx1;
  logic [BLOCK_W-1:0] b_chain1, b_core_in1, b_post_xor1, chain_next1;
  logic             unused_flags1;

  assign ctx_ok1    = int'(tid1) < CONTEXTS;
  assign bctx1      = ctx_ok1 ? CTX_W'(tid1) : '0;
  assign same_ctx   = bctx1 == bctx;
  // Behind block 0 of its own context, block 1 continues from block 0's chaining value (CTR: counter + 1).
  assign same_upd   = same_ctx && chain_upd;   // block 1 continues block 0's updated chaining value
  assign b_chain1   = same_upd ? chain_next : chain_q[bctx1];

  if (CORES > 1 && !WINDOW) begin : g_flags_queued
    logic unused_at_issue;   // what the flags were computed from (block 1's stream flag is in its flags)
    assign unused_at_issue = ^{blk1_err, b_decrypt};
    assign flags0 = q_flags0;
    assign flags1 = q_flags1;
  end else begin : g_flags_at_issue
    logic unused_q_flags;
    assign unused_q_flags = ^{q_flags0, q_flags1};
    rijndael_block_flags u_flags0 (
      .bytes_i(blk_bytes), .stream_err_i(blk_err), .ctx_ok_i(ctx_ok), .armed_i(ctx_ok && armed_q[bctx]),
      .mode_i(ctx_mode[bctx]), .decrypt_i(b_decrypt), .block_len_i(b_block_len), .flags_o(flags0)
    );
    rijndael_block_flags u_flags1 (
      .bytes_i(blk1_bytes), .stream_err_i(blk1_err), .ctx_ok_i(ctx_ok1), .armed_i(ctx_ok1 && armed_q[bctx1]),
      .mode_i(ctx_mode[bctx1]), .decrypt_i(ctx_decrypt[bctx1]), .block_len_i(ctx_block_len[bctx1]),
      .flags_o(flags1)
    );
  end
  assign bypass1       = flags1[rijndael_engine_pkg::BF_BYPASS];
  assign feedback1     = flags1[rijndael_engine_pkg::BF_FEEDBACK];
  assign keystream1    = flags1[rijndael_engine_pkg::BF_KEYSTREAM];
  assign core_decrypt1 = flags1[rijndael_engine_pkg::BF_CORE_DECRYPT];
  assign chain_upd1    = flags1[rijndael_engine_pkg::BF_CHAIN_UPDATE];
  // Block 1's refusal is shown when it comes again as block 0.
  assign unused_flags1 = ^{flags1[rijndael_engine_pkg::BF_CTX_OK], flags1[rijndael_engine_pkg::BF_ARMED],
                           flags1[rijndael_engine_pkg::BF_ERR], flags1[rijndael_engine_pkg::BF_BAD_PARTIAL]};
  // The counters plus one (block 0, b_step) and block 1's (b_step1).
  if (FIXED_NB != 0) begin : g_ctr_split
    // One block length: the step is a one in bit 0. The counter's low word adds its step (a 32-bit carry
    // chain), and a carry out of it takes the high part's increment from a register (hi_inc_q, the context's
    // high part plus one, loaded every clock from its chaining value): no 128-bit carry chain behind the
    // issue stage's context choice. hi_inc_q is a clock behind a change of the high part, which is only ever
    // made by such a carry (the next one is 2^32 - 2 blocks later) or by START (the context then has no
    // block to issue for several clocks).
    localparam int HI_W = BLOCK_W - 32;
    logic [HI_W-1:0] hi_inc_q [CONTEXTS];
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_hi_inc
      always_ff @(posedge clk_i) begin
        if (!dp_rst_n[R_ISSUE]) hi_inc_q[c] <= '0;
        else           hi_inc_q[c] <= chain_q[c][BLOCK_W-1:32] + 1'b1;
      end
    end
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_inc
      logic [32:0] lo_inc1, lo_inc2;
      assign lo_inc1     = {1'b0, chain_q[c][31:0]} + 33'd1;
      assign lo_inc2     = {1'b0, chain_q[c][31:0]} + 33'd2;
      assign ctr_inc1[c] = {lo_inc1[32] ? hi_inc_q[c] : chain_q[c][BLOCK_W-1:32], lo_inc1[31:0]};
      assign ctr_inc2[c] = {lo_inc2[32] ? hi_inc_q[c] : chain_q[c][BLOCK_W-1:32], lo_inc2[31:0]};
    end
    assign b_step  = ctr_inc1[bctx];
    // Block 1: behind block 0 of its context, block 0's counter plus two, else its own plus one.
    assign b_step1 = same_upd ? ctr_inc2[bctx] : ctr_inc1[bctx1];
    logic unused_len;
    assign unused_len = ^{b_block_len, ctx_block_len[bctx1]};
  end else begin : g_ctr_full
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_no_inc
      logic unused_inc;   // the chaining value's update takes chain_next / chain_next1 here
      assign ctr_inc1[c] = '0;
      assign ctr_inc2[c] = '0;
      assign unused_inc  = ^{ctr_inc1[c], ctr_inc2[c]};
    end
    assign b_step  = b_chain + ctr_step(b_block_len);
    // Block 1's counter plus one. Behind block 0 of its context that is block 0's counter plus two, from
    // the context's register: one carry chain, not a second one behind block 0's.
    assign b_step1 = same_upd ? b_chain + (ctr_step(b_block_len) << 1)
                              : chain_q[bctx1] + ctr_step(ctx_block_len[bctx1]);
  end
  rijndael_block_data #(.MAX_NB(MAX_NB)) u_data1 (
    .flags_i(flags1), .data_i(blk1_data), .chain_i(b_chain1), .chain_step_i(b_step1),
    .core_in_o(b_core_in1), .post_xor_o(b_post_xor1), .chain_next_o(chain_next1)
  );
  // Block 1 goes with block 0 when it needs no key beat, is not refused, and (feedback modes) its
  // context has no block in a core and is not block 0's context.
  assign pair = CORES > 1 && blk1_valid && !bypass1 && !need_key1 &&
                !(feedback1 && (inflight_q[bctx1] || same_ctx));

  // Per context, for the issue window: may a whole block of it go to a core now (started, its key loaded,
  // no feedback block of it in a core), or does it wait for its feedback block. With one key slot, only
  // the loaded context counts as loaded here (block 0 still skips the key beat for an equal key).
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx_issue
    logic loaded;
    if (ENGINE_SLOTS > 1) begin : g_own_slot
      assign loaded = loaded_valid_q[c];
    end else begin : g_shared_slot
      assign loaded = loaded_valid_q[0] && int'(loaded_ctx_q[0]) == c;
    end
    assign ctx_fb[c]   = (!ctx_decrypt[c] && (ctx_mode[c] == MODE_CBC || ctx_mode[c] == MODE_CFB)) ||
                         ctx_mode[c] == MODE_OFB;
    assign ctx_wait[c] = armed_q[c] && ctx_fb[c] && inflight_q[c];
    assign ctx_go[c]   = armed_q[c] && loaded && !(ctx_fb[c] && inflight_q[c]);
  end

  if (ENGINE_SLOTS > 1) begin : g_slot_per_context
    // Slot = context: a context's key stays in its slot, so only a context not loaded needs a key beat.
    logic unused_same_key;
    assign core_slot       = CORE_SLOT_W'(bctx);
    assign core_slot1      = CORE_SLOT_W'(bctx1);
    assign same_key_all    = '0;
    assign same_key        = 1'b0;
    logic unused_stale;   // the one-slot flags' clear (g_one_slot)
    assign unused_stale  = same_key_stale;
    assign need_key        = !loaded_valid_q[bctx];
    assign need_key1       = !loaded_valid_q[bctx1];
    assign unused_same_key = same_key;
  end else begin : g_one_slot
    // The cores hold one key. Contexts that share a key (and its lengths) need no key beat between their
    // blocks, so messages under one key with different IVs keep a pipelined core full; a different key
    // costs a key beat, and in a pipelined core a key wave (docs/system.md, "Feedback modes and contexts").
    // Per context, registered: its key and lengths equal the loaded context's. The compare (a key's width
    // behind two context choices) was in the issue decision, ~7 LUT levels of the two-pipeline engine's
    // deepest path. A flag is a clock old, so every event that can change the answer clears them all for
    // a clock (a key beat, any write of a key or CONFIG): a cleared flag costs at most a key beat, never
    // a block under the wrong key. STAGED: the key beat's clear comes from the execute stage's register
    // (same_key_stale = x_key_q, a clock after the decision), and the decision ignores the flags in that
    // clock, when they still compare against the context loaded before the beat (g_d_slot).
    logic [CONTEXTS-1:0] same_key_q;
    logic [KEY_W-1:0]    cmp_key;       // the loaded context's key and lengths, as compared
    logic [2:0]          cmp_key_len, cmp_block_len;
    assign same_key_all = same_key_q;
    if (STAGED) begin : g_cmp_reg
      // STAGED: the loaded context's key and lengths from a register (a clock behind loaded_ctx_q), so the
      // context choice and the compare are a register apart (the two-pipeline engine's placement, session
      // 55). Still safe with the one clear: after a key beat decided in clock t, the flags of clocks t + 1
      // (ignored by the decision) and t + 2 (cleared by x_key_q) are the only ones computed from the old
      // register; after a write, the written context's own flag is cleared in its clock, and the loaded
      // context's key or lengths written clears loaded_valid_q (g_loaded).
      logic [KEY_W-1:0] loaded_key_q;
      logic [2:0]       loaded_key_len_q, loaded_block_len_q;
      always_ff @(posedge clk_i) begin
        if (!dp_rst_n[R_ISSUE]) begin
          loaded_key_q       <= '0;
          loaded_key_len_q   <= '0;
          loaded_block_len_q <= '0;
        end else begin
          loaded_key_q       <= ctx_key[loaded_ctx_q[0]];
          loaded_key_len_q   <= ctx_key_len[loaded_ctx_q[0]];
          loaded_block_len_q <= ctx_block_len[loaded_ctx_q[0]];
        end
      end
      assign cmp_key       = loaded_key_q;
      assign cmp_key_len   = loaded_key_len_q;
      assign cmp_block_len = loaded_block_len_q;
    end else begin : g_cmp_direct
      assign cmp_key       = ctx_key[loaded_ctx_q[0]];
      assign cmp_key_len   = ctx_key_len[loaded_ctx_q[0]];
      assign cmp_block_len = ctx_block_len[loaded_ctx_q[0]];
    end
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_same_key
      always_ff @(posedge clk_i) begin
        if (!dp_rst_n[R_ISSUE]) same_key_q[c] <= 1'b0;
        else           same_key_q[c] <= !(same_key_stale || config_we || key_we) &&
                                        cmp_key == ctx_key[c] && cmp_key_len == ctx_key_len[c] &&
                                        cmp_block_len == ctx_block_len[c];
      end
    end
    assign core_slot  = '0;
    assign core_slot1 = '0;
    assign same_key   = same_key_q[bctx];
    assign need_key   = !(loaded_valid_q[0] && (loaded_ctx_q[0] == bctx || same_key));
    if (CORES > 1) begin : g_key1
      logic same_key1;
      assign same_key1 = same_key_q[bctx1];
      assign need_key1 = same_ctx ? need_key : !(loaded_valid_q[0] && (loaded_ctx_q[0] == bctx1 || same_key1));
    end else begin : g_no_key1
      assign need_key1 = 1'b1;
    end
  end

  // The block's context/key is checked from registers only, so the cores' valid never waits on ready.
  logic             order_ready, cand, key_req, key_fire, block_fire, fire1, bypass_fire, first_core;
  logic [CORES-1:0] core_valid, core_ready, core_dec, disp_ready;
  logic [CORES*CORE_SLOT_W-1:0] core_slots;
  logic [CORES*BLOCK_W-1:0]     core_blocks;
  logic             core_in_ready;   // every core takes input (tests wait on it after reset)
  // What the dispatcher is asked for, and where the key slots' state learns of a key beat (load_fire).
  logic             second_ready;   // g_second_ready
  logic             x_busy;         // STAGED: a decision waits for its execute stage
  logic             same_key_stale; // one key slot: the same-key flags compare against an old loaded context
  logic [CTX_W-1:0] load_ctx;       // the context a key beat loads (the decision's block 0)
  logic             e_key_req, e_blk0_req, e_blk1_req, e_bypass_fire, load_fire, is_key_beat, pair_fires;
  // STAGED: the decision's per-context effects that the next decision must see (a feedback block issued).
  logic [CONTEXTS-1:0] d_fb_issue;
  // STAGED: per context, whether the decided blocks update its chaining value, and with what (d_src: 0
  // block 0's data, 1 a counter plus one, 2 plus two, 3 block 1's data). The execute stage reads them from
  // per-context registers (g_ctx_state), so each chaining value's enable and multiplexer start from flops
  // of its own instead of the execute stage's shared fire flags and head flags (session 56: those fanned
  // out to all four chaining values, 20-26 ns after placement).
  logic [CONTEXTS-1:0] d_upd, d_take1;
  logic [1:0]          d_src [CONTEXTS];

  assign cand        = blk_valid && order_ready && !bypass && !wait_fb;
  assign key_req     = cand && need_key;
  assign core_in_ready = &core_ready;
  assign bypass_fire = e_bypass_fire;

  if (STAGED) begin : g_staged_issue
    // Two cores in arrival order: the issue decision in one clock, its execution in the next.
    // - Decide: from registers only (the queue's head TIDs and flags, the contexts' in-flight and key-slot
    //   flags, and readies a clock ahead: the order FIFO's and the cores' input FIFOs'), which of a key beat,
    //   block 0 (and block 1) or a refused block 0 goes; the queue pops at once, and the in-flight and
    //   key-slot flags are set at once, so the next clock's decision sees them.
    // - Execute, a clock later (x_*_q; the blocks from the queue's x_head registers): everything that reads
    //   a chaining value (the core inputs, the XOR masks, the CTR / CBC / CFB updates) and the pushes into
    //   the order FIFO and the cores' input FIFOs, which take every beat (their readies were checked).
    // Chaining values are read and written in the execute stage only, in issue order, so a clock between
    // decision and execution changes no result; a feedback block's successor still waits for the merge.
    logic             d_ok0, d_ok1, d_same, d_bypass0, d_bypass1, d_fb0, d_fb1, d_loaded0, d_loaded1, d_room;
    logic             d_cand, d_key, d_fire0, d_fire1, d_bypass;
    logic [CTX_W-1:0] d_ctx0, d_ctx1;
    logic             x_key_q, x_fire0_q, x_fire1_q, x_bypass_q;
    assign d_ok0     = int'(h_tid0) < CONTEXTS;
    assign d_ok1     = int'(h_tid1) < CONTEXTS;
    assign d_ctx0    = d_ok0 ? CTX_W'(h_tid0) : '0;
    assign d_ctx1    = d_ok1 ? CTX_W'(h_tid1) : '0;
    assign d_same    = d_ctx0 == d_ctx1;
    assign d_bypass0 = h_flags0[rijndael_engine_pkg::BF_BYPASS];
    assign d_bypass1 = h_flags1[rijndael_engine_pkg::BF_BYPASS];
    assign d_fb0     = h_flags0[rijndael_engine_pkg::BF_FEEDBACK];
    assign d_fb1     = h_flags1[rijndael_engine_pkg::BF_FEEDBACK];
    if (ENGINE_SLOTS > 1) begin : g_d_slots
      assign d_loaded0 = loaded_valid_q[d_ctx0];
      assign d_loaded1 = loaded_valid_q[d_ctx1];
    end else begin : g_d_slot
      // same_key_all is stale in the clock after a key beat's decision (x_key_q): ignored then.
      assign d_loaded0 = loaded_valid_q[0] && (loaded_ctx_q[0] == d_ctx0 || (same_key_all[d_ctx0] && !x_key_q));
      assign d_loaded1 = d_same ? d_loaded0
                                : loaded_valid_q[0] && (loaded_ctx_q[0] == d_ctx1 ||
                                                        (same_key_all[d_ctx1] && !x_key_q));
    end
    assign d_room   = order_ready && (&core_ready);
    assign d_cand   = blk_valid && d_room && !d_bypass0 && !(d_fb0 && inflight_q[d_ctx0]);
    assign d_key    = d_cand && !d_loaded0;
    assign d_fire0  = d_cand && d_loaded0;
    // Block 1 goes with block 0 when it needs no key beat, is not refused, and (feedback modes) its
    // context has no block in a core and is not block 0's context.
    assign d_fire1  = d_fire0 && blk1_valid && !d_bypass1 && d_loaded1 &&
                      !(d_fb1 && (inflight_q[d_ctx1] || d_same));
    assign d_bypass = blk_valid && order_ready && d_bypass0;
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_d_fb
      assign d_fb_issue[c] = (d_fire0 && d_fb0 && int'(d_ctx0) == c) || (d_fire1 && d_fb1 && int'(d_ctx1) == c);
    end
    // The execute stage's chaining-value writes (g_ctx_state), as it would derive them from x_head and the
    // fire flags: block 1's value when block 1 goes and updates the context (it comes after block 0), else
    // block 0's; a counter plus two when block 1 follows block 0 of its context and block 0 updates it.
    logic d_upd_flag0, d_upd_flag1, d_ctr0, d_ctr1;
    assign d_upd_flag0 = h_flags0[rijndael_engine_pkg::BF_CHAIN_UPDATE];
    assign d_upd_flag1 = h_flags1[rijndael_engine_pkg::BF_CHAIN_UPDATE];
    assign d_ctr0      = h_flags0[rijndael_engine_pkg::BF_CTR];
    assign d_ctr1      = h_flags1[rijndael_engine_pkg::BF_CTR];
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_d_upd
      logic up0;
      assign up0        = d_fire0 && d_upd_flag0 && int'(d_ctx0) == c;
      assign d_take1[c] = d_fire1 && d_upd_flag1 && int'(d_ctx1) == c;
      assign d_upd[c]   = up0 || d_take1[c];
      assign d_src[c]   = d_take1[c] ? (d_ctr1 ? ((d_same && d_upd_flag0) ? 2'd2 : 2'd1) : 2'd3)
                                     : (d_ctr0 ? 2'd1 : 2'd0);
    end
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_ISSUE]) begin
        x_key_q    <= 1'b0;
        x_fire0_q  <= 1'b0;
        x_fire1_q  <= 1'b0;
        x_bypass_q <= 1'b0;
      end else begin
        x_key_q    <= d_key;
        x_fire0_q  <= d_fire0;
        x_fire1_q  <= d_fire1;
        x_bypass_q <= d_bypass;
      end
    end
    assign blk_ready     = d_bypass || d_fire0;
    assign blk_take2     = d_fire1;
    assign load_fire     = d_key;
    assign same_key_stale = x_key_q;
    assign load_ctx      = d_ctx0;
    assign e_key_req     = x_key_q;
    assign e_blk0_req    = x_fire0_q;
    assign e_blk1_req    = x_fire1_q;
    assign e_bypass_fire = x_bypass_q;
    assign is_key_beat   = x_key_q;
    assign pair_fires    = x_fire1_q;
    assign disp_ready    = '1;   // the input FIFOs' readies were checked at the decision
    assign x_busy        = x_key_q || x_fire0_q || x_bypass_q;
    logic unused_direct;   // the one-clock decision's signals (g_direct_issue)
    assign unused_direct = ^{pair, key_req, second_ready};
  end else begin : g_direct_issue
    assign blk_ready     = bypass_fire || (block_fire && !(is_gcm && g_h_issue));   // the H block takes no input
    assign blk_take2     = fire1;
    assign load_fire     = key_fire;
    assign same_key_stale = key_fire;
    assign load_ctx      = bctx;
    assign e_key_req     = key_req;
    assign e_blk0_req    = cand && !need_key;
    assign e_blk1_req    = pair;
    assign e_bypass_fire = blk_valid && order_ready && bypass;
    assign is_key_beat   = need_key;
    assign pair_fires    = pair && second_ready;
    assign disp_ready    = core_ready;
    assign x_busy        = 1'b0;
    logic unused_staged;   // the queue's head and the slot flags as the two-clock decision reads them
    assign unused_staged = ^{h_tid0, h_tid1, h_flags0, h_flags1, same_key_all};
    assign d_fb_issue    = '0;
    assign d_upd         = '0;
    assign d_take1       = '0;
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_no_src
      assign d_src[c] = '0;
    end
  end

  rijndael_core_dispatch #(.CORES(CORES), .MAX_NB(MAX_NB), .SLOT_W(CORE_SLOT_W)) u_dispatch (
    .clk_i, .rst_ni(dp_rst_n[R_ISSUE]),
    .key_req_i(e_key_req),
    .blk0_req_i(e_blk0_req), .blk0_data_i(b_core_in), .blk0_decrypt_i(core_decrypt),
    .blk0_slot_i(core_slot),
    .blk1_req_i(e_blk1_req), .blk1_data_i(b_core_in1), .blk1_decrypt_i(core_decrypt1), .blk1_slot_i(core_slot1),
    .key_fire_o(key_fire), .fire0_o(block_fire), .fire1_o(fire1), .first_core_o(first_core),
    .core_valid_o(core_valid), .core_ready_i(disp_ready), .core_decrypt_o(core_dec), .core_slot_o(core_slots),
    .core_block_o(core_blocks)
  );

  assign set_bad_ctx   = bypass_fire && !ctx_ok;
  assign set_not_armed = bypass_fire && ctx_ok && !armed;
  assign set_partial   = bypass_fire && armed && bad_partial && !is_gcm;
  assign set_frame     = blk_ready && is_gcm && g_frame;
  assign set_stream    = bypass_fire && blk_err;

  // ---- order FIFO: one entry per group of blocks issued together (or one bypass block), in arrival
  // order, telling the merge what to do with each block. Per block: flagged, TID, bytes, TLAST, feeds
  // back, feeds back the keystream (OFB), the XOR mask.
  localparam int ORD_SLOT_W = BLOCK_W + TID_WIDTH + 10;
  localparam int ORDER_W    = 4 + 3 + CORES * ORD_SLOT_W + (WINDOW ? 2 * SEQ_W : 0);   // 4: GCM action
  logic                 ord_valid, ord_ready, ord_bypass, ord_two, ord_first;
  logic [ORD_SLOT_W-1:0] ord_in0, ord_in1;
  logic [ORDER_W-1:0]   ord_in, ord_out;
  logic                 ord_err [2];
  logic                 ord_last [2];
  logic                 ord_fb [2];
  logic                 ord_fb_keystream [2];
  logic [TID_WIDTH-1:0] ord_tid [2];
  logic [5:0]           ord_bytes [2];
  logic [BLOCK_W-1:0]   ord_post_xor [2];
  logic                 ord_empty, ord_wiping;
  logic [SEQ_W-1:0]     ord_seq [2];
  logic [2:0]           ord_gkind;   // GCM: what the merge does with block 0 (GK_*)
  logic                 ord_gend;    // GCM: the block ends its message
  logic [3:0]           ord_gcm_in;
  assign ord_gcm_in = is_gcm ? {g_h_issue ? GK_H : g_kind, g_end && !g_h_issue} : {GK_NONE, 1'b0};

  // GCM IV and AAD blocks pass the core by: their data rides in the XOR-mask field to the merge.
  logic h_entry;
  assign h_entry = is_gcm && g_h_issue;
  assign ord_in0 = {bypass ? push_err : 1'b0, tid0, h_entry ? 6'd0 : blk_bytes, blk_last && !h_entry,
                    !bypass && feedback, keystream, (bypass && !(is_gcm && g_pass)) ? '0 : b_post_xor};
  assign ord_in1 = {1'b0, tid1, blk1_bytes, blk1_last, feedback1, keystream1, b_post_xor1};
  if (WINDOW) begin : g_ord_two
    assign ord_in = {ord_gcm_in, bypass, fire1, first_core, seq1, seq0, ord_in1, ord_in0};
    assign {ord_err[1], ord_tid[1], ord_bytes[1], ord_last[1], ord_fb[1], ord_fb_keystream[1], ord_post_xor[1]} =
      ord_out[2*ORD_SLOT_W-1:ORD_SLOT_W];
    assign {ord_seq[1], ord_seq[0]} = ord_out[2*ORD_SLOT_W +: 2*SEQ_W];
  end else if (CORES > 1) begin : g_ord_pair
    // Arrival-order issue: the groups merge in arrival order already, no sequence numbers.
    logic unused_ord_seq;
    assign unused_ord_seq = ^{seq0, seq1};
    assign ord_in = {ord_gcm_in, bypass, fire1, first_core, ord_in1, ord_in0};
    assign {ord_err[1], ord_tid[1], ord_bytes[1], ord_last[1], ord_fb[1], ord_fb_keystream[1], ord_post_xor[1]} =
      ord_out[2*ORD_SLOT_W-1:ORD_SLOT_W];
    assign ord_seq[0] = '0;
    assign ord_seq[1] = '0;
  end else begin : g_ord_one
    logic unused_ord_in1, unused_ord_seq;
    assign unused_ord_in1 = ^ord_in1;
    assign unused_ord_seq = ^{seq0, seq1, ord_seq[0], ord_seq[1]};
    assign ord_in = {ord_gcm_in, bypass, 1'b0, first_core, ord_in0};
    assign {ord_err[1], ord_tid[1], ord_bytes[1], ord_last[1], ord_fb[1], ord_fb_keystream[1], ord_post_xor[1]} = '0;
    assign ord_seq[0] = '0;
    assign ord_seq[1] = '0;
  end
  assign {ord_gkind, ord_gend, ord_bypass, ord_two, ord_first} = ord_out[ORDER_W-1 -: 7];
  assign {ord_err[0], ord_tid[0], ord_bytes[0], ord_last[0], ord_fb[0], ord_fb_keystream[0], ord_post_xor[0]} =
    ord_out[ORD_SLOT_W-1:0];

  // Its in_ready is a flop (REG_READY): the issue decision starts from it, not from a pointer compare.
  // STAGED: its ready a clock ahead (the decision reads it, the execute stage pushes).
  rijndael_fifo #(.WIDTH(ORDER_W), .DEPTH(ORDER_DEPTH), .OUT_SLICE(1), .REG_READY(1), .READY_AHEAD(int'(STAGED)))
  u_order_fifo (
    .clk_i, .rst_ni(dp_rst_n[R_ORDER]),
    .in_valid_i(block_fire || bypass_fire), .in_ready_o(order_ready), .in_data_i(ord_in),
    .out_valid_o(ord_valid), .out_ready_i(ord_ready), .out_data_o(ord_out),
    .empty_o(ord_empty), .wiping_o(ord_wiping)
  );

  // ---- the cores
  logic [CORES-1:0]         core_out_valid, core_out_ready, core_out_err;
  logic [CORES*BLOCK_W-1:0] core_out_blocks;

  // Two cores: a register slice in front of each. A core's in_ready_o is a function of what it is offered
  // (a key beat or a block, the direction): without the slice that decision ran from the issue stage
  // through the core's front end and back into the issue stage, the gearbox and the order FIFO in one
  // clock (14.9 LUT levels, tools/logic_depth.py). The slice's ready is a flop; it costs a clock of latency.
  // (STAGED builds: a register and a small FIFO instead, g_in_fifo.)
  localparam int CORE_IN_W = 1 + 3 + 3 + 1 + CORE_SLOT_W + KEY_W + BLOCK_W;
  for (genvar k = 0; k < CORES; k++) begin : g_core
    logic out_error, key_error;
    logic                   c_valid, c_ready, c_is_key, c_decrypt;
    logic [2:0]             c_key_len, c_block_len;
    logic [CORE_SLOT_W-1:0] c_slot;
    logic [KEY_W-1:0]       c_key;
    logic [BLOCK_W-1:0]     c_block;
    logic [CORE_IN_W-1:0]   c_in;
    assign c_in = {is_key_beat, ctx_key_len[bctx], b_block_len, core_dec[k], core_slots[k*CORE_SLOT_W +: CORE_SLOT_W],
                   is_key_beat ? ctx_key[bctx] : '0, core_blocks[k*BLOCK_W +: BLOCK_W]};
    if (STAGED) begin : g_in_fifo
      // Arrival order (STAGED): the execute stage's beat for this core goes into a register (in_beat_q,
      // loaded every clock: the route from the issue stage to the core is a register hop with no logic),
      // then into a small FIFO whose ready is two clocks ahead, so the decision checks the room and the
      // push two clocks later needs no handshake. Both hold key beats: zeroed / wiped after reset / CLEAR
      // like the engine's other FIFOs.
      logic in_empty_k, in_wiping_k, unused_in_fifo, in_valid_q;
      logic [CORE_IN_W-1:0] in_beat_q;
      always_ff @(posedge clk_i) begin
        if (!dp_rst_n[R_CIN + k]) begin
          in_valid_q <= 1'b0;
          in_beat_q  <= '0;
        end else begin
          in_valid_q <= core_valid[k];
          in_beat_q  <= c_in;
        end
      end
      rijndael_fifo #(.WIDTH(CORE_IN_W), .DEPTH(8), .REG_READY(1), .READY_AHEAD(2)) u_in_fifo (
        .clk_i, .rst_ni(dp_rst_n[R_CIN + k]),
        .in_valid_i(in_valid_q), .in_ready_o(core_ready[k]), .in_data_i(in_beat_q),
        .out_valid_o(c_valid), .out_ready_i(c_ready),
        .out_data_o({c_is_key, c_key_len, c_block_len, c_decrypt, c_slot, c_key, c_block}),
        .empty_o(in_empty_k), .wiping_o(in_wiping_k)
      );
      assign unused_in_fifo = ^{in_empty_k, in_wiping_k};
    end else if (CORES > 1) begin : g_slice
      logic                 unused_next, unused_ready_next;
      logic [CORE_IN_W-1:0] unused_next_data;
      rijndael_skid #(.WIDTH(CORE_IN_W), .READY_NEXT(1'b0)) u_in_slice (
        .clk_i, .rst_ni(dp_rst_n[R_CORE + k]), .wipe_i(!dp_rst_n[R_CORE + k]),
        .in_valid_i(core_valid[k]), .in_ready_o(core_ready[k]), .in_ready_next_o(unused_ready_next),
        .in_data_i(c_in),
        .out_valid_o(c_valid), .out_ready_i(c_ready),
        .out_data_o({c_is_key, c_key_len, c_block_len, c_decrypt, c_slot, c_key, c_block}),
        .next_valid_o(unused_next), .next_data_o(unused_next_data), .out_ready_next_i(1'b0)
      );
    end else begin : g_direct
      assign c_valid = core_valid[k];
      assign core_ready[k] = c_ready;
      assign {c_is_key, c_key_len, c_block_len, c_decrypt, c_slot, c_key, c_block} = c_in;
    end
    logic               o_valid, o_ready;
    logic [BLOCK_W-1:0] o_block;
    rijndael_core #(
      `RIJNDAEL_CORE_PARAMS_PASS
    ) u_core (
      .clk_i, .rst_ni(dp_rst_n[R_CORE + k]),
      .in_valid_i(c_valid), .in_ready_o(c_ready), .in_is_key_i(c_is_key),
      .in_key_len_i(c_key_len), .in_block_len_i(c_block_len), .in_decrypt_i(c_decrypt),
      .in_slot_i(c_slot), .in_key_i(c_key), .in_block_i(c_block),
      .out_valid_o(o_valid), .out_ready_i(o_ready), .out_block_o(o_block),
      .out_error_o(out_error), .key_error_o(key_error)
    );
    if (STAGED) begin : g_out_slice
      // Arrival order (STAGED): the core's results reach the merge through a register slice (ready from a
      // flop), so the core's output buffer and the merge's decision are a register apart. It holds results:
      // zeroed after reset / CLEAR.
      logic                 unused_next, unused_ready_next;
      logic [BLOCK_W:0]     unused_next_data;
      rijndael_skid #(.WIDTH(BLOCK_W + 1), .READY_NEXT(1'b0)) u_out_slice (
        .clk_i, .rst_ni(dp_rst_n[R_COUT + k]), .wipe_i(!dp_rst_n[R_COUT + k]),
        .in_valid_i(o_valid), .in_ready_o(o_ready), .in_ready_next_o(unused_ready_next),
        .in_data_i({out_error || key_error, o_block}),
        .out_valid_o(core_out_valid[k]), .out_ready_i(core_out_ready[k]),
        .out_data_o({core_out_err[k], core_out_blocks[k*BLOCK_W +: BLOCK_W]}),
        .next_valid_o(unused_next), .next_data_o(unused_next_data), .out_ready_next_i(1'b0)
      );
    end else begin : g_out_direct
      assign core_out_valid[k] = o_valid;
      assign o_ready           = core_out_ready[k];
      assign core_out_blocks[k*BLOCK_W +: BLOCK_W] = o_block;
      assign core_out_err[k]   = out_error || key_error;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Merge: the order FIFO's head group with the cores' results (in order), into the output FIFO.
  logic               out_in_ready, merge_ready, merge_valid, merge_fire;
  logic [BLOCK_W-1:0] core_res [2];
  logic               core_res_err [2];
  logic [BLOCK_W-1:0] merge_result [2];
  logic [BLOCK_W-1:0] merge_data [2];
  logic               merge_err [2];
  logic [CTX_W-1:0]   octx [2];
  logic [BLOCK_W-1:0] byte_mask [2];
  logic [BLOCK_W-1:0] std_data [2];
  logic               std_err [2];
  // STAGED: the merge's feedback blocks, a clock later (g_in_order): done (block 0, block 1), context, value.
  logic [1:0]         fb_done_q;
  logic [CTX_W-1:0]   fb_ctx0_q, fb_ctx1_q;
  logic [BLOCK_W-1:0] fb_val0_q, fb_val1_q;

  rijndael_core_collect #(.CORES(CORES), .MAX_NB(MAX_NB)) u_collect (
    .group_valid_i(ord_valid), .group_ready_o(ord_ready), .bypass_i(ord_bypass), .two_i(ord_two),
    .first_i(ord_first), .merge_valid_o(merge_valid), .merge_ready_i(merge_ready),
    .core_valid_i(core_out_valid), .core_ready_o(core_out_ready), .core_block_i(core_out_blocks),
    .core_err_i(core_out_err),
    .res0_o(core_res[0]), .res0_err_o(core_res_err[0]), .res1_o(core_res[1]), .res1_err_o(core_res_err[1])
  );
  assign merge_fire = merge_valid && merge_ready;

  for (genvar s = 0; s < 2; s++) begin : g_merge
    assign merge_result[s] = core_res[s] ^ ord_post_xor[s];
    assign std_err[s]      = ord_err[s] || (!ord_bypass && core_res_err[s]);
    // Bytes past the message end never leave (in CTR/OFB/CFB they would be keystream).
    for (genvar b = 0; b < BLOCK_W / 8; b++) begin : g_byte_mask
      assign byte_mask[s][BLOCK_W-1-8*b -: 8] = {8{b < int'(ord_bytes[s])}};
    end
    assign std_data[s] = (ord_bypass || std_err[s]) ? '0 : (merge_result[s] & byte_mask[s]);
    assign octx[s]     = CTX_W'(ord_tid[s]);
  end
  assign merge_data[1] = std_data[1];
  assign merge_err[1]  = std_err[1];

  // ---- GCM at the merge (block 0; one core). GHASH takes, in issue order: H when a context's H block
  // comes back; the IV blocks of a GHASHed IV, then its length block (the result is J0, written into the
  // context's counter); the AAD blocks; the ciphertext blocks (encryption: the merged result, decryption:
  // the input); at the tag block the length block len(A) || len(C). Steps of one order FIFO entry: 0 its
  // data block to GHASH, 1 the length block, 2 the GHASH result (GHASHed IVs only); an entry leaves with
  // its last step.
  // The tag does not wait here for GHASH's result (about 7 clocks on the FAST unit): it leaves with its
  // length block, as E_K(J0) (decryption: XORed with the received tag) marked as a tag entry, and is
  // completed at the output FIFO's head (g_out_one), so the merge goes on with the next message meanwhile.
  // GHASH results leave in the order last blocks were accepted; tags_owed_q counts the tag entries in the
  // output FIFO whose result is still to come or waiting, and a GHASHed IV takes its result (step 2) only
  // when that count is zero, i.e. the result at GHASH's output is its own. The output FIFO drains without
  // the merge, so the IV's wait ends.
  logic         gcm_go;          // the entry's GHASH steps allow it to leave (with the output FIFO ready)
  logic         gcm_h_entry;     // an H block: to GHASH's H port, not to the output
  logic         gcm_tag_entry;   // the merged entry is a tag, to be completed at the output FIFO's head
  logic         gcm_tag_dec;     // ... of a decryption (compare, send zeros)
  logic         gh_out_valid;    // GHASH's oldest result
  logic [127:0] gh_out_hash;
  logic         tag_take;        // the output side takes that result for the tag entry at its head
  if (GCM_EN) begin : g_gcm_merge
    localparam int OWED_W = $clog2(OUT_DEPTH + 4);   // tag entries the output FIFO (memory + head) and its slice can hold
    logic         h_ready, gh_in_valid, gh_in_ready, gh_in_first, gh_in_last, gh_out_ready, iv_take;
    logic [127:0] gh_in_block, len_block, hashed;
    logic [CTX_W-1:0] gh_out_ctx, gctx;
    logic [1:0]   step_q, step;
    logic         feed_data, feed_len, dec, is_pass, is_tag, gh_in_fire, tag_fed;
    logic [CONTEXTS-1:0] open_q;           // a GHASH of the context has begun (next block is not first)
    logic [39:0]  pay_q [CONTEXTS];        // payload bytes of the context's message so far
    logic [OWED_W-1:0] tags_owed_q;        // tag entries in the output FIFO that still need their result

    assign gctx      = octx[0];
    assign dec       = ctx_decrypt[gctx];
    assign is_pass   = ord_gkind == GK_PASS || ord_gkind == GK_IVH || ord_gkind == GK_AAD;
    assign is_tag    = ord_gkind == GK_TAG;
    assign feed_data = (ord_gkind == GK_IVH || ord_gkind == GK_AAD || ord_gkind == GK_PAY) && ord_bytes[0] != '0;
    assign feed_len  = (ord_gkind == GK_IVH && ord_last[0]) || is_tag;
    always_comb begin
      step = step_q;
      if (step_q == 2'd0 && !feed_data) step = feed_len ? 2'd1 : 2'd3;
    end
    // GHASH input: IV / AAD as they came, the ciphertext (encryption: what leaves; decryption: the input).
    assign hashed    = (ord_gkind == GK_PAY && !dec) ? merge_result[0] & byte_mask[0] : ord_post_xor[0] & byte_mask[0];
    assign len_block = is_tag ? {29'd0, ctx_aad_len[gctx], 3'd0, 21'd0, pay_q[gctx], 3'd0}
                              : {64'd0, 45'd0, ctx_iv_len[gctx], 3'd0};
    // A block whose feed is the entry's last step goes to GHASH only together with the entry into the
    // output FIFO (data blocks at step 0, the tag's length block at step 1).
    assign gh_in_valid = merge_valid && ((step == 2'd0 && (feed_len || out_in_ready)) ||
                                         (step == 2'd1 && (!is_tag || out_in_ready)));
    assign gh_in_block = step == 2'd0 ? hashed : len_block;
    assign gh_in_first = !open_q[gctx];
    assign gh_in_last  = step == 2'd1;
    assign gh_in_fire  = gh_in_valid && gh_in_ready;
    // Tags and GHASHed IVs never take a result in the same clock: a tag entry at the output FIFO's head
    // means tags_owed_q > 0, and the IV takes its result only at zero.
    assign iv_take      = merge_valid && step == 2'd2 && out_in_ready && tags_owed_q == '0;
    assign gh_out_ready = iv_take || tag_take;
    assign gcm_h_entry = ord_gkind == GK_H;
    always_comb begin
      unique case (step)
        2'd0:    gcm_go = gh_in_ready && !feed_len;
        2'd1:    gcm_go = is_tag && gh_in_ready;    // the tag leaves with its length block
        2'd2:    gcm_go = gh_out_valid && tags_owed_q == '0;
        default: gcm_go = 1'b1;
      endcase
      if (gcm_h_entry) gcm_go = h_ready;
    end
    assign tag_fed = gh_in_fire && is_tag;   // = the tag entry goes into the output FIFO (see gh_in_valid)

    // The tag entry carries what the tag needs besides GHASH's result: E_K(J0) (the core's result), for
    // decryption XORed with the received tag, so the output side compares (E_K(J0) ^ tag) ^ GHASH with
    // zero. A core error flags it (zero data); it still takes its GHASH result at the output.
    assign gcm_tag_entry = is_tag;
    assign gcm_tag_dec   = dec;
    assign merge_data[0] = is_pass ? ord_post_xor[0] & byte_mask[0]
                         : is_tag ? (std_err[0] ? '0 : core_res[0] ^ (dec ? ord_post_xor[0] : '0)) : std_data[0];
    assign merge_err[0]  = std_err[0];
    assign gcm_j0_value  = gh_out_hash;
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_j0_wr
      assign gcm_j0_wr[c] = merge_fire && ord_gkind == GK_IVH && ord_last[0] && int'(gctx) == c;
    end

    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_GCM]) begin
        step_q      <= 2'd0;
        open_q      <= '0;
        tags_owed_q <= '0;
      end else begin
        if (tag_fed && !tag_take) tags_owed_q <= tags_owed_q + 1'b1;
        else if (tag_take && !tag_fed) tags_owed_q <= tags_owed_q - 1'b1;
        if (merge_fire) step_q <= 2'd0;
        else if (gh_in_fire) step_q <= step + 2'd1;
        if (gh_in_fire) open_q[gctx] <= !gh_in_last;
        if (merge_fire && ord_gend) open_q[gctx] <= 1'b0;
      end
    end
    for (genvar c = 0; c < CONTEXTS; c++) begin : g_pay
      always_ff @(posedge clk_i) begin
        if (!dp_rst_n[R_GCM]) pay_q[c] <= '0;
        else if (merge_fire && int'(gctx) == c) begin
          if (ord_gend) pay_q[c] <= '0;
          else if (ord_gkind == GK_PAY) pay_q[c] <= pay_q[c] + 40'(ord_bytes[0]);
        end
      end
    end

    rijndael_ghash #(.CONTEXTS(CONTEXTS), .FAST(GHASH_FAST), .DIGIT(GHASH_DIGIT)) u_ghash (
      .clk_i, .rst_ni, .clear_i(!dp_rst_n[R_GCM]),
      .h_valid_i(merge_valid && gcm_h_entry), .h_ready_o(h_ready), .h_ctx_i(gctx), .h_i(core_res[0][127:0]),
      .in_valid_i(gh_in_valid), .in_ready_o(gh_in_ready), .in_block_i(gh_in_block), .in_ctx_i(gctx),
      .in_first_i(gh_in_first), .in_last_i(gh_in_last),
      .out_valid_o(gh_out_valid), .out_ready_i(gh_out_ready), .out_hash_o(gh_out_hash), .out_ctx_o(gh_out_ctx)
    );
    logic unused_gcm;
    assign unused_gcm = ^{gh_out_ctx, ord_gend};
  end else begin : g_no_gcm_merge
    logic unused_gkind;
    assign unused_gkind  = ^{ord_gkind, ord_gend, tag_take};
    assign gcm_go        = 1'b1;
    assign gcm_h_entry   = 1'b0;
    assign gcm_tag_entry = 1'b0;
    assign gcm_tag_dec   = 1'b0;
    assign gh_out_valid  = 1'b0;
    assign gh_out_hash   = '0;
    assign merge_data[0] = std_data[0];
    assign merge_err[0]  = std_err[0];
    assign gcm_j0_wr     = '0;
    assign gcm_j0_value  = '0;
  end
  assign set_core = merge_fire && !ord_bypass && (core_res_err[0] || (ord_two && core_res_err[1]));

  // ---- output FIFO: one entry per merged group (one or two blocks). Two cores: merged blocks are in issue
  // order; the reorder buffer (a slot per block, allocated at the window's entry, so the merge never
  // waits) puts them back into arrival order, and its oldest one or two blocks form a group.
  // GCM builds (one core) add two bits per entry: a tag to complete at the head, and its direction.
  localparam int OUT_SLOT_W = BLOCK_W + TID_WIDTH + 8;
  localparam int OUT_W      = (CORES > 1 ? 1 : 0) + CORES * OUT_SLOT_W + (GCM_EN ? 2 : 0);
  logic                  out_valid, out_ready, out_two, out_empty, out_wiping, rob_empty, rob_valid;
  logic                  grp_valid, grp_ready;   // the head group as u_unpack sees it
  logic [OUT_W-1:0]      out_in, out_out;
  logic [OUT_SLOT_W-1:0] out_slot0, out_slot1, merged_slot [2], rob_slot [2];
  for (genvar s = 0; s < 2; s++) begin : g_merged_slot
    assign merged_slot[s] = {merge_data[s], ord_bytes[s], ord_last[s], merge_err[s], ord_tid[s]};
  end
  if (CORES > 1) begin : g_out_two
    logic rob_two;
    if (WINDOW) begin : g_reorder
      rijndael_reorder #(.DEPTH(REORDER_DEPTH), .SLOT_W(OUT_SLOT_W)) u_reorder (
        .clk_i, .rst_ni(dp_rst_n[R_OUT]),
        .alloc_i(rob_alloc), .free_o(rob_free),
        .wr0_valid_i(merge_fire), .wr0_seq_i(ord_seq[0]), .wr0_slot_i(merged_slot[0]),
        .wr1_valid_i(merge_fire && ord_two), .wr1_seq_i(ord_seq[1]), .wr1_slot_i(merged_slot[1]),
        .out_valid_o(rob_valid), .out_ready_i(out_in_ready), .out_two_o(rob_two),
        .out_slot0_o(rob_slot[0]), .out_slot1_o(rob_slot[1]), .empty_o(rob_empty)
      );
      assign merge_ready = 1'b1;   // the window allocated the slot: the merge never waits
      assign fb_done_q   = '0;
      assign fb_ctx0_q   = '0;
      assign fb_ctx1_q   = '0;
      assign fb_val0_q   = '0;
      assign fb_val1_q   = '0;
    end else begin : g_in_order
      // Arrival-order issue (STAGED): the merged group is in arrival order already. It goes into a register
      // first (m_*_q), and from there into the output FIFO (whose ready is a clock ahead, so the push needs
      // no handshake) and, for a feedback block, into its context's chaining value: the cores' outputs, the
      // merge and the output FIFO's write, and the chaining values, are a register apart.
      logic unused_seq;
      // (Separate registers, not an array: Icarus did not propagate an unpacked array's nonblocking
      // writes through a continuous assignment of its element.)
      logic m_valid_q, m_two_q;
      logic [OUT_SLOT_W-1:0] m_slot0_q, m_slot1_q;
      assign unused_seq  = ^{rob_alloc, ord_seq[0], ord_seq[1]};
      assign rob_free    = '0;
      assign rob_empty   = !m_valid_q;
      assign rob_valid   = m_valid_q;
      assign rob_two     = m_two_q;
      assign rob_slot[0] = m_slot0_q;
      assign rob_slot[1] = m_slot1_q;
      assign merge_ready = out_in_ready;
      always_ff @(posedge clk_i) begin
        if (!dp_rst_n[R_OUT]) begin
          m_valid_q   <= 1'b0;
          m_two_q     <= 1'b0;
          m_slot0_q   <= '0;
          m_slot1_q   <= '0;
          fb_done_q   <= '0;
          fb_ctx0_q   <= '0;
          fb_ctx1_q   <= '0;
          fb_val0_q   <= '0;
          fb_val1_q   <= '0;
        end else begin
          m_valid_q   <= merge_fire;
          m_two_q     <= ord_two;
          m_slot0_q   <= merged_slot[0];
          m_slot1_q   <= merged_slot[1];
          fb_done_q   <= {merge_fire && ord_two && ord_fb[1], merge_fire && !ord_bypass && ord_fb[0]};
          fb_ctx0_q   <= octx[0];
          fb_ctx1_q   <= octx[1];
          fb_val0_q   <= ord_fb_keystream[0] ? core_res[0] : merge_result[0];
          fb_val1_q   <= ord_fb_keystream[1] ? core_res[1] : merge_result[1];
        end
      end
    end
    logic unused_gcm_go;   // GCM is refused with two cores
    assign unused_gcm_go = ^{gcm_go, gcm_tag_entry, gcm_tag_dec, gh_out_valid, gh_out_hash};
    assign out_in = {rob_two, rob_slot[1], rob_slot[0]};
    assign {out_two, out_slot1, out_slot0} = out_out;
    assign grp_valid = out_valid;
    assign out_ready = grp_ready;
    assign tag_take  = 1'b0;
    assign set_auth  = 1'b0;
  end else begin : g_out_one
    logic unused_rob;
    assign fb_done_q   = '0;
    assign fb_ctx0_q   = '0;
    assign fb_ctx1_q   = '0;
    assign fb_val0_q   = '0;
    assign fb_val1_q   = '0;
    assign unused_rob = ^{rob_alloc, merged_slot[1], rob_slot[0], rob_slot[1]};
    assign rob_free    = '0;
    assign rob_empty   = 1'b1;
    assign rob_valid   = merge_valid && gcm_go && !gcm_h_entry;
    assign rob_slot[0] = '0;
    assign rob_slot[1] = '0;
    assign merge_ready = gcm_h_entry ? gcm_go : gcm_go && out_in_ready;
    assign out_two   = 1'b0;
    assign out_slot1 = '0;
    if (GCM_EN) begin : g_tag_late
      // A GCM tag entry is completed here, behind the output FIFO, when GHASH's result for its length
      // block is there (the merge did not wait for it): it is the oldest result whenever a tag entry is
      // at the head (g_gcm_merge). The tag is field ^ GHASH over the tag packet's bytes; decryption
      // compares over all of them at once (an OR of the XOR: no early exit, constant time) and sends
      // zeros, flagged on a mismatch. A flagged entry (core error) stays zero but still takes its result.
      logic                  o_tag, o_dec, o_err, fail;
      logic [OUT_SLOT_W-1:0] o_slot;
      logic [BLOCK_W-1:0]    o_mask, o_full;
      assign out_in = {gcm_tag_entry, gcm_tag_dec, merged_slot[0]};
      assign {o_tag, o_dec, o_slot} = out_out;
      assign o_err = o_slot[TID_WIDTH];
      for (genvar b = 0; b < BLOCK_W / 8; b++) begin : g_tag_mask
        assign o_mask[BLOCK_W-1-8*b -: 8] = {8{b < int'(o_slot[TID_WIDTH+2 +: 6])}};
      end
      assign o_full    = (o_slot[OUT_SLOT_W-1 -: BLOCK_W] ^ gh_out_hash) & o_mask;
      assign fail      = |o_full;
      assign grp_valid = out_valid && (!o_tag || gh_out_valid);
      assign out_ready = grp_ready && (!o_tag || gh_out_valid);
      assign tag_take  = grp_valid && grp_ready && o_tag;
      assign out_slot0 = !o_tag ? o_slot
                       : {(o_err || o_dec) ? '0 : o_full, o_slot[TID_WIDTH+1 +: 7], o_err || (o_dec && fail),
                          o_slot[TID_WIDTH-1:0]};
      assign set_auth  = tag_take && o_dec && !o_err && fail;
    end else begin : g_no_tag
      logic unused_tag;
      assign unused_tag = ^{gcm_tag_entry, gcm_tag_dec, gh_out_valid, gh_out_hash};
      assign out_in    = merged_slot[0];
      assign out_slot0 = out_out;
      assign grp_valid = out_valid;
      assign out_ready = grp_ready;
      assign tag_take  = 1'b0;
      assign set_auth  = 1'b0;
    end
  end

  // STAGED: pushed from the merge's register, its ready a clock ahead.
  rijndael_fifo #(.WIDTH(OUT_W), .DEPTH(OUT_DEPTH), .OUT_SLICE(1), .REG_READY(int'(STAGED)), .READY_AHEAD(int'(STAGED)))
  u_out_fifo (
    .clk_i, .rst_ni(dp_rst_n[R_OUT]),
    .in_valid_i(rob_valid), .in_ready_o(out_in_ready), .in_data_i(out_in),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_data_o(out_out),
    .empty_o(out_empty), .wiping_o(out_wiping)
  );

  logic                 dis_valid, dis_ready, dis_last, dis_err, dis1_valid, dis1_ready, dis1_last, dis1_err;
  logic [BLOCK_W-1:0]   dis_data, dis1_data;
  logic [5:0]           dis_bytes, dis1_bytes;
  logic [TID_WIDTH-1:0] dis_tid, dis1_tid;

  rijndael_group_unpack #(.CORES(CORES), .MAX_NB(MAX_NB), .TID_W(TID_WIDTH)) u_unpack (
    .clk_i, .rst_ni(dp_rst_n[R_UNPACK]),
    .grp_valid_i(grp_valid), .grp_ready_o(grp_ready), .grp_two_i(out_two),
    .s0_data_i(out_slot0[OUT_SLOT_W-1 -: BLOCK_W]), .s0_bytes_i(out_slot0[TID_WIDTH+2 +: 6]),
    .s0_last_i(out_slot0[TID_WIDTH+1]), .s0_err_i(out_slot0[TID_WIDTH]), .s0_tid_i(out_slot0[TID_WIDTH-1:0]),
    .s1_data_i(out_slot1[OUT_SLOT_W-1 -: BLOCK_W]), .s1_bytes_i(out_slot1[TID_WIDTH+2 +: 6]),
    .s1_last_i(out_slot1[TID_WIDTH+1]), .s1_err_i(out_slot1[TID_WIDTH]), .s1_tid_i(out_slot1[TID_WIDTH-1:0]),
    .blk_valid_o(dis_valid), .blk_ready_i(dis_ready), .blk_data_o(dis_data), .blk_bytes_o(dis_bytes),
    .blk_last_o(dis_last), .blk_err_o(dis_err), .blk_tid_o(dis_tid),
    .blk1_valid_o(dis1_valid), .blk1_ready_i(dis1_ready), .blk1_data_o(dis1_data), .blk1_bytes_o(dis1_bytes),
    .blk1_last_o(dis1_last), .blk1_err_o(dis1_err), .blk1_tid_o(dis1_tid)
  );

  logic                     dis_empty, gear_empty, beat_valid, beat_ready, beat_last, beat_user;
  logic [TDATA_WIDTH-1:0]   beat_data;
  logic [TDATA_WIDTH/8-1:0] beat_keep;
  logic [TID_WIDTH-1:0]     beat_tid;
  rijndael_blocks_to_stream #(.TDATA_WIDTH(TDATA_WIDTH), .MAX_NB(MAX_NB), .TID_W(TID_WIDTH), .PAIR(CORES - 1),
                              .FIXED_NB(FIXED_NB))
  u_disassemble (
    .clk_i, .rst_ni(dp_rst_n[R_UNPACK]),
    .blk_valid_i(dis_valid), .blk_ready_o(dis_ready), .blk_data_i(dis_data), .blk_bytes_i(dis_bytes),
    .blk_last_i(dis_last), .blk_err_i(dis_err), .blk_tid_i(dis_tid),
    .blk1_valid_i(dis1_valid), .blk1_ready_o(dis1_ready), .blk1_data_i(dis1_data), .blk1_bytes_i(dis1_bytes),
    .blk1_last_i(dis1_last), .blk1_err_i(dis1_err), .blk1_tid_i(dis1_tid),
    .out_valid_o(beat_valid), .out_ready_i(beat_ready), .out_data_o(beat_data),
    .out_keep_o(beat_keep), .out_last_o(beat_last), .out_user_o(beat_user),
    .out_tid_o(beat_tid), .empty_o(gear_empty)
  );

  // m_axis leaves from a register slice: m_axis_tready reaches its two flags only, not the gearbox's
  // counts and word choices (they were on the critical path behind the output FIFO, above).
  localparam int BEAT_W = TDATA_WIDTH + TDATA_WIDTH / 8 + 2 + TID_WIDTH;
  logic              unused_beat_next, unused_beat_ready_next;
  logic [BEAT_W-1:0] unused_beat_next_data;
  rijndael_skid #(.WIDTH(BEAT_W), .READY_NEXT(1'b0)) u_beat_slice (
    .clk_i, .rst_ni(dp_rst_n[R_UNPACK]), .wipe_i(!dp_rst_n[R_UNPACK]),
    .in_valid_i(beat_valid), .in_ready_o(beat_ready), .in_ready_next_o(unused_beat_ready_next),
    .in_data_i({beat_data, beat_keep, beat_last, beat_user, beat_tid}),
    .out_valid_o(m_axis_tvalid), .out_ready_i(m_axis_tready),
    .out_data_o({m_axis_tdata, m_axis_tkeep, m_axis_tlast, m_axis_tuser[0], m_axis_tid}),
    .next_valid_o(unused_beat_next), .next_data_o(unused_beat_next_data), .out_ready_next_i(1'b0)
  );
  assign dis_empty = gear_empty && !m_axis_tvalid && beat_ready;

  // ---------------------------------------------------------------------------------------------
  // Context state: chaining values, armed / in-flight flags, and how much of each context is inside.
  logic s_fire, m_fire;
  assign s_fire = s_axis_tvalid && s_axis_tready;
  assign m_fire = m_axis_tvalid && m_axis_tready;

  // The core block 1 would go to is ready (rijndael_core_dispatch: block 1 goes to the core after block 0's).
  if (CORES > 1) begin : g_second_ready
    assign second_ready = core_ready[!first_core];
  end else begin : g_no_second
    assign second_ready = 1'b0;
  end

  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx_state
    logic [CNT_W-1:0] beats_q;   // beats of this context between s_axis and m_axis
    logic             open_q;    // a message of this context has started and not ended on s_axis
    logic [BLOCK_W-1:0] chain_c_q;
    logic             armed_c_q, inflight_c_q;
    assign chain_q[c]    = chain_c_q;
    assign armed_q[c]    = armed_c_q;
    assign inflight_q[c] = inflight_c_q;
    logic in_c, out_c, issue_c, issue1_c, done_c, done1_c, start_c, touch_c, gcm_iv96_c;
    assign gcm_iv96_c = bypass_fire && is_gcm && g_j0_set && int'(bctx) == c;
    assign in_c     = s_fire && int'(s_axis_tid) == c;
    assign out_c    = m_fire && int'(m_axis_tid) == c;
    assign issue_c  = block_fire && int'(bctx) == c;
    assign issue1_c = fire1 && int'(bctx1) == c;
    // A context has at most one feedback block in the cores, so at most one of these per cycle.
    // STAGED: from the merge's register (g_in_order), a clock after the merge.
    assign done_c   = STAGED ? fb_done_q[0] && int'(fb_ctx0_q) == c
                             : merge_fire && !ord_bypass && ord_fb[0] && int'(octx[0]) == c;
    assign done1_c  = STAGED ? fb_done_q[1] && int'(fb_ctx1_q) == c
                             : merge_fire && ord_two && ord_fb[1] && int'(octx[1]) == c;
    if (STAGED) begin : g_start_reg
      // START takes effect a clock after its pulse, from a flop per context: the pulse and CTX_SEL reached
      // every context's chaining-value enable through the context compare (20-22 ns after placement,
      // session 56). Nothing else acts in that clock: the register block's next write comes three clocks
      // after this one at the earliest, and START's write response goes out with the pulse, so a block the
      // host sends after it reaches the issue queue (where its armed flag is read) clocks later.
      logic start_q;
      always_ff @(posedge clk_i) begin
        if (!dp_rst_n[R_CTX]) start_q <= 1'b0;
        else                  start_q <= start_pulse && int'(sel) == c;
      end
      assign start_c = start_q;
    end else begin : g_start_direct
      assign start_c = start_pulse && int'(sel) == c;
    end
    // Any accepted write to this context's banked registers disarms it until the next START.
    assign touch_c = (config_we || key_we || iv_we) && int'(wr_ctx) == c;
    // Busy as a flop loaded from the next counts (the same value a clock earlier than comparing beats_q):
    // the register block refuses writes by it, and its 24-bit compare sat in front of that write decode.
    logic [CNT_W-1:0] beats_d;
    logic             open_d, busy_q;
    assign beats_d     = beats_q + CNT_W'(in_c) - CNT_W'(out_c);
    assign open_d      = in_c ? !s_axis_tlast : open_q;
    assign ctx_busy[c] = busy_q;
    // beats_d != 0 without waiting for the sum: a beat comes in, or one was held and not the last leaving.
    logic held_d;
    assign held_d = in_c || (beats_q != '0 && !(beats_q == CNT_W'(1) && out_c));

    // chain_other: what the chaining value becomes other than at issue, in the priority it always had:
    // START (the IV), a GCM J0, the merge's feedback (OFB: the keystream, CBC/CFB encryption: the
    // ciphertext). None of these coincides with an issue that updates the value: START is refused while
    // the context has data inside; feedback modes do not update at issue; a GCM J0 is awaited by its
    // context's blocks.
    logic               issue_upd_c, other_sel, take1_val;
    logic [BLOCK_W-1:0] issue_val_c, other_val;
    assign other_sel = start_c || gcm_iv96_c || gcm_j0_wr[c] || done_c || done1_c;
    always_comb begin
      if (STAGED) begin
        other_val = done1_c ? fb_val1_q : fb_val0_q;
      end else begin
        other_val = ord_fb_keystream[0] ? core_res[0] : merge_result[0];
        if (done1_c) other_val = ord_fb_keystream[1] ? core_res[1] : merge_result[1];
      end
      if (gcm_j0_wr[c])  other_val = gcm_j0_value;
      if (gcm_iv96_c)    other_val = chain_next;
      if (start_c)       other_val = ctx_iv[c];
    end
    // At issue: block 1's value when it updates this context and goes too (it comes after block 0), else
    // block 0's. The choice does not wait for the fire decision: given block 0 fires, block 1 fires
    // exactly when it is paired and its core is ready.
    assign take1_val   = pair_fires && int'(bctx1) == c && chain_upd1;
    if (STAGED) begin : g_x_upd
      // The decision's per-context writes (d_upd, d_src), registered beside this chaining value.
      logic       x_upd_q, x_take1_q;
      logic [1:0] x_src_q;
      logic       unused_direct_upd;
      always_ff @(posedge clk_i) begin
        if (!dp_rst_n[R_ISSUE]) begin
          x_upd_q   <= 1'b0;
          x_take1_q <= 1'b0;
          x_src_q   <= '0;
        end else begin
          x_upd_q   <= d_upd[c];
          x_take1_q <= d_take1[c];
          x_src_q   <= d_src[c];
        end
      end
      assign issue_upd_c = x_upd_q;
      if (FIXED_NB != 0) begin : g_src
        logic unused_take1;
        assign unused_take1 = ^{x_take1_q, chain_next1};   // the same values, chosen by d_src
        always_comb begin
          unique case (x_src_q)
            2'd0:    issue_val_c = blk_data;
            2'd1:    issue_val_c = ctr_inc1[c];
            2'd2:    issue_val_c = ctr_inc2[c];
            default: issue_val_c = blk1_data;
          endcase
        end
      end else begin : g_next
        logic [1:0] unused_src;
        assign unused_src  = x_src_q;
        assign issue_val_c = x_take1_q ? chain_next1 : chain_next;
      end
      assign unused_direct_upd = ^{take1_val, issue_c, issue1_c};
    end else if (FIXED_NB != 0) begin : g_local_ctr
      // The same values from this context's own sums (ctr_inc1/2): block 1 updates it only as block 1 of
      // this context (plus two behind block 0 of it, else plus one), block 0 only as block 0 of it.
      logic ctr0, ctr1, unused_next1;
      assign unused_next1 = ^chain_next1;   // the same value, chosen at issue (g_chosen_ctr)
      assign ctr0        = flags0[rijndael_engine_pkg::BF_CTR];
      assign ctr1        = flags1[rijndael_engine_pkg::BF_CTR];
      // GCM (one core, block 0 only) keeps its own counter step (inc32, J0): chain_next.
      assign issue_val_c = take1_val ? (ctr1 ? (same_upd ? ctr_inc2[c] : ctr_inc1[c]) : blk1_data)
                         : is_gcm    ? chain_next
                                     : (ctr0 ? ctr_inc1[c] : blk_data);
    end else begin : g_chosen_ctr
      assign issue_val_c = take1_val ? chain_next1 : chain_next;
    end
    if (!STAGED) begin : g_direct_upd
      logic unused_staged_upd;   // the two-clock decision's per-context writes (g_x_upd)
      assign unused_staged_upd = ^{d_upd[c], d_take1[c], d_src[c]};
      assign issue_upd_c = (issue1_c && chain_upd1) || (issue_c && chain_upd);
    end
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_CTX]) begin
        beats_q       <= '0;
        open_q        <= 1'b0;
        busy_q        <= 1'b0;
        chain_c_q    <= '0;
        armed_c_q    <= 1'b0;
        inflight_c_q <= 1'b0;
      end else begin
        beats_q <= beats_d;
        open_q  <= open_d;
        busy_q  <= held_d || open_d;
        // STAGED: set by the decision (d_fb_issue), so that the next clock's decision sees it.
        if ((!STAGED && ((issue_c && feedback) || (issue1_c && feedback1))) || d_fb_issue[c]) inflight_c_q <= 1'b1;
        if (done_c || done1_c) inflight_c_q <= 1'b0;
        // The chaining value: from the merge, START or GCM (other_sel), or at issue. The issue's write is
        // the last choice, so the issue decision reaches the register through one multiplexer (it was
        // first of six); they never coincide for a context (see chain_other).
        if (issue_upd_c)    chain_c_q <= issue_val_c;
        else if (other_sel) chain_c_q <= other_val;
        if (touch_c) armed_c_q <= 1'b0;
        if (start_c) armed_c_q <= 1'b1;
      end
    end

    // GCM state of the context (see rijndael_gcm_prep); START begins at the IV packet and computes H.
    logic take_c, h_c;
    assign take_c = blk_ready && is_gcm && int'(bctx) == c;
    assign h_c    = block_fire && is_gcm && g_h_issue && int'(bctx) == c;
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_GCM]) begin
        gcm_phase_q[c]      <= '0;
        gcm_pkt_q[c]        <= '0;
        gcm_broken_q[c]     <= 1'b0;
        gcm_need_h_q[c]     <= 1'b0;
        gcm_j0_pending_q[c] <= 1'b0;
        gcm_j0_low_q[c]     <= '0;
      end else begin
        if (take_c) begin
          gcm_phase_q[c]  <= g_phase_next;
          gcm_pkt_q[c]    <= g_pkt_next;
          gcm_broken_q[c] <= g_broken_next;
          if (g_j0_set)   gcm_j0_low_q[c] <= 32'd1;
          if (g_j0_start) gcm_j0_pending_q[c] <= 1'b1;
        end
        if (h_c) gcm_need_h_q[c] <= 1'b0;
        if (gcm_j0_wr[c]) begin
          gcm_j0_low_q[c]     <= gcm_j0_value[31:0];
          gcm_j0_pending_q[c] <= 1'b0;
        end
        if (start_c) begin
          gcm_phase_q[c]      <= '0;
          gcm_pkt_q[c]        <= '0;
          gcm_broken_q[c]     <= 1'b0;
          gcm_need_h_q[c]     <= GCM_EN && ctx_mode[c] == MODE_GCM;
          gcm_j0_pending_q[c] <= 1'b0;
        end
      end
    end
  end

  for (genvar e = 0; e < ENGINE_SLOTS; e++) begin : g_loaded
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_ISSUE]) begin
        loaded_valid_q[e] <= 1'b0;
        loaded_ctx_q[e]   <= '0;
      end else begin
        if (load_fire && (ENGINE_SLOTS == 1 || int'(load_ctx) == e)) begin
          loaded_valid_q[e] <= 1'b1;
          loaded_ctx_q[e]   <= load_ctx;
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
  // The counters add a clock after the events: each event is registered first (issued_q ...), so that no
  // 32-bit carry chain sits behind the issue decision or the merge (the counters are statistics; a read
  // over AXI4-Lite takes longer than the clock they lag by).
  logic [1:0] issued_blocks, merged_blocks, merged_errors;
  logic [1:0] issued_q, merged_q, merr_q;
  logic       auth_q, msg_end_q;
  assign issued_blocks = 2'(block_fire) + 2'(fire1);
  assign merged_blocks = (merge_fire && !gcm_h_entry) ? 2'd1 + 2'(ord_two) : 2'd0;
  // A GCM tag that does not match is flagged at the output FIFO's head (set_auth), not at the merge.
  assign merged_errors = merge_fire ? 2'(merge_err[0]) + 2'(ord_two && merge_err[1]) : 2'd0;
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_CNT]) begin
      issued_q       <= '0;
      merged_q       <= '0;
      merr_q         <= '0;
      auth_q         <= 1'b0;
      msg_end_q      <= 1'b0;
      blocks_in_q    <= '0;
      blocks_out_q   <= '0;
      messages_q     <= '0;
      error_blocks_q <= '0;
    end else begin
      issued_q       <= issued_blocks;
      merged_q       <= merged_blocks;
      merr_q         <= merged_errors;
      auth_q         <= set_auth;
      msg_end_q      <= m_fire && m_axis_tlast;
      blocks_in_q    <= blocks_in_q + 32'(issued_q);
      blocks_out_q   <= blocks_out_q + 32'(merged_q);
      error_blocks_q <= error_blocks_q + 32'(merr_q) + 32'(auth_q);
      if (msg_end_q) messages_q <= messages_q + 1'b1;
    end
  end

  assign st_armed  = armed_q[sel];
  assign st_busy   = ctx_busy[sel];
  assign st_idle   = !in_slice_valid && in_empty && asm_empty && win_empty && !x_busy && ord_empty && rob_empty && out_empty && dis_empty &&
                     !in_wiping;
  assign st_wiping = in_wiping || ord_wiping || out_wiping;
  assign fifo_wiping = ord_wiping || out_wiping;

  logic unused;
  assign unused = ^{ctrl_we, ctx_sel_we, ctx_sel_wvalue[31:8], error_we, clear_pulse, ctx_sel_value, in_wiping,
                    key_fire, core_in_ready, gcm_we, aad_len_we,
                    gcm_wvalue[31:21], aad_len_wvalue, unused_beat_next, unused_beat_next_data,
                    unused_s_next, unused_s_ready_next, unused_s_next_data};
endmodule
