// rijndael_gf128_mul_pipe: a full 128x128 GF(2^128) multiplier in GCM's bit order, three register
// stages (operands, slices, product), a product every clock: p_o is a_i * b_i of three clocks before.
//
// The operand registers are here, one copy per slice (its 128/GROUPS bits of a, all of b), because on
// ECP5 the first version's single operand register was the critical path: one b bit fed ~128 LUTs spread
// over the whole multiplier, 6.5 ns of routing out of 9.4 (107 MHz). keep stops Yosys merging the copies.
//
// Bit order: bus bit 127 is the coefficient of x^0 (SP 800-38D's reflected order, see rijndael_ghash).
// Inside, operands are taken in polynomial order (coefficient c = bus bit 127-c).
//
// Stage 1: the carry-less (unreduced, 255-coefficient) product in GROUPS slices of a: slice g is the
//   XOR of b * x^c over the coefficients c of a in the slice that are set, summed by an explicit balanced
//   tree (ABC does not rebalance XOR chains), registered: GROUPS x 255 flops.
// Stage 2: the slices summed, and the 127 high coefficients folded back with x^128 = x^7 + x^2 + x + 1
//   (coefficients 249..254 wrap twice), registered: the product.
// With 4 slices each stage is about three LUT4 levels (32 AND terms; then 4 slices x up to 8 positions).
// Vector functions rather than per-bit generate assigns: Icarus simulates those far faster.
module rijndael_gf128_mul_pipe #(
  parameter int GROUPS = 4   // slices of a in stage 1: 1, 2, 4, 8 or 16
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic [127:0] a_i,
  input  logic [127:0] b_i,
  output logic [127:0] p_o
);
  localparam int SLICE  = 128 / GROUPS;
  localparam int LEVELS = $clog2(SLICE);

  // Bus order <-> polynomial order (bit reversal).
  function automatic logic [127:0] reverse128(input logic [127:0] v);
    logic [127:0] r;
    for (int c = 0; c < 128; c++) r[c] = v[127 - c];
    reverse128 = r;
  endfunction

  // XOR over the slice's coefficients c = g*SLICE + i of a_i * (b << c), both in polynomial order, as a balanced tree.
  function automatic logic [254:0] slice_product(input logic [SLICE-1:0] a, input logic [127:0] b, input int g);
    logic [255*SLICE-1:0] t;
    for (int i = 0; i < SLICE; i++) begin
      t[255*i +: 255] = {255{a[i]}} & ({127'd0, b} << (g*SLICE + i));
    end
    for (int l = 0; l < LEVELS; l++) begin
      for (int i = 0; i < SLICE / 2; i++) begin
        if (i < (SLICE >> (l + 1))) t[255*i +: 255] = t[255*(2*i) +: 255] ^ t[255*(2*i+1) +: 255];
      end
    end
    slice_product = t[254:0];
  endfunction

  // The slices summed pairwise, then reduced modulo x^128 + x^7 + x^2 + x + 1 from the top down.
  function automatic logic [127:0] sum_reduce(input logic [GROUPS*255-1:0] parts);
    logic [GROUPS*255-1:0] t;
    logic [254:0] r;
    t = parts;
    for (int l = 0; l < $clog2(GROUPS); l++) begin
      for (int i = 0; i < GROUPS / 2; i++) begin
        if (i < (GROUPS >> (l + 1))) t[255*i +: 255] = t[255*(2*i) +: 255] ^ t[255*(2*i+1) +: 255];
      end
    end
    r = t[254:0];
    for (int k = 254; k >= 128; k--) begin
      r[k - 128] = r[k - 128] ^ r[k];
      r[k - 127] = r[k - 127] ^ r[k];
      r[k - 126] = r[k - 126] ^ r[k];
      r[k - 121] = r[k - 121] ^ r[k];
    end
    sum_reduce = r[127:0];
  endfunction

  logic [127:0]          a_poly, b_poly;
  logic [GROUPS*255-1:0] part_d, part_q;
  logic [127:0]          p_q;

  assign a_poly = reverse128(a_i);
  assign b_poly = reverse128(b_i);
  for (genvar g = 0; g < GROUPS; g++) begin : g_slice
    (* keep *) logic [SLICE-1:0] a_q;   // this slice's bits of a
    (* keep *) logic [127:0] b_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        a_q <= '0;
        b_q <= '0;
      end else begin
        a_q <= a_poly[g*SLICE +: SLICE];
        b_q <= b_poly;
      end
    end
    assign part_d[g*255 +: 255] = slice_product(a_q, b_q, g);
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      part_q <= '0;
      p_q    <= '0;
    end else begin
      part_q <= part_d;
      p_q    <= reverse128(sum_reduce(part_q));
    end
  end
  assign p_o = p_q;
endmodule
