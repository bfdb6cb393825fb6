"""rijndael_key_ram: the behavioural model (rtl/common) and the hand-instantiated ECP5 DP16KD file (rtl/ecp5)
against the rows the test itself writes, in both of the ECP5 file's modes.

Both are simulated on Icarus with one testbench: random rows written, then read in a random order with the
documented latency (read_data_o is the row addressed two clock edges earlier) after every row was written
once (the core wipes the store before its first read), reads of a row past ROWS (zero) where the row
address has one, and rst_ni (both read registers zero at the next edge, the memory kept). The ECP5 file
runs over DP16KD models of the mode it uses (tests/vendor_models.py, from Lattice's description): 64-bit
rows in four 18-bit lanes (`tbox`'s store; the model shared with test_tbox_bram.py), and 32-bit rows in one
RAM's 36-bit pseudo-dual-port mode (`iterative-bram`'s store). The flow's synthesis of each is checked by
those builds (rijndael synth).
"""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GENERIC = REPO / "rtl" / "common" / "rijndael_key_ram.sv"
ECP5 = REPO / "rtl" / "ecp5" / "rijndael_key_ram.sv"
SHAPES = {"x18-lanes": (64, 15), "x36-wide": (32, 32)}  # (WIDTH, ROWS)

sys.path.insert(0, str(REPO / "tests"))
from vendor_models import dp16kd_x18_model, dp16kd_x36_model  # noqa: E402


def _row_bits(rows: int) -> int:
    return max(1, (rows - 1).bit_length())


def _testbench(width: int, rows: int, writes: list[tuple[int, int]], reads: list[int]) -> str:
    """Reset, the writes (one per clock, nothing read meanwhile), the reads (one row per clock, each output
    printed every clock), then a reset in the middle of reads."""
    rb = _row_bits(rows)
    steps = "\n".join(f"    write_row = {rb}'d{r}; write_data = {width}'h{v:x}; write = 1'b1; tick;"
                      for r, v in writes)
    read_steps = "\n".join(f"    read_row = {rb}'d{r}; tick; $display(\"OUT %0d %h\", {i}, data);"
                           for i, r in enumerate(reads))
    return f"""
module tb_key_ram;
  logic clk = 1'b0, rst_n = 1'b0, write = 1'b0;
  logic [{rb - 1}:0] write_row = '0, read_row = '0;
  logic [{width - 1}:0] write_data = '0, data;
  rijndael_key_ram #(.WIDTH({width}), .ROWS({rows})) dut (
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
    rst_n = 1'b0; read_row = {rb}'d{reads[0]}; tick;
    $display("AFTER_RESET %h", data);
    rst_n = 1'b1; tick; tick;
    $display("AGAIN %h", data);
    $display("DONE");
    $finish;
  end
endmodule
"""


def _simulate(tmp_path: Path, ecp5: bool, shape: str, writes, reads) -> list[str]:
    width, rows = SHAPES[shape]
    tb = tmp_path / "tb.sv"
    tb.write_text(_testbench(width, rows, writes, reads))
    model = dp16kd_x36_model() if shape == "x36-wide" else dp16kd_x18_model()
    (tmp_path / "dp16kd.v").write_text(model)
    files = [str(ECP5), str(tmp_path / "dp16kd.v")] if ecp5 else [str(GENERIC)]
    binary = tmp_path / "tb.vvp"
    subprocess.run(["iverilog", "-g2012", "-s", "tb_key_ram", "-o", str(binary), *files, str(tb)],
                   check=True, capture_output=True, text=True)
    out = subprocess.run(["vvp", "-n", str(binary)], check=True, capture_output=True, text=True).stdout
    assert "DONE" in out, out[-2000:]
    return out.splitlines()


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("ecp5", [False, True], ids=["behavioural", "ecp5"])
def test_key_ram_reads_what_was_written_two_clocks_later(tmp_path, ecp5, shape):
    width, rows = SHAPES[shape]
    rng = random.Random(20261203)
    stored = {r: 0 for r in range(rows)}
    writes = [(r, 0) for r in range(rows)]  # the core's wipe: every row written before any is read
    for _ in range(40):  # rewrites included: the last write of a row counts
        row, value = rng.randrange(rows), rng.getrandbits(width)
        stored[row] = value
        writes.append((row, value))
    span = 1 << _row_bits(rows)  # every address the row port can carry, rows past ROWS included
    reads = [rng.randrange(span) for _ in range(60)] + [span - 1, span - 1, 3]
    lines = _simulate(tmp_path, ecp5, shape, writes, reads)
    digits = width // 4
    assert f"RESET {0:0{digits}x}" in lines
    outs = [int(line.split()[2], 16) for line in lines if line.startswith("OUT ")]
    # read i is printed after its own edge: the output then holds read i - 1 (address edge, output edge)
    for i in range(1, len(reads)):
        expected = stored.get(reads[i - 1], 0)  # rows past ROWS read zero
        assert outs[i] == expected, (i, reads[i - 1], hex(outs[i]), hex(expected))
    assert f"AFTER_RESET {0:0{digits}x}" in lines  # both read registers zeroed at the reset edge
    assert f"AGAIN {stored.get(reads[0], 0):0{digits}x}" in lines  # the memory kept its rows


@pytest.mark.parametrize("shape", SHAPES)
def test_both_files_give_the_same_trace(tmp_path, shape):
    width, rows = SHAPES[shape]
    rng = random.Random(7)
    writes = [(r, 0) for r in range(rows)] + [(rng.randrange(rows), rng.getrandbits(width)) for _ in range(30)]
    reads = [rng.randrange(rows) for _ in range(40)]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert _simulate(tmp_path / "a", False, shape, writes, reads) == \
        _simulate(tmp_path / "b", True, shape, writes, reads)
