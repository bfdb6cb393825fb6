// rijndael_synth_engine_top: the pin wrapper that `rijndael synth --engine` places and routes around
// rijndael_engine (rtl/system), in the style of rijndael_synth_top.sv (the core's wrapper).
//
// Why it exists: the engine's AXI4-Stream ports alone are 2 x (TDATA_WIDTH + TDATA_WIDTH/8) wires (576 at
// 256 bits), far more than a CABGA381 has pins, and a pad-to-engine path would set Fmax instead of the
// engine. So, the same for every engine build and cheap next to any engine:
// - every pin is registered on the way in and on the way out, and then passes PIN_HOPS more registers
//   (no reset, loaded every clock) between the pads and the wrapper's logic: the pads sit on the die's
//   edge and the engine mid-die, so a pin's first register and the logic it drives are far apart; a chain
//   of registers lets the placer cross that distance in steps (one hop was 11-13 ns placed, session 58).
//   Every pin's effect and every output's change is so PIN_HOPS clocks later on both sides (the reset pin's
//   too: its pipe is PIN_HOPS longer, so the hops hold idle pins when reset ends, if the pins were idle);
// - a stream beat {TID (8 bits), TKEEP, TDATA} is assembled byte-serially in one shift register, copied
//   whole into a beat register when offered (in_go), which passes one more register (loaded every clock)
//   to s_axis; TVALID rises a clock after the offer so that the data has passed it, and the beat is held
//   until the engine takes it (TLAST from its own pin, latched with the offer). The shift register then
//   feeds nothing but itself and the copy, so the placer can keep it compact while the last register's bits
//   sit where the engine takes them (lanes of two cores are rows apart; the shift register's bytes were
//   pulled 60 tiles apart when they fed the engine directly, and 30-50 when they fed the beat register
//   that fed the engine: 5.8-6.9 ns routed, session 58). These three registers carry only what the host
//   shifts in and TDATA means nothing while TVALID is low, so they have no reset (the shift register's
//   reset was one of those routes);
// - an m_axis beat is captured whole into an output shift register {TID, TKEEP, TDATA} that leaves one
//   byte per clock (TLAST and TUSER on pins of their own), a clock after the engine gives it (through a
//   register loaded every clock);
// - AXI4-Lite is driven by a small register master: a 40-bit {address, data} shift register loaded from
//   the same input byte pin, a write (AW + W together) or a read (AR) per strobe, every response taken at
//   once; read data leaves byte-serially, the response's error bit on a pin;
// - the reset pin passes two flops, and PIN_HOPS more, before it reaches anything (as behind any reset
//   synchronizer);
// - the wide shift registers (the stream beat, the result, the register master's {address, data}) take
//   their reset (where they have one) and their shift / load enables from flop copies of their own, one per byte
//   (rijndael_reg_copies): one flop's reset or enable over a beat's ~270 flip-flops was a 12-16 ns route
//   in engine placements, which held every engine build to 60-80 MHz whatever the engine did
//   (results/experiments/session57).
// The engine instance keeps its hierarchy through synthesis (keep_hierarchy) so that the flow counts the
// engine's cells apart from the wrapper's; it is flattened before place and route.
`include "rijndael_core_params.svh"

module rijndael_synth_engine_top #(
  // rijndael_core parameters, passed through (see rtl/cipher/rijndael_core.sv)
  `RIJNDAEL_CORE_PARAMS,  // the core's list (rtl/pkg/rijndael_core_params.svh)
  // rijndael_engine parameters, passed through (see rtl/system/rijndael_engine.sv)
  parameter int TDATA_WIDTH      = 128,
  parameter int FIFO_DEPTH       = 512,
  parameter int CONTEXTS         = 4,
  parameter int CORES            = 1,
  parameter int ISSUE_WINDOW     = 16,
  parameter int REORDER_DEPTH    = ARCH == 1 ? 256 : 64,
  parameter int ENGINE_LANES     = 0,     // 1: rijndael_engine_lanes instead of rijndael_engine
  // rijndael_engine_lanes' own sizes (see rtl/system/rijndael_engine_lanes.sv; unused with rijndael_engine)
  parameter int LINK_HOPS        = 3,
  parameter int LANE_ENTRIES     = 16,
  parameter int LANE_RESULTS     = 128
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic [7:0] in_byte_i,       // next byte of a stream beat or of a register {address, data}
  input  logic       in_shift_i,      // 1: shift in_byte_i into the stream beat register
  input  logic       in_last_i,       // TLAST of the beat offered next
  input  logic       in_go_i,         // 1: offer the assembled beat on s_axis
  output logic       in_busy_o,       // a beat is offered and not yet taken
  input  logic       out_ready_i,     // 1: the output register may take the next m_axis beat
  input  logic       out_shift_i,     // 1: shift the output register by one byte
  output logic [7:0] out_byte_o,
  output logic       out_valid_o,     // a beat was captured (level until the next capture)
  output logic       out_last_o,
  output logic       out_user_o,
  input  logic       reg_shift_i,     // 1: shift in_byte_i into the register {address, data}
  input  logic       reg_write_i,     // 1: write data to address (AXI4-Lite AW + W)
  input  logic       reg_read_i,      // 1: read address (AXI4-Lite AR)
  input  logic       reg_out_shift_i, // 1: shift the read data register by one byte
  output logic [7:0] reg_byte_o,
  output logic       reg_busy_o,      // a register access is in flight
  output logic       reg_error_o      // the last access answered SLVERR/DECERR
);
  localparam int LANES  = TDATA_WIDTH / 8;
  localparam int TID_W  = (CONTEXTS > 1) ? $clog2(CONTEXTS) : 1;
  localparam int BEAT_W = 8 + LANES + TDATA_WIDTH;   // {TID padded to a byte, TKEEP, TDATA}
  localparam int REG_W  = 40;                        // {address, data}
  localparam int PIN_HOPS = 2;                       // registers between a pin's register and the logic

  // Reset from a register, not a pad (its flops have no reset themselves): two, plus one per pin hop.
  logic [PIN_HOPS+1:0] rst_pipe_q;
  logic                rst_n;
  // The input pins after their register and PIN_HOPS hops (`pin_*`), and the outputs before their hops.
  localparam int PIN_IN_W = 17, PIN_OUT_W = 22;
  logic [PIN_HOPS:0][PIN_IN_W-1:0]  pin_in_q;
  logic [PIN_HOPS:0][PIN_OUT_W-1:0] pin_out_q;
  logic [7:0] pin_byte;
  logic       pin_shift, pin_last, pin_go, pin_out_ready, pin_out_shift, pin_reg_shift, pin_reg_write;
  logic       pin_reg_read, pin_reg_out_shift;
  logic [7:0] out_byte, reg_byte;
  logic       out_valid, out_last, out_user, in_busy, reg_busy, reg_error;
  // Pin registers (inputs).
  logic [7:0] in_byte_q;
  logic       in_last_q, in_go_q, out_ready_q;
  logic       reg_write_q, reg_read_q, reg_out_shift_q;
  // Stream in: beat assembly and offer.
  logic [BEAT_W-1:0] load_q, beat_q, offer_data_q;
  logic              last_q, last_d, offer_q, offer_d, shown_q, shown_d;
  // Stream out: capture.
  logic [BEAT_W-1:0] result_q, beat_out_q;
  logic              fire_q, fire_last_q, fire_user_q;
  logic              captured_q, captured_d, result_last_q, result_last_d, result_user_q, result_user_d;
  // Register master.
  logic [REG_W-1:0]  reg_load_q;
  logic              aw_valid_q, aw_valid_d, w_valid_q, w_valid_d, b_wait_q, b_wait_d;
  logic              ar_valid_q, ar_valid_d, r_wait_q, r_wait_d;
  logic [31:0]       rdata_q, rdata_d;
  logic              reg_error_q, reg_error_d;

  // Engine ports.
  logic                   s_axis_tready, m_axis_tvalid, m_axis_tlast;
  logic [TDATA_WIDTH-1:0] m_axis_tdata;
  logic [LANES-1:0]       m_axis_tkeep;
  logic [TID_W-1:0]       m_axis_tid;
  logic [0:0]             m_axis_tuser;
  logic                   s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
  logic [1:0]             s_axil_bresp, s_axil_rresp;
  logic [31:0]            s_axil_rdata;

  always_comb begin
    last_d  = last_q;
    offer_d = offer_q;
    // A new beat is offered only when none is pending, so the engine sees stable data while TVALID.
    if (shown_q && s_axis_tready) offer_d = 1'b0;
    if (in_go_q && !offer_q) begin
      offer_d = 1'b1;
      last_d  = in_last_q;
    end
    // TVALID (shown_q) from the second clock of an offer on: offer_data_q holds the beat from then on.
    shown_d = offer_d && offer_q;
    captured_d    = captured_q;
    result_last_d = result_last_q;
    result_user_d = result_user_q;
    if (fire_q) begin
      captured_d    = 1'b1;
      result_last_d = fire_last_q;
      result_user_d = fire_user_q;
    end
    // Register master: one access at a time; a strobe while one is in flight is ignored.
    aw_valid_d  = aw_valid_q;
    w_valid_d   = w_valid_q;
    b_wait_d    = b_wait_q;
    ar_valid_d  = ar_valid_q;
    r_wait_d    = r_wait_q;
    rdata_d     = rdata_q;
    reg_error_d = reg_error_q;
    if (aw_valid_q && s_axil_awready) aw_valid_d = 1'b0;
    if (w_valid_q && s_axil_wready) w_valid_d = 1'b0;
    if (b_wait_q && s_axil_bvalid) begin
      b_wait_d    = 1'b0;
      reg_error_d = s_axil_bresp[1];
    end
    if (ar_valid_q && s_axil_arready) ar_valid_d = 1'b0;
    if (r_wait_q && s_axil_rvalid) begin
      r_wait_d    = 1'b0;
      rdata_d     = s_axil_rdata;
      reg_error_d = s_axil_rresp[1];
    end else if (reg_out_shift_q) begin
      rdata_d = {rdata_q[23:0], 8'h00};
    end
    if (!b_wait_q && !r_wait_q) begin
      if (reg_write_q) begin
        aw_valid_d = 1'b1;
        w_valid_d  = 1'b1;
        b_wait_d   = 1'b1;
      end else if (reg_read_q) begin
        ar_valid_d = 1'b1;
        r_wait_d   = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) rst_pipe_q <= {rst_pipe_q[PIN_HOPS:0], rst_ni};
  assign rst_n = rst_pipe_q[PIN_HOPS+1];

  // The pin hops (no reset: they only carry pins; see the header for reset).
  always_ff @(posedge clk_i) begin
    pin_in_q[0]  <= {in_byte_i, in_shift_i, in_last_i, in_go_i, out_ready_i, out_shift_i, reg_shift_i,
                     reg_write_i, reg_read_i, reg_out_shift_i};
    pin_out_q[0] <= {out_byte, reg_byte, out_valid, out_last, out_user, in_busy, reg_busy, reg_error};
    for (int h = 0; h < PIN_HOPS; h++) begin
      pin_in_q[h + 1]  <= pin_in_q[h];
      pin_out_q[h + 1] <= pin_out_q[h];
    end
  end
  assign {pin_byte, pin_shift, pin_last, pin_go, pin_out_ready, pin_out_shift, pin_reg_shift, pin_reg_write,
          pin_reg_read, pin_reg_out_shift} = pin_in_q[PIN_HOPS];
  assign {out_byte_o, reg_byte_o, out_valid_o, out_last_o, out_user_o, in_busy_o, reg_busy_o, reg_error_o} =
      pin_out_q[PIN_HOPS];

  always_ff @(posedge clk_i) begin
    if (!rst_n) begin
      in_byte_q       <= '0;
      in_last_q       <= 1'b0;
      in_go_q         <= 1'b0;
      out_ready_q     <= 1'b0;
      reg_write_q     <= 1'b0;
      reg_read_q      <= 1'b0;
      reg_out_shift_q <= 1'b0;
      last_q          <= 1'b0;
      offer_q         <= 1'b0;
      shown_q         <= 1'b0;
      fire_q          <= 1'b0;
      fire_last_q     <= 1'b0;
      fire_user_q     <= 1'b0;
      captured_q      <= 1'b0;
      result_last_q   <= 1'b0;
      result_user_q   <= 1'b0;
      aw_valid_q      <= 1'b0;
      w_valid_q       <= 1'b0;
      b_wait_q        <= 1'b0;
      ar_valid_q      <= 1'b0;
      r_wait_q        <= 1'b0;
      rdata_q         <= '0;
      reg_error_q     <= 1'b0;
    end else begin
      in_byte_q       <= pin_byte;
      in_last_q       <= pin_last;
      in_go_q         <= pin_go;
      out_ready_q     <= pin_out_ready;
      reg_write_q     <= pin_reg_write;
      reg_read_q      <= pin_reg_read;
      reg_out_shift_q <= pin_reg_out_shift;
      last_q          <= last_d;
      offer_q         <= offer_d;
      shown_q         <= shown_d;
      fire_q          <= m_axis_tvalid && out_ready_q;
      fire_last_q     <= m_axis_tlast;
      fire_user_q     <= m_axis_tuser[0];
      captured_q      <= captured_d;
      result_last_q   <= result_last_d;
      result_user_q   <= result_user_d;
      aw_valid_q      <= aw_valid_d;
      w_valid_q       <= w_valid_d;
      b_wait_q        <= b_wait_d;
      ar_valid_q      <= ar_valid_d;
      r_wait_q        <= r_wait_d;
      rdata_q         <= rdata_d;
      reg_error_q     <= reg_error_d;
    end
  end

  // The wide shift registers, bit by bit, each byte's reset and enables from copies of its own: flops that
  // load what rst_n, the registered shift pins and fire_q load, in the same clock. Wiped by reset: reg_load_q
  // (keys on their way in), beat_out_q and result_q (engine output); the beat's registers have no reset
  // (see the header).
  localparam int BEAT_COPIES = (BEAT_W + 7) / 8;
  localparam int REG_COPIES  = REG_W / 8;
  logic [BEAT_COPIES-1:0]   load_shift, res_rst_n, beat_follow;
  logic [2*BEAT_COPIES-1:0] res_ctl;   // per byte {fire, out_shift}
  logic [REG_COPIES-1:0]    reg_rst_n, reg_shift;
  rijndael_reg_copies #(.WIDTH(1), .COPIES(BEAT_COPIES)) u_load_shift (
    .clk_i, .rst_ni(rst_n), .d_i(pin_shift), .q_o(load_shift));
  // The beat register follows the shift register while no beat is offered and holds while one is: its
  // enable is a copy per byte of !offer_q, loaded from !offer_d in the same clock as offer_q.
  rijndael_reg_copies #(.WIDTH(1), .COPIES(BEAT_COPIES), .RESET(1'b1)) u_beat_follow (
    .clk_i, .rst_ni(rst_n), .d_i(!offer_d), .q_o(beat_follow));
  rijndael_reg_copies #(.WIDTH(1), .COPIES(BEAT_COPIES)) u_res_rst (
    .clk_i, .rst_ni(1'b1), .d_i(rst_pipe_q[PIN_HOPS]), .q_o(res_rst_n));
  rijndael_reg_copies #(.WIDTH(2), .COPIES(BEAT_COPIES)) u_res_ctl (
    .clk_i, .rst_ni(rst_n), .d_i({m_axis_tvalid && out_ready_q, pin_out_shift}), .q_o(res_ctl));
  rijndael_reg_copies #(.WIDTH(1), .COPIES(REG_COPIES)) u_reg_rst (
    .clk_i, .rst_ni(1'b1), .d_i(rst_pipe_q[PIN_HOPS]), .q_o(reg_rst_n));
  rijndael_reg_copies #(.WIDTH(1), .COPIES(REG_COPIES)) u_reg_shift (
    .clk_i, .rst_ni(rst_n), .d_i(pin_reg_shift), .q_o(reg_shift));
  logic [BEAT_W-1:0] load_in, result_in, beat_out;   // each register's next value when it shifts / loads
  logic [REG_W-1:0]  reg_in;
  assign load_in   = {load_q[BEAT_W-9:0], in_byte_q};
  assign result_in = {result_q[BEAT_W-9:0], 8'h00};
  assign reg_in    = {reg_load_q[REG_W-9:0], in_byte_q};
  assign beat_out  = {8'(m_axis_tid), m_axis_tkeep, m_axis_tdata};
  for (genvar b = 0; b < BEAT_W; b++) begin : g_beat_bit
    always_ff @(posedge clk_i) begin
      if (load_shift[b / 8])        load_q[b] <= load_in[b];
      if (beat_follow[b / 8])       beat_q[b] <= load_q[b];
      offer_data_q[b] <= beat_q[b];
      if (!res_rst_n[b / 8])        beat_out_q[b] <= 1'b0;
      else                          beat_out_q[b] <= beat_out[b];
      if (!res_rst_n[b / 8])        result_q[b] <= 1'b0;
      else if (res_ctl[2 * (b / 8) + 1]) result_q[b] <= beat_out_q[b];
      else if (res_ctl[2 * (b / 8)])     result_q[b] <= result_in[b];
    end
  end
  for (genvar b = 0; b < REG_W; b++) begin : g_reg_bit
    always_ff @(posedge clk_i) begin
      if (!reg_rst_n[b / 8])      reg_load_q[b] <= 1'b0;
      else if (reg_shift[b / 8])  reg_load_q[b] <= reg_in[b];
    end
  end

  assign in_busy   = offer_q;
  assign out_byte  = result_q[BEAT_W-1 -: 8];
  assign out_valid = captured_q;
  assign out_last  = result_last_q;
  assign out_user  = result_user_q;
  assign reg_byte  = rdata_q[31:24];
  assign reg_busy  = b_wait_q || r_wait_q;
  assign reg_error = reg_error_q;

  // Response bit 0 (OKAY/EXOKAY, SLVERR/DECERR) and TID bits above the engine's TID width are not used.
  logic unused_resp;
  assign unused_resp = s_axil_bresp[0] ^ s_axil_rresp[0];
  if (TID_W < 8) begin : g_unused_tid
    logic unused_tid;
    assign unused_tid = ^offer_data_q[TDATA_WIDTH + LANES + TID_W +: 8 - TID_W];
  end

  // The engine: rijndael_engine, or (ENGINE_LANES = 1) the two-pipeline engine in lanes, rijndael_engine_lanes
  // (the same parameters and ports; the instance is u_engine in either branch).
`define RIJNDAEL_SYNTH_ENGINE_PORTS \
    .clk_i, \
    .rst_ni        (rst_n), \
    .s_axil_awaddr (reg_load_q[39:32]), \
    .s_axil_awprot (3'b000), \
    .s_axil_awvalid(aw_valid_q), \
    .s_axil_awready, \
    .s_axil_wdata  (reg_load_q[31:0]), \
    .s_axil_wstrb  (4'hf), \
    .s_axil_wvalid (w_valid_q), \
    .s_axil_wready, \
    .s_axil_bresp, \
    .s_axil_bvalid, \
    .s_axil_bready (b_wait_q), \
    .s_axil_araddr (reg_load_q[39:32]), \
    .s_axil_arprot (3'b000), \
    .s_axil_arvalid(ar_valid_q), \
    .s_axil_arready, \
    .s_axil_rdata, \
    .s_axil_rresp, \
    .s_axil_rvalid, \
    .s_axil_rready (r_wait_q), \
    .s_axis_tdata  (offer_data_q[TDATA_WIDTH-1:0]), \
    .s_axis_tkeep  (offer_data_q[TDATA_WIDTH +: LANES]), \
    .s_axis_tlast  (last_q), \
    .s_axis_tid    (offer_data_q[TDATA_WIDTH + LANES +: TID_W]), \
    .s_axis_tvalid (shown_q), \
    .s_axis_tready, \
    .m_axis_tdata, \
    .m_axis_tkeep, \
    .m_axis_tlast, \
    .m_axis_tid, \
    .m_axis_tuser, \
    .m_axis_tvalid, \
    .m_axis_tready (out_ready_q)

  if (ENGINE_LANES != 0) begin : g_lanes
    (* keep_hierarchy *)
    rijndael_engine_lanes #(
      `RIJNDAEL_CORE_PARAMS_PASS,
      .TDATA_WIDTH(TDATA_WIDTH), .FIFO_DEPTH(FIFO_DEPTH), .CONTEXTS(CONTEXTS), .CORES(CORES),
      .ISSUE_WINDOW(ISSUE_WINDOW), .REORDER_DEPTH(REORDER_DEPTH), .TID_WIDTH(TID_W),
      .LINK_HOPS(LINK_HOPS), .LANE_ENTRIES(LANE_ENTRIES), .LANE_RESULTS(LANE_RESULTS)
    ) u_engine (`RIJNDAEL_SYNTH_ENGINE_PORTS);
  end else begin : g_engine
    (* keep_hierarchy *)
    rijndael_engine #(
      `RIJNDAEL_CORE_PARAMS_PASS,
      .TDATA_WIDTH(TDATA_WIDTH), .FIFO_DEPTH(FIFO_DEPTH), .CONTEXTS(CONTEXTS), .CORES(CORES),
      .ISSUE_WINDOW(ISSUE_WINDOW), .REORDER_DEPTH(REORDER_DEPTH), .TID_WIDTH(TID_W)
    ) u_engine (`RIJNDAEL_SYNTH_ENGINE_PORTS);
  end
  `undef RIJNDAEL_SYNTH_ENGINE_PORTS
endmodule
