"""Measure a configuration in simulation: `rijndael bench`.

One batch through the harness at full rate: a key, half the blocks, a second key, the other half.
The harness reports the steady-state gap between output handshakes (cycles per block), the latency of
the first block after each key, and the cost of a key change (key handshake to next block handshake).
The results are checked against the golden model, so a broken core never yields a number.
"""
from __future__ import annotations

import random

from . import modes, reference
from .configs import Config, ConfigError
from .sim import Harness, HarnessError, result_group


def bench(config: Config, blocks: int = 20000, key_bits: int | None = None, block_bits: int | None = None,
          direction: str = "encrypt", seed: int = 1) -> dict:
    key_bits = key_bits or config.key_bits[0]
    block_bits = block_bits or config.block_bits[0]
    decrypt = direction == "decrypt"
    reason = config.supports(block_bits, key_bits, decrypt=decrypt)
    if reason:
        raise ConfigError(reason)
    # Two runs (one per key), each longer than the span the steady interval is taken over.
    least = max(4, 2 * (result_group(config) + 1))
    if blocks < least:
        raise ValueError(f"--blocks must be at least {least} for {config.name} (steady state needs "
                         f"{least // 2} consecutive blocks per key)")
    rng = random.Random(seed)
    keys = [rng.randbytes(key_bits // 8) for _ in range(2)]
    data = [rng.randbytes(block_bits // 8) for _ in range(blocks)]
    op = "D" if decrypt else "E"
    half = blocks // 2
    commands = ([("K", keys[0], block_bits)] + [(op, b) for b in data[:half]]
                + [("K", keys[1], block_bits)] + [(op, b) for b in data[half:]])
    with Harness(config) as harness:
        run = harness.run(commands)
    expected = ([reference.block(keys[0], b, decrypt) for b in data[:half]]
                + [reference.block(keys[1], b, decrypt) for b in data[half:]])
    wrong = sum(got != want for got, want in zip(run.results, expected))
    if wrong:
        raise HarnessError(f"{wrong} of {blocks} results differ from the golden model: not benchmarking a broken core")
    stats = run.stats
    return {
        "config": config.name,
        "params": config.verilog_params(),
        "key_bits": key_bits,
        "block_bits": block_bits,
        "direction": direction,
        "blocks": blocks,
        "nr": config.nr(block_bits, key_bits),
        "cycles_per_block": stats["cycles_per_block"],
        "cycles_per_block_mean": stats["cycles_per_block_mean"],
        "latency_cycles": stats["latency_cycles"],
        "latency_min_cycles": stats.get("latency_min"),  # a block's latency away from any key change
        "key_change_cycles": stats["key_change_cycles"],
        "sim_cycles": stats["cycles"],
        "sim_wall_seconds": stats["wall_seconds"],
        "sim_blocks_per_second": round(stats["blocks_per_second"]),
    }


def format_text(result: dict) -> str:
    return "\n".join([
        f"configuration     {result['config']}",
        f"request           {result['direction']}, {result['block_bits']}-bit blocks, {result['key_bits']}-bit key "
        f"(Nr = {result['nr']}), {result['blocks']} blocks",
        f"cycles per block  {result['cycles_per_block']} (steady state, median; mean {result['cycles_per_block_mean']})",
        f"latency           {result['latency_cycles']} cycles (first block after a key)",
        f"key change        {result['key_change_cycles']} cycles (key handshake to next block handshake)",
        f"simulation        {result['sim_blocks_per_second']} blocks/s ({result['sim_cycles']} cycles "
        f"in {result['sim_wall_seconds']:.3f} s)",
    ])


# ---------------------------------------------------------------------------------------------
# The engine (rtl/system): `rijndael bench --engine`
# ---------------------------------------------------------------------------------------------
_CORE_CACHE: dict = {}


def core_rate(config: Config, key_bits: int, block_bits: int, decrypt: bool) -> tuple[float, dict]:
    """Bits per cycle of the bare core streaming blocks (the `rijndael bench` measurement), cached."""
    key = (config.name, tuple(sorted(config.verilog_params().items())), key_bits, block_bits, decrypt)
    if key not in _CORE_CACHE:
        result = bench(config, blocks=2000, key_bits=key_bits, block_bits=block_bits,
                       direction="decrypt" if decrypt else "encrypt")
        _CORE_CACHE[key] = (block_bits / result["cycles_per_block"], result)
    return _CORE_CACHE[key]


def bench_engine(config: Config, mode: str = "ecb", direction: str = "encrypt", message_blocks: int = 256,
                 contexts: int = 1, min_blocks: int = 4096, key_bits: int | None = None,
                 block_bits: int | None = None, tdata_width: int | None = None, params: dict | None = None,
                 seed: int = 1, stall: float = 0.0) -> dict:
    """Sustained throughput of the engine: messages of `message_blocks` blocks, spread round robin over
    `contexts` contexts (interleaved block by block on the stream), at least `min_blocks` blocks in
    all, the host streaming at full rate. bits_per_cycle counts message bits over the cycles from the
    first input handshake to the last output handshake; efficiency = bits_per_cycle / (the engine's CORES x
    the bare core's), so 1.0 means every core is busy every cycle.
    Messages of one context continue its chaining value (one START per context), so the outputs are
    checked as one long message per context against pycryptodome / the golden model."""
    from .engine_sim import check_request, engine_params

    key_bits = key_bits or config.key_bits[0]
    block_bits = block_bits or config.block_bits[0]
    decrypt = direction == "decrypt"
    if message_blocks < 1 or contexts < 1:
        raise ValueError("--message-blocks and --contexts must be at least 1")
    check_request(config, mode, decrypt, key_bits, block_bits)
    given = dict(params or {})
    if "CONTEXTS" not in given:
        given["CONTEXTS"] = max(4, 1 << (contexts - 1).bit_length())
    params = engine_params(tdata_width, **given)
    if contexts > params["CONTEXTS"]:
        raise ValueError(f"--contexts {contexts} but the engine has CONTEXTS={params['CONTEXTS']}")
    rng = random.Random(seed)
    block = block_bits // 8
    messages_per_ctx = max(1, -(-min_blocks // (message_blocks * contexts)))
    keys = [rng.randbytes(key_bits // 8) for _ in range(contexts)]
    ivs = [rng.randbytes(block) for _ in range(contexts)]
    data = {(c, m): rng.randbytes(block * message_blocks) for c in range(contexts) for m in range(messages_per_ctx)}
    order = [(c, data[c, m]) for m in range(messages_per_ctx) for c in range(contexts)]
    if modes.get(mode).authenticated:
        stats = _bench_gcm(config, params, seed, stall, keys, order, decrypt, rng)
    else:
        stats = _bench_plain(config, params, seed, stall, keys, ivs, order, data, mode, decrypt, key_bits, block_bits,
                             contexts, messages_per_ctx)
    core_bpc, core = core_rate(config, key_bits, block_bits, _needs_inverse(mode, decrypt))
    cores = params["CORES"]
    total_blocks = messages_per_ctx * contexts * message_blocks
    cycles = stats["active_cycles"]
    bpc = total_blocks * block_bits / cycles
    return {
        "config": config.name, "params": {**config.verilog_params(), **params}, "mode": mode,
        "direction": direction, "key_bits": key_bits, "block_bits": block_bits,
        "tdata_width": params["TDATA_WIDTH"], "message_blocks": message_blocks, "contexts": contexts,
        "messages": messages_per_ctx * contexts, "blocks": total_blocks, "cycles": cycles,
        "cycles_per_block": round(cycles / total_blocks, 4), "bits_per_cycle": round(bpc, 4),
        "gbit_per_s_per_mhz": round(bpc / 1000, 6), "cores": cores,
        "core_bits_per_cycle": round(core_bpc, 4), "core_cycles_per_block": core["cycles_per_block"],
        "core_latency_cycles": core["latency_cycles"], "core_latency_min_cycles": core.get("latency_min_cycles"),
        "efficiency": round(bpc / (cores * core_bpc), 4),
        "stream_bits_per_cycle": params["TDATA_WIDTH"], "stall": stall,
        "sim_wall_seconds": round(stats["wall_seconds"], 3),
    }


def _bench_gcm(config, params, seed, stall, keys, order, decrypt, rng) -> dict:
    """GCM: every message has a fresh 96-bit IV, no AAD and a 128-bit tag (IV, payload and tag packets on
    the stream; only the payload bits count); each result is checked against pycryptodome."""
    from Crypto.Cipher import AES

    from .engine_sim import EngineSim

    requests, expected = [], []
    for c, payload in order:
        iv = rng.randbytes(12)
        ct, tag = AES.new(keys[c], AES.MODE_GCM, nonce=iv).encrypt_and_digest(payload)
        requests.append((c, iv, ct if decrypt else payload, b"", tag if decrypt else None))
        expected.append((payload, b"") if decrypt else (ct, tag))
    with EngineSim(config, params=params, seed=seed, in_stall=stall, out_stall=stall) as sim:
        for c in range(len(keys)):
            sim.configure(c, "gcm", keys[c], decrypt=decrypt)
            sim.gcm_lengths(c, 12, 16, 0)
        results = sim.gcm_run(requests, quiet=False)
        stats = sim.last_stats
    for got, want in zip(results, expected):
        if not got.ok or (got.data, got.tag) != want:
            raise HarnessError("GCM output differs from pycryptodome: not benchmarking a broken engine")
    return stats


def _bench_plain(config, params, seed, stall, keys, ivs, order, data, mode, decrypt, key_bits, block_bits,
                 contexts, messages_per_ctx) -> dict:
    from . import model
    from .engine_sim import EngineSim

    block = block_bits // 8
    with EngineSim(config, params=params, seed=seed, in_stall=stall, out_stall=stall) as sim:
        for c in range(contexts):
            sim.configure(c, mode, keys[c], None if mode == "ecb" else ivs[c], decrypt=decrypt, block_bits=block_bits)
        run = sim.run(order)
    got: dict = {c: b"" for c in range(contexts)}
    for result in run.results:
        if result.flagged:
            raise HarnessError("the engine flagged a benchmark message: not benchmarking a broken engine")
        got[result.tid] += result.data
    for c in range(contexts):
        whole = b"".join(data[c, m] for m in range(messages_per_ctx))
        fn = model.decrypt if decrypt else model.encrypt
        if block_bits == 128 and key_bits in (128, 192, 256) and modes.get(mode).pycryptodome is not None:
            want = _pycryptodome(mode, decrypt, keys[c], ivs[c], whole)
        else:
            want = fn(mode, keys[c], whole, None if mode == "ecb" else ivs[c], block)
        if got[c] != want:
            raise HarnessError(f"context {c}: engine output differs from the reference: not benchmarking a broken engine")
    return run.stats


def _needs_inverse(mode: str, decrypt: bool) -> bool:
    return modes.get(mode).needs_inverse(decrypt)


def _pycryptodome(mode: str, decrypt: bool, key: bytes, iv: bytes, data: bytes) -> bytes:
    cipher = modes.get(mode).pycryptodome_cipher(key, iv)
    return cipher.decrypt(data) if decrypt else cipher.encrypt(data)


def format_engine_text(result: dict) -> str:
    return "\n".join([
        f"configuration     {result['config']} in the engine, TDATA {result['tdata_width']} bits, "
        f"{result['contexts']} context(s), {result['cores']} core(s)",
        f"request           {result['mode']} {result['direction']}, {result['messages']} messages of "
        f"{result['message_blocks']} blocks ({result['blocks']} blocks)",
        f"engine            {result['bits_per_cycle']} bits per cycle ({result['cycles_per_block']} cycles per block, "
        f"{result['cycles']} cycles)",
        f"bare core         {result['core_bits_per_cycle']} bits per cycle ({result['core_cycles_per_block']} cycles "
        f"per block)",
        f"efficiency        {100 * result['efficiency']:.1f} % (of {result['cores']} x the bare core)",
    ])
