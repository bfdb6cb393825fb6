"""The `rijndael` command line, run as a user runs it (a subprocess), on the simulated RTL.

Expected vector values come from the published files or the golden model, never from the RTL.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rijndael_hw import cavp, model

REPO_ROOT = Path(__file__).resolve().parents[2]
ECB_GFSBOX128 = next(p for p in cavp.vector_files(mode="ecb") if p.name == "ECBGFSbox128.rsp")
CBC_GFSBOX128 = next(p for p in cavp.vector_files(mode="cbc") if p.name == "CBCGFSbox128.rsp")


def rijndael(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-m", "rijndael_hw.cli", *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=600)


def assert_one_error(result: subprocess.CompletedProcess, fragment: str) -> None:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rijndael: error: "), result.stderr
    assert fragment in lines[0]
    assert "Traceback" not in result.stderr


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def model_record(key: bytes, plaintext: bytes) -> dict:
    return {"block_bits": 8 * len(plaintext), "key": key.hex(), "plaintext": plaintext.hex(),
            "ciphertext": model.encrypt_block(plaintext, key).hex()}


def test_configs_lists_configurations_and_parameters():
    result = rijndael("configs")
    assert result.returncode == 0, result.stderr
    for word in ("iterative", "rijndael", "128/192/256", "128/160/192/224/256", "enc+dec",
                 "BLOCK_SIZES", "KEY_SIZES", "ENABLE_DECRYPT"):
        assert word in result.stdout


def test_vectors_pass_fail_skip_and_summary(tmp_path):
    # A corrupted copy of a published file must fail; the file name stays a CAVP name.
    corrupted_dir = tmp_path / "corrupted"
    corrupted_dir.mkdir()
    text = ECB_GFSBOX128.read_text()
    good_ct = "0336763e966d92595a567cc9ce537f5e"  # COUNT = 0 of ECBGFSbox128 [ENCRYPT]
    assert good_ct in text
    corrupted = corrupted_dir / ECB_GFSBOX128.name
    corrupted.write_text(text.replace(good_ct, good_ct[:-1] + "f", 1))

    result = rijndael("vectors", ECB_GFSBOX128, CBC_GFSBOX128, corrupted)
    lines = result.stdout.strip().splitlines()
    assert result.returncode == 1, result.stdout + result.stderr
    assert lines[0] == f"PASS {ECB_GFSBOX128}: 14 passed, 0 failed"
    assert lines[1] == (f"SKIP {CBC_GFSBOX128}: 0 passed, 0 failed, 14 skipped "
                        "(mode cbc needs the system wrapper (not built yet))")
    assert lines[2] == f"FAIL {corrupted}: 13 passed, 1 failed"
    assert lines[-1] == "27 passed, 1 failed, 14 skipped"


def test_vectors_all_pass_exit_zero():
    result = rijndael("vectors", ECB_GFSBOX128)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "14 passed, 0 failed"


def test_vectors_jsonl_both_directions_and_unsupported_sizes(tmp_path):
    key = bytes(range(16))
    records = [model_record(key, bytes([i]) * 16) for i in range(3)]
    records.append(model_record(key, bytes(range(32))))  # 256-bit block: iterative lacks it
    path = write_jsonl(tmp_path / "mixed.jsonl", records)
    result = rijndael("vectors", path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[0] == (f"PASS {path}: 3 passed, 0 failed, 1 skipped "
                                             "(iterative has no 256-bit blocks (has 128))")
    assert result.stdout.strip().splitlines()[-1] == "3 passed, 0 failed, 1 skipped"


def test_vectors_jsonl_wrong_ciphertext_fails(tmp_path):
    record = model_record(bytes(16), bytes(16))
    record["ciphertext"] = record["ciphertext"][:-2] + ("00" if record["ciphertext"][-2:] != "00" else "01")
    result = rijndael("vectors", write_jsonl(tmp_path / "bad.jsonl", [record]))
    assert result.returncode == 1
    assert result.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"


def test_bench_json():
    result = rijndael("bench", "--config", "iterative", "--json", "--blocks", "200", "--key-bits", "192")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for key in ("config", "params", "key_bits", "block_bits", "direction", "blocks", "cycles_per_block",
                "latency_cycles", "key_change_cycles", "sim_blocks_per_second"):
        assert key in report
    # two-stage iterative core (docs/core-interface.md): Nr cycles per block back to back, a result 2*Nr + 2
    # after its block
    assert report["cycles_per_block"] == 12 and report["latency_cycles"] == 2 * 12 + 2
    assert report["key_bits"] == 192 and report["block_bits"] == 128 and report["blocks"] == 200


def test_demo():
    result = rijndael("demo")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "FAIL" not in result.stdout
    assert result.stdout.count("PASS") == 9


@pytest.mark.parametrize("args, fragment", [
    (["bench", "--config", "no_such_core"], "unknown configuration 'no_such_core'"),
    (["vectors", str(ECB_GFSBOX128), "--config", "nope"], "unknown configuration 'nope'"),
    (["bench", "--param", "NOT_A_PARAM=1"], "unknown parameter 'NOT_A_PARAM'"),
    (["bench", "--param", "MAX_NB=seven"], "not an integer"),
    (["bench", "--param", "KEY_SIZES"], "expected NAME=VALUE"),
    (["bench", "--param", "MAX_NB=5"], "MAX_NB=5 conflicts with BLOCK_SIZES"),
    (["bench", "--key-bits", "160"], "iterative has no 160-bit keys"),
    (["bench", "--blocks", "many"], "invalid int value"),
    (["frobnicate"], "invalid choice"),
    (["vectors", "/no/such/dir/ECBGFSbox128.rsp"], "No such file or directory"),
])
def test_usage_errors_give_one_line_and_status_2(args, fragment):
    assert_one_error(rijndael(*args), fragment)


def test_bad_hex_in_rsp_file(tmp_path):
    path = tmp_path / ECB_GFSBOX128.name
    path.write_text(ECB_GFSBOX128.read_text().replace("0336763e966d92595a567cc9ce537f5e", "0336763e966d92595a567cc9ce537fzz"))
    assert_one_error(rijndael("vectors", path), "not hexadecimal")


def test_bad_hex_and_wrong_lengths_in_jsonl(tmp_path):
    good = model_record(bytes(16), bytes(16))
    bad_hex = write_jsonl(tmp_path / "hex.jsonl", [dict(good, key="zz" * 16)])
    assert_one_error(rijndael("vectors", bad_hex), "not hexadecimal")
    short_key = write_jsonl(tmp_path / "key.jsonl", [dict(good, key="00" * 15)])
    assert_one_error(rijndael("vectors", short_key), "key_bits")
    short_text = write_jsonl(tmp_path / "text.jsonl", [dict(good, plaintext="00" * 15)])
    assert_one_error(rijndael("vectors", short_text), "differ in length")


def test_unreadable_file(tmp_path):
    path = tmp_path / "ECBGFSbox128.rsp"
    path.mkdir()  # a directory where a file is expected
    result = rijndael("vectors", path)
    assert_one_error(result, str(path))


@pytest.mark.full
def test_vectors_ecb_mct_file(tmp_path):
    # An ECB MCT file written by the model (cross-checked with pycryptodome when written), with one
    # output corrupted: all 200 records run through the RTL and exactly that one fails.
    path = cavp.write_ecb_mct_rsp(tmp_path / "ECBMCT128.rsp", 128)
    records = cavp.parse_rsp(path)
    wrong = records[50]["ciphertext"].hex()  # [ENCRYPT] COUNT = 50: an output, so nothing else moves
    path.write_text(path.read_text().replace(f"CIPHERTEXT = {wrong}", "CIPHERTEXT = " + "00" * 16, 1))
    result = rijndael("vectors", path)
    assert result.returncode == 1
    assert result.stdout.strip().splitlines() == [f"FAIL {path}: 199 passed, 1 failed", "199 passed, 1 failed"]
