"""Steering (never a record). fp_engine.py: the engine's own flip-flops of a two-pipeline engine netlist, block by
block, fixed on a compact blob of tiles around a chosen centre, after session 57's fp_cores.py has fixed both
pipelines. Session 63 read where the static placer leaves the engine's blocks (spread.py): the output FIFO at the
die's left edge (X10), the input FIFO and the register block at its right (X96-X118), the hub between them with
a standard deviation of 40 columns: every path between them crosses 30-90 tiles. This pins them near the hub.

  python fp_engine.py IN.json OUT.json TILES.placed.json --block REGEX:CX,CY[:PER_TILE] ...

TILES.placed.json: any nextpnr placement of the same device (its slices' tiles are the usable ones).
Each block: the top module's TRELLIS_FF cells whose names match REGEX and have no BEL yet, grouped by control
set (clock, LSR, CE and the slice-wide modes), in name order; tiles taken by increasing distance from (CX, CY),
skipping tiles with any fixed cell; PER_TILE flip-flops a tile (default 4: slices A and B, two each, so that the
tile's C and D stay free, and with them room for logic next to the fixed flops).
"""
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

SLICE_MODES = ("CEMUX", "CLKMUX", "LSRMUX", "SRMODE", "GSR")


def tiles_of(placed: str) -> set:
    data = json.loads(Path(placed).read_text())
    top = next(m for m in data["modules"].values() if "top" in (m.get("attributes") or {}))
    tiles = set()
    for c in top["cells"].values():
        bel = (c.get("attributes") or {}).get("NEXTPNR_BEL", "")
        m = re.match(r"X(\d+)/Y(\d+)/SLICE", bel)
        if m:
            tiles.add((int(m.group(1)), int(m.group(2))))
    return tiles


def main(src: str, dst: str, placed: str, blocks: list) -> None:
    data = json.loads(Path(src).read_text())
    top = next(m for m in data["modules"].values() if "top" in (m.get("attributes") or {}))
    cells = top["cells"]
    usable = tiles_of(placed)
    taken = set()
    for c in cells.values():
        m = re.match(r"X(\d+)/Y(\d+)/", (c.get("attributes") or {}).get("BEL", ""))
        if m:
            taken.add((int(m.group(1)), int(m.group(2))))
    for spec in blocks:
        regex, centre, *rest = spec.rsplit(":", 2) if spec.count(":") >= 2 else (*spec.rsplit(":", 1),)
        cx, cy = (int(v) for v in centre.split(","))
        per_tile = int(rest[0]) if rest else 4
        slices = "ABCD"[:per_tile // 2]
        names = sorted(n for n, c in cells.items() if c["type"] == "TRELLIS_FF" and re.search(regex, n)
                       and "BEL" not in (c.get("attributes") or {}))
        groups = defaultdict(list)
        for n in names:
            c = cells[n]
            key = tuple(str(c["connections"].get(p)) for p in ("CLK", "LSR", "CE")) + tuple(
                str(c.get("parameters", {}).get(p)) for p in SLICE_MODES)
            groups[key].append(n)
        # slots: one slice holds two flops of one control set
        pairs = []
        for key in sorted(groups, key=lambda k: groups[k][0]):
            g = groups[key]
            pairs += [g[i:i + 2] for i in range(0, len(g), 2)]
        order = sorted((t for t in usable if t not in taken),
                       key=lambda t: (abs(t[0] - cx) + abs(t[1] - cy), t[1], t[0]))
        sites = [(t, s) for t in order for s in slices]
        assert len(sites) >= len(pairs), spec
        used = set()
        for pair, (t, s) in zip(pairs, sites):
            for f, n in enumerate(pair):
                cells[n].setdefault("attributes", {})["BEL"] = f"X{t[0]}/Y{t[1]}/SLICE{s}.FF{f}"
            used.add(t)
        taken |= used
        xs = [t[0] for t in used]
        ys = [t[1] for t in used]
        print(f"{regex}: {len(names)} flip-flops ({len(groups)} control sets) on {len(used)} tiles "
              f"X{min(xs)}-X{max(xs)} Y{min(ys)}-Y{max(ys)} around ({cx}, {cy})")
    Path(dst).write_text(json.dumps(data))


if __name__ == "__main__":
    argv = sys.argv[1:]
    blocks = []
    while "--block" in argv:
        k = argv.index("--block")
        blocks.append(argv[k + 1])
        del argv[k:k + 2]
    main(*argv, blocks=blocks)
