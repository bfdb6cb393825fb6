"""GHASH (NIST SP 800-38D, section 6.4): the universal hash of GCM/GMAC, bit-exact golden model.

GHASH works in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1 with GCM's *reflected* bit order: in a
16-byte block, bit 7 (the most significant bit) of byte 0 is the coefficient of x^0 and bit 0 of
byte 15 the coefficient of x^127. With the project's bus order (byte 0 in bits [127:120], i.e.
`int.from_bytes(block, "big")`), x^0 is integer bit 127 and x^127 integer bit 0, so multiplying by
x is a right shift, and reducing the x^128 that falls out of bit 0 XORs R = 0xE1 << 120 into the top
byte (x^0 + x^1 + x^2 + x^7 in this order). `gf128_mul` is SP 800-38D Algorithm 1 written out,
on purpose without tables or tricks so it can serve as the reference the RTL is compared against.

    Y_0 = 0,  Y_i = (Y_{i-1} xor X_i) * H,  GHASH_H(X_1 .. X_m) = Y_m

`ghash_input(aad, ciphertext)` builds the string GCM hashes: AAD and ciphertext each zero-padded to
whole blocks, then the length block len(A)_64 || len(C)_64 in bits. tests/model/test_ghash.py checks
tags built from these functions against pycryptodome and against published vectors.
"""
from __future__ import annotations

BLOCK_BYTES = 16
#: x^128 = x^7 + x^2 + x + 1, in the reflected order: 1110 0001 in the top byte.
R = 0xE1 << 120
MASK128 = (1 << 128) - 1


def _as_int(value: bytes | bytearray | int) -> int:
    if isinstance(value, int):
        if not 0 <= value <= MASK128:
            raise ValueError("a GF(2^128) element as int must be 0 <= x < 2^128")
        return value
    if len(value) != BLOCK_BYTES:
        raise ValueError(f"a GF(2^128) element is {BLOCK_BYTES} bytes, got {len(value)}")
    return int.from_bytes(value, "big")


def gf128_mul(x: bytes | bytearray | int, y: bytes | bytearray | int) -> bytes | int:
    """x * y in GCM's GF(2^128) (SP 800-38D Algorithm 1). Returns bytes when x is bytes, else an int
    (bus order: byte 0 of the block is the most significant byte of the int)."""
    xi, v = _as_int(x), _as_int(y)
    z = 0
    for i in range(128):
        if (xi >> (127 - i)) & 1:    # x_i, i = 0 first: coefficient of x^i
            z ^= v
        v = (v >> 1) ^ R if v & 1 else v >> 1   # v := v * x
    return z.to_bytes(BLOCK_BYTES, "big") if not isinstance(x, int) else z


def gf128_pow(h: bytes | int, n: int) -> int:
    """h^n (n >= 1) as an int, by repeated multiplication (the RTL's precomputed powers of H)."""
    if n < 1:
        raise ValueError("power must be >= 1")
    hi = _as_int(h)
    acc = hi
    for _ in range(n - 1):
        acc = gf128_mul(acc, hi)
    return acc


def ghash(h: bytes, data: bytes) -> bytes:
    """GHASH_H(data); data must already be whole 16-byte blocks (padded by the caller)."""
    if len(data) % BLOCK_BYTES:
        raise ValueError("GHASH input must be a multiple of 16 bytes (pad it first)")
    hi = _as_int(h)
    y = 0
    for off in range(0, len(data), BLOCK_BYTES):
        y = gf128_mul(y ^ int.from_bytes(data[off:off + BLOCK_BYTES], "big"), hi)
    return y.to_bytes(BLOCK_BYTES, "big")


def pad16(data: bytes) -> bytes:
    """data followed by zero bytes up to a whole number of blocks (nothing added when already whole)."""
    return data + bytes(-len(data) % BLOCK_BYTES)


def length_block(aad_bytes: int, text_bytes: int) -> bytes:
    """len(A)_64 || len(C)_64, both in bits, big-endian (SP 800-38D section 7.1 step 5)."""
    return (8 * aad_bytes).to_bytes(8, "big") + (8 * text_bytes).to_bytes(8, "big")


def ghash_input(aad: bytes, text: bytes) -> bytes:
    """The blocks GCM hashes for AAD A and ciphertext C: pad(A) || pad(C) || len(A)_64 || len(C)_64."""
    return pad16(aad) + pad16(text) + length_block(len(aad), len(text))
