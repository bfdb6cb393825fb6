// rijndael_gf128_mul_pipe: a full 128x128 GF(2^128) multiplier in GCM's bit order, LATENCY register
// stages, a product every clock: p_o is a_i * b_i of LATENCY clocks before.
//
// Bit order: bus bit 127 is the coefficient of x^0 (SP 800-38D's reflected order, see rijndael_ghash).
// Inside, operands are taken in polynomial order (coefficient c = bus bit 127-c).
//
// The stages, each optional one chosen by a parameter (LATENCY must equal their count; it is checked,
// so a caller that counts lanes on it cannot drift):
//   hop (IN_HOP = 1)  one register per tile of its bits of a and b, kept: the way from the caller's
//                     operand LUT to the 16 tiles spread over the die is a clock of its own, with no
//                     logic after it but the copies' fan-out.
//   copies            COPIES kept copies per tile and operand; the term a[i] b[j] takes a from copy
//                     j / (B_SLICE / COPIES) and b from copy i / (A_SLICE / COPIES), so a copy bit drives
//                     32 / COPIES terms of its own tile. On ECP5 one operand register was the critical
//                     path (a bit fed ~128 LUTs over the whole multiplier); flops with one driver are
//                     merged by Yosys unless kept on the flops themselves.
//   stage 1           per tile (A_SLICE x B_SLICE bits, 32 x 32) the carry-less product, each of its
//                     TW = 63 coefficients the XOR of up to 32 AND terms; with ROWS < 32 registered as
//                     32 / ROWS partial sums of ROWS terms (ROWS = 8: an AND pair per LUT4, then an XOR of
//                     four, two LUT levels) and summed in a stage 1b of their own (one level), else whole
//                     (three levels). Balanced trees: ABC does not rebalance XOR chains.
//   stage 2           the tiles summed at their offsets and the 127 high coefficients folded back with
//                     x^128 = x^7 + x^2 + x + 1 (249..254 wrap twice), as PARTS products of 4 / PARTS
//                     slices of a each (the reduction is linear): with PARTS = 4 a product bit is the XOR
//                     of about ten tile flops of one slice of a, two LUT levels.
//   out (OUT_REG = 1) the parts XORed into one registered product (one LUT level), so no user of the
//                     product has more than one input for it; else p_o carries the PARTS parts and every
//                     user XORs them.
// Reset: none. No stage register has one: the user drives b = 0 from the clock after a reset or clear
// (rijndael_ghash_lanes does, for its 16-clock-a-context wipe), every product of b = 0 is 0, so the
// stages hold zeros LATENCY + 1 clocks later, and no user takes a product before then. A reset into
// the ~6000 stage flops spread over the die was the ECP5 critical path of two of three seeds (the
// wrapper's reset -> a LUT -> 3.8 ns of route -> a stage-1 LSR).
// Vector functions rather than per-bit generate assigns: Icarus simulates those far faster.
module rijndael_gf128_mul_pipe #(
  parameter int A_SPLIT = 4,   // slices of a: 1, 2, 4, 8 or 16
  parameter int B_SPLIT = 4,   // slices of b: 1, 2, 4, 8 or 16
  parameter int COPIES  = 4,   // operand copies per tile and operand: 1, 2 or 4
  parameter int IN_HOP  = 1,   // 1: a register per tile in front of the copies
  parameter int ROWS    = 8,   // AND terms per registered stage-1 partial sum (power of 2, <= 32)
  parameter int PARTS   = 4,   // stage 2 as 1, 2 or 4 parts
  parameter int OUT_REG = 1,   // 1: the parts XORed into one registered product
  parameter int LATENCY = 6,   // must be 2 + IN_HOP + (ROWS < 32) + 1 + OUT_REG
  localparam int OUT_PARTS = (OUT_REG != 0) ? 1 : PARTS
) (
  input  logic                     clk_i,
  input  logic [127:0]             a_i,
  input  logic [127:0]             b_i,
  output logic [128*OUT_PARTS-1:0] p_o   // part q at [128*q +: 128]; a * b = the XOR of the parts
);
  localparam int A_SLICE = 128 / A_SPLIT;
  localparam int B_SLICE = 128 / B_SPLIT;
  localparam int TILES   = A_SPLIT * B_SPLIT;
  localparam int TW      = A_SLICE + B_SLICE - 1;          // coefficients of one tile's product
  localparam int SHORT   = (A_SLICE < B_SLICE) ? A_SLICE : B_SLICE;
  localparam int RW      = (ROWS < SHORT) ? ROWS : SHORT;  // terms per stage-1 partial
  localparam int NPART   = SHORT / RW;                     // partials per coefficient
  localparam int SPLIT1  = (NPART > 1) ? 1 : 0;            // stage 1b present
  localparam int A_PART  = A_SLICE / COPIES;               // a bits whose terms one copy of b feeds
  localparam int B_PART  = B_SLICE / COPIES;               // b bits whose terms one copy of a feeds

  if (LATENCY != 2 + IN_HOP + SPLIT1 + 1 + OUT_REG) begin : g_check_latency
    ERROR_rijndael_gf128_mul_pipe_LATENCY_does_not_match_the_stages u_error ();
  end
  if (PARTS != 1 && PARTS != 2 && PARTS != 4) begin : g_check_parts
    ERROR_rijndael_gf128_mul_pipe_PARTS_must_be_1_2_or_4 u_error ();
  end

  // Bus order <-> polynomial order (bit reversal).
  function automatic logic [127:0] reverse128(input logic [127:0] v);
    logic [127:0] r;
    for (int c = 0; c < 128; c++) r[c] = v[127 - c];
    reverse128 = r;
  endfunction

  // Stage 1 of one tile: the rows (the longer operand shifted, ANDed with a bit of the shorter one), summed
  // in groups of RW consecutive rows by a balanced tree: NPART partial products of TW coefficients.
  function automatic logic [NPART*TW-1:0] tile_partials(input logic [COPIES*A_SLICE-1:0] a,
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
    // Level l sums pairs of what level l-1 left; the pairs never cross a group of RW rows, so after
    // log2(RW) levels entry g is group g's sum.
    for (int l = 0; l < $clog2(RW); l++) begin
      for (int i = 0; i < SHORT / 2; i++) begin
        if (i < (SHORT >> (l + 1))) t[TW*i +: TW] = t[TW*(2*i) +: TW] ^ t[TW*(2*i+1) +: TW];
      end
    end
    tile_partials = t[NPART*TW-1:0];
  endfunction

  // Stage 1b: a tile's partials summed (balanced).
  function automatic logic [TW-1:0] tile_sum(input logic [NPART*TW-1:0] p);
    logic [NPART*TW-1:0] t;
    t = p;
    for (int l = 0; l < $clog2(NPART); l++) begin
      for (int i = 0; i < NPART / 2; i++) begin
        if (i < (NPART >> (l + 1))) t[TW*i +: TW] = t[TW*(2*i) +: TW] ^ t[TW*(2*i+1) +: TW];
      end
    end
    tile_sum = t[TW-1:0];
  endfunction

  // Stage 2: the tiles of a's slices p_lo .. p_hi-1 placed at their offsets and summed (balanced over
  // tiles), then reduced modulo x^128 + x^7 + x^2 + x + 1 in closed form: with c = hi * x^128 + lo,
  // hi * x^128 = hi * (x^7 + x^2 + x + 1) = f (134 coefficients), whose top 6 fold once more.
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
  logic [TILES*TW-1:0]  tile_q;          // every tile's product (stage 1, or 1b)
  logic [128*PARTS-1:0] part_q;          // stage 2

  assign a_poly = reverse128(a_i);
  assign b_poly = reverse128(b_i);
  for (genvar p = 0; p < A_SPLIT; p++) begin : g_a
    for (genvar q = 0; q < B_SPLIT; q++) begin : g_b
      logic [A_SLICE-1:0]        a_in;
      logic [B_SLICE-1:0]        b_in;
      logic [COPIES*A_SLICE-1:0] a_q;   // COPIES copies of this tile's bits of a
      logic [COPIES*B_SLICE-1:0] b_q;   // and of b
      if (IN_HOP != 0) begin : g_hop
        // keep on the flops themselves (on the wires it does not stop the merge)
        logic [A_SLICE-1:0] a_hop_q;
        logic [B_SLICE-1:0] b_hop_q;
        (* keep *)
        always_ff @(posedge clk_i) begin
          a_hop_q <= a_poly[p*A_SLICE +: A_SLICE];
          b_hop_q <= b_poly[q*B_SLICE +: B_SLICE];
        end
        assign a_in = a_hop_q;
        assign b_in = b_hop_q;
      end else begin : g_direct
        assign a_in = a_poly[p*A_SLICE +: A_SLICE];
        assign b_in = b_poly[q*B_SLICE +: B_SLICE];
      end
      // No reset on the operand registers: a sync reset could not be folded into kept flops and would
      // cost a LUT level in front of every copy; the user drives zero operands while it is in reset
      // (rijndael_ghash_lanes issues nothing then), so they hold zeros from the second clock of reset.
      (* keep *)
      always_ff @(posedge clk_i) begin
        a_q <= {COPIES{a_in}};
        b_q <= {COPIES{b_in}};
      end
      if (SPLIT1 != 0) begin : g_split
        logic [NPART*TW-1:0] partial_q;
        always_ff @(posedge clk_i) begin
          partial_q <= tile_partials(a_q, b_q);
          tile_q[TW*(p*B_SPLIT+q) +: TW] <= tile_sum(partial_q);
        end
      end else begin : g_whole
        always_ff @(posedge clk_i) tile_q[TW*(p*B_SPLIT+q) +: TW] <= tile_partials(a_q, b_q);
      end
    end
  end

  always_ff @(posedge clk_i) begin
    for (int r = 0; r < PARTS; r++)
      part_q[128*r +: 128] <= reverse128(sum_reduce(tile_q, r * A_SPLIT / PARTS, (r + 1) * A_SPLIT / PARTS));
  end

  if (OUT_REG != 0) begin : g_out_reg
    logic [127:0] p_q, p_d;
    always_comb begin
      p_d = '0;
      for (int r = 0; r < PARTS; r++) p_d = p_d ^ part_q[128*r +: 128];
    end
    always_ff @(posedge clk_i) p_q <= p_d;
    assign p_o = p_q;
  end else begin : g_parts_out
    assign p_o = part_q;
  end
endmodule
