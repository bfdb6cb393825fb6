// rijndael_gf128_mul_digit: one step of a digit-serial GF(2^128) multiplier in GCM's bit order
// (combinational). Horner's rule over the digits of X, most significant coefficients first:
//
//   z_o = z_i * x^DIGIT  xor  sum_{i < DIGIT} digit_i[i] * (H * x^(DIGIT-1-i))
//
// Bit order (SP 800-38D, reflected): bus bit 127 holds the coefficient of x^0 and bit 0 that of x^127,
// so multiplying by x is a right shift and the coefficient that falls out of bit 0 (x^128) comes back
// as x^7 + x^2 + x + 1 = 8'hE1 in bits [127:120]. Feeding X's bus bits [DIGIT-1:0] first (coefficients
// 127 .. 128-DIGIT), then the next DIGIT bits, and so on, starting from z = 0, leaves X * H in z after
// 128/DIGIT steps.
//
// Why this shape: H * x^j (j < DIGIT) is H shifted with at most four reduction XORs on any bit's way,
// and the DIGIT masked copies are summed by an explicit balanced tree (level by level in a flat vector),
// not by the DIGIT-deep chain `acc ^= term` describes: ABC does not rebalance XOR chains, and the tree
// keeps a 32-bit digit at about four LUT4 levels. Written as vector functions, not per-bit generate
// assigns, because Icarus simulates the latter about 25x slower.
module rijndael_gf128_mul_digit #(
  parameter int DIGIT = 32   // 8, 16, 32, 64 or 128
) (
  input  logic [127:0]       z_i,
  input  logic [127:0]       h_i,
  input  logic [DIGIT-1:0]   digit_i,
  output logic [127:0]       z_o
);
  localparam int LEVELS = $clog2(DIGIT);

  // v * x: right shift, the x^128 falling out of bit 0 comes back as x^7 + x^2 + x + 1.
  function automatic logic [127:0] mul_x(input logic [127:0] v);
    mul_x = {1'b0, v[127:1]} ^ ({8'hE1, 120'd0} & {128{v[0]}});
  endfunction

  // sum_{i < DIGIT} d[i] * h * x^(DIGIT-1-i), as a balanced tree (functions avoid `return` for Yosys;
  // every loop has constant bounds).
  function automatic logic [127:0] digit_times_h(input logic [DIGIT-1:0] d, input logic [127:0] h);
    logic [128*DIGIT-1:0] t;
    logic [127:0] v;
    v = h;
    for (int j = 0; j < DIGIT; j++) begin   // term j: H * x^j, selected by d[DIGIT-1-j]
      t[128*j +: 128] = {128{d[DIGIT-1-j]}} & v;
      v = mul_x(v);
    end
    for (int l = 0; l < LEVELS; l++) begin
      for (int i = 0; i < DIGIT / 2; i++) begin
        if (i < (DIGIT >> (l + 1))) t[128*i +: 128] = t[128*(2*i) +: 128] ^ t[128*(2*i+1) +: 128];
      end
    end
    digit_times_h = t[127:0];
  endfunction

  function automatic logic [127:0] mul_x_digit(input logic [127:0] v);
    logic [127:0] r;
    r = v;
    for (int s = 0; s < DIGIT; s++) r = mul_x(r);
    mul_x_digit = r;
  endfunction

  logic [127:0] z_shift;

  // With DIGIT = 128 a multiplication is a single step from z = 0: nothing to shift.
  if (DIGIT == 128) begin : g_no_shift
    logic unused_z;   // z_i is always zero here: the caller starts every multiplication from 0
    assign unused_z = ^z_i;
    assign z_shift = '0;
  end else begin : g_shift
    assign z_shift = mul_x_digit(z_i);
  end

  assign z_o = z_shift ^ digit_times_h(digit_i, h_i);
endmodule
