"""Published vectors through the simulated engine: `rijndael vectors --engine`.

CAVP CBC/CFB128/OFB KAT, MMT and MCT files (installed vector packages), the NIST SP 800-38A CTR
examples (F.5), and Rijndael's larger blocks in ECB (published, tests/vectors/rijndael_large_blocks.jsonl)
and CBC (expected values from the golden model). Expected values never come from the RTL.

Default run: one KAT and one MMT file per mode and key size, SP 800-38A, large blocks, a corrupted
file that must fail. --full: every KAT/MMT/MCT file, with random stalls and other TDATA widths.
Run: .venv/bin/python -m pytest -q tests/system/test_engine_vectors.py [--full]
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from Crypto.Cipher import AES

from rijndael_hw import cavp, model, vectors

REPO_ROOT = Path(__file__).resolve().parents[2]
LARGE_BLOCKS = REPO_ROOT / "tests" / "vectors" / "rijndael_large_blocks.jsonl"


def rijndael(*args) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-m", "rijndael_hw.cli", *map(str, args)], capture_output=True,
                          text=True, env=env, timeout=1800)


def cavp_file(name: str) -> Path:
    mode = cavp.rsp_file_info(name)[0]
    return next(p for p in cavp.unique_files(cavp.vector_files(mode=mode)) if p.name == name)


def run_jsonl(*args) -> tuple[subprocess.CompletedProcess, list[dict]]:
    result = rijndael("vectors", "--engine", "--jsonl", *args)
    return result, [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def test_sp800_38a_values_match_pycryptodome():
    """The CTR values typed into vectors.py are the published ones (pycryptodome agrees)."""
    for record in vectors.sp800_38a_ctr_records():
        cipher = AES.new(record["key"], AES.MODE_CTR, nonce=b"", initial_value=int.from_bytes(record["iv"], "big"))
        assert cipher.encrypt(record["plaintext"]) == record["ciphertext"]


QUICK = [f"{mode}{test}{bits}.rsp" for mode in ("CBC", "CFB128", "OFB") for test in ("GFSbox", "MMT")
         for bits in (128, 192, 256)]


def test_quick_subset_every_mode_and_key_size():
    result, records = run_jsonl("--config", "iterative", *map(cavp_file, QUICK), vectors.SP800_38A_NAME)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [r["status"] for r in records] == ["PASS"] * (len(QUICK) + 1), records
    assert {r["mode"] for r in records} == {"cbc", "cfb128", "ofb", "ctr"}
    assert {b for r in records for b in r["key_bits"]} == {128, 192, 256}
    assert all(r["engine"] and r["failed"] == 0 and r["passed"] > 0 for r in records)
    ctr = records[-1]
    assert ctr["mode"] == "ctr" and ctr["passed"] == 6 and ctr["directions"] == ["decrypt", "encrypt"]


def test_pipelined_both_aes128_subset():
    names = [n for n in QUICK if n.endswith("128.rsp")]
    result, records = run_jsonl("--config", "pipelined-both", *map(cavp_file, names), vectors.SP800_38A_NAME)
    assert result.returncode == 0, result.stdout + result.stderr
    assert all(r["status"] == "PASS" for r in records[:-1]), records
    # 192/256-bit CTR examples: this core has only 128-bit keys
    assert records[-1]["passed"] == 2 and records[-1]["skipped"] == 4


def test_two_cores_aes128_subset():
    """CORES=2 with two blocks per 256-bit beat: records of up to CONTEXTS contexts interleave on the stream,
    so key beats reach both cores between blocks of different keys; the same vectors pass."""
    names = [n for n in QUICK if n.endswith("128.rsp")]
    result, records = run_jsonl("--config", "pipelined-both", "--cores", 2, "--tdata-width", 256,
                                *map(cavp_file, names), vectors.SP800_38A_NAME)
    assert result.returncode == 0, result.stdout + result.stderr
    assert all(r["status"] == "PASS" and r["passed"] > 0 for r in records[:-1]), records
    assert records[-1]["passed"] == 2 and records[-1]["skipped"] == 4


@pytest.mark.full
def test_two_cores_mct_with_stalls():
    """AESAVS Monte Carlo (1000 chained one-block messages per record) and KAT/MMT with random stalls."""
    names = [n for n in cavp.unique_files(cavp.vector_files()) if n.name.endswith("128.rsp")
             and any(n.name.startswith(m) for m in ("CBC", "CFB128", "OFB"))]
    result, records = run_jsonl("--config", "pipelined-both", "--cores", 2, "--tdata-width", 256,
                                "--stall", "0.3", *names)
    assert result.returncode == 0, result.stdout + result.stderr
    assert all(r["status"] == "PASS" for r in records), [r for r in records if r["status"] != "PASS"]


def test_corrupted_file_fails(tmp_path):
    original = cavp_file("CBCGFSbox128.rsp")
    text = original.read_text()
    good = "0336763e966d92595a567cc9ce537f5e"  # COUNT = 0 [ENCRYPT] ciphertext of CBCGFSbox128
    assert good in text
    corrupted = tmp_path / "CBCGFSbox128.rsp"
    corrupted.write_text(text.replace(good, "7" + good[1:], 1))
    result, records = run_jsonl(corrupted)
    assert result.returncode == 1
    assert records[0]["status"] == "FAIL" and records[0]["failed"] >= 1 and records[0]["mode"] == "cbc"


def _cbc_large_block_records(count_per_size: int = 2) -> list[dict]:
    rng = random.Random(2024)
    out = []
    for block in model.VALID_LENGTHS:
        for key_len in model.VALID_LENGTHS:
            for _ in range(count_per_size):
                key, iv = rng.randbytes(key_len), rng.randbytes(block)
                plaintext = rng.randbytes(block * rng.randint(1, 4))
                out.append({"mode": "cbc", "block_bits": 8 * block, "key": key.hex(), "iv": iv.hex(),
                            "plaintext": plaintext.hex(),
                            "ciphertext": model.encrypt("cbc", key, plaintext, iv, block).hex()})
    return out


def test_rijndael_large_blocks_ecb_and_cbc(tmp_path):
    cbc = tmp_path / "rijndael_cbc.jsonl"
    cbc.write_text("".join(json.dumps(r) + "\n" for r in _cbc_large_block_records()))
    result, records = run_jsonl("--config", "rijndael", LARGE_BLOCKS, cbc)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [r["mode"] for r in records] == ["ecb", "cbc"]
    assert all(r["status"] == "PASS" and r["skipped"] == 0 for r in records), records
    assert records[0]["block_bits"] == [128, 160, 192, 224, 256] == records[1]["block_bits"]


@pytest.mark.full
def test_all_cavp_files_and_ctr_through_engine():
    result, records = run_jsonl("--config", "iterative")
    assert result.returncode == 0, result.stdout + result.stderr
    kinds = {(r["mode"], r["kind"]) for r in records}
    for mode in ("cbc", "cfb128", "ofb"):
        assert {(mode, "KAT"), (mode, "MMT"), (mode, "MCT")} <= kinds
    assert all(r["status"] == "PASS" for r in records), [r for r in records if r["status"] != "PASS"]


@pytest.mark.full
@pytest.mark.parametrize("width", [32, 256])
def test_kat_mmt_with_stalls_and_widths(width):
    result, records = run_jsonl("--config", "iterative", "--kinds", "KAT,MMT", "--tdata-width", str(width),
                                "--stall", "0.3")
    assert result.returncode == 0, result.stdout + result.stderr
    assert all(r["status"] == "PASS" for r in records)
