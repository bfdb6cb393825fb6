#!/usr/bin/env python3
"""Measure every named configuration with `rijndael bench` and write the results and the summary table.

For each configuration, each AES key size it supports (Rijndael builds: also 256-bit blocks) and each
direction it supports, one bench run (checked against the golden model) is written to
results/bench/<config>-b<block>-k<key>-<direction>.json; the table of cycles per block, latency and key-change
cost goes to results/bench/summary.md and between the bench-table markers of docs/architectures.md.

    .venv/bin/python tools/bench_all.py [--configs NAME ...] [--blocks N] [--resume]     (`make bench`)

--resume keeps results already in results/bench (an interrupted sweep goes on where it stopped).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from rijndael_hw import configs  # noqa: E402
from rijndael_hw.bench import bench  # noqa: E402

OUT = REPO / "results" / "bench"
DOC = REPO / "docs" / "architectures.md"
BEGIN, END = "<!-- bench-table:begin -->", "<!-- bench-table:end -->"


def requests(config: configs.Config):
    """(block_bits, key_bits, direction) to measure for one configuration."""
    blocks = [b for b in (128, 256) if b in config.block_bits]
    keys = [k for k in (128, 192, 256) if k in config.key_bits]
    directions = [d for d, on in (("encrypt", config.encrypt), ("decrypt", config.decrypt)) if on]
    for block_bits in blocks:
        for key_bits in keys:
            for direction in directions:
                yield block_bits, key_bits, direction


def row(r: dict) -> str:
    cpb = r["cycles_per_block"]
    bits_per_cycle = r["block_bits"] / cpb
    return (f"| `{r['config']}` | {r['block_bits']} | {r['key_bits']} | {r['direction']} | {r['nr']} | {cpb} | "
            f"{bits_per_cycle:.1f} | {r['latency_cycles']} | {r['key_change_cycles']} |")


def table(results: list[dict]) -> str:
    head = ("| configuration | block bits | key bits | direction | Nr | cycles/block | bits/cycle | latency (cycles) "
            "| key change (cycles) |\n|---|---|---|---|---|---|---|---|---|")
    return head + "\n" + "\n".join(row(r) for r in results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--configs", nargs="*", default=configs.names())
    parser.add_argument("--blocks", type=int, default=400, help="blocks per run (default 400)")
    parser.add_argument("--resume", action="store_true", help="reuse results already written")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    results = []
    for name in args.configs:
        config = configs.get(name)
        for block_bits, key_bits, direction in requests(config):
            path = OUT / f"{name}-b{block_bits}-k{key_bits}-{direction}.json"
            if args.resume and path.exists():
                result = json.loads(path.read_text())
            else:
                result = bench(config, blocks=args.blocks, key_bits=key_bits, block_bits=block_bits,
                               direction=direction)
                path.write_text(json.dumps(result, indent=1) + "\n")
            results.append(result)
            print(row(result), flush=True)
    text = table(results)
    command = "make bench  # = .venv/bin/python tools/bench_all.py"
    (OUT / "summary.md").write_text(f"# `rijndael bench` for every named configuration\n\nMeasured with\n\n"
                                    f"    {command}\n\n{text}\n")
    if DOC.exists() and set(args.configs) == set(configs.names()):
        doc = DOC.read_text()
        if BEGIN in doc and END in doc:
            head, rest = doc.split(BEGIN, 1)
            _, tail = rest.split(END, 1)
            DOC.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
