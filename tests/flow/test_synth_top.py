"""The synthesis pin wrapper (flow/rtl/rijndael_synth_top.sv) moves real blocks through the core.

Every Fmax and area figure of the flow is measured on the core inside this wrapper, so a wrapper that dropped,
garbled or mis-ordered the core's data would make every record a measurement of something else (synthesis
would simply remove what no pin observes). This drives its pins on Icarus, byte by byte as a board would:
key and block bytes shifted in, a beat offered with in_go, the result shifted out of out_byte, and checks
the bytes against pycryptodome's AES, plus the error pin for a block before any key. Pin timing is not assumed
beyond what the wrapper's header documents: beats are offered when in_busy is low, results read after a
generous wait (every core's latency is far below it).
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from Crypto.Cipher import AES

from rijndael_hw import configs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pin_bench import run_bench  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
WRAPPER = REPO / "flow" / "rtl" / "rijndael_synth_top.sv"
WAIT_RESULT = 300  # clocks from a block's offer to reading its result (pipelined latency 64 + the pin stages)

KEY_1 = bytes.fromhex("000102030405060708090a0b0c0d0e0f")  # FIPS-197 appendix C.1 key
KEY_2 = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")  # SP 800-38A's AES-128 key
BLOCK_1 = bytes.fromhex("00112233445566778899aabbccddeeff")  # FIPS-197 appendix C.1 plaintext
BLOCK_2 = bytes.fromhex("6bc1bee22e409f96e93d7e117393172a")  # SP 800-38A's first block


def _testbench(steps: list[str]) -> str:
    body = "\n".join(steps)
    return f"""
module tb_synth_top;
  logic clk = 1'b0, rst_n = 1'b0, shift = 1'b0, go = 1'b0, out_ready = 1'b1, out_shift = 1'b0;
  logic [7:0] in_byte = 8'h00, in_ctrl = 8'h00;
  logic busy, out_valid, out_error, key_error;
  logic [7:0] out_byte;
  integer n;
  rijndael_synth_top #(`PARAMS) dut (
    .clk_i(clk), .rst_ni(rst_n), .in_byte_i(in_byte), .in_shift_i(shift), .in_go_i(go), .in_ctrl_i(in_ctrl),
    .in_busy_o(busy), .out_ready_i(out_ready), .out_shift_i(out_shift), .out_byte_o(out_byte),
    .out_valid_o(out_valid), .out_error_o(out_error), .key_error_o(key_error));
  task tick; #1 clk = 1'b1; #1 clk = 1'b0; endtask
  task wait_clocks(input integer count); for (n = 0; n < count; n = n + 1) tick; endtask
  // Offer the assembled beat and wait until the core took it (in_busy low again).
  task offer(input logic [7:0] ctrl);
    in_ctrl = ctrl; wait_clocks(2); go = 1'b1; tick; go = 1'b0; wait_clocks(6);
    n = 0;
    while (busy && n < 2000) begin tick; n = n + 1; end
    if (busy) begin $display("STUCK"); $finish; end
  endtask
  // Shift the result out, a byte per pulse, top byte first.
  // Let exactly one result through: out_ready high for one clock (its pin copies are high for one clock).
  task release_one;
    out_ready = 1'b1; tick; out_ready = 1'b0; wait_clocks(12);
  endtask
  task read_result;
    integer i;
    $write("RESULT %0d %0d", out_valid, out_error);
    for (i = 0; i < 16; i = i + 1) begin
      $write(" %02x", out_byte);
      out_shift = 1'b1; tick; out_shift = 1'b0; wait_clocks(6);
    end
    $display("");
  endtask
  initial begin
    wait_clocks(4);
    rst_n = 1'b1;
    wait_clocks(4);
{body}
    $display("DONE");
    $finish;
  end
endmodule
"""


def _load(payload: bytes, load_bytes: int) -> list[str]:
    """Shift the payload in (first byte ends at the top), padded with zero bytes to the register's width."""
    data = payload + bytes(load_bytes - len(payload))
    return ([f"    shift = 1'b1; in_byte = 8'h{b:02x}; tick;" for b in data]
            + ["    shift = 1'b0; wait_clocks(2);"])


def _key(key: bytes, load_bytes: int) -> list[str]:
    ctrl = (1 << 7) | ((len(key) // 4 - 4) << 3)  # {is_key, decrypt, key_len, block_len}
    return _load(key, load_bytes) + [f"    offer(8'h{ctrl:02x});"]


def _block(block: bytes, load_bytes: int, decrypt: bool = False, read: bool = True) -> list[str]:
    ctrl = int(decrypt) << 6
    steps = _load(block, load_bytes) + [f"    offer(8'h{ctrl:02x});"]
    return steps + ([f"    wait_clocks({WAIT_RESULT});", "    read_result;"] if read else [])


def _run(tmp_path: Path, config: configs.Config, steps: list[str]) -> list[tuple[int, int, bytes]]:
    lines = run_bench(tmp_path, "tb_synth_top", _testbench(steps), config.verilog_params(),
                      [*configs.rtl_files(), WRAPPER])
    results = []
    for line in lines:
        if line.startswith("RESULT"):
            _, valid, error, *data = line.split()
            results.append((int(valid), int(error), bytes(int(b, 16) for b in data)))
    return results


def _load_bytes(config: configs.Config) -> int:
    params = config.verilog_params()
    return max(params["MAX_NB"], params["MAX_NK"]) * 4


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
@pytest.mark.parametrize("name", ["iterative", "pipelined"])
def test_wrapper_pins_carry_the_cores_blocks(tmp_path, name):
    config = configs.get(name)
    n = _load_bytes(config)
    steps = (_block(BLOCK_1, n)                          # no key yet: refused
             + _key(KEY_1, n) + _block(BLOCK_1, n) + _block(BLOCK_2, n)
             + _key(KEY_2, n) + _block(BLOCK_2, n))
    expected = [AES.new(KEY_1, AES.MODE_ECB).encrypt(BLOCK_1), AES.new(KEY_1, AES.MODE_ECB).encrypt(BLOCK_2),
                AES.new(KEY_2, AES.MODE_ECB).encrypt(BLOCK_2)]
    if config.decrypt:
        steps += _block(expected[2], n, decrypt=True)
        expected.append(BLOCK_2)
    results = _run(tmp_path, config, steps)
    assert len(results) == 1 + len(expected)
    valid, error, data = results[0]
    assert (valid, error, data) == (1, 1, bytes(16)), "a block before any key leaves with the error pin and zeros"
    for (valid, error, data), want in zip(results[1:], expected):
        assert (valid, error) == (1, 0)
        assert data == want, f"got {data.hex()}, pycryptodome {want.hex()}"


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
@pytest.mark.parametrize("name", ["iterative", "pipelined"])
def test_wrapper_back_pressure_loses_nothing(tmp_path, name):
    """out_ready low while three blocks finish: the core holds them, and releasing one result at a time
    gives them in order (the wrapper's result register holds one)."""
    config = configs.get(name)
    n = _load_bytes(config)
    blocks = [BLOCK_1, BLOCK_2, bytes(16)]
    steps = _key(KEY_2, n) + ["    out_ready = 1'b0;"]
    for block in blocks:
        steps += _block(block, n, read=False)
    steps += [f"    wait_clocks({WAIT_RESULT});", "    read_result;"]  # nothing released yet: still reset zeros
    for _ in blocks:
        steps += ["    release_one;", "    read_result;"]
    results = _run(tmp_path, config, steps)
    assert results[0] == (0, 0, bytes(16)), "no result may be captured while out_ready is low"
    want = [AES.new(KEY_2, AES.MODE_ECB).encrypt(b) for b in blocks]
    assert [(v, e) for v, e, _ in results[1:]] == [(1, 0)] * len(blocks)
    assert [d.hex() for _, _, d in results[1:]] == [w.hex() for w in want]
