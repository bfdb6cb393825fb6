"""sbox_mix_bram: the behavioural ROM (rtl/sbox) and the hand-instantiated ECP5 DP16KD (rtl/ecp5) hold the
mixing table of the block-RAM iterative round: {S(x), 2 S(x)} and {9 InvS(x), 2 InvS(x)} on two ports.

Expected values come from rijndael_hw.model's S-boxes and GF(2^8) product (FIPS-197 Sec. 5.1.1, 4.2), never
from the RTL. The ECP5 file is simulated over test_tbox_bram.py's DP16KD model of the 18-bit port mode, so
both files must agree on every entry of both ports, the latency of two edges and the reset. The round
network that reads these words (rijndael_round_mix_table) is checked by its generator against the model's
MixColumns / InvMixColumns and, in the core, by the CAVP vectors of `iterative-bram`.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rijndael_hw.model import INV_SBOX, SBOX, gf_mul

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_tbox_bram import simulate_rom  # noqa: E402  (the same DP16KD model and Icarus run)
GENERIC = REPO / "rtl" / "sbox" / "sbox_mix_bram.sv"
ECP5 = REPO / "rtl" / "ecp5" / "sbox_mix_bram.sv"

TESTBENCH = """
module tb_sbox_mix_bram;
  logic clk = 1'b0, rst_n = 1'b0, inverse = 1'b0;
  logic [7:0] value = 8'h00;
  logic [15:0] both_a, both_b, fwd_a, fwd_b, inv_a, inv_b;
  sbox_mix_bram #(.FORWARD(1'b1), .INVERSE(1'b1)) u_both (
    .clk_i(clk), .rst_ni(rst_n), .a_data_i(value), .a_inverse_i(inverse), .a_data_o(both_a),
    .b_data_i(~value), .b_inverse_i(!inverse), .b_data_o(both_b));
  sbox_mix_bram #(.FORWARD(1'b1), .INVERSE(1'b0)) u_fwd (
    .clk_i(clk), .rst_ni(rst_n), .a_data_i(value), .a_inverse_i(inverse), .a_data_o(fwd_a),
    .b_data_i(~value), .b_inverse_i(!inverse), .b_data_o(fwd_b));
  sbox_mix_bram #(.FORWARD(1'b0), .INVERSE(1'b1)) u_inv (
    .clk_i(clk), .rst_ni(rst_n), .a_data_i(value), .a_inverse_i(inverse), .a_data_o(inv_a),
    .b_data_i(~value), .b_inverse_i(!inverse), .b_data_o(inv_b));
  task tick; #1 clk = 1'b1; #1 clk = 1'b0; endtask
  initial begin
    tick;
    $display("RESET %0d %0d %0d %0d %0d %0d", both_a, both_b, fwd_a, fwd_b, inv_a, inv_b);
    rst_n = 1'b1;
    for (int i = 0; i < 512 + 2; i++) begin
      value = i[7:0];
      inverse = i[8];
      tick;
      $display("ROW %0d %0d %0d %0d %0d %0d %0d", i, both_a, both_b, fwd_a, fwd_b, inv_a, inv_b);
    end
    $display("DONE");
    $finish;
  end
endmodule
"""


def word(x: int, inverse: bool) -> int:
    """The table word of the round (tools/gen_mix_table.py): {S, 2 S} or {9 InvS, 2 InvS}."""
    y = INV_SBOX[x] if inverse else SBOX[x]
    return (gf_mul(9 if inverse else 1, y) << 8) | gf_mul(2, y)


def _simulate(tmp_path: Path, ecp5: bool) -> str:
    return simulate_rom(tmp_path, ECP5 if ecp5 else GENERIC, TESTBENCH, "tb_sbox_mix_bram", ecp5)


@pytest.mark.parametrize("ecp5", [False, True], ids=["behavioural", "ecp5-dp16kd"])
def test_sbox_mix_bram_holds_the_mixing_table(tmp_path, ecp5):
    if shutil.which("iverilog") is None:
        pytest.skip("iverilog not installed")
    out = _simulate(tmp_path, ecp5)
    assert "DONE" in out, out[-2000:]
    assert [line.split()[1:] for line in out.splitlines() if line.startswith("RESET ")] == [["0"] * 6]
    rows = {int(p[1]): [int(x) for x in p[2:]] for p in (line.split() for line in out.splitlines())
            if p[0] == "ROW"}
    assert rows[0] == [0] * 6  # one edge after reset released: only the address registers hold a value
    mismatches = []
    for i in range(1, 512 + 1):  # latency 2: row i (after the edge that took input i) shows input i - 1
        a, inverse = (i - 1) & 0xFF, bool((i - 1) >> 8)
        b = a ^ 0xFF  # port b reads the complement in the other direction
        both_a, both_b, fwd_a, fwd_b, inv_a, inv_b = rows[i]
        expect = [word(a, inverse), word(b, not inverse), word(a, False), word(b, False), word(a, True),
                  word(b, True)]
        for name, got, want in zip(("both a", "both b", "fwd a", "fwd b", "inv a", "inv b"),
                                   rows[i], expect):
            if got != want:
                mismatches.append(f"{name} input {i - 1}: {got:#06x}, expected {want:#06x}")
    assert not mismatches, "\n".join(mismatches[:20])


def test_mix_table_files_match_generator():
    result = subprocess.run([sys.executable, str(REPO / "tools" / "gen_mix_table.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
