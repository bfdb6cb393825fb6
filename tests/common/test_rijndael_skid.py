"""cocotb tests of rijndael_skid (rtl/common/), the pipelined core's input buffer, on Icarus.

Checked for each (READY_NEXT, SLICES) build, under random valid gaps and random back-pressure (with
READY_NEXT the consumer gives out_ready_next_i, which out_ready_i equals after the clock edge, as the
module's contract asks):
* every beat arrives once and in order, and out_valid_o / out_data_o hold until a handshake;
* in_ready_o falls only while the spare register is full: at most two beats inside;
* next_valid_o / next_data_o before an edge equal out_valid_o / out_data_o after it;
* in_ready_next_o before an edge equals in_ready_o after it;
* wipe_i zeroes both data registers (with SLICES > 1 a clock later, through a copy per slice).
Expected values are the beats the test itself sent.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge

REPO = Path(__file__).resolve().parents[2]
WIDTH = 13
# build -> (READY_NEXT, SLICES); 13 bits in 3 or 13 slices: uneven and one bit per slice.
BUILDS = {"plain": (0, 1), "ready-next": (1, 1), "ready-next-slices3": (1, 3), "ready-next-slices13": (1, 13)}


@cocotb.test()
async def skid_order_and_next_state(dut):
    ready_next = int(dut.READY_NEXT.value)
    rng = random.Random(11)
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.rst_ni.value = 0
    dut.wipe_i.value = 1
    dut.in_valid_i.value = 0
    dut.in_data_i.value = 0
    dut.out_ready_i.value = 0
    dut.out_ready_next_i.value = 0
    await RisingEdge(dut.clk_i)
    await RisingEdge(dut.clk_i)
    dut.rst_ni.value = 1
    dut.wipe_i.value = 0

    sent = [rng.randrange(1, 1 << WIDTH) for _ in range(600)]
    # The consumer's ready, decided a clock ahead (out_ready_next_i is next clock's out_ready_i).
    readies = [rng.random() < (0.35 if t < 500 else 0.9) for t in range(5000)]
    received: list[int] = []
    index = 0
    held = None
    predicted = None  # (next_valid, next_data, in_ready_next) seen before the last edge
    t = 0
    while len(received) < len(sent):
        offer = index < len(sent) and rng.random() < 0.75
        dut.in_valid_i.value = int(offer)
        dut.in_data_i.value = sent[index] if offer else rng.randrange(1 << WIDTH)  # junk while not valid
        dut.out_ready_i.value = int(readies[t])
        dut.out_ready_next_i.value = int(readies[t + 1]) if ready_next else rng.randrange(2)
        await ReadOnly()
        valid = int(dut.out_valid_o.value)
        data = int(dut.out_data_o.value)
        if predicted is not None:
            assert predicted[0] == valid, "next_valid_o did not predict out_valid_o"
            if valid:
                assert predicted[1] == data, "next_data_o did not predict out_data_o"
            assert predicted[2] == int(dut.in_ready_o.value), "in_ready_next_o did not predict in_ready_o"
        if held is not None:
            assert valid and data == held, "the head changed without a handshake"
        predicted = (int(dut.next_valid_o.value), int(dut.next_data_o.value), int(dut.in_ready_next_o.value))
        if offer and int(dut.in_ready_o.value):
            index += 1
        if valid and readies[t]:
            received.append(data)
            held = None
        elif valid:
            held = data
        assert index - len(received) <= 2, "more than two beats inside"
        await RisingEdge(dut.clk_i)
        t += 1
        assert t < len(readies) - 1, "beats stopped coming out"
    dut.in_valid_i.value = 0
    assert received == sent, "beats lost, duplicated or reordered"

    # Fill both registers, then wipe: both data registers read zero.
    dut.out_ready_i.value = 0
    dut.out_ready_next_i.value = 0
    for value in (0x1ABC, 0x0F0F):
        dut.in_valid_i.value = 1
        dut.in_data_i.value = value
        await RisingEdge(dut.clk_i)
    dut.in_valid_i.value = 0
    await ReadOnly()
    assert int(dut.head_q.value) != 0 and int(dut.spare_q.value) != 0, "the registers did not fill"
    await RisingEdge(dut.clk_i)
    dut.wipe_i.value = 1
    await RisingEdge(dut.clk_i)
    dut.wipe_i.value = 0
    if int(dut.SLICES.value) > 1:  # the slices' copies of wipe_i act a clock later
        await ReadOnly()
        assert int(dut.head_q.value) != 0 and int(dut.spare_q.value) != 0, "the sliced wipe came early"
        await RisingEdge(dut.clk_i)
    await ReadOnly()
    assert int(dut.head_q.value) == 0 and int(dut.spare_q.value) == 0, "wipe_i left data behind"


@pytest.mark.parametrize("build", BUILDS)
def test_rijndael_skid(build, sim_build_dir, cocotb_results):
    from cocotb_tools.runner import get_runner

    ready_next, slices = BUILDS[build]
    build_dir = sim_build_dir("skid", build)
    runner = get_runner("icarus")
    sources = [str(REPO / "rtl" / "common" / f) for f in
               ("rijndael_reg_copy.sv", "rijndael_reg_copies.sv", "rijndael_skid_full_copy.sv",
                "rijndael_skid.sv")]
    runner.build(sources=sources, hdl_toplevel="rijndael_skid", build_dir=build_dir, always=True,
                 parameters={"WIDTH": WIDTH, "READY_NEXT": ready_next, "SLICES": slices},
                 build_args=["-g2012"], timescale=("1ns", "1ps"), log_file=build_dir / "build.log")
    try:
        results = runner.test(test_module=Path(__file__).stem, hdl_toplevel="rijndael_skid", build_dir=build_dir,
                              test_dir=build_dir, seed=11)
    except SystemExit as exc:
        pytest.fail(f"cocotb skid test failed on {build} (exit {exc.code})", pytrace=False)
    cocotb_results(results)
