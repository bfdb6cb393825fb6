"""The golden model (rijndael_hw.model) against published values and an independent implementation.

Sources of expected values:
- FIPS-197 (NIST, 2001): Appendix A (key expansion), Appendix C (example vectors, with the round keys
  listed there), Sec. 4.2 (field arithmetic examples), Sec. 5.1.1 / Fig. 7 and 14 (S-box entries);
- tests/vectors/rijndael_large_blocks.jsonl: Brian Gladman's vectors for all 25 block x key sizes
  (source named in the file's header);
- pycryptodome's AES for random AES-size blocks in every mode.
Nothing here is compared against values produced by the model itself, except where the check is a
property (round trips, the equivalent inverse cipher, the fast path versus the step-by-step path).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from Crypto.Cipher import AES
from Crypto.Util import Counter

from rijndael_hw import cavp, model, modes

#: the modes that map data to data of the same length (GCM adds a tag: tested on its own below)
UNAUTHENTICATED = [m for m in model.MODES if not modes.get(m).authenticated]

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
LARGE_BLOCKS = VECTORS / "rijndael_large_blocks.jsonl"
SIZES = model.VALID_LENGTHS  # 16, 20, 24, 28, 32 bytes
ALL_SIZE_PAIRS = [(nb, nk) for nb in SIZES for nk in SIZES]


def size_id(pair) -> str:
    return f"block{8 * pair[0]}-key{8 * pair[1]}"


# --------------------------------------------------------------------------------------------
# Field arithmetic, S-box, round constants
# --------------------------------------------------------------------------------------------
def test_field_arithmetic_examples_from_fips197_sec_4_2():
    assert model.gf_mul(0x57, 0x83) == 0xC1          # Sec. 4.2
    assert model.xtime(0x57) == 0xAE                  # Sec. 4.2.1
    assert model.gf_mul(0x57, 0x13) == 0xFE           # Sec. 4.2.1
    assert all(model.gf_mul(a, model.gf_inv(a)) == 1 for a in range(1, 256))


@pytest.mark.parametrize("x, sx", [(0x00, 0x63), (0x01, 0x7C), (0x10, 0xCA), (0x53, 0xED),
                                   (0x9A, 0xB8), (0xC9, 0xDD), (0xFF, 0x16)])
def test_sbox_entries_from_fips197_fig7(x, sx):
    assert model.SBOX[x] == sx


@pytest.mark.parametrize("x, ix", [(0x00, 0x52), (0x01, 0x09), (0x63, 0x00), (0xED, 0x53), (0xFF, 0x7D)])
def test_inverse_sbox_entries_from_fips197_fig14(x, ix):
    assert model.INV_SBOX[x] == ix


def test_sbox_is_a_permutation_without_fixed_points():
    assert sorted(model.SBOX) == list(range(256))
    assert all(model.INV_SBOX[model.SBOX[x]] == x for x in range(256))
    # Design properties of the Rijndael S-box: no fixed points and no "opposite" fixed points.
    assert all(model.SBOX[x] != x and model.SBOX[x] != x ^ 0xFF for x in range(256))


def test_round_constants_continue_past_0x36():
    # 0x01 .. 0x36 are FIPS-197's; Rijndael with wide blocks and short keys continues with x^i.
    expected = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36,
                0x6C, 0xD8, 0xAB, 0x4D, 0x9A, 0x2F, 0x5E, 0xBC, 0x63, 0xC6]
    assert list(model.RCON[1:21]) == expected
    assert len(model.RCON) - 1 >= 29  # Nb = 8, Nk = 4 uses Rcon[1..29]
    assert all(model.RCON[i + 1] == model.xtime(model.RCON[i]) for i in range(1, len(model.RCON) - 1))


# --------------------------------------------------------------------------------------------
# Key expansion (FIPS-197 Appendix A)
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key, spot_words", [
    # A.1, 128-bit key: w[4] .. w[7] and the last four words w[40] .. w[43]
    ("2b7e151628aed2a6abf7158809cf4f3c",
     {4: "a0fafe17", 5: "88542cb1", 6: "23a33939", 7: "2a6c7605",
      40: "d014f9a8", 41: "c9ee2589", 42: "e13f0cc8", 43: "b6630ca6"}),
    # A.2, 192-bit key: w[6] and the last four words w[48] .. w[51]
    ("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
     {6: "fe0c91f7", 48: "e98ba06f", 49: "448c773c", 50: "8ecc7204", 51: "01002202"}),
    # A.3, 256-bit key: w[8], w[12] (the extra SubWord step) and the last four words w[56] .. w[59]
    ("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
     {8: "9ba35411", 12: "a8b09c1a", 56: "fe4890d1", 57: "e6188d0b", 58: "046df344", 59: "706c631e"}),
], ids=["A.1-128", "A.2-192", "A.3-256"])
def test_key_expansion_fips197_appendix_a(key, spot_words):
    words = model.expand_key_words(bytes.fromhex(key))
    assert len(words) == 4 * (model.num_rounds(16, len(key) // 2) + 1)
    for index, word in spot_words.items():
        assert bytes(words[index]).hex() == word, f"w[{index}]"


def test_round_keys_fips197_appendix_c():
    # FIPS-197 Appendix C lists the round keys used: round[10].k_sch (C.1), round[12] (C.2),
    # round[14] (C.3), and for C.1 the inverse ciphers' round[1].ik_sch.
    rk = model.expand_key(bytes(range(16)))
    assert rk[10].hex() == "13111d7fe3944a17f307a78b4d2b30c5"
    assert rk[9].hex() == "549932d1f08557681093ed9cbe2c974e"
    assert model.expand_key(bytes(range(24)))[12].hex() == "a4970a331a78dc09c418c271e3a41d5d"
    assert model.expand_key(bytes(range(32)))[14].hex() == "24fc79ccbf0979e9371ac23c6d68de36"
    dk = model.equivalent_inverse_round_keys(bytes(range(16)))
    assert dk[1].hex() == "13aa29be9c8faff6f770f58000f7bf03"  # C.1, EQUIVALENT INVERSE CIPHER


@pytest.mark.parametrize("nb, nk", ALL_SIZE_PAIRS, ids=[size_id(p) for p in ALL_SIZE_PAIRS])
def test_round_key_shapes(nb, nk):
    key = random.Random(nb * 100 + nk).randbytes(nk)
    nr = model.num_rounds(nb, nk)
    assert nr == max(nb, nk) // 4 + 6
    rks = model.expand_key(key, nb)
    assert len(rks) == nr + 1 and all(len(k) == nb for k in rks)
    assert b"".join(rks)[:nk] == key  # the key itself starts the schedule
    dks = model.equivalent_inverse_round_keys(key, nb)
    assert len(dks) == nr + 1
    assert dks[0] == rks[nr] and dks[nr] == rks[0]
    for i in range(1, nr):
        assert dks[i] == bytes(model.inv_mix_columns(list(rks[nr - i])))
        assert bytes(model.mix_columns(list(dks[i]))) == rks[nr - i]


def test_key_schedule_words_do_not_depend_on_block_length():
    # w[i] is a function of the key only; the block length only decides how many words are needed.
    # Nb = 8, Nk = 4 needs 120 words and Rcon[1..29]: its first 44 words must be AES-128's.
    key = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
    long = model.expand_key_words(key, 32)
    assert len(long) == 8 * (14 + 1)
    assert long[:44] == model.expand_key_words(key, 16)
    for i in range(4, len(long), 4):  # every 4th word applies Rcon[i/4], up to Rcon[29]
        temp = long[i - 1]
        expected = [model.SBOX[b] for b in temp[1:] + temp[:1]]
        expected[0] ^= model.RCON[i // 4]
        assert long[i] == [a ^ b for a, b in zip(long[i - 4], expected)]


def test_nr_table():
    assert [model.num_rounds(16, nk) for nk in SIZES] == [10, 11, 12, 13, 14]
    assert [model.num_rounds(nb, 16) for nb in SIZES] == [10, 11, 12, 13, 14]
    assert model.num_rounds(28, 20) == 13 and model.num_rounds(20, 28) == 13


# --------------------------------------------------------------------------------------------
# Block cipher: FIPS-197 Appendix C and the published Rijndael vectors
# --------------------------------------------------------------------------------------------
FIPS197_APPENDIX_C = [
    ("C.1", "000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
    ("C.2", "000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
    ("C.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     "8ea2b7ca516745bfeafc49904b496089"),
]
FIPS197_PLAINTEXT = bytes.fromhex("00112233445566778899aabbccddeeff")


@pytest.mark.parametrize("name, key, ciphertext", FIPS197_APPENDIX_C, ids=[c[0] for c in FIPS197_APPENDIX_C])
def test_fips197_appendix_c(name, key, ciphertext):
    key, ciphertext = bytes.fromhex(key), bytes.fromhex(ciphertext)
    assert model.encrypt_block(FIPS197_PLAINTEXT, key) == ciphertext
    assert model.encrypt_block_reference(FIPS197_PLAINTEXT, key) == ciphertext
    assert model.decrypt_block(ciphertext, key) == FIPS197_PLAINTEXT
    assert model.decrypt_block_reference(ciphertext, key) == FIPS197_PLAINTEXT
    assert model.decrypt_block_equivalent(ciphertext, key) == FIPS197_PLAINTEXT


def test_fips197_appendix_c1_first_round_start():
    # C.1 round[1].start: the state after the initial AddRoundKey.
    key = bytes.fromhex(FIPS197_APPENDIX_C[0][1])
    state = model.add_round_key(list(FIPS197_PLAINTEXT), model.expand_key(key)[0])
    assert bytes(state).hex() == "00102030405060708090a0b0c0d0e0f0"
    # ... and round[1].s_box, s_row, m_col of the same appendix.
    state = model.sub_bytes(state)
    assert bytes(state).hex() == "63cab7040953d051cd60e0e7ba70e18c"
    state = model.shift_rows(state)
    assert bytes(state).hex() == "6353e08c0960e104cd70b751bacad0e7"
    state = model.mix_columns(state)
    assert bytes(state).hex() == "5f72641557f5bc92f7be3b291db9f91a"


LARGE_BLOCK_RECORDS = cavp.read_jsonl(LARGE_BLOCKS)


def test_large_block_file_covers_all_25_sizes():
    sizes = {(r["block_bits"], r["key_bits"]) for r in LARGE_BLOCK_RECORDS}
    assert sizes == {(8 * nb, 8 * nk) for nb, nk in ALL_SIZE_PAIRS}


@pytest.mark.parametrize("record", LARGE_BLOCK_RECORDS,
                         ids=[f"block{r['block_bits']}-key{r['key_bits']}" for r in LARGE_BLOCK_RECORDS])
def test_published_rijndael_vectors(record):
    key, pt, ct = record["key"], record["plaintext"], record["ciphertext"]
    assert model.encrypt(record["mode"], key, pt, record["iv"], record["block_bits"] // 8) == ct
    assert model.decrypt(record["mode"], key, ct, record["iv"], record["block_bits"] // 8) == pt
    assert model.encrypt_block_reference(pt, key) == ct
    assert model.decrypt_block_reference(ct, key) == pt
    assert model.decrypt_block_equivalent(ct, key) == pt


# --------------------------------------------------------------------------------------------
# All 25 sizes: fast path = step-by-step path, round trips, equivalent inverse cipher
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("nb, nk", ALL_SIZE_PAIRS, ids=[size_id(p) for p in ALL_SIZE_PAIRS])
def test_all_sizes_round_trip_and_equivalent_inverse(nb, nk):
    rng = random.Random(1000 * nb + nk)
    for _ in range(8):
        block, key = rng.randbytes(nb), rng.randbytes(nk)
        ct = model.encrypt_block(block, key)
        assert len(ct) == nb
        assert ct == model.encrypt_block_reference(block, key)
        assert model.decrypt_block(ct, key) == block
        assert model.decrypt_block_reference(ct, key) == block
        assert model.decrypt_block_equivalent(ct, key) == block
        # decryption of an arbitrary block too (not only of something we encrypted)
        assert model.decrypt_block_equivalent(block, key) == model.decrypt_block(block, key)


@pytest.mark.parametrize("nb", SIZES)
def test_all_block_sizes_in_every_mode_round_trip(nb):
    rng = random.Random(nb)
    key = rng.randbytes(24)
    for mode in UNAUTHENTICATED:
        iv = None if mode == "ecb" else rng.randbytes(nb)
        for length in ([nb, 3 * nb] if mode in ("ecb", "cbc") else [1, nb - 1, nb, 2 * nb + 5]):
            data = rng.randbytes(length)
            ct = model.encrypt(mode, key, data, iv, nb)
            assert len(ct) == length
            assert model.decrypt(mode, key, ct, iv, nb) == data, (mode, length)


def test_shift_rows_offsets():
    # Rijndael proposal, Table 2: C1, C2, C3 by block length
    assert model.SHIFT_OFFSETS == {4: (1, 2, 3), 5: (1, 2, 3), 6: (1, 2, 3), 7: (1, 2, 4), 8: (1, 3, 4)}
    for nb, offsets in model.SHIFT_OFFSETS.items():
        state = list(range(4 * nb))  # state[r + 4c] = r + 4c
        shifted = model.shift_rows(state)
        for r in range(4):
            for c in range(nb):
                shift = 0 if r == 0 else offsets[r - 1]
                assert shifted[r + 4 * c] == r + 4 * ((c + shift) % nb)
        assert model.inv_shift_rows(shifted) == state


# --------------------------------------------------------------------------------------------
# AES sizes against pycryptodome, every mode, partial final blocks
# --------------------------------------------------------------------------------------------
def pycryptodome_cipher(mode: str, key: bytes, iv: bytes | None):
    if mode == "ecb":
        return AES.new(key, AES.MODE_ECB)
    if mode == "cbc":
        return AES.new(key, AES.MODE_CBC, iv=iv)
    if mode == "cfb128":
        return AES.new(key, AES.MODE_CFB, iv=iv, segment_size=128)
    if mode == "cfb8":
        return AES.new(key, AES.MODE_CFB, iv=iv, segment_size=8)
    if mode == "ofb":
        return AES.new(key, AES.MODE_OFB, iv=iv)
    if mode == "ctr":
        return AES.new(key, AES.MODE_CTR, counter=Counter.new(128, initial_value=int.from_bytes(iv, "big")))
    raise AssertionError(mode)


@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_random_blocks_against_pycryptodome(key_bytes):
    rng = random.Random(key_bytes)
    for _ in range(40):
        key, data = rng.randbytes(key_bytes), rng.randbytes(16 * 5)
        ecb = AES.new(key, AES.MODE_ECB)
        assert model.encrypt("ecb", key, data) == ecb.encrypt(data)
        assert model.decrypt("ecb", key, data) == ecb.decrypt(data)


@pytest.mark.parametrize("mode", UNAUTHENTICATED)
@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_modes_against_pycryptodome(mode, key_bytes):
    rng = random.Random(f"{mode}-{key_bytes}")
    lengths = [16, 48, 160] if mode in ("ecb", "cbc") else [1, 15, 16, 17, 33, 47, 100]
    for length in lengths:
        key, data = rng.randbytes(key_bytes), rng.randbytes(length)
        iv = None if mode == "ecb" else rng.randbytes(16)
        expected = pycryptodome_cipher(mode, key, iv).encrypt(data)
        assert model.encrypt(mode, key, data, iv) == expected, length
        assert model.decrypt(mode, key, expected, iv) == data, length
        assert pycryptodome_cipher(mode, key, iv).decrypt(data) == model.decrypt(mode, key, data, iv)


def test_ctr_counter_wraps_modulo_the_block():
    key = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
    iv = b"\xff" * 16
    ecb = AES.new(key, AES.MODE_ECB)
    keystream = ecb.encrypt(iv) + ecb.encrypt(bytes(16)) + ecb.encrypt(bytes(15) + b"\x01")
    assert model.encrypt("ctr", key, bytes(40), iv) == keystream[:40]
    # and for a 256-bit block: the counter is the whole block
    key32 = bytes(range(32))
    iv32 = b"\xff" * 32
    expected = model.encrypt_block(iv32, key32) + model.encrypt_block(bytes(32), key32)
    assert model.encrypt("ctr", key32, bytes(64), iv32, 32) == expected


def test_nist_sp800_38a_ctr_f51():
    # NIST SP 800-38A Appendix F.5.1 (CTR-AES128.Encrypt), first two blocks.
    key = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")
    counter = bytes.fromhex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
    pt = bytes.fromhex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51")
    ct = bytes.fromhex("874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff")
    assert model.encrypt("ctr", key, pt, counter) == ct


# --------------------------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, message", [
    (lambda: model.encrypt_block(bytes(15), bytes(16)), "block length 15 bytes"),
    (lambda: model.decrypt_block(bytes(16), bytes(17)), "key length 17 bytes"),
    (lambda: model.decrypt_block_equivalent(bytes(33), bytes(16)), "block length 33"),
    (lambda: model.expand_key(bytes(16), 18), "block length 18"),
    (lambda: model.expand_key(bytes(12)), "key length 12"),
    (lambda: model.equivalent_inverse_round_keys(bytes(16), 64), "block length 64"),
    (lambda: model.num_rounds(16, 0), "key length 0"),
    (lambda: model.encrypt("ecb", bytes(16), bytes(20)), "whole blocks"),
    (lambda: model.decrypt("cbc", bytes(16), bytes(17), bytes(16)), "whole blocks"),
    (lambda: model.encrypt("cbc", bytes(16), bytes(16)), "needs an iv"),
    (lambda: model.encrypt("ofb", bytes(16), bytes(16), bytes(8)), "iv is 8 bytes"),
    (lambda: model.encrypt("ecb", bytes(16), bytes(16), bytes(16)), "takes no iv"),
    (lambda: model.encrypt("xts", bytes(16), bytes(16), bytes(16)), "unknown mode"),
    (lambda: model.encrypt("ctr", bytes(16), bytes(40), bytes(16), 40), "block length 40"),
])
def test_errors_name_the_problem(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_stream_modes_accept_empty_and_partial_data():
    key, iv = bytes(16), bytes(16)
    for mode in ("cfb128", "cfb8", "ofb", "ctr"):
        assert model.encrypt(mode, key, b"", iv) == b""
        assert len(model.encrypt(mode, key, b"abc", iv)) == 3
    assert model.encrypt("ecb", key, b"") == b""


# --------------------------------------------------------------------------------------------
# GCM (SP 800-38D) against pycryptodome: every key length, IVs of 1..60 bytes, AAD and payload of
# any length including 0, every tag length; a changed tag, ciphertext or AAD bit is rejected.
@pytest.mark.parametrize("key_bytes", [16, 24, 32])
def test_gcm_against_pycryptodome(key_bytes):
    rng = random.Random(f"gcm-{key_bytes}")
    for i in range(60):
        key = rng.randbytes(key_bytes)
        iv = rng.randbytes(rng.choice([12, 12, 1, 8, 16, 17, 60]))
        aad, data = rng.randbytes(rng.choice([0, 1, 13, 16, 40])), rng.randbytes(rng.choice([0, 1, 15, 16, 17, 70]))
        tag_bytes = rng.randrange(4, 17)
        ref = AES.new(key, AES.MODE_GCM, nonce=iv, mac_len=tag_bytes)
        ref.update(aad)
        ct, tag = ref.encrypt_and_digest(data)
        assert model.gcm_encrypt(key, iv, data, aad, 8 * tag_bytes) == (ct, tag)
        assert model.encrypt("gcm", key, data, iv, aad=aad, tag_bits=8 * tag_bytes) == ct + tag
        assert model.gcm_decrypt(key, iv, ct, tag, aad) == data
        bad = bytearray(ct + tag)
        bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
        with pytest.raises(model.AuthenticationError, match="authentication failed"):
            model.decrypt("gcm", key, bytes(bad), iv, aad=aad, tag_bits=8 * tag_bytes)
        if aad:
            with pytest.raises(model.AuthenticationError):
                model.gcm_decrypt(key, iv, ct, tag, aad[:-1])


def test_gcm_refuses_what_it_does_not_define():
    key = bytes(16)
    with pytest.raises(ValueError, match="at least one byte"):
        model.gcm_encrypt(key, b"", b"")
    for bits in (24, 136, 100):
        with pytest.raises(ValueError, match="32..128 bits"):
            model.gcm_encrypt(key, bytes(12), b"", tag_bits=bits)
    with pytest.raises(ValueError, match="AES key"):
        model.gcm_encrypt(bytes(20), bytes(12), b"")
    with pytest.raises(ValueError, match="128-bit block"):
        model.encrypt("gcm", bytes(16), b"", bytes(12), 32)
    with pytest.raises(ValueError, match="takes no aad"):
        model.encrypt("ctr", key, b"", bytes(16), aad=b"x")
