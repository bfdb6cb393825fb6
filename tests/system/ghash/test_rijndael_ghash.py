"""cocotb tests of rijndael_ghash (rtl/system/), the GHASH unit of the engine's GCM, on Icarus.

Expected values come from the golden model src/rijndael_hw/ghash.py (itself checked against pycryptodome's
AES-GCM tags and published vectors in tests/model/test_ghash.py), never from the RTL.

ghash_interleaved_backpressure
    random messages (1..13 blocks, many of the length block alone; a few long) of all contexts, interleaved
    at block granularity, random valid gaps and random out_ready back-pressure; H rewritten between messages
    of a context; every result checked in order (results leave in the order their last blocks were
    accepted), AXI4-Stream rules on the out stream (valid/data held until taken).
ghash_clear_mid_stream
    clear_i while messages are in progress and results are pending: nothing from before the clear leaves
    afterwards, readies are low while the memories are wiped, a context whose H was not written again hashes
    with H = 0 (so the subkey really is wiped: any message gives 0), the others give correct results.
ghash_serial_rate (FAST = 0 only)
    blocks offered every clock are taken exactly every 128/DIGIT + 2 clocks (after the port register's
    first fill), within and across messages
    (the write-back bypass), results right.
ghash_full_rate (FAST = 1 only)
    one message of 96 blocks offered every clock with out_ready high: in_ready_o stays high for all of
    its blocks and after its last (one block per clock sustained, no clock lost between messages: a
    message costs its blocks), and the result is right; then short messages (1..8 blocks, around the
    unit's six lanes) back to back at full rate on one context, in_ready_o high at every block, and
    in turn on two contexts.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

from rijndael_hw.engine_sim import GHASH_UNIT_SOURCES
from rijndael_hw.ghash import ghash

REPO = Path(__file__).resolve().parents[3]
SOURCES = list(GHASH_UNIT_SOURCES)
TIMEOUT = 5000  # cycles any single handshake may wait (wipe of 256 contexts' memories, power precomputation)


class Bench:
    """Drives the h and in ports from one ordered list of events, checks the out stream."""

    def __init__(self, dut, rng: random.Random):
        self.dut = dut
        self.rng = rng
        self.contexts = int(dut.CONTEXTS.value)
        self.fast = int(dut.FAST.value)
        self.expected: list[tuple[int, bytes]] = []
        self.received = 0
        self.ready_prob = 1.0
        self.valid_prob = 1.0
        self.held = None
        self.h = [bytes(16)] * self.contexts         # H each context hashes with (wiped = 0)
        self.msg: dict[int, list[bytes]] = {}      # blocks of each context's message in progress
        self.msg_h: dict[int, bytes] = {}

    async def reset(self):
        d = self.dut
        d.rst_ni.value = 0
        d.clear_i.value = 0
        d.h_valid_i.value = 0
        d.in_valid_i.value = 0
        d.out_ready_i.value = 0
        d.h_ctx_i.value = 0
        d.h_i.value = 0
        d.in_block_i.value = 0
        d.in_ctx_i.value = 0
        d.in_first_i.value = 0
        d.in_last_i.value = 0
        await RisingEdge(d.clk_i)
        await RisingEdge(d.clk_i)
        d.rst_ni.value = 1

    async def monitor(self):
        d = self.dut
        while True:
            ready = self.rng.random() < self.ready_prob
            d.out_ready_i.value = int(ready)
            await ReadOnly()
            valid = int(d.out_valid_o.value)
            data = (int(d.out_ctx_o.value), int(d.out_hash_o.value)) if valid else None
            if self.held is not None:
                assert valid and data == self.held, "out stream changed or dropped valid without a handshake"
            if valid and ready:
                assert self.expected, f"unexpected result {data[1]:032x} for context {data[0]}"
                ctx, value = self.expected.pop(0)
                assert data == (ctx, int.from_bytes(value, "big")), \
                    f"result {self.received}: got ctx {data[0]} {data[1]:032x}, expected ctx {ctx} {value.hex()}"
                self.received += 1
                self.held = None
            else:
                self.held = data
            await RisingEdge(d.clk_i)

    async def _handshake(self, valid, ready, what):
        d = self.dut
        while self.rng.random() >= self.valid_prob:   # a gap before offering
            await RisingEdge(d.clk_i)
        valid.value = 1
        for _ in range(TIMEOUT):
            await ReadOnly()
            if int(ready.value):
                await RisingEdge(d.clk_i)
                valid.value = 0
                return
            await RisingEdge(d.clk_i)
        raise AssertionError(f"{what}: ready never came")

    async def write_h(self, ctx: int, h: bytes):
        assert ctx not in self.msg, "test bug: H rewritten inside a message"
        d = self.dut
        d.h_ctx_i.value = ctx
        d.h_i.value = int.from_bytes(h, "big")
        await self._handshake(d.h_valid_i, d.h_ready_o, "h")
        d.h_i.value = 0
        self.h[ctx] = h

    async def send_block(self, ctx: int, block: bytes, first: bool, last: bool):
        d = self.dut
        if first:
            self.msg[ctx] = []
            self.msg_h[ctx] = self.h[ctx]
        d.in_ctx_i.value = ctx
        d.in_block_i.value = int.from_bytes(block, "big")
        d.in_first_i.value = int(first)
        d.in_last_i.value = int(last)
        await self._handshake(d.in_valid_i, d.in_ready_o, "in")
        self.msg[ctx].append(block)
        if last:
            self.expected.append((ctx, ghash(self.msg_h[ctx], b"".join(self.msg.pop(ctx)))))

    async def drain(self):
        for _ in range(TIMEOUT * 4):
            if not self.expected:
                return
            await RisingEdge(self.dut.clk_i)
        raise AssertionError(f"{len(self.expected)} result(s) never came")

    async def random_traffic(self, messages: int, long_every: int = 0, stop_after: int | None = None):
        """`messages` random messages interleaved over all contexts; sometimes a new H between messages.
        With stop_after, return after that many blocks (messages left in progress)."""
        rng = self.rng
        lengths = []
        for i in range(messages):
            if long_every and i % long_every == long_every - 1:
                lengths.append(rng.randrange(20, 70))
            else:
                lengths.append(rng.choice((1, 1, 2, 3, rng.randrange(1, 14))))
        pending = {c: [] for c in range(self.contexts)}
        for n in lengths:
            pending[rng.randrange(self.contexts)].append(n)
        position = {c: 0 for c in range(self.contexts)}   # blocks sent of the current message
        sent = 0
        while any(pending.values()):
            ctx = rng.choice([c for c in pending if pending[c]])
            n = pending[ctx][0]
            if position[ctx] == 0 and rng.random() < 0.25:
                await self.write_h(ctx, rng.randbytes(16))
            first, last = position[ctx] == 0, position[ctx] == n - 1
            await self.send_block(ctx, rng.randbytes(16), first, last)
            sent += 1
            position[ctx] += 1
            if last:
                pending[ctx].pop(0)
                position[ctx] = 0
            if stop_after is not None and sent >= stop_after:
                return


def offer(d, ctx: int, block: bytes, first: bool, last: bool):
    """Drive one block onto the in port (valid high); the caller waits for the handshake."""
    d.in_valid_i.value = 1
    d.in_ctx_i.value = ctx
    d.in_block_i.value = int.from_bytes(block, "big")
    d.in_first_i.value = int(first)
    d.in_last_i.value = int(last)


async def _start(dut):
    rng = random.Random(int(os.environ.get("RIJNDAEL_TEST_SEED", "1")))
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    bench = Bench(dut, rng)
    await bench.reset()
    cocotb.start_soon(bench.monitor())
    return bench


@cocotb.test()
async def ghash_interleaved_backpressure(dut):
    bench = await _start(dut)
    for c in range(bench.contexts):
        await bench.write_h(c, bench.rng.randbytes(16))
    bench.ready_prob, bench.valid_prob = 0.4, 0.7
    await bench.random_traffic(40, long_every=10)
    await bench.drain()
    bench.ready_prob, bench.valid_prob = 1.0, 1.0        # full rate in and out
    await bench.random_traffic(30)
    await bench.drain()
    assert bench.received >= 70


@cocotb.test()
async def ghash_clear_mid_stream(dut):
    bench = await _start(dut)
    d = dut
    for c in range(bench.contexts):
        await bench.write_h(c, bench.rng.randbytes(16))
    bench.ready_prob = 0.3
    await bench.random_traffic(12, stop_after=25)   # messages in progress; results may be pending
    # Clear now: the results not yet out are dropped; nothing of before may leave afterwards.
    d.clear_i.value = 1
    await RisingEdge(d.clk_i)
    d.clear_i.value = 0
    bench.expected.clear()
    bench.msg.clear()
    bench.held = None
    bench.h = [bytes(16)] * bench.contexts
    await ReadOnly()
    assert not int(d.in_ready_o.value) and not int(d.h_ready_o.value), "ready while wiping"
    assert not int(d.out_valid_o.value), "a result survived clear_i"
    await RisingEdge(d.clk_i)
    bench.ready_prob = 0.7
    # Context 0 keeps the wiped subkey (H = 0: every GHASH is 0); the others get a new one.
    for c in range(1, bench.contexts):
        await bench.write_h(c, bench.rng.randbytes(16))
    received = bench.received
    for c in range(bench.contexts):
        await bench.send_block(c, bench.rng.randbytes(16), True, False)
        await bench.send_block(c, bench.rng.randbytes(16), False, True)
    await bench.drain()
    assert bench.received == received + bench.contexts
    await bench.random_traffic(15)
    await bench.drain()


@cocotb.test(skip=os.environ.get("GHASH_FAST") != "1")
async def ghash_full_rate(dut):
    bench = await _start(dut)
    d = dut
    h = bench.rng.randbytes(16)
    await bench.write_h(bench.contexts - 1, h)
    # Wait until the powers of H are ready (h_ready_o and in_ready_o back high).
    for _ in range(TIMEOUT):
        await ReadOnly()
        if int(d.in_ready_o.value) and int(d.h_ready_o.value):
            break
        await RisingEdge(d.clk_i)
    await RisingEdge(d.clk_i)
    blocks = [bench.rng.randbytes(16) for _ in range(96)]
    ctx = bench.contexts - 1
    for i, block in enumerate(blocks):
        offer(d, ctx, block, i == 0, i == len(blocks) - 1)
        await ReadOnly()
        assert int(d.in_ready_o.value), f"in_ready_o low at block {i} of one message: not one block per clock"
        await RisingEdge(d.clk_i)
    d.in_valid_i.value = 0
    bench.expected.append((ctx, ghash(h, b"".join(blocks))))
    # No fold after a last block (its last blocks were issued with their final powers): in_ready_o stays
    # high, a message costs its blocks.
    await ReadOnly()
    assert int(d.in_ready_o.value), "in_ready_o low after a last block (design: no clock between messages)"
    await RisingEdge(d.clk_i)
    await bench.drain()
    # Short messages back to back at full rate on one context: lengths 1..8 cover messages shorter than
    # the six lanes (every block final, lanes without data), exactly six, and longer (one block released
    # with H^6 before the final ones), each right behind the previous one's final blocks.
    for i in range(40):
        n = 1 + i % 8
        msg = [bench.rng.randbytes(16) for _ in range(n)]
        for j, block in enumerate(msg):
            offer(d, ctx, block, j == 0, j == n - 1)
            await ReadOnly()
            assert int(d.in_ready_o.value), f"in_ready_o low in back-to-back short messages (message {i}, block {j})"
            await RisingEdge(d.clk_i)
        bench.expected.append((ctx, ghash(h, b"".join(msg))))
    d.in_valid_i.value = 0
    await bench.drain()
    # Then two contexts in turn (the second one's powers written first).
    for i in range(30):
        c = (bench.contexts - 1) * (i % 2)
        if c != ctx and bench.h[c] != h:
            await bench.write_h(c, h)
        n = 1 + i % 8
        for j in range(n):
            await bench.send_block(c, bench.rng.randbytes(16), j == 0, j == n - 1)
    await bench.drain()


@cocotb.test(skip=os.environ.get("GHASH_FAST") != "0")
async def ghash_serial_rate(dut):
    """FAST = 0: blocks offered every clock are taken every 128/DIGIT + 2 clocks (docs/ghash.md), after the
    first two (the second waits in the port register while the first is multiplied), within a
    message (each block's accumulator comes from the previous block's result in the clock it is written
    back) and from one message to the next of the same context and of another; results right."""
    bench = await _start(dut)
    d = dut
    period = 128 // int(dut.DIGIT.value) + 2
    ctxs = [bench.contexts - 1, 0]
    for c in set(ctxs):
        await bench.write_h(c, bench.rng.randbytes(16))
    await RisingEdge(d.clk_i)
    taken = []
    clock = 0
    for m, n in enumerate((7, 1, 3, 2)):
        ctx = ctxs[m % 2] if m >= 2 else ctxs[0]
        blocks = [bench.rng.randbytes(16) for _ in range(n)]
        bench.expected.append((ctx, ghash(bench.h[ctx], b"".join(blocks))))
        for i, block in enumerate(blocks):
            offer(d, ctx, block, i == 0, i == n - 1)
            for _ in range(TIMEOUT):
                await ReadOnly()
                ready = int(d.in_ready_o.value)
                await RisingEdge(d.clk_i)
                clock += 1
                if ready:
                    taken.append(clock)
                    break
    d.in_valid_i.value = 0
    # The first block waits two clocks in the port register (its X is read a clock ahead) and loads into
    # the multiplier as the port takes the second; from then on a block is taken in each clock the one
    # before it loads.
    gaps = [b - a for a, b in zip(taken, taken[1:])]
    assert gaps == [2] + [period] * (len(gaps) - 1), f"blocks taken {gaps} clocks apart, design: 2, then every {period}"
    await bench.drain()


# (FAST, CONTEXTS, DIGIT): a small default matrix, the rest behind --full.
# (1, 1, 32), 40 s, moved to --full to keep `make test` under 20 minutes: (0, 1, 8) keeps one context in CI.
DEFAULT = [(0, 4, 32), (0, 1, 8), (0, 4, 128), (1, 4, 32)]
FULL = [(f, c, d) for f in (0, 1) for c in (1, 4, 16) for d in ((8, 16, 32, 64, 128) if f == 0 else (32,))
        if (f, c, d) not in DEFAULT] + [(0, 256, 32), (1, 256, 32), (0, 3, 16), (1, 5, 32)]
MATRIX = [pytest.param(*p, id=f"fast{p[0]}-c{p[1]}-d{p[2]}") for p in DEFAULT] + \
         [pytest.param(*p, id=f"fast{p[0]}-c{p[1]}-d{p[2]}", marks=pytest.mark.full) for p in FULL]


@pytest.mark.parametrize("fast,contexts,digit", MATRIX)
def test_rijndael_ghash(fast, contexts, digit, sim_build_dir, cocotb_results):
    from cocotb_tools.runner import get_runner

    label = f"fast{fast}-c{contexts}-d{digit}"
    build_dir = sim_build_dir("ghash", label)
    runner = get_runner("icarus")
    runner.build(sources=[str(REPO / s) for s in SOURCES], hdl_toplevel="rijndael_ghash", build_dir=build_dir,
                 always=True, parameters={"CONTEXTS": contexts, "FAST": fast, "DIGIT": digit},
                 build_args=["-g2012"], timescale=("1ns", "1ps"), log_file=build_dir / "build.log")
    try:
        results = runner.test(test_module=Path(__file__).stem, hdl_toplevel="rijndael_ghash", build_dir=build_dir,
                              test_dir=build_dir, seed=5,
                              extra_env={"RIJNDAEL_TEST_SEED": str(5 + contexts + digit), "GHASH_FAST": str(fast)})
    except SystemExit as exc:
        pytest.fail(f"cocotb ghash test failed on {label} (exit {exc.code})", pytrace=False)
    expected = ["ghash_interleaved_backpressure", "ghash_clear_mid_stream"] + (["ghash_full_rate"] if fast else ["ghash_serial_rate"])
    cocotb_results(results, expected)


BAD = [({"DIGIT": 12}, "ERROR_rijndael_ghash_DIGIT_must_be_8_16_32_64_or_128"),
       ({"CONTEXTS": 257, "CTX_W": 9}, "ERROR_rijndael_ghash_CONTEXTS_must_be_1_to_256"),
       ({"FAST": 2}, "ERROR_rijndael_ghash_FAST_must_be_0_or_1")]


@pytest.mark.parametrize("tool", ["verilator", "icarus"])
@pytest.mark.parametrize("overrides,message", BAD, ids=[m for _, m in BAD])
def test_bad_parameters_stop_elaboration(tmp_path, tool, overrides, message):
    import subprocess

    files = [str(REPO / s) for s in SOURCES]
    if tool == "verilator":
        cmd = ["verilator", "--lint-only", "--top-module", "rijndael_ghash",
               *[f"-G{k}={v}" for k, v in overrides.items()], *files]
    else:
        cmd = ["iverilog", "-g2012", "-o", str(tmp_path / "sim"), "-s", "rijndael_ghash",
               *[f"-Prijndael_ghash.{k}={v}" for k, v in overrides.items()], *files]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode != 0
    assert message in proc.stdout + proc.stderr
