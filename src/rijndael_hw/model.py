"""Bit-exact golden model of the Rijndael block cipher family, in plain Python.

Rijndael (Daemen & Rijmen) has five block lengths and five key lengths, each 4..8 32-bit words
(128, 160, 192, 224, 256 bits); AES (FIPS-197) is the subset with a 128-bit block and 128/192/256-bit
keys. The RTL supports the whole family, so this model does too. It is the reference every hardware
result is compared against, so it follows the specification step by step rather than being clever:

* the state is a flat list of bytes in the FIPS-197 order, state[r + 4*c] = in[r + 4*c]
  (byte r of column c), so a block's bytes *are* the state and no transposition is needed;
* the round transformations (SubBytes, ShiftRows, MixColumns, AddRoundKey and their inverses) are
  separate functions named as in FIPS-197;
* the S-box and the GF(2^8) multiplication tables are *computed* at import from their definitions
  (multiplicative inverse + affine map; shift-and-add multiplication), not pasted, so there is no
  256-entry table here that could hide a typo. Tests spot-check entries against FIPS-197.

There are two implementations of the block cipher, checked against each other by the tests:
`encrypt_block_reference` / `decrypt_block_reference` / `decrypt_block_equivalent` apply the steps
one by one exactly as FIPS-197 writes them; `encrypt_block` / `decrypt_block` (what everything else
uses) precompute, from those same step functions, what each input byte contributes to a round's
output, which is about 3x faster in CPython. Round keys are cached per (key, block length), so
modes and the 100 x 1000 Monte Carlo loops expand each key only once.

Byte strings everywhere: a block is `bytes` of 16/20/24/28/32 bytes, a key the same set of lengths.
"""
from __future__ import annotations

from functools import lru_cache, reduce
from operator import getitem, xor

from . import modes as _modes
from .ghash import gf128_mul   # SP 800-38D Algorithm 1, on ints in bus order

#: Lengths in bytes that Rijndael allows for blocks and keys (4..8 words of 4 bytes).
VALID_LENGTHS = (16, 20, 24, 28, 32)

#: Cipher modes of operation implemented by encrypt()/decrypt() (declared in rijndael_hw.modes).
MODES = _modes.NAMES


# --------------------------------------------------------------------------------------------
# GF(2^8) arithmetic, modulo the Rijndael polynomial m(x) = x^8 + x^4 + x^3 + x + 1 (0x11B)
# --------------------------------------------------------------------------------------------
def xtime(a: int) -> int:
    """Multiply by x (i.e. {02}) in GF(2^8): shift left, reduce by m(x) if bit 8 was set."""
    a <<= 1
    return a ^ 0x11B if a & 0x100 else a


def gf_mul(a: int, b: int) -> int:
    """Product of two field elements (shift-and-add: FIPS-197 Sec. 4.2.1)."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        a = xtime(a)
        b >>= 1
    return product


def gf_inv(a: int) -> int:
    """Multiplicative inverse in GF(2^8); 0 maps to 0 as the S-box definition requires.

    The multiplicative group has order 255, so a^254 = a^-1 for a != 0 (and 0^254 = 0).
    """
    result, power, exponent = 1, a, 254
    while exponent:
        if exponent & 1:
            result = gf_mul(result, power)
        power = gf_mul(power, power)
        exponent >>= 1
    return result if a else 0


def _affine(b: int) -> int:
    """The S-box affine map (FIPS-197 eq. 5.1): b ^ rotl(b,1..4) ^ 0x63, over 8 bits."""
    def rotl(v: int, n: int) -> int:
        return ((v << n) | (v >> (8 - n))) & 0xFF

    return b ^ rotl(b, 1) ^ rotl(b, 2) ^ rotl(b, 3) ^ rotl(b, 4) ^ 0x63


#: S-box and its inverse, computed from the definition.
SBOX: bytes = bytes(_affine(gf_inv(x)) for x in range(256))
INV_SBOX: bytes = bytes(SBOX.index(y) for y in range(256))

# Multiplication tables for the constant factors of MixColumns ({02},{03}) and
# InvMixColumns ({09},{0b},{0d},{0e}).
MUL2, MUL3, MUL9, MUL11, MUL13, MUL14 = (
    bytes(gf_mul(x, factor) for x in range(256)) for factor in (2, 3, 9, 11, 13, 14)
)


def _round_constants(count: int) -> tuple[int, ...]:
    """Rcon[1..count]: successive powers of x in GF(2^8) (x^0 = 0x01, 0x02, ..., 0x80, 0x1b, 0x36,
    0x6c, 0xd8, 0xab, 0x4d, ...). AES stops at 0x36; Rijndael with a wide block and a short key needs
    more (Nb = 8, Nk = 4 uses 29), so the sequence simply continues. Index 0 is unused (None-like 0)."""
    rcon, value = [0], 1
    for _ in range(count):
        rcon.append(value)
        value = xtime(value)
    return tuple(rcon)


#: Rcon[i] for i = 1..30 (Rcon[0] unused). 30 covers every block/key combination.
RCON: tuple[int, ...] = _round_constants(30)

#: ShiftRows offsets (C1, C2, C3) for rows 1..3 by block length Nb (Rijndael proposal, Table 2).
SHIFT_OFFSETS = {4: (1, 2, 3), 5: (1, 2, 3), 6: (1, 2, 3), 7: (1, 2, 4), 8: (1, 3, 4)}


# --------------------------------------------------------------------------------------------
# Argument checks
# --------------------------------------------------------------------------------------------
def _check_length(what: str, length: int) -> None:
    if length not in VALID_LENGTHS:
        raise ValueError(
            f"{what} length {length} bytes ({8 * length} bits) is not a Rijndael size; "
            f"use 16, 20, 24, 28 or 32 bytes (128..256 bits in steps of 32)")


def num_rounds(block_bytes: int, key_bytes: int) -> int:
    """Nr = max(Nb, Nk) + 6 (10..14)."""
    _check_length("block", block_bytes)
    _check_length("key", key_bytes)
    return max(block_bytes, key_bytes) // 4 + 6


# --------------------------------------------------------------------------------------------
# Key expansion (FIPS-197 Sec. 5.2, generalised to Nb != 4 as in the Rijndael proposal)
# --------------------------------------------------------------------------------------------
def _sub_word(word: list[int]) -> list[int]:
    return [SBOX[b] for b in word]


def expand_key_words(key: bytes, block_bytes: int = 16) -> list[list[int]]:
    """The Nb*(Nr+1) words w[i] of the key schedule, each a list of 4 bytes."""
    key = bytes(key)
    nr = num_rounds(block_bytes, len(key))
    nk, nb = len(key) // 4, block_bytes // 4
    words = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    for i in range(nk, nb * (nr + 1)):
        temp = list(words[i - 1])
        if i % nk == 0:
            temp = _sub_word(temp[1:] + temp[:1])  # SubWord(RotWord(temp))
            temp[0] ^= RCON[i // nk]
        elif nk > 6 and i % nk == 4:
            # Keys longer than 192 bits get one extra S-box pass half way through each key-length
            # stretch (FIPS-197 Fig. 11; the same rule holds for Nk = 7 in Rijndael).
            temp = _sub_word(temp)
        words.append([a ^ b for a, b in zip(words[i - nk], temp)])
    return words


@lru_cache(maxsize=512)
def _round_keys(key: bytes, block_bytes: int) -> tuple[tuple[int, ...], ...]:
    """Round keys as tuples of ints (cached: modes and MCT loops reuse one key many times)."""
    words = expand_key_words(key, block_bytes)
    nb = block_bytes // 4
    return tuple(tuple(b for w in words[r * nb:(r + 1) * nb] for b in w)
                 for r in range(len(words) // nb))


def expand_key(key: bytes, block_bytes: int = 16) -> list[bytes]:
    """The Nr+1 round keys, each block_bytes long: round key r = w[r*Nb .. r*Nb+Nb-1]."""
    return [bytes(rk) for rk in _round_keys(bytes(key), block_bytes)]


# --------------------------------------------------------------------------------------------
# Round transformations on the state (flat list, state[r + 4c])
# --------------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _shift_rows_index(nb: int, inverse: bool) -> tuple[int, ...]:
    """For each output position r+4c, the input position it comes from.

    ShiftRows rotates row r left by C_r: out[r][c] = in[r][(c + C_r) mod Nb];
    InvShiftRows rotates right: out[r][c] = in[r][(c - C_r) mod Nb].
    """
    offsets = (0,) + SHIFT_OFFSETS[nb]
    sign = -1 if inverse else 1
    return tuple(r + 4 * ((c + sign * offsets[r]) % nb) for c in range(nb) for r in range(4))


def sub_bytes(state: list[int]) -> list[int]:
    return [SBOX[b] for b in state]


def inv_sub_bytes(state: list[int]) -> list[int]:
    return [INV_SBOX[b] for b in state]


def shift_rows(state: list[int]) -> list[int]:
    return [state[i] for i in _shift_rows_index(len(state) // 4, False)]


def inv_shift_rows(state: list[int]) -> list[int]:
    return [state[i] for i in _shift_rows_index(len(state) // 4, True)]


def mix_columns(state: list[int]) -> list[int]:
    """Each column times a(x) = {03}x^3 + {01}x^2 + {01}x + {02} mod x^4 + 1 (FIPS-197 eq. 5.6)."""
    out: list[int] = []
    for c in range(0, len(state), 4):
        a0, a1, a2, a3 = state[c:c + 4]
        out += (MUL2[a0] ^ MUL3[a1] ^ a2 ^ a3,
                a0 ^ MUL2[a1] ^ MUL3[a2] ^ a3,
                a0 ^ a1 ^ MUL2[a2] ^ MUL3[a3],
                MUL3[a0] ^ a1 ^ a2 ^ MUL2[a3])
    return out


def inv_mix_columns(state: list[int]) -> list[int]:
    """Each column times a^-1(x) = {0b}x^3 + {0d}x^2 + {09}x + {0e} (FIPS-197 eq. 5.10)."""
    out: list[int] = []
    for c in range(0, len(state), 4):
        a0, a1, a2, a3 = state[c:c + 4]
        out += (MUL14[a0] ^ MUL11[a1] ^ MUL13[a2] ^ MUL9[a3],
                MUL9[a0] ^ MUL14[a1] ^ MUL11[a2] ^ MUL13[a3],
                MUL13[a0] ^ MUL9[a1] ^ MUL14[a2] ^ MUL11[a3],
                MUL11[a0] ^ MUL13[a1] ^ MUL9[a2] ^ MUL14[a3])
    return out


def add_round_key(state: list[int], round_key) -> list[int]:
    return [s ^ k for s, k in zip(state, round_key)]


# --------------------------------------------------------------------------------------------
# Block cipher, step by step (the specification, literally)
# --------------------------------------------------------------------------------------------
def _check_block_and_key(block: bytes, key: bytes) -> None:
    _check_length("block", len(block))
    _check_length("key", len(key))


def encrypt_block_reference(block: bytes, key: bytes) -> bytes:
    """Cipher (FIPS-197 Sec. 5.1, Fig. 5) spelled out one transformation at a time.

    encrypt_block() computes the same function faster; tests check the two agree for all sizes.
    """
    block, key = bytes(block), bytes(key)
    _check_block_and_key(block, key)
    rks = _round_keys(key, len(block))
    nr = len(rks) - 1
    state = add_round_key(list(block), rks[0])
    for rnd in range(1, nr):
        state = add_round_key(mix_columns(shift_rows(sub_bytes(state))), rks[rnd])
    state = add_round_key(shift_rows(sub_bytes(state)), rks[nr])  # final round: no MixColumns
    return bytes(state)


def decrypt_block_reference(block: bytes, key: bytes) -> bytes:
    """Inverse cipher (FIPS-197 Sec. 5.3, Fig. 12): the encryption steps undone in reverse order."""
    block, key = bytes(block), bytes(key)
    _check_block_and_key(block, key)
    rks = _round_keys(key, len(block))
    nr = len(rks) - 1
    state = add_round_key(list(block), rks[nr])
    for rnd in range(nr - 1, 0, -1):
        state = inv_mix_columns(add_round_key(inv_sub_bytes(inv_shift_rows(state)), rks[rnd]))
    state = add_round_key(inv_sub_bytes(inv_shift_rows(state)), rks[0])
    return bytes(state)


@lru_cache(maxsize=512)
def _equivalent_inverse_round_keys(key: bytes, block_bytes: int) -> tuple[tuple[int, ...], ...]:
    rks = _round_keys(key, block_bytes)
    nr = len(rks) - 1
    # InvMixColumns is linear, so it can be moved past AddRoundKey if it is applied to the round
    # key too; that is what lets the decryption round have the same order as the encryption round.
    middle = tuple(tuple(inv_mix_columns(list(rks[nr - i]))) for i in range(1, nr))
    return (rks[nr],) + middle + (rks[0],)


def equivalent_inverse_round_keys(key: bytes, block_bytes: int = 16) -> list[bytes]:
    """Decryption round keys of the equivalent inverse cipher (FIPS-197 Sec. 5.3.5), in order of use:
    dk[0] = rk[Nr], dk[i] = InvMixColumns(rk[Nr-i]) for i = 1..Nr-1, dk[Nr] = rk[0]."""
    return [bytes(k) for k in _equivalent_inverse_round_keys(bytes(key), block_bytes)]


def decrypt_block_equivalent(block: bytes, key: bytes) -> bytes:
    """Decryption through the equivalent inverse cipher (FIPS-197 Sec. 5.3.5, Fig. 15), step by step:
    each round is InvSubBytes, InvShiftRows, InvMixColumns, AddRoundKey(dk[i]), the same order as
    an encryption round, which is the structure a hardware decryption datapath usually has.
    Equals decrypt_block()."""
    block, key = bytes(block), bytes(key)
    _check_block_and_key(block, key)
    dks = _equivalent_inverse_round_keys(key, len(block))
    nr = len(dks) - 1
    state = add_round_key(list(block), dks[0])
    for rnd in range(1, nr):
        state = add_round_key(inv_mix_columns(inv_shift_rows(inv_sub_bytes(state))), dks[rnd])
    state = add_round_key(inv_shift_rows(inv_sub_bytes(state)), dks[nr])
    return bytes(state)


# --------------------------------------------------------------------------------------------
# Block cipher, table driven (same function, about 3x faster in CPython)
# --------------------------------------------------------------------------------------------
# ShiftRows and MixColumns are linear over GF(2) and SubBytes acts on one byte at a time, so the
# output of a round (before AddRoundKey) is the XOR, over every input byte position i, of the
# contribution that byte alone makes: MixColumns(ShiftRows(a state that is zero except S[x] at i)).
# Precomputing that contribution for each position and byte value (one 256-entry table per position,
# entries are whole states packed into Python ints) turns a round into 4*Nb lookups and XORs done
# in C (functools.reduce over map). The tables are built *from the step functions above*, so they
# inherit their correctness; this is the classic "T-table" idea, widened to the whole state.

def _contribution_tables(nb: int, sbox: bytes, steps) -> tuple[tuple[int, ...], ...]:
    """For each byte position i: a table x -> steps(state that is zero except sbox[x] at i)."""
    tables = []
    for i in range(4 * nb):
        # The steps are linear, so the contribution of a value y is the XOR of the contributions of
        # its set bits: run the steps for the 8 single-bit values only and combine.
        linear = [0] * 256
        for bit in range(8):
            state = [0] * (4 * nb)
            state[i] = 1 << bit
            for step in steps:
                state = step(state)
            linear[1 << bit] = int.from_bytes(bytes(state), "big")
        for y in range(1, 256):
            lowest = y & -y
            linear[y] = linear[lowest] ^ linear[y ^ lowest]
        tables.append(tuple(linear[sbox[x]] for x in range(256)))
    return tuple(tables)


@lru_cache(maxsize=None)
def _round_tables(nb: int, inverse: bool):
    """(middle-round tables, final-round tables) for block length nb words.

    Encryption rounds: SubBytes, ShiftRows, MixColumns (the final round has no MixColumns).
    Decryption rounds, equivalent inverse cipher: InvSubBytes, InvShiftRows, InvMixColumns.
    """
    if inverse:
        return (_contribution_tables(nb, INV_SBOX, (inv_shift_rows, inv_mix_columns)),
                _contribution_tables(nb, INV_SBOX, (inv_shift_rows,)))
    return (_contribution_tables(nb, SBOX, (shift_rows, mix_columns)),
            _contribution_tables(nb, SBOX, (shift_rows,)))


#: (key, block length, inverse) -> (first round key, middle round keys, last round key, middle-round
#: tables, final-round tables): everything a block needs, found with one dict lookup per block.
_PREPARED: dict = {}


def _prepare(key: bytes, block_bytes: int, inverse: bool):
    _check_length("block", block_bytes)
    _check_length("key", len(key))
    keys = (_equivalent_inverse_round_keys if inverse else _round_keys)(key, block_bytes)
    packed = [int.from_bytes(bytes(k), "big") for k in keys]  # byte 0 of a round key on top
    middle_tables, final_tables = _round_tables(block_bytes // 4, inverse)
    if len(_PREPARED) >= 512:
        _PREPARED.clear()
    prepared = _PREPARED[key, block_bytes, inverse] = (
        packed[0], tuple(packed[1:-1]), packed[-1], middle_tables, final_tables)
    return prepared


def _table_cipher(block: bytes, key: bytes, inverse: bool) -> bytes:
    n = len(block)
    key = bytes(key)
    prepared = _PREPARED.get((key, n, inverse)) or _prepare(key, n, inverse)
    first_key, middle_keys, last_key, middle, final = prepared
    state = int.from_bytes(block, "big") ^ first_key
    for round_key in middle_keys:
        state = reduce(xor, map(getitem, middle, state.to_bytes(n, "big")), round_key)
    state = reduce(xor, map(getitem, final, state.to_bytes(n, "big")), last_key)
    return state.to_bytes(n, "big")


def encrypt_block(block: bytes, key: bytes) -> bytes:
    """Encrypt one block (16/20/24/28/32 bytes) with a key (16/20/24/28/32 bytes)."""
    return _table_cipher(block, key, inverse=False)


def decrypt_block(block: bytes, key: bytes) -> bytes:
    """Decrypt one block; the inverse of encrypt_block() for the same key.

    Runs the equivalent inverse cipher's round order with the tables (InvMixColumns has to follow
    InvSubBytes/InvShiftRows inside a round for them to merge); decrypt_block_reference() is the
    plain inverse cipher of FIPS-197 Fig. 12, and the tests check that all three agree."""
    return _table_cipher(block, key, inverse=True)


# --------------------------------------------------------------------------------------------
# Modes of operation (NIST SP 800-38A), for any Rijndael block length
# --------------------------------------------------------------------------------------------
def xor_bytes(a: bytes, b: bytes) -> bytes:
    """XOR of two byte strings, as long as the shorter one (used for partial final blocks)."""
    n = min(len(a), len(b))
    # Through ints: one C-level XOR instead of a Python loop over the bytes.
    return (int.from_bytes(a[:n], "big") ^ int.from_bytes(b[:n], "big")).to_bytes(n, "big")


def _check_mode_args(mode: str, key: bytes, data: bytes, iv, block_bytes: int) -> str:
    _check_length("block", block_bytes)
    _check_length("key", len(key))
    declared = _modes.get(mode)
    mode = declared.name
    if not declared.needs_iv:
        if iv is not None:
            raise ValueError(f"mode {mode!r} takes no iv")
    elif iv is None:
        raise ValueError(f"mode {mode!r} needs an iv of {block_bytes} bytes")
    elif declared.any_iv_length:
        if not iv:
            raise ValueError(f"mode {mode!r} needs an iv of at least one byte")
    elif len(iv) != block_bytes:
        raise ValueError(f"iv is {len(iv)} bytes; mode {mode!r} with a {8 * block_bytes}-bit block "
                         f"needs {block_bytes}")
    if declared.whole_blocks and len(data) % block_bytes:
        raise ValueError(f"mode {mode!r} needs whole blocks: {len(data)} bytes is not a multiple "
                         f"of the {block_bytes}-byte block")
    return mode


def _blocks(data: bytes, size: int):
    return (data[i:i + size] for i in range(0, len(data), size))


def _ctr_keystream_blocks(key: bytes, counter: bytes, count: int):
    """E(counter), E(counter+1), ...: the whole block is one big-endian counter, mod 2^(8*len)."""
    n = len(counter)
    value, modulus = int.from_bytes(counter, "big"), 1 << (8 * n)
    for _ in range(count):
        yield encrypt_block(value.to_bytes(n, "big"), key)
        value = (value + 1) % modulus


# One function per mode: (key, data, iv, block_bytes, decrypting) -> bytes; arguments already checked.
def _ecb(key, data, iv, block_bytes, decrypting):
    op = decrypt_block if decrypting else encrypt_block
    return b"".join(op(blk, key) for blk in _blocks(data, block_bytes))


def _cbc(key, data, iv, block_bytes, decrypting):
    out, prev = bytearray(), iv
    for blk in _blocks(data, block_bytes):
        if decrypting:
            out += xor_bytes(decrypt_block(blk, key), prev)
            prev = blk
        else:
            prev = encrypt_block(xor_bytes(blk, prev), key)
            out += prev
    return bytes(out)


def _cfb128(key, data, iv, block_bytes, decrypting):
    # Full-block feedback: the cipher input is the previous *ciphertext* block. A short final
    # segment uses the leading bytes of the keystream block (SP 800-38A Sec. 6.3 with s = b).
    out, prev = bytearray(), iv
    for blk in _blocks(data, block_bytes):
        res = xor_bytes(blk, encrypt_block(prev, key))
        out += res
        prev = blk if decrypting else res
    return bytes(out)


def _cfb8(key, data, iv, block_bytes, decrypting):
    # 8-bit segments: the input block shifts left by one byte per byte, taking in the ciphertext.
    out, register = bytearray(), iv
    for byte in data:
        res = byte ^ encrypt_block(register, key)[0]
        out.append(res)
        register = register[1:] + bytes([byte if decrypting else res])
    return bytes(out)


def _ofb(key, data, iv, block_bytes, decrypting):
    out, stream = bytearray(), iv
    for blk in _blocks(data, block_bytes):
        stream = encrypt_block(stream, key)
        out += xor_bytes(blk, stream)
    return bytes(out)


def _ctr(key, data, iv, block_bytes, decrypting):
    count = -(-len(data) // block_bytes)
    return b"".join(xor_bytes(blk, ks) for blk, ks in
                    zip(_blocks(data, block_bytes), _ctr_keystream_blocks(key, iv, count)))


# --------------------------------------------------------------------------------------------
# GCM and GMAC (NIST SP 800-38D), AES block (128 bits) only
# --------------------------------------------------------------------------------------------
#: tag lengths in bytes GCM accepts here: 32..128 bits in whole bytes, as the engine. SP 800-38D
#: Sec. 5.2.1.2 lists 128, 120, 112, 104, 96 and (for special applications) 64 and 32 bits; the others
#: in between (40..88 bits) are accepted too because issue #15 asks for the whole range and the engine
#: truncates at byte granularity; use the SP 800-38D lengths unless you know why not.
GCM_TAG_BYTES = tuple(range(4, 17))


class AuthenticationError(ValueError):
    """GCM decryption: the tag does not match; no plaintext is released."""


def _ghash(h: int, data: bytes) -> int:
    """GHASH_H over data, a whole number of 16-byte blocks (SP 800-38D Algorithm 2)."""
    y = 0
    for i in range(0, len(data), 16):
        y = gf128_mul(y ^ int.from_bytes(data[i:i + 16], "big"), h)
    return y


def _pad16(data: bytes) -> bytes:
    return data + bytes(-len(data) % 16)


def gcm_j0(key: bytes, iv: bytes) -> bytes:
    """The pre-counter block J0 (SP 800-38D Algorithm 4 step 2): IV || 0^31 || 1 for a 96-bit IV,
    GHASH_H(IV || 0^(s+64) || [len(IV)]_64) otherwise."""
    if len(iv) == 12:
        return bytes(iv) + b"\x00\x00\x00\x01"
    h = int.from_bytes(encrypt_block(bytes(16), key), "big")
    return _ghash(h, _pad16(iv) + (8 * len(iv)).to_bytes(16, "big")).to_bytes(16, "big")


def _inc32(block: bytes) -> bytes:
    return block[:12] + ((int.from_bytes(block[12:], "big") + 1) & 0xFFFFFFFF).to_bytes(4, "big")


def _gcm_check(key: bytes, iv: bytes, tag_bytes: int) -> None:
    if len(key) not in (16, 24, 32):
        raise ValueError(f"GCM needs an AES key of 128, 192 or 256 bits, got {8 * len(key)} bits")
    if iv is None or len(iv) == 0:
        raise ValueError("GCM needs an IV of at least one byte (12 bytes recommended)")
    if tag_bytes not in GCM_TAG_BYTES:
        raise ValueError(f"GCM tag of {8 * tag_bytes} bits: supported are 32..128 bits in multiples of 8")


def _gcm_core(key: bytes, iv: bytes, data: bytes, aad: bytes, decrypting: bool) -> tuple[bytes, bytes]:
    """(output, full 16-byte tag) of GCTR over data and GHASH over aad and the ciphertext."""
    h = int.from_bytes(encrypt_block(bytes(16), key), "big")
    j0 = gcm_j0(key, iv)
    count = -(-len(data) // 16)
    counter, stream = j0, []
    for _ in range(count):
        counter = _inc32(counter)
        stream.append(encrypt_block(counter, key))
    out = xor_bytes(data, b"".join(stream)) if data else b""
    cipher = data if decrypting else out
    lengths = (8 * len(aad)).to_bytes(8, "big") + (8 * len(cipher)).to_bytes(8, "big")
    s = _ghash(h, _pad16(aad) + _pad16(cipher) + lengths)
    tag = xor_bytes(s.to_bytes(16, "big"), encrypt_block(j0, key))
    return out, tag


def gcm_encrypt(key: bytes, iv: bytes, plaintext: bytes, aad: bytes = b"", tag_bits: int = 128) -> tuple[bytes, bytes]:
    """GCM authenticated encryption (SP 800-38D Algorithm 4): (ciphertext, tag of tag_bits bits).
    With an empty plaintext this is GMAC over aad."""
    key, iv, plaintext, aad = bytes(key), bytes(iv), bytes(plaintext), bytes(aad)
    if tag_bits % 8:
        raise ValueError(f"GCM tag of {tag_bits} bits: supported are 32..128 bits in multiples of 8")
    _gcm_check(key, iv, tag_bits // 8)
    out, tag = _gcm_core(key, iv, plaintext, aad, decrypting=False)
    return out, tag[:tag_bits // 8]


def gcm_decrypt(key: bytes, iv: bytes, ciphertext: bytes, tag: bytes, aad: bytes = b"") -> bytes:
    """GCM authenticated decryption (SP 800-38D Algorithm 5): the plaintext, or AuthenticationError
    when the tag (its length is the tag length) does not match."""
    key, iv, ciphertext, tag, aad = bytes(key), bytes(iv), bytes(ciphertext), bytes(tag), bytes(aad)
    _gcm_check(key, iv, len(tag))
    out, expected = _gcm_core(key, iv, ciphertext, aad, decrypting=True)
    # Constant-time compare as a habit; this model is not a side-channel-hardened implementation.
    diff = 0
    for a, b in zip(expected[:len(tag)], tag):
        diff |= a ^ b
    if diff:
        raise AuthenticationError("authentication failed")
    return out


def _gcm(key, data, iv, block_bytes, decrypting, aad=b"", tag_bits=128):
    # encrypt(): data -> ciphertext || tag; decrypt(): ciphertext || tag -> plaintext (or AuthenticationError)
    if block_bytes != 16:
        raise ValueError(f"GCM is defined for a 128-bit block, not {8 * block_bytes} bits")
    if decrypting:
        n = tag_bits // 8
        if len(data) < n:
            raise AuthenticationError("authentication failed: the input is shorter than the tag")
        return gcm_decrypt(key, iv, data[:len(data) - n], data[len(data) - n:], aad)
    out, tag = gcm_encrypt(key, iv, data, aad, tag_bits)
    return out + tag


#: the algorithm of every mode declared in rijndael_hw.modes (tests/model/test_modes.py checks both match)
_CIPHERS = {"ecb": _ecb, "cbc": _cbc, "cfb128": _cfb128, "cfb8": _cfb8, "ofb": _ofb, "ctr": _ctr, "gcm": _gcm}


def _crypt(mode: str, key: bytes, data: bytes, iv, block_bytes: int, decrypting: bool, **extra) -> bytes:
    key, data = bytes(key), bytes(data)
    iv = None if iv is None else bytes(iv)
    mode = _check_mode_args(mode, key, data, iv, block_bytes)
    if extra and not _modes.get(mode).authenticated:
        raise ValueError(f"mode {mode!r} takes no {', '.join(extra)}")
    return _CIPHERS[mode](key, data, iv, block_bytes, decrypting, **extra)


def encrypt(mode: str, key: bytes, data: bytes, iv: bytes | None = None, block_bytes: int = 16, **extra) -> bytes:
    """Encrypt `data` in `mode` ("ecb", "cbc", "cfb128", "cfb8", "ofb", "ctr", "gcm").

    ECB/CBC need whole blocks; the stream-like modes accept any length. `iv` is the initialisation
    vector (the initial counter block for CTR) and must be absent for ECB. GCM takes `aad=` and
    `tag_bits=` (default 128) and returns the ciphertext followed by the tag.
    """
    return _crypt(mode, key, data, iv, block_bytes, decrypting=False, **extra)


def decrypt(mode: str, key: bytes, data: bytes, iv: bytes | None = None, block_bytes: int = 16, **extra) -> bytes:
    """Inverse of encrypt() with the same arguments (GCM: raises AuthenticationError on a tag mismatch)."""
    return _crypt(mode, key, data, iv, block_bytes, decrypting=True, **extra)
