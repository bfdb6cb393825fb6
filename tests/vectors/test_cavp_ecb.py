"""Published and model-computed vectors through the simulated RTL (Verilator batch harness).

- every ECB KAT and MMT file of cryptography-vectors (NIST CAVP AESAVS), in the files' own directions;
- the ECB Monte Carlo Test for AES-128/192/256 in both directions, against the model-driven cavp.mct
  (no package ships ECB MCT results; the committed model output is checked in tests/model);
- all 25 Rijndael block x key sizes on the `rijndael` configuration, against the model and against the
  published vectors in tests/vectors/rijndael_large_blocks.jsonl, also under random stalls.
Expected values never come from the RTL.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from rijndael_hw import cavp, configs, model, sim

HERE = Path(__file__).resolve().parent
LARGE_BLOCK_VECTORS = HERE / "rijndael_large_blocks.jsonl"
ECB_MCT_DIR = HERE / "cavp"
SIZES = (128, 160, 192, 224, 256)


def _ecb_files() -> list[Path]:
    return [p for p in cavp.vector_files(mode="ecb") if "cryptography_vectors" in str(p)]


ECB_FILES = _ecb_files()


@pytest.fixture(scope="module")
def iterative():
    with sim.Harness("iterative") as harness:
        yield harness


@pytest.fixture(scope="module")
def rijndael():
    with sim.Harness("rijndael") as harness:
        yield harness


def _split(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)]


def run_records(harness: sim.Harness, records: list[dict], directions=("encrypt", "decrypt")):
    """All records in one batch; returns a list of (record, direction, got, expected) mismatches."""
    commands, checks = [], []
    for record in records:
        size = record["block_bits"] // 8
        commands.append(("K", record["key"], record["block_bits"]))
        for direction in directions if record["direction"] == "both" else (record["direction"],):
            decrypt = direction == "decrypt"
            source, want = (record["ciphertext"], record["plaintext"]) if decrypt else \
                           (record["plaintext"], record["ciphertext"])
            blocks = _split(source, size)
            commands += [("D" if decrypt else "E", block) for block in blocks]
            checks.append((record, direction, len(blocks), want))
    results = iter(harness.run(commands).results)
    mismatches = []
    for record, direction, count, want in checks:
        got = [next(results) for _ in range(count)]
        if None in got or b"".join(got) != want:
            mismatches.append((record["count"], direction, got, want.hex()))
    return mismatches


def test_cryptography_vectors_are_installed():
    assert len(ECB_FILES) == 15, [p.name for p in ECB_FILES]


@pytest.mark.parametrize("path", ECB_FILES, ids=lambda p: p.stem)
def test_ecb_kat_and_mmt_files(iterative, path):
    records = cavp.parse_rsp(path)
    assert {r["direction"] for r in records} == {"encrypt", "decrypt"}
    assert run_records(iterative, records) == []


def _mct_fields(record: dict) -> dict:
    return {name: record[name] for name in ("count", "key", "iv", "plaintext", "ciphertext")}


def expected_ecb_mct(key_bits: int, direction: str) -> list[dict]:
    """The model's ECB MCT records: from the committed tests/vectors/cavp/ECBMCT*.rsp, which tests/model
    checks against the model, pycryptodome and NIST's published COUNT = 99 results (saves recomputing
    100,000 model blocks per case); computed with the model when the file is absent."""
    path = ECB_MCT_DIR / f"ECBMCT{key_bits}.rsp"
    if path.exists():
        return [r for r in cavp.parse_rsp(path) if r["direction"] == direction]
    return cavp.ecb_mct_records(key_bits, direction)


@pytest.mark.parametrize("direction", ["encrypt", "decrypt"])
@pytest.mark.parametrize("key_bits", [128, 192, 256])
def test_ecb_monte_carlo(iterative, key_bits, direction):
    expected = expected_ecb_mct(key_bits, direction)
    got = cavp.ecb_mct_records(key_bits, direction, iterative.block_fn)  # RTL, one block at a time
    assert len(expected) == len(got) == 100
    for want, have in zip(expected, got):
        assert _mct_fields(have) == _mct_fields(want), f"MCT COUNT = {want['count']} differs"


@pytest.mark.parametrize("key_bits", SIZES)
@pytest.mark.parametrize("block_bits", SIZES)
def test_rijndael_sizes_against_model(rijndael, block_bits, key_bits):
    rng = random.Random(block_bits * 1000 + key_bits)
    key = rng.randbytes(key_bits // 8)
    plain = [rng.randbytes(block_bits // 8) for _ in range(6)]
    cipher = [model.encrypt_block(p, key) for p in plain]
    rijndael.load_key(key, block_bits)
    assert rijndael.encrypt(plain) == cipher
    assert rijndael.decrypt(cipher) == plain
    # two-stage datapath (docs/core-interface.md): a round takes two clocks, a result 2*Nr + 2 after its block,
    # one clock more with block-RAM S-boxes (`rijndael`: the block waits a clock in a register before the rounds)
    assert rijndael.last_stats["latency_min"] == 2 * configs.get("rijndael").nr(block_bits, key_bits) + 3


def test_rijndael_published_vectors(rijndael):
    if not LARGE_BLOCK_VECTORS.exists():
        pytest.skip(f"{LARGE_BLOCK_VECTORS.name} not added yet")
    records = [r for r in cavp.read_jsonl(LARGE_BLOCK_VECTORS) if r["mode"] == "ecb"]
    assert records
    assert run_records(rijndael, records) == []


@pytest.mark.parametrize("stall", [0.25, 0.6])
def test_rijndael_mixed_sizes_under_stalls(stall):
    # Key changes between any two sizes mid-stream, both directions, random in/out back-pressure.
    rng = random.Random(3)
    commands, expected, key = [], [], None
    for _ in range(300):
        if key is None or rng.random() < 0.1:
            block_bits, key = rng.choice(SIZES), rng.randbytes(rng.choice(SIZES) // 8)
            commands.append(("K", key, block_bits))
        block = rng.randbytes(block_bits // 8)
        decrypt = rng.random() < 0.5
        commands.append(("D" if decrypt else "E", block))
        expected.append(model.decrypt_block(block, key) if decrypt else model.encrypt_block(block, key))
    with sim.Harness("rijndael", seed=5, in_stall=stall, out_stall=stall) as harness:
        assert harness.run(commands).results == expected
