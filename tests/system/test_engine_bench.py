"""`rijndael bench --engine`: one JSON object; the engine keeps up with the core (issue 4's target).

The benchmark checks every output against pycryptodome / the golden model before it reports a number.
Run: .venv/bin/python -m pytest -q tests/system/test_engine_bench.py
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


def bench(*args) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO_ROOT / "src"), env.get("PYTHONPATH", "")])
    result = subprocess.run([sys.executable, "-m", "rijndael_hw.cli", "bench", "--engine", "--json", *map(str, args)],
                            capture_output=True, text=True, env=env, timeout=900)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


@pytest.mark.parametrize("config, width", [("iterative", 32), ("pipelined-both", 128)])
def test_matching_width_reaches_95_percent_of_the_core(config, width):
    r = bench("--config", config, "--tdata-width", width, "--message-blocks", 64)
    for key in ("bits_per_cycle", "core_bits_per_cycle", "efficiency", "cycles", "blocks", "mode"):
        assert key in r
    assert r["efficiency"] == pytest.approx(r["bits_per_cycle"] / r["core_bits_per_cycle"], abs=1e-3)
    assert r["tdata_width"] == width and r["message_blocks"] == 64 and r["mode"] == "ecb"
    assert r["efficiency"] >= 0.95, r


@pytest.mark.full  # 70 s of simulation; CI measures the pipelined core's rate at a matching width
def test_narrow_stream_limits_a_pipelined_core():
    r = bench("--config", "pipelined-both", "--tdata-width", 32, "--message-blocks", 16, "--blocks", 1024)
    assert r["bits_per_cycle"] <= 32.0 + 1e-9
    assert r["bits_per_cycle"] >= 0.95 * 32


def _cbc_contexts(contexts: int, *extra) -> dict:
    return bench("--config", "pipelined-both", "--mode", "cbc", "--contexts", contexts, "--message-blocks", 64,
                 "--blocks", 512, *extra)


def test_feedback_mode_one_context_is_latency_bound_and_interleaving_is_correct():
    # One CBC encryption chain has a single block in the core at a time: one block per loop latency.
    one = _cbc_contexts(1)
    assert one["efficiency"] < 0.2
    assert one["cycles_per_block"] >= one["core_latency_min_cycles"]
    # Four contexts interleaved block by block: outputs checked inside the benchmark; never slower.
    four = _cbc_contexts(4)
    assert four["bits_per_cycle"] >= one["bits_per_cycle"]


@pytest.mark.full  # 145 s of simulation; CI checks feedback contexts on two cores in
# tests/system/test_rijndael_engine.py (engine_feedback_contexts)
def test_contexts_fill_a_pipelined_core_in_a_feedback_mode():
    # One key slot per context (KEY_SLOTS >= CONTEXTS): contexts with different keys switch with no key beat,
    # so four interleaved CBC chains keep four blocks in the loop (docs/system.md, "Feedback modes and contexts").
    one, four = _cbc_contexts(1, "--param", "KEY_SLOTS=4"), _cbc_contexts(4, "--param", "KEY_SLOTS=4")
    assert four["bits_per_cycle"] > 3.5 * one["bits_per_cycle"]


# Two cipher cores (CORES=2) with two blocks per 256-bit beat (issue #13 item 3). The harness counts clock
# cycles from the first input handshake to the last output handshake; the bench checks every output
# against pycryptodome / the golden model before it reports. One core of pipelined-both takes one block per
# clock, so N blocks in about N/2 cycles (plus the latency of FIFOs, gearboxes and core) need both cores.
X2 = ("--config", "pipelined-both", "--cores", 2, "--tdata-width", 256, "--blocks", 4096)


# (CI: the cocotb engine_two_per_clock test bounds the same rate with fewer blocks; --full runs these)
@pytest.mark.full
@pytest.mark.parametrize("mode, direction", [("ctr", "encrypt"), ("ecb", "encrypt"), ("cbc", "decrypt")])
def test_two_cores_take_two_blocks_per_clock(mode, direction):
    r = bench(*X2, "--mode", mode, "--direction", direction)
    assert r["cores"] == 2 and r["tdata_width"] == 256 and r["blocks"] >= 4096
    assert r["cycles"] <= r["blocks"] // 2 + r["core_latency_cycles"] + 32, r
    # Two blocks per clock but for the fill and drain (the core's latency, which after a key beat includes a
    # decrypt block's wait for the key wave, and the FIFOs'), spread over the run.
    assert r["cycles_per_block"] < 0.5 + (r["core_latency_cycles"] + 64) / r["blocks"], r
    assert r["efficiency"] == pytest.approx(r["bits_per_cycle"] / (2 * r["core_bits_per_cycle"]), abs=1e-3)


@pytest.mark.full  # 82 s of simulation; CI keeps feedback chains in order on two cores in
# tests/system/test_rijndael_engine.py (engine_feedback_contexts on pipelined-both-slots4-x2-w256)
def test_two_cores_keep_a_feedback_chain_in_order():
    # One CBC encryption chain: every block needs the previous result, so the second core cannot help;
    # the output is still checked block for block (the bench refuses a wrong one).
    r = bench(*X2, "--mode", "cbc", "--message-blocks", 64, "--blocks", 512)
    # Each block waits for the previous result: at least a block's latency through the core (its latency away
    # from a key change; the first block after a key may wait a few clocks more).
    assert r["cycles_per_block"] >= r["core_latency_min_cycles"], r


@pytest.mark.full  # 180 s of simulation
def test_two_cores_spread_feedback_contexts():
    # Four CBC encryption contexts interleaved by TID, 64-block messages, so a 256-bit beat carries two blocks
    # of one chain. One core (and, before the issue window, two cores) issue in arrival order: each beat's
    # second block waits a whole feedback loop. With two cores the issue window sends blocks of other contexts
    # past a waiting one (the reorder buffer restores arrival order), so four chains are in the loop at once.
    # Clock cycles from the harness; outputs checked against pycryptodome by the bench.
    args = ("--config", "pipelined-both", "--param", "KEY_SLOTS=4", "--mode", "cbc", "--contexts", 4,
            "--message-blocks", 64, "--blocks", 512, "--tdata-width", 256)
    one, two = bench(*args, "--cores", 1), bench(*args, "--cores", 2)
    assert two["cycles_per_block"] < 0.6 * one["cycles_per_block"], (one, two)
