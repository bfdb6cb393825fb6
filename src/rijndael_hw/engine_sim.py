"""Build the Verilator harness of rijndael_engine (harness/engine_harness.cpp) and drive it.

    with EngineSim("pipelined-both", tdata_width=128) as sim:
        sim.configure(0, "cbc", key, iv=iv)                # CTX_SEL, CONFIG, KEY, IV, START
        out, flagged = sim.crypt(0, data)                  # one message, TID 0
        sim.crypt_file(0, "in.bin", "out.bin")             # a file streams through, never via Python

One `EngineSim` is one simulation process: contexts keep their keys and chaining values between calls,
as hardware does. Register names and fields come from `rijndael_hw.regs` (generated from
regs/rijndael_regs.rdl); key and IV words are big-endian, stream bytes in AXI lane order.

Builds are cached under build/engine/<label>-<hash>, the hash covering the RTL text, the harness
source, core and engine parameters and the Verilator version and flags (same scheme as sim.py).
"""
from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

import hashlib
import json

from . import configs, modes, regs
from .configs import Config, ConfigError
from .sim import VERILATOR, VERILATOR_FLAGS, HarnessError, HarnessProcess, _locked, _verilator_version

HARNESS_SOURCE = configs.REPO_ROOT / "harness" / "engine_harness.cpp"
BINARY_NAME = "engine_harness"
TOP = "rijndael_engine"
SYSTEM_DIR = configs.RTL_DIR / "system"
# Compile order of rtl/system (the register package first, the top last).
# The GHASH unit's files (rijndael_gf128_*, rijndael_ghash_*: its multipliers and implementations) are
# found by name, so a new implementation file needs no edit here.
GHASH_FILES = tuple(sorted(p.name for p in SYSTEM_DIR.glob("rijndael_gf128_*.sv"))
                    + sorted(p.name for p in SYSTEM_DIR.glob("rijndael_ghash_*.sv")) + ["rijndael_ghash.sv"])
#: The GHASH unit on its own (its tests, lint and `tools/synth_ghash.py`): the common register copies it uses
#: (rtl/common), then its files; paths relative to the repository.
GHASH_UNIT_SOURCES = ("rtl/common/rijndael_reg_copy.sv", "rtl/common/rijndael_reg_copies.sv",
                      *(f"rtl/system/{name}" for name in GHASH_FILES))
SYSTEM_FILES = ("rijndael_regs_pkg.sv", "rijndael_engine_pkg.sv", "rijndael_regs.sv", "rijndael_keep_run.sv", "rijndael_stream_to_blocks.sv",
                "rijndael_blocks_to_stream.sv", "rijndael_block_flags.sv", "rijndael_block_data.sv", "rijndael_core_dispatch.sv",
                "rijndael_core_collect.sv", "rijndael_group_unpack.sv", "rijndael_issue_queue.sv",
                "rijndael_issue_window.sv", "rijndael_reorder.sv", "rijndael_gcm_prep.sv", *GHASH_FILES, "rijndael_engine.sv",
                "rijndael_lane.sv", "rijndael_engine_lanes.sv")
#: Engine parameters (beyond the core's) and their defaults; `--param NAME=VALUE` sets them too.
ENGINE_PARAMS = {"TDATA_WIDTH": 128, "FIFO_DEPTH": 512, "CONTEXTS": 4, "CORES": 1}
#: Engine parameters left at the RTL's default unless given (CORES = 2 only: issue window, reorder buffer).
#: rijndael_engine_lanes' own sizes: its links' registers each way and its lanes' FIFOs (the credits);
#: rijndael_engine has none of them.
LANES_ONLY_PARAMS = ("LINK_HOPS", "LANE_ENTRIES", "LANE_RESULTS")
OPTIONAL_ENGINE_PARAMS = ("ISSUE_WINDOW", "REORDER_DEPTH", "ENGINE_LANES", *LANES_ONLY_PARAMS)
#: ENGINE_LANES = 1 builds rijndael_engine_lanes (the two-pipeline engine in lanes: the same parameters, ports and
#: contract) instead of rijndael_engine; the harnesses take it as the choice of top module, not as an RTL parameter.
LANES_TOP = "rijndael_engine_lanes"
TDATA_WIDTHS = (32, 64, 128, 256)
MODES = modes.ENGINE_ENCODINGS          # name -> CONFIG.MODE value (rijndael_hw.modes)
WHOLE_BLOCK_MODES = tuple(m for m in modes.WHOLE_BLOCK_NAMES if m in MODES)


class RegisterError(HarnessError):
    """A register write or read answered SLVERR."""

    def __init__(self, what: str, error_bits: int | None = None):
        self.error_bits = error_bits
        names = [n for n, m in regs.ERROR_BITS.items() if error_bits and error_bits & m]
        super().__init__(f"{what} refused (SLVERR){': ' + ', '.join(names) if names else ''}")


def split_params(items: Iterable[str] | None) -> tuple[list[str], dict]:
    """Split `--param NAME=VALUE` items into core overrides and engine parameters."""
    core, engine = [], {}
    for item in items or []:
        name = item.split("=", 1)[0].strip()
        if name in ENGINE_PARAMS or name in OPTIONAL_ENGINE_PARAMS:
            try:
                engine[name] = int(item.split("=", 1)[1].strip(), 0)
            except (IndexError, ValueError):
                raise ConfigError(f"--param '{item}': {name} needs an integer") from None
        else:
            core.append(item)
    return core, engine


def engine_params(tdata_width: int | None = None, cores: int | None = None, **given) -> dict:
    params = dict(ENGINE_PARAMS)
    params.update({k: int(v) for k, v in given.items() if v is not None})
    if tdata_width is not None:
        params["TDATA_WIDTH"] = int(tdata_width)
    if cores is not None:
        params["CORES"] = int(cores)
    if params["TDATA_WIDTH"] not in TDATA_WIDTHS:
        raise ConfigError(f"TDATA width {params['TDATA_WIDTH']}: the engine has 32, 64, 128 or 256 bits")
    if not 1 <= params["CONTEXTS"] <= 256:
        raise ConfigError(f"CONTEXTS={params['CONTEXTS']}: 1 to 256 contexts")
    if params["FIFO_DEPTH"] < 2:
        raise ConfigError(f"FIFO_DEPTH={params['FIFO_DEPTH']}: at least 2 blocks")
    if params["CORES"] not in (1, 2):
        raise ConfigError(f"CORES={params['CORES']}: the engine drives 1 or 2 cipher cores")
    if params.get("ENGINE_LANES") not in (None, 0, 1):
        raise ConfigError(f"ENGINE_LANES={params['ENGINE_LANES']}: 0 (rijndael_engine) or 1 (rijndael_engine_lanes)")
    lanes_only = [k for k in LANES_ONLY_PARAMS if params.get(k) is not None]
    if lanes_only and not params.get("ENGINE_LANES"):
        raise ConfigError(f"{', '.join(lanes_only)}: parameters of rijndael_engine_lanes only (--param ENGINE_LANES=1)")
    if params.get("LINK_HOPS") is not None and params["LINK_HOPS"] < 0:
        raise ConfigError(f"LINK_HOPS={params['LINK_HOPS']}: registers on each link, at least 0")
    for name in ("LANE_ENTRIES", "LANE_RESULTS"):
        value = params.get(name)
        if value is not None and (value < 4 or value & (value - 1)):
            raise ConfigError(f"{name}={value}: a lane FIFO's depth, a power of two of at least 4")
    window = params.get("ISSUE_WINDOW")
    if window is not None and window != 0 and not 2 <= window <= 64:
        raise ConfigError(f"ISSUE_WINDOW={window}: 0 (arrival-order issue) or 2 to 64 blocks")
    return params


def check_cores(config: Config, params: dict) -> None:
    """ConfigError when the engine refuses CORES=2 with this core (the RTL's elaboration check, early)."""
    if params.get("ENGINE_LANES"):
        p = config.params
        if (params["CORES"] != 2 or p.get("ARCH") != 1 or params["TDATA_WIDTH"] != 64 * p["MAX_NB"]
                or p["BLOCK_SIZES"] != 1 << (p["MAX_NB"] - 4) or params.get("ISSUE_WINDOW", 0) != 0):
            raise ConfigError(f"ENGINE_LANES=1 (rijndael_engine_lanes) is the two-pipeline engine: CORES=2, a pipelined "
                              f"core with one block length, a TDATA width of two blocks ({64 * p['MAX_NB']} bits) and "
                              f"arrival order (ISSUE_WINDOW=0); {config.name} with {params} is not that build")
    if params["CORES"] == 2 and config.params.get("ARCH") == 1 and params["TDATA_WIDTH"] < 64 * config.params["MAX_NB"]:
        raise ConfigError(f"CORES=2 with the pipelined core {config.name} needs a TDATA width of two blocks "
                          f"({64 * config.params['MAX_NB']} bits): it takes a block per clock already, so a second "
                          f"core only pays when a beat carries two (--tdata-width {64 * config.params['MAX_NB']})")


def build_root() -> Path:
    return Path(os.environ.get("RIJNDAEL_BUILD_DIR", configs.REPO_ROOT / "build")) / "engine"


def sources() -> list[Path]:
    return [*configs.rtl_files(), *(SYSTEM_DIR / name for name in SYSTEM_FILES)]


def _as_config(config: Config | str) -> Config:
    return configs.get(config) if isinstance(config, str) else config


def _build_key(config: Config, params: dict, files: Sequence[Path]) -> str:
    digest = hashlib.sha256()
    digest.update(_verilator_version().encode())
    digest.update(repr(VERILATOR_FLAGS).encode())
    digest.update(json.dumps({**config.verilog_params(), **params}, sort_keys=True).encode())
    for path in [HARNESS_SOURCE, *configs.include_files(), *files]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def binary_path(config: Config | str, params: dict) -> Path:
    config = _as_config(config)
    tag = f"{config.name}-w{params['TDATA_WIDTH']}-f{params['FIFO_DEPTH']}-c{params['CONTEXTS']}"
    if params["CORES"] != 1:
        tag += f"-x{params['CORES']}"
    if params.get("ENGINE_LANES"):
        tag += "-lanes"
    label = re.sub(r"[^A-Za-z0-9._-]+", "_", tag) + "-" + _build_key(config, params, sources())
    return build_root() / label / BINARY_NAME


def build(config: Config | str, params: dict | None = None) -> Path:
    """The engine harness binary for `config` and engine `params`, built only when its inputs changed."""
    config = _as_config(config)
    params = engine_params(**(params or {}))
    check_cores(config, params)
    binary = binary_path(config, params)
    if binary.exists():
        return binary
    final = binary.parent
    root, label = final.parent, final.name
    root.mkdir(parents=True, exist_ok=True)
    with _locked(root / f".{label}.lock"):
        if binary.exists():
            return binary
        scratch = Path(tempfile.mkdtemp(prefix=f".{label}.", dir=root))
        all_params = {**config.verilog_params(), **params}
        top = LANES_TOP if all_params.pop("ENGINE_LANES", 0) else TOP
        command = [VERILATOR, *VERILATOR_FLAGS, f"-I{configs.INCLUDE_DIR}", "--top-module", top,
                   "--prefix", f"V{TOP}", "-o", BINARY_NAME,
                   "-CFLAGS", f"-DENGINE_TDATA_WIDTH={params['TDATA_WIDTH']}",
                   *(f"-G{name}={value}" for name, value in all_params.items()),
                   *map(str, sources()), str(HARNESS_SOURCE), "-Mdir", str(scratch)]
        result = subprocess.run(command, capture_output=True, text=True)
        log = " ".join(command) + "\n\n" + result.stdout + result.stderr
        (scratch / "build.log").write_text(log)
        if result.returncode != 0 or not (scratch / BINARY_NAME).exists():
            failed_log = root / f"{label}.failed.log"
            failed_log.write_text(log)
            shutil.rmtree(scratch, ignore_errors=True)
            lines = (result.stdout + result.stderr).splitlines()
            errors = [line for line in lines if line.startswith("%Error") or " error:" in line] or lines[-5:]
            raise HarnessError(f"building the engine harness for {config.name} failed (log: {failed_log}):\n  "
                               + "\n  ".join(errors[:10]))
        if final.exists():
            shutil.rmtree(final, ignore_errors=True)
        os.rename(scratch, final)
    return binary


def config_word(mode: str, decrypt: bool, key_bits: int, block_bits: int = 128) -> int:
    f = regs.FIELDS["CONFIG"]
    return (f["MODE"].put(MODES[mode]) | f["DECRYPT"].put(int(decrypt)) | f["KEY_LEN"].put(key_bits // 32 - 4)
            | f["BLOCK_LEN"].put(block_bits // 32 - 4))


def needs_inverse(mode: str, decrypt: bool) -> bool:
    """ECB and CBC decryption run the inverse cipher; every other mode and direction the forward one."""
    return modes.get(mode).needs_inverse(decrypt)


def check_request(config: Config, mode: str, decrypt: bool, key_bits: int, block_bits: int = 128) -> None:
    """ValueError (ConfigError) when the engine on `config` cannot run this request."""
    if mode not in MODES:
        raise ConfigError(f"unknown mode '{mode}' (known: {', '.join(MODES)})")
    reason = config.supports(block_bits, key_bits, decrypt=needs_inverse(mode, decrypt))
    declared = modes.get(mode)
    if not reason and declared.block_bits_only and block_bits not in declared.block_bits_only:
        reason = f"{mode} is defined for a {declared.block_bits_only[0]}-bit block only"
    if not reason and declared.authenticated and key_bits not in (128, 192, 256):
        reason = f"{mode} takes AES keys (128, 192, 256 bits), not {key_bits} bits"
    if not reason and declared.authenticated and config.params.get("MAX_NB", 4) != 4:
        reason = f"the engine runs {mode} in AES builds only (MAX_NB = 4); {config.name} has MAX_NB = {config.params['MAX_NB']}"
    if reason:
        raise ConfigError(reason + (f" ({mode} {'decryption' if decrypt else 'encryption'} needs the "
                                    f"{'inverse' if needs_inverse(mode, decrypt) else 'forward'} cipher)"))


@dataclass
class GcmResult:
    data: bytes                 # ciphertext (encryption) or plaintext (decryption; only trust it when ok)
    tag: bytes                  # encryption: the tag; decryption: b""
    ok: bool                    # nothing flagged; for decryption: the tag matched
    flagged: tuple              # TUSER[0] per packet (IV, AAD if any, payload, tag)


def gcm_packets(ctx: int, iv: bytes, aad: bytes, data, tag_slot: bytes) -> list[tuple]:
    """The packets of one GCM message on context ctx (docs/registers.md, "GCM"): IV, AAD (none when
    empty), payload (bytes, or (in_path, out_path) for a file), tag (decryption: the received tag;
    encryption: TAG_LEN placeholder bytes)."""
    packets = [(ctx, bytes(iv))]
    if aad:
        packets.append((ctx, bytes(aad)))
    packets.append((ctx, *data) if isinstance(data, tuple) else (ctx, bytes(data)))
    packets.append((ctx, bytes(tag_slot)))
    return packets


@dataclass
class Result:
    data: bytes | None          # output bytes (None for a file message: see path)
    tid: int
    flagged: bool               # some output beat had TUSER[0] set
    path: Path | None = None


@dataclass
class RunResult:
    results: list
    stats: dict = field(default_factory=dict)


class EngineSim(HarnessProcess):
    """A running engine harness process. Use as a context manager.

    seed / in_stall / out_stall: random stalls of s_axis_tvalid (per beat) and m_axis_tready (per
    cycle); max_cycles: cycles without a stream handshake before the harness gives up (HarnessError).
    """
    _what = "engine harness"

    def __init__(self, config: Config | str = "iterative", *, tdata_width: int | None = None,
                 cores: int | None = None, params: dict | None = None, seed: int = 1, in_stall: float = 0.0, out_stall: float = 0.0,
                 max_cycles: int = 200_000, progress_bytes: int = 1 << 20):
        self.config = _as_config(config)
        self.params = engine_params(tdata_width, cores, **(params or {}))
        self.binary = build(self.config, self.params)
        self.lanes = self.params["TDATA_WIDTH"] // 8
        self._stderr = tempfile.TemporaryFile(mode="w+")
        command = [str(self.binary), "--seed", str(seed), "--in-stall", repr(float(in_stall)),
                   "--out-stall", repr(float(out_stall)), "--max-cycles", str(max_cycles),
                   "--progress", str(progress_bytes)]
        self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self._stderr, text=True, bufsize=1 << 16)
        self.block_bits: dict[int, int] = {}   # block length configured per context
        self.gcm_shape: dict[int, tuple] = {}  # (IV_LEN, TAG_LEN, AAD_LEN) written per context
        self.last_stats: dict = {}

    def _send(self, text: str) -> None:
        try:
            self._process.stdin.write(text)
            self._process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._died() from None

    def _line(self) -> str:
        line = self._process.stdout.readline()
        if not line:
            raise self._died()
        return line.rstrip("\n")

    # --- registers -----------------------------------------------------------------------------
    @staticmethod
    def address(reg: str, index: int = 0) -> int:
        return getattr(regs, reg) + 4 * index

    def write_raw(self, reg: str, value: int, index: int = 0) -> int:
        self._send(f"W {self.address(reg, index)} {value & 0xFFFFFFFF}\n")
        return int(self._line().split()[1])

    def read_raw(self, reg: str, index: int = 0) -> tuple[int, int]:
        self._send(f"R {self.address(reg, index)}\n")
        _, value, resp = self._line().split()
        return int(value), int(resp)

    def write(self, reg: str, value: int, index: int = 0) -> None:
        if self.write_raw(reg, value, index):
            raise RegisterError(f"write {reg}[{index}] = {value:#x}", self.read("ERROR"))

    def read(self, reg: str, index: int = 0) -> int:
        value, resp = self.read_raw(reg, index)
        if resp:
            raise RegisterError(f"read {reg}[{index}]")
        return value

    def writes(self, items: Sequence[tuple[str, int, int]]) -> None:
        """Several writes in one exchange (reg, value, index); raises on the first SLVERR."""
        self._send("".join(f"W {self.address(r, i)} {v & 0xFFFFFFFF}\n" for r, v, i in items))
        answers = [int(self._line().split()[1]) for _ in items]
        for (reg, value, index), resp in zip(items, answers):
            if resp:
                raise RegisterError(f"write {reg}[{index}] = {value:#x}", self.read("ERROR"))

    def build_info(self) -> dict:
        word = self.read("BUILD")
        return {name: f.get(word) for name, f in regs.FIELDS["BUILD"].items()}

    def configure(self, ctx: int, mode: str, key: bytes, iv: bytes | None = None, decrypt: bool = False,
                  block_bits: int = 128, start: bool = True) -> None:
        """Select ctx; write CONFIG, the key words, the IV words (if any) and START."""
        mode = mode.lower()
        check_request(self.config, mode, decrypt, 8 * len(key), block_bits)
        if modes.get(mode).authenticated:
            # GCM: the IV comes on the stream with each message (gcm_crypt); START computes H.
            items = [("CTX_SEL", ctx, 0), ("CONFIG", config_word(mode, decrypt, 8 * len(key), block_bits), 0)]
            items += [("KEY", int.from_bytes(key[4 * i:4 * i + 4], "big"), i) for i in range(len(key) // 4)]
            if start:
                items.append(("CTRL", regs.FIELDS["CTRL"]["START"].put(1), 0))
            self.writes(items)
            self.block_bits[ctx] = block_bits
            return
        if iv is not None and len(iv) * 8 != block_bits:
            raise ValueError(f"the IV is {len(iv) * 8} bits, the block {block_bits}")
        items = [("CTX_SEL", ctx, 0), ("CONFIG", config_word(mode, decrypt, 8 * len(key), block_bits), 0)]
        items += [("KEY", int.from_bytes(key[4 * i:4 * i + 4], "big"), i) for i in range(len(key) // 4)]
        if iv is not None:
            items += [("IV", int.from_bytes(iv[4 * i:4 * i + 4], "big"), i) for i in range(len(iv) // 4)]
        if start:
            items.append(("CTRL", regs.FIELDS["CTRL"]["START"].put(1), 0))
        self.writes(items)
        self.block_bits[ctx] = block_bits

    def gcm_lengths(self, ctx: int, iv_len: int, tag_bytes: int, aad_len: int) -> None:
        """GCM.IV_LEN / TAG_LEN and AAD_LEN of ctx (written only when they change; the context must be idle)."""
        shape = (iv_len, tag_bytes, aad_len)
        if self.gcm_shape.get(ctx) != shape:
            f = regs.FIELDS["GCM"]
            self.gcm_shape.pop(ctx, None)
            self.writes([("CTX_SEL", ctx, 0), ("GCM", f["IV_LEN"].put(iv_len) | f["TAG_LEN"].put(tag_bytes), 0),
                         ("AAD_LEN", aad_len, 0)])
            self.gcm_shape[ctx] = shape

    def gcm_run(self, requests: Sequence[tuple], interleave: bool = True, quiet: bool = True) -> list[GcmResult]:
        """Several GCM messages in one stream: each request is (ctx, iv, data, aad, tag) with tag None to
        encrypt (tag_bytes from the context's shape) or the received tag to decrypt. Requests of one context
        must share its (IV, tag, AAD) lengths, written first. Messages of different contexts interleave."""
        packets, counts = [], []
        for ctx, iv, data, aad, tag in requests:
            shape = self.gcm_shape[ctx]
            if (len(iv), len(aad)) != (shape[0], shape[2]) or (tag is not None and len(tag) != shape[1]):
                raise ValueError(f"context {ctx} is set up for IV/tag/AAD lengths {shape}")
            p = gcm_packets(ctx, iv, aad, data, bytes(shape[1]) if tag is None else tag)
            packets += p
            counts.append(len(p))
        results = self.run(packets, interleave=interleave, quiet=quiet).results
        # Results come per packet in stream order within a context; regroup them per request.
        by_ctx: dict[int, list] = {}
        for r in results:
            by_ctx.setdefault(r.tid, []).append(r)
        out = []
        for (ctx, iv, data, aad, tag), n in zip(requests, counts):
            parts, by_ctx[ctx] = by_ctx[ctx][:n], by_ctx[ctx][n:]
            flagged = tuple(p.flagged for p in parts)
            out.append(GcmResult(parts[-2].data, b"" if tag is not None else parts[-1].data, not any(flagged),
                                 flagged))
        return out

    def gcm_crypt(self, ctx: int, iv: bytes, data: bytes, aad: bytes = b"", tag: bytes | None = None,
                  tag_bytes: int = 16) -> GcmResult:
        """One GCM message on ctx (configured for gcm, encrypt or decrypt): sets its lengths, streams it."""
        self.gcm_lengths(ctx, len(iv), len(tag) if tag is not None else tag_bytes, len(aad))
        return self.gcm_run([(ctx, iv, data, aad, tag)], interleave=False)[0]

    def reset(self) -> int:
        self._send("Z\n")
        self.block_bits.clear()
        self.gcm_shape.clear()
        return int(self._line().split()[1])

    def clear(self) -> None:
        """CTRL.CLEAR, then wait for the FIFO wipe."""
        self.write("CTRL", regs.FIELDS["CTRL"]["CLEAR"].put(1))
        for _ in range(1000):
            if not regs.FIELDS["STATUS"]["WIPING"].get(self.read("STATUS")):
                break
            self.idle(16)
        self.block_bits.clear()
        self.gcm_shape.clear()

    def idle(self, cycles: int) -> None:
        self._send(f"C {cycles}\n")
        self._line()

    # --- streams -------------------------------------------------------------------------------
    def chunk(self, ctx: int) -> int:
        """Interleaving unit of a context's messages: whole beats and whole blocks."""
        block = self.block_bits.get(ctx, 128) // 8
        return block * self.lanes // math.gcd(block, self.lanes)

    def run(self, messages: Sequence[tuple], interleave: bool = True, quiet: bool = False,
            progress: Callable[[int, int, int], None] | None = None) -> RunResult:
        """Stream messages; each is (ctx, data) or (ctx, in_path, out_path). Messages of different
        contexts interleave chunk by chunk (interleave=False: one whole message after another)."""
        lines = []
        for message in messages:
            ctx = message[0]
            unit = self.chunk(ctx) if interleave else 0
            if len(message) == 2:
                data = bytes(message[1])
                lines.append(f"M {ctx} {unit} {data.hex() or '-'}\n")
            else:
                in_path, out_path = Path(message[1]).resolve(), Path(message[2]).resolve()
                if any(c.isspace() for c in str(in_path) + str(out_path)):
                    raise ValueError("file paths with spaces cannot go to the harness")
                lines.append(f"F {ctx} {unit} {in_path} {out_path}\n")
        lines.append("X q\n" if quiet else "X\n")
        # A writer thread: a long batch could fill both pipes otherwise.
        writer = threading.Thread(target=self._send_quietly, args=("".join(lines),), daemon=True)
        writer.start()
        results = []
        while True:
            line = self._line()
            if line.startswith("P "):
                if progress:
                    progress(*map(int, line.split()[1:4]))
            elif line.startswith("O "):
                _, _, tid, flagged, payload = line.split(" ", 4)
                if payload.startswith("@"):
                    results.append(Result(None, int(tid), flagged == "1", Path(payload[1:])))
                else:
                    results.append(Result(b"" if payload == "-" else bytes.fromhex(payload), int(tid),
                                          flagged == "1"))
            elif line == "# done":
                stats = {}
                break
            elif line.startswith("# stats "):
                stats = json.loads(line[len("# stats "):])
                break
            else:
                raise HarnessError(f"unexpected harness answer {line[:80]!r}")
        writer.join()
        self.last_stats = stats
        return RunResult(results, stats)

    def mct_loop(self, ctx: int, count: int, first: bytes, second: bytes | None) -> tuple[bytes, bytes]:
        """The AESAVS Monte Carlo inner loop in the harness: `count` one-block messages on ctx, the
        first = `first`; then each message is the previous output (second None: ECB) or the output
        before it, `second` (the IV) coming first. Returns the last two outputs."""
        lag = 1 if second is None else 2
        self._send(f"L {ctx} {count} {lag} {first.hex() or '-'} {(second or b'').hex() or '-'}\n")
        _, before_last, last = self._line().split()
        return bytes.fromhex(before_last.replace("-", "")), bytes.fromhex(last.replace("-", ""))

    def _send_quietly(self, text: str) -> None:
        try:
            self._process.stdin.write(text)
            self._process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # the reader sees the process end and reports its stderr

    def crypt(self, ctx: int, data: bytes) -> tuple[bytes, bool]:
        result = self.run([(ctx, data)], quiet=True).results[0]
        return result.data, result.flagged

    def crypt_file(self, ctx: int, in_path, out_path, progress=None) -> RunResult:
        return self.run([(ctx, in_path, out_path)], progress=progress)


# ---------------------------------------------------------------------------------------------
# Whole files: `rijndael encrypt|decrypt`
# ---------------------------------------------------------------------------------------------
def parse_hex_arg(what: str, text: str) -> bytes:
    text = text.strip().lower().removeprefix("0x")
    if not re.fullmatch(r"[0-9a-f]*", text) or len(text) % 2:
        raise ValueError(f"{what} '{text}' is not an even number of hex digits")
    return bytes.fromhex(text)


def check_file_request(config: Config, mode: str, decrypt: bool, key: bytes, iv: bytes | None,
                       size: int, block_bits: int = 128, aad: bytes | None = None, tag_bits: int | None = None) -> None:
    """Everything a file request can get wrong, as one ValueError, before any simulation."""
    if len(key) * 8 not in (128, 160, 192, 224, 256):
        raise ValueError(f"a key of {len(key) * 8} bits: Rijndael keys are 128, 160, 192, 224 or 256 bits")
    check_request(config, mode, decrypt, len(key) * 8, block_bits)
    declared = modes.get(mode)
    if declared.authenticated:
        from .model import GCM_TAG_BYTES
        if iv is None or not 1 <= len(iv) <= 0xFFFF:
            raise ValueError(f"{mode} needs --iv of 1..65535 bytes (12 bytes = 96 bits recommended)"
                             + (f", got {len(iv)} bytes" if iv is not None else ""))
        bits = 128 if tag_bits is None else tag_bits
        if bits % 8 or bits // 8 not in GCM_TAG_BYTES:
            raise ValueError(f"--tag-bits {bits}: {mode} tags are 32..128 bits in multiples of 8")
        if aad is not None and len(aad) > 0xFFFFFFFF:
            raise ValueError(f"AAD of {len(aad)} bytes: the engine takes up to 2^32 - 1")
        return
    if aad is not None or tag_bits is not None:
        raise ValueError(f"{mode} is not authenticated: --aad / --aad-file / --tag-bits are for gcm")
    block = block_bits // 8
    if not modes.get(mode).needs_iv and iv is not None:
        raise ValueError(f"{mode} takes no --iv")
    if modes.get(mode).needs_iv and (iv is None or len(iv) != block):
        raise ValueError(f"{mode} needs --iv of {block} bytes ({2 * block} hex digits)"
                         + (f", got {len(iv)} bytes" if iv is not None else ""))
    if mode in WHOLE_BLOCK_MODES and size % block:
        raise ValueError(f"{mode} processes whole {block}-byte blocks and the input is {size} bytes "
                         f"({size % block} bytes over a whole number of blocks); no padding is added: pad the "
                         "file yourself or use cfb128, ofb or ctr")


class AuthenticationFailed(Exception):
    """GCM decryption through the engine: the tag did not match (no output was written)."""


def _gcm_file(sim: "EngineSim", decrypt: bool, key: bytes, iv: bytes, aad: bytes, tag_bytes: int,
              source: Path, target: Path, tmp: Path, progress) -> tuple[RunResult, int]:
    """One GCM message whose payload is a file: encryption writes ciphertext || tag to target; decryption
    reads ciphertext || tag and writes the plaintext to target (the caller keeps it only when the tag
    matched). Returns the run and the payload bytes."""
    size = source.stat().st_size
    tag = b""
    payload = source
    if decrypt:
        if size < tag_bytes:
            raise AuthenticationFailed(f"authentication failed: the input ({size} bytes) is shorter than the "
                                       f"{tag_bytes}-byte tag")
        # The engine takes the ciphertext and the tag as separate packets: split the file (streamed copy).
        payload = tmp / "ciphertext.bin"
        with open(source, "rb") as src, open(payload, "wb") as dst:
            left = size - tag_bytes
            while left:
                chunk = src.read(min(left, 1 << 20))
                dst.write(chunk)
                left -= len(chunk)
            tag = src.read()
    sim.configure(0, "gcm", key, decrypt=decrypt)
    sim.gcm_lengths(0, len(iv), tag_bytes, len(aad))
    packets = gcm_packets(0, iv, aad, (payload, target), tag if decrypt else bytes(tag_bytes))
    run = sim.run(packets, interleave=False, progress=(lambda i, o, c: progress(o)) if progress else None)
    flagged = [r.flagged for r in run.results]
    error_bits = sim.read("ERROR")
    auth = regs.ERROR_BITS.get("AUTH", 0)
    if decrypt and (run.results[-1].flagged or error_bits & auth):
        raise AuthenticationFailed("authentication failed: the tag does not match (no output written)")
    if any(flagged) or error_bits:
        names = [n for n, m in regs.ERROR_BITS.items() if error_bits & m]
        raise HarnessError(f"the engine flagged the output (TUSER[0]); ERROR = {', '.join(names) or 'none'}")
    if not decrypt:
        with open(target, "ab") as out:
            out.write(run.results[-1].data)
    return run, size - tag_bytes if decrypt else size


def crypt_file(config: Config | str, mode: str, decrypt: bool, key: bytes, iv: bytes | None, in_path, out_path,
               *, block_bits: int = 128, tdata_width: int | None = None, params: dict | None = None,
               seed: int = 1, stall: float = 0.0, progress: Callable[[int], None] | None = None,
               aad: bytes | None = None, tag_bits: int | None = None) -> dict:
    """Stream the file in_path through the simulated engine into out_path; returns a summary dict.

    The output is written next to out_path first and renamed into place, so out_path may be in_path
    and an interrupted run leaves no half-written file. progress(bytes_done) is called as output arrives.
    GCM (aad, tag_bits): encryption writes the ciphertext followed by the tag; decryption reads the
    ciphertext followed by the tag and writes the plaintext only when the tag matches (otherwise
    AuthenticationFailed, and no output file).
    """
    config = _as_config(config)
    in_path, out_path = Path(in_path), Path(out_path)
    size = in_path.stat().st_size
    check_file_request(config, mode, decrypt, key, iv, size, block_bits, aad, tag_bits)
    gcm = modes.get(mode).authenticated
    out_dir = out_path.resolve().parent
    handle, scratch = tempfile.mkstemp(prefix=f".{out_path.name}.", dir=out_dir)
    os.close(handle)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            # The harness reads paths without spaces: give it a link when the name has one.
            source = in_path.resolve()
            if any(c.isspace() for c in str(source)):
                source = Path(tmp) / "in.bin"
                shutil.copyfile(in_path, source)
            target = Path(scratch)
            if any(c.isspace() for c in str(target)):
                target = Path(tmp) / "out.bin"
            with EngineSim(config, tdata_width=tdata_width, params=params, seed=seed, in_stall=stall,
                           out_stall=stall, progress_bytes=256 << 10) as sim:
                if gcm:
                    tag_bytes = (128 if tag_bits is None else tag_bits) // 8
                    run, payload = _gcm_file(sim, decrypt, key, iv, aad or b"", tag_bytes, source, target,
                                             Path(tmp), progress)
                    error_bits, result = 0, None
                    expected = payload if decrypt else payload + tag_bytes
                else:
                    sim.configure(0, mode, key, iv, decrypt=decrypt, block_bits=block_bits)
                    run = sim.crypt_file(0, source, target,
                                         progress=(lambda i, o, c: progress(o)) if progress else None)
                    error_bits = sim.read("ERROR")
                    result, expected = run.results[0], size
            if target != Path(scratch):
                shutil.move(str(target), scratch)
        if result is not None and (result.flagged or error_bits):
            names = [n for n, m in regs.ERROR_BITS.items() if error_bits & m]
            raise HarnessError(f"the engine flagged the output (TUSER[0]); ERROR = {', '.join(names) or 'none'}")
        written = Path(scratch).stat().st_size
        if written != expected:
            raise HarnessError(f"the engine returned {written} bytes for {expected}")
        os.replace(scratch, out_path)
    finally:
        if os.path.exists(scratch):
            os.unlink(scratch)
    stats = run.stats
    cycles = stats["active_cycles"]
    return {"config": config.name, "params": {**config.verilog_params(), **sim.params}, "mode": mode,
            "direction": "decrypt" if decrypt else "encrypt", "bytes": size,
            "blocks": -(-size // (block_bits // 8)), "cycles": cycles,
            "bits_per_cycle": round(8 * size / cycles, 4) if cycles else None,
            "sim_wall_seconds": round(stats["wall_seconds"], 3),
            "sim_cycles_per_second": round(stats["cycles_per_second"])}
