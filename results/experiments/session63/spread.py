"""Steering (never a record). spread.py: where nextpnr left each block of the two-pipeline lanes engine, from a
placement written with `--write`: per block, its movable cells (TRELLIS_COMB, TRELLIS_FF, TRELLIS_RAMW; cells the
floorplan fixed are left out), their mean tile and its standard deviation in X and Y. Blocks: each core's output
buffer, input front, key logic and the rest; each lane, its links and result FIFO; the hub's input FIFO, output
FIFO, register block, order FIFO, the contexts' state (chaining values, counters) and the rest of the hub; the
flow's pin wrapper.

  python spread.py PLACED.json
"""
import json
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

HUB_BLOCKS = ("u_regs", "u_in_words", "u_in_meta", "u_out_fifo", "u_order_fifo")


def block(name: str) -> str:
    name = name.replace("g_lanes.u_engine.", "E.")
    if not name.startswith("E."):
        return "wrapper"
    parts = name.split(".")
    if parts[1].startswith("g_core["):
        if len(parts) > 2 and parts[2] == "u_core":
            part = ("outbuf" if "u_out_buffer" in name else "input" if "u_input" in name or "front" in name
                    else "key" if "key" in name else "rest")
            return f"{parts[1]}.core.{part}"
        return f"{parts[1]}.{parts[2] if len(parts) > 2 else ''}"
    if parts[1].startswith(("chain_q", "g_ctx_state")):
        return "E.ctx"
    return f"E.{parts[1]}" if parts[1] in HUB_BLOCKS else "E.hub"


def main(placed: str) -> None:
    data = json.loads(Path(placed).read_text())
    top = next(m for m in data["modules"].values() if "top" in (m.get("attributes") or {}))
    where = defaultdict(list)
    for name, c in top["cells"].items():
        attrs = c.get("attributes") or {}
        if c["type"] not in ("TRELLIS_COMB", "TRELLIS_FF", "TRELLIS_RAMW") or "NEXTPNR_BEL" not in attrs:
            continue
        if int(attrs.get("BEL_STRENGTH", "1"), 2) >= 6:   # fixed by the floorplan (STRENGTH_USER)
            continue
        x, y = map(int, re.match(r"X(\d+)/Y(\d+)", attrs["NEXTPNR_BEL"]).groups())
        where[block(name)].append((x, y))
    print(f"{'block':28s} {'cells':>6s} {'meanX':>7s} {'sdX':>6s} {'meanY':>7s} {'sdY':>6s}")
    for name, tiles in sorted(where.items(), key=lambda kv: -len(kv[1])):
        if len(tiles) < 150:
            continue
        xs, ys = [t[0] for t in tiles], [t[1] for t in tiles]
        print(f"{name:28s} {len(tiles):6d} {statistics.mean(xs):7.1f} {statistics.pstdev(xs):6.1f} "
              f"{statistics.mean(ys):7.1f} {statistics.pstdev(ys):6.1f}")


if __name__ == "__main__":
    main(sys.argv[1])
