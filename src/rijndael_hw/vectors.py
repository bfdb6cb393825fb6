"""Check vector files (NIST CAVP .rsp, JSON lines) against the simulated RTL: `rijndael vectors`.

Records are the dicts of rijndael_hw.cavp (kind, mode, direction, count, key, iv, plaintext,
ciphertext, key_bits, block_bits). Records that need no feedback go through the core in one batch per
file (full rate); Monte Carlo (MCT) records run cavp.mct with the harness as its block function.
Only ECB runs on the bare core: other modes need the system wrapper and are reported as skipped.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import cavp
from .configs import Config
from .sim import Harness, HarnessError

VALID_BYTES = (16, 20, 24, 28, 32)


@dataclass
class FileReport:
    path: Path
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    reasons: list = field(default_factory=list)   # why records were skipped, each once
    failures: list = field(default_factory=list)  # one line per failed record (for --verbose)

    @property
    def status(self) -> str:
        if self.failed:
            return "FAIL"
        return "SKIP" if not self.passed and self.skipped else "PASS"

    def skip(self, count: int, reason: str) -> None:
        self.skipped += count
        if reason not in self.reasons:
            self.reasons.append(reason)

    def line(self) -> str:
        text = f"{self.status} {self.path}: {self.passed} passed, {self.failed} failed"
        if self.skipped:
            text += f", {self.skipped} skipped ({'; '.join(self.reasons)})"
        return text


def load(path: Path) -> list[dict]:
    """Records of one file, checked for sizes the core could never take (ValueError names the record)."""
    path = Path(path)
    path.stat()  # a missing or unreadable file is reported as such, before its name is judged
    records = cavp.read_jsonl(path) if path.suffix in (".jsonl", ".json") else cavp.parse_rsp(path)
    for record in records:
        _check_record(path, record)
    return records


def _check_record(path: Path, record: dict) -> None:
    where = f"{path}: record {record.get('count', '?')} ({record.get('direction', '?')})"
    key, block_bits = record.get("key"), record.get("block_bits", 128)
    if not isinstance(key, (bytes, bytearray)) or len(key) not in VALID_BYTES:
        raise ValueError(f"{where}: a key is 16, 20, 24, 28 or 32 bytes")
    if block_bits not in (8 * n for n in VALID_BYTES):
        raise ValueError(f"{where}: block size {block_bits} bits is not a Rijndael block size")
    texts = [record.get(name) for name in ("plaintext", "ciphertext")]
    if any(not isinstance(t, (bytes, bytearray)) for t in texts):
        raise ValueError(f"{where}: needs both plaintext and ciphertext")
    if len(texts[0]) != len(texts[1]):
        raise ValueError(f"{where}: plaintext and ciphertext lengths differ")
    if record.get("mode", "ecb").lower() == "ecb" and (not texts[0] or len(texts[0]) % (block_bits // 8)):
        raise ValueError(f"{where}: text is not a whole number of {block_bits}-bit blocks")


def _mode_reason(record: dict) -> str | None:
    mode = record.get("mode", "ecb").lower()
    return None if mode == "ecb" else f"mode {mode} needs the system wrapper (not built yet)"


def _directions(record: dict, config: Config) -> tuple[list[bool], str | None]:
    """Directions (decrypt flags) to check and, when there are none, the reason."""
    wanted = {"encrypt": [False], "decrypt": [True]}.get(record["direction"], [False, True])
    sizes = (record.get("block_bits", 128), len(record["key"]) * 8)
    usable = [d for d in wanted if config.supports(*sizes, decrypt=d) is None]
    return usable, None if usable else config.supports(*sizes, decrypt=wanted[0])


def _split(data: bytes, size: int) -> list[bytes]:
    return [bytes(data[i:i + size]) for i in range(0, len(data), size)]


class VectorRunner:
    """Runs files through one harness process (started on first need, restarted after a crash)."""

    def __init__(self, config: Config, harness_options: dict | None = None):
        self.config = config
        self.harness_options = harness_options or {}
        self._harness: Harness | None = None

    def __enter__(self) -> "VectorRunner":
        return self

    def __exit__(self, *exc) -> None:
        self._drop()

    def _get(self) -> Harness:
        if self._harness is None:
            self._harness = Harness(self.config, **self.harness_options)
        return self._harness

    def _drop(self) -> None:
        if self._harness is not None:
            self._harness.close()
            self._harness = None

    def check_file(self, path: Path) -> FileReport:
        records = load(path)
        report = FileReport(Path(path))
        batch, mct = [], []
        for record in records:
            reason = _mode_reason(record)
            directions, size_reason = _directions(record, self.config)
            if reason or size_reason:
                report.skip(1, reason or size_reason)
            elif record.get("kind", "").upper() == "MCT":
                mct.append(record)
            else:
                batch.append((record, directions))
        try:
            self._run_batch(batch, report)
            for group in _mct_groups(mct):
                self._run_mct(group, report)
        except HarnessError as error:
            done = report.passed + report.failed + report.skipped
            report.failed += len(records) - done
            report.failures.append(f"simulation stopped: {error}")
            self._drop()
        return report

    def _run_batch(self, batch: list, report: FileReport) -> None:
        commands, checks = [], []  # checks: (record number, decrypt, expected output blocks), in order
        current = None
        for number, (record, directions) in enumerate(batch):
            size = record.get("block_bits", 128) // 8
            if current != (bytes(record["key"]), size):  # key beats only where the key changes
                commands.append(("K", record["key"], size * 8))
                current = (bytes(record["key"]), size)
            for decrypt in directions:
                source, target = ("ciphertext", "plaintext") if decrypt else ("plaintext", "ciphertext")
                commands += [("D" if decrypt else "E", block) for block in _split(record[source], size)]
                checks.append((number, decrypt, _split(record[target], size)))
        if not commands:
            return
        results = iter(self._get().run(commands).results)
        record_ok = [True] * len(batch)
        for number, decrypt, want in checks:
            got = [next(results) for _ in want]
            if got != want:
                record_ok[number] = False
                record = batch[number][0]
                shown = " ".join("ERR" if g is None else g.hex() for g in got)
                report.failures.append(f"{record.get('kind', '')} count {record.get('count')} "
                                       f"{'decrypt' if decrypt else 'encrypt'}: got {shown}, "
                                       f"expected {b''.join(want).hex()}")
        report.passed += sum(record_ok)
        report.failed += len(record_ok) - sum(record_ok)

    def _run_mct(self, group: list[dict], report: FileReport) -> None:
        first = group[0]
        decrypt = first["direction"] == "decrypt"
        text = first["ciphertext"] if decrypt else first["plaintext"]
        outputs = cavp.mct(first.get("mode", "ecb").lower(), first["direction"], first["key"], first.get("iv"),
                           text, self._get().block_fn)
        for record, got in zip(group, outputs):
            fields = [name for name in ("key", "iv", "plaintext", "ciphertext") if record.get(name) is not None]
            wrong = [name for name in fields if bytes(got.get(name) or b"") != bytes(record[name])]
            if wrong:
                report.failed += 1
                report.failures.append(f"MCT count {record.get('count')} {first['direction']}: {', '.join(wrong)} differ")
            else:
                report.passed += 1
        missing = len(group) - min(len(group), len(outputs))
        if missing:
            report.failed += missing
            report.failures.append(f"MCT {first['direction']}: only {len(outputs)} results for {len(group)} records")


def _mct_groups(records: list[dict]) -> list[list[dict]]:
    """MCT records split into runs: a run starts at COUNT = 0 (or when the direction changes)."""
    groups: list[list[dict]] = []
    for record in records:
        if not groups or record.get("count") == 0 or record["direction"] != groups[-1][0]["direction"]:
            groups.append([])
        groups[-1].append(record)
    return groups
