// rijndael_engine_lanes: the engine for two pipelined cores at two blocks per clock, laid out in lanes
// (issue #13 item 3). Same parameters, ports, register map and stream contract as rijndael_engine (the
// harnesses choose one or the other by module name); it builds only the two-pipeline case: CORES = 2 with
// one block length (AES) and a beat of two blocks (TDATA_WIDTH = 64*MAX_NB), in arrival order, no GCM
// (CONFIG.MODE = GCM is refused as in every build without it). It is made for pipelined cores (ARCH = 1,
// a block per clock each); any core works, the lanes only count credits (the Python side asks for ARCH 1).
//
// Why a second engine: rijndael_engine's data path is 256 bits wide at every stage, and each stage's
// decision steers flops spread over the die; on the LFE5U-85F it places at ~60 MHz with two pipelines
// while two pipelines alone route at 174 (docs/results.md, "Two pipelines, session 58"). Here the wide data
// moves through links with no handshake, and every decision is local:
//
//   s_axis -> register -> metadata FIFO -> stream_to_blocks -> decide (D)
//                      \-> a FIFO per 32-bit word ----------------> blocks, flags (S) -> send (E) --hops--> lane 0 -> core 0 --hops--\
//                                          (key beats, counters, order)                            \-hops--> lane 1 -> core 1 --hops--+
//                                          \-> order FIFO -----------------------------> join (J, P, Q) <- result FIFO per lane <----/
//                                                                                              |
//                                                               m_axis <- output FIFO <- beat -/
//
// The rule throughout (session 60): a decision reads flops only and reaches narrow registers only; the wide
// data it steers follows a clock later, each 32-bit slice by a copy of the decision's flop (rijndael_fifo_sliced),
// so no decision's LUT reaches a wide register's enable, and wide registers take their resets from copies.
// - Hub issue, in three clocks: a decision (D) from flops only; S takes the decided beat's words and the
//   blocks' flags from registers; E sends, a key beat a clock later (K) (see "Hub issue" below). A beat's
//   two blocks go together, block 0 to lane 0 and block 1 to lane 1 (ECB, CTR, CBC/CFB decryption: everything
//   they need is known here: the counter, the previous ciphertext), or, for a feedback mode (CBC/CFB
//   encryption, OFB), one block per clock to the context's own lane (context number mod 2), where its
//   chaining value lives (rijndael_lane). A key beat goes to both lanes before a context's first block (one
//   key slot per context with KEY_SLOTS >= CONTEXTS, else one shared slot, loaded again whenever the context
//   changes).
// - Every link is rijndael_hops (LINK_HOPS registers, no handshake), and both ends count credits: the hub
//   sends a lane only what its entry FIFO has room for, a lane lets a block into its core only while its
//   result FIFO at the hub has a slot for it. The hub's decision reads its own credit counters, never a
//   lane's state; a lane's, its own.
// - The join takes the order FIFO's head (per issue: which blocks, bytes, TLAST, TID, refusals) with the
//   results it names, from the lanes' result FIFOs (block RAM), all beside each other at the hub, in three
//   clocks (see "Join and output" below).
// - Order: one order entry per issue in arrival order, and each lane's results come back in its own issue
//   order, so output order = input order, per context and across contexts, with no reorder buffer.
// - Refused blocks (unknown TID, context not started, ECB/CBC block cut short, stream misuse) and empty
//   TLAST blocks go to no lane: the order FIFO alone carries them, and they leave as zeros (flagged) in
//   their place, as in rijndael_engine.
// - Reset and CTRL.CLEAR: as rijndael_engine (the data path a clock after the register block, from
//   registered copies of its reset; s_axis_tready low until every FIFO memory is wiped, the lanes' too).
`include "rijndael_core_params.svh"

module rijndael_engine_lanes #(
  `RIJNDAEL_CORE_PARAMS,
  parameter int TDATA_WIDTH      = 256,
  parameter int FIFO_DEPTH       = 512,   // input FIFO size in blocks of 32*MAX_NB bits
  parameter int CONTEXTS         = 4,
  parameter int CORES            = 2,     // must be 2
  parameter int ISSUE_WINDOW     = 0,     // rijndael_engine's; must be 0 (arrival order)
  parameter int REORDER_DEPTH    = 64,    // rijndael_engine's; unused
  parameter int LINK_HOPS        = 3,     // registers on each link between the hub and a lane, each way
  parameter int LANE_ENTRIES     = 16,    // a lane's entry FIFO (the hub's credits)
  parameter int LANE_RESULTS     = 128,   // a lane's result FIFO at the hub (the lane's credits)
  parameter int TID_WIDTH        = (CONTEXTS > 1) ? $clog2(CONTEXTS) : 1
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
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
  input  logic [TDATA_WIDTH-1:0]   s_axis_tdata,
  input  logic [TDATA_WIDTH/8-1:0] s_axis_tkeep,
  input  logic                     s_axis_tlast,
  input  logic [TID_WIDTH-1:0]     s_axis_tid,
  input  logic                     s_axis_tvalid,
  output logic                     s_axis_tready,
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
  localparam int IN_BEATS = (FIFO_DEPTH * BLOCK_W + TDATA_WIDTH - 1) / TDATA_WIDTH;
  localparam int IN_DEPTH = 1 << $clog2(IN_BEATS < 8 ? 8 : IN_BEATS);   // (READY_AHEAD 2 needs 5)
  localparam int IN_W     = TDATA_WIDTH + LANES + 2 + TID_WIDTH;
  localparam int BF_W     = rijndael_engine_pkg::BF_W;
  localparam logic [4:0] BLOCK_MASK = 5'(BLOCK_SIZES);
  localparam logic [4:0] KEY_MASK   = 5'(KEY_SIZES);
  localparam logic [2:0] KEY_LEN_BITS = {KEY_MASK[4], KEY_MASK[2] | KEY_MASK[3], KEY_MASK[1] | KEY_MASK[3]};
  localparam int CNT_W = 24;
  localparam int ENGINE_SLOTS = KEY_SLOTS >= CONTEXTS ? CONTEXTS : 1;
  localparam int CORE_SLOT_W  = KEY_SLOTS > 1 ? $clog2(KEY_SLOTS) : 1;
  // Order FIFO: one entry per issue; issues in flight are bounded by the lanes' result slots, plus refused
  // blocks, which take no slot (its ready then holds the hub).
  localparam int ORDER_DEPTH = 2 * LANE_RESULTS;
  localparam int LC_W = $clog2(LANE_ENTRIES + 1);

  localparam logic [2:0] MODE_CBC = 3'(rijndael_regs_pkg::CONFIG_MODE_CBC);
  localparam logic [2:0] MODE_CFB = 3'(rijndael_regs_pkg::CONFIG_MODE_CFB128);
  localparam logic [2:0] MODE_OFB = 3'(rijndael_regs_pkg::CONFIG_MODE_OFB);

  // ---------------------------------------------------------------------------------------------
  // Parameter checks: the one build this engine is for.
  if (CORES != 2 || ISSUE_WINDOW != 0) begin : g_check_cores
    ERROR_rijndael_engine_lanes_is_for_CORES_2_with_ISSUE_WINDOW_0 u_error ();
  end
  if (BLOCK_MASK != 5'(1 << (MAX_NB - 4)) || TDATA_WIDTH != 64 * MAX_NB) begin : g_check_beat
    ERROR_rijndael_engine_lanes_needs_one_block_length_and_a_beat_of_two_blocks u_error ();
  end
  if (CONTEXTS < 1 || CONTEXTS > 256 || TID_WIDTH < CTX_W || TID_WIDTH > 8) begin : g_check_contexts
    ERROR_CONTEXTS_must_be_1_to_256_and_TID_WIDTH_cover_them u_error ();
  end
  if (FIFO_DEPTH < 2 || LINK_HOPS < 0) begin : g_check_sizes
    ERROR_rijndael_engine_lanes_FIFO_sizes u_error ();
  end
  // A lane's entry and result FIFOs take beats READY_AHEAD = 1 clock after their ready (rijndael_fifo: a
  // power of two of at least 4 entries)
  if (LANE_ENTRIES < 4 || LANE_RESULTS < 4 || (LANE_ENTRIES & (LANE_ENTRIES - 1)) != 0
      || (LANE_RESULTS & (LANE_RESULTS - 1)) != 0) begin : g_check_lane_fifos
    ERROR_LANE_ENTRIES_and_LANE_RESULTS_must_be_powers_of_two_of_at_least_4 u_error ();
  end

  // Refusal mask of a CONFIG value for this build (ERROR register bits): rijndael_engine's rules, no GCM.
  function automatic logic [31:0] config_refusal(input logic [31:0] value);
    config_refusal = rijndael_engine_pkg::config_refusal(value, BLOCK_MASK, KEY_MASK, 1'b0, ENABLE_ENCRYPT != 0,
                                                         ENABLE_DECRYPT != 0);
  endfunction

  // ---------------------------------------------------------------------------------------------
  // Registers
  logic clear;
  localparam int R_IN = 0, R_ASM = 1, R_ISSUE = 2, R_ORDER = 3, R_JOIN = 4, R_UNPACK = 5, R_CTX = 6,
                 R_CNT = 7, R_LANE = 8, R_CHAIN = R_LANE + 2, RST_COPIES = R_CHAIN + CONTEXTS;
  logic [RST_COPIES-1:0] dp_rst_n;
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
  logic [14:0] error_bits;
  logic        gcm_we, aad_len_we;
  logic [31:0] gcm_wvalue, aad_len_wvalue;
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
    .error_gcm_frame_set_i(1'b0), .error_gcm_frame_o(error_bits[13]),
    .error_auth_set_i(1'b0), .error_auth_o(error_bits[14]),
    .gcm_we_o(gcm_we), .gcm_wvalue_o(gcm_wvalue), .gcm_refuse_i(rijndael_engine_pkg::gcm_refusal(gcm_wvalue[rijndael_regs_pkg::GCM_TAG_LEN_LSB +: 5],
                                                                   gcm_wvalue[rijndael_regs_pkg::GCM_IV_LEN_LSB +: 16])),
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
  // GCM's registers exist in the map and take their values as in every build (rijndael_engine's checks);
  // this build has no GCM, so CONFIG.MODE = GCM is what it refuses.
  logic unused_gcm;
  assign unused_gcm = ^{ctx_sel_value, ctx_sel_wvalue[31:8], gcm_we, gcm_wvalue, gcm_iv_len, gcm_tag_len, aad_len_we, aad_len_wvalue, gcm_aad_len,
                        ctrl_we, ctx_sel_we, error_we, clear_pulse, iv_we};

  // The copies hold the reset active high and dp_rst_n is their inverse: an ECP5 flop's LSR is active high, so
  // a unit's `if (!rst_ni)` on a copy's inverse reaches its flops' LSR straight from the copy. Copies held
  // active low put an inverter LUT between each copy and its LSR pins, which the placer left by neither
  // (ln14: a copy by the register block -> the inverter 40-60 tiles away -> a lane's flops, 18-24 ns).
  logic [RST_COPIES-1:0] dp_rst_q;
  rijndael_reg_copies #(.WIDTH(1), .COPIES(RST_COPIES), .RESET(1'b1)) u_dp_rst (
    .clk_i, .rst_ni, .d_i(clear), .q_o(dp_rst_q)
  );
  assign dp_rst_n = ~dp_rst_q;
  // The links' hops are kept modules (their reset's inverter inside them): they take active-low copies of
  // their own, loaded in the same clock ([0] the issue's links, [1] the join's, [2 + k] lane k's).
  logic [3:0] hop_rst_n;
  rijndael_reg_copies #(.WIDTH(1), .COPIES(4), .RESET(1'b0)) u_hop_rst (
    .clk_i, .rst_ni, .d_i(!clear), .q_o(hop_rst_n)
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
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx_view
    logic [MAX_NK-1:0]  needed;
    logic [KEY_W-1:0]   key;
    logic [BLOCK_W-1:0] iv;
    for (genvar i = 0; i < MAX_NK; i++) begin : g_key_word
      assign key[KEY_W-1-32*i -: 32] = key_words[(c*MAX_NK + i)*32 +: 32];
      assign needed[i] = i < 4 + int'(ctx_key_len[c]);
    end
    for (genvar i = 0; i < MAX_NB; i++) begin : g_iv_word
      assign iv[BLOCK_W-1-32*i -: 32] = iv_words[(c*MAX_NB + i)*32 +: 32];
    end
    assign ctx_key[c] = key;
    assign ctx_iv[c]  = iv;
    assign ctx_mode[c]      = config_mode[3*c +: 3];
    assign ctx_key_len[c]   = config_key_len[3*c +: 3] & KEY_LEN_BITS;
    assign ctx_block_len[c] = 3'(MAX_NB - 4);   // the one block length (CONFIG refuses every other)
    assign ctx_decrypt[c]   = config_decrypt[c];
    assign ctx_key_complete[c] = (key_written[c*MAX_NK +: MAX_NK] & needed) == needed;
    assign ctx_config[c] = (32'(ctx_mode[c]) << rijndael_regs_pkg::CONFIG_MODE_LSB) |
                           (32'(ctx_decrypt[c]) << rijndael_regs_pkg::CONFIG_DECRYPT_LSB) |
                           (32'(ctx_key_len[c]) << rijndael_regs_pkg::CONFIG_KEY_LEN_LSB) |
                           (32'(config_block_len[3*c +: 3]) << rijndael_regs_pkg::CONFIG_BLOCK_LEN_LSB);
  end

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
  // Input: each beat split in two as it enters: its metadata (TKEEP's run and check, TLAST, TID) into one
  // FIFO, its data into IN_WORDS FIFOs of one 32-bit word each. The issue decides from the metadata alone
  // (the assembler below sees no data); the word FIFOs let their beat go a clock after the decision, each by
  // a flop of its own (s_pop_q), so no decision reaches a wide register's enable (ln3: the decision into the
  // one input FIFO slice's ~300 load enables, spread over the die, was the engine's worst path).
  // No handshake on the way in either: s_axis_tready is a flop (the word FIFOs' room ahead, READY_AHEAD),
  // and a beat taken goes through a register loaded every clock into every FIFO, which takes it unasked, by a
  // copy of its valid of its own (ln4: an input slice's ready, the AND of the FIFOs' readies, into its ~300
  // load enables was the worst path). The word FIFOs let go later than the metadata FIFO, so they hold at least
  // as much: their room is the one that counts, and word 0's stands for all of them (they move together).
  localparam int IN_WORDS = TDATA_WIDTH / 32;
  localparam int META_W   = LANES + 2 + TID_WIDTH;
  logic                   in_valid, in_ready, in_last, in_empty, in_wiping;
  logic [LANES-1:0]       in_run, s_run;
  logic                   in_keep_bad, s_keep_bad;
  logic [TID_WIDTH-1:0]   in_tid;
  logic                   in_room, fifo_wiping, s_fire;
  // s_axis_tready from a flop of its own (ln5: the register block's CLEAR flop and the FIFOs' room flops, each
  // far from the others, through one LUT into the pin wrapper's beat logic): it says what held a clock ago, so
  // the FIFOs' room is READY_AHEAD = 2 clocks ahead (decided, taken, pushed). A beat taken in the clock CLEAR
  // takes effect is discarded with everything else inside (the FIFOs are in reset when it arrives).
  logic tready_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) tready_q <= 1'b0;
    else         tready_q <= in_room && !fifo_wiping && !clear && dp_rst_n[R_IN];
  end
  assign s_axis_tready = tready_q;
  assign s_fire        = s_axis_tvalid && s_axis_tready;

  rijndael_keep_run #(.LANES(LANES)) u_keep_run (
    .keep_i(s_axis_tkeep), .last_i(s_axis_tlast), .run_o(s_run), .bad_o(s_keep_bad)
  );
  logic [IN_W-1:0]       r_beat_q;           // the beat taken a clock ago (whatever it is when none was)
  logic [IN_WORDS:0]     r_push_q;           // it was taken: a copy per FIFO ([IN_WORDS]: the metadata's)
  always_ff @(posedge clk_i) r_beat_q <= {s_axis_tdata, s_run, s_keep_bad, s_axis_tlast, s_axis_tid};
  rijndael_reg_copies #(.WIDTH(1), .COPIES(IN_WORDS + 1), .RESET(1'b0)) u_r_push (
    .clk_i, .rst_ni(dp_rst_n[R_IN]), .d_i(s_fire), .q_o(r_push_q)
  );
  logic [1:0]              in_fifo_readies, in_fifo_empty, in_fifo_wiping;   // [0]: the words', [1]: the metadata's
  logic [IN_WORDS-1:0]     s_pop_q;          // the word FIFOs' pops: copies of one flop, one per FIFO
  logic [TDATA_WIDTH-1:0]  in_words;         // the word FIFOs' heads: the beat the issue decided a clock ago
  assign in_room   = in_fifo_readies[0];   // the words' room: they hold at least what the metadata FIFO does
  assign in_empty  = &in_fifo_empty;
  assign in_wiping = |in_fifo_wiping;
  rijndael_fifo #(.WIDTH(META_W), .DEPTH(IN_DEPTH), .OUT_SLICE(1), .REG_READY(1), .READY_AHEAD(2)) u_in_meta (
    .clk_i, .rst_ni(dp_rst_n[R_IN]),
    .in_valid_i(r_push_q[IN_WORDS]), .in_ready_o(in_fifo_readies[1]),
    .in_data_i(r_beat_q[META_W-1:0]),
    .out_valid_o(in_valid), .out_ready_i(in_ready), .out_data_o({in_run, in_keep_bad, in_last, in_tid}),
    .empty_o(in_fifo_empty[1]), .wiping_o(in_fifo_wiping[1])
  );
  // The beat's bytes past TLAST's run are zeroed on the way in (from the beat's own run), so nothing after the
  // FIFOs depends on the run but the assembler's lengths (ln6: the metadata head's run into the byte mask of
  // every data bit pulled the decision's flops to the data).
  logic [TDATA_WIDTH-1:0] r_kept;
  for (genvar b = 0; b < LANES; b++) begin : g_kept
    assign r_kept[8*b +: 8] = r_beat_q[META_W + 8*b +: 8] & {8{!r_beat_q[TID_WIDTH] || r_beat_q[META_W-LANES+b]}};
  end
  logic unused_words_valid;   // the metadata says when the words are there
  rijndael_fifo_sliced #(.SLICE_W(32), .SLICES(IN_WORDS), .DEPTH(IN_DEPTH), .READY_AHEAD(2)) u_in_words (
    .clk_i, .rst_ni(dp_rst_n[R_IN]),
    .in_push_i(r_push_q[IN_WORDS-1:0]), .in_ready_o(in_fifo_readies[0]), .in_data_i(r_kept),
    .out_pop_i(s_pop_q), .out_valid_o(unused_words_valid), .out_data_o(in_words),
    .empty_o(in_fifo_empty[0]), .wiping_o(in_fifo_wiping[0])
  );
  logic unused_readies;   // the words' room stands for the metadata FIFO's
  assign unused_readies = in_fifo_readies[1];

  // The assembler on the metadata: blocks' lengths, TLAST and flags, which half of the beat, when the beat
  // goes (its data outputs see zeros and drive nothing).
  logic                 asm_valid, asm_ready, asm_last, asm_err, asm_empty, asm_half;
  logic [5:0]           asm_bytes;
  logic [TID_WIDTH-1:0] asm_tid;
  logic                 asm1_valid, asm_take2, asm1_last, asm1_err;
  logic [5:0]           asm1_bytes;
  logic [BLOCK_W-1:0]   unused_asm_data, unused_asm1_data;
  rijndael_stream_to_blocks #(.TDATA_WIDTH(TDATA_WIDTH), .MAX_NB(MAX_NB), .TID_W(TID_WIDTH), .PAIR(1),
                              .FIXED_NB(1))
  u_assemble (
    .clk_i, .rst_ni(dp_rst_n[R_ASM]),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_data_i({TDATA_WIDTH{1'b0}}), .in_run_i(in_run),
    .in_keep_bad_i(in_keep_bad), .in_last_i(in_last), .in_tid_i(in_tid),
    .tid_o(asm_tid), .nb_words_i(4'(MAX_NB)),
    .blk_valid_o(asm_valid), .blk_ready_i(asm_ready), .blk_data_o(unused_asm_data), .blk_bytes_o(asm_bytes),
    .blk_last_o(asm_last), .blk_err_o(asm_err),
    .blk1_valid_o(asm1_valid), .blk_take2_i(asm_take2), .blk1_data_o(unused_asm1_data), .blk1_bytes_o(asm1_bytes),
    .blk1_last_o(asm1_last), .blk1_err_o(asm1_err), .half_o(asm_half), .empty_o(asm_empty)
  );

  // Per-context registers as the hub reads them: copies loaded every clock (CONFIG, the key and START are
  // refused while a context has data inside, and START comes register accesses after CONFIG, so a copy a
  // clock late is never read stale), next to the issue rather than in the register block.
  // Two registers deep: the register block sits where the AXI4-Lite pins lead, the issue where the stream's
  // do, and with one register the choices behind it were placed by the register block (ln7, 25-29 ns).
  logic [2:0]       cfg_mode_q [CONTEXTS];
  logic [2:0]       cfg_key_len_q [CONTEXTS];
  logic             cfg_decrypt_q [CONTEXTS];
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_cfg_copy
    logic [2:0] mode_q, key_len_q;
    logic       decrypt_q;
    always_ff @(posedge clk_i) begin
      mode_q           <= ctx_mode[c];
      key_len_q        <= ctx_key_len[c];
      decrypt_q        <= ctx_decrypt[c];
      cfg_mode_q[c]    <= mode_q;
      cfg_key_len_q[c] <= key_len_q;
      cfg_decrypt_q[c] <= decrypt_q;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Hub issue, in three clocks, each from registers:
  // - D decides from flops only (the metadata FIFO's head, per-context flags, credit and order counters):
  //   a key beat, or the head beat's block(s), or nothing.
  // - S: the decided beat is at the data FIFOs' heads; its blocks (block 0: the beat's first or second half)
  //   with their bytes past TLAST's run zeroed, the key of a key beat, and the blocks' flags (from the
  //   context's registers and the blocks' lengths) go into E's registers; the data FIFOs let the beat go.
  // - E sends: the chaining values (per context, updated here), the lane entries, the order entry. A key beat
  //   is sent a clock later (K), its key chosen then.
  // D never waits for S or E: the credits it checks cover what they may still take.
  logic [CONTEXTS-1:0]  armed_q, seeded_q, fb_mode_q;
  logic [BLOCK_W-1:0]   chain_q [CONTEXTS];
  logic [BLOCK_W-1:0]   ctr_inc1 [CONTEXTS];
  logic [BLOCK_W-1:0]   ctr_inc2 [CONTEXTS];
  logic [ENGINE_SLOTS-1:0] loaded_valid_q;
  logic [CTX_W-1:0]     loaded_ctx_q [ENGINE_SLOTS];
  logic [LC_W-1:0]      lane_credits_q [2];   // free entries in each lane's FIFO
  logic [1:0]           lane_credit_back;     // an entry left a lane's FIFO (through the hops)
  localparam int OC_W = $clog2(ORDER_DEPTH + 1);
  logic [OC_W-1:0]      ord_used_q;           // order entries written and not yet joined
  logic                 ord_ready_unused;

  // ---- D: the decision
  logic             d_ctx_ok, d_live, d_key_ok, d_need_key, d_pair, d_credit_ok, d_order_ok, key_fire, blk_fire;
  logic [CTX_W-1:0] d_ctx;
  assign d_ctx_ok = int'(asm_tid) < CONTEXTS;
  assign d_ctx    = d_ctx_ok ? CTX_W'(asm_tid) : '0;
  assign d_live   = d_ctx_ok && armed_q[d_ctx];   // its blocks may go to a core (or are refused later)
  if (ENGINE_SLOTS > 1) begin : g_slots
    assign d_key_ok = loaded_valid_q[d_ctx];
  end else begin : g_one_slot
    assign d_key_ok = loaded_valid_q[0] && loaded_ctx_q[0] == d_ctx;
  end
  // A key beat goes before any block of a started context whose key the cores do not hold (also before a
  // block S will flag as refused: harmless, and it keeps the decision free of the block's length and mode checks).
  assign d_need_key  = asm_valid && d_live && !d_key_ok;
  // A feedback context's blocks go one per clock (the assembler offers the beat's second block again).
  assign d_pair      = asm1_valid && !(d_live && fb_mode_q[d_ctx]);
  // Three entries of room in each lane (of S, E and K at most two hold an entry not yet sent) and two in the
  // order FIFO.
  assign d_credit_ok = (lane_credits_q[0] >= LC_W'(3)) && (lane_credits_q[1] >= LC_W'(3));
  assign d_order_ok  = ord_used_q <= OC_W'(ORDER_DEPTH - 2);
  assign key_fire    = d_need_key && d_credit_ok;
  // A key beat is sent a clock later than blocks (K, below), so no block goes in the clock after one: it
  // would reach the links in the key's clock.
  assign blk_fire    = asm_valid && !d_need_key && d_credit_ok && d_order_ok && !s_key_q;
  assign asm_ready   = blk_fire;
  assign asm_take2   = blk_fire && d_pair;

  // ---- S: its registers (loaded every clock, the valid flags reset)
  logic                 s_key_q, s_blk_q, s_pair_q, s_last0_q, s_err0_q, s_last1_q, s_err1_q;
  logic [TID_WIDTH-1:0] s_tid_q;
  logic [5:0]           s_bytes0_q, s_bytes1_q;
  logic [2*MAX_NB-1:0]  s_blk_copies_q;   // blocks were decided: a copy per word (the data is zero otherwise)
  logic [MAX_NB-1:0]    s_half_q;    // block 0 is the beat's second half: a copy per word of the block
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_ISSUE]) begin
      s_key_q <= 1'b0;
      s_blk_q <= 1'b0;
    end else begin
      s_key_q <= key_fire;
      s_blk_q <= blk_fire;
    end
  end
  always_ff @(posedge clk_i) begin
    s_pair_q   <= d_pair;
    s_tid_q    <= asm_tid;
    s_bytes0_q <= asm_bytes;
    s_last0_q  <= asm_last;
    s_err0_q   <= asm_err;
    s_bytes1_q <= asm1_bytes;
    s_last1_q  <= asm1_last;
    s_err1_q   <= asm1_err;
  end
  // (kept copies: one flop over a block's 128 choices or a FIFO's slice would be one long route again)
  rijndael_reg_copies #(.WIDTH(1), .COPIES(IN_WORDS), .RESET(1'b0)) u_s_pop (
    .clk_i, .rst_ni(dp_rst_n[R_ISSUE]), .d_i(in_ready), .q_o(s_pop_q)
  );
  rijndael_reg_copies #(.WIDTH(1), .COPIES(2 * MAX_NB), .RESET(1'b0)) u_s_blk (
    .clk_i, .rst_ni(dp_rst_n[R_ISSUE]), .d_i(blk_fire), .q_o(s_blk_copies_q)
  );
  rijndael_reg_copies #(.WIDTH(1), .COPIES(MAX_NB), .RESET(1'b0)) u_s_half (
    .clk_i, .rst_ni(dp_rst_n[R_ISSUE]), .d_i(asm_half), .q_o(s_half_q)
  );

  // The beat's words in the core's order (byte lane 4j is word j's most significant byte), zero unless blocks
  // were decided (not from the decision's LUT itself: it was pulled to these 256 loads, ln5).
  logic [31:0] beat_word [IN_WORDS];
  for (genvar j = 0; j < IN_WORDS; j++) begin : g_beat_word
    for (genvar b = 0; b < 4; b++) begin : g_byte
      assign beat_word[j][31-8*b -: 8] = in_words[32*j + 8*b +: 8] & {8{s_blk_copies_q[j]}};
    end
  end
  logic             s_ctx_ok, s_armed;
  logic [CTX_W-1:0] s_ctx;
  logic [BF_W-1:0]  s_flags0, s_flags1;
  assign s_ctx_ok = int'(s_tid_q) < CONTEXTS;
  assign s_ctx    = s_ctx_ok ? CTX_W'(s_tid_q) : '0;
  assign s_armed  = s_ctx_ok && armed_q[s_ctx];
  rijndael_block_flags u_flags0 (
    .bytes_i(s_bytes0_q), .stream_err_i(s_err0_q), .ctx_ok_i(s_ctx_ok), .armed_i(s_armed),
    .mode_i(cfg_mode_q[s_ctx]), .decrypt_i(cfg_decrypt_q[s_ctx]), .block_len_i(ctx_block_len[s_ctx]),
    .flags_o(s_flags0)
  );
  rijndael_block_flags u_flags1 (
    .bytes_i(s_bytes1_q), .stream_err_i(s_err1_q), .ctx_ok_i(s_ctx_ok), .armed_i(s_armed),
    .mode_i(cfg_mode_q[s_ctx]), .decrypt_i(cfg_decrypt_q[s_ctx]), .block_len_i(ctx_block_len[s_ctx]),
    .flags_o(s_flags1)
  );

  // ---- E: its registers
  logic                 k_key_q;       // K: a key beat's key goes to the lanes (a clock after E)
  logic                 x_key_q, x_blk_q, x_pair_q, x_last0_q, x_err0_q, x_last1_q, x_err1_q;
  logic [TID_WIDTH-1:0] x_tid_q;
  logic [5:0]           x_bytes0_q, x_bytes1_q;
  logic [BF_W-1:0]      flags0, flags1;
  logic [CONTEXTS-1:0]  x_ctx_q;       // one-hot: the context of the blocks issued (zero otherwise)
  logic [CONTEXTS-1:0]  x_upd0_q, x_upd1_q;   // the context's chaining value takes block 0's / block 1's next
  logic [2:0]           x_key_len_q;
  logic [KEY_W-1:0]     x_keyd_q;      // a key beat's key (zero otherwise)
  logic [BLOCK_W-1:0]   x_data0_q, x_data1_q;
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_ISSUE]) begin
      x_key_q  <= 1'b0;
      k_key_q  <= 1'b0;
      x_blk_q  <= 1'b0;
      x_ctx_q  <= '0;
      x_upd0_q <= '0;
      x_upd1_q <= '0;
    end else begin
      x_key_q <= s_key_q;
      k_key_q <= x_key_q;
      x_blk_q <= s_blk_q;
      for (int c = 0; c < CONTEXTS; c++) begin
        x_ctx_q[c]  <= s_blk_q && s_ctx_ok && int'(s_ctx) == c;
        // (decided here so that E's chaining-value enables are flops: E's choice into them was ln4's third path)
        x_upd0_q[c] <= s_blk_q && s_ctx_ok && int'(s_ctx) == c && !s_flags0[rijndael_engine_pkg::BF_BYPASS] &&
                       s_flags0[rijndael_engine_pkg::BF_CHAIN_UPDATE];
        x_upd1_q[c] <= s_blk_q && s_ctx_ok && int'(s_ctx) == c && s_pair_q &&
                       !s_flags1[rijndael_engine_pkg::BF_BYPASS] && s_flags1[rijndael_engine_pkg::BF_CHAIN_UPDATE];
      end
    end
  end
  always_ff @(posedge clk_i) begin
    x_pair_q    <= s_pair_q;
    x_tid_q     <= s_tid_q;
    x_bytes0_q  <= s_bytes0_q;
    x_last0_q   <= s_last0_q;
    x_err0_q    <= s_err0_q;
    x_bytes1_q  <= s_bytes1_q;
    x_last1_q   <= s_last1_q;
    x_err1_q    <= s_err1_q;
    flags0      <= s_flags0;
    flags1      <= s_flags1;
    x_key_len_q <= cfg_key_len_q[s_ctx];
  end
  // The key of a key beat, a clock after E (K): chosen by copies of the context of its own (a word each),
  // loaded in E from S's flags. With the flags' context flop choosing 256 bits of the register block's key
  // words too, that flop sat by the key words (ln7); with the copies loaded from the decision (D), its key
  // beat LUT sat by them, across the die from the rest of the decision (ln10-ln11, 30-39 ns).
  logic [MAX_NK*(CTX_W+1)-1:0] x_kctx_q;   // copy i: {a key beat, its context}
  rijndael_reg_copies #(.WIDTH(CTX_W + 1), .COPIES(MAX_NK), .RESET(1'b0)) u_x_kctx (
    .clk_i, .rst_ni(dp_rst_n[R_ISSUE]), .d_i({s_key_q, s_ctx}), .q_o(x_kctx_q)
  );
  for (genvar i = 0; i < MAX_NK; i++) begin : g_x_key_word
    logic [CTX_W-1:0] kctx;
    logic             kkey;
    assign {kkey, kctx} = x_kctx_q[(CTX_W + 1) * i +: CTX_W + 1];
    always_ff @(posedge clk_i) begin
      x_keyd_q[KEY_W-1-32*i -: 32] <= kkey ? ctx_key[kctx][KEY_W-1-32*i -: 32] : 32'h0;
    end
  end
  for (genvar i = 0; i < MAX_NB; i++) begin : g_x_word
    always_ff @(posedge clk_i) begin
      x_data0_q[BLOCK_W-1-32*i -: 32] <= s_half_q[i] ? beat_word[MAX_NB + i] : beat_word[i];
      x_data1_q[BLOCK_W-1-32*i -: 32] <= beat_word[MAX_NB + i];
    end
  end

  logic             ctx_ok, armed, use0, use1, feedback;
  logic [CTX_W-1:0] bctx;
  logic             fb_lane;                   // the feedback context's lane
  logic [BLOCK_W-1:0] b_chain, b_inc1, chain_next0;
  logic [CORE_SLOT_W-1:0] b_slot;

  assign ctx_ok   = flags0[rijndael_engine_pkg::BF_CTX_OK];
  assign armed    = flags0[rijndael_engine_pkg::BF_ARMED];
  assign bctx     = ctx_ok ? CTX_W'(x_tid_q) : '0;
  assign feedback = flags0[rijndael_engine_pkg::BF_FEEDBACK];
  assign use0     = x_blk_q && !flags0[rijndael_engine_pkg::BF_BYPASS];
  assign use1     = x_blk_q && x_pair_q && !flags1[rijndael_engine_pkg::BF_BYPASS];
  assign fb_lane  = CONTEXTS > 1 ? bctx[0] : 1'b0;
  assign b_slot   = ENGINE_SLOTS > 1 ? CORE_SLOT_W'(bctx) : '0;

  // The lanes this issue uses: block 0's (lane 0, or the feedback context's), block 1's (lane 1).
  logic [1:0] lanes_used;
  assign lanes_used[0] = use0 && !(feedback && fb_lane);
  assign lanes_used[1] = use1 || (use0 && feedback && fb_lane);

  // Chaining values: block 0 from its context's, block 1 from block 0's next (CTR: the counter plus one;
  // CBC/CFB decryption: block 0's ciphertext). The context's by its one-hot flag (zero for a key beat).
  always_comb begin
    b_chain = '0;
    b_inc1  = '0;
    for (int c = 0; c < CONTEXTS; c++) begin
      b_chain = b_chain | (x_ctx_q[c] ? chain_q[c] : '0);
      b_inc1  = b_inc1 | (x_ctx_q[c] ? ctr_inc1[c] : '0);
    end
  end
  assign chain_next0 = flags0[rijndael_engine_pkg::BF_CTR] ? b_inc1 : x_data0_q;

  // Per-context counter sums (one block length: the step is a one in bit 0): the low word adds, a carry out
  // of it takes the high part's increment from a register loaded every clock (rijndael_engine, g_ctr_split).
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_inc
    logic [BLOCK_W-33:0] hi_inc_q;
    logic [32:0]         lo_inc1, lo_inc2;
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_ISSUE]) hi_inc_q <= '0;
      else                    hi_inc_q <= chain_q[c][BLOCK_W-1:32] + 1'b1;
    end
    assign lo_inc1     = {1'b0, chain_q[c][31:0]} + 33'd1;
    assign lo_inc2     = {1'b0, chain_q[c][31:0]} + 33'd2;
    assign ctr_inc1[c] = {lo_inc1[32] ? hi_inc_q : chain_q[c][BLOCK_W-1:32], lo_inc1[31:0]};
    assign ctr_inc2[c] = {lo_inc2[32] ? hi_inc_q : chain_q[c][BLOCK_W-1:32], lo_inc2[31:0]};
  end

  // ---- what each lane gets this clock
  logic [1:0]             lane_send, lane_seeded;
  logic [2*BF_W-1:0]      lane_flags;
  logic [2*BLOCK_W-1:0]   lane_block, lane_chain;
  for (genvar k = 0; k < 2; k++) begin : g_lane_entry
    // lane 1's block: block 1 of a pair, or block 0 of a feedback context on lane 1
    logic take1;
    assign take1          = k == 1 && use1;
    assign lane_send[k]   = k_key_q || lanes_used[k];
    assign lane_flags[k*BF_W +: BF_W]       = take1 ? flags1 : flags0;
    assign lane_block[k*BLOCK_W +: BLOCK_W] = take1 ? x_data1_q : x_data0_q;
    assign lane_chain[k*BLOCK_W +: BLOCK_W] = take1 ? chain_next0 : b_chain;
    assign lane_seeded[k] = !take1 && feedback && seeded_q[bctx];
  end

  // ---- order FIFO: one entry per issue (blocks 0 and 1 with what the join needs); its room is counted
  localparam int ORD_W = 1 + 1 + 1 + 1 + 2 * (6 + 1 + 1) + TID_WIDTH;
  logic             ord_valid, ord_ready, ord_empty, ord_wiping;
  logic [ORD_W-1:0] ord_data;
  rijndael_fifo #(.WIDTH(ORD_W), .DEPTH(ORDER_DEPTH), .OUT_SLICE(1), .WIPE(0)) u_order_fifo (
    .clk_i, .rst_ni(dp_rst_n[R_ORDER]),
    .in_valid_i(x_blk_q), .in_ready_o(ord_ready_unused),
    .in_data_i({x_pair_q, !lanes_used[0] && use0, use0, use1,
                x_bytes0_q, x_last0_q, flags0[rijndael_engine_pkg::BF_ERR],
                x_bytes1_q, x_last1_q, flags1[rijndael_engine_pkg::BF_ERR], x_tid_q}),
    .out_valid_o(ord_valid), .out_ready_i(ord_ready), .out_data_o(ord_data),
    .empty_o(ord_empty), .wiping_o(ord_wiping)
  );
  // (the join's take counts a clock late, from a flop: the join's decision and the issue's sit apart, and one
  // counter of both put one of them far from its inputs; the count is then high for a clock, never low)
  logic ord_pop_q;
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_ISSUE]) begin
      ord_used_q <= '0;
      ord_pop_q  <= 1'b0;
    end else begin
      ord_pop_q  <= ord_ready;
      ord_used_q <= ord_used_q + OC_W'(blk_fire) - OC_W'(ord_pop_q);
    end
  end

  // ---- the register block's events per context, two registers deep: START, a write that un-arms the context
  // (CONFIG, key, IV) and one that drops its loaded key (START, CONFIG, key). The first register sits by the
  // register block (its compares of sel and wr_ctx), the second by the decision's flags: with one register
  // the decision's loaded-key choice was placed by the register block, 47 tiles from the metadata FIFO's
  // head (ln9, 29.9 ns). All three arrive together, so the hub sees a write's effects in one clock, as before,
  // a clock later; the register block refuses these writes while the context has data inside.
  logic [CONTEXTS-1:0] ev_start_q, ev_touch_q, ev_drop_q;
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_CTX]) begin
      ev_start_q <= '0;
      ev_touch_q <= '0;
      ev_drop_q  <= '0;
    end else begin
      for (int c = 0; c < CONTEXTS; c++) begin
        ev_start_q[c] <= start_pulse && int'(sel) == c;
        ev_touch_q[c] <= (config_we || key_we || iv_we) && int'(wr_ctx) == c;
        ev_drop_q[c]  <= (start_pulse && int'(sel) == c) || ((config_we || key_we) && int'(wr_ctx) == c);
      end
    end
  end

  // ---- context state: chaining value / counter, armed, seeded, feedback mode, beats inside
  logic m_fire;
  assign m_fire = m_axis_tvalid && m_axis_tready;
  for (genvar c = 0; c < CONTEXTS; c++) begin : g_ctx_state
    logic [CNT_W-1:0]   beats_q, beats_d;
    logic               open_q, open_d, busy_q, held_d, in_c, out_c, start_q, touch_c;
    logic [BLOCK_W-1:0] chain_c_q, next0_c, next1_c;
    assign chain_q[c] = chain_c_q;
    assign in_c    = s_fire && int'(s_axis_tid) == c;
    assign out_c   = m_fire && int'(m_axis_tid) == c;
    // (a write to the context un-arms it: the event's second register)
    always_ff @(posedge clk_i) touch_c <= ev_touch_q[c];
    // The chaining value after this issue, from the context's own value (no choice between contexts here).
    assign next0_c = flags0[rijndael_engine_pkg::BF_CTR] ? ctr_inc1[c] : x_data0_q;
    assign next1_c = flags0[rijndael_engine_pkg::BF_CTR] ? ctr_inc2[c] : x_data1_q;
    // (reset by a copy of its own: one reset flop over all contexts' values was a long route)
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_CHAIN + c]) chain_c_q <= '0;
      else if (start_q)           chain_c_q <= ctx_iv[c];
      else if (x_upd1_q[c])       chain_c_q <= next1_c;
      else if (x_upd0_q[c])       chain_c_q <= next0_c;
    end
    assign beats_d = beats_q + CNT_W'(in_c) - CNT_W'(out_c);
    assign open_d  = in_c ? !s_axis_tlast : open_q;
    assign held_d  = in_c || (beats_q != '0 && !(beats_q == CNT_W'(1) && out_c));
    assign ctx_busy[c] = busy_q;
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_CTX]) begin
        beats_q      <= '0;
        open_q       <= 1'b0;
        busy_q       <= 1'b0;
        start_q      <= 1'b0;
        armed_q[c]   <= 1'b0;
        seeded_q[c]  <= 1'b0;
        fb_mode_q[c] <= 1'b0;
      end else begin
        beats_q <= beats_d;
        open_q  <= open_d;
        busy_q  <= held_d || open_d;
        // the decision's view of the mode: a flop (CONFIG is refused while the context has data inside)
        fb_mode_q[c] <= (!cfg_decrypt_q[c] && (cfg_mode_q[c] == MODE_CBC || cfg_mode_q[c] == MODE_CFB)) ||
                        cfg_mode_q[c] == MODE_OFB;
        // START two clocks after its pulse (the register block's next write is clocks later)
        start_q <= ev_start_q[c];
        if (start_q) seeded_q[c] <= 1'b0;
        // a feedback block took the IV: the lane's chaining value is the context's from now on
        else if (x_ctx_q[c] && use0 && feedback) seeded_q[c] <= 1'b1;
        if (touch_c) armed_q[c] <= 1'b0;
        if (start_q) armed_q[c] <= 1'b1;
      end
    end
  end

  // Which context's key each key slot holds: set by the decision (D), so that the next decision sees it.
  // A START or a key or CONFIG write to the context drops it, through the events' two registers (the register
  // block's signals pulled the decision's flops to it, ln7 and ln9): START takes effect in the clock its context
  // is armed (start_q).
  for (genvar e = 0; e < ENGINE_SLOTS; e++) begin : g_loaded
    logic drop_q;
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_ISSUE]) begin
        loaded_valid_q[e] <= 1'b0;
        loaded_ctx_q[e]   <= '0;
        drop_q            <= 1'b0;
      end else begin
        drop_q <= ev_drop_q[loaded_ctx_q[e]];
        // (a key beat of this clock wins: it sends the key as it is now)
        if (drop_q) loaded_valid_q[e] <= 1'b0;
        if (key_fire && (ENGINE_SLOTS == 1 || int'(d_ctx) == e)) begin
          loaded_valid_q[e] <= 1'b1;
          loaded_ctx_q[e]   <= d_ctx;
        end
      end
    end
  end

  for (genvar k = 0; k < 2; k++) begin : g_hub_credits
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_ISSUE]) lane_credits_q[k] <= LC_W'(LANE_ENTRIES);
      else lane_credits_q[k] <= lane_credits_q[k] - LC_W'(lane_send[k]) + LC_W'(lane_credit_back[k]);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Lanes: links, lane logic, cores; results back into the lanes' result FIFOs at the hub.
  // Each lane's results come back in RES_SLICES links of RES_SW bits ({pad, error, block}), each with a valid
  // of its own, into the slices of the lane's result FIFO (rijndael_fifo_sliced), which the join pops by
  // copies of its take: no one flop reaches a whole result's registers.
  localparam int RES_SLICES = 4;
  localparam int RES_SW     = (BLOCK_W + 1 + RES_SLICES - 1) / RES_SLICES;
  logic [1:0]             res_arrive, res_empty, res_wiping, lane_empty, lane_wiping;
  logic [2*RES_SLICES-1:0] res_pop;           // lane k's slices at [k*RES_SLICES +: RES_SLICES]
  logic [1:0]             rh_error;           // the result FIFOs' heads
  logic [2*BLOCK_W-1:0]   rh_blocks;          // packed per lane (Yosys and unpacked ports in generate blocks)
  logic               core_in_ready;   // both cores take input (the tests' view of a wiped engine)
  logic [1:0]         core_ready;

  localparam int LINK_W  = rijndael_engine_pkg::lane_entry_w(CORE_SLOT_W, CTX_W, KEY_W, BLOCK_W);
  // (the entry's data: a key beat's key, or a block's block and chaining value, ORed: the other is zero)
  localparam int LINK_DW = rijndael_engine_pkg::lane_data_w(KEY_W, BLOCK_W);
  for (genvar k = 0; k < 2; k++) begin : g_core
    // hub -> lane
    logic              l_valid;
    logic [LINK_W-1:0] l_entry;   // the lane's entry (fields: rijndael_engine_pkg::lane_entry_w)
    // An entry's fields above its data: E's for a block, or a key beat's a clock later (K: E holds no block
    // then, D saw to that)
    logic [LINK_W-LINK_DW-1:0] l_meta, k_meta_q;
    assign l_meta = {x_key_q, b_slot, x_key_len_q, 3'(MAX_NB - 4), lane_flags[k*BF_W +: BF_W], bctx, lane_seeded[k]};
    always_ff @(posedge clk_i) k_meta_q <= l_meta;
    // (GATE 0: the execute registers and the key words are wiped by reset and CLEAR themselves)
    rijndael_hops #(.WIDTH(LINK_W), .HOPS(LINK_HOPS), .GATE(1'b0)) u_to_lane (
      .clk_i, .rst_ni(hop_rst_n[0]),
      .valid_i(lane_send[k]),
      // (the key is zero but in a key beat, the block and chaining value zero in it: S and E see to that)
      .data_i({k_key_q ? k_meta_q : l_meta,
               LINK_DW'(x_keyd_q) | LINK_DW'({lane_block[k*BLOCK_W +: BLOCK_W], lane_chain[k*BLOCK_W +: BLOCK_W]})}),
      .valid_o(l_valid), .data_o(l_entry)
    );
    // lane -> hub: entry credits, results, empty and wiping flags
    logic l_credit, r_error, l_empty, l_wiping;
    logic [RES_SLICES-1:0] r_valid, r_push;
    logic [3:0] unused_hop_data;   // the one-bit links carry their valid only
    logic [BLOCK_W-1:0] r_block;
    logic [RES_SLICES*RES_SW-1:0] r_slices, r_link, r_head;
    logic               lane_rst_n;
    assign lane_rst_n = dp_rst_n[R_LANE + k];
    rijndael_hops #(.WIDTH(1), .HOPS(LINK_HOPS)) u_credit_back (
      .clk_i, .rst_ni(hop_rst_n[0]), .valid_i(l_credit), .data_i(1'b0),
      .valid_o(lane_credit_back[k]), .data_o(unused_hop_data[0])
    );
    // (GATE 0: the lane's result register is zero whenever it holds no result)
    assign r_slices = (RES_SLICES*RES_SW)'({r_error, r_block});
    for (genvar s = 0; s < RES_SLICES; s++) begin : g_to_hub
      rijndael_hops #(.WIDTH(RES_SW), .HOPS(LINK_HOPS), .GATE(1'b0)) u_to_hub (
        .clk_i, .rst_ni(hop_rst_n[1]), .valid_i(r_valid[s]), .data_i(r_slices[RES_SW*s +: RES_SW]),
        .valid_o(r_push[s]), .data_o(r_link[RES_SW*s +: RES_SW])
      );
    end
    assign res_arrive[k] = r_push[0];
    // the lane's state flags, as a level through the same hops (valid after reset: "wiping")
    rijndael_hops #(.WIDTH(1), .HOPS(LINK_HOPS + 1), .RESET_VALID(1'b1)) u_wiping_back (
      .clk_i, .rst_ni(hop_rst_n[2 + k]), .valid_i(l_wiping), .data_i(1'b0), .valid_o(lane_wiping[k]), .data_o(unused_hop_data[1])
    );
    rijndael_hops #(.WIDTH(1), .HOPS(LINK_HOPS + 1), .RESET_VALID(1'b1)) u_empty_back (
      .clk_i, .rst_ni(hop_rst_n[2 + k]), .valid_i(l_empty), .data_i(1'b0), .valid_o(lane_empty[k]), .data_o(unused_hop_data[2])
    );
    logic res_credit;
    rijndael_hops #(.WIDTH(1), .HOPS(LINK_HOPS)) u_res_credit (
      .clk_i, .rst_ni(hop_rst_n[2 + k]), .valid_i(res_pop[k*RES_SLICES]), .data_i(1'b0), .valid_o(res_credit),
      .data_o(unused_hop_data[3])
    );

    logic                   c_valid, c_ready, c_is_key, c_decrypt, o_valid, o_ready, out_error, key_error;
    logic [2:0]             c_key_len, c_block_len;
    logic [CORE_SLOT_W-1:0] c_slot;
    logic [KEY_W-1:0]       c_key;
    logic [BLOCK_W-1:0]     c_block, o_block;
    rijndael_lane #(.BLOCK_W(BLOCK_W), .KEY_W(KEY_W), .CONTEXTS(CONTEXTS), .CTX_W(CTX_W), .SLOT_W(CORE_SLOT_W),
                    .ENTRIES(LANE_ENTRIES), .RESULTS(LANE_RESULTS), .RES_COPIES(RES_SLICES)) u_lane (
      .clk_i, .rst_ni(lane_rst_n),
      .in_valid_i(l_valid), .in_entry_i(l_entry), .in_credit_o(l_credit),
      .core_in_valid_o(c_valid), .core_in_ready_i(c_ready), .core_in_is_key_o(c_is_key),
      .core_in_key_len_o(c_key_len), .core_in_block_len_o(c_block_len), .core_in_decrypt_o(c_decrypt),
      .core_in_slot_o(c_slot), .core_in_key_o(c_key), .core_in_block_o(c_block),
      .core_out_valid_i(o_valid), .core_out_ready_o(o_ready), .core_out_block_i(o_block),
      .core_out_error_i(out_error || key_error),
      .res_valid_o(r_valid), .res_block_o(r_block), .res_error_o(r_error), .res_credit_i(res_credit),
      .empty_o(l_empty), .wiping_o(l_wiping)
    );
    rijndael_core #(
      `RIJNDAEL_CORE_PARAMS_PASS
    ) u_core (
      .clk_i, .rst_ni(lane_rst_n),
      .in_valid_i(c_valid), .in_ready_o(c_ready), .in_is_key_i(c_is_key),
      .in_key_len_i(c_key_len), .in_block_len_i(c_block_len), .in_decrypt_i(c_decrypt),
      .in_slot_i(c_slot), .in_key_i(c_key), .in_block_i(c_block),
      .out_valid_o(o_valid), .out_ready_i(o_ready), .out_block_o(o_block),
      .out_error_o(out_error), .key_error_o(key_error)
    );
    assign core_ready[k] = c_ready;

    // the lane's result FIFO at the hub (block RAM): the lane's credits keep it from overflowing, the join's
    // count of arrivals says when a result is at its head
    logic unused_res_ready, unused_res_valid;
    logic [RES_SLICES*RES_SW-BLOCK_W-2:0] unused_res_pad;
    rijndael_fifo_sliced #(.SLICE_W(RES_SW), .SLICES(RES_SLICES), .DEPTH(LANE_RESULTS), .READY_AHEAD(1)) u_res_fifo (
      .clk_i, .rst_ni(dp_rst_n[R_JOIN]),
      .in_push_i(r_push), .in_ready_o(unused_res_ready), .in_data_i(r_link),
      .out_pop_i(res_pop[k*RES_SLICES +: RES_SLICES]), .out_valid_o(unused_res_valid), .out_data_o(r_head),
      .empty_o(res_empty[k]), .wiping_o(res_wiping[k])
    );
    assign {unused_res_pad, rh_error[k], rh_blocks[k*BLOCK_W +: BLOCK_W]} = r_head;
  end
  assign core_in_ready = &core_ready;

  // ---------------------------------------------------------------------------------------------
  // Join and output, in three clocks, each from registers (as the issue: no decision reaches a wide
  // register's enable; ln4's join put the order FIFO's head through the result FIFOs' valids into their
  // slices' ~260 enables and the output gearbox's queue, 17 ns):
  // - J decides from flops only: the order FIFO's head, a count of the results at each result FIFO's head
  //   (arrivals counted when the FIFO shows them), and the output FIFO's room. It takes the order entry.
  // - P: the result FIFOs let the results go (copies of J's take, one per slice); the blocks are chosen
  //   (block 0 from lane 0 or lane 1) and masked (bytes past a message's end, refused blocks) into Q's
  //   registers. P also tracks a half beat: a feedback context's blocks come one per order entry, and a
  //   beat's first block waits for its second (always the next entry: the issue is in arrival order).
  // - Q forms the beat (a held first half with this block, or this entry's one or two blocks) and pushes it
  //   into the output FIFO, whose head is m_axis.
  logic             o_pair, o_lane1_first, o_use0, o_use1, o_last0, o_err0, o_last1, o_err1;
  logic [5:0]       o_bytes0, o_bytes1;
  logic [TID_WIDTH-1:0] o_tid;
  assign {o_pair, o_lane1_first, o_use0, o_use1, o_bytes0, o_last0, o_err0, o_bytes1, o_last1, o_err1, o_tid} = ord_data;

  // ---- J
  localparam int AV_W = $clog2(LANE_RESULTS + 1);
  logic             out_room, j_fire, need0, need1;
  logic [1:0]       j_take, avail_nz_q;
  logic [AV_W-1:0]  avail_q [2];
  assign need0     = o_use0 && !o_lane1_first;
  assign need1     = (o_use0 && o_lane1_first) || o_use1;
  assign j_fire    = ord_valid && (!need0 || avail_nz_q[0]) && (!need1 || avail_nz_q[1]) && out_room;
  assign ord_ready = j_fire;
  assign j_take    = {j_fire && need1, j_fire && need0};
  for (genvar k = 0; k < 2; k++) begin : g_avail
    // A result pushed is at its FIFO's head three clocks later at the latest (memory, head, slice); count
    // it a clock after that.
    logic [3:0]      arrive_q;
    logic [AV_W-1:0] avail_d;
    assign avail_d = avail_q[k] + AV_W'(arrive_q[3]) - AV_W'(j_take[k]);
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_JOIN]) begin
        arrive_q      <= '0;
        avail_q[k]    <= '0;
        avail_nz_q[k] <= 1'b0;
      end else begin
        arrive_q      <= {arrive_q[2:0], res_arrive[k]};
        avail_q[k]    <= avail_d;
        avail_nz_q[k] <= avail_d != '0;
      end
    end
  end

  // ---- P
  localparam int BLOCK_BYTES = BLOCK_W / 8;
  logic                   p_fire_q, p_pair_q, p_last0_q, p_last1_q, p_oerr0_q, p_oerr1_q, p_use0_q, p_use1_q;
  logic [5:0]             p_bytes0_q, p_bytes1_q;
  logic [TID_WIDTH-1:0]   p_tid_q;
  logic [BLOCK_BYTES-1:0] p_mask0_q, p_mask1_q;   // the bytes of block 0 / 1 that leave (refused: none)
  logic [MAX_NB-1:0]      p_sel1_q;               // block 0 comes from lane 1: a copy per word
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_JOIN]) p_fire_q <= 1'b0;
    else                   p_fire_q <= j_fire;
  end
  always_ff @(posedge clk_i) begin
    p_pair_q   <= o_pair;
    p_last0_q  <= o_last0;
    p_last1_q  <= o_last1;
    p_oerr0_q  <= o_err0;
    p_oerr1_q  <= o_err1;
    p_use0_q   <= o_use0;
    p_use1_q   <= o_use1;
    p_bytes0_q <= o_bytes0;
    p_bytes1_q <= o_bytes1;
    p_tid_q    <= o_tid;
    // Bytes past the message end never leave (in CTR/OFB/CFB they would be keystream); refused blocks are zero.
    for (int b = 0; b < BLOCK_BYTES; b++) begin
      p_mask0_q[b] <= o_use0 && !o_err0 && b < int'(o_bytes0);
      p_mask1_q[b] <= o_use1 && !o_err1 && b < int'(o_bytes1);
    end
  end
  rijndael_reg_copies #(.WIDTH(1), .COPIES(MAX_NB), .RESET(1'b0)) u_p_sel1 (
    .clk_i, .rst_ni(dp_rst_n[R_JOIN]), .d_i(o_lane1_first), .q_o(p_sel1_q)
  );
  for (genvar k = 0; k < 2; k++) begin : g_p_take
    rijndael_reg_copies #(.WIDTH(1), .COPIES(RES_SLICES), .RESET(1'b0)) u_take (
      .clk_i, .rst_ni(dp_rst_n[R_JOIN]), .d_i(j_take[k]), .q_o(res_pop[k*RES_SLICES +: RES_SLICES])
    );
  end
  logic [BLOCK_W-1:0] p_blk0, p_blk1;
  logic               p_rerr0, p_rerr1;   // the core flagged the result (a key it refused)
  for (genvar i = 0; i < BLOCK_BYTES; i++) begin : g_p_byte
    localparam int W = i / 4;   // the block's word the byte is in
    assign p_blk0[BLOCK_W-1-8*i -: 8] = (p_sel1_q[W] ? rh_blocks[2*BLOCK_W-1-8*i -: 8] : rh_blocks[BLOCK_W-1-8*i -: 8]) &
                                        {8{p_mask0_q[i]}};
    assign p_blk1[BLOCK_W-1-8*i -: 8] = rh_blocks[2*BLOCK_W-1-8*i -: 8] & {8{p_mask1_q[i]}};
  end
  assign p_rerr0 = p_use0_q && (p_sel1_q[0] ? rh_error[1] : rh_error[0]);
  assign p_rerr1 = p_use1_q && rh_error[1];
  // The half beat: after an entry of one block that does not end its message, the next entry's block is the
  // beat's second (the assembler cut the beat into the two; the issue keeps arrival order).
  logic p_held_q, p_emit, p_load_held;
  assign p_emit      = p_fire_q && (p_pair_q || p_held_q || p_last0_q);
  assign p_load_held = p_fire_q && !p_pair_q && !p_held_q && !p_last0_q;
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_JOIN])                  p_held_q <= 1'b0;
    else if (p_fire_q && p_held_q)          p_held_q <= 1'b0;
    else if (p_load_held)                   p_held_q <= 1'b1;
  end

  // ---- Q
  localparam int OUT_SLICES = (TDATA_WIDTH + LANES + 2 + TID_WIDTH + 32) / 33;
  localparam int OUT_W      = 33 * OUT_SLICES;
  logic                   q_fire_q, q_pair_q, q_last0_q, q_last1_q, q_err0_q, q_err1_q, q_rerr0_q, q_rerr1_q;
  logic [5:0]             q_bytes0_q, q_bytes1_q;
  logic [TID_WIDTH-1:0]   q_tid_q;
  logic [BLOCK_W-1:0]     q_blk0_q, q_blk1_q;
  logic [OUT_SLICES-1:0]  q_emit_q;       // push the beat: a copy per output FIFO slice
  logic [2*MAX_NB-1:0]    q_with_held_q;  // the beat is the held half and this block: a copy per word
  logic [MAX_NB-1:0]      q_load_held_q;  // this block is a first half: a copy per word of the held register
  logic                   q_held_err_q;
  logic [5:0]             q_held_bytes_q;
  logic [BLOCK_W-1:0]     q_held_q;
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_JOIN]) q_fire_q <= 1'b0;
    else                   q_fire_q <= p_fire_q;
  end
  always_ff @(posedge clk_i) begin
    q_pair_q   <= p_pair_q;
    q_last0_q  <= p_last0_q;
    q_last1_q  <= p_last1_q;
    q_err0_q   <= p_oerr0_q || p_rerr0;
    q_err1_q   <= p_pair_q && (p_oerr1_q || p_rerr1);
    q_rerr0_q  <= p_rerr0;
    q_rerr1_q  <= p_rerr1;
    q_bytes0_q <= p_bytes0_q;
    q_bytes1_q <= p_pair_q ? p_bytes1_q : 6'd0;
    q_tid_q    <= p_tid_q;
    q_blk0_q   <= p_blk0;
    q_blk1_q   <= p_blk1;
  end
  rijndael_reg_copies #(.WIDTH(1), .COPIES(OUT_SLICES), .RESET(1'b0)) u_q_emit (
    .clk_i, .rst_ni(dp_rst_n[R_JOIN]), .d_i(p_emit), .q_o(q_emit_q)
  );
  rijndael_reg_copies #(.WIDTH(1), .COPIES(2 * MAX_NB), .RESET(1'b0)) u_q_with_held (
    .clk_i, .rst_ni(dp_rst_n[R_JOIN]), .d_i(p_held_q), .q_o(q_with_held_q)
  );
  rijndael_reg_copies #(.WIDTH(1), .COPIES(MAX_NB), .RESET(1'b0)) u_q_load_held (
    .clk_i, .rst_ni(dp_rst_n[R_JOIN]), .d_i(p_load_held), .q_o(q_load_held_q)
  );
  // Q's blocks with a refused result zeroed (the core's flag came with the result)
  logic [BLOCK_W-1:0] q_out0, q_out1;
  assign q_out0 = q_rerr0_q ? '0 : q_blk0_q;
  assign q_out1 = q_rerr1_q ? '0 : q_blk1_q;
  for (genvar i = 0; i < MAX_NB; i++) begin : g_held_word
    always_ff @(posedge clk_i) begin
      if (!dp_rst_n[R_JOIN])    q_held_q[BLOCK_W-1-32*i -: 32] <= '0;
      else if (q_load_held_q[i]) q_held_q[BLOCK_W-1-32*i -: 32] <= q_out0[BLOCK_W-1-32*i -: 32];
    end
  end
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_JOIN]) begin
      q_held_err_q   <= 1'b0;
      q_held_bytes_q <= '0;
    end else if (q_load_held_q[0]) begin
      q_held_err_q   <= q_err0_q;
      q_held_bytes_q <= q_bytes0_q;
    end
  end
  // The beat: words 0..MAX_NB-1 from its first block, the rest from its second, each word's bytes in AXI
  // lane order (the block's byte 0, its most significant, on the lowest lane).
  logic [TDATA_WIDTH-1:0] b_data;
  logic [LANES-1:0]       b_keep;
  logic                   b_last, b_user;
  logic [5:0]             b_bytes_lo, b_bytes_hi;
  for (genvar j = 0; j < 2 * MAX_NB; j++) begin : g_out_word
    logic [31:0] word;
    if (j < MAX_NB) begin : g_lo
      assign word = q_with_held_q[j] ? q_held_q[BLOCK_W-1-32*j -: 32] : q_out0[BLOCK_W-1-32*j -: 32];
    end else begin : g_hi
      assign word = q_with_held_q[j] ? q_out0[BLOCK_W-1-32*(j-MAX_NB) -: 32] : q_out1[BLOCK_W-1-32*(j-MAX_NB) -: 32];
    end
    assign b_data[32*j +: 32] = {word[7:0], word[15:8], word[23:16], word[31:24]};
  end
  assign b_bytes_lo = q_with_held_q[0] ? q_held_bytes_q : q_bytes0_q;
  assign b_bytes_hi = q_with_held_q[0] ? q_bytes0_q : q_bytes1_q;
  for (genvar b = 0; b < LANES; b++) begin : g_out_keep
    if (b < BLOCK_BYTES) begin : g_lo
      assign b_keep[b] = b < int'(b_bytes_lo);
    end else begin : g_hi
      assign b_keep[b] = b - BLOCK_BYTES < int'(b_bytes_hi);
    end
  end
  assign b_last = q_with_held_q[0] ? q_last0_q : q_pair_q ? q_last1_q : q_last0_q;
  assign b_user = q_with_held_q[0] ? (q_held_err_q || q_err0_q) : (q_err0_q || q_err1_q);

  // ---- output FIFO (its room READY_AHEAD = 2 clocks ahead: J's decision, pushed at Q), m_axis its head
  localparam int OUT_PAD = OUT_W - (TDATA_WIDTH + LANES + 2 + TID_WIDTH);
  logic               out_empty, out_wiping, out_valid;
  logic [OUT_PAD-1:0] unused_out_pad;
  logic [OUT_W-1:0]   out_beat;
  rijndael_fifo_sliced #(.SLICE_W(33), .SLICES(OUT_SLICES), .DEPTH(16), .READY_AHEAD(2)) u_out_fifo (
    .clk_i, .rst_ni(dp_rst_n[R_UNPACK]),
    .in_push_i(q_emit_q), .in_ready_o(out_room),
    .in_data_i(OUT_W'({b_data, b_keep, b_last, b_user, q_tid_q})),
    .out_pop_i({OUT_SLICES{m_axis_tready}}), .out_valid_o(out_valid), .out_data_o(out_beat),
    .empty_o(out_empty), .wiping_o(out_wiping)
  );
  assign m_axis_tvalid = out_valid;
  assign {unused_out_pad, m_axis_tdata, m_axis_tkeep, m_axis_tlast, m_axis_tuser[0], m_axis_tid} = out_beat;
  assign set_core = q_fire_q && (q_rerr0_q || q_rerr1_q);

  // ---------------------------------------------------------------------------------------------
  // Refusals (set at issue), counters and status
  assign set_bad_ctx   = x_blk_q && !ctx_ok;
  assign set_not_armed = x_blk_q && ctx_ok && !armed;
  assign set_partial   = x_blk_q && armed && (flags0[rijndael_engine_pkg::BF_BAD_PARTIAL] ||
                                              (x_pair_q && flags1[rijndael_engine_pkg::BF_BAD_PARTIAL]));
  assign set_stream    = x_blk_q && (x_err0_q || (x_pair_q && x_err1_q));

  logic [1:0] issued_q, merged_q, merr_q;
  logic       msg_end_q;
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_CNT]) begin
      issued_q       <= '0;
      merged_q       <= '0;
      merr_q         <= '0;
      msg_end_q      <= 1'b0;
      blocks_in_q    <= '0;
      blocks_out_q   <= '0;
      messages_q     <= '0;
      error_blocks_q <= '0;
    end else begin
      issued_q       <= 2'(use0) + 2'(use1);
      merged_q       <= q_fire_q ? 2'd1 + 2'(q_pair_q) : 2'd0;
      merr_q         <= q_fire_q ? 2'(q_err0_q) + 2'(q_err1_q) : 2'd0;
      msg_end_q      <= m_fire && m_axis_tlast;
      blocks_in_q    <= blocks_in_q + 32'(issued_q);
      blocks_out_q   <= blocks_out_q + 32'(merged_q);
      error_blocks_q <= error_blocks_q + 32'(merr_q);
      if (msg_end_q) messages_q <= messages_q + 1'b1;
    end
  end

  // The lanes' FIFOs wipe as the hub's do: s_axis_tready stays low until all are wiped.
  // A flop (set through reset, so s_axis_tready is low from the first clock): the FIFOs' wiping flags sit
  // across the die, and their OR reached the pin wrapper's beat registers in the same clock (ln2 placed).
  // Two levels (as STATUS.IDLE below): a flop per part, reset by that part's own copy, then their OR a clock
  // later (one flop over every FIFO's flag was routed from every corner into one place: ln11, 29-32 ns).
  logic wiping_q, wiping_in_q, wiping_lanes_q, wiping_join_q;
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_IN]) wiping_in_q <= 1'b1;
    else                 wiping_in_q <= in_wiping;
  end
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_ISSUE]) wiping_lanes_q <= 1'b1;
    else                    wiping_lanes_q <= |lane_wiping;
  end
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_JOIN]) wiping_join_q <= 1'b1;
    else                   wiping_join_q <= ord_wiping || (|res_wiping) || out_wiping;
  end
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_IN]) wiping_q <= 1'b1;
    else                 wiping_q <= wiping_in_q || wiping_lanes_q || wiping_join_q;
  end
  assign fifo_wiping = wiping_q;
  assign st_armed  = armed_q[sel];
  assign st_busy   = ctx_busy[sel];
  // STATUS.IDLE from flops in two levels: a flop per part of the engine (input, issue and lanes, join and
  // output), each from its flags as they were a clock before, then their AND with this clock's handshake
  // (one flop over all the flags gathered routes from every corner of the die into one place: ln10, 31 ns).
  // So it says what held two clocks ago; a beat taken in the last two clocks keeps it low (s_fire in both).
  logic idle_q, idle_in_q, idle_issue_q, idle_join_q;
  always_ff @(posedge clk_i) begin
    if (!dp_rst_n[R_CNT]) begin
      idle_in_q    <= 1'b0;
      idle_issue_q <= 1'b0;
      idle_join_q  <= 1'b0;
      idle_q       <= 1'b0;
    end else begin
      idle_in_q    <= !s_fire && r_push_q == '0 && in_empty && asm_empty;
      idle_issue_q <= !s_key_q && !s_blk_q && !x_key_q && !k_key_q && !x_blk_q && (&lane_empty) &&
                      lane_credits_q[0] == LC_W'(LANE_ENTRIES) && lane_credits_q[1] == LC_W'(LANE_ENTRIES);
      idle_join_q  <= ord_empty && (&res_empty) && !p_fire_q && !q_fire_q && !p_held_q && out_empty;
      idle_q       <= !s_fire && idle_in_q && idle_issue_q && idle_join_q;
    end
  end
  assign st_idle   = idle_q;
  assign st_wiping = fifo_wiping;
  logic unused_view;   // REORDER_DEPTH: rijndael_engine's; core_in_ready: the tests' view of a wiped engine
  assign unused_view = ^{REORDER_DEPTH, core_in_ready, ord_ready_unused};
endmodule
