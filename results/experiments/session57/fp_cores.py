"""Steering (never a record). fp_cores.py: both pipelines of a two-core engine netlist floorplanned as `pipelined`'s record
is in the flow (synth.FLOW_OPTIONS[("pipelined", "ecp5-85k")]): core 0 exactly so (EBR ring on rows Y46/Y22,
the key broadcast blocks at Y32, each round's key register beside its round), core 1 the same shape on rows
Y70 (its first and last rounds mid-die, facing core 0's) and Y82, its flip-flop blocks moved with it
(Y44/Y43 -> Y72/Y73, Y24/Y25 -> Y80/Y79, Y32/Y33 -> Y76/Y77). The engine's own cells are left to the placer.
The kept 128-bit broadcast copy (one module definition, one instance per core) is split into one definition
per core so that each can be fixed.

  python fp_cores.py IN.json OUT.json
  python fp_cores.py --gap IN.json OUT.json
  python fp_cores.py --gap --gap-rams REGEX IN.json OUT.json

--gap: each pipeline on the ten-round version of the wide ring instead (synth._wide_ring_options(10): its
first and last rounds side by side mid-die with four EBR sites free between them), and the engine's order
FIFO's eight block RAMs on those free sites, four beside each pipeline's ends (rows Y46 and Y70).
--gap-rams REGEX: the block RAMs whose names match REGEX go on those sites instead of the order FIFO's
(session 58: the probe's mask FIFOs, `u_mask`), in name order: core 0's lane first (row Y46), then core 1's.
--gap-size N (session 62, with --gap): N EBR sites free between each ring's ends instead of four (at most 12),
and the --gap-rams RAMs placed per core: core 0's and the hub's (no `g_core[` in the name) in row Y46's gap, core
1's in row Y70's, each in name order from the gap's left end (beside the ring's last round).
--above (session 58): core 1's key registers of its rounds on row Y82 go above that row (Y84/Y85) instead of
below it (Y80/Y79), as core 0's rounds on row Y22 have theirs above (Y24/Y25): the twelve rows between Y70 and
Y82 then hold one row of rounds' key registers instead of two.
--key-word X,Y,COLS (session 59): core 1's serial key word unit's flip-flops (g_serial_key: its S-box's input,
lane and output registers, the round constant; 208) fixed on a block of COLS tiles a row from (X, Y) upwards,
so its ~700 LUTs gather around one place instead of spreading over rows Y57-Y88 (bare3a's critical path).
"""
import copy
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "src"))
from rijndael_hw import synth  # noqa: E402

Y_CORE1 = {46: 70, 22: 82, 44: 72, 43: 73, 42: 74, 24: 80, 25: 79, 32: 76, 33: 77}
if "--above" in sys.argv:
    Y_CORE1.update({24: 84, 25: 85})
if "--below" in sys.argv:
    Y_CORE1.update({44: 68, 43: 67, 42: 66})
COPY = "$paramod\\rijndael_reg_copy\\WIDTH=s32'00000000000000000000000010000000"


def move(site: str, core: int) -> str:
    if core == 0:
        return site
    m = re.match(r"X(\d+)/Y(\d+)/(.*)", site)
    return f"X{m.group(1)}/Y{Y_CORE1[int(m.group(2))]}/{m.group(3)}"


def main(src: str, dst: str, gap: bool = False, gap_rams: str = "u_order_fifo", key_word: tuple | None = None,
         gap_size: int = 4) -> None:
    data = json.loads(Path(src).read_text())
    mods = data["modules"]
    top = next(m for m in mods.values() if "top" in (m.get("attributes") or {}))
    cells = top["cells"]
    # one definition of the kept broadcast copy per core
    copies = sorted(n for n, c in cells.items() if c["type"] == COPY)
    assert len(copies) in (1, 2), copies   # one per core (session 58: one-core engines too)
    for n in copies:
        core = int(re.search(r"g_core\[(\d)\]", n).group(1))
        name = f"{COPY}_core{core}"
        mods[name] = copy.deepcopy(mods[COPY])
        cells[n]["type"] = name
    del mods[COPY]
    driver = {b: n for n, c in cells.items() for p, d in (c.get("port_directions") or {}).items()
              if d == "output" for b in c["connections"][p]}
    ebr = synth.ecp5_85k_round_ring(10)
    flow = synth.FLOW_OPTIONS[("pipelined", "ecp5-85k")]
    if gap:
        # (session 62: a wider gap, so that the hub's block RAMs sit there instead of on the rows' leftover
        # ends at the die's corners)
        flow = synth._wide_ring_options(10, (40, 32), gap_size)
        ebr = flow.ebr_sites
        ring = {s for r in synth._wide_ring_rounds(10, 8, gap_size) for s in r}
        free = [x for x in sorted(synth.ECP5_85K_EBR_X_ROW) if 30 < x < 70 and (x, 46) not in ring]
        assert len(free) == gap_size, free
        order = sorted(n for n, c in cells.items() if c["type"] == "DP16KD" and re.search(gap_rams, n))
        if gap_size != 4:
            # each core's RAMs in its own gap (row Y46 for core 0, Y70 for core 1), the hub's after core 0's
            order = ([n for n in order if "g_core[0]" in n] + [n for n in order if "g_core[" not in n]
                     + [n for n in order if "g_core[1]" in n])
            n0 = sum(1 for n in order if "g_core[1]" not in n)
            assert n0 <= gap_size and len(order) - n0 <= gap_size, order
            sites = ([f"X{x}/Y46/EBR{synth.ECP5_85K_EBR_X_ROW[x]}" for x in free][:n0]
                     + [f"X{x}/Y70/EBR{synth.ECP5_85K_EBR_X_ROW[x]}" for x in free])
        else:
            sites = [f"X{x}/Y{y}/EBR{synth.ECP5_85K_EBR_X_ROW[x]}" for y in (46, 70) for x in free]
        assert len(order) <= len(sites), (order, sites)
        for n, s in zip(order, sites):
            cells[n].setdefault("attributes", {})["BEL"] = s
        print(f"order FIFO: {len(order)} DP16KD on {sites[:len(order)]}")
    for core in range(len(copies)):
        prefix = rf"^(?:g_\w+\.)?u_engine\.g_core\[{core}\]\.u_core\."
        rams = sorted(n for n, c in cells.items() if c["type"] == "DP16KD" and re.search(prefix, n))
        assert len(rams) == len(ebr), (core, len(rams))
        for n, s in zip(rams, ebr):
            cells[n].setdefault("attributes", {})["BEL"] = move(s, core)
        fixed = 0
        for pattern, sites in flow.ff_sites:
            sites = [move(s, core) for s in sites]
            if pattern.startswith("^core_"):
                continue   # the pin wrapper's flops of a core build: the engine has none
            if "::" in pattern:
                mcells = mods[f"{COPY}_core{core}"]["cells"]
                names = sorted(n for n, c in mcells.items() if c["type"] == "TRELLIS_FF")
                group = [mcells[n] for n in names]
            else:
                # core 0's flops by name; core 1's by structure: Yosys named the two cores' key registers after
                # different aliases of the same nets, so a round's key register in core 1 is the set of flops
                # whose enable comes from the flop that enables core 0's (write_bcast_q, one per round)
                regex = re.compile(r"^(?:g_\w+\.)?u_engine\.g_core\[0\]\..*" + pattern.lstrip("\\").lstrip("."))
                names0 = sorted(n for n, c in cells.items() if c["type"] == "TRELLIS_FF" and regex.search(n))
                if not names0 and "u_bcast_far" in pattern:   # the engine's netlist names the source after its own net
                    regex = re.compile(r"^(?:g_\w+\.)?u_engine\.g_core\[0\]\..*g_pipelined\.u_core\.(wave_key_q|g_key_bcast\.g_far\.u_bcast_far\.d_or_reset)_TRELLIS_FF_Q(_\d+)?$")
                    names0 = sorted(n for n, c in cells.items() if c["type"] == "TRELLIS_FF" and regex.search(n))
                if core == 0 or "round_key" not in pattern:
                    names = [n.replace("g_core[0]", f"g_core[{core}]", 1) for n in names0]
                    if not all(n in cells for n in names) and "u_bcast_far" in pattern:
                        # the broadcast's source: its name is one of three aliases, per netlist and per core
                        regex = re.compile(rf"^(?:g_\w+\.)?u_engine\.g_core\[{core}\]\..*g_pipelined\.u_core\.(wave_key_q|"
                                           r"g_key_bcast\.g_far\.u_bcast_far\.(d_or_reset|d_i))_TRELLIS_FF_Q(_\d+)?$")
                        names = sorted(n for n, c in cells.items() if c["type"] == "TRELLIS_FF" and regex.search(n))
                        assert len(names) == len(names0), (core, pattern, len(names))
                    assert all(n in cells for n in names), pattern
                else:
                    enables = {driver[cells[n]["connections"]["CE"][0]].replace("g_core[0]", f"g_core[{core}]", 1)
                               for n in names0}
                    names = sorted(n for n, c in cells.items() if c["type"] == "TRELLIS_FF"
                                   and driver.get(c["connections"].get("CE", [None])[0]) in enables)
                    assert len(names) == len(names0), (pattern, len(names), len(names0))
                group = [cells[n] for n in names]
            assert group and len(group) <= len(sites), (core, pattern, len(group))
            for cell, s in zip(group, sites):
                cell.setdefault("attributes", {})["BEL"] = s
            fixed += len(group)
        if key_word and core == 1:
            x0, y0, cols = key_word
            names = sorted(n for n, c in cells.items() if c["type"] == "TRELLIS_FF"
                           and re.search(rf"^(?:g_\w+\.)?u_engine\.g_core\[1\]\..*\.g_serial_key\.", n))
            sites = [f"X{x0 + t % cols}/Y{y0 + t // cols}/SLICE{s}.FF{f}" for t in range(-(-len(names) // 8))
                     for s in "ABCD" for f in (0, 1)]
            for n, s in zip(names, sites):
                cells[n].setdefault("attributes", {})["BEL"] = s
            fixed += len(names)
            print(f"core 1's key word unit: {len(names)} flip-flops from X{x0}/Y{y0}, {cols} tiles a row")
        print(f"core {core}: {len(rams)} DP16KD, {fixed} flip-flops fixed")
    Path(dst).write_text(json.dumps(data))


if __name__ == "__main__":
    argv = sys.argv[1:]
    rams = "u_order_fifo"
    if "--gap-rams" in argv:
        k = argv.index("--gap-rams")
        rams = argv[k + 1]
        del argv[k:k + 2]
    key_word = None
    if "--key-word" in argv:
        k = argv.index("--key-word")
        key_word = tuple(int(v) for v in argv[k + 1].split(","))
        del argv[k:k + 2]
    gap_size = 4
    if "--gap-size" in argv:
        k = argv.index("--gap-size")
        gap_size = int(argv[k + 1])
        del argv[k:k + 2]
    args = [a for a in argv if a not in ("--gap", "--above", "--below")]
    main(*args, gap="--gap" in argv, gap_rams=rams, key_word=key_word, gap_size=gap_size)
