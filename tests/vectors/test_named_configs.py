"""Every named configuration passes the same vectors through the simulated RTL (Verilator batch harness).

For each configuration in `rijndael configs`:
- every ECB KAT and MMT file of cryptography-vectors (NIST CAVP AESAVS) whose key size the configuration
  supports, encrypt always and decrypt where the configuration decrypts;
- the ECB Monte Carlo Test (100 x 1000 blocks per case, against the model; --full);
- a random stream of keys (every supported size) and blocks in both directions under random stalls on
  both streams, against the reference (pycryptodome for AES sizes, the golden model otherwise);
- the cycle counts the design-space issue promises, measured with `rijndael bench` (AES-128).
`iterative` and `rijndael` have further tests in test_cavp_ecb.py. Expected data never comes from the RTL.
"""
from __future__ import annotations

import random

import pytest

from rijndael_hw import cavp, configs, reference, sim
from rijndael_hw.bench import bench

from test_cavp_ecb import ECB_FILES, _mct_fields, expected_ecb_mct, run_records

NAMES = configs.names()
# iterative already runs these files and the MCT in test_cavp_ecb.py
OTHERS = [n for n in NAMES if n != "iterative"]

# Cycle counts the architecture promises (issue #3, "Done when"), for AES-128 (Nr = 10).
PROMISED_CYCLES_PER_BLOCK = {
    "iterative": lambda nr: nr,
    "pipelined": lambda nr: 1,
    "pipelined-both": lambda nr: 1,
    "unrolled2": lambda nr: nr // 2,
    "unrolled5": lambda nr: nr // 5,
}
# "folded32 at most 4 x Nr + 4" (issue #3); since issue #14 it keeps two blocks in flight and its results come in
# pairs, on average 4 x Nr + 4.5 clocks apart (the next block is offered only after a handshake: a clock per pair).
FOLDED32_LIMIT = lambda nr: 4 * nr + 4.5  # noqa: E731


def _files_for(config: configs.Config):
    files = []
    for path in ECB_FILES:
        records = cavp.parse_rsp(path)
        if records and records[0]["key"] is not None and 8 * len(records[0]["key"]) in config.key_bits:
            files.append(path)
    return files


@pytest.mark.parametrize("name", OTHERS)
def test_cavp_ecb_kat_and_mmt(name):
    config = configs.get(name)
    if 128 not in config.block_bits:
        pytest.skip(f"{name} has no 128-bit blocks")
    files = _files_for(config)
    assert files, f"{name}: no CAVP ECB file matches its key sizes {config.key_bits}"
    directions = ("encrypt", "decrypt") if config.decrypt else ("encrypt",)
    checked = 0
    with sim.Harness(config) as harness:
        for path in files:
            records = [r for r in cavp.parse_rsp(path) if r["direction"] in directions or r["direction"] == "both"]
            checked += len(records)
            assert run_records(harness, records, directions) == [], f"{name}: {path.name}"
    assert checked > 0


@pytest.mark.full
@pytest.mark.parametrize("direction", ["encrypt", "decrypt"])
@pytest.mark.parametrize("name", OTHERS)
def test_ecb_monte_carlo(name, direction):
    config = configs.get(name)
    if direction == "decrypt" and not config.decrypt:
        pytest.skip(f"{name} does not decrypt")
    with sim.Harness(config) as harness:
        # AESAVS defines the Monte Carlo Test for the AES key sizes only (`rijndael` also has 160/224)
        for key_bits in (k for k in config.key_bits if k in (128, 192, 256)):
            expected = expected_ecb_mct(key_bits, direction)
            got = cavp.ecb_mct_records(key_bits, direction, harness.block_fn)
            for want, have in zip(expected, got, strict=True):
                assert _mct_fields(have) == _mct_fields(want), f"{name} MCT-{key_bits} COUNT = {want['count']}"


@pytest.mark.parametrize("name", NAMES)
def test_random_keys_blocks_and_stalls(name):
    config = configs.get(name)
    rng = random.Random(name)
    commands, expected, key, block_bits = [], [], None, None
    for _ in range(300):
        if key is None or rng.random() < 0.08:
            block_bits = rng.choice(config.block_bits)
            key = rng.randbytes(rng.choice(config.key_bits) // 8)
            commands.append(("K", key, block_bits))
        decrypt = config.decrypt and (not config.encrypt or rng.random() < 0.5)
        block = rng.randbytes(block_bits // 8)
        commands.append(("D" if decrypt else "E", block))
        expected.append(reference.block(key, block, decrypt))
    for stall in (0.0, 0.5):
        with sim.Harness(config, seed=3, in_stall=stall, out_stall=stall) as harness:
            run = harness.run(commands)
        assert run.results == expected, f"{name} with stall probability {stall}"


@pytest.mark.parametrize("name", NAMES)
def test_promised_cycle_counts(name):
    config = configs.get(name)
    if 128 not in config.key_bits or 128 not in config.block_bits:
        pytest.skip(f"{name} has no AES-128")
    direction = "encrypt" if config.encrypt else "decrypt"
    # Pipelined builds promise one block per clock sustained, so their run is longer than the output
    # buffer's credits (OUT_DEPTH, 64 for AES-128) and is judged by its mean, not its steady-state median:
    # a credit short of the pipeline's round trip stalls a clock every few dozen blocks (1.045 cycles per
    # block on pipelined once, with a median of 1).
    pipelined = config.params["ARCH"] == 1
    result = bench(config, blocks=256 if pipelined else 64, key_bits=128, block_bits=128, direction=direction)
    nr = result["nr"]
    assert result["latency_cycles"] >= 1
    if name in PROMISED_CYCLES_PER_BLOCK:
        assert result["cycles_per_block"] == PROMISED_CYCLES_PER_BLOCK[name](nr), result
    if pipelined:
        assert result["cycles_per_block_mean"] == 1, result
    if name == "folded32":
        assert result["cycles_per_block"] <= FOLDED32_LIMIT(nr), result
