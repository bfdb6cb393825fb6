"""The engine's synthesis pin wrapper (flow/rtl/rijndael_synth_engine_top.sv) moves real data through the engine.

Every engine build's Fmax and area is measured inside this wrapper, so a wrapper that garbled a beat, a register
access or a result would make the figure a measurement of something else (synthesis removes what no pin
observes). Until this test the wrapper was only elaborated. This drives its pins on Icarus, byte by byte as a
board would: the register master programs context 0 (CTX_SEL, CONFIG, KEY words, CTRL.START; addresses from
regs/rijndael_regs.rdl), beats are shifted in and offered with in_go, results are shifted out of out_byte and
checked against pycryptodome's AES, and the read-data path is checked on BLOCKS_OUT. Pin timing is not assumed
beyond the wrapper's header: accesses wait for reg_busy low, beats for in_busy low, results a generous while,
and every wait for an output to answer a pin covers the wrapper's round trip (PIN_HOPS registers each way).
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from Crypto.Cipher import AES

from rijndael_hw import configs
from rijndael_hw.engine_sim import SYSTEM_DIR, SYSTEM_FILES

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pin_bench import run_bench  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
WRAPPER = REPO / "flow" / "rtl" / "rijndael_synth_engine_top.sv"
ENGINE = {"TDATA_WIDTH": 128, "FIFO_DEPTH": 4, "CONTEXTS": 2, "CORES": 1}
LANES = ENGINE["TDATA_WIDTH"] // 8
BEAT_BYTES = 1 + LANES // 8 + LANES          # {TID byte, TKEEP, TDATA}
WAIT_RESULT = 600                             # clocks from a beat's offer to reading its result
ROUND_TRIP = 12                               # clocks from a pin to an output that answers it, and more

# Register addresses (regs/rijndael_regs.rdl) and values (docs/registers.md)
CTRL, CTX_SEL, CONFIG, BLOCKS_OUT, KEY0 = 0x08, 0x0C, 0x18, 0x24, 0x40
CONFIG_ECB_ENCRYPT_AES128 = 0                 # MODE 0 (ECB), DECRYPT 0, KEY_LEN 0 (4 words), BLOCK_LEN 0

KEY = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")       # SP 800-38A F.1.1's AES-128 key
BLOCKS = [bytes.fromhex("6bc1bee22e409f96e93d7e117393172a"),  # SP 800-38A F.1.1's first two blocks
          bytes.fromhex("ae2d8a571e03ac9c9eb76fac45af8e51")]


def _testbench(steps: list[str]) -> str:
    body = "\n".join(steps)
    return f"""
module tb_synth_engine_top;
  logic clk = 1'b0, rst_n = 1'b0, in_shift = 1'b0, in_last = 1'b0, in_go = 1'b0, out_ready = 1'b0;
  logic out_shift = 1'b0, reg_shift = 1'b0, reg_write = 1'b0, reg_read = 1'b0, reg_out_shift = 1'b0;
  logic [7:0] in_byte = 8'h00;
  logic in_busy, out_valid, out_last, out_user, reg_busy, reg_error;
  logic [7:0] out_byte, reg_byte;
  integer n;
  rijndael_synth_engine_top #(`PARAMS) dut (
    .clk_i(clk), .rst_ni(rst_n), .in_byte_i(in_byte), .in_shift_i(in_shift), .in_last_i(in_last),
    .in_go_i(in_go), .in_busy_o(in_busy), .out_ready_i(out_ready), .out_shift_i(out_shift),
    .out_byte_o(out_byte), .out_valid_o(out_valid), .out_last_o(out_last), .out_user_o(out_user),
    .reg_shift_i(reg_shift), .reg_write_i(reg_write), .reg_read_i(reg_read), .reg_out_shift_i(reg_out_shift),
    .reg_byte_o(reg_byte), .reg_busy_o(reg_busy), .reg_error_o(reg_error));
  task tick; #1 clk = 1'b1; #1 clk = 1'b0; endtask
  task wait_clocks(input integer count); for (n = 0; n < count; n = n + 1) tick; endtask
  task reg_wait;
    wait_clocks({ROUND_TRIP});
    n = 0;
    while (reg_busy && n < 2000) begin tick; n = n + 1; end
    if (reg_busy) begin $display("STUCK reg"); $finish; end
    wait_clocks(2);
  endtask
  task reg_load(input logic [7:0] addr, input logic [31:0] data);
    integer i;
    reg_shift = 1'b1; in_byte = addr; tick;
    for (i = 3; i >= 0; i = i - 1) begin in_byte = data[8*i +: 8]; tick; end
    reg_shift = 1'b0; wait_clocks(2);
  endtask
  task write_reg(input logic [7:0] addr, input logic [31:0] data);
    reg_load(addr, data); reg_write = 1'b1; tick; reg_write = 1'b0; reg_wait;
    $display("WRITE %02x %0d", addr, reg_error);
  endtask
  task read_reg(input logic [7:0] addr);
    integer i;
    reg_load(addr, 32'h0); reg_read = 1'b1; tick; reg_read = 1'b0; reg_wait;
    $write("READ %02x %0d", addr, reg_error);
    for (i = 0; i < 4; i = i + 1) begin
      $write(" %02x", reg_byte);
      reg_out_shift = 1'b1; tick; reg_out_shift = 1'b0; wait_clocks({ROUND_TRIP});
    end
    $display("");
  endtask
  task offer(input logic last);
    in_last = last; wait_clocks(2); in_go = 1'b1; tick; in_go = 1'b0; wait_clocks({ROUND_TRIP});
    n = 0;
    while (in_busy && n < 2000) begin tick; n = n + 1; end
    if (in_busy) begin $display("STUCK beat"); $finish; end
  endtask
  // Let one result into the output register (out_ready's pin copy is high for one clock), then shift it out.
  task read_result;
    integer i;
    out_ready = 1'b1; tick; out_ready = 1'b0; wait_clocks({ROUND_TRIP} + 12);
    $write("RESULT %0d %0d %0d", out_valid, out_last, out_user);
    for (i = 0; i < {BEAT_BYTES}; i = i + 1) begin
      $write(" %02x", out_byte);
      out_shift = 1'b1; tick; out_shift = 1'b0; wait_clocks({ROUND_TRIP});
    end
    $display("");
  endtask
  initial begin
    wait_clocks(8);
    rst_n = 1'b1;
    wait_clocks({ROUND_TRIP});
{body}
    $display("DONE");
    $finish;
  end
endmodule
"""


def _beat(data: bytes, tid: int, last: bool) -> list[str]:
    """Shift {TID, TKEEP, TDATA} in, first byte at the top: TDATA's lane 0 (the message's first byte) last."""
    payload = bytes([tid]) + b"\xff" * (LANES // 8) + data[::-1]
    return ([f"    in_shift = 1'b1; in_byte = 8'h{b:02x}; tick;" for b in payload]
            + ["    in_shift = 1'b0; wait_clocks(2);", f"    offer(1'b{int(last)});"])


def _run(tmp_path: Path, steps: list[str]) -> list[str]:
    config = configs.get("iterative")
    return run_bench(tmp_path, "tb_synth_engine_top", _testbench(steps), {**config.verilog_params(), **ENGINE},
                     [*configs.rtl_files(), *(SYSTEM_DIR / f for f in SYSTEM_FILES), WRAPPER], timeout=900)


@pytest.mark.skipif(shutil.which("iverilog") is None, reason="iverilog not installed")
def test_engine_wrapper_pins_carry_registers_beats_and_results(tmp_path):
    words = [int.from_bytes(KEY[4 * i:4 * i + 4], "big") for i in range(4)]
    steps = [f"    write_reg(8'h{CTX_SEL:02x}, 32'd0);",
             f"    write_reg(8'h{CONFIG:02x}, 32'd{CONFIG_ECB_ENCRYPT_AES128});"]
    steps += [f"    write_reg(8'h{KEY0 + 4 * i:02x}, 32'h{w:08x});" for i, w in enumerate(words)]
    steps += [f"    write_reg(8'h{CTRL:02x}, 32'd1);"]                 # CTRL.START
    steps += _beat(BLOCKS[0], 0, False) + _beat(BLOCKS[1], 0, True)
    steps += [f"    wait_clocks({WAIT_RESULT});", "    read_result;", "    read_result;",
              f"    read_reg(8'h{BLOCKS_OUT:02x});"]
    lines = _run(tmp_path, steps)
    writes = [line for line in lines if line.startswith("WRITE")]
    assert len(writes) == 7 and all(w.endswith(" 0") for w in writes), writes   # every write answered OKAY
    results = [line.split()[1:] for line in lines if line.startswith("RESULT")]
    assert len(results) == 2
    want = [AES.new(KEY, AES.MODE_ECB).encrypt(b) for b in BLOCKS]
    for (valid, last, user, *data), block, is_last in zip(results, want, (False, True)):
        assert (valid, last, user) == ("1", str(int(is_last)), "0")
        beat = bytes(int(b, 16) for b in data)
        assert beat[0] == 0 and beat[1:1 + LANES // 8] == b"\xff" * (LANES // 8)   # TID 0, TKEEP all ones
        assert beat[1 + LANES // 8:][::-1] == block, f"got {beat.hex()}, pycryptodome {block.hex()}"
    reads = [line.split()[1:] for line in lines if line.startswith("READ")]
    assert reads == [[f"{BLOCKS_OUT:02x}", "0", "00", "00", "00", "02"]], reads   # BLOCKS_OUT counts both
