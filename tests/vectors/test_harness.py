"""The Verilator batch harness itself: byte order, timing statistics, stalls, refusals, the hang guard.

Expected data always comes from the golden model (rijndael_hw.reference: pycryptodome for AES sizes,
the model otherwise), never from the RTL.
"""
from __future__ import annotations

import json
import random
import subprocess

import pytest

from rijndael_hw import configs, reference, sim
from rijndael_hw.bench import bench

FIPS197_PT = bytes.fromhex("00112233445566778899aabbccddeeff")
FIPS197_CT = {128: "69c4e0d86a7b0430d8cdb78070b4c55a", 192: "dda97ca4864cdfe06eaf70a0ec0d7191",
              256: "8ea2b7ca516745bfeafc49904b496089"}


@pytest.fixture(scope="module")
def iterative():
    with sim.Harness("iterative") as harness:
        yield harness


@pytest.mark.parametrize("key_bits", [128, 192, 256])
def test_fips197_appendix_c(iterative, key_bits):
    # Byte order on the bus: a hex string reads left to right from the most significant byte.
    iterative.load_key(bytes(range(key_bits // 8)))
    assert iterative.encrypt([FIPS197_PT]) == [bytes.fromhex(FIPS197_CT[key_bits])]
    assert iterative.decrypt([bytes.fromhex(FIPS197_CT[key_bits])]) == [FIPS197_PT]


def _mixed_stream(rng: random.Random, config: configs.Config, beats: int):
    """Keys of every supported size, blocks in both directions, with the expected results."""
    commands, expected, key, block_bits = [], [], None, None
    for _ in range(beats):
        if key is None or rng.random() < 0.05:
            block_bits = rng.choice(config.block_bits)
            key = rng.randbytes(rng.choice(config.key_bits) // 8)
            commands.append(("K", key, block_bits))
        block = rng.randbytes(block_bits // 8)
        decrypt = config.decrypt and rng.random() < 0.5
        commands.append(("D" if decrypt else "E", block))
        expected.append(reference.block(key, block, decrypt))
    return commands, expected


@pytest.mark.parametrize("stall", [0.0, 0.3, 0.8])
def test_random_stalls_give_the_same_results(stall):
    config = configs.get("iterative")
    commands, expected = _mixed_stream(random.Random(7), config, 400)
    with sim.Harness(config, seed=11, in_stall=stall, out_stall=stall) as harness:
        run = harness.run(commands)
    assert run.results == expected
    assert run.stats["blocks"] == len(expected) and run.stats["errors"] == 0


@pytest.mark.parametrize("key_bits", [128, 192, 256])
def test_bench_cycles_per_block_is_nr(key_bits):
    config = configs.get("iterative")
    result = bench(config, blocks=400, key_bits=key_bits)
    nr = config.nr(128, key_bits)
    # docs/core-interface.md, two-stage iterative core: two blocks in flight, a round takes two clocks
    assert result["cycles_per_block"] == nr       # Nr cycles per block back to back (two results per 2*Nr)
    assert result["latency_cycles"] == 2 * nr + 2  # result handshake 2*Nr + 2 cycles after the block's
    # the key beat waits for the last block to leave the rounds, is decoded a clock later from its register,
    # expands 4*(Nr+1) words (one per clock, and two clocks more for each word that needs SubWord: i mod Nk == 0,
    # or 4 when Nk > 6, the key S-box having two registers after the newest word's), the end-key registers take
    # the last word a clock later, and the first block after it takes 2*Nr + 2: the output gap around the key,
    # less the steady Nr
    nk = key_bits // 32
    words = 4 * (nr + 1)
    sub_words = sum(1 for i in range(nk, words) if i % nk == 0 or (nk > 6 and i % nk == 4))
    assert result["key_change_cycles"] == words + 2 * sub_words + nr + 4
    assert result["sim_blocks_per_second"] > 0


def test_unsupported_requests_answer_err(iterative):
    # A 160-bit key on an AES build: key refused, the blocks after it answered ERR (not a hang).
    iterative.load_key(bytes(20), 128)
    assert iterative.encrypt([FIPS197_PT, FIPS197_PT]) == [None, None]
    assert iterative.last_stats["key_error"] == 1
    # A 256-bit block on a 128-bit-block build.
    run = iterative.run([("K", bytes(16), 256), ("E", bytes(32)), ("D", bytes(32))])
    assert run.results == [None, None]
    # A good key afterwards works again.
    iterative.load_key(bytes(range(16)))
    assert iterative.encrypt([FIPS197_PT]) == [bytes.fromhex(FIPS197_CT[128])]


def test_block_before_any_key_is_refused():
    with sim.Harness("iterative") as harness:
        assert harness.encrypt([FIPS197_PT]) == [None]


def test_caller_errors_are_value_errors(iterative):
    with pytest.raises(ValueError):
        iterative.run([("K", bytes(17), 128)])
    iterative.load_key(bytes(16), 128)
    with pytest.raises(ValueError):
        iterative.encrypt([bytes(20)])  # block length differs from the key beat's
    assert iterative.encrypt([FIPS197_PT]) == [reference.block(bytes(16), FIPS197_PT)]


# A stand-in core with the real port list that takes every beat and never answers: the harness must
# give up after --max-cycles and the Python side must raise, never hang.
SILENT_CORE = """
module rijndael_core #(
  parameter int BLOCK_SIZES = 1, parameter int KEY_SIZES = 21, parameter int MAX_NB = 4,
  parameter int MAX_NK = 8, parameter int ENABLE_ENCRYPT = 1, parameter int ENABLE_DECRYPT = 1,
  // the harness sets every top parameter of the family (src/rijndael_hw/configs.py PARAMETERS)
  parameter int ARCH = 0, parameter int ROUNDS_PER_CYCLE = 1, parameter int FOLDED_WIDTH = 32,
  parameter int SUBSTAGES = 0, parameter int SBOX = 0, parameter int TBOX = 0, parameter int ENC_KEYS = 0
) (
  input  logic clk_i, input logic rst_ni,
  input  logic in_valid_i, output logic in_ready_o, input logic in_is_key_i,
  input  logic [2:0] in_key_len_i, input logic [2:0] in_block_len_i, input logic in_decrypt_i, input logic in_slot_i,
  input  logic [32*MAX_NK-1:0] in_key_i, input logic [32*MAX_NB-1:0] in_block_i,
  output logic out_valid_o, input logic out_ready_i, output logic [32*MAX_NB-1:0] out_block_o,
  output logic out_error_o, output logic key_error_o
);
  assign in_ready_o  = 1'b1;
  assign out_valid_o = 1'b0;
  assign out_block_o = '0;
  assign out_error_o = 1'b0;
  assign key_error_o = 1'b0;
endmodule
"""


def test_silent_core_stops_with_an_error(tmp_path):
    source = tmp_path / "rijndael_core.sv"
    source.write_text(SILENT_CORE)
    with sim.Harness("iterative", sources=[source], max_cycles=500) as harness:
        harness.load_key(bytes(16))
        with pytest.raises(sim.HarnessError, match="no handshake for 500 cycles"):
            harness.encrypt([FIPS197_PT])


def _binary() -> str:
    return str(sim.build("iterative"))


def test_interactive_mode_answers_each_line_at_once():
    # The answer must arrive before the next command is written (Monte Carlo callers depend on it).
    process = subprocess.Popen([_binary(), "--interactive"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    try:
        process.stdin.write(f"K 128 128 {bytes(range(16)).hex()}\nE {FIPS197_PT.hex()}\n")
        process.stdin.flush()
        assert process.stdout.readline().strip() == FIPS197_CT[128]
        process.stdin.write(f"D {FIPS197_CT[128]}\n")
        process.stdin.flush()
        assert process.stdout.readline().strip() == FIPS197_PT.hex()
    finally:
        process.stdin.close()
        assert process.wait(timeout=10) == 0


def test_batch_mode_text_protocol_and_statistics():
    commands = f"# comment\nK 256 128 {bytes(range(32)).hex()}\n" + f"E {FIPS197_PT.hex()}\n" * 8
    result = subprocess.run([_binary(), "--trace-cycles"], input=commands, capture_output=True, text=True,
                            timeout=60)
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and lines[:8] == [FIPS197_CT[256]] * 8
    stats = json.loads(lines[8].removeprefix("# stats "))
    assert stats["blocks"] == 8 and stats["keys"] == 1 and stats["cycles_per_block"] == 14
    # two blocks in flight (docs/core-interface.md): results in pairs one clock apart, a pair every 2*Nr; latency 2*Nr + 2
    assert stats["latency_cycles"] == 2 * 14 + 2 and len(stats["out_cycles"]) == 8
    assert [b - a for a, b in zip(stats["out_cycles"], stats["out_cycles"][1:])] == [1, 27, 1, 27, 1, 27, 1]


@pytest.mark.parametrize("line, message", [
    ("X 00", "unknown command"),
    ("E 0011", "a block is 16, 20, 24, 28 or 32 bytes"),
    ("K 128 128 0011", "key hex length"),
    ("E " + "zz" * 16, "is not hex"),
])
def test_batch_mode_rejects_bad_commands(line, message):
    result = subprocess.run([_binary()], input=line + "\n", capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and message in result.stderr
