"""cocotb tests of `rijndael_engine` (rtl/system/) on Icarus, through cocotbext-axi bus models.

Expected values come from the golden model (`rijndael_hw.model`, cross-checked against pycryptodome in
tests/model) -- never from the RTL. The host side is `rijndael_hw.engine_driver.EngineDriver`.

Run: .venv/bin/python -m pytest -q tests/system            (add --full for the long matrix)
A failing case reruns alone with its pytest id; the seed is in the log (RIJNDAEL_TEST_SEED=<n> forces it).
"""
from __future__ import annotations

import itertools
import json
import math
import os
import random
import zlib
from pathlib import Path

import pytest

import cocotb
from cocotb.triggers import ClockCycles, ReadOnly, RisingEdge

from rijndael_hw import configs, model, modes, regs
from rijndael_hw.engine_driver import EngineDriver, RegisterError, config_word, error_names
from rijndael_hw.engine_sim import SYSTEM_FILES   # the engine's compile order, as the harness build uses it

REPO = Path(__file__).resolve().parents[2]
# Modes whose output is as long as the input; GCM (IV/AAD/payload/tag packets) has engine_gcm.
MODES = [m for m in modes.ENGINE_NAMES if not modes.get(m).authenticated]
# Simulated time limit per test: a lost beat or a stuck handshake fails the test instead of hanging it.
TEST_TIMEOUT_MS = 1


# --------------------------------------------------------------------------------------------------
# Helpers inside the simulator
def _setup(dut):
    spec = json.loads(os.environ["RIJNDAEL_ENGINE_CONFIG"])
    cfg = configs.get(spec["name"], spec["overrides"])
    seed = int(os.environ.get("RIJNDAEL_TEST_SEED", "1"))
    dut._log.info("configuration %s, engine %s, seed %d", cfg.name, spec["engine"], seed)
    return cfg, spec["engine"], random.Random(seed)


def _stalls(rng, busy: float):
    """A pause pattern for cocotbext-axi: True = pause this cycle."""
    return itertools.cycle([rng.random() < busy for _ in range(997)])


def _directions(cfg, mode):
    """Directions the build can run for a mode (ECB/CBC decryption need the inverse cipher)."""
    out = []
    for decrypt in (False, True):
        inverse = modes.get(mode).needs_inverse(decrypt)
        if (inverse and cfg.decrypt) or (not inverse and cfg.encrypt):
            out.append(decrypt)
    return out


def _expect(mode, decrypt, key, iv, data, block_bytes):
    fn = model.decrypt if decrypt else model.encrypt
    return fn(mode, key, data, iv if modes.get(mode).needs_iv else None, block_bytes)


def _rand(rng, n):
    return rng.getrandbits(8 * n).to_bytes(n, "big") if n else b""


async def _start(dut):
    cfg, engine, rng = _setup(dut)
    drv = EngineDriver(dut)
    await drv.start()
    return cfg, engine, rng, drv


def _check_message(msg, want: bytes, tid: int, what: str, lanes: int, flagged_ok=False):
    assert msg.tid == tid, f"{what}: output TID {msg.tid}, expected {tid}"
    if not flagged_ok:
        assert not msg.flagged, f"{what}: TUSER set on beats {[i for i, u in enumerate(msg.tuser) if u]}"
    assert msg.data == want, f"{what}: got {msg.data.hex()}\n expected {want.hex()}"
    # Output framing mirrors the input: full beats, then the TLAST beat keeping a run from lane 0.
    n = len(want)
    beats = max(1, -(-n // lanes))
    assert len(msg.tkeep) == beats, f"{what}: {len(msg.tkeep)} output beats, expected {beats}"
    last = n - (beats - 1) * lanes
    assert msg.tkeep[:-1] == [(1 << lanes) - 1] * (beats - 1) and msg.tkeep[-1] == (1 << last) - 1, \
        f"{what}: TKEEP {[hex(k) for k in msg.tkeep]}"


def _job(cfg, rng, mode, decrypt, max_blocks=5, whole=False):
    nk = rng.choice(cfg.key_words)
    nb = rng.choice(cfg.block_words)
    bb = 4 * nb
    blocks = rng.randint(1, max_blocks)
    if modes.get(mode).whole_blocks or whole:
        length = blocks * bb
    else:
        length = rng.randint(1, blocks * bb)
    return dict(mode=mode, decrypt=decrypt, key=_rand(rng, 4 * nk), iv=_rand(rng, bb), data=_rand(rng, length),
                block_bits=32 * nb)


# --------------------------------------------------------------------------------------------------
@cocotb.test(timeout_time=TEST_TIMEOUT_MS, timeout_unit="ms")
async def engine_modes(dut):
    """Every mode, both directions, random key/block sizes of the build and lengths, random stalls on both
    streams; several contexts configured at once, results against the golden model."""
    cfg, engine, rng, drv = await _start(dut)
    drv.source.set_pause_generator(_stalls(rng, 0.3))
    drv.sink.set_pause_generator(_stalls(rng, 0.4))
    jobs = [_job(cfg, rng, m, d) for m in MODES for d in _directions(cfg, m) for _ in range(2)]
    rng.shuffle(jobs)
    contexts = engine["CONTEXTS"]
    for first in range(0, len(jobs), contexts):
        batch = jobs[first:first + contexts]
        for ctx, job in enumerate(batch):
            await drv.configure(ctx, job["mode"], job["key"], iv=job["iv"], decrypt=job["decrypt"],
                                block_bits=job["block_bits"])
        for ctx, job in enumerate(batch):
            drv.send_nowait(ctx, job["data"])
        for ctx, job in enumerate(batch):
            msg = await drv.recv()
            want = _expect(job["mode"], job["decrypt"], job["key"], job["iv"], job["data"], job["block_bits"] // 8)
            what = (f"{job['mode']} {'decrypt' if job['decrypt'] else 'encrypt'} key {8 * len(job['key'])} "
                    f"block {job['block_bits']} len {len(job['data'])}")
            _check_message(msg, want, ctx, what, drv.lanes)
    assert await drv.read("ERROR") == 0, error_names(await drv.read("ERROR"))
    blocks = sum(-(-len(j["data"]) // (j["block_bits"] // 8)) for j in jobs)
    assert await drv.read("BLOCKS_IN") == blocks
    assert await drv.read("BLOCKS_OUT") == blocks
    assert await drv.read("MESSAGES") == len(jobs)
    # CTR across the counter's word carries: the low word wrapping into the rest, and the whole block
    # wrapping to zero (SP 800-38A's increment over the whole block; the AES-only engine adds the low word
    # and takes the high part's increment from a register). Expected values from the golden model.
    if False in _directions(cfg, "ctr"):
        bb = 4 * cfg.block_words[0]
        for iv in (b"\xff" * (bb - 1) + b"\xfd", bytes(bb - 5) + b"\x07\xff\xff\xff\xfe"):
            key, data = _rand(rng, 4 * cfg.key_words[0]), _rand(rng, 7 * bb)
            await drv.configure(0, "ctr", key, iv=iv, block_bits=8 * bb)
            msg = await drv.crypt(0, data)
            _check_message(msg, _expect("ctr", False, key, iv, data, bb), 0, f"ctr carry from {iv.hex()}", drv.lanes)


@cocotb.test(timeout_time=TEST_TIMEOUT_MS, timeout_unit="ms")
async def engine_interleaved(dut):
    """Messages of all contexts interleaved on the stream (one or two blocks each, rotating TIDs). Chaining
    continues across a context's messages, so each context's output equals its concatenated input run through
    the model; output order equals input order."""
    cfg, engine, rng, drv = await _start(dut)
    drv.source.set_pause_generator(_stalls(rng, 0.1))
    drv.sink.set_pause_generator(_stalls(rng, 0.2))
    contexts = engine["CONTEXTS"]
    feedback = [(m, d) for m, d in (("cbc", False), ("cfb128", False), ("ofb", False), ("ofb", True))
                if d in _directions(cfg, m)]
    others = [(m, d) for m in MODES for d in _directions(cfg, m) if (m, d) not in feedback]
    plan = []
    for ctx in range(contexts):
        # (A decrypt-only build has no feedback mode: every context then takes one of the others.)
        mode, decrypt = rng.choice(feedback if feedback and (ctx % 2 == 0 or not others) else others)
        job = _job(cfg, rng, mode, decrypt, whole=True)
        # Every third context shares context 0's key: the engine then skips the key beat between them.
        if ctx % 3 == 2:
            job["key"], job["block_bits"] = plan[0]["key"], plan[0]["block_bits"]
            job["iv"] = _rand(rng, job["block_bits"] // 8)
        job["pieces"] = []
        plan.append(job)
        await drv.configure(ctx, mode, job["key"], iv=job["iv"], decrypt=decrypt, block_bits=job["block_bits"])
    order = []
    for _ in range(6):
        for ctx, job in enumerate(plan):
            bb = job["block_bits"] // 8
            piece = _rand(rng, bb * rng.randint(1, 2))
            job["pieces"].append(piece)
            order.append(ctx)
            drv.send_nowait(ctx, piece)
    got = {ctx: [] for ctx in range(contexts)}
    for i, ctx in enumerate(order):
        msg = await drv.recv()
        assert msg.tid == ctx, f"message {i}: TID {msg.tid} came out where TID {ctx} went in (order changed)"
        assert not msg.flagged
        got[ctx].append(msg.data)
    for ctx, job in enumerate(plan):
        data = b"".join(job["pieces"])
        want = _expect(job["mode"], job["decrypt"], job["key"], job["iv"], data, job["block_bits"] // 8)
        assert b"".join(got[ctx]) == want, f"context {ctx} ({job['mode']}, decrypt={job['decrypt']}) differs"


@cocotb.test(timeout_time=TEST_TIMEOUT_MS, timeout_unit="ms")
async def engine_feedback_contexts(dut):
    """Feedback-mode messages (CBC/CFB128 encryption, OFB) of every context interleaved on the stream by TID,
    several blocks each (so a wide beat carries blocks of one chain), random stalls on both streams. With two
    cores the issue window lets blocks of other contexts pass a waiting chain: each context's output must
    still equal the golden model on its concatenated input, and the output order must be the input order."""
    cfg, engine, rng, drv = await _start(dut)
    drv.source.set_pause_generator(_stalls(rng, 0.3))
    drv.sink.set_pause_generator(_stalls(rng, 0.3))
    contexts = engine["CONTEXTS"]
    feedback = [(m, d) for m, d in (("cbc", False), ("cfb128", False), ("ofb", False), ("ofb", True))
                if d in _directions(cfg, m)]
    plan = []
    for ctx in range(contexts):
        mode, decrypt = feedback[ctx % len(feedback)] if ctx < len(feedback) else rng.choice(feedback)
        job = _job(cfg, rng, mode, decrypt, whole=True)
        job["pieces"] = []
        plan.append(job)
        await drv.configure(ctx, mode, job["key"], iv=job["iv"], decrypt=decrypt, block_bits=job["block_bits"])
    order = []
    for rnd in range(4):
        for ctx in rng.sample(range(contexts), contexts):
            job = plan[ctx]
            bb = job["block_bits"] // 8
            n = bb * rng.randint(1, 6)
            if rnd == 3 and job["mode"] != "cbc":
                n -= rng.randrange(bb)       # CFB/OFB: the context's last message may end inside a block
            piece = _rand(rng, n)
            job["pieces"].append(piece)
            order.append(ctx)
            drv.send_nowait(ctx, piece)
    got = {ctx: [] for ctx in range(contexts)}
    for i, ctx in enumerate(order):
        msg = await drv.recv()
        assert msg.tid == ctx, f"message {i}: TID {msg.tid} came out where TID {ctx} went in (order changed)"
        _check_message(msg, msg.data, ctx, f"message {i}", drv.lanes)
        assert len(msg.data) == len(plan[ctx]["pieces"][len(got[ctx])]), f"message {i}: length"
        got[ctx].append(msg.data)
    for ctx, job in enumerate(plan):
        data = b"".join(job["pieces"])
        want = _expect(job["mode"], job["decrypt"], job["key"], job["iv"], data, job["block_bits"] // 8)
        assert b"".join(got[ctx]) == want, f"context {ctx} ({job['mode']}, decrypt={job['decrypt']}) differs"
    assert await drv.read("ERROR") == 0, error_names(await drv.read("ERROR"))


@cocotb.test(timeout_time=TEST_TIMEOUT_MS, timeout_unit="ms")
async def engine_gcm(dut):
    """GCM through the cocotbext-axi driver with random stalls: messages of two contexts (encryption and
    decryption, 96-bit and GHASHed IVs, AAD and payload of any length including none, tags of 4..16 bytes)
    interleaved on the stream, against the golden model (checked against pycryptodome in tests/model);
    a wrong tag comes back flagged on the tag packet's last beat with ERROR.AUTH."""
    cfg, engine, rng, drv = await _start(dut)
    drv.source.set_pause_generator(_stalls(rng, 0.3))
    drv.sink.set_pause_generator(_stalls(rng, 0.4))
    key_bytes = [4 * w for w in cfg.key_words if w in (4, 6, 8)]
    for round_ in range(4):
        shapes = []
        for ctx in range(min(2, engine["CONTEXTS"])):
            key = _rand(rng, rng.choice(key_bytes))
            iv = _rand(rng, rng.choice([12, 12, 5, 20]))
            aad, data = _rand(rng, rng.choice([0, 3, 16, 21])), _rand(rng, rng.choice([0, 1, 16, 40]))
            tag_bytes = rng.choice([16, 12, 4, 13])
            ct, tag = model.gcm_encrypt(key, iv, data, aad, 8 * tag_bytes)
            decrypt = (ctx + round_) % 2 == 1
            bad = decrypt and round_ == 3
            sent_tag = bytes([tag[0] ^ 1]) + tag[1:] if bad else tag
            await drv.configure(ctx, "gcm", key, decrypt=decrypt)
            await drv.gcm_lengths(ctx, len(iv), tag_bytes, len(aad))
            shapes.append((ctx, iv, data, ct, tag, aad, decrypt, bad, sent_tag, tag_bytes))
        counts = {}
        for ctx, iv, data, ct, tag, aad, decrypt, bad, sent_tag, tag_bytes in shapes:
            counts[ctx] = drv.gcm_send_nowait(ctx, iv, ct if decrypt else data, aad, sent_tag if decrypt else None,
                                              tag_bytes)
        got = {ctx: [] for ctx in counts}
        for _ in range(sum(counts.values())):
            msg = await drv.recv()
            got[msg.tid].append(msg)
        for ctx, iv, data, ct, tag, aad, decrypt, bad, sent_tag, tag_bytes in shapes:
            msgs = got[ctx]
            assert [m.data for m in msgs[:1 + bool(aad)]] == [iv] + ([aad] if aad else []), "IV/AAD not passed"
            assert msgs[-2].data == (data if decrypt else ct) and not msgs[-2].flagged
            if decrypt:
                assert msgs[-1].data == bytes(tag_bytes) and msgs[-1].tuser[-1] == int(bad), (bad, msgs[-1])
            else:
                assert msgs[-1].data == tag and not msgs[-1].flagged
        errors = await drv.clear_errors()
        assert errors == (regs.ERROR_BITS["AUTH"] if round_ == 3 else 0), error_names(errors)


@cocotb.test(timeout_time=TEST_TIMEOUT_MS, timeout_unit="ms")
async def engine_refusals(dut):
    """Every refused register value answers SLVERR, sets its ERROR bit and changes nothing; keys read as 0."""
    cfg, engine, rng, drv = await _start(dut)
    bits = regs.ERROR_BITS

    async def refused(reg, value, index=0, expect=()):
        resp = await drv.write_raw(reg, value, index)
        err = await drv.read("ERROR")
        assert resp == 2, f"{reg}[{index}] = {value:#x} was accepted (resp {resp})"
        for name in expect:
            assert err & bits[name], f"{reg}[{index}] = {value:#x}: {name} not set (ERROR = {error_names(err)})"
        status = await drv.read("STATUS")
        assert regs.FIELDS["STATUS"]["ERROR"].get(status)
        await drv.write("ERROR", err)   # write 1 to clear
        assert await drv.read("ERROR") == 0, "ERROR bits did not clear"

    key = _rand(rng, 4 * cfg.key_words[0])
    # ECB in a direction the build runs (an encrypt-disabled build refuses ECB encryption)
    ecb_decrypt = _directions(cfg, "ecb")[0]
    good = config_word("ecb", ecb_decrypt, 32 * cfg.key_words[0], 32 * cfg.block_words[0])
    await drv.write("CTX_SEL", 0)
    assert await drv.read("ID") == regs.ID_ID_VALUE
    await drv.write("CONFIG", good)
    for mode in (6, 7):
        await refused("CONFIG", config_word(mode, False, 32 * cfg.key_words[0]), expect=["BAD_MODE"])
    # GCM: one core, AES block, forward cipher; AES key lengths; GCM length registers
    gcm_build = engine.get("CORES", 1) == 1 and cfg.params["MAX_NB"] == 4 and cfg.encrypt
    if not gcm_build:
        await refused("CONFIG", config_word("gcm", False, 32 * cfg.key_words[0]), expect=["BAD_MODE"])
    else:
        for nk in (5, 7):
            if nk in cfg.key_words:
                await refused("CONFIG", config_word("gcm", False, 32 * nk), expect=["BAD_KEY_LEN"])
        f = regs.FIELDS["GCM"]
        before = await drv.read("GCM")
        for iv_len, tag_len in ((12, 3), (12, 17), (0, 16)):
            await refused("GCM", f["IV_LEN"].put(iv_len) | f["TAG_LEN"].put(tag_len), expect=["BAD_GCM_LEN"])
        assert await drv.read("GCM") == before
    if 5 in cfg.block_words and gcm_build:
        await refused("CONFIG", config_word("gcm", False, 32 * cfg.key_words[0], 160), expect=["BAD_BLOCK_LEN"])
    for nk in range(4, 9):
        if nk not in cfg.key_words:
            await refused("CONFIG", config_word("ecb", False, 32 * nk, 32 * cfg.block_words[0]),
                          expect=["BAD_KEY_LEN"])
    for code in (5, 6, 7):
        f = regs.FIELDS["CONFIG"]
        await refused("CONFIG", (good & ~f["KEY_LEN"].mask) | f["KEY_LEN"].put(code), expect=["BAD_KEY_LEN"])
        await refused("CONFIG", (good & ~f["BLOCK_LEN"].mask) | f["BLOCK_LEN"].put(code), expect=["BAD_BLOCK_LEN"])
    for nb in range(4, 9):
        if nb not in cfg.block_words:
            await refused("CONFIG", config_word("ecb", False, 32 * cfg.key_words[0], 32 * nb), expect=["BAD_BLOCK_LEN"])
    for mode in modes.ENGINE_NAMES:
        for decrypt in (False, True):
            if decrypt not in _directions(cfg, mode):
                await refused("CONFIG", config_word(mode, decrypt, 32 * cfg.key_words[0], 32 * cfg.block_words[0]),
                              expect=["BAD_DIRECTION"])
    assert await drv.read("CONFIG") == good, "a refused CONFIG write changed the register"
    await refused("CTX_SEL", engine["CONTEXTS"], expect=["BAD_CTX"])
    await refused("CTX_SEL", 255, expect=["BAD_CTX"])
    assert await drv.read("CTX_SEL") == 0
    # unmapped and read-only addresses, key/IV words past the build's length
    await refused("ID", 0, expect=["BAD_ADDR"])
    await refused("STATUS", 0, expect=["BAD_ADDR"])
    await refused("BLOCKS_IN", 0, expect=["BAD_ADDR"])
    await refused("ID", 0, index=13, expect=["BAD_ADDR"])          # 0x34: hole in the map
    if cfg.params["MAX_NK"] < 8:
        await refused("KEY", 0, index=cfg.params["MAX_NK"], expect=["BAD_ADDR"])
    if cfg.params["MAX_NB"] < 8:
        await refused("IV", 0, index=cfg.params["MAX_NB"], expect=["BAD_ADDR"])
    value, resp = await drv.read_raw("ID", 0x3C // 4)
    assert resp == 2 and await drv.read("ERROR") & bits["BAD_ADDR"], "read of an unmapped address not refused"
    await drv.clear_errors()
    # START without a key, and with fewer key words than the key length (key length mismatch)
    await refused("CTRL", 1, expect=["NO_KEY"])
    assert not await drv.field("STATUS", "CTX_ARMED")
    longest = max(cfg.key_words)
    await drv.write("CONFIG", config_word("ecb", ecb_decrypt, 32 * longest, 32 * cfg.block_words[0]))
    for i in range(longest - 1):
        await drv.write("KEY", 0x01020304 + i, i)
    await refused("CTRL", 1, expect=["NO_KEY"])
    await drv.write("KEY", 0x0A0B0C0D, longest - 1)
    await drv.write("CTRL", 1)
    assert await drv.field("STATUS", "CTX_ARMED")
    # keys are write-only: every key word reads as zero, IVs read back
    for i in range(cfg.params["MAX_NK"]):
        value, resp = await drv.read_raw("KEY", i)
        assert (value, resp) == (0, 0), f"KEY[{i}] read {value:#x} resp {resp}"
    await drv.write("IV", 0x11223344, 0)
    assert await drv.read("IV", 0) == 0x11223344
    assert not await drv.field("STATUS", "CTX_ARMED"), "writing IV did not disarm the context"
    # a busy context refuses banked writes and START; another context is still writable
    await drv.configure(0, "ecb", key, decrypt=ecb_decrypt, block_bits=32 * cfg.block_words[0])
    drv.sink.pause = True
    bb = 4 * cfg.block_words[0]
    drv.send_nowait(0, _rand(rng, 2 * bb))
    await ClockCycles(dut.clk_i, 5)
    assert await drv.field("STATUS", "CTX_BUSY")
    await refused("CONFIG", good, expect=["BUSY"])
    await refused("KEY", 0, expect=["BUSY"])
    await refused("IV", 0, expect=["BUSY"])
    await refused("CTRL", 1, expect=["BUSY"])
    if engine["CONTEXTS"] > 1:
        await drv.write("CTX_SEL", 1)
        await drv.write("CONFIG", good)
        assert not await drv.field("STATUS", "CTX_BUSY")
    drv.sink.pause = False
    msg = await drv.recv()
    assert not msg.flagged
    await drv.write("CTX_SEL", 0)
    await drv.wait_idle()
    assert not await drv.field("STATUS", "CTX_BUSY")


@cocotb.test(timeout_time=TEST_TIMEOUT_MS, timeout_unit="ms")
async def engine_bad_messages(dut):
    """A message before any key, a message on a context whose key length does not match, and ECB/CBC
    messages ending inside a block come out flagged (TUSER[0], zero data, same framing) and set their
    ERROR bit; the next message is correct."""
    cfg, engine, rng, drv = await _start(dut)
    bits = regs.ERROR_BITS
    nb = cfg.block_words[0]
    bb = 4 * nb
    # message before any key is written
    data = _rand(rng, 3 * bb)
    msg = await drv.crypt(0, data)
    assert msg.flagged and all(msg.tuser) and msg.data == bytes(len(data)), "message without key not flagged"
    assert await drv.clear_errors() & bits["NOT_ARMED"]
    # TLAST inside a block in ECB and CBC: whole blocks are processed, the short tail is flagged
    mode_list = [m for m in ("ecb", "cbc") if _directions(cfg, m)]
    for mode in mode_list:
        decrypt = _directions(cfg, mode)[0]
        key, iv = _rand(rng, 4 * cfg.key_words[-1]), _rand(rng, bb)
        await drv.configure(0, mode, key, iv=iv, decrypt=decrypt, block_bits=32 * nb)
        whole = rng.randint(0, 3)
        data = _rand(rng, whole * bb + rng.randint(1, bb - 1))
        msg = await drv.crypt(0, data)
        want = _expect(mode, decrypt, key, iv, data[:whole * bb], bb) + bytes(len(data) - whole * bb)
        assert msg.data == want, f"{mode}: whole blocks wrong or tail not zero"
        assert msg.tuser[-1] == 1, f"{mode}: TLAST beat not flagged"
        lanes = drv.lanes
        clean_beats = (whole * bb) // lanes
        assert not any(msg.tuser[:clean_beats]), f"{mode}: whole-block beats flagged"
        assert await drv.clear_errors() & bits["PARTIAL_BLOCK"]
        # the context still works
        data = _rand(rng, 2 * bb)
        await drv.configure(0, mode, key, iv=iv, decrypt=decrypt, block_bits=32 * nb)
        _check_message(await drv.crypt(0, data), _expect(mode, decrypt, key, iv, data, bb), 0, f"{mode} after",
                       drv.lanes)
    # TKEEP misuse (AXI4-Stream: a packed stream keeps every lane before TLAST and a run from lane 0 on the
    # TLAST beat). The gearbox reads the run from lane 0 and flags the message's last block (docs/system.md).
    if _directions(cfg, "ctr"):
        from cocotbext.axi import AxiStreamFrame
        lanes = drv.lanes
        key, iv = _rand(rng, 4 * cfg.key_words[-1]), _rand(rng, bb)
        whole = math.lcm(lanes, bb) * rng.randint(1, 2)   # full beats ending on a block boundary
        # (a) the TLAST beat keeps a run of r lanes, then a gap, then a stray lane: r bytes of it count
        r = rng.randint(1, lanes - 2)
        stray = rng.randint(r + 1, lanes - 1)
        await drv.configure(0, "ctr", key, iv=iv, block_bits=32 * nb)
        data = _rand(rng, whole + lanes)
        keep = [1] * whole + [int(k < r or k == stray) for k in range(lanes)]
        drv.source.send_nowait(AxiStreamFrame(data, tkeep=keep, tid=0))
        msg = await drv.recv()
        assert len(msg.data) == whole + r, f"TLAST run of {r} lanes: {len(msg.data)} bytes out, expected {whole + r}"
        assert msg.data[:whole] == _expect("ctr", False, key, iv, data[:whole], bb), "full beats wrong"
        assert msg.tuser[-1] == 1 and not any(msg.tuser[:whole // lanes]), f"TUSER {msg.tuser}"
        assert await drv.clear_errors() & bits["STREAM"], "TKEEP gap on the TLAST beat: STREAM not set"
        # (b) a beat before TLAST that does not keep every lane: processed whole, the message's end flagged
        await drv.configure(0, "ctr", key, iv=iv, block_bits=32 * nb)
        data = _rand(rng, whole + lanes)
        keep = [1] * whole + [1] * lanes
        keep[rng.randrange(whole)] = 0
        drv.source.send_nowait(AxiStreamFrame(data, tkeep=keep, tid=0))
        msg = await drv.recv()
        assert msg.tuser[-1] == 1, f"TKEEP gap before TLAST: last beat not flagged (TUSER {msg.tuser})"
        assert await drv.clear_errors() & bits["STREAM"], "TKEEP gap before TLAST: STREAM not set"
        # the context still works
        data = _rand(rng, 2 * bb + rng.randint(1, bb - 1))
        await drv.configure(0, "ctr", key, iv=iv, block_bits=32 * nb)
        _check_message(await drv.crypt(0, data), _expect("ctr", False, key, iv, data, bb), 0, "ctr after TKEEP misuse",
                       drv.lanes)
    # a TID outside the contexts (only when CONTEXTS is not a power of two)
    if engine["CONTEXTS"] < 1 << len(dut.s_axis_tid):
        msg = await drv.crypt(engine["CONTEXTS"], _rand(rng, bb))
        assert msg.flagged and await drv.clear_errors() & bits["BAD_CTX"]


@cocotb.test(timeout_time=50, timeout_unit="ms")
async def engine_utilisation(dut):
    """Core utilisation against the number of active contexts: CBC encryption, C = 1..CONTEXTS contexts in
    rotation, one block per message, host streaming at full rate, sink always ready. Once with every context
    under one key (the engine loads it once), once with a different key per context (a key change before
    every block). Utilisation = blocks taken by the core per cycle in the steady state, times the core's cycles
    per block (1 for a pipelined core). Results are checked against the model and written as JSON
    (RIJNDAEL_UTILISATION_OUT) for docs/registers.md."""
    cfg, engine, rng, drv = await _start(dut)
    contexts = engine["CONTEXTS"]
    per_ctx = int(os.environ.get("RIJNDAEL_UTILISATION_BLOCKS", "12"))
    core_cycles_per_block = int(os.environ.get("RIJNDAEL_CORE_CYCLES_PER_BLOCK", "1"))
    nb = cfg.block_words[0]
    bb = 4 * nb
    fires = []

    async def count_fires():
        cycle = 0
        while True:
            await RisingEdge(dut.clk_i)
            cycle += 1
            if int(dut.block_fire.value):
                fires.append(cycle)

    cocotb.start_soon(count_fires())
    results = []
    # Every count up to 8 under one key, then up to CONTEXTS (where a pipelined core saturates);
    # a few counts with a key per context (each block then pays a key change).
    shared_counts = sorted(set(range(1, min(8, contexts) + 1)) | set(range(max(1, contexts - 2), contexts + 1)))
    distinct_counts = [c for c in (1, 2, 4, 8) if c <= contexts]
    for shared, counts in ((True, shared_counts), (False, distinct_counts)):
        for active in counts:
            common = _rand(rng, 4 * cfg.key_words[0])
            jobs = []
            for ctx in range(active):
                key = common if shared else _rand(rng, 4 * cfg.key_words[0])
                iv = _rand(rng, bb)
                await drv.configure(ctx, "cbc", key, iv=iv, block_bits=32 * nb)
                jobs.append((key, iv, []))
            await drv.wait_idle()
            fires.clear()
            for _ in range(per_ctx):
                for ctx in range(active):
                    block = _rand(rng, bb)
                    jobs[ctx][2].append(block)
                    drv.send_nowait(ctx, block)
            got = {ctx: [] for ctx in range(active)}
            for _ in range(per_ctx * active):
                msg = await drv.recv()
                got[msg.tid].append(msg.data)
            for ctx, (key, iv, blocks) in enumerate(jobs):
                want = _expect("cbc", False, key, iv, b"".join(blocks), bb)
                assert b"".join(got[ctx]) == want, f"{active} contexts, shared={shared}: context {ctx} differs"
            # Steady state: blocks taken from the first block of the first round to the first block of the
            # last round, over the cycles between them (the ramp-up and drain edges left out).
            assert len(fires) == per_ctx * active, f"{len(fires)} blocks entered the core, sent {per_ctx * active}"
            span = fires[-active] - fires[0]
            util = (len(fires) - active) * core_cycles_per_block / span
            results.append(dict(contexts=active, shared_key=shared, blocks=len(fires), cycles=span,
                                utilisation=round(util, 4)))
            dut._log.info("UTILISATION contexts=%d shared_key=%s blocks=%d cycles=%d utilisation=%.3f",
                          active, shared, len(fires), span, util)
    out = os.environ.get("RIJNDAEL_UTILISATION_OUT")
    if out:
        Path(out).write_text(json.dumps(results, indent=1) + "\n")
    shared_util = [r["utilisation"] for r in results if r["shared_key"]]
    # More contexts under one key never fill the core less (one block of slack for the window edges).
    for fewer, more in zip(shared_util, shared_util[1:]):
        assert more >= fewer - 0.02, f"utilisation fell with more contexts: {shared_util}"
    assert shared_util[-1] > 2.5 * shared_util[0], f"interleaving did not raise utilisation: {shared_util}"


@cocotb.test(timeout_time=TEST_TIMEOUT_MS, timeout_unit="ms")
async def engine_key_slots(dut):
    """A pipelined core with KEY_SLOTS >= CONTEXTS: one key slot per context. Interleaved CBC messages of every
    context under different keys (one context decrypting) are correct (pycryptodome), each context's key goes
    to the core exactly once however often the contexts alternate, and a key written to one context between
    messages takes effect with exactly one more key beat."""
    from Crypto.Cipher import AES

    cfg, engine, rng, drv = await _start(dut)
    contexts = engine["CONTEXTS"]
    assert cfg.params["KEY_SLOTS"] >= contexts, "test bug: needs KEY_SLOTS >= CONTEXTS"
    drv.source.set_pause_generator(_stalls(rng, 0.1))
    drv.sink.set_pause_generator(_stalls(rng, 0.2))
    bb = 16
    key_beats = []

    # rijndael_engine_lanes sends a key beat from its issue's execute stage (x_key_q), a clock after deciding it
    lanes = json.loads(os.environ["RIJNDAEL_ENGINE_CONFIG"]).get("top") == "rijndael_engine_lanes"
    fired = dut.x_key_q if lanes else dut.key_fire

    async def count_key_beats():
        while True:
            await RisingEdge(dut.clk_i)
            if int(fired.value):
                key_beats.append(int(dut.bctx.value))

    cocotb.start_soon(count_key_beats())
    jobs = []
    for ctx in range(contexts):
        decrypt = ctx == contexts - 1 and bool(cfg.decrypt)
        jobs.append(dict(key=_rand(rng, 16), iv=_rand(rng, bb), decrypt=decrypt, pieces=[]))
        await drv.configure(ctx, "cbc", jobs[ctx]["key"], iv=jobs[ctx]["iv"], decrypt=decrypt)

    got = {ctx: [] for ctx in range(contexts)}   # a context's outputs since its last START

    async def rounds(count):
        order = []
        for _ in range(count):
            for ctx, job in enumerate(jobs):
                piece = _rand(rng, bb * rng.randint(1, 2))
                job["pieces"].append(piece)
                order.append(ctx)
                drv.send_nowait(ctx, piece)
        for ctx in order:
            msg = await drv.recv()
            assert msg.tid == ctx and not msg.flagged, f"TID {msg.tid} (flagged {msg.flagged}), expected {ctx}"
            got[ctx].append(msg.data)
        # The chaining value carries on across a context's messages: one long CBC message per START.
        for ctx, job in enumerate(jobs):
            aes = AES.new(job["key"], AES.MODE_CBC, job["iv"])
            data = b"".join(job["pieces"])
            want = aes.decrypt(data) if job["decrypt"] else aes.encrypt(data)
            assert b"".join(got[ctx]) == want, f"context {ctx} (decrypt={job['decrypt']}) differs from pycryptodome"

    await rounds(6)
    assert sorted(key_beats) == list(range(contexts)), \
        f"key beats for contexts {key_beats}: each context's key should be loaded once"
    # A new key (and IV) for one context between messages: one more key beat, for that context only.
    target = rng.randrange(contexts)
    job = jobs[target]
    job.update(key=_rand(rng, 16), iv=_rand(rng, bb), pieces=[])
    got[target] = []
    await drv.configure(target, "cbc", job["key"], iv=job["iv"], decrypt=job["decrypt"])
    key_beats.clear()
    await rounds(3)
    assert key_beats == [target], f"after a key write to context {target}: key beats for {key_beats}"
    assert await drv.read("ERROR") == 0, error_names(await drv.read("ERROR"))


async def _assert_wiped(dut, drv, cfg, engine, what):
    """Every key, IV, chaining value, buffer and FIFO memory reads as zero (hierarchical peeks)."""
    def zero(handle, name):
        v = handle.value
        assert v.is_resolvable and int(v) == 0, f"{what}: {name} = {v} after the wipe"
    await drv.wait_ready()
    await ClockCycles(dut.clk_i, 2)
    contexts = engine["CONTEXTS"]
    for e in range(contexts * cfg.params["MAX_NK"]):
        zero(dut.u_regs.g_key[e].word_q, f"key word {e}")
    for e in range(contexts * cfg.params["MAX_NB"]):
        zero(dut.u_regs.g_iv[e].word_q, f"IV word {e}")
    for c in range(contexts):
        zero(dut.g_ctx_state[c].chain_c_q, f"chaining value of context {c}")
    zero(dut.key_words, "key bus")
    lanes = json.loads(os.environ["RIJNDAEL_ENGINE_CONFIG"]).get("top") == "rijndael_engine_lanes"
    # rijndael_engine_lanes: the input beat's metadata and each of its words in FIFOs of their own; no output
    # FIFO; its order FIFO holds lengths and flags only (no wipe)
    if lanes:
        # (its wide FIFOs are sliced: rijndael_fifo_sliced, a rijndael_fifo per slice)
        def slices(f, name):
            return [(f"{name} slice {i}", f.g_slice[i].u_fifo) for i in range(int(f.SLICES.value))]
        fifos = [("u_in_meta", dut.u_in_meta)] + slices(dut.u_in_words, "input words") + \
            slices(dut.u_out_fifo, "output FIFO")
    else:
        fifos = [(name, getattr(dut, name)) for name in ("u_in_fifo", "u_order_fifo", "u_out_fifo")]
    for fifo, f in fifos:
        zero(f.head_q, f"{fifo} head")
        memory = f.mem
        for i in range(len(memory)):
            zero(memory[i], f"{fifo} entry {i}")
    # The gearboxes' buffers: the general ones hold words (buf_q); the aligned ones (one block length, a beat
    # of one or two blocks) keep no words on the input side and a block queue on the output side. The
    # two-core arrival-order build has a block queue in front of the issue stage.
    # (rijndael_engine_lanes has neither: its output beat forms from registers, its half-beat register
    # q_held_q is checked below)
    buffers = [("u_assemble", "g_general", "buf_q"), ("u_disassemble", "g_general", "buf_q"),
               ("u_disassemble", "g_aligned", "u_queue", "mem_q"), ("g_queue", "u_queue", "mem_q")]
    found = 0
    for path in buffers:
        handle = dut
        try:
            for name in path:
                handle = getattr(handle, name)
        except AttributeError:
            continue
        found += 1
        for i in range(len(handle)):
            zero(handle[i], f"{'.'.join(path)} entry {i}")
    assert found >= 1 or lanes, f"{what}: no gearbox buffer found to check"
    # Two cores: the register slice in front of each core, or (arrival order, ISSUE_WINDOW = 0) the small
    # FIFO there. Its key and block fields are its low bits (a key beat carries the key); above them sit flags
    # (key beat or not, lengths, direction, slot), which are no secret and load from the idle issue stage
    # like any other value.
    if lanes:
        # Each lane: its entry FIFOs (metadata, data), its mask FIFO, the stage FIFO in front of the core, its
        # chaining values, its result register and the links both ways (zero when nothing travels); its result
        # FIFO at the hub.
        for k in range(2):
            core = dut.g_core[k]
            lane = core.u_lane
            def sliced(f):
                return [f.g_slice[i].u_fifo for i in range(int(f.SLICES.value))]
            for fifo in [lane.u_entries, lane.u_masks] + sliced(lane.u_entry_data) + sliced(lane.u_stage) + \
                    sliced(core.u_res_fifo):
                zero(fifo.head_q, f"lane {k} {fifo._path} head")
                for i in range(len(fifo.mem)):
                    zero(fifo.mem[i], f"lane {k} {fifo._path} entry {i}")
            for c in range(contexts):
                zero(lane.chain_q[c], f"lane {k} chaining value of context {c}")
            for reg in ("res_block_q", "chain_next_q"):
                zero(getattr(lane, reg), f"lane {k} {reg}")
        # The hub's execute registers: a key beat's key, the blocks (zero unless an issue holds them)
        for reg in ("x_keyd_q", "x_data0_q", "x_data1_q", "q_held_q"):
            zero(getattr(dut, reg), f"issue stage {reg}")
        for k in range(2):
            core = dut.g_core[k]
            # The links' hops: the result link whole; the link to the lane in its key, block and chaining-value
            # fields (its low bits), above which lengths and flags travel as the idle execute stage shows them.
            if int(dut.LINK_HOPS.value) == 0:
                continue   # links with no register (rijndael_hops: a wire) hold nothing
            for i in range(int(dut.RES_SLICES.value)):
                zero(core.g_to_hub[i].u_to_hub.g_hops.data_q, f"lane {k} result link {i}")
            width = len(core.u_to_lane.data_o)
            # (the data field: a key beat's key or a block's block and chaining value, in the same bits)
            secret = (1 << (32 * max(cfg.params["MAX_NK"], 2 * cfg.params["MAX_NB"]))) - 1
            hops = int(core.u_to_lane.g_hops.data_q.value)
            for h in range(len(core.u_to_lane.g_hops.data_q) // width):
                assert (hops >> (h * width)) & secret == 0, f"{what}: lane {k} link to the lane, hop {h}, after the wipe"
    elif engine.get("CORES", 1) == 2:
        data_bits = 32 * (cfg.params["MAX_NK"] + cfg.params["MAX_NB"])

        def data_zero(handle, name):
            v = handle.value
            assert v.is_resolvable and int(v) & ((1 << data_bits) - 1) == 0, f"{what}: {name} = {v} after the wipe"
        for k in range(2):
            core = dut.g_core[k]
            if engine.get("ISSUE_WINDOW", 16) == 0:
                data_zero(core.g_in_fifo.in_beat_q, f"core {k} input register")
                fifo = core.g_in_fifo.u_in_fifo
                data_zero(fifo.head_q, f"core {k} input FIFO head")
                for i in range(len(fifo.mem)):
                    data_zero(fifo.mem[i], f"core {k} input FIFO entry {i}")
                # The results' slice behind the core: zero, or (a free register loads its input whatever
                # the valid) a copy of what the core's output shows now, which after the wipe derives from
                # the all-zero key only (see _watch_core_wipe): no secret.
                slice_ = core.g_out_slice.u_out_slice
                for reg in ("head_q", "spare_q"):
                    v = getattr(slice_, reg).value
                    assert v.is_resolvable and int(v) in (0, int(slice_.in_data_i.value)), \
                        f"{what}: core {k} output slice {reg} = {v} after the wipe"
            else:
                for reg in ("head_q", "spare_q"):
                    data_zero(getattr(core.g_slice.u_in_slice, reg), f"core {k} input slice {reg}")
        if engine.get("ISSUE_WINDOW", 16) == 0:
            # The issue stage's execute registers (the queue's two head blocks) and the merge's register
            # (the merged blocks and the feedback values).
            for reg in ("x_head0_q", "x_head1_q"):
                zero(getattr(dut.g_queue, reg), f"issue stage {reg}")
            merge = dut.g_out_two.g_in_order
            for reg in ("m_slot0_q", "m_slot1_q"):
                zero(getattr(merge, reg), f"merge register {reg}")
            for reg in ("fb_val0_q", "fb_val1_q"):
                zero(getattr(dut, reg), f"merge register {reg}")
            if cfg.params.get("KEY_SLOTS", 1) < contexts:  # one key slot: the loaded key's register
                zero(dut.g_one_slot.g_cmp_reg.loaded_key_q, "the loaded key's register")
    # The core's round-key store is wiped before the core takes input again.
    for _ in range(2000):
        if _core_open(dut, engine):
            break
        await RisingEdge(dut.clk_i)
    assert _core_open(dut, engine), f"{what}: the core never became ready"
    _peek_core(dut, engine, _core_tests().internal_store(cfg), zero)
    assert await drv.read("ERROR") == 0
    assert await drv.read("BLOCKS_IN") == 0 and await drv.read("MESSAGES") == 0


def _core_open(dut, engine) -> bool:
    """The cores take input again: in_ready_o high, or, for the cores behind rijndael_core_front (folded, tiny),
    its registered key readiness (the folded core raises in_ready_o for a block only with the block's first
    pass, so with nothing offered in_ready_o stays low although the core is idle)."""
    if int(dut.core_in_ready.value):
        return True
    opened = []
    for k in range(engine.get("CORES", 1)):
        core = dut.g_core[k].u_core
        for arch in ("g_folded", "g_tiny"):
            try:
                opened.append(int(getattr(getattr(core, arch).u_core.u_front, "key_ready_q").value))
                break
            except AttributeError:
                continue
    return bool(opened) and all(opened)


def _peek_core(dut, engine, paths, check):
    """Check the registers at `paths` inside every cipher core of the engine (g_core[k].u_core)."""
    for k in range(engine.get("CORES", 1)):
        for path in paths:
            handle = dut.g_core[k].u_core
            for part in path.split("."):
                handle = getattr(handle, part)
            name = f"g_core[{k}].u_core.{path}"
            if _core_tests().is_memory(path):  # memories: every entry
                for i in range(len(handle)):
                    check(handle[i], f"{name}[{i}]")
            else:
                check(handle, name)


async def _watch_core_wipe(dut, cfg, engine):
    """The core's key and state registers (the paths the core's own reset test checks) after the engine
    resets it (reset or CLEAR, one clock long): all zero in the clock the core's own test checks
    (`wipe_cycle`: a later one for the pipelined core, whose slot registers reset three clocks late, else
    the first), long before it takes input again. (Later the core may expand the all-zero key into them, which
    is no secret.) Returns the registers that were not zero."""
    nonzero = []

    def check(handle, name):
        v = handle.value
        if not v.is_resolvable or int(v) != 0:
            nonzero.append(name)
    while True:
        await RisingEdge(dut.clk_i)
        await ReadOnly()
        if not int(dut.dp_rst_n.value):
            break
    await ClockCycles(dut.clk_i, _core_tests().wipe_cycle(cfg))
    await ReadOnly()
    _peek_core(dut, engine, _core_tests().internal_regs(cfg), check)
    return nonzero


def _core_tests():
    """tests/core/test_rijndael_core.py, for its lists of the core's internal key/state registers."""
    import importlib
    import sys
    core_dir = str(REPO / "tests" / "core")
    if core_dir not in sys.path:
        sys.path.insert(0, core_dir)
    return importlib.import_module("test_rijndael_core")


@cocotb.test(timeout_time=TEST_TIMEOUT_MS, timeout_unit="ms")
async def engine_two_per_clock(dut):
    """CORES = 2 with two blocks per beat: a CTR message of N blocks (and an ECB one when the build decrypts
    or encrypts ECB) streams through in about N/2 cycles plus the latency, counted in clock cycles from
    the first input handshake to the last output handshake; the output matches the golden model."""
    cfg, engine, rng, drv = await _start(dut)
    assert engine.get("CORES", 1) == 2, "test bug: needs CORES = 2"
    bb = 16
    assert engine["TDATA_WIDTH"] >= 2 * 8 * bb, "test bug: needs two blocks per beat"
    cycles = {"first_in": None, "last_out": None, "n": 0}
    trace = []

    async def count():
        while True:
            await RisingEdge(dut.clk_i)
            await ReadOnly()
            cycles["n"] += 1
            s_fire = int(dut.s_axis_tvalid.value) and int(dut.s_axis_tready.value)
            m_fire = int(dut.m_axis_tvalid.value) and int(dut.m_axis_tready.value)
            if s_fire and cycles["first_in"] is None:
                cycles["first_in"] = cycles["n"]
            if m_fire:
                cycles["last_out"] = cycles["n"]
            if cycles["first_in"] is not None and os.environ.get("RIJNDAEL_TRACE"):
                names = ("s_axis_tready", "blk_valid", "blk1_valid", "cand", "block_fire", "fire1", "order_ready",
                         "core_ready", "core_out_valid", "merge_fire", "ord_two", "out_valid", "dis_ready",
                         "dis1_ready", "m_axis_tvalid")
                trace.append(" ".join(f"{n}={getattr(dut, n).value}" for n in names))

    for mode in [m for m in ("ctr", "ecb") if False in _directions(cfg, m)]:
        key, iv = _rand(rng, 16), _rand(rng, bb)
        # 96 blocks: the bound below is then 48 + latency cycles, while one core alone would need 96 +
        # latency (each block a clock), so the check still fails unless two blocks issue per clock
        blocks = 96
        data = _rand(rng, blocks * bb)
        await drv.configure(0, mode, key, iv=iv)
        cycles.update(first_in=None, last_out=None, n=0)
        trace.clear()
        counter = cocotb.start_soon(count())
        msg = await drv.crypt(0, data)
        counter.cancel()
        _check_message(msg, _expect(mode, False, key, iv, data, bb), 0, f"{mode} two per clock", drv.lanes)
        span = cycles["last_out"] - cycles["first_in"] + 1
        dut._log.info("TWO_PER_CLOCK mode=%s blocks=%d cycles=%d", mode, blocks, span)
        if trace:
            Path(os.environ["RIJNDAEL_TRACE"]).write_text("\n".join(trace) + "\n")
        # N/2 cycles for the blocks, plus the latency of the core (a pipelined core: Nr rounds of 1 + SUBSTAGES
        # stages) and 40 clocks for the FIFOs, gearboxes and the key beat (one core alone would need N cycles:
        # the bound fails unless two blocks issue per clock).
        nr = max(cfg.block_words[0], cfg.key_words[0]) + 6
        latency = 40 + (nr * (1 + cfg.params["SUBSTAGES"]) if cfg.params["ARCH"] == 1 else nr)
        if json.loads(os.environ["RIJNDAEL_ENGINE_CONFIG"]).get("top") == "rijndael_engine_lanes":
            # (rijndael_engine_lanes: its links' register hops each way and the key beat's extra stage, K; one
            # core alone still fails the bound: 96 blocks need 96 cycles)
            latency += 2 * int(dut.LINK_HOPS.value) + 4
        assert span <= blocks // 2 + latency, f"{mode}: {blocks} blocks took {span} cycles"


@cocotb.test(timeout_time=TEST_TIMEOUT_MS, timeout_unit="ms")
async def engine_clear_and_reset(dut):
    """CTRL.CLEAR with blocks inside the engine, and reset in the middle of a message being sent: keys,
    IVs, chaining values, FIFOs and buffers read as zero afterwards, and the next message is correct."""
    cfg, engine, rng, drv = await _start(dut)
    nb = cfg.block_words[0]
    bb = 4 * nb
    mode = "cbc" if _directions(cfg, "cbc") else "ctr"
    decrypt = _directions(cfg, mode)[0]
    key, iv = _rand(rng, 4 * cfg.key_words[-1]), _rand(rng, bb)

    async def fresh_message(label):
        k2, iv2 = _rand(rng, 4 * cfg.key_words[0]), _rand(rng, bb)
        await drv.configure(0, mode, k2, iv=iv2, decrypt=decrypt, block_bits=32 * nb)
        data = _rand(rng, 3 * bb)
        _check_message(await drv.crypt(0, data), _expect(mode, decrypt, k2, iv2, data, bb), 0, label, drv.lanes)

    # CLEAR: the whole message is inside the engine, the output side held
    await drv.configure(0, mode, key, iv=iv, decrypt=decrypt, block_bits=32 * nb)
    drv.sink.pause = True
    drv.send_nowait(0, _rand(rng, 6 * bb))
    await drv.source.wait()
    await ClockCycles(dut.clk_i, 30)
    assert not await drv.field("STATUS", "IDLE"), "test bug: the engine is already empty"
    watch = cocotb.start_soon(_watch_core_wipe(dut, cfg, engine))
    await drv.clear()
    assert not await watch, f"CLEAR: core registers not zero after the wipe: {await watch}"
    assert int(dut.m_axis_tvalid.value) == 0
    drv.sink.pause = False
    await _assert_wiped(dut, drv, cfg, engine, "CLEAR")
    assert not await drv.field("STATUS", "CTX_ARMED")
    await fresh_message("after CLEAR")

    # reset while the host is in the middle of sending a message
    await drv.configure(0, mode, key, iv=iv, decrypt=decrypt, block_bits=32 * nb)
    drv.sink.set_pause_generator(_stalls(rng, 0.5))
    base = int(dut.blocks_out_q.value)
    # Longer than everything the engine can hold (FIFOs, and with two cores its window and reorder
    # buffer), so that the host is still sending when the reset comes.
    held = 2 * engine["FIFO_DEPTH"] + (engine.get("ISSUE_WINDOW", 16) + engine.get("REORDER_DEPTH", 256)
                                       if engine.get("CORES", 1) == 2 and engine.get("ISSUE_WINDOW", 16) else 0)
    drv.send_nowait(0, _rand(rng, (40 + held) * bb))
    for _ in range(2000):
        await RisingEdge(dut.clk_i)
        if int(dut.blocks_out_q.value) >= base + 2:
            break
    assert drv.source.active, "test bug: the message was already sent"
    watch = cocotb.start_soon(_watch_core_wipe(dut, cfg, engine))
    await drv.reset()
    assert not await watch, f"reset: core registers not zero after the wipe: {await watch}"
    drv.sink.clear_pause_generator()
    drv.sink.pause = False   # clearing the generator leaves its last value
    await _assert_wiped(dut, drv, cfg, engine, "reset")
    await fresh_message("after reset")


# --------------------------------------------------------------------------------------------------
# pytest side: build one configuration, run the cocotb tests in it
ENGINE_DEFAULT = {"TDATA_WIDTH": 128, "FIFO_DEPTH": 16, "CONTEXTS": 4}
# id -> (named configuration, core overrides, engine parameters). The default set is the fast CI subset
# (iterative at two widths, a one-context encrypt-only build, pipelined-both); --full runs the rest.
DEFAULT_MATRIX = {
    "iterative-w128": ("iterative", {}, ENGINE_DEFAULT),
    "iterative-w32": ("iterative", {}, {**ENGINE_DEFAULT, "TDATA_WIDTH": 32, "CONTEXTS": 3}),
    "encrypt-only-w128": ("iterative", {"ENABLE_DECRYPT": 0, "KEY_SIZES": 0b00001}, {**ENGINE_DEFAULT, "CONTEXTS": 1}),
    "pipelined-both-w128": ("pipelined-both", {}, ENGINE_DEFAULT),
    # one key slot per context (KEY_SLOTS >= CONTEXTS): contexts switch with no key beat
    "pipelined-both-slots4-w128": ("pipelined-both", {"KEY_SLOTS": 4}, ENGINE_DEFAULT),
}
FULL_MATRIX = {
    "iterative-w64": ("iterative", {}, {**ENGINE_DEFAULT, "TDATA_WIDTH": 64, "CONTEXTS": 2}),
    "iterative-w256": ("iterative", {}, {**ENGINE_DEFAULT, "TDATA_WIDTH": 256}),
    "iterative-w128-fifo512": ("iterative", {}, {**ENGINE_DEFAULT, "FIFO_DEPTH": 512}),
    "decrypt-only-w128": ("iterative", {"ENABLE_ENCRYPT": 0}, ENGINE_DEFAULT),
    "rijndael-w64": ("rijndael", {}, {**ENGINE_DEFAULT, "TDATA_WIDTH": 64, "CONTEXTS": 2}),
    "rijndael-w256": ("rijndael", {}, {**ENGINE_DEFAULT, "TDATA_WIDTH": 256, "CONTEXTS": 2}),
    "iterative-composite-w128": ("iterative-composite", {}, ENGINE_DEFAULT),
    "pipelined-w128": ("pipelined", {}, ENGINE_DEFAULT),
    "pipelined-w256": ("pipelined", {}, {**ENGINE_DEFAULT, "TDATA_WIDTH": 256, "CONTEXTS": 2}),
    "pipelined-both-w32": ("pipelined-both", {}, {**ENGINE_DEFAULT, "TDATA_WIDTH": 32, "CONTEXTS": 3}),
    "folded32-w128": ("folded32", {}, ENGINE_DEFAULT),
    "folded32-w64": ("folded32", {}, {**ENGINE_DEFAULT, "TDATA_WIDTH": 64, "CONTEXTS": 2}),
}
TESTS = ["engine_modes", "engine_interleaved", "engine_refusals", "engine_bad_messages", "engine_clear_and_reset"]
SLOT_TESTS = ["engine_key_slots", "engine_interleaved", "engine_clear_and_reset"]
# The key-slot build runs engine_key_slots in CI; its interleaved and clear/reset runs (41 s, the same tests
# as pipelined-both-w128's with contexts on key slots) with --full, to keep `make test` under 20 minutes.
SLOT_DEFAULT = ["engine_key_slots"]
# pipelined-both-w128's engine_interleaved (54 s) with --full: CI interleaves contexts on iterative at two
# widths and on pipelined-both's two-core build.
FULL_ONLY = {("pipelined-both-w128", "engine_interleaved")}
CASES = [pytest.param(cid, t, id=f"{t}-{cid}", marks=pytest.mark.full if (cid, t) in FULL_ONLY else ())
         for cid in DEFAULT_MATRIX for t in TESTS if "slots" not in cid]
CASES += [pytest.param(cid, t, id=f"{t}-{cid}", marks=() if t in SLOT_DEFAULT else pytest.mark.full)
          for cid in DEFAULT_MATRIX for t in SLOT_TESTS if "slots" in cid]
CASES += [pytest.param(cid, t, id=f"{t}-{cid}", marks=pytest.mark.full) for cid in FULL_MATRIX for t in TESTS]
# GCM through the cocotbext-axi driver: a narrow stream (multi-beat IV/tag packets) and the pipelined core
CASES += [pytest.param(cid, "engine_gcm", id=f"engine_gcm-{cid}") for cid in ("iterative-w32", "pipelined-both-w128")]
# Two cores (CORES = 2): id -> (configuration, overrides, engine parameters, default tests, --full tests).
# A pipelined core with two blocks per beat (two blocks per clock), one key slot per context, and a slow
# core at TDATA 128 (blocks alternate between the cores one at a time).
X2 = {**ENGINE_DEFAULT, "CORES": 2}
TWO_CORES = {
    # (CI: every test on pipelined-both-x2-w256 and the two-per-clock test on pipelined-x2-w256; the rest
    # with --full. The two-pipeline builds were left out of CI while the pipelined core simulated ten times
    # slower per block; a test on them now takes a few seconds.)
    "pipelined-both-x2-w256": ("pipelined-both", {}, {**X2, "TDATA_WIDTH": 256},
                               ["engine_interleaved", "engine_two_per_clock", "engine_modes", "engine_clear_and_reset",
                                "engine_refusals", "engine_bad_messages"], []),
    "pipelined-both-slots4-x2-w256": ("pipelined-both", {"KEY_SLOTS": 4}, {**X2, "TDATA_WIDTH": 256},
                                      ["engine_feedback_contexts"],
                                      ["engine_key_slots", "engine_interleaved", "engine_clear_and_reset"]),
    # (engine_interleaved, 40 s, with --full: pipelined-both-x2-w256 runs it in CI)
    "iterative-x2-w128": ("iterative", {}, X2, ["engine_modes"],
                          ["engine_interleaved", "engine_refusals", "engine_bad_messages", "engine_clear_and_reset",
                           "engine_feedback_contexts"]),
    "pipelined-x2-w256": ("pipelined", {}, {**X2, "TDATA_WIDTH": 256}, ["engine_two_per_clock"],
                          TESTS + ["engine_feedback_contexts"]),
    # A small issue window and reorder buffer (and 8 contexts on KEY_SLOTS = 8): the window fills up,
    # blocks wait for reorder slots.
    "pipelined-both-slots8-x2-w256-win4": ("pipelined-both", {"KEY_SLOTS": 8},
                                           {**X2, "TDATA_WIDTH": 256, "CONTEXTS": 8, "ISSUE_WINDOW": 4,
                                            "REORDER_DEPTH": 8}, [],
                                           ["engine_feedback_contexts", "engine_modes", "engine_interleaved"]),
    # Arrival-order issue (ISSUE_WINDOW = 0: no window, no reorder buffer), the two-pipeline build of record
    # (docs/results.md, Engine builds): independent blocks two per clock, feedback chains in order.
    "pipelined-x2-w256-inorder": ("pipelined", {"KEY_SLOTS": 4}, {**X2, "TDATA_WIDTH": 256, "ISSUE_WINDOW": 0},
                                  ["engine_two_per_clock", "engine_modes"],
                                  ["engine_feedback_contexts", "engine_interleaved", "engine_refusals",
                                   "engine_bad_messages", "engine_clear_and_reset", "engine_key_slots"]),
    # The same with one key slot (the steering build of docs/results.md, "Two pipelines"): contexts share the
    # cores' one key, a key beat between contexts of different keys, none between equal ones.
    "pipelined-x2-w256-inorder-1slot": ("pipelined", {}, {**X2, "TDATA_WIDTH": 256, "ISSUE_WINDOW": 0},
                                        ["engine_modes", "engine_interleaved"],
                                        ["engine_feedback_contexts", "engine_refusals", "engine_bad_messages",
                                         "engine_clear_and_reset", "engine_two_per_clock"]),
    "rijndael-x2-w256": ("rijndael", {}, {**X2, "TDATA_WIDTH": 256, "CONTEXTS": 2}, [], TESTS),
    "iterative-x2-w32": ("iterative", {}, {**X2, "TDATA_WIDTH": 32, "CONTEXTS": 3}, [], TESTS),
}
# The two-pipeline engine in lanes (rijndael_engine_lanes, its own top: the same ports and contract), at its
# build of record (one key slot per context) and with one shared key slot.
LANES = {
    "pipelined-x2-w256-lanes": ("pipelined", {"KEY_SLOTS": 4}, {**X2, "TDATA_WIDTH": 256, "ISSUE_WINDOW": 0},
                                ["engine_two_per_clock", "engine_modes", "engine_feedback_contexts",
                                 "engine_interleaved", "engine_refusals", "engine_bad_messages",
                                 "engine_clear_and_reset", "engine_key_slots"], []),
    "pipelined-x2-w256-lanes-1slot": ("pipelined", {}, {**X2, "TDATA_WIDTH": 256, "ISSUE_WINDOW": 0},
                                      ["engine_modes", "engine_interleaved"],
                                      ["engine_feedback_contexts", "engine_refusals", "engine_bad_messages",
                                       "engine_clear_and_reset", "engine_two_per_clock"]),
    # Links with no register (LINK_HOPS = 0) and the fewest credits each way (LANE_ENTRIES, LANE_RESULTS = 4):
    # every credit count at its bound, so a block the credits should have held back would be lost or overrun.
    # (Not two blocks per clock: four results in flight per lane cannot cover a pipeline's latency.)
    "pipelined-x2-w256-lanes-tight": ("pipelined", {"KEY_SLOTS": 4},
                                      {**X2, "TDATA_WIDTH": 256, "ISSUE_WINDOW": 0, "LINK_HOPS": 0,
                                       "LANE_ENTRIES": 4, "LANE_RESULTS": 4},
                                      ["engine_modes", "engine_feedback_contexts"],
                                      ["engine_interleaved", "engine_refusals",
                                       "engine_bad_messages", "engine_clear_and_reset", "engine_key_slots"]),
}
TWO_CORES.update(LANES)
CASES += [pytest.param(cid, t, id=f"{t}-{cid}") for cid, spec in TWO_CORES.items() for t in spec[3]]
CASES += [pytest.param(cid, t, id=f"{t}-{cid}", marks=pytest.mark.full)
          for cid, spec in TWO_CORES.items() for t in spec[4]]
# Utilisation against active contexts (docs/registers.md, "Contexts and utilisation"): --full only.
UTILISATION = {"utilisation-pipelined-both": ("pipelined-both", {}, {**ENGINE_DEFAULT, "FIFO_DEPTH": 64,
                                                                        "CONTEXTS": 12})}
CASES += [pytest.param(cid, "engine_utilisation", id=f"engine_utilisation-{cid}", marks=pytest.mark.full)
          for cid in UTILISATION]
ALL = {**DEFAULT_MATRIX, **FULL_MATRIX, **UTILISATION, **{cid: spec[:3] for cid, spec in TWO_CORES.items()}}


def engine_sources() -> list[str]:
    """Core RTL (packages first) and the engine's files. RIJNDAEL_CORE_RTL=<dir> swaps in another core tree."""
    alt = os.environ.get("RIJNDAEL_CORE_RTL")
    if alt:
        core = [p for sub in ("pkg", "common", "sbox", "cipher") for p in sorted((Path(alt) / sub).glob("*.sv"))]
    else:
        core = configs.rtl_files()
    return [str(p) for p in core] + [str(REPO / "rtl" / "system" / f) for f in SYSTEM_FILES]


def engine_include_dir() -> str:
    """The core tree's include directory (RIJNDAEL_CORE_RTL's own when it swaps in another tree)."""
    alt = os.environ.get("RIJNDAEL_CORE_RTL")
    return str(Path(alt) / "pkg") if alt else str(configs.INCLUDE_DIR)


@pytest.mark.parametrize("config_id,testcase", CASES)
def test_rijndael_engine(config_id, testcase, sim_build_dir, cocotb_results):
    from cocotb_tools.runner import get_runner

    name, overrides, engine = ALL[config_id]
    cfg = configs.get(name, overrides)
    top = "rijndael_engine_lanes" if config_id in LANES else "rijndael_engine"
    build_dir = sim_build_dir(testcase, config_id)
    seed = int(os.environ.get("RIJNDAEL_TEST_SEED", zlib.crc32(f"{testcase}/{config_id}".encode())))
    runner = get_runner("icarus")
    build_log = build_dir / "build.log"
    try:
        runner.build(sources=engine_sources(), includes=[engine_include_dir()], hdl_toplevel=top,
                     parameters={**cfg.verilog_params(), **engine}, build_args=["-g2012"], build_dir=build_dir,
                     always=True, timescale=("1ns", "1ps"), log_file=build_log)
    except (Exception, SystemExit):  # noqa: BLE001
        log = build_log.read_text(errors="replace") if build_log.exists() else "(no log)"
        pytest.fail(f"Icarus build of {config_id} failed:\n{log[-4000:]}", pytrace=False)
    try:
        results = runner.test(test_module=Path(__file__).stem, hdl_toplevel=top,
                    test_filter=rf"^{Path(__file__).stem}\.{testcase}$", build_dir=build_dir,
                    test_dir=build_dir, seed=seed,
                    extra_env={"RIJNDAEL_ENGINE_CONFIG": json.dumps({"name": name, "overrides": overrides,
                                                                      "engine": engine, "top": top}),
                               "RIJNDAEL_TEST_SEED": str(seed),
                               **({"RIJNDAEL_TRACE": os.environ["RIJNDAEL_TRACE"]} if "RIJNDAEL_TRACE" in os.environ
                                  else {}),
                               "RIJNDAEL_UTILISATION_OUT": str(build_dir / "utilisation.json")})
    except SystemExit as exc:
        pytest.fail(f"cocotb {testcase} failed on {config_id} (exit {exc.code}); rerun with "
                    f"RIJNDAEL_TEST_SEED={seed} pytest tests/system -k '{testcase}-{config_id}'", pytrace=False)
    cocotb_results(results, expected=[testcase])
