"""Build the Verilator batch harness (harness/harness.cpp) for a configuration and drive it.

One `Harness` is one simulation process: the core keeps its key between calls, exactly like hardware.
Calls are sent as batches ("." ends a batch, see the protocol in harness/harness.cpp), so a list of
blocks streams through the core at full rate, while `block_fn` (one block per batch) serves the
Monte Carlo tests that need every result before they can form the next block.

Builds are cached under build/harness/<label>-<hash>, the hash covering everything that goes into the
binary (RTL text, harness source, parameters, Verilator version and flags); a build happens in a
temporary directory that is renamed into place, under a file lock, so parallel pytest workers never
run a half-built binary nor build the same thing twice.
"""
from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from . import configs
from .configs import Config

HARNESS_SOURCE = configs.REPO_ROOT / "harness" / "harness.cpp"
BINARY_NAME = "harness"
VERILATOR = os.environ.get("RIJNDAEL_VERILATOR", "verilator")
# -O2 roughly doubles simulation speed over Verilator's default -Os at no cost in build time.
VERILATOR_FLAGS = ("--cc", "--exe", "--build", "-j", "2", "-Wno-fatal",
                   "-MAKEFLAGS", "OPT_FAST=-O2 OPT_SLOW=-O0 OPT_GLOBAL=-O2")
VALID_BITS = (128, 160, 192, 224, 256)


def result_group(config: Config) -> int:
    """Results per round trip of a core's blocks in flight, the span the harness takes its steady interval
    over: results of the iterative family come in runs of s*k (k = ROUNDS_PER_CYCLE round units of s stages
    each: s = 3 in T-box builds, which register the combine, else 2), the folded core's in pairs; every other
    core's are evenly spaced, where any span gives the gap."""
    if config.params["ARCH"] != 0:
        return 2
    return config.round_stages * config.params["ROUNDS_PER_CYCLE"]


class HarnessError(RuntimeError):
    """The harness could not be built, or the simulation stopped (core hung, protocol error)."""


def build_root() -> Path:
    return Path(os.environ.get("RIJNDAEL_BUILD_DIR", configs.REPO_ROOT / "build")) / "harness"


def _as_config(config: Config | str) -> Config:
    return configs.get(config) if isinstance(config, str) else config


@functools.lru_cache(maxsize=None)
def _verilator_version() -> str:
    try:
        result = subprocess.run([VERILATOR, "--version"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        raise HarnessError(f"cannot run '{VERILATOR}' ({error}); install Verilator (make deps)") from None
    return result.stdout.strip()


def _build_key(config: Config, sources: Sequence[Path]) -> str:
    digest = hashlib.sha256()
    digest.update(_verilator_version().encode())
    digest.update(repr(VERILATOR_FLAGS).encode())
    digest.update(json.dumps(config.verilog_params(), sort_keys=True).encode())
    for path in [HARNESS_SOURCE, *configs.include_files(), *sources]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


@contextmanager
def _locked(path: Path):
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _sources(sources: Sequence[Path] | None) -> list[Path]:
    sources = [Path(p) for p in (sources if sources is not None else configs.rtl_files())]
    if not any(p.name == f"{configs.TOP}.sv" for p in sources):
        raise HarnessError(f"no {configs.TOP}.sv among the RTL sources (looked in {configs.RTL_DIR})")
    return sources


def binary_path(config: Config | str, sources: Sequence[Path] | None = None) -> Path:
    """Where the harness binary for `config` and these sources lives (it may not be built yet)."""
    config = _as_config(config)
    prefix = config.name if sources is None else "custom_" + config.name  # stand-ins stay recognisable
    label = re.sub(r"[^A-Za-z0-9._-]+", "_", prefix) + "-" + _build_key(config, _sources(sources))
    return build_root() / label / BINARY_NAME


def build(config: Config | str, sources: Sequence[Path] | None = None) -> Path:
    """The harness binary for `config`, built only when its inputs changed. Returns its path."""
    config = _as_config(config)
    binary = binary_path(config, sources)
    if binary.exists():
        return binary
    sources = _sources(sources)
    final = binary.parent
    root, label = final.parent, final.name
    root.mkdir(parents=True, exist_ok=True)
    with _locked(root / f".{label}.lock"):
        if binary.exists():  # another process built it while we waited
            return binary
        scratch = Path(tempfile.mkdtemp(prefix=f".{label}.", dir=root))
        command = [VERILATOR, *VERILATOR_FLAGS, f"-I{configs.INCLUDE_DIR}", "--top-module", configs.TOP, "-o", BINARY_NAME,
                   *(f"-G{name}={value}" for name, value in config.verilog_params().items()),
                   *map(str, sources), str(HARNESS_SOURCE), "-Mdir", str(scratch)]
        result = subprocess.run(command, capture_output=True, text=True)
        log = " ".join(command) + "\n\n" + result.stdout + result.stderr
        (scratch / "build.log").write_text(log)
        if result.returncode != 0 or not (scratch / BINARY_NAME).exists():
            failed_log = root / f"{label}.failed.log"  # kept for reading; the scratch tree goes
            failed_log.write_text(log)
            shutil.rmtree(scratch, ignore_errors=True)
            lines = (result.stdout + result.stderr).splitlines()
            errors = [line for line in lines if line.startswith("%Error") or " error:" in line] or lines[-5:]
            raise HarnessError(f"building the harness for {config.name} failed (log: {failed_log}):\n  "
                               + "\n  ".join(errors[:10]))
        if final.exists():  # leftover without a binary (interrupted by hand): replace it
            shutil.rmtree(final, ignore_errors=True)
        os.rename(scratch, final)  # atomic: others see no directory or a complete one
    return binary


@dataclass
class RunResult:
    """Results of one batch (bytes per block beat, None where the core answered ERR) and its statistics."""
    results: list
    stats: dict = field(default_factory=dict)


def _check_bits(what: str, bits: int) -> None:
    if bits not in VALID_BITS:
        raise ValueError(f"{what} of {bits} bits: Rijndael needs 128, 160, 192, 224 or 256")


class HarnessProcess:
    """Lifetime of a harness subprocess (core or engine): context manager, orderly close, error on death.

    Subclasses start `self._process` (stdin/stdout pipes) with stderr going to `self._stderr`."""
    _process: subprocess.Popen
    _stderr: "tempfile._TemporaryFileWrapper"
    _what = "harness"

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self._process.poll() is None:
            try:
                self._process.stdin.close()
                self._process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait()
        self._process.stdout.close()
        self._stderr.close()

    def _died(self) -> HarnessError:
        self._process.wait()
        self._stderr.seek(0)
        message = self._stderr.read().strip() or f"{self._what} exited with status {self._process.returncode}"
        return HarnessError(message)


class Harness(HarnessProcess):
    """A running harness process for one configuration. Use as a context manager.

    seed / in_stall / out_stall: random stalls of in_valid (before a beat is offered) and out_ready
    (per cycle) with these probabilities; max_cycles: cycles without any handshake before the harness
    gives up (it then exits and the call raises HarnessError instead of hanging).
    """

    def __init__(self, config: Config | str = "iterative", *, seed: int = 1, in_stall: float = 0.0,
                 out_stall: float = 0.0, max_cycles: int = 100_000, sources: Sequence[Path] | None = None):
        self.config = _as_config(config)
        self.binary = build(self.config, sources)
        self._stderr = tempfile.TemporaryFile(mode="w+")
        command = [str(self.binary), "--seed", str(seed), "--in-stall", repr(float(in_stall)),
                   "--out-stall", repr(float(out_stall)), "--max-cycles", str(max_cycles),
                   "--result-group", str(result_group(self.config))]
        self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=self._stderr, text=True)  # flushed per batch: one write
        self._key: tuple[bytes, int] | None = None  # what the core holds (as far as we sent it)
        self._block_bits: int | None = None
        self.last_stats: dict = {}

    # --- requests ------------------------------------------------------------------------------
    def load_key(self, key: bytes, block_bits: int = 128) -> None:
        """Send a key beat now; it sets the block length for the blocks after it."""
        self.run([("K", key, block_bits)])

    def encrypt(self, blocks: Iterable[bytes]) -> list:
        return self.run([("E", block) for block in blocks]).results

    def decrypt(self, blocks: Iterable[bytes]) -> list:
        return self.run([("D", block) for block in blocks]).results

    def block_fn(self, key: bytes, block: bytes, decrypt: bool) -> bytes:
        """One block with `key`, for rijndael_hw.cavp.mct; the key beat goes out only when the key changes."""
        if self._key != (bytes(key), len(block) * 8):
            self.load_key(key, len(block) * 8)
        result = self.run([("D" if decrypt else "E", block)]).results[0]
        if result is None:
            raise HarnessError(f"the core refused a {len(block) * 8}-bit block with a {len(key) * 8}-bit key")
        return result

    def run(self, commands: Iterable[tuple]) -> RunResult:
        """Stream commands at full rate: ("K", key, block_bits), ("E", block) or ("D", block)."""
        lines, block_count = [], 0
        block_bits, key = self._block_bits, self._key
        for command in commands:
            op = command[0]
            if op == "K":
                _, key_bytes, bits = command
                _check_bits("a key", len(key_bytes) * 8)
                _check_bits("a block", bits)
                lines.append(f"K {len(key_bytes) * 8} {bits} {bytes(key_bytes).hex()}")
                block_bits, key = bits, (bytes(key_bytes), bits)
            elif op in ("E", "D"):
                block = command[1]
                expected = block_bits or len(block) * 8  # before any key the core refuses anyway
                if len(block) * 8 != expected:
                    raise ValueError(f"block of {len(block) * 8} bits, but the key was loaded for {expected}-bit blocks")
                _check_bits("a block", len(block) * 8)
                lines.append(f"{op} {bytes(block).hex()}")
                block_count += 1
            else:
                raise ValueError(f"unknown harness command {op!r} (K, E or D)")
        lines.append(".")
        try:
            self._process.stdin.write("\n".join(lines) + "\n")
            self._process.stdin.flush()
            answers = [self._process.stdout.readline() for _ in range(block_count + 1)]
        except (BrokenPipeError, OSError):
            raise self._died() from None
        if not answers[-1].startswith("# stats "):
            raise self._died()
        self._key, self._block_bits = key, block_bits
        self.last_stats = json.loads(answers[-1][len("# stats "):])
        results = [None if line.strip() == "ERR" else bytes.fromhex(line.strip()) for line in answers[:-1]]
        return RunResult(results, self.last_stats)
