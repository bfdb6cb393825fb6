"""Unrolled datapaths for every k that divides Nr (issue #3, item 1; seed 000's comparison).

`unrolled2`/`unrolled5` are named configurations; every other degree is reached with
`--param KEY_SIZES=...,ROUNDS_PER_CYCLE=k`. For each (key size, k) this builds that configuration, runs the
NIST CAVP ECB KAT/MMT files of its key size both ways (expected values: the published vectors) and checks
with `rijndael bench` that a block takes Nr / k cycles. A divisor that does not divide Nr must be refused
with a message naming the conflict. The default suite runs one degree that no named configuration covers
(AES-192, k = 3; unrolled2 and unrolled5 are the named ones); `--full` runs every divisor.
"""
from __future__ import annotations

import pytest

from rijndael_hw import cavp, configs, sim
from rijndael_hw.bench import bench

from test_cavp_ecb import ECB_FILES, run_records

KEY_SIZES_BIT = {128: 0b00001, 192: 0b00100, 256: 0b10000}
NR = {128: 10, 192: 12, 256: 14}
DIVISORS = {key_bits: [k for k in range(1, nr + 1) if nr % k == 0] for key_bits, nr in NR.items()}
# AES-128 k = 10 (56 s) and AES-256 k = 7 (40 s) moved to --full to keep `make test` under 20 minutes; the
# named unrolled2 and unrolled5 (tests/vectors/test_named_configs.py) cover AES-128's other degrees in CI.
REPRESENTATIVE = {(192, 3)}

CASES = [pytest.param(key_bits, k, id=f"aes{key_bits}-k{k}",
                      marks=() if (key_bits, k) in REPRESENTATIVE else pytest.mark.full)
         for key_bits, ks in DIVISORS.items() for k in ks]


def _config(key_bits: int, k: int) -> configs.Config:
    return configs.get("iterative", {"KEY_SIZES": KEY_SIZES_BIT[key_bits], "ROUNDS_PER_CYCLE": k})


def test_divisors_match_the_issue():
    """The degrees tested are exactly those the issue lists (AES-128: 1, 2, 5, 10; ...)."""
    assert DIVISORS == {128: [1, 2, 5, 10], 192: [1, 2, 3, 4, 6, 12], 256: [1, 2, 7, 14]}


@pytest.mark.parametrize("key_bits,k", CASES)
def test_unrolled_degree(key_bits, k):
    config = _config(key_bits, k)
    files = [p for p in ECB_FILES
             if (recs := cavp.parse_rsp(p)) and recs[0]["key"] is not None and 8 * len(recs[0]["key"]) == key_bits]
    assert files, f"no CAVP ECB file for {key_bits}-bit keys"
    with sim.Harness(config) as harness:
        for path in files:
            records = cavp.parse_rsp(path)
            assert run_records(harness, records, ("encrypt", "decrypt")) == [], f"k={k}: {path.name}"
    for direction in ("encrypt", "decrypt"):
        result = bench(config, blocks=max(32, 8 * k), key_bits=key_bits, block_bits=128, direction=direction)
        assert result["cycles_per_block"] == NR[key_bits] // k, result


@pytest.mark.parametrize("key_bits,k", [(128, 3), (192, 5), (256, 4)])
def test_non_divisor_is_refused(key_bits, k):
    with pytest.raises(configs.ConfigError, match=f"ROUNDS_PER_CYCLE={k} does not divide Nr"):
        _config(key_bits, k)
