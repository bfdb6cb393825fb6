"""tbox_bram: the behavioural ROM (rtl/sbox) and the hand-instantiated ECP5 DP16KD (rtl/ecp5) hold Te0 / Td0.

Expected values come from tools/gen_tbox_lut.py's te0 / td0 (computed from rijndael_hw.model's S-boxes and
GF(2^8) products, FIPS-197 Sec. 5.1.1 / 5.3.2 and seed 001's T-box definition), never from the RTL. The ECP5
file is simulated over a DP16KD model of the 18-bit port mode it uses (address on AD13..AD4, word w at bits
[20w +: 18] of the INITVAL strings, the packing tools/gen_sbox_bram.py's 9-bit ROM uses and
test_sbox_mappings.py checks against Yosys), so both files must agree on every entry, the latency, reset and
the enable.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))

from gen_tbox_lut import td0, te0  # noqa: E402

sys.path.insert(0, str(REPO / "tests"))
from vendor_models import dp16kd_x18_model  # noqa: E402

GENERIC = REPO / "rtl" / "sbox" / "tbox_bram.sv"
ECP5 = REPO / "rtl" / "ecp5" / "tbox_bram.sv"

TESTBENCH = """
module tb_tbox_bram;
  logic clk = 1'b0, rst_n = 1'b0, en = 1'b1, inverse = 1'b0;
  logic [7:0] value = 8'h00;
  logic [31:0] both, fwd, inv;
  tbox_bram #(.FORWARD(1'b1), .INVERSE(1'b1), .OUT_REG(1'b1)) u_both (
    .clk_i(clk), .rst_ni(rst_n), .en_i(en), .data_i(value), .inverse_i(inverse), .data_o(both));
  tbox_bram #(.FORWARD(1'b1), .INVERSE(1'b0), .OUT_REG(1'b1)) u_fwd (
    .clk_i(clk), .rst_ni(rst_n), .en_i(en), .data_i(value), .inverse_i(inverse), .data_o(fwd));
  tbox_bram #(.FORWARD(1'b0), .INVERSE(1'b1), .OUT_REG(1'b1)) u_inv (
    .clk_i(clk), .rst_ni(rst_n), .en_i(en), .data_i(value), .inverse_i(inverse), .data_o(inv));
  task tick; #1 clk = 1'b1; #1 clk = 1'b0; endtask
  initial begin
    tick;
    $display("RESET %0d %0d %0d", both, fwd, inv);
    rst_n = 1'b1;
    for (int i = 0; i < 512 + 2; i++) begin
      value = i[7:0];
      inverse = i[8];
      tick;
      $display("ROW %0d %0d %0d %0d", i, both, fwd, inv);
    end
    en = 1'b0;
    value = 8'h00;
    inverse = 1'b0;
    tick; tick;
    $display("HOLD %0d", both);
    $display("DONE");
    $finish;
  end
endmodule
"""


def simulate_rom(tmp_path: Path, rom: Path, testbench: str, top: str, with_dp16kd: bool) -> str:
    """Icarus run of `testbench` (top module `top`) over one ROM file, with the DP16KD model when the file is
    an ECP5 one; its printed lines. Shared by the block-RAM table tests (test_sbox_mix_bram.py too)."""
    tb = tmp_path / "tb.sv"
    tb.write_text(testbench)
    files = [str(rom), str(tb)]
    if with_dp16kd:
        model = tmp_path / "dp16kd.v"
        model.write_text(dp16kd_x18_model())
        files.append(str(model))
    binary = tmp_path / "tb.vvp"
    subprocess.run(["iverilog", "-g2012", "-s", top, "-o", str(binary), *files],
                   check=True, capture_output=True, text=True)
    return subprocess.run(["vvp", "-n", str(binary)], check=True, capture_output=True, text=True).stdout


def _simulate(tmp_path: Path, ecp5: bool) -> str:
    return simulate_rom(tmp_path, ECP5 if ecp5 else GENERIC, TESTBENCH, "tb_tbox_bram", ecp5)


@pytest.mark.parametrize("ecp5", [False, True], ids=["behavioural", "ecp5-dp16kd"])
def test_tbox_bram_holds_te0_and_td0(tmp_path, ecp5):
    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    out = _simulate(tmp_path, ecp5)
    assert "DONE" in out, out[-2000:]
    assert [line.split()[1:] for line in out.splitlines() if line.startswith("RESET ")] == [["0", "0", "0"]]
    rows = {int(p[1]): [int(x) for x in p[2:]] for p in (line.split() for line in out.splitlines())
            if p[0] == "ROW"}
    mismatches = []
    for i in range(1, 512 + 1):  # latency 2: row i (after the edge that took input i) shows input i - 1
        a, inverse = (i - 1) & 0xFF, (i - 1) >> 8
        both, fwd, inv = rows[i]
        if both != (td0(a) if inverse else te0(a)):
            mismatches.append(f"both {'Td0' if inverse else 'Te0'}[{a:#04x}] = {both:#010x}")
        if fwd != te0(a):
            mismatches.append(f"forward-only Te0[{a:#04x}] = {fwd:#010x}")
        if inv != td0(a):
            mismatches.append(f"inverse-only Td0[{a:#04x}] = {inv:#010x}")
    assert not mismatches, "\n".join(mismatches[:20])
    # inputs 512 and 513 were Te0 lookups of 00 and 01; with en_i low from then on the output register keeps
    # the lookup of input 512 (the address register input 513's)
    assert [line.split()[1] for line in out.splitlines() if line.startswith("HOLD ")] == [str(te0(0x00))]
    assert rows[0] == [0, 0, 0]  # one edge after reset released: only the address register has a value


def test_tbox_bram_files_match_generator():
    result = subprocess.run([sys.executable, str(REPO / "tools" / "gen_tbox_bram.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
