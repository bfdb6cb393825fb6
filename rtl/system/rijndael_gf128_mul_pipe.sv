// rijndael_gf128_mul_pipe: a full 128x128 GF(2^128) multiplier in GCM's bit order, three register
// stages (operands, tiles, product), a product every clock: p_o is a_i * b_i of three clocks before.
//
// Bit order: bus bit 127 is the coefficient of x^0 (SP 800-38D's reflected order, see rijndael_ghash).
// Inside, operands are taken in polynomial order (coefficient c = bus bit 127-c).
//
// Operands: registered here, COPIES copies per tile (its A_SLICE bits of a and B_SLICE bits of b). On ECP5 a
//   single operand register was the critical path: one bit fed ~128 LUTs spread over the whole multiplier
//   (6.5 ns of routing out of 9.4, 107 MHz). The copies are kept flops: Yosys merges flops with one
//   driver, and did so with the earlier per-slice copies whose keep was on the wires (the FF count of
//   the synthesized unit showed a single copy). Every copy feeds only its own tile, and with COPIES = 2
//   only half of its bit's terms there (16 with 32 x 32 tiles): with one copy per tile a copy -> route ->
//   tile tree path was the ECP5 critical path of two seeds out of three (93205d7); COPIES = 2 took the
//   multiplier off seed 1's path (4d48250) for 1024 flops, where 16 x 16 tiles cost 2000 and a wider
//   stage 2.
// Stage 1: the carry-less product of each tile, a[p] x b[q] (A_SLICE + B_SLICE - 1 coefficients), the XOR
//   of up to min(A_SLICE, B_SLICE) AND terms per coefficient as a balanced tree (ABC does not rebalance
//   XOR chains), registered. With 32 x 32 tiles that is three LUT4 levels and each operand copy bit drives only
//   32 / COPIES terms of its own tile.
// Stage 2: the tiles summed at their offsets and the 127 high coefficients folded back with
//   x^128 = x^7 + x^2 + x + 1 (coefficients 249..254 wrap twice), registered: the product. Written as one
//   flat XOR per product bit (at most 30 tile flops with 32 x 32 tiles), three LUT4 levels; with PARTS = 2
//   as two products of half the tiles each (the reduction is linear), two levels, XORed by the caller.
// Vector functions rather than per-bit generate assigns: Icarus simulates those far faster.
module rijndael_gf128_mul_pipe #(
  parameter int A_SPLIT = 4,   // slices of a: 1, 2, 4, 8 or 16
  parameter int B_SPLIT = 4,   // slices of b: 1, 2, 4, 8 or 16
  parameter int COPIES  = 2,   // operand copies per tile and operand: 1, 2 or 4 (each bit drives 1/COPIES
                               // of its tile's terms)
  parameter int PARTS   = 1    // the product as 1 or 2 parts, whose XOR is a * b (below)
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic [127:0]       a_i,
  input  logic [127:0]       b_i,
  output logic [128*PARTS-1:0] p_o   // part q at [128*q +: 128]; a * b = the XOR of the parts
);
  localparam int A_SLICE = 128 / A_SPLIT;
  localparam int B_SLICE = 128 / B_SPLIT;
  localparam int TILES   = A_SPLIT * B_SPLIT;
  localparam int TW      = A_SLICE + B_SLICE - 1;          // coefficients of one tile's product
  localparam int SHORT   = (A_SLICE < B_SLICE) ? A_SLICE : B_SLICE;
  localparam int LEVELS  = $clog2(SHORT);
  localparam int A_PART  = A_SLICE / COPIES;                // a bits whose terms one copy of b feeds
  localparam int B_PART  = B_SLICE / COPIES;                // b bits whose terms one copy of a feeds

  // Bus order <-> polynomial order (bit reversal).
  function automatic logic [127:0] reverse128(input logic [127:0] v);
    logic [127:0] r;
    for (int c = 0; c < 128; c++) r[c] = v[127 - c];
    reverse128 = r;
  endfunction

  // Carry-less product of one tile: the XOR over the coefficients of the shorter operand of the longer
  // one shifted, as a balanced tree. a and b hold COPIES copies of the tile's slices: the term a[i] b[j]
  // takes a from copy j / B_PART and b from copy i / A_PART, so every copy bit feeds 1/COPIES of the
  // terms its bit has in the tile. The pieces of a row come from disjoint b (a) parts, so each product
  // coefficient is still one AND per term and the tree is the one of COPIES = 1.
  function automatic logic [TW-1:0] tile_product(input logic [COPIES*A_SLICE-1:0] a,
                                                  input logic [COPIES*B_SLICE-1:0] b);
    logic [TW*SHORT-1:0] t;
    for (int i = 0; i < SHORT; i++) begin
      t[TW*i +: TW] = '0;
      for (int h = 0; h < COPIES; h++) begin
        if (A_SLICE <= B_SLICE)
          t[TW*i +: TW] = t[TW*i +: TW] ^ ({TW{a[A_SLICE*h + i]}}
                          & (TW'(b[B_SLICE*(i / A_PART) + B_PART*h +: B_PART]) << (i + B_PART*h)));
        else
          t[TW*i +: TW] = t[TW*i +: TW] ^ ({TW{b[B_SLICE*h + i]}}
                          & (TW'(a[A_SLICE*(i / B_PART) + A_PART*h +: A_PART]) << (i + A_PART*h)));
      end
    end
    for (int l = 0; l < LEVELS; l++) begin
      for (int i = 0; i < SHORT / 2; i++) begin
        if (i < (SHORT >> (l + 1))) t[TW*i +: TW] = t[TW*(2*i) +: TW] ^ t[TW*(2*i+1) +: TW];
      end
    end
    tile_product = t[TW-1:0];
  endfunction

  // The tiles placed at their offsets and summed (balanced over tiles), then reduced modulo
  // x^128 + x^7 + x^2 + x + 1 in closed form: with c = hi * x^128 + lo, hi * x^128 = hi * (x^7 + x^2 + x + 1)
  // = f (134 coefficients), whose top 6 fold once more.
  function automatic logic [127:0] sum_reduce(input logic [TILES*TW-1:0] parts, input int p_lo, input int p_hi);
    logic [TILES*255-1:0] t;
    logic [126:0] hi;
    logic [133:0] f;
    logic [127:0] r;
    for (int p = 0; p < A_SPLIT; p++) begin
      for (int q = 0; q < B_SPLIT; q++) begin
        t[255*(p*B_SPLIT+q) +: 255] = (p >= p_lo && p < p_hi)
                                      ? 255'(parts[TW*(p*B_SPLIT+q) +: TW]) << (p*A_SLICE + q*B_SLICE) : '0;
      end
    end
    for (int l = 0; l < $clog2(TILES); l++) begin
      for (int i = 0; i < TILES / 2; i++) begin
        if (i < (TILES >> (l + 1))) t[255*i +: 255] = t[255*(2*i) +: 255] ^ t[255*(2*i+1) +: 255];
      end
    end
    hi = t[254:128];
    f  = {7'd0, hi} ^ {6'd0, hi, 1'b0} ^ {5'd0, hi, 2'd0} ^ {hi, 7'd0};
    r  = t[127:0] ^ f[127:0];
    r  = r ^ {120'd0, 8'({f[133:128]})} ^ {120'd0, 8'({f[133:128]}) << 1}
           ^ {120'd0, 8'({f[133:128]}) << 2} ^ {113'd0, 15'({f[133:128]}) << 7};
    sum_reduce = r;
  endfunction

  logic [127:0]         a_poly, b_poly;
  logic [TILES*TW-1:0]  part_d, part_q;
  logic [128*PARTS-1:0] p_q;

  assign a_poly = reverse128(a_i);
  assign b_poly = reverse128(b_i);
  for (genvar p = 0; p < A_SPLIT; p++) begin : g_a
    for (genvar q = 0; q < B_SPLIT; q++) begin : g_b
      logic [COPIES*A_SLICE-1:0] a_q;   // COPIES copies of this tile's bits of a
      logic [COPIES*B_SLICE-1:0] b_q;   // and of b
      // keep on the flops themselves (on the wires it does not stop the merge). No reset here: a sync
      // reset could not be folded into kept flops and would cost a LUT level in front of every copy;
      // the user drives zero operands while it is in reset (rijndael_ghash_lanes issues nothing then),
      // so the copies hold zeros from the second clock of reset.
      (* keep *)
      always_ff @(posedge clk_i) begin
        a_q <= {COPIES{a_poly[p*A_SLICE +: A_SLICE]}};
        b_q <= {COPIES{b_poly[q*B_SLICE +: B_SLICE]}};
      end
      assign part_d[TW*(p*B_SPLIT+q) +: TW] = tile_product(a_q, b_q);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      part_q <= '0;
      p_q    <= '0;
    end else begin
      part_q <= part_d;
      // Part r sums the tiles of the r-th group of a's slices (half of them with PARTS = 2): each product
      // bit is then the XOR of at most ~15 tile flops of half the multiplier (two LUT4 levels) instead of
      // up to 30 from all of it (three), and the caller XORs the parts where it uses the product.
      for (int r = 0; r < PARTS; r++)
        p_q[128*r +: 128] <= reverse128(sum_reduce(part_q, r * A_SPLIT / PARTS, (r + 1) * A_SPLIT / PARTS));
    end
  end
  assign p_o = p_q;
endmodule
