"""Measure a configuration in simulation: `rijndael bench`.

One batch through the harness at full rate: a key, half the blocks, a second key, the other half.
The harness reports the steady-state gap between output handshakes (cycles per block), the latency of
the first block after each key, and the cost of a key change (key handshake to next block handshake).
The results are checked against the golden model, so a broken core never yields a number.
"""
from __future__ import annotations

import random

from . import reference
from .configs import Config, ConfigError
from .sim import Harness, HarnessError


def bench(config: Config, blocks: int = 20000, key_bits: int | None = None, block_bits: int | None = None,
          direction: str = "encrypt", seed: int = 1) -> dict:
    key_bits = key_bits or config.key_bits[0]
    block_bits = block_bits or config.block_bits[0]
    decrypt = direction == "decrypt"
    if blocks < 4:
        raise ValueError("--blocks must be at least 4 (steady state needs consecutive blocks)")
    reason = config.supports(block_bits, key_bits, decrypt=decrypt)
    if reason:
        raise ConfigError(reason)
    rng = random.Random(seed)
    keys = [rng.randbytes(key_bits // 8) for _ in range(2)]
    data = [rng.randbytes(block_bits // 8) for _ in range(blocks)]
    op = "D" if decrypt else "E"
    half = blocks // 2
    commands = ([("K", keys[0], block_bits)] + [(op, b) for b in data[:half]]
                + [("K", keys[1], block_bits)] + [(op, b) for b in data[half:]])
    with Harness(config) as harness:
        run = harness.run(commands)
    expected = ([reference.block(keys[0], b, decrypt) for b in data[:half]]
                + [reference.block(keys[1], b, decrypt) for b in data[half:]])
    wrong = sum(got != want for got, want in zip(run.results, expected))
    if wrong:
        raise HarnessError(f"{wrong} of {blocks} results differ from the golden model: not benchmarking a broken core")
    stats = run.stats
    return {
        "config": config.name,
        "params": config.verilog_params(),
        "key_bits": key_bits,
        "block_bits": block_bits,
        "direction": direction,
        "blocks": blocks,
        "nr": config.nr(block_bits, key_bits),
        "cycles_per_block": stats["cycles_per_block"],
        "cycles_per_block_mean": stats["cycles_per_block_mean"],
        "latency_cycles": stats["latency_cycles"],
        "key_change_cycles": stats["key_change_cycles"],
        "sim_cycles": stats["cycles"],
        "sim_wall_seconds": stats["wall_seconds"],
        "sim_blocks_per_second": round(stats["blocks_per_second"]),
    }


def format_text(result: dict) -> str:
    return "\n".join([
        f"configuration     {result['config']}",
        f"request           {result['direction']}, {result['block_bits']}-bit blocks, {result['key_bits']}-bit key "
        f"(Nr = {result['nr']}), {result['blocks']} blocks",
        f"cycles per block  {result['cycles_per_block']} (steady state, median; mean {result['cycles_per_block_mean']})",
        f"latency           {result['latency_cycles']} cycles (first block after a key)",
        f"key change        {result['key_change_cycles']} cycles (key handshake to next block handshake)",
        f"simulation        {result['sim_blocks_per_second']} blocks/s ({result['sim_cycles']} cycles "
        f"in {result['sim_wall_seconds']:.3f} s)",
    ])
