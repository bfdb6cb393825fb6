"""rijndael_key_ram: the behavioural model (rtl/common) and the hand-instantiated ECP5 DP16KD file (rtl/ecp5)
against the rows the test itself writes.

Both are simulated on Icarus with one testbench: random rows written, then read in a random order with the
documented latency (read_data_o is the row addressed two clock edges earlier) after every row was written
once (the core wipes the store before its first read), reads of the row past ROWS (zero), and rst_ni (both read registers zero at the next edge, the memory kept). The ECP5 file runs over a
DP16KD model of the 18-bit mode it uses (tests/vendor_models.py, from Lattice's description, shared with
test_tbox_bram.py); the flow's synthesis of it is checked by tbox's build (rijndael synth).
"""
from __future__ import annotations

import random
import subprocess
from pathlib import Path

import sys

import pytest

REPO = Path(__file__).resolve().parents[2]
GENERIC = REPO / "rtl" / "common" / "rijndael_key_ram.sv"
ECP5 = REPO / "rtl" / "ecp5" / "rijndael_key_ram.sv"
WIDTH, ROWS = 64, 15

sys.path.insert(0, str(REPO / "tests"))
from vendor_models import dp16kd_x18_model  # noqa: E402



def _testbench(writes: list[tuple[int, int]], reads: list[int]) -> str:
    """Reset, the writes (one per clock, nothing read meanwhile), the reads (one row per clock, each output
    printed every clock), then a reset in the middle of reads."""
    steps = "\n".join(f"    write_row = 4'd{r}; write_data = {WIDTH}'h{v:x}; write = 1'b1; tick;" for r, v in writes)
    read_steps = "\n".join(f"    read_row = 4'd{r}; tick; $display(\"OUT %0d %h\", {i}, data);"
                           for i, r in enumerate(reads))
    return f"""
module tb_key_ram;
  logic clk = 1'b0, rst_n = 1'b0, write = 1'b0;
  logic [3:0] write_row = 4'd0, read_row = 4'd0;
  logic [{WIDTH - 1}:0] write_data = '0, data;
  rijndael_key_ram #(.WIDTH({WIDTH}), .ROWS({ROWS})) dut (
    .clk_i(clk), .rst_ni(rst_n), .write_i(write), .write_row_i(write_row), .write_data_i(write_data),
    .read_row_i(read_row), .read_data_o(data));
  task tick; #1 clk = 1'b1; #1 clk = 1'b0; endtask
  initial begin
    tick; tick;
    $display("RESET %h", data);
    rst_n = 1'b1;
{steps}
    write = 1'b0;
{read_steps}
    rst_n = 1'b0; read_row = 4'd{reads[0]}; tick;
    $display("AFTER_RESET %h", data);
    rst_n = 1'b1; tick; tick;
    $display("AGAIN %h", data);
    $display("DONE");
    $finish;
  end
endmodule
"""


def _simulate(tmp_path: Path, ecp5: bool, writes, reads) -> list[str]:
    tb = tmp_path / "tb.sv"
    tb.write_text(_testbench(writes, reads))
    files = [str(ECP5), str(tmp_path / "dp16kd.v")] if ecp5 else [str(GENERIC)]
    (tmp_path / "dp16kd.v").write_text(dp16kd_x18_model())
    binary = tmp_path / "tb.vvp"
    subprocess.run(["iverilog", "-g2012", "-s", "tb_key_ram", "-o", str(binary), *files, str(tb)],
                   check=True, capture_output=True, text=True)
    out = subprocess.run(["vvp", "-n", str(binary)], check=True, capture_output=True, text=True).stdout
    assert "DONE" in out, out[-2000:]
    return out.splitlines()


@pytest.mark.parametrize("ecp5", [False, True], ids=["behavioural", "ecp5"])
def test_key_ram_reads_what_was_written_two_clocks_later(tmp_path, ecp5):
    rng = random.Random(20261203)
    rows = {r: 0 for r in range(ROWS)}
    writes = [(r, 0) for r in range(ROWS)]  # the core's wipe: every row written before any is read
    for _ in range(40):  # rewrites included: the last write of a row counts
        row, value = rng.randrange(ROWS), rng.getrandbits(WIDTH)
        rows[row] = value
        writes.append((row, value))
    reads = [rng.randrange(16) for _ in range(60)] + [15, 15, 3]  # row 15 is past ROWS: zero
    lines = _simulate(tmp_path, ecp5, writes, reads)
    assert f"RESET {0:016x}" in lines
    outs = [int(line.split()[2], 16) for line in lines if line.startswith("OUT ")]
    # read i is printed after its own edge: the output then holds read i - 1 (address edge, output edge)
    for i in range(1, len(reads)):
        expected = rows.get(reads[i - 1], 0) if reads[i - 1] < ROWS else 0
        assert outs[i] == expected, (i, reads[i - 1], hex(outs[i]), hex(expected))
    assert f"AFTER_RESET {0:016x}" in lines  # both read registers zeroed at the reset edge
    assert f"AGAIN {rows.get(reads[0], 0):016x}" in lines  # the memory kept its rows


def test_both_files_give_the_same_trace(tmp_path):
    rng = random.Random(7)
    writes = [(r, 0) for r in range(ROWS)] + [(rng.randrange(ROWS), rng.getrandbits(WIDTH)) for _ in range(30)]
    reads = [rng.randrange(ROWS) for _ in range(40)]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert _simulate(tmp_path / "a", False, writes, reads) == _simulate(tmp_path / "b", True, writes, reads)
