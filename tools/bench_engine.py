#!/usr/bin/env python3
"""System throughput sweep of rijndael_engine (seed 000's Fig 7.7 redone): `make bench-engine`.

Measures with rijndael_hw.bench.bench_engine (the `rijndael bench --engine` measurement):
  * message length 1..4096 blocks x TDATA width 32/64/128/256 x core (iterative, pipelined-both,
    folded32), ECB encryption, one context;
  * every mode and direction at 256-block messages, per core at its matching TDATA width;
  * CBC encryption on pipelined-both against the number of interleaved contexts (1..16), with the core
    holding one key (KEY_SLOTS = 1) and one key slot per context (KEY_SLOTS = 16, files ending in -k16);
  * GCM against CTR (encryption, one context, fresh 96-bit IV per message, 128-bit tag) against message
    length, on iterative and pipelined-both at their matching TDATA width (issue #15's target: GCM at
    >= 95 % of CTR for messages of 64 blocks or more).
Each point is one JSON file in results/bench/engine/ (kept: a rerun measures only what is missing,
--force measures again). Then the table and plot go into docs/system.md (between the
`<!-- bench-engine:... -->` markers) and docs/system_throughput.png.

    .venv/bin/python tools/bench_engine.py [--force] [--quick] [--report-only]
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from rijndael_hw import configs, modes  # noqa: E402
from rijndael_hw.bench import bench_engine  # noqa: E402

RESULTS = REPO / "results" / "bench" / "engine"
DOC = REPO / "docs" / "system.md"
PLOT = REPO / "docs" / "system_throughput.png"
CORES = ("iterative", "pipelined-both", "folded32")
WIDTHS = (32, 64, 128, 256)
LENGTHS = (1, 4, 16, 64, 256, 1024, 4096)
MODES = modes.ENGINE_NAMES
CONTEXT_COUNTS = (1, 2, 4, 8, 12, 16)
GCM_CORES = ("iterative", "pipelined-both")
GCM_LENGTHS = (4, 16, 64, 256, 1024)
MIN_BLOCKS = 8192


def matching_width(core_bits_per_cycle: float) -> int:
    """The narrowest TDATA width that carries the core's rate."""
    return next((w for w in WIDTHS if w >= core_bits_per_cycle), WIDTHS[-1])


def point(config: str, width: int, mode: str, direction: str, blocks: int, contexts: int, force: bool,
          engine_contexts: int | None = None, key_slots: int | None = None) -> dict:
    name = (f"{config}-w{width}-{mode}-{direction[:3]}-n{blocks}-c{contexts}"
            f"{f'-e{engine_contexts}' if engine_contexts else ''}{f'-k{key_slots}' if key_slots else ''}.json")
    path = RESULTS / name
    if path.exists() and not force:
        return json.loads(path.read_text())
    params = {"CONTEXTS": engine_contexts} if engine_contexts else None
    core = configs.get(config, {"KEY_SLOTS": key_slots} if key_slots else None)
    result = bench_engine(core, mode=mode, direction=direction, message_blocks=blocks,
                          contexts=contexts, min_blocks=MIN_BLOCKS, tdata_width=width, params=params)
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=1) + "\n")
    print(f"{name}: {result['bits_per_cycle']} bits/cycle, efficiency {result['efficiency']:.3f}", flush=True)
    return result


def sweep(force: bool, quick: bool) -> dict:
    cores = CORES[:2] if quick else CORES
    widths = (32, 128) if quick else WIDTHS
    lengths = (1, 64, 4096) if quick else LENGTHS
    out = {"length": [], "modes": [], "contexts": [], "slots": [], "gcm": []}
    for config in cores:
        for width in widths:
            for blocks in lengths:
                out["length"].append(point(config, width, "ecb", "encrypt", blocks, 1, force))
    for config in cores:
        width = matching_width(out["length"][[r["config"] for r in out["length"]].index(config)]["core_bits_per_cycle"])
        for mode in MODES:
            for direction in ("encrypt", "decrypt"):
                out["modes"].append(point(config, width, mode, direction, 256, 1, force))
    for contexts in (CONTEXT_COUNTS[:3] if quick else CONTEXT_COUNTS):
        out["contexts"].append(point("pipelined-both", 128, "cbc", "encrypt", 256, contexts, force, engine_contexts=16))
    for contexts in (CONTEXT_COUNTS[:3] if quick else CONTEXT_COUNTS):
        out["slots"].append(point("pipelined-both", 128, "cbc", "encrypt", 256, contexts, force, engine_contexts=16,
                                  key_slots=16))
    for config in GCM_CORES:
        width = matching_width(out["length"][[r["config"] for r in out["length"]].index(config)]["core_bits_per_cycle"])
        for blocks in ((16, 64, 256) if quick else GCM_LENGTHS):
            for mode in ("ctr", "gcm"):
                out["gcm"].append(point(config, width, mode, "encrypt", blocks, 1, force))
    return out


def load_all() -> dict:
    out = {"length": [], "modes": [], "contexts": [], "slots": [], "gcm": []}
    for path in sorted(RESULTS.glob("*.json")):
        r = json.loads(path.read_text())
        if (r["config"] in GCM_CORES and r["mode"] in ("ctr", "gcm") and r["direction"] == "encrypt"
                and r["contexts"] == 1 and r["params"]["CONTEXTS"] != 16
                and r["tdata_width"] == matching_width(r["core_bits_per_cycle"])):
            out["gcm"].append(r)
        if r["params"].get("KEY_SLOTS", 1) > 1:
            out["slots"].append(r)
            continue
        if r["mode"] == "ecb" and r["direction"] == "encrypt" and r["contexts"] == 1 and r["params"]["CONTEXTS"] != 16:
            out["length"].append(r)
        if r["message_blocks"] == 256 and r["contexts"] == 1 and r["params"]["CONTEXTS"] != 16:
            out["modes"].append(r)
        if r["params"]["CONTEXTS"] == 16:
            out["contexts"].append(r)
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def tables(data: dict) -> str:
    lines = []
    cores = [c for c in CORES if any(r["config"] == c for r in data["length"])]
    lines.append("**Sustained throughput against message length** (ECB encryption, AES-128, one context, "
                 f"at least {MIN_BLOCKS} blocks per point, host streaming at full rate). Each cell: engine bits per "
                 "cycle / efficiency against the bare core.\n")
    for config in cores:
        rows = [r for r in data["length"] if r["config"] == config]
        core = rows[0]
        lengths = sorted({r["message_blocks"] for r in rows})
        widths = sorted({r["tdata_width"] for r in rows})
        lines.append(f"`{config}`: bare core {core['core_bits_per_cycle']} bits/cycle "
                     f"({core['core_cycles_per_block']} cycles/block, latency {core['core_latency_cycles']}); "
                     f"matching TDATA width {matching_width(core['core_bits_per_cycle'])} bits.\n")
        lines.append("| TDATA \\ blocks per message | " + " | ".join(map(str, lengths)) + " |")
        lines.append("|---" * (len(lengths) + 1) + "|")
        for width in widths:
            cells = []
            for n in lengths:
                r = next((r for r in rows if r["tdata_width"] == width and r["message_blocks"] == n), None)
                cells.append("-" if r is None else f"{r['bits_per_cycle']:.2f} / {_pct(r['efficiency'])}")
            lines.append(f"| {width} | " + " | ".join(cells) + " |")
        lines.append("")
    if data["modes"]:
        lines.append("**Every mode** (256-block messages, one context, matching TDATA width): bits per cycle / "
                     "efficiency.\n")
        lines.append("| core | TDATA | " + " | ".join(f"{m} enc | {m} dec" for m in MODES) + " |")
        lines.append("|---" * (2 + 2 * len(MODES)) + "|")
        for config in cores:
            rows = [r for r in data["modes"] if r["config"] == config]
            if not rows:
                continue
            width = matching_width(rows[0]["core_bits_per_cycle"])
            cells = []
            for mode in MODES:
                for direction in ("encrypt", "decrypt"):
                    r = next((r for r in rows if r["mode"] == mode and r["direction"] == direction
                              and r["tdata_width"] == width), None)
                    cells.append("-" if r is None else f"{r['bits_per_cycle']:.2f} / {_pct(r['efficiency'])}")
            lines.append(f"| {config} | {width} | " + " | ".join(cells) + " |")
        lines.append("")
    if data["contexts"] or data["slots"]:
        one = {r["contexts"]: r for r in data["contexts"]}
        slots = {r["contexts"]: r for r in data["slots"]}
        # The feedback loop: with one context, each block waits for the previous one, so cycles per block
        # at C = 1 is the loop latency (issue -> core -> merge -> chaining value -> issue).
        loop = slots[1]["cycles_per_block"] if 1 in slots else None
        lines.append("**Feedback mode against interleaved contexts** (CBC encryption on `pipelined-both`, "
                     "TDATA 128, engine built with CONTEXTS = 16, 256-block messages of different keys, messages "
                     "of the contexts interleaved block by block on the stream). Core utilisation = engine "
                     "throughput / the bare core's 128 bits per cycle. `KEY_SLOTS = 1`: the core holds one key, so "
                     "every context switch is a key beat and a key wave; `KEY_SLOTS = 16`: one key slot per "
                     "context, each key loaded once."
                     + (f" Model: min(1, C / {loop:.2f}), the loop latency measured at C = 1." if loop else "")
                     + "\n")
        lines.append("| contexts | KEY_SLOTS = 1: bits per cycle | utilisation | KEY_SLOTS = 16: bits per cycle "
                     "| utilisation | model min(1, C / loop) |")
        lines.append("|---|---|---|---|---|---|")
        for c in sorted(set(one) | set(slots)):
            a, b = one.get(c), slots.get(c)
            cells = ["-", "-"] if a is None else [f"{a['bits_per_cycle']:.2f}", _pct(a["efficiency"])]
            cells += ["-", "-"] if b is None else [f"{b['bits_per_cycle']:.2f}", _pct(b["efficiency"])]
            cells.append("-" if loop is None else _pct(min(1.0, c / loop)))
            lines.append(f"| {c} | " + " | ".join(cells) + " |")
        lines.append("")
    if data["gcm"]:
        lines.append("**GCM against CTR** (encryption, AES-128, one context, matching TDATA width; GCM: a fresh "
                     "96-bit IV per message, no AAD, 128-bit tag, so each message is an IV, a payload and a tag "
                     "packet; only payload bits count). Issue #15's target: GCM >= 95 % of CTR from 64 blocks on.\n")
        lines.append("| core | TDATA | blocks per message | CTR bits per cycle | GCM bits per cycle | GCM / CTR |")
        lines.append("|---|---|---|---|---|---|")
        for config in GCM_CORES:
            rows = [r for r in data["gcm"] if r["config"] == config]
            for n in sorted({r["message_blocks"] for r in rows}):
                ctr = next((r for r in rows if r["mode"] == "ctr" and r["message_blocks"] == n), None)
                gcm = next((r for r in rows if r["mode"] == "gcm" and r["message_blocks"] == n), None)
                if ctr is None or gcm is None:
                    continue
                lines.append(f"| {config} | {gcm['tdata_width']} | {n} | {ctr['bits_per_cycle']:.2f} | "
                             f"{gcm['bits_per_cycle']:.2f} | {_pct(gcm['bits_per_cycle'] / ctr['bits_per_cycle'])} |")
        lines.append("")
    return "\n".join(lines)


def plot(data: dict) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cores = [c for c in CORES if any(r["config"] == c for r in data["length"])]
    panels = len(cores) + (1 if data["gcm"] else 0)
    fig, axes = plt.subplots(1, panels, figsize=(5 * panels, 4), squeeze=False)
    if data["gcm"]:
        ax = axes[0][-1]
        for config in GCM_CORES:
            rows = [r for r in data["gcm"] if r["config"] == config]
            pts = []
            for n in sorted({r["message_blocks"] for r in rows}):
                ctr = next((r for r in rows if r["mode"] == "ctr" and r["message_blocks"] == n), None)
                gcm = next((r for r in rows if r["mode"] == "gcm" and r["message_blocks"] == n), None)
                if ctr and gcm:
                    pts.append((n, 100 * gcm["bits_per_cycle"] / ctr["bits_per_cycle"]))
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=config)
        ax.axhline(95, color="grey", linestyle="--", label="target 95 %")
        ax.set_xscale("log", base=4)
        ax.set_ylim(0, 105)
        ax.set_xlabel("message length (128-bit blocks)")
        ax.set_ylabel("GCM throughput, % of CTR")
        ax.set_title("GCM against CTR (encryption)")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    for ax, config in zip(axes[0], cores):
        rows = [r for r in data["length"] if r["config"] == config]
        for width in sorted({r["tdata_width"] for r in rows}):
            pts = sorted((r["message_blocks"], r["bits_per_cycle"]) for r in rows if r["tdata_width"] == width)
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=f"TDATA {width}")
        ax.axhline(rows[0]["core_bits_per_cycle"], color="grey", linestyle="--", label="bare core")
        ax.set_ylim(0, rows[0]["core_bits_per_cycle"] * 1.1)
        ax.set_xscale("log", base=4)
        ax.set_xlabel("message length (128-bit blocks)")
        ax.set_ylabel("sustained bits per cycle")
        ax.set_title(config)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("rijndael_engine: sustained throughput (ECB encryption, AES-128, one context; right: GCM / CTR)")
    fig.tight_layout()
    fig.savefig(PLOT, dpi=110)
    plt.close(fig)


def write_doc(data: dict) -> None:
    begin, end = "<!-- bench-engine:begin -->", "<!-- bench-engine:end -->"
    block = (f"{begin}\n<!-- generated by tools/bench_engine.py from results/bench/engine; do not edit by hand -->\n\n"
             f"![throughput against message length](system_throughput.png)\n\n{tables(data)}\n{end}")
    text = DOC.read_text() if DOC.exists() else f"# The system\n\n{begin}\n{end}\n"
    if begin not in text:
        text += f"\n{begin}\n{end}\n"
    text = re.sub(re.escape(begin) + r".*?" + re.escape(end), lambda _: block, text, flags=re.S)
    DOC.write_text(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="measure again even where a result exists")
    parser.add_argument("--quick", action="store_true", help="a small subset (two cores, two widths)")
    parser.add_argument("--report-only", action="store_true", help="only rewrite the table and plot")
    args = parser.parse_args()
    if not args.report_only:
        sweep(args.force, args.quick)
    data = load_all()
    plot(data)
    write_doc(data)
    print(f"wrote {DOC.relative_to(REPO)} and {PLOT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
