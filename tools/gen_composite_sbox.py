#!/usr/bin/env python3
"""Derive the basis-change constants of the composite-field S-box (rtl/sbox/sbox_composite.sv).

Field representation (the same one the RTL implements):
  GF(2^4)       = GF(2)[x] / (x^4 + x + 1)              nibble bit k = coefficient of x^k
  GF((2^4)^2)   = GF(2^4)[y] / (y^2 + y + LAMBDA)       byte = {a1, a0} for a1*y + a0
LAMBDA is the first nibble for which y^2 + y + LAMBDA has no root in GF(2^4) (so it is irreducible).

The isomorphism phi from the AES field GF(2)[x]/(x^8+x^4+x^3+x+1) into the tower field sends x to a
root BETA of x^8+x^4+x^3+x+1 found by search among the tower elements (the first one, in counting
order); column i of the 8x8 bit matrix TO_TOWER is BETA^i. Its inverse matrix is FROM_TOWER. The
affine map A (and A^-1) of FIPS-197 is then folded into these matrices, so the RTL applies exactly
one matrix before and one after the shared inversion:
  forward:  S(v)    = (A * FROM_TOWER) * inv(TO_TOWER * v) ^ 0x63
  inverse:  S^-1(v) = FROM_TOWER * inv((TO_TOWER * A^-1) * v ^ TO_TOWER * A^-1 * 0x63)

Matrices are printed as 64-bit SystemVerilog localparams: bits [8*i+7:8*i] are row i, i.e. the mask
of input bits whose parity gives output bit i. Everything is recomputed here and checked against the
S-box computed from its definition.

Run: python3 tools/gen_composite_sbox.py            (print the localparams)
     python3 tools/gen_composite_sbox.py --check F  (exit 1 unless file F contains them verbatim)
"""
import sys

AES_POLY = 0x11B
GF16_POLY = 0x13  # x^4 + x + 1


def gf16_mul(a: int, b: int) -> int:
    product = 0
    for k in range(4):
        if (b >> k) & 1:
            product ^= a << k
    for k in (6, 5, 4):
        if (product >> k) & 1:
            product ^= GF16_POLY << (k - 4)
    return product


def _first_lambda() -> int:
    for lam in range(1, 16):
        if all(gf16_mul(t, t) ^ t != lam for t in range(16)):
            return lam
    raise AssertionError("no irreducible y^2 + y + lambda")


LAMBDA = _first_lambda()


def tower_mul(a: int, b: int) -> int:
    """(a1 y + a0)(b1 y + b0) with y^2 = y + LAMBDA."""
    a1, a0, b1, b0 = a >> 4, a & 15, b >> 4, b & 15
    high = gf16_mul(a1, b1)
    c1 = high ^ gf16_mul(a1, b0) ^ gf16_mul(a0, b1)
    c0 = gf16_mul(high, LAMBDA) ^ gf16_mul(a0, b0)
    return (c1 << 4) | c0


def tower_pow(a: int, n: int) -> int:
    result = 0x01
    for _ in range(n):
        result = tower_mul(result, a)
    return result


def aes_mul(a: int, b: int) -> int:
    product = 0
    while b:
        if b & 1:
            product ^= a
        a = (a << 1) ^ (AES_POLY if a & 0x80 else 0)
        b >>= 1
    return product


def _find_beta() -> int:
    for beta in range(2, 256):
        value = 0
        for k in range(9):
            if (AES_POLY >> k) & 1:
                value ^= tower_pow(beta, k)
        if value == 0:
            return beta
    raise AssertionError("x^8+x^4+x^3+x+1 has no root in the tower field")


BETA = _find_beta()

# A matrix is a list of 8 columns (column j = image of input bit j).


def apply(cols, v: int) -> int:
    out = 0
    for j in range(8):
        if (v >> j) & 1:
            out ^= cols[j]
    return out


def compose(outer, inner):
    return [apply(outer, c) for c in inner]


def invert(cols):
    table = {apply(cols, v): v for v in range(256)}
    assert len(table) == 256, "matrix is singular"
    return [table[1 << j] for j in range(8)]


def rows_param(cols) -> int:
    """Pack as 64 bits, row i (mask of input bits feeding output bit i) in bits [8i+7:8i]."""
    packed = 0
    for i in range(8):
        row = sum(((cols[j] >> i) & 1) << j for j in range(8))
        packed |= row << (8 * i)
    return packed


def _rotl(v: int, n: int) -> int:
    return ((v << n) | (v >> (8 - n))) & 0xFF


AFFINE = [(1 << j) ^ _rotl(1 << j, 1) ^ _rotl(1 << j, 2) ^ _rotl(1 << j, 3) ^ _rotl(1 << j, 4) for j in range(8)]
AFFINE_C = 0x63

TO_TOWER = [tower_pow(BETA, j) for j in range(8)]
FROM_TOWER = invert(TO_TOWER)
AFFINE_INV = invert(AFFINE)
FWD_OUT = compose(AFFINE, FROM_TOWER)          # affine after leaving the tower field
INV_IN = compose(TO_TOWER, AFFINE_INV)         # inverse affine before entering it
INV_IN_C = apply(INV_IN, AFFINE_C)


def tower_inv(a: int) -> int:
    return 0 if a == 0 else tower_pow(a, 254)


def _self_check() -> None:
    # phi is a field isomorphism
    for a in range(256):
        for b in (0x02, 0x03, 0x53, 0xCA, a):
            assert apply(TO_TOWER, aes_mul(a, b)) == tower_mul(apply(TO_TOWER, a), apply(TO_TOWER, b))
    sbox = []
    for v in range(256):
        inv = next((b for b in range(256) if aes_mul(v, b) == 1), 0)
        sbox.append(apply(AFFINE, inv) ^ AFFINE_C)
    for v in range(256):
        assert apply(FWD_OUT, tower_inv(apply(TO_TOWER, v))) ^ AFFINE_C == sbox[v]
        assert sbox[apply(FROM_TOWER, tower_inv(apply(INV_IN, v) ^ INV_IN_C))] == v


def localparams() -> str:
    lines = [
        f"localparam logic [3:0]  LAMBDA     = 4'h{LAMBDA:x};",
        f"localparam logic [63:0] TO_TOWER   = 64'h{rows_param(TO_TOWER):016x};",
        f"localparam logic [63:0] FROM_TOWER = 64'h{rows_param(FROM_TOWER):016x};",
        f"localparam logic [63:0] FWD_OUT    = 64'h{rows_param(FWD_OUT):016x};",
        f"localparam logic [63:0] INV_IN     = 64'h{rows_param(INV_IN):016x};",
        f"localparam logic [7:0]  INV_IN_C   = 8'h{INV_IN_C:02x};",
    ]
    return "\n".join(lines)


def main(argv) -> int:
    _self_check()
    text = localparams()
    if len(argv) == 3 and argv[1] == "--check":
        with open(argv[2], encoding="utf-8") as handle:
            rtl = handle.read()
        missing = [line for line in text.splitlines() if line not in rtl]
        for line in missing:
            print(f"missing or different: {line}", file=sys.stderr)
        return 1 if missing else 0
    print(f"// LAMBDA = {LAMBDA:#x}, BETA (image of x) = {BETA:#04x}")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
