// rijndael_sbox: LANES bytes through the S-box or, when inverse_i is high, the inverse S-box, with
// LATENCY clock edges (en_i high) from data_i to data_o. Every S-box mapping sits behind this one port
// list, chosen by IMPL (values shared with rijndael_pkg::SBOX_*), the way OpenTitan's aes_sbox hides
// its single- and multi-cycle S-boxes behind one:
//   SBOX_LUT       (0) case-statement ROMs, one per direction (sbox_fwd_lut, sbox_inv_lut)
//   SBOX_COMPOSITE (2) GF((2^4)^2) inversion plus affine maps, one circuit for both directions
//   SBOX_BRAM      (1) block-RAM ROMs (sbox_bram), two lanes per RAM (both ports), forward and inverse
//                      tables in one RAM when both directions are built
// Latency: the combinational mappings take any LATENCY >= 0 (LATENCY = 0: combinational; clk_i, rst_ni and
// en_i are then unused). With case ROMs the first register sits inside the table: an 8-input table is four
// 6-input lookups (one per value of the top two bits, each one slice cluster on a 4-input-LUT FPGA) that are
// registered with the top two bits, then a 4:1 choice; that halves the logic depth on either side of the
// register. Further registers (and every register of the composite S-box) follow the S-box. A block RAM cannot be read
// combinationally: SBOX_BRAM takes LATENCY 1 (the RAM's address register) or 2 (plus the RAM's output
// register, which on ECP5 cuts the read's clock-to-output from ~5.6 ns to ~1 ns).
// Every register is enabled by en_i and zeroed by reset. FORWARD / INVERSE drop the direction a build
// never uses (an encrypt-only core has no inverse tables, the key schedule has no inverse at all).
module rijndael_sbox #(
  parameter bit FORWARD = 1'b1,
  parameter bit INVERSE = 1'b1,
  parameter int IMPL    = 0,
  parameter int LANES   = 1,
  parameter int LATENCY = 0
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic               en_i,
  input  logic [8*LANES-1:0] data_i,     // lane 0 in the top byte
  input  logic               inverse_i,  // used only when both directions are present
  output logic [8*LANES-1:0] data_o
);
  localparam bit BRAM = IMPL == rijndael_pkg::SBOX_BRAM;

  if (!FORWARD && !INVERSE) begin : g_bad
    ERROR_rijndael_sbox_needs_FORWARD_or_INVERSE u_error ();
  end
  if (IMPL != rijndael_pkg::SBOX_LUT && IMPL != rijndael_pkg::SBOX_BRAM && IMPL != rijndael_pkg::SBOX_COMPOSITE)
  begin : g_bad_impl
    ERROR_rijndael_sbox_IMPL_must_be_SBOX_LUT_BRAM_or_COMPOSITE u_error ();
  end
  if (LANES < 1) begin : g_bad_lanes
    ERROR_rijndael_sbox_LANES_must_be_at_least_1 u_error ();
  end
  if (BRAM ? (LATENCY < 1 || LATENCY > 2) : LATENCY < 0) begin : g_bad_latency
    ERROR_rijndael_sbox_LATENCY_SBOX_BRAM_takes_1_or_2_the_others_0_or_more u_error ();
  end

  logic inverse;
  assign inverse = INVERSE && (inverse_i || !FORWARD);

  if (BRAM) begin : g_bram
    // Lanes 2p and 2p+1 share RAM p; an odd last lane uses port a only.
    for (genvar p = 0; p < (LANES + 1) / 2; p++) begin : g_ram
      localparam int A = 2 * p;
      localparam int B = 2 * p + 1;
      logic [7:0] b_in, b_out;
      if (B < LANES) begin : g_pair
        assign b_in = data_i[8*(LANES-1-B) +: 8];
        assign data_o[8*(LANES-1-B) +: 8] = b_out;
      end else begin : g_single
        logic unused_b;  // port b idles
        assign b_in     = 8'h00;
        assign unused_b = ^b_out;
      end
      sbox_bram #(.FORWARD(FORWARD), .INVERSE(INVERSE), .OUT_REG(LATENCY == 2)) u_ram (
        .clk_i      (clk_i),
        .rst_ni     (rst_ni),
        .en_i       (en_i),
        .a_data_i   (data_i[8*(LANES-1-A) +: 8]),
        .a_inverse_i(inverse),
        .a_data_o   (data_o[8*(LANES-1-A) +: 8]),
        .b_data_i   (b_in),
        .b_inverse_i(inverse),
        .b_data_o   (b_out)
      );
    end
  end else if (IMPL == rijndael_pkg::SBOX_LUT && LATENCY >= 1) begin : g_split
    // Case ROMs with their first register inside: quarter tables for each value of data[7:6], registered.
    logic [8*LANES-1:0] substituted;
    for (genvar i = 0; i < LANES; i++) begin : g_lane
      logic [31:0] quarter, quarter_q;  // byte t: S-box of {t, data[5:0]} (flat: Yosys cannot size a 2-D net here)
      logic [1:0]      top_q;
      for (genvar q = 0; q < 4; q++) begin : g_quarter
        logic [7:0] address, forward, backward;
        assign address = {2'(q), data_i[8*i +: 6]};
        if (FORWARD) begin : g_fwd
          sbox_fwd_lut u_fwd (.data_i(address), .data_o(forward));
        end else begin : g_no_fwd
          assign forward = 8'h00;
        end
        if (INVERSE) begin : g_inv
          sbox_inv_lut u_inv (.data_i(address), .data_o(backward));
        end else begin : g_no_inv
          assign backward = 8'h00;
        end
        assign quarter[8*q +: 8] = inverse ? backward : forward;
      end
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          quarter_q <= '0;
          top_q     <= '0;
        end else if (en_i) begin
          quarter_q <= quarter;
          top_q     <= data_i[8*i+6 +: 2];
        end
      end
      assign substituted[8*i +: 8] = quarter_q[8*top_q +: 8];
    end
    if (LATENCY == 1) begin : g_one
      assign data_o = substituted;
    end else begin : g_more
      // Flat (stage k in bits [8*LANES*k +: 8*LANES]): Yosys cannot size a 2-D packed net declared here.
      localparam int SW = 8 * LANES;
      logic [(LATENCY-1)*SW-1:0] stage_q, stage_d;
      if (LATENCY == 2) begin : g_two
        assign stage_d = substituted;
      end else begin : g_shift
        assign stage_d = {stage_q[(LATENCY-2)*SW-1:0], substituted};
      end
      always_ff @(posedge clk_i) begin
        if (!rst_ni)   stage_q <= '0;
        else if (en_i) stage_q <= stage_d;
      end
      assign data_o = stage_q[(LATENCY-2)*SW +: SW];
    end
  end else begin : g_logic
    logic [8*LANES-1:0] substituted;
    for (genvar i = 0; i < LANES; i++) begin : g_lane
      logic [7:0] in_byte, out_byte;
      assign in_byte = data_i[8*i +: 8];
      if (IMPL == rijndael_pkg::SBOX_COMPOSITE) begin : g_composite
        sbox_composite #(.FORWARD(FORWARD), .INVERSE(INVERSE)) u_composite (
          .data_i(in_byte), .inverse_i(inverse), .data_o(out_byte)
        );
      end else if (FORWARD && INVERSE) begin : g_both
        logic [7:0] forward, backward;
        sbox_fwd_lut u_fwd (.data_i(in_byte), .data_o(forward));
        sbox_inv_lut u_inv (.data_i(in_byte), .data_o(backward));
        assign out_byte = inverse ? backward : forward;
      end else if (FORWARD) begin : g_forward
        sbox_fwd_lut u_fwd (.data_i(in_byte), .data_o(out_byte));
      end else begin : g_inverse
        sbox_inv_lut u_inv (.data_i(in_byte), .data_o(out_byte));
      end
      assign substituted[8*i +: 8] = out_byte;
    end

    // LATENCY registers after the S-box (none: combinational).
    if (LATENCY == 0) begin : g_comb
      logic unused_clock;  // a combinational S-box has no register to clock, reset or enable
      assign data_o       = substituted;
      assign unused_clock = clk_i ^ rst_ni ^ en_i;
    end else begin : g_registered
      // Flat, stage 0 right after the S-box: Yosys cannot size a 2-D packed net declared here.
      localparam int SW = 8 * LANES;
      logic [LATENCY*SW-1:0] stage_q, stage_d;
      if (LATENCY == 1) begin : g_one
        assign stage_d = substituted;
      end else begin : g_shift
        assign stage_d = {stage_q[(LATENCY-1)*SW-1:0], substituted};
      end
      always_ff @(posedge clk_i) begin
        if (!rst_ni)   stage_q <= '0;
        else if (en_i) stage_q <= stage_d;
      end
      assign data_o = stage_q[(LATENCY-1)*SW +: SW];
    end
  end

  if (!(FORWARD && INVERSE) && IMPL == rijndael_pkg::SBOX_LUT) begin : g_one_table
    logic unused_inverse;  // a single case ROM has no direction to choose
    assign unused_inverse = inverse;
  end
endmodule
