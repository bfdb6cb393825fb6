// Steering probe v3 (never a record, never in the test suite; v2, the plain handshake version, is
// handshake_probe_v2.sv.txt): the simplest two-lane datapath around two
// pipelined cores, with rijndael_engine's parameters and ports, so that the flow's engine pin wrapper and
// Yosys run take it in place of the engine (results/experiments/session57/probe_steer.py). CTR only, one key,
// full beats only: lane k of a 256-bit beat is block k, goes to core k and comes back in lane k, so there is
// no order FIFO of groups, no context state and no issue decision beyond "every FIFO ahead has room".
//
// (Packed arrays throughout: Yosys dropped the cores when their results went into an unpacked array's
// elements through a generate block's port connections.)
//
// What it measures: the clock two pipelines allow when the engine is only
//   s_axis slice -> take (one flop's decision) -> counter blocks (registered) -> a register hop per lane ->
//   per lane: core input FIFO (ready three clocks ahead) and mask FIFO (block RAM, ready three ahead)
//   -> core -> output slice -> merge (both lanes' results, both masks, the side FIFO) -> register -> output FIFO.
// The two couplings between the lanes are the take (the AND of six FIFOs' ready flops) and the merge (the
// AND of both lanes' valid flops into both lanes' pops): every real two-pipeline engine has both.
`include "rijndael_core_params.svh"

module rijndael_engine #(
  `RIJNDAEL_CORE_PARAMS,
  parameter int TDATA_WIDTH      = 256,
  parameter int FIFO_DEPTH       = 32,
  parameter int CONTEXTS         = 4,
  parameter int CORES            = 2,
  parameter int ISSUE_WINDOW     = 0,
  parameter int REORDER_DEPTH    = 64,
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
  localparam int BW = 32 * MAX_NB;
  localparam int KW = 32 * MAX_NK;
  localparam int SW = KEY_SLOTS > 1 ? $clog2(KEY_SLOTS) : 1;
  localparam int CIN_W = 1 + 3 + 3 + 1 + SW + KW + BW;
  localparam int SIDE_W = TDATA_WIDTH / 8 + 1 + TID_WIDTH;

  // The reset from registered copies, one per area (as the engine has them: one reset net over the die was
  // the first probe's whole critical path, 25 ns placed).
  localparam int R_REG = 0, R_IN = 1, R_TAKE = 2, R_SIDE = 3, R_OUT = 4, R_LANE = 5, R_N = R_LANE + 2 * 3;   // per lane: link sink, mask, core
  logic [R_N-1:0] rst_n;
  rijndael_reg_copies #(.WIDTH(1), .COPIES(R_N), .RESET(1'b0)) u_rst (
    .clk_i, .rst_ni, .d_i(1'b1), .q_o(rst_n)
  );
  logic unused;
  assign unused = ^{s_axil_awprot, s_axil_arprot, s_axil_wstrb, s_axil_araddr, ISSUE_WINDOW, REORDER_DEPTH,
                    FIFO_DEPTH, CORES, CONTEXTS};

  // ---- registers: key words at 0x00-0x1c, counter words at 0x20-0x2c, a write to 0x30 loads the key
  logic [KW-1:0] key_q;
  logic [BW-1:0] iv_q;
  logic          bvalid_q, rvalid_q, load_q, key_pending_q;
  logic          wr;
  assign wr = s_axil_awvalid && s_axil_wvalid && !bvalid_q;
  assign s_axil_awready = wr;
  assign s_axil_wready  = wr;
  assign s_axil_bvalid  = bvalid_q;
  assign s_axil_bresp   = '0;
  assign s_axil_arready = !rvalid_q;
  assign s_axil_rvalid  = rvalid_q;
  assign s_axil_rdata   = '0;
  assign s_axil_rresp   = '0;
  always_ff @(posedge clk_i) begin
    if (!rst_n[R_REG]) begin
      bvalid_q <= 1'b0;
      rvalid_q <= 1'b0;
      key_q    <= '0;
      iv_q     <= '0;
      load_q   <= 1'b0;
    end else begin
      if (wr) bvalid_q <= 1'b1;
      else if (s_axil_bready) bvalid_q <= 1'b0;
      if (s_axil_arvalid && !rvalid_q) rvalid_q <= 1'b1;
      else if (s_axil_rready) rvalid_q <= 1'b0;
      load_q <= wr && s_axil_awaddr[7:2] == 6'd12;
      for (int i = 0; i < MAX_NK; i++)
        if (wr && s_axil_awaddr[7:2] == 6'(i)) key_q[KW-1-32*i -: 32] <= s_axil_wdata;
      for (int i = 0; i < MAX_NB; i++)
        if (wr && s_axil_awaddr[7:2] == 6'(8 + i)) iv_q[BW-1-32*i -: 32] <= s_axil_wdata;
    end
  end

  // Credit-based throughout (probe_link): every crossing of the die is a chain of registers loaded every
  // clock, every handshake loop stays at one place. The input side decides alone (its credits for both
  // lanes and the side link are flops beside it); each lane feeds its core from the link's FIFO beside the
  // core; each core's results (XORed with their masks beside the core) cross to the join beside the output
  // on a link of their own; the join pops three local FIFOs.
  logic                   in_valid, take, key_go;
  logic [TDATA_WIDTH-1:0] in_data;
  logic [SIDE_W-1:0]      in_side;
  logic                   unused_next, unused_rn;
  logic [TDATA_WIDTH+SIDE_W-1:0] unused_nd;
  rijndael_skid #(.WIDTH(TDATA_WIDTH + SIDE_W), .READY_NEXT(1'b0)) u_in_slice (
    .clk_i, .rst_ni(rst_n[R_IN]), .wipe_i(!rst_n[R_IN]),
    .in_valid_i(s_axis_tvalid), .in_ready_o(s_axis_tready), .in_ready_next_o(unused_rn),
    .in_data_i({s_axis_tdata, s_axis_tkeep, s_axis_tlast, s_axis_tid}),
    .out_valid_o(in_valid), .out_ready_i(take), .out_data_o({in_data, in_side}),
    .next_valid_o(unused_next), .next_data_o(unused_nd), .out_ready_next_i(1'b0)
  );

  logic [1:0] lane_ready;
  logic       side_ready, go;
  assign go     = &lane_ready && side_ready;
  assign key_go = go && key_pending_q;
  assign take   = go && !key_pending_q && in_valid;

  // ---- the counter beside the take (low word + 2 per beat, the high part's increment from a register)
  logic [31:0]    lo_q;
  logic [BW-33:0] hi_q, hi_inc_q;
  always_ff @(posedge clk_i) begin
    if (!rst_n[R_TAKE]) begin
      lo_q <= '0;
      hi_q <= '0;
      hi_inc_q <= '0;
      key_pending_q <= 1'b0;
    end else begin
      hi_inc_q <= hi_q + 1'b1;
      if (load_q) begin
        {hi_q, lo_q} <= iv_q;
        key_pending_q <= 1'b1;
      end else if (key_go) begin
        key_pending_q <= 1'b0;
      end else if (take) begin
        lo_q <= lo_q + 32'd2;
        if (lo_q[31:1] == '1) hi_q <= hi_inc_q;
      end
    end
  end

  // ---- side link: TKEEP, TLAST, TID of each beat, to the join
  logic              side_valid, join_go;
  logic [SIDE_W-1:0] side_head;
  probe_link #(.WIDTH(SIDE_W), .DEPTH(128), .HOPS(3)) u_side (
    .clk_i, .src_rst_ni(rst_n[R_TAKE]), .snk_rst_ni(rst_n[R_SIDE]),
    .in_valid_i(take), .in_ready_o(side_ready), .in_data_i(in_side),
    .out_valid_o(side_valid), .out_ready_i(join_go), .out_data_o(side_head)
  );

  // ---- the lanes
  logic [1:0]          res_valid;
  logic [1:0][BW-1:0]  res;
  for (genvar k = 0; k < 2; k++) begin : g_core
    // to the core: {key beat, block or key's first half, mask or key's second half}
    logic              l_valid, l_key, l_take;
    logic [BW-1:0]     l_blk, l_mask;
    probe_link #(.WIDTH(1 + 2 * BW), .DEPTH(16), .HOPS(3)) u_link (
      .clk_i, .src_rst_ni(rst_n[R_TAKE]), .snk_rst_ni(rst_n[R_LANE + 3 * k]),
      .in_valid_i(take || key_go), .in_ready_o(lane_ready[k]),
      .in_data_i(key_go ? {1'b1, key_q} : {1'b0, hi_q, lo_q + 32'(k), in_data[TDATA_WIDTH-1-BW*k -: BW]}),
      .out_valid_o(l_valid), .out_ready_i(l_take), .out_data_o({l_key, l_blk, l_mask})
    );
    logic          c_ready, o_valid, o_ready, o_err, k_err, m_valid;
    logic [BW-1:0] o_blk, m_head;
    assign l_take = l_valid && c_ready;
    rijndael_core #(`RIJNDAEL_CORE_PARAMS_PASS) u_core (
      .clk_i, .rst_ni(rst_n[R_LANE + 3 * k + 2]),
      .in_valid_i(l_valid), .in_ready_o(c_ready), .in_is_key_i(l_key),
      .in_key_len_i(3'd0), .in_block_len_i(3'd0), .in_decrypt_i(1'b0),
      .in_slot_i('0), .in_key_i(l_key ? {l_blk, l_mask} : '0), .in_block_i(l_blk),
      .out_valid_o(o_valid), .out_ready_i(o_ready), .out_block_o(o_blk),
      .out_error_o(o_err), .key_error_o(k_err)
    );
    // the masks wait beside the core (block RAM; pushed as the block enters, taken as its result leaves)
    logic unused_mr, unused_me, unused_mw, unused_err;
    rijndael_fifo #(.WIDTH(BW), .DEPTH(128), .WIPE(0)) u_mask (
      .clk_i, .rst_ni(rst_n[R_LANE + 3 * k + 1]),
      .in_valid_i(l_take && !l_key), .in_ready_o(unused_mr), .in_data_i(l_mask),
      .out_valid_o(m_valid), .out_ready_i(o_valid && o_ready), .out_data_o(m_head),
      .empty_o(unused_me), .wiping_o(unused_mw)
    );
    assign unused_err = ^{o_err, k_err, m_valid};
    // results to the join
    probe_link #(.WIDTH(BW), .DEPTH(16), .HOPS(3)) u_back (
      .clk_i, .src_rst_ni(rst_n[R_LANE + 3 * k + 1]), .snk_rst_ni(rst_n[R_OUT]),
      .in_valid_i(o_valid && o_ready), .in_ready_o(o_ready), .in_data_i(o_blk ^ m_head),
      .out_valid_o(res_valid[k]), .out_ready_i(join_go), .out_data_o(res[k])
    );
  end

  // ---- the join beside the output: three local FIFO heads, a register, the output FIFO
  logic                   out_ready_q, m_valid_q;
  logic [TDATA_WIDTH-1:0] m_data_q;
  logic [SIDE_W-1:0]      m_side_q;
  assign join_go = &res_valid && side_valid && out_ready_q;
  always_ff @(posedge clk_i) begin
    if (!rst_n[R_OUT]) m_valid_q <= 1'b0;
    else               m_valid_q <= join_go;
    m_data_q <= {res[0], res[1]};
    m_side_q <= side_head;
  end
  logic unused_oe, unused_ow;
  logic [SIDE_W-1:0] o_side;
  rijndael_fifo #(.WIDTH(TDATA_WIDTH + SIDE_W), .DEPTH(32), .OUT_SLICE(1), .REG_READY(1), .READY_AHEAD(1)) u_out (
    .clk_i, .rst_ni(rst_n[R_OUT]), .in_valid_i(m_valid_q), .in_ready_o(out_ready_q), .in_data_i({m_data_q, m_side_q}),
    .out_valid_o(m_axis_tvalid), .out_ready_i(m_axis_tready), .out_data_o({m_axis_tdata, o_side}),
    .empty_o(unused_oe), .wiping_o(unused_ow)
  );
  assign {m_axis_tkeep, m_axis_tlast, m_axis_tid} = o_side;
  assign m_axis_tuser = 1'b0;
endmodule
