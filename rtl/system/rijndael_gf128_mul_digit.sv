// rijndael_gf128_mul_digit: the two halves of one step of a digit-serial GF(2^128) multiplier in GCM's
// bit order (combinational; the caller puts a register between them). Horner's rule over the digits of X,
// most significant coefficients first:
//
//   z' = z * x^DIGIT  xor  sum_{i < DIGIT} digit[i] * (H * x^(DIGIT-1-i))      (mod x^128 + x^7 + x^2 + x + 1)
//
// Bit order (SP 800-38D, reflected): bus bit 127 holds the coefficient of x^0 and bit 0 that of x^127,
// so multiplying by x is a right shift. Feeding X's bus bits [DIGIT-1:0] first (coefficients
// 127 .. 128-DIGIT), then the next DIGIT bits, and so on, starting from z = 0, leaves X * H in z after
// 128/DIGIT steps.
//
// The halves (why: the step's loop through z is the only recurrence, so everything that does not depend
// on z is taken out of it and computed a clock ahead):
//   partial_o = sum_{i < DIGIT} digit_i[i] * H * x^(DIGIT-1-i), NOT reduced: 128 + DIGIT - 1 coefficients
//               (x^0 .. x^(126+DIGIT), x^0 in the top bit). Every coefficient is an XOR of at most DIGIT
//               AND terms of one digit bit and one H bit: pairs of terms (kept nets, one LUT4 each), then
//               an explicit balanced tree (ABC does not rebalance an XOR chain), and no reduction XOR in
//               front of any AND (reducing H * x^j first put up to five H bits behind each AND term of
//               the top 39 coefficients). With PARTS = 2 it leaves as two parts (the sums of the first and
//               the second half of the pairs), which the loop adds: a tree level fewer before the register.
//   z_o       = (z_i * x^DIGIT xor partial_i) reduced: the overflow (coefficients x^128 and up of both
//               terms, XORed first) folds back once, x^(128+i) = x^(i+7) + x^(i+2) + x^(i+1) + x^i (twice
//               for i >= 121, DIGIT = 128 only), so an output bit is at most about ten inputs: two LUT4
//               levels on the loop.
// Written as vector functions, not per-bit generate assigns, because Icarus simulates the latter about
// 25x slower.
module rijndael_gf128_mul_digit #(
  parameter int DIGIT  = 32,              // 8, 16, 32, 64 or 128
  parameter int COPIES = 1,               // copies of the digit and of H the caller holds (fan-out, below)
  parameter int PARTS  = 1,               // the partial product in 1 or 2 parts (summed in the loop)
  localparam int PW    = 128 + DIGIT - 1  // width of the unreduced partial product (one part)
) (
  input  logic [DIGIT*COPIES-1:0] digit_i,  // COPIES equal copies side by side, copy c at [DIGIT*c +: DIGIT]
  input  logic [128*COPIES-1:0]   h_i,      // likewise, copy c at [128*c +: 128]
  output logic [PARTS*PW-1:0] partial_o,  // part q at [PW*q +: PW]
  input  logic [127:0]     z_i,
  input  logic [PARTS*PW-1:0] partial_i,
  output logic [127:0]     z_o
);
  localparam int FW     = 128 + DIGIT;   // z * x^DIGIT: coefficients x^DIGIT .. x^(127+DIGIT) below x^0's slot

  localparam int NP     = DIGIT / 2;    // AND-term pairs per coefficient

  // sum_{i < DIGIT} d[i] * h * x^(DIGIT-1-i), unreduced, in two parts: term j (selected by d[DIGIT-1-j])
  // is H shifted right by j in a PW-bit field whose top 128 bits hold H at j = 0; pair k is the XOR of
  // terms 2k and 2k+1 (two AND terms: one LUT4 per coefficient), and the pairs are then summed by a
  // balanced tree. The pairs are kept nets below, so that ABC maps exactly that: one LUT4 level of pairs
  // and log4(DIGIT / 2) levels of XOR (three for DIGIT = 32); left to itself it built four-level chains.
  function automatic logic [PW*NP-1:0] pair_terms(input logic [DIGIT-1:0] d, input logic [127:0] h);
    logic [PW*NP-1:0] t;
    for (int k = 0; k < NP; k++) begin
      t[PW*k +: PW] = ({PW{d[DIGIT-1-2*k]}} & ({h, {(DIGIT-1){1'b0}}} >> (2*k)))
                    ^ ({PW{d[DIGIT-2-2*k]}} & ({h, {(DIGIT-1){1'b0}}} >> (2*k+1)));
    end
    pair_terms = t;
  endfunction

  // Reduce an FW-bit polynomial (coefficient of x^c at bit FW-1-c) to 128 bits: the overflow coefficients
  // x^(128+i), highest first, fold into x^(i+7), x^(i+2), x^(i+1) and x^i; a fold that lands at x^128 or
  // above (i >= 121) is itself folded later in the same loop, as it is lower than the one folding.
  function automatic logic [127:0] reduce(input logic [FW-1:0] f);
    logic [FW-1:0] v;
    v = f;
    for (int i = DIGIT - 1; i >= 0; i--) begin
      v[FW-1-(i+7)] = v[FW-1-(i+7)] ^ v[FW-1-(128+i)];
      v[FW-1-(i+2)] = v[FW-1-(i+2)] ^ v[FW-1-(128+i)];
      v[FW-1-(i+1)] = v[FW-1-(i+1)] ^ v[FW-1-(128+i)];
      v[FW-1-i]     = v[FW-1-i]     ^ v[FW-1-(128+i)];
    end
    reduce = v[FW-1 -: 128];
  endfunction

  // Copy c of the digit and of H feeds only the coefficients of the c-th of COPIES slices of partial_o,
  // so a digit bit drives the terms of PW / COPIES coefficients instead of all PW, and an H bit those of
  // its slice (registers on an FPGA: one flop per consumer group, each placed by its group). The other
  // coefficients of each copy's pairs are unused and removed by synthesis; the slice's pairs are kept.
  localparam int SLICE = (PW + COPIES - 1) / COPIES;

  localparam int NPP   = NP / PARTS;   // pairs per part

  // The XOR of NPP slices of pairs, as a balanced tree.
  function automatic logic [SLICE-1:0] sum_pairs(input logic [SLICE*NPP-1:0] v);
    logic [SLICE*NPP-1:0] t;
    t = v;
    for (int l = 0; l < $clog2(NPP); l++) begin
      for (int i = 0; i < NPP / 2; i++) begin
        if (i < (NPP >> (l + 1))) t[SLICE*i +: SLICE] = t[SLICE*(2*i) +: SLICE] ^ t[SLICE*(2*i+1) +: SLICE];
      end
    end
    sum_pairs = t[SLICE-1:0];
  endfunction

  for (genvar c = 0; c < COPIES; c++) begin : g_slice
    localparam int LO = c * SLICE;
    localparam int HI = (LO + SLICE < PW) ? LO + SLICE : PW;
    /* verilator lint_off UNUSEDSIGNAL */  // only this copy's slice is used; synthesis removes the rest
    logic [PW*NP-1:0]  pairs_all;
    logic [SLICE-1:0]  sum [PARTS];
    /* verilator lint_on UNUSEDSIGNAL */
    (* keep *) logic [SLICE*NP-1:0] pairs;
    assign pairs_all = pair_terms(digit_i[DIGIT*c +: DIGIT], h_i[128*c +: 128]);
    for (genvar k = 0; k < NP; k++) begin : g_pair
      assign pairs[SLICE*k +: SLICE] = SLICE'(pairs_all[PW*k + LO +: HI - LO]);
    end
    for (genvar q = 0; q < PARTS; q++) begin : g_part
      assign sum[q] = sum_pairs(pairs[SLICE*NPP*q +: SLICE*NPP]);
      assign partial_o[PW*q + LO +: HI - LO] = sum[q][HI-LO-1:0];
    end
  end

  // The parts' sum, in the loop (with PARTS = 2 one more input per coefficient there, one tree level
  // fewer in front of the partial register).
  function automatic logic [PW-1:0] sum_parts(input logic [PARTS*PW-1:0] v);
    logic [PW-1:0] r;
    r = '0;
    for (int q = 0; q < PARTS; q++) r = r ^ v[PW*q +: PW];
    sum_parts = r;
  endfunction

  // z * x^DIGIT is z in the low 128 bits of the FW-bit field; the partial product sits one bit up.
  assign z_o = reduce({{DIGIT{1'b0}}, z_i} ^ {sum_parts(partial_i), 1'b0});
endmodule
