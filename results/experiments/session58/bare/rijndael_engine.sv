// Steering probe "bare" (session 58; never a record, never in the test suite): the thinnest glue around two
// pipelined cores, with rijndael_engine's parameters and ports so that the flow's engine pin wrapper and Yosys
// run take it in the engine's place. No handshake anywhere (always ready, the cores' readies ignored): it
// measures the ceiling the flow gives two floorplanned pipelines, their pin wrapper and register hops.
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
  localparam int HOPS = 3;

  // reset from registered copies, one per area: registers, input, lane 0, lane 1, output
  logic [4:0] rst_n;
  rijndael_reg_copies #(.WIDTH(1), .COPIES(5), .RESET(1'b0)) u_rst (
    .clk_i, .rst_ni, .d_i(1'b1), .q_o(rst_n)
  );
  logic unused;
  assign unused = ^{s_axil_awprot, s_axil_arprot, s_axil_wstrb, s_axil_araddr, ISSUE_WINDOW, REORDER_DEPTH,
                    FIFO_DEPTH, CORES, CONTEXTS, s_axis_tkeep, s_axis_tlast, s_axis_tid, m_axis_tready};

  // ---- registers: key words at 0x00-0x1c; a write to 0x30 sends the key to both cores.
  // The write is registered, then decoded into one registered strobe per word.
  logic          bvalid_q, rvalid_q, wr, wr_q, key_go_q;
  logic [5:0]    waddr_q;
  logic [31:0]   wdata_q;
  logic [MAX_NK-1:0] stb_q;
  logic [KW-1:0] key_q;
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
    if (!rst_n[0]) begin
      bvalid_q <= 1'b0;
      rvalid_q <= 1'b0;
      wr_q     <= 1'b0;
      stb_q    <= '0;
      key_go_q <= 1'b0;
    end else begin
      if (wr) bvalid_q <= 1'b1;
      else if (s_axil_bready) bvalid_q <= 1'b0;
      if (s_axil_arvalid && !rvalid_q) rvalid_q <= 1'b1;
      else if (s_axil_rready) rvalid_q <= 1'b0;
      wr_q <= wr;
      for (int i = 0; i < MAX_NK; i++) stb_q[i] <= wr_q && waddr_q == 6'(i);
      key_go_q <= wr_q && waddr_q == 6'd12;
    end
    waddr_q <= s_axil_awaddr[7:2];
    wdata_q <= s_axil_wdata;
    for (int i = 0; i < MAX_NK; i++) if (stb_q[i]) key_q[KW-1-32*i -: 32] <= wdata_q;
  end

  // ---- input: always ready, one register
  logic                   in_v_q;
  logic [TDATA_WIDTH-1:0] in_q;
  assign s_axis_tready = 1'b1;
  always_ff @(posedge clk_i) begin
    if (!rst_n[1]) in_v_q <= 1'b0;
    else           in_v_q <= s_axis_tvalid;
    in_q <= s_axis_tdata;
  end

  // ---- the lanes: HOPS registers to each core, HOPS registers back
  logic [1:0]         res_v;
  logic [1:0][BW-1:0] res;
  for (genvar k = 0; k < 2; k++) begin : g_core
    logic             c_valid;
    logic [BW+KW:0]   c_in;
    bare_hops #(.WIDTH(1 + BW + KW), .HOPS(HOPS)) u_fwd (
      .clk_i, .rst_ni(rst_n[2 + k]), .valid_i(in_v_q || key_go_q),
      .data_i(key_go_q ? {1'b1, {BW{1'b0}}, key_q} : {1'b0, in_q[TDATA_WIDTH-1-BW*k -: BW], {KW{1'b0}}}),
      .valid_o(c_valid), .data_o(c_in)
    );
    logic          c_ready, o_valid, o_err, k_err;
    logic [BW-1:0] o_blk;
    rijndael_core #(`RIJNDAEL_CORE_PARAMS_PASS) u_core (
      .clk_i, .rst_ni(rst_n[2 + k]),
      .in_valid_i(c_valid), .in_ready_o(c_ready), .in_is_key_i(c_in[BW+KW]),
      .in_key_len_i(3'd0), .in_block_len_i(3'd0), .in_decrypt_i(1'b0),
      .in_slot_i('0), .in_key_i(c_in[KW-1:0]), .in_block_i(c_in[BW+KW-1 -: BW]),
      .out_valid_o(o_valid), .out_ready_i(1'b1), .out_block_o(o_blk),
      .out_error_o(o_err), .key_error_o(k_err)
    );
    logic unused_c;
    assign unused_c = ^{c_ready, o_err, k_err};
    bare_hops #(.WIDTH(BW), .HOPS(HOPS)) u_back (
      .clk_i, .rst_ni(rst_n[4]), .valid_i(o_valid), .data_i(o_blk), .valid_o(res_v[k]), .data_o(res[k])
    );
  end

  // ---- output: one register
  logic                   out_v_q;
  logic [TDATA_WIDTH-1:0] out_q;
  always_ff @(posedge clk_i) begin
    if (!rst_n[4]) out_v_q <= 1'b0;
    else           out_v_q <= &res_v;
    out_q <= {res[0], res[1]};
  end
  assign m_axis_tvalid = out_v_q;
  assign m_axis_tdata  = out_q;
  assign m_axis_tkeep  = '1;
  assign m_axis_tlast  = 1'b0;
  assign m_axis_tid    = '0;
  assign m_axis_tuser  = 1'b0;
endmodule
