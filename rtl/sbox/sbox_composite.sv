// sbox_composite: the S-box (and, when inverse_i is high, the inverse S-box) computed in a composite
// field instead of looked up. One of the S-box mappings behind rijndael_sbox's port list; pure
// XOR/AND logic, no tables.
//
// Why: S(v) = A * inv(v) ^ 0x63 and S^-1(v) = inv(A^-1 * (v ^ 0x63)) share the GF(2^8) inversion, so a
// build with both directions pays for one inverter plus a few 8x8 bit matrices, where the case ROMs
// pay for two full tables. Inversion is cheap in a tower field, where it reduces to one GF(2^4)
// inversion and a handful of GF(2^4) multiplications:
//   GF(2^4)     = GF(2)[x] / (x^4 + x + 1)             nibble bit k = coefficient of x^k
//   GF((2^4)^2) = GF(2^4)[y] / (y^2 + y + LAMBDA)      byte = {a1, a0} for a1*y + a0
// LAMBDA is the first nibble for which y^2 + y + LAMBDA has no root in GF(2^4). For a = a1*y + a0 the
// norm N = a1^2*LAMBDA ^ a1*a0 ^ a0^2 lies in GF(2^4) and a^-1 = N^-1 * (a1*y + (a0 ^ a1)); N^-1 is
// N^14 = (N^3)^4 * N^2, two multiplications and linear squarings. 0 maps to 0 as the S-box needs.
//
// Basis change: the isomorphism from GF(2)[x]/(x^8+x^4+x^3+x+1) into the tower field sends x to a
// root of that polynomial found by search (column i of TO_TOWER is that root to the power i);
// FROM_TOWER is its inverse. The affine map is merged into the matrix on the far side of the
// inversion: forward applies TO_TOWER before and FWD_OUT = A * FROM_TOWER (then ^0x63) after;
// inverse applies INV_IN = TO_TOWER * A^-1 (then ^INV_IN_C = INV_IN * 0x63) before and FROM_TOWER
// after. The constants below are printed, and checked against the S-box definition, by
// tools/gen_composite_sbox.py (`--check rtl/sbox/sbox_composite.sv` verifies they match); do not
// edit them by hand. A matrix is packed with row i (the mask of input bits whose parity is output
// bit i) in bits [8*i+7:8*i].
module sbox_composite #(
  parameter bit FORWARD = 1'b1,
  parameter bit INVERSE = 1'b1
) (
  input  logic [7:0] data_i,
  input  logic       inverse_i,  // used only when both directions are present
  output logic [7:0] data_o
);
  // Printed by tools/gen_composite_sbox.py.
  localparam logic [3:0]  LAMBDA     = 4'h8;
  localparam logic [63:0] TO_TOWER   = 64'ha0acd27018fc04a1;
  localparam logic [63:0] FROM_TOWER = 64'hd48e54cac202b081;
  localparam logic [63:0] FWD_OUT    = 64'h06d0ee3b25693f45;
  localparam logic [63:0] INV_IN     = 64'hc67178f76f129262;
  localparam logic [7:0]  INV_IN_C   = 8'h47;
  localparam logic [7:0]  AFFINE_C   = 8'h63;  // FIPS-197 affine constant

  // y = M * v over GF(2): output bit i is the parity of row i masked with v.
  function automatic logic [7:0] mat_mul(input logic [63:0] m, input logic [7:0] v);
    for (int i = 0; i < 8; i++) mat_mul[i] = ^(m[8*i +: 8] & v);
  endfunction

  // Product in GF(2)[x]/(x^4 + x + 1): schoolbook product p, then x^4 = x + 1, x^5 = x^2 + x,
  // x^6 = x^3 + x^2.
  function automatic logic [3:0] gf16_mul(input logic [3:0] a, input logic [3:0] b);
    logic [6:0] p;
    p[0] = a[0] & b[0];
    p[1] = (a[1] & b[0]) ^ (a[0] & b[1]);
    p[2] = (a[2] & b[0]) ^ (a[1] & b[1]) ^ (a[0] & b[2]);
    p[3] = (a[3] & b[0]) ^ (a[2] & b[1]) ^ (a[1] & b[2]) ^ (a[0] & b[3]);
    p[4] = (a[3] & b[1]) ^ (a[2] & b[2]) ^ (a[1] & b[3]);
    p[5] = (a[3] & b[2]) ^ (a[2] & b[3]);
    p[6] = a[3] & b[3];
    gf16_mul = {p[3] ^ p[6], p[2] ^ p[5] ^ p[6], p[1] ^ p[4] ^ p[5], p[0] ^ p[4]};
  endfunction

  // Squaring is linear: a0 + a1 x^2 + a2 (x + 1) + a3 (x^3 + x^2).
  function automatic logic [3:0] gf16_sq(input logic [3:0] a);
    gf16_sq = {a[3], a[1] ^ a[3], a[2], a[0] ^ a[2]};
  endfunction

  // a^-1 = a^14 = (a^3)^4 * a^2 (and 0 for 0).
  function automatic logic [3:0] gf16_inv(input logic [3:0] a);
    logic [3:0] a2, a3;
    a2 = gf16_sq(a);
    a3 = gf16_mul(a2, a);
    gf16_inv = gf16_mul(gf16_sq(gf16_sq(a3)), a2);
  endfunction

  // ---- shared inversion in GF((2^4)^2) ----
  logic [7:0] tower_in, tower_out;
  logic [3:0] hi, lo, norm, norm_inv;
  assign hi       = tower_in[7:4];
  assign lo       = tower_in[3:0];
  assign norm     = gf16_mul(gf16_sq(hi), LAMBDA) ^ gf16_mul(hi, lo) ^ gf16_sq(lo);
  assign norm_inv = gf16_inv(norm);
  assign tower_out = {gf16_mul(hi, norm_inv), gf16_mul(lo ^ hi, norm_inv)};

  // ---- basis change merged with the affine map, per direction ----
  if (FORWARD && INVERSE) begin : g_both
    assign tower_in = inverse_i ? (mat_mul(INV_IN, data_i) ^ INV_IN_C) : mat_mul(TO_TOWER, data_i);
    assign data_o   = inverse_i ? mat_mul(FROM_TOWER, tower_out)
                                : (mat_mul(FWD_OUT, tower_out) ^ AFFINE_C);
  end else if (FORWARD) begin : g_forward
    assign tower_in = mat_mul(TO_TOWER, data_i);
    assign data_o   = mat_mul(FWD_OUT, tower_out) ^ AFFINE_C;
  end else if (INVERSE) begin : g_inverse
    assign tower_in = mat_mul(INV_IN, data_i) ^ INV_IN_C;
    assign data_o   = mat_mul(FROM_TOWER, tower_out);
  end else begin : g_bad
    ERROR_sbox_composite_needs_FORWARD_or_INVERSE u_error ();
  end

  if (!(FORWARD && INVERSE)) begin : g_one_direction
    logic unused_inverse;  // a single direction has nothing to choose
    assign unused_inverse = inverse_i;
  end
endmodule
