"""Testbench pieces for `rijndael_core` (port contract: docs/core-interface.md).

- `StreamDriver` offers key and block beats on the input stream, with random idle cycles between
  beats (payload lines carry random junk while in_valid_i is low) and holds each beat until taken.
- `OutputMonitor` drives out_ready_i from a pattern (random back-pressure, long low stretches, or a
  manual pause), collects every output handshake and checks the AXI-Stream rules of the output side
  every cycle.
- `StreamModel` + `Scoreboard` predict each output from the beats in stream order, using only the
  golden model (`rijndael_hw.model`), and compare in order as outputs arrive.

Timing convention: every process drives right after a rising edge and samples at the falling edge
(ReadOnly), where all inputs of the coming edge have settled. A handshake seen in such a sample
happens at the next rising edge; edges are numbered by sim time / PERIOD.
"""
from __future__ import annotations

import os
import random
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge, Timer
from cocotb.utils import get_sim_time

try:  # the project's golden model
    from rijndael_hw import model as _model
except ImportError:  # not written yet: AES sizes only, via pycryptodome
    _model = None

PERIOD_NS = 10


# --------------------------------------------------------------------------------------------------
def start_watchdog(seconds: float | None = None, stall: float | None = None):
    """End the simulator process when it hangs: when simulated time has not advanced for `stall` seconds of
    wall time (env RIJNDAEL_TEST_STALL_LIMIT, default 300), or after `seconds` of wall time in all (env
    RIJNDAEL_TEST_WALL_LIMIT, default 3600).

    A combinational loop makes Icarus spin without advancing time, so no cocotb timeout ever fires; this
    thread still runs then (the simulator holds no Python lock) and turns the hang into a failure. It
    watches progress rather than the total: the largest builds' long tests (pipelined-both at 224-bit
    blocks) take 14 minutes of Icarus on a loaded 2-core machine, and a plain 900 s limit failed them
    while they were still running normally.
    """
    seconds = seconds or float(os.environ.get("RIJNDAEL_TEST_WALL_LIMIT", "3600"))
    stall = stall or float(os.environ.get("RIJNDAEL_TEST_STALL_LIMIT", "300"))
    poll = min(10.0, stall / 3)

    def expire(reason: str):
        sys.stderr.write(f"\nWATCHDOG: {reason}, at {get_sim_time('ns'):.0f} ns sim time "
                         f"(hang or combinational loop?)\n")
        sys.stderr.flush()
        os._exit(3)

    # Progress is reported from the simulation itself (a coroutine that wakes every 100 ns of simulated
    # time), so the watching thread only reads a Python float and never calls into the simulator.
    started = time.monotonic()
    progress = {"wall": started}

    async def heartbeat():
        while True:
            await Timer(100, "ns")
            progress["wall"] = time.monotonic()

    def watch():
        while True:
            time.sleep(poll)
            now = time.monotonic()
            if now - progress["wall"] >= stall:
                expire(f"simulated time has not advanced for {now - progress['wall']:.0f} s of wall time")
            if now - started >= seconds:
                expire(f"simulation still running after {seconds:.0f} s of wall time")

    cocotb.start_soon(heartbeat())
    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


# --------------------------------------------------------------------------------------------------
# Reference values
def model_name() -> str:
    return "rijndael_hw.model" if _model is not None else "pycryptodome (rijndael_hw.model missing)"


def ref_encrypt(block: bytes, key: bytes) -> bytes:
    if _model is not None:
        return bytes(_model.encrypt_block(bytes(block), bytes(key)))
    return _aes(key).encrypt(_aes_block(block))


def ref_decrypt(block: bytes, key: bytes) -> bytes:
    if _model is not None:
        return bytes(_model.decrypt_block(bytes(block), bytes(key)))
    return _aes(key).decrypt(_aes_block(block))


def _aes(key: bytes):
    from Crypto.Cipher import AES
    if len(key) not in (16, 24, 32):
        raise RuntimeError(f"no golden model for a {8 * len(key)}-bit key (rijndael_hw.model missing)")
    return AES.new(bytes(key), AES.MODE_ECB)


def _aes_block(block: bytes) -> bytes:
    if len(block) != 16:
        raise RuntimeError(f"no golden model for a {8 * len(block)}-bit block (rijndael_hw.model missing)")
    return bytes(block)


# --------------------------------------------------------------------------------------------------
# Stream items
@dataclass
class KeyBeat:
    key: bytes                 # the key; left aligned on in_key_i
    nb: int                    # block length in words for the blocks that follow (in_block_len_i = nb - 4)
    nk: int | None = None      # key length in words (in_key_len_i = nk - 4); default len(key) // 4
    slot: int = 0              # in_slot_i: the key slot written (KEY_SLOTS > 1)

    def __post_init__(self):
        if self.nk is None:
            self.nk = len(self.key) // 4
        assert 4 <= self.nb <= 11 and 4 <= self.nk <= 11, "length codes are 3 bits"
        assert len(self.key) == 4 * self.nk, "test bug: key bytes must match the key length"

    def __str__(self):
        return f"key nk={self.nk} nb={self.nb}{f' slot={self.slot}' if self.slot else ''} {self.key.hex()}"


@dataclass
class BlockBeat:
    data: bytes
    decrypt: bool = False
    slot: int = 0              # in_slot_i: the key slot used (KEY_SLOTS > 1)

    def __str__(self):
        return f"{'dec' if self.decrypt else 'enc'}{f' slot={self.slot}' if self.slot else ''} {self.data.hex()}"


@dataclass
class Output:
    edge: int                  # rising edge of the output handshake
    value: int                 # out_block_o
    error: int                 # out_error_o
    first_valid_edge: int      # rising edge after which out_valid_o first showed this beat


@dataclass
class Expected:
    item: BlockBeat
    key: KeyBeat | None
    value: int                 # the whole out_block_o bus
    error: int
    result: bytes | None       # the model's result (None for a refused block)
    in_edge: int = -1
    out: Output | None = None

    @property
    def latency(self) -> int:
        return self.out.edge - self.in_edge


# --------------------------------------------------------------------------------------------------
class StreamModel:
    """What the core must answer, block by block, from the beats in stream order."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.block_w = cfg.max_block_bits
        self.reset()

    def reset(self):
        self.keys: dict[int, KeyBeat | None] = {}   # per key slot (KEY_SLOTS > 1; else slot 0 only)
        self.key_error = False

    @property
    def slots(self) -> int:
        return self.cfg.params.get("KEY_SLOTS", 1)

    def sizes_supported(self, beat: KeyBeat) -> bool:
        return beat.nb in self.cfg.block_words and beat.nk in self.cfg.key_words

    def key_beat(self, beat: KeyBeat):
        if beat.slot >= self.slots:  # a slot the build lacks: refused, no slot changes
            self.key_error = True
        elif self.sizes_supported(beat):
            self.keys[beat.slot], self.key_error = beat, False
        else:  # refused key: the slot's old key is gone too, its blocks are refused until a good key
            self.keys[beat.slot], self.key_error = None, True

    def block(self, beat: BlockBeat) -> Expected:
        key = self.keys.get(beat.slot) if beat.slot < self.slots else None
        if key is None or (beat.decrypt and not self.cfg.decrypt) or (not beat.decrypt and not self.cfg.encrypt):
            return Expected(beat, key, 0, 1, None)
        assert len(beat.data) == 4 * key.nb, f"test bug: {len(beat.data)}-byte block under {key}"
        result = (ref_decrypt if beat.decrypt else ref_encrypt)(beat.data, key.key)
        return Expected(beat, key, int.from_bytes(result, "big") << (self.block_w - 8 * len(result)), 0, result)


class Scoreboard:
    def __init__(self, tb):
        self.tb = tb
        self.pending: deque[Expected] = deque()
        self.done: list[Expected] = []
        self.lost_to_reset = 0

    def expect(self, exp: Expected):
        self.pending.append(exp)

    def observe(self, out: Output):
        if not self.pending:
            self.tb.error(f"edge {out.edge}: output beat with no block outstanding (duplicate or spurious): "
                          f"error={out.error} block={out.value:0{self.tb.block_w // 4}x}")
            return
        exp = self.pending.popleft()
        exp.out = out
        self.done.append(exp)
        if out.error != exp.error or out.value != exp.value:
            w = self.tb.block_w // 4
            self.tb.error(
                f"output #{len(self.done) - 1} (edge {out.edge}; block taken at edge {exp.in_edge}): "
                f"{exp.item} under {exp.key if exp.key else 'no key'}: expected error={exp.error} "
                f"block={exp.value:0{w}x}, got error={out.error} block={out.value:0{w}x}")

    def flush(self):
        self.lost_to_reset += len(self.pending)
        self.pending.clear()


# --------------------------------------------------------------------------------------------------
def ready_always():
    while True:
        yield True


def ready_random(rng: random.Random, p_high: float):
    while True:
        yield rng.random() < p_high


def ready_bursty(rng: random.Random, max_low: int, max_high: int):
    """Alternating stretches: high for 1..max_high cycles, low for 1..max_low cycles."""
    while True:
        for _ in range(rng.randint(1, max_high)):
            yield True
        for _ in range(rng.randint(1, max_low)):
            yield False


def gaps_none():
    return lambda: 0


def gaps_random(rng: random.Random, p_gap: float, max_gap: int):
    """Before a beat: with probability p_gap, 1..max_gap idle cycles."""
    return lambda: rng.randint(1, max_gap) if rng.random() < p_gap else 0


def _resolved(value) -> bool:
    return value.is_resolvable if hasattr(value, "is_resolvable") else str(value) in "01"


# --------------------------------------------------------------------------------------------------
class StreamDriver:
    def __init__(self, tb, gaps=None):
        self.tb = tb
        self.queue: deque = deque()
        self.current = None
        self.gap = 0
        self.gaps = gaps or gaps_none()
        self.accepted: list[tuple[int, object]] = []   # (edge, beat) in stream order
        self.presenting = False                          # in_valid_i this cycle
        self.last_ready = 0                              # in_ready_o in the latest sample
        self._flush = False

    def send(self, *beats):
        self.queue.extend(beats)

    def flush(self):
        """Drop every beat not yet taken (effective from the next rising edge)."""
        self._flush = True

    @property
    def idle(self) -> bool:
        return self.current is None and not self.queue

    def _drive(self, beat, force: bool = False):
        tb, dut, rng = self.tb, self.tb.dut, self.tb.rng
        junk = tb.junk
        if beat is None:
            dut.in_valid_i.value = 0
            # Junk on idle payload lines, but only now and then: every change re-evaluates the whole
            # combinational datapath, which is what Icarus spends its time on.
            if not force and not self.presenting and not (junk and rng.random() < 0.1):
                return
            dut.in_is_key_i.value = rng.getrandbits(1) if junk else 0
            dut.in_decrypt_i.value = rng.getrandbits(1) if junk else 0
            dut.in_key_len_i.value = rng.getrandbits(3) if junk else 0
            dut.in_block_len_i.value = rng.getrandbits(3) if junk else 0
            dut.in_key_i.value = rng.getrandbits(tb.key_w) if junk else 0
            dut.in_block_i.value = rng.getrandbits(tb.block_w) if junk else 0
            dut.in_slot_i.value = rng.getrandbits(len(dut.in_slot_i)) if junk else 0
            return
        dut.in_valid_i.value = 1
        dut.in_slot_i.value = beat.slot
        if isinstance(beat, KeyBeat):
            dut.in_is_key_i.value = 1
            dut.in_key_len_i.value = beat.nk - 4
            dut.in_block_len_i.value = beat.nb - 4
            dut.in_key_i.value = tb.left_align(beat.key, tb.key_w)
            dut.in_decrypt_i.value = rng.getrandbits(1) if junk else 0
            dut.in_block_i.value = rng.getrandbits(tb.block_w) if junk else 0
        else:
            dut.in_is_key_i.value = 0
            dut.in_decrypt_i.value = int(beat.decrypt)
            dut.in_block_i.value = tb.left_align(beat.data, tb.block_w)
            dut.in_key_len_i.value = rng.getrandbits(3) if junk else 0
            dut.in_block_len_i.value = rng.getrandbits(3) if junk else 0
            dut.in_key_i.value = rng.getrandbits(tb.key_w) if junk else 0

    async def run(self):
        tb, dut = self.tb, self.tb.dut
        while True:
            await RisingEdge(dut.clk_i)
            if self._flush:
                self._flush, self.current, self.gap = False, None, 0
                self.queue.clear()
            if self.current is None and self.queue:
                self.current = self.queue.popleft()
                self.gap = self.gaps()
            if self.current is not None and self.gap == 0:
                self._drive(self.current)     # held unchanged until taken
                self.presenting = True
            else:
                self.gap = max(0, self.gap - 1)
                self._drive(None)
                self.presenting = False
            await FallingEdge(dut.clk_i)
            await ReadOnly()
            edge = tb.next_edge()
            rst_n = int(dut.rst_ni.value)
            # key_error_o shows the state after the edge that started this cycle.
            if tb.checking:
                ke = dut.key_error_o.value
                if not _resolved(ke):
                    tb.error(f"cycle before edge {edge}: key_error_o is {ke}")
                elif int(ke) != int(tb.model.key_error):
                    tb.error(f"cycle before edge {edge}: key_error_o={int(ke)}, expected {int(tb.model.key_error)} "
                             f"(last key beat: {tb.last_key_beat})")
            if not rst_n:  # the coming edge resets the core
                tb.edge_of_last_reset = edge
                tb.model.reset()
                tb.sb.flush()
                tb.last_key_beat = "reset"
                tb.checking = True
                continue
            ready = dut.in_ready_o.value
            if tb.checking and not _resolved(ready):
                tb.error(f"cycle before edge {edge}: in_ready_o is {ready}")
                continue
            self.last_ready = int(ready)
            if self.presenting and int(ready):
                beat, self.current = self.current, None
                self.accepted.append((edge, beat))
                if isinstance(beat, KeyBeat):
                    tb.model.key_beat(beat)
                    tb.last_key_beat = str(beat)
                else:
                    exp = tb.model.block(beat)
                    exp.in_edge = edge
                    tb.sb.expect(exp)


class OutputMonitor:
    def __init__(self, tb, ready=None, comb_check: float = 0.03):
        self.tb = tb
        self.ready = ready or ready_always()
        self.paused = False
        self.comb_check = comb_check      # share of cycles that check out_valid_o does not follow out_ready_i
        self.outputs: list[Output] = []
        self.valid_cycles = 0
        self.last_valid = 0              # out_valid_o in the latest sample

    async def run(self):
        tb, dut, rng = self.tb, self.tb.dut, self.tb.rng
        prev = None
        first_valid = None
        while True:
            await RisingEdge(dut.clk_i)
            ready = 0 if self.paused else int(next(self.ready))
            probe = None
            if self.comb_check and rng.random() < self.comb_check:
                dut.out_ready_i.value = 1 - ready
                await Timer(1, "ns")
                probe = dut.out_valid_o.value
            dut.out_ready_i.value = ready
            await FallingEdge(dut.clk_i)
            await ReadOnly()
            edge = tb.next_edge()
            rst_n = int(dut.rst_ni.value)
            valid_v, block_v, error_v = dut.out_valid_o.value, dut.out_block_o.value, dut.out_error_o.value
            if not tb.checking:
                prev = None
                continue
            if not _resolved(valid_v):
                tb.error(f"cycle before edge {edge}: out_valid_o is {valid_v}")
                prev = None
                continue
            valid = int(valid_v)
            self.last_valid = valid
            if probe is not None and _resolved(probe) and int(probe) != valid:
                tb.error(f"cycle before edge {edge}: out_valid_o changed with out_ready_i "
                         f"(combinational path; {int(probe)} with out_ready_i={1 - ready}, {valid} with {ready})")
            block = error = None
            if valid:
                self.valid_cycles += 1
                if not (_resolved(block_v) and _resolved(error_v)):
                    tb.error(f"cycle before edge {edge}: out_valid_o=1 but out_block_o={block_v} out_error_o={error_v}")
                else:
                    block, error = int(block_v), int(error_v)
                if first_valid is None:
                    first_valid = edge - 1
            if prev is not None:
                p_rst_n, p_valid, p_ready, p_block, p_error = prev
                if not p_rst_n:
                    if valid:
                        tb.error(f"cycle before edge {edge}: out_valid_o=1 right after a reset edge")
                elif p_valid and not p_ready:
                    if not valid:
                        tb.error(f"cycle before edge {edge}: out_valid_o dropped without a handshake")
                    elif (block, error) != (p_block, p_error):
                        tb.error(f"cycle before edge {edge}: output changed while waiting for out_ready_i: "
                                 f"error {p_error}->{error}, block {p_block:x}->{block:x}")
            prev = (rst_n, valid, ready, block, error)
            if not rst_n:
                first_valid = None
                continue
            if valid and ready and block is not None:
                out = Output(edge, block, error, first_valid)
                first_valid = None
                self.outputs.append(out)
                tb.sb.observe(out)


# --------------------------------------------------------------------------------------------------
class CoreTB:
    def __init__(self, dut, cfg, rng: random.Random, junk: bool = True, gaps=None, ready=None,
                 comb_check: float = 0.03):
        self.dut, self.cfg, self.rng = dut, cfg, rng
        self.block_w = cfg.max_block_bits
        self.key_w = cfg.max_key_bits
        self.junk = junk               # random bits past the key/block length and on idle payload lines
        self.model = StreamModel(cfg)
        self.sb = Scoreboard(self)
        self.driver = StreamDriver(self, gaps)
        self.monitor = OutputMonitor(self, ready, comb_check)
        self.errors: list[str] = []
        self.checking = False          # set by the first reset edge
        self.last_key_beat = "none"
        self.edge_of_last_reset = 0     # the latest rising edge with rst_ni low
        self.log = dut._log
        self._send_nb = None           # block length in words for blocks queued from now on

    # ---- helpers ---------------------------------------------------------------------------------
    def error(self, msg: str):
        if len(self.errors) < 1000:
            self.errors.append(msg)
        if len(self.errors) <= 20:
            self.log.error(msg)

    @staticmethod
    def next_edge() -> int:
        """Number of the rising edge that ends the current cycle."""
        return int(get_sim_time("ns") // PERIOD_NS) + 1

    def left_align(self, data: bytes, width: int) -> int:
        bits = 8 * len(data)
        if bits >= width:  # longer than the bus (only for refused lengths): the top of it
            return int.from_bytes(data, "big") >> (bits - width)
        low = self.rng.getrandbits(width - bits) if self.junk else 0
        return int.from_bytes(data, "big") << (width - bits) | low

    def nr(self, nb: int, nk: int) -> int:
        return max(nb, nk) + 6

    def rand_bytes(self, n: int) -> bytes:
        return self.rng.getrandbits(8 * n).to_bytes(n, "big")

    def directions(self) -> list[bool]:
        """Directions (decrypt flags) the build supports."""
        return [d for d, on in ((False, self.cfg.encrypt), (True, self.cfg.decrypt)) if on]

    # ---- stimulus ---------------------------------------------------------------------------------
    def send_key(self, key: bytes, nb: int, nk: int | None = None) -> KeyBeat:
        beat = KeyBeat(key, nb, nk)
        self._send_nb = nb
        self.driver.send(beat)
        return beat

    def send_random_key(self, nb: int, nk: int) -> KeyBeat:
        return self.send_key(self.rand_bytes(4 * nk), nb, nk)

    def send_block(self, data: bytes | None = None, decrypt: bool = False) -> BlockBeat:
        if data is None:
            data = self.rand_bytes(4 * (self._send_nb or self.cfg.params["MAX_NB"]))
        beat = BlockBeat(data, decrypt)
        self.driver.send(beat)
        return beat

    def send_blocks(self, count: int, directions=None):
        directions = directions or [False, True]
        for _ in range(count):
            self.send_block(decrypt=self.rng.choice(directions))

    # ---- phases -----------------------------------------------------------------------------------
    async def start(self):
        dut = self.dut
        dut.rst_ni.value = 0
        dut.out_ready_i.value = 0
        self.driver._drive(None, force=True)
        Clock(dut.clk_i, PERIOD_NS, unit="ns").start(start_high=False)
        from cocotb import start_soon
        self._tasks = [start_soon(self.driver.run()), start_soon(self.monitor.run())]
        await self.reset(3)

    async def reset(self, cycles: int = 2):
        """rst_ni low for `cycles` rising edges, starting at the next one."""
        await RisingEdge(self.dut.clk_i)
        self.dut.rst_ni.value = 0
        for _ in range(cycles):
            await RisingEdge(self.dut.clk_i)
        self.dut.rst_ni.value = 1

    async def cycles(self, n: int):
        for _ in range(n):
            await RisingEdge(self.dut.clk_i)

    async def wait_for(self, cond, timeout: int, what: str):
        for _ in range(timeout):
            if cond():
                return
            await RisingEdge(self.dut.clk_i)
        if not cond():
            raise AssertionError(f"timeout after {timeout} cycles waiting for {what}; "
                                 f"{len(self.driver.queue) + (self.driver.current is not None)} beats not taken, "
                                 f"{len(self.sb.pending)} results outstanding")

    async def drain(self, timeout: int | None = None):
        """Wait until every queued beat was taken and every block answered (fails on a hang)."""
        if timeout is None:
            beats = len(self.driver.queue) + len(self.sb.pending) + 1
            timeout = 200 + beats * 40 * 8   # generous even under heavy stalls
        await self.wait_for(lambda: self.driver.idle and not self.sb.pending, timeout, "the stream to drain")
        await self.cycles(2)

    def check(self, extra: str = ""):
        """Fail with the collected protocol/scoreboard errors, if any."""
        if self.errors:
            shown = "\n  ".join(self.errors[:15])
            raise AssertionError(f"{len(self.errors)} error(s){extra}:\n  {shown}")

    async def finish(self):
        await self.drain()
        extra_outputs = len(self.monitor.outputs) - len(self.sb.done)
        if extra_outputs:
            self.error(f"{extra_outputs} output beats could not be matched")
        self.check()
        self.log.info("%d blocks checked against %s; %d output-valid cycles", len(self.sb.done), model_name(),
                      self.monitor.valid_cycles)
