"""cocotb tests of rijndael_fifo (rtl/common/) on Icarus, the engine's stream FIFOs, of rijndael_fifo_fast,
the pipelined core's output buffer (always bypassing, registered memory read), and of rijndael_fifo_small,
the iterative core's output buffer (input register, asynchronous memory read, never bypassing).

Checked for each (DEPTH, BYPASS, WIPE, OUT_SLICE) build:
* after reset with WIPE the memory is zeroed by a counted sequence: in_ready_o low and wiping_o high for
  exactly DEPTH cycles, every memory entry zero afterwards (it held data before the reset);
* random valid gaps and ready back-pressure: every beat arrives once, in order; out_valid_o never drops and
  out_data_o never changes before a handshake (AXI4-Stream rules); capacity DEPTH + 1 (memory + head;
  rijndael_fifo_fast: DEPTH + 3, DEPTH - 1 in the memory + four output registers, five more with OUT_STAGE;
  rijndael_fifo_small: DEPTH);
* latency from a push into an empty FIFO to out_valid_o: 1 cycle with BYPASS, 2 without, one more with
  OUT_SLICE or OUT_STAGE (the documented figures);
* rijndael_fifo with REG_READY and READY_AHEAD = n (read from the build): n = 2 as the two-pipeline engine's core
  input FIFOs (DEPTH 8, no BYPASS, no OUT_SLICE), n = 1 at DEPTH 8 with BYPASS and as its order / output FIFOs
  (without BYPASS, with OUT_SLICE): the producer keeps the contract, deciding in clock t, from in_ready_o in
  clock t, whether to offer a beat in clock t + n (its decisions in a queue n clocks long), and the FIFO takes
  every beat offered (also the n offered after in_ready_o fell): the memory is never full when a beat is offered
  (its pointers), and the random traffic's order, no-loss and AXI checks hold; in_ready_o (a flop) is low during
  the DEPTH-cycle wipe and one clock more; the latency, counted from the clock the beat is offered (the
  producer's decision n clocks before is its own), is the documented figure; with out_ready_i held low and a
  beat offered whenever the contract allows, in_ready_o falls and stays low with the FIFO full, for every n (DEPTH
  in the memory, the head, OUT_SLICE's two: derived at _ahead_fill), no beat lost, and after out_ready_i rises
  all leave once, in order;
* rijndael_fifo_fast: its read, bank and output registers are zero in every clock of the wipe after a reset
  (from the fourth clock of the reset); with CREDITED the producer keeps at most DEPTH beats inside itself;
  with EARLY_VALID (the pipelined core's buffer: two clocks, banked memory) every valid is given that many clocks
  before its data, and latency counts from the valid; with out_ready_i held high and beats offered every clock, one beat
  leaves per clock, also while they pass through the memory (output registers full when the consumer
  starts), each once and in order;
* rijndael_fifo_small and rijndael_fifo_chain (CLEAR_W = WIDTH - 1): beats offered with in_clear_i arrive
  with those bits zero;
* rijndael_fifo_chain (the block-RAM iterative core's output buffer, a row of DEPTH registers): no wipe
  (every stage is reset: all zero after a reset that followed a full FIFO), capacity DEPTH, latency DEPTH;
  with HEAD_LOAD latency 1, and with out_ready_i high, beats offered every clock each leave the clock after
  they were taken (straight into the head while it hands its beat on); with FALL_THROUGH as well (the core's
  build) latency 0: a beat offered to the empty FIFO is at the output in the same clock, and one not taken
  there stays at the output (the random traffic's AXI checks).
Expected values are the beats the test itself sent.
"""
from __future__ import annotations

import os
import random
from collections import deque
from pathlib import Path

import pytest

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

REPO = Path(__file__).resolve().parents[2]
WIDTH = 12
# Builds of another WIDTH: fast-depth64 has four banks of 16 entries and two 32-bit slices (the second 8
# bits wide), as the pipelined core's buffer (WIDTH 129, DEPTH 64 or 128) has banks and slices.
WIDTHS = {"fast-depth64": 40, "fast-depth16-stage": 40, "fast-depth16-stage-credited": 40,
          "fast-depth64-stage-credited-early2": 40}
# rijndael_fifo_fast builds with OUT_STAGE = 1 (the register stage behind the output registers)
STAGE_BUILDS = {"fast-depth16-stage", "fast-depth16-stage-credited", "fast-depth64-stage-credited-early2"}
# rijndael_fifo_fast builds with CREDITED = 1 (as the pipelined core's buffer): the producer keeps at most DEPTH
# beats inside itself, as a caller counting credits does, and in_ready_o is high after the wipe
CREDITED_BUILDS = {"fast-depth16-stage-credited", "fast-depth64-stage-credited-early2"}
# rijndael_fifo_fast builds with EARLY_VALID > 0 (the pipelined core's buffer: OUT_STAGE, CREDITED, EARLY_VALID 2,
# banked memory): in_valid_i leads its beat's data by that many clocks (_InputBus)
EARLY_BUILDS = {"fast-depth64-stage-credited-early2": 2}
# build -> (module, DEPTH, BYPASS, WIPE, OUT_SLICE); rijndael_fifo_fast always bypasses and wipes,
# rijndael_fifo_small never bypasses and always wipes; only rijndael_fifo has OUT_SLICE.
BUILDS = {"depth4-bypass": ("rijndael_fifo", 4, 1, 1, 0), "depth4": ("rijndael_fifo", 4, 0, 1, 0),
          "depth16-bypass-nowipe": ("rijndael_fifo", 16, 1, 0, 0),
          "depth4-slice": ("rijndael_fifo", 4, 0, 1, 1), "depth8-bypass-slice": ("rijndael_fifo", 8, 1, 1, 1),
          "depth8-bypass-ahead": ("rijndael_fifo", 8, 1, 1, 0), "depth16-slice-ahead": ("rijndael_fifo", 16, 0, 1, 1),
          "depth8-ahead2": ("rijndael_fifo", 8, 0, 1, 0),
          "fast-depth4": ("rijndael_fifo_fast", 4, 1, 1, 0),
          "fast-depth16": ("rijndael_fifo_fast", 16, 1, 1, 0), "fast-depth64": ("rijndael_fifo_fast", 64, 1, 1, 0),
          "fast-depth16-stage": ("rijndael_fifo_fast", 16, 1, 1, 0),
          "fast-depth16-stage-credited": ("rijndael_fifo_fast", 16, 1, 1, 0),
          "fast-depth64-stage-credited-early2": ("rijndael_fifo_fast", 64, 1, 1, 0),
          "small-depth4": ("rijndael_fifo_small", 4, 0, 1, 0),
          "small-depth32": ("rijndael_fifo_small", 32, 0, 1, 0),
          "chain-depth4": ("rijndael_fifo_chain", 4, 0, 0, 0), "chain-depth3": ("rijndael_fifo_chain", 3, 0, 0, 0),
          "chain-depth4-head": ("rijndael_fifo_chain", 4, 1, 0, 0),
          "chain-depth4-pass": ("rijndael_fifo_chain", 4, 1, 0, 0)}
# rijndael_fifo_chain builds with FALL_THROUGH = 1 (and HEAD_LOAD, their "bypass")
FALL_THROUGH_BUILDS = {"chain-depth4-pass"}
# rijndael_fifo builds with REG_READY = 1 -> their READY_AHEAD = n: in_ready_o a flop n clocks ahead, every offered
# beat taken. n = 2: the two-pipeline engine's core input FIFOs (DEPTH 8, no BYPASS, no OUT_SLICE); n = 1: its
# order / output FIFOs (OUT_SLICE, at a smaller DEPTH), and DEPTH 8 with BYPASS
AHEAD_BUILDS = {"depth8-bypass-ahead": 1, "depth16-slice-ahead": 1, "depth8-ahead2": 2}


def _params(dut) -> tuple[int, int, int]:
    if dut._name == "rijndael_fifo_fast":
        return int(dut.DEPTH.value), 1, 1
    if dut._name == "rijndael_fifo_small":
        return int(dut.DEPTH.value), 0, 1
    if dut._name == "rijndael_fifo_chain":  # "bypass": HEAD_LOAD
        return int(dut.DEPTH.value), int(dut.HEAD_LOAD.value), 0
    return int(dut.DEPTH.value), int(dut.BYPASS.value), int(dut.WIPE.value)


def _clear_bits(dut) -> int:
    """rijndael_fifo_small's and rijndael_fifo_chain's CLEAR_W: in_clear_i stores a beat with its bits below
    CLEAR_W zero."""
    return int(dut.CLEAR_W.value) if dut._name in ("rijndael_fifo_small", "rijndael_fifo_chain") else 0


async def _latency(dut, rng, width: int, bus: _InputBus, depth: int, bypass: int) -> None:
    """From the clock a beat is offered into the empty FIFO, output ready, to its out_valid_o."""
    await RisingEdge(dut.clk_i)
    cycles = 1
    while True:
        bus.offer(False, rng.randrange(1 << width))
        await ReadOnly()
        if int(dut.out_valid_o.value):
            break
        cycles += 1
        assert cycles < 10, "the beat never came out"
        await RisingEdge(dut.clk_i)
    expected = ((1 if bypass else depth) if dut._name == "rijndael_fifo_chain" else 1 if bypass else 2) + \
        _slice(dut) + bus.lead
    assert cycles == expected, f"latency {cycles}, documented {expected}"
    assert int(dut.out_data_o.value) == 0x5A5
    await RisingEdge(dut.clk_i)


async def _fall_through_latency(dut, bus: _InputBus) -> None:
    """rijndael_fifo_chain with FALL_THROUGH: a beat offered to the empty FIFO is at the output in that clock; taken
    there it is gone (not stored), not taken it stays at the output (in the head) until it is."""
    await ReadOnly()
    assert int(dut.out_valid_o.value) and int(dut.out_data_o.value) == 0x5A5, "no fall-through"
    await RisingEdge(dut.clk_i)
    bus.offer(False)
    await ReadOnly()
    assert not int(dut.out_valid_o.value), "a beat taken as it fell through was stored as well"
    await RisingEdge(dut.clk_i)
    dut.out_ready_i.value = 0
    bus.offer(True, 0x3C3)
    await ReadOnly()
    assert int(dut.out_valid_o.value) and int(dut.out_data_o.value) == 0x3C3, "no fall-through"
    await RisingEdge(dut.clk_i)
    bus.offer(False)
    await ReadOnly()
    assert int(dut.out_valid_o.value) and int(dut.out_data_o.value) == 0x3C3, "a beat not taken left the output"
    await RisingEdge(dut.clk_i)
    dut.out_ready_i.value = 1
    await RisingEdge(dut.clk_i)
    await ReadOnly()
    assert not int(dut.out_valid_o.value), "the beat left twice"
    await RisingEdge(dut.clk_i)


def _fall_through(dut) -> bool:
    return dut._name == "rijndael_fifo_chain" and bool(int(dut.FALL_THROUGH.value))


def _reg_ready(dut) -> int:
    """rijndael_fifo's REG_READY: in_ready_o is a flop (loaded from the wipe flag too: it rises a clock after
    wiping_o falls)."""
    return int(dut.REG_READY.value) if dut._name == "rijndael_fifo" else 0


def _ahead(dut) -> int:
    """rijndael_fifo's READY_AHEAD = n (0 without): the producer offers a beat in clock t + n only if it decided so
    in clock t, seeing in_ready_o high in clock t, and the FIFO takes every beat offered."""
    return int(dut.READY_AHEAD.value) if dut._name == "rijndael_fifo" else 0


def _decisions(n: int) -> deque:
    """The READY_AHEAD producer's decisions in flight, oldest first: n of them, one per clock, none to offer yet.
    Each clock pops the one for that clock's offer and appends the one taken in that clock (for n clocks later)."""
    return deque([False] * n)


def _mem_used(dut, depth: int) -> int:
    """rijndael_fifo's memory entries in use, from its pointers (one extra bit tells full from empty)."""
    return (int(dut.wr_ptr_q.value) - int(dut.rd_ptr_q.value)) % (2 * depth)


def _slice(dut) -> int:
    """The register stage behind the head: rijndael_fifo's OUT_SLICE (two entries), rijndael_fifo_fast's
    OUT_STAGE (five); each a clock of latency."""
    if dut._name == "rijndael_fifo":
        return int(dut.OUT_SLICE.value)
    return int(dut.OUT_STAGE.value) if dut._name == "rijndael_fifo_fast" else 0


class _InputBus:
    """The producer's side of in_valid_i / in_data_i. With rijndael_fifo_fast's EARLY_VALID = n, in_valid_i leads
    its beat by n clocks: a beat offered in clock t has its valid on the port in clock t and its data in clock
    t + n. offer() is called once in every clock of traffic, before the clock edge."""

    def __init__(self, dut):
        self.dut = dut
        self.lead = int(dut.EARLY_VALID.value) if dut._name == "rijndael_fifo_fast" else 0
        self.pending: list[tuple[int, int]] = []  # (valid, data) offered in the last `lead` clocks, oldest first
        self.clear()

    def clear(self) -> None:
        """No beat in flight (a reset: the FIFO drops what it was told of)."""
        self.pending = [(0, 0)] * self.lead
        self.dut.in_valid_i.value = 0
        self.dut.in_data_i.value = 0

    def offer(self, valid: bool, data: int = 0) -> None:
        self.dut.in_valid_i.value = int(valid)
        self.pending.append((int(valid), data))
        self.dut.in_data_i.value = self.pending.pop(0)[1]

    def beat_on_port(self) -> bool:
        """A beat's data is on in_data_i in this clock (its valid was given `lead` clocks ago)."""
        return bool(self.pending[0][0]) if self.lead else bool(int(self.dut.in_valid_i.value))


def _credited(dut) -> bool:
    return dut._name == "rijndael_fifo_fast" and bool(int(dut.CREDITED.value))


def _capacity(dut, depth: int) -> int:
    if _credited(dut):  # the contract a credited caller keeps (rijndael_fifo_fast's header): DEPTH inside
        return depth
    stage = {"rijndael_fifo_fast": 5}.get(dut._name, 2) * _slice(dut)
    return depth + {"rijndael_fifo_fast": 3, "rijndael_fifo_small": 0, "rijndael_fifo_chain": 0}.get(dut._name, 1) + stage


def _fast_slices(dut) -> list:
    """rijndael_fifo_fast's 32-bit slices (generate blocks g_slice[0..])."""
    return [dut.g_slice[g] for g in range((int(dut.WIDTH.value) + 31) // 32)]


def _fast_data_regs(dut) -> list:
    """rijndael_fifo_fast's data registers: every slice's bank read registers and bank register (and stage
    registers with OUT_STAGE), and the view of all output registers."""
    regs = [r for s in _fast_slices(dut) for r in (s.read_q, s.fetch_data_q)] + [dut.out_q]
    if int(dut.OUT_STAGE.value):  # the stage's registers, built per slice
        regs += [s.g_stage.slice_stage_q for s in _fast_slices(dut)]
    return regs


async def _reset(dut, depth: int, wipe: int, bus: _InputBus | None = None) -> None:
    dut.rst_ni.value = 0
    dut.in_valid_i.value = 0
    dut.out_ready_i.value = 0
    dut.in_data_i.value = 0
    if bus is not None:
        bus.clear()
    if _clear_bits(dut):
        dut.in_clear_i.value = 0
    await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    # The counted wipe: DEPTH cycles of in_ready_o low, then ready (rijndael_fifo_fast: DEPTH + 1, as its
    # slices leave reset a clock after rst_ni rises; REG_READY: in_ready_o, a flop, one clock more).
    limit = depth + 1 if dut._name == "rijndael_fifo_fast" else depth
    lag = _reg_ready(dut)
    low = 0
    wiped = 0  # clocks of wiping_o high, from the first clock after reset
    while True:
        await ReadOnly()
        if int(dut.in_ready_o.value):
            assert not int(dut.wiping_o.value), "in_ready_o high during the wipe"
            break
        if int(dut.wiping_o.value):
            assert wiped == low, "wiping_o high after a clock without it"
            wiped += 1
        else:
            assert low < wiped + lag, "in_ready_o low after reset without a wipe"
        if dut._name == "rijndael_fifo_fast" and low > 0:  # zero from the fourth clock of the reset on
            assert all(int(r.value) == 0 for r in _fast_data_regs(dut)), "a data register not zero during the wipe"
        low += 1
        assert low <= limit + lag, f"wipe longer than {limit} cycles"
        await RisingEdge(dut.clk_i)
    assert wiped == (limit if wipe else 0), f"wipe took {wiped} cycles, expected {limit if wipe else 0}"
    assert low == wiped + lag, f"in_ready_o low for {low} cycles, wiping_o high for {wiped}"
    await RisingEdge(dut.clk_i)


@cocotb.test()
async def fifo_wipe_order_latency(dut):
    depth, bypass, wipe = _params(dut)
    width = int(dut.WIDTH.value)
    rng = random.Random(int(os.environ.get("RIJNDAEL_TEST_SEED", "1")))
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    bus = _InputBus(dut)
    await _reset(dut, depth, wipe, bus)

    # Latency into an empty FIFO with the consumer ready, from the clock the beat's valid is given (READY_AHEAD = n:
    # in_ready_o was high n clocks before, the last of _reset's, as the producer's contract asks).
    dut.out_ready_i.value = 1
    for _ in range(_ahead(dut) - 1):
        await RisingEdge(dut.clk_i)
    bus.offer(True, 0x5A5)
    if _fall_through(dut):
        await _fall_through_latency(dut, bus)
    else:
        await _latency(dut, rng, width, bus, depth, bypass)

    # Random traffic: order, no loss, AXI stability, capacity.
    sent = [rng.randrange(1, 1 << width) for _ in range(400)]
    # rijndael_fifo_small: about a fifth of the beats offered with in_clear_i, which must arrive with their
    # bits below CLEAR_W zero and the rest as sent (junk clears while nothing is offered change nothing)
    clear_w = _clear_bits(dut)
    clears = [clear_w > 0 and rng.random() < 0.2 for _ in sent]
    expected_out = [v & ~((1 << clear_w) - 1) if c else v for v, c in zip(sent, clears)]
    received: list[int] = []
    index = 0
    held = None  # (data) of a beat offered and not taken in the previous cycle
    max_inside = 0
    ahead = _ahead(dut)
    planned = _decisions(ahead)  # READY_AHEAD = n: the producer's decisions, in the last n clocks, to offer a beat
    late = 0  # READY_AHEAD: beats offered while in_ready_o was low (the FIFO takes them all the same)
    for _ in range(20 * len(sent)):  # bounded: a lost beat fails the test instead of hanging it
        if len(received) == len(sent):
            break
        if ahead:
            offer = planned.popleft()
        else:
            offer = index < len(sent) and rng.random() < 0.7
        if _credited(dut):  # the producer's own credit count: never more inside than the capacity
            offer = offer and index - len(received) < _capacity(dut, depth)
        bus.offer(offer, sent[index] if offer else rng.randrange(1 << width))  # junk while not valid
        if clear_w:
            dut.in_clear_i.value = int(clears[index]) if offer else rng.randrange(2)
        ready = rng.random() < (0.3 if len(received) < 200 else 0.9)
        dut.out_ready_i.value = int(ready)
        await ReadOnly()
        valid = int(dut.out_valid_o.value)
        if held is not None:
            assert valid, "out_valid_o dropped without a handshake"
            assert int(dut.out_data_o.value) == held, "out_data_o changed without a handshake"
        if bus.lead:  # a credited producer's beat is taken when its data is on the port: never refused
            assert not bus.beat_on_port() or int(dut.in_ready_o.value), "in_ready_o low for a credited beat"
            taken_in = offer
        elif ahead:  # taken whatever in_ready_o is now; the contract keeps the memory from overflowing
            assert not offer or _mem_used(dut, depth) < depth, "a beat offered to a full memory"
            late += offer and not int(dut.in_ready_o.value)
            taken_in = offer
        else:
            taken_in = offer and int(dut.in_ready_o.value)
        if valid and ready:
            received.append(int(dut.out_data_o.value))
            held = None
        elif valid:
            held = int(dut.out_data_o.value)
        if taken_in:
            index += 1
        max_inside = max(max_inside, index - len(received))
        if ahead:  # decided in this clock, from in_ready_o in this clock, for n clocks later (beats still to send)
            planned.append(index + sum(planned) < len(sent) and rng.random() < 0.7 and bool(int(dut.in_ready_o.value)))
        await RisingEdge(dut.clk_i)
    bus.offer(False)
    if clear_w:
        dut.in_clear_i.value = 0
        assert any(clears) and any(v != e for v, e in zip(sent, expected_out)), "no beat was cleared"
    assert received == expected_out, "beats lost, duplicated, reordered or cleared wrongly"
    assert max_inside == _capacity(dut, depth), f"filled to {max_inside}, capacity is {_capacity(dut, depth)}"
    if ahead:
        assert late, "no beat offered while in_ready_o was low: the ready-ahead path untested"

    if dut._name == "rijndael_fifo_fast":
        await _full_rate(dut, rng, width, bus)
    if dut._name == "rijndael_fifo_chain" and bypass:
        await _head_stream(dut, rng, width, bus)
    if ahead:
        await _ahead_fill(dut, rng, width, bus, depth)

    # Fill the memory with data, reset: after the wipe every entry is zero (READY_AHEAD: the producer keeps the
    # contract, for a few clocks more, and fills the memory).
    dut.out_ready_i.value = 0
    planned = _decisions(ahead)
    for _ in range(depth + 1 + bus.lead + 8 * ahead):
        bus.offer(planned.popleft() if ahead else True, rng.randrange(1, 1 << width))
        if ahead:
            await ReadOnly()
            planned.append(bool(int(dut.in_ready_o.value)))
            used = _mem_used(dut, depth)
        await RisingEdge(dut.clk_i)
    if ahead:
        assert used == depth, f"memory holds {used} of {depth} entries before the reset"
    await _reset(dut, depth, wipe, bus)
    await ReadOnly()
    if wipe:
        if dut._name == "rijndael_fifo_fast":  # every slice, in banks of up to 16 entries
            bank_depth = min(depth, 16)
            entries = [int(s.g_bank[i // bank_depth].mem[i % bank_depth].value) for s in _fast_slices(dut)
                       for i in range(depth)]
        else:
            entries = [int(dut.mem[i].value) for i in range(depth)]
        assert entries == [0] * len(entries), f"memory not wiped: {entries}"
    head = {"rijndael_fifo_fast": "out_q", "rijndael_fifo_small": "in_q"}.get(dut._name, "head_q")  # out_q: all four
    if dut._name == "rijndael_fifo_fast":
        outputs = _fast_data_regs(dut)
    elif dut._name == "rijndael_fifo_chain":  # every stage (it held data before the reset)
        outputs = [dut.g_stage[i].data_q for i in range(depth)]
    else:
        outputs = [getattr(dut, head)]
    if _slice(dut) and dut._name == "rijndael_fifo":
        outputs += [dut.g_slice.u_slice.head_q, dut.g_slice.u_slice.spare_q]
    assert int(dut.out_valid_o.value) == 0 and all(int(r.value) == 0 for r in outputs)


async def _ahead_fill(dut, rng, width: int, bus: _InputBus, depth: int) -> None:
    """rijndael_fifo with READY_AHEAD = n, from empty, out_ready_i held low: the producer offers a beat in every clock
    n clocks after one in which it saw in_ready_o high. The FIFO takes every beat offered, the memory never full
    when one is, until in_ready_o stays low with the FIFO full; the last n beats were offered after in_ready_o
    fell. Then out_ready_i goes high: all leave, once and in order, one per clock from the first, and in_ready_o
    rises again.

    The fill, exactly, for every n (from the RTL): in_ready_o in clock t is ready_q, loaded at the edge before t
    with used + 2 + n <= DEPTH, used the memory's entries in clock t - 1. Nothing leaves once the head (and
    OUT_SLICE's two) hold beats, and a beat offered goes to the memory (or, first, the head), so from then on used
    grows by one in every clock with a beat offered and by nothing otherwise: with a beat in every clock it passes
    through DEPTH - 2 - n. Let t be the last clock with in_ready_o high: used was DEPTH - 2 - n in clock t - 1,
    and the n + 2 beats offered in clocks t - 1 .. t + n (decided in clocks t - 1 - n .. t, all with in_ready_o
    high) go to the memory, which ends with exactly DEPTH entries, none offered to it full; in_ready_o is low from
    clock t + 1 on (used DEPTH - 1 - n in clock t, and no smaller later), so n beats are offered after it fell and
    no decision after them. So the FIFO holds _capacity: DEPTH, the head, OUT_SLICE's two, whatever n (the margin
    n + 2 is the beat of clock t - 1, in_ready_o's clock of lag, and the n + 1 beats decided in clocks
    t - n .. t; with a margin one smaller the same fill offers a beat to a full memory)."""
    capacity = _capacity(dut, depth)
    dut.out_ready_i.value = 0
    sent: list[int] = []
    n = _ahead(dut)
    planned = _decisions(n)
    late = 0  # beats offered in a clock with in_ready_o low
    idle = 0  # clocks since the last beat offered
    for _ in range(4 * capacity + n):  # bounded, as above
        data = rng.randrange(1, 1 << width)
        offer = planned.popleft()
        bus.offer(offer, data if offer else rng.randrange(1 << width))
        await ReadOnly()
        ready = bool(int(dut.in_ready_o.value))
        if offer:
            assert _mem_used(dut, depth) < depth, f"beat {len(sent)} offered to a full memory"
            sent.append(data)
            late += not ready
            idle = 0
        else:
            idle += 1
        assert len(sent) <= capacity, f"{len(sent)} beats taken, capacity is {capacity}"
        if idle > depth + 4 + n:  # in_ready_o low all this while: it stays low (nothing leaves)
            break
        planned.append(ready)
        await RisingEdge(dut.clk_i)
    assert idle > depth + 4 + n, "in_ready_o never stayed low with out_ready_i held low"
    assert _mem_used(dut, depth) == depth, f"memory holds {_mem_used(dut, depth)} of {depth} entries"
    assert len(sent) == capacity, f"{len(sent)} beats taken before in_ready_o stayed low, capacity is {capacity}"
    assert late == n, f"{late} beats offered after in_ready_o fell, the producer has {n} in flight"
    await RisingEdge(dut.clk_i)
    bus.offer(False)
    dut.out_ready_i.value = 1
    received: list[int] = []
    for _ in range(capacity + 8):
        await ReadOnly()
        if int(dut.out_valid_o.value):
            received.append(int(dut.out_data_o.value))
        else:
            assert len(received) in (0, len(sent)), f"out_valid_o low after {len(received)} of {len(sent)} beats"
        await RisingEdge(dut.clk_i)
    assert received == sent, "beats lost, duplicated or reordered filling under back-pressure"
    await ReadOnly()
    assert int(dut.in_ready_o.value) and not int(dut.out_valid_o.value), "not empty and ready after draining"
    await RisingEdge(dut.clk_i)


async def _head_stream(dut, rng, width: int, bus: _InputBus) -> None:
    """rijndael_fifo_chain with HEAD_LOAD, from empty, out_ready_i high: beats offered every clock each go straight
    into the head as it hands its beat on, so each is at out_valid_o the clock after it was taken, in order
    (FALL_THROUGH: in the clock it is offered, never stored)."""
    lag = 0 if _fall_through(dut) else 1
    await RisingEdge(dut.clk_i)
    dut.out_ready_i.value = 1
    sent = [rng.randrange(1, 1 << width) for _ in range(12)]
    received: list[int] = []
    for cycle in range(len(sent) + 1):
        offer = cycle < len(sent)
        bus.offer(offer, sent[cycle] if offer else rng.randrange(1 << width))
        await ReadOnly()
        if cycle >= lag and cycle - lag < len(sent):
            assert int(dut.out_valid_o.value), f"beat {cycle - lag} not at the output {lag} clocks after it was offered"
            received.append(int(dut.out_data_o.value))
        else:
            assert not int(dut.out_valid_o.value), "a beat at the output that was not offered"
        if offer:
            assert int(dut.in_ready_o.value)
        await RisingEdge(dut.clk_i)
    bus.offer(False)
    assert received == sent, "beats lost, duplicated or reordered streaming through the head"
    await ReadOnly()
    assert not int(dut.out_valid_o.value)
    await RisingEdge(dut.clk_i)


async def _full_rate(dut, rng, width: int, bus: _InputBus) -> None:
    """rijndael_fifo_fast, from empty: with out_ready_i low, beats offered every clock fill the output registers
    (bypass) and then the memory; then out_ready_i goes high and stays high while beats are still offered
    every clock: from the first beat out, one beat leaves every clock until all are out (the memory's read,
    bank and output registers keep up), each once and in order. A functional property of the room rule (four
    output registers for two fetches in flight), not a timing figure. The memory is filled to DEPTH - 4 at
    most, so in_ready_o stays high (the first clock of the consumer adds an entry, as the fetch counts the
    room without that clock's pop, and in_ready_o is low only with room for fewer than two); at DEPTH 4 the
    memory starts empty and every later beat passes through it."""
    depth = int(dut.DEPTH.value)
    sent = [rng.randrange(1, 1 << width) for _ in range(3 * depth + 20)]
    dut.out_ready_i.value = 0
    index = 0
    for _ in range(4 + min(depth - 4, 10)):  # the four output registers and a few entries in the memory
        bus.offer(True, sent[index])
        await ReadOnly()
        assert int(dut.in_ready_o.value), "in_ready_o low with room in the memory"
        index += 1
        await RisingEdge(dut.clk_i)
    dut.out_ready_i.value = 1
    received: list[int] = []
    started = False
    for _ in range(2 * len(sent)):  # bounded, as above
        if len(received) == len(sent):
            break
        offer = index < len(sent)
        bus.offer(offer, sent[index] if offer else rng.randrange(1 << width))
        await ReadOnly()
        if offer:
            assert int(dut.in_ready_o.value), "in_ready_o low with room for two in the memory"
            index += 1
        if int(dut.out_valid_o.value):
            started = True
            received.append(int(dut.out_data_o.value))
        else:
            assert not started, f"out_valid_o low after {len(received)} of {len(sent)} beats: a bubble at full rate"
        await RisingEdge(dut.clk_i)
    bus.offer(False)
    assert received == sent, "beats lost, duplicated or reordered at full rate"
    await ReadOnly()
    assert not int(dut.out_valid_o.value), "a beat left that was never sent"
    await RisingEdge(dut.clk_i)


@pytest.mark.parametrize("build", BUILDS)
def test_rijndael_fifo(build, sim_build_dir, cocotb_results):
    from cocotb_tools.runner import get_runner

    module, depth, bypass, wipe, out_slice = BUILDS[build]
    build_dir = sim_build_dir("fifo", build)
    runner = get_runner("icarus")
    parameters = {"WIDTH": WIDTHS.get(build, WIDTH), "DEPTH": depth}
    if module == "rijndael_fifo_fast":
        parameters["OUT_STAGE"] = int(build in STAGE_BUILDS)
        parameters["CREDITED"] = int(build in CREDITED_BUILDS)
        parameters["EARLY_VALID"] = EARLY_BUILDS.get(build, 0)
    if module in ("rijndael_fifo_small", "rijndael_fifo_chain"):
        parameters["CLEAR_W"] = WIDTH - 1  # as the iterative core: data cleared, the top (refused) flag kept
    if module == "rijndael_fifo_chain":
        parameters["HEAD_LOAD"] = bypass
        parameters["FALL_THROUGH"] = int(build in FALL_THROUGH_BUILDS)
    sources = [str(REPO / "rtl" / "common" / f"{module}.sv")]
    if module == "rijndael_fifo_fast":  # each slice resets from a kept register copy and keeps its pointers
        sources += [str(REPO / "rtl" / "common" / f) for f in ("rijndael_reg_copy.sv", "rijndael_reg_copies.sv",
                                                               "rijndael_fifo_fill.sv", "rijndael_shift_queue.sv",
                                                               "rijndael_stage_flags.sv")]
    if module == "rijndael_fifo":
        parameters.update(BYPASS=bypass, WIPE=wipe, OUT_SLICE=out_slice)
        parameters["REG_READY"] = int(build in AHEAD_BUILDS)
        parameters["READY_AHEAD"] = AHEAD_BUILDS.get(build, 0)
        sources.append(str(REPO / "rtl" / "common" / "rijndael_skid.sv"))
    runner.build(sources=sources, hdl_toplevel=module, build_dir=build_dir,
                 always=True, parameters=parameters,
                 build_args=["-g2012"], timescale=("1ns", "1ps"), log_file=build_dir / "build.log")
    try:
        results = runner.test(test_module=Path(__file__).stem, hdl_toplevel=module, build_dir=build_dir,
                    test_dir=build_dir, seed=7, extra_env={"RIJNDAEL_TEST_SEED": "7"})
    except SystemExit as exc:
        pytest.fail(f"cocotb fifo test failed on {build} (exit {exc.code})", pytrace=False)
    cocotb_results(results)


def test_runner_without_a_test_fails(sim_build_dir, cocotb_results):
    """cocotb 2.1 only warns when a filter leaves no test: the runner returns normally, and the shared
    check must turn that into a failure (this is what protects every runner against a renamed test)."""
    from cocotb_tools.runner import get_runner

    _, depth, bypass, wipe, _ = BUILDS["depth4"]
    build_dir = sim_build_dir("fifo", "no-test")
    runner = get_runner("icarus")
    runner.build(sources=[str(REPO / "rtl" / "common" / f) for f in ("rijndael_fifo.sv", "rijndael_skid.sv")],
                 hdl_toplevel="rijndael_fifo",
                 build_dir=build_dir, always=True,
                 parameters={"WIDTH": WIDTH, "DEPTH": depth, "BYPASS": bypass, "WIPE": wipe},
                 build_args=["-g2012"], timescale=("1ns", "1ps"), log_file=build_dir / "build.log")
    results = runner.test(test_module=Path(__file__).stem, hdl_toplevel="rijndael_fifo", build_dir=build_dir,
                          test_dir=build_dir, test_filter=r"^no_such_test$", seed=7)
    with pytest.raises(pytest.fail.Exception, match="no cocotb test ran"):
        cocotb_results(results)
