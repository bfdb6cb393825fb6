#!/usr/bin/env python3
"""Logic depth of a Yosys ECP5 netlist (JSON), per endpoint group: a steering number without place and route.

Counts the combinational cells between sequential ones along the deepest path into each flop, block RAM
or LUT-RAM port of the top module: a LUT4 counts 1, a PFUMX / L6MUX21 (the wide-function muxes behind LUTs)
0.3, a CCU2C sum 0.25 and a carry step 0.05, a LUT-RAM read 1.2. Endpoints are grouped by their cell name
up to its fourth hierarchy level, with indices dropped. Instances of kept submodules that hold only flip-flops
(the register copies, `rijndael_reg_copy`, stay modules of their own in the flow's netlist) count as flops: a
path ends at their inputs and starts at their outputs. The numbers rank paths; they are not nanoseconds
(routes decide those on ECP5), so a change is judged by place and route in the end.

  tools/logic_depth.py netlist.json [--top N] [--path FILTER] [--control]

--path prints the deepest path into the endpoints whose name contains FILTER, net by net.
--control lists instead the flip-flops' reset (LSR) and clock-enable (CE) nets that a combinational cell
drives, widest first: a LUT in front of a wide reset or enable net has been a critical path of this
project many times (placed apart from its source and its flops), and a kept flop per group is the fix
(docs/results.md). Nets driven by a flop, as the fix leaves them, are not listed.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict

DELAY = {"LUT4": 1.0, "PFUMX": 0.3, "L6MUX21": 0.3, "CCU2C": 0.25, "TRELLIS_DPR16X4": 1.2}
SEQUENTIAL = {"TRELLIS_FF", "DP16KD", "MULT18X18D", "ALU54B", "TRELLIS_IO", "$scopeinfo"}


def cell_type(cell: dict) -> str:
    return cell["type"].split("\\")[-1]


def register_modules(design: dict) -> set[str]:
    """Names of the netlist's modules whose cells are all flip-flops (kept register copies)."""
    out = set()
    for name, module in design.get("modules", {}).items():
        kinds = {cell_type(c) for c in (module.get("cells") or {}).values()} - {"$scopeinfo"}
        if kinds and kinds <= {"TRELLIS_FF"}:
            out.add(name)
    return out


class Depth:
    def __init__(self, module: dict, registers: set[str] = frozenset()):
        self.registers = set(registers)
        self.cells = module["cells"]
        self.names = {}
        for name, net in module["netnames"].items():
            for bit in net["bits"]:
                if isinstance(bit, int) and (bit not in self.names or self.names[bit].startswith("$")):
                    self.names[bit] = name
        self.driver = {}
        for cname, cell in self.cells.items():
            for port, bits in cell["connections"].items():
                if cell.get("port_directions", {}).get(port) == "output":
                    for bit in bits:
                        if isinstance(bit, int):
                            self.driver[bit] = (cname, port)
        self.memo: dict[int, tuple[float, int | None]] = {}

    def sequential(self, cell: dict) -> bool:
        return cell_type(cell) in SEQUENTIAL or cell["type"] in self.registers

    def inputs(self, cell: dict) -> list[int] | None:
        kind = cell_type(cell)
        if self.sequential(cell):
            return None
        ports = cell["connections"].items()
        if kind == "TRELLIS_DPR16X4":   # asynchronous read: only the read address reaches the output
            return [b for p, bits in ports if p.startswith("RAD") for b in bits if isinstance(b, int)]
        return [b for p, bits in ports if cell.get("port_directions", {}).get(p) == "input"
                for b in bits if isinstance(b, int)]

    def arrival(self, bit: int) -> tuple[float, int | None]:
        """Depth at a net and the input net it came through (iterative: netlists are deep)."""
        stack, visiting = [bit], set()
        while stack:
            b = stack[-1]
            if b in self.memo:
                stack.pop()
                continue
            drv = self.driver.get(b)
            ins = self.inputs(self.cells[drv[0]]) if drv else None
            if not ins:
                self.memo[b] = (0.0, None)
                stack.pop()
                continue
            todo = [i for i in ins if i not in self.memo and i not in visiting]
            if todo and b not in visiting:
                visiting.add(b)
                stack.extend(todo)
                continue
            # all inputs known (an input still being visited would be a combinational loop: counted 0)
            cell = self.cells[drv[0]]
            kind = cell_type(cell)
            step = 0.05 if (kind == "CCU2C" and drv[1].startswith("CO")) else DELAY.get(kind, 1.0)
            best = max(ins, key=lambda i: self.memo.get(i, (0.0,))[0])
            self.memo[b] = (self.memo.get(best, (0.0,))[0] + step, best)
            visiting.discard(b)
            stack.pop()
        return self.memo[bit]

    def endpoints(self):
        for cname, cell in self.cells.items():
            if self.sequential(cell) or cell_type(cell) == "TRELLIS_DPR16X4":
                for port, bits in cell["connections"].items():
                    if cell.get("port_directions", {}).get(port) == "input":
                        for bit in bits:
                            if isinstance(bit, int):
                                yield cname, port, bit

    def path(self, bit: int) -> list[tuple[float, str]]:
        out = []
        while bit is not None:
            depth, prev = self.arrival(bit)
            out.append((depth, self.names.get(bit, "?")))
            bit = prev
        return out[::-1]


    def control_nets(self) -> list[tuple[int, str, str, str]]:
        """(flops, pin, driver cell type, net name) of every LSR / CE net a combinational cell drives."""
        fanout: dict[tuple[str, int], int] = defaultdict(int)
        for cell in self.cells.values():
            if cell_type(cell) != "TRELLIS_FF":
                continue
            for pin in ("LSR", "CE"):
                for bit in cell["connections"].get(pin, []):
                    drv = self.driver.get(bit) if isinstance(bit, int) else None
                    if drv and not self.sequential(self.cells[drv[0]]):
                        fanout[(pin, bit)] += 1
        rows = [(n, pin, cell_type(self.cells[self.driver[bit][0]]), self.names.get(bit, "?"))
                for (pin, bit), n in fanout.items()]
        return sorted(rows, key=lambda r: (-r[0], r[1], r[3]))


def group(name: str) -> str:
    name = re.sub(r"\[\d+\]", "[]", name.split("_TRELLIS")[0].split("$")[0])
    return ".".join(name.split(".")[:4])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("netlist")
    ap.add_argument("--top", type=int, default=30, help="endpoint groups to print (deepest first)")
    ap.add_argument("--path", metavar="FILTER", help="print the deepest path into endpoints matching FILTER")
    ap.add_argument("--control", action="store_true",
                    help="list the LSR / CE nets driven by combinational cells (widest first) instead")
    args = ap.parse_args(argv)
    design = json.load(open(args.netlist))
    tops = [m for m in design["modules"].values() if m.get("attributes", {}).get("top")]
    if len(tops) != 1:
        print("logic_depth: no single top module in the netlist", file=sys.stderr)
        return 2
    d = Depth(tops[0], register_modules(design))
    if args.control:
        rows = d.control_nets()
        print(f"{sum(r[0] for r in rows)} flops on {len(rows)} LSR / CE nets driven by combinational cells")
        for flops, pin, kind, net in rows[:args.top]:
            print(f"{flops:6d}  {pin:3s}  {kind:8s}  {net[:140]}")
        return 0
    groups: dict[str, float] = defaultdict(float)
    deepest = None
    for cname, port, bit in d.endpoints():
        depth = d.arrival(bit)[0]
        groups[group(cname)] = max(groups[group(cname)], depth)
        if args.path and args.path in cname and (deepest is None or depth > deepest[0]):
            deepest = (depth, cname, port, bit)
    for name, depth in sorted(groups.items(), key=lambda x: -x[1])[:args.top]:
        print(f"{depth:6.2f}  {name}")
    if args.path:
        if deepest is None:
            print(f"no endpoint matches {args.path!r}", file=sys.stderr)
            return 1
        print(f"\ndeepest path into {deepest[1]}.{deepest[2]} ({deepest[0]:.2f}):")
        last = None
        for depth, net in d.path(deepest[3]):
            if net != last:
                print(f"  {depth:6.2f}  {net[:160]}")
            last = net
    return 0


if __name__ == "__main__":
    sys.exit(main())
