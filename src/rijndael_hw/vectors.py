"""Check vector files (NIST CAVP .rsp, JSON lines) against the simulated RTL: `rijndael vectors`.

Records are the dicts of rijndael_hw.cavp (kind, mode, direction, count, key, iv, plaintext,
ciphertext, key_bits, block_bits). Records that need no feedback go through the core in one batch per
file (full rate); Monte Carlo (MCT) records run cavp.mct with the harness as its block function.
Only ECB runs on the bare core: other modes need the system wrapper and are reported as skipped.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import cavp, gcm_vectors, modes
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
    if gcm_vectors.is_gcm_rsp(path):
        return gcm_vectors.parse_gcm_rsp(path)
    if gcm_vectors.is_wycheproof_gcm(path):
        return gcm_vectors.read_wycheproof_gcm(path)
    records = cavp.read_jsonl(path) if path.suffix in (".jsonl", ".json") else cavp.parse_rsp(path)
    for record in records:
        if record.get("mode") != "gcm":   # GCM lines are checked by cavp.read_jsonl
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


# ---------------------------------------------------------------------------------------------
# Through the engine (rtl/system): every mode, `rijndael vectors --engine`
# ---------------------------------------------------------------------------------------------
#: NIST SP 800-38A (Dworkin, 2001), Appendix F.5 "CTR Example Vectors": F.5.1/F.5.2 CTR-AES128,
#: F.5.3/F.5.4 CTR-AES192, F.5.5/F.5.6 CTR-AES256 (Encrypt / Decrypt use the same values). The
#: initial counter block f0f1...feff carries out of its last two bytes in the second block.
SP800_38A_SOURCE = "NIST SP 800-38A (2001), Appendix F.5, CTR example vectors F.5.1-F.5.6"
SP800_38A_COUNTER = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
SP800_38A_PLAINTEXT = ("6bc1bee22e409f96e93d7e117393172a" "ae2d8a571e03ac9c9eb76fac45af8e51"
                       "30c81c46a35ce411e5fbc1191a0a52ef" "f69f2445df4f9b17ad2b417be66c3710")
SP800_38A_CTR = {
    128: ("2b7e151628aed2a6abf7158809cf4f3c",
          "874d6191b620e3261bef6864990db6ce" "9806f66b7970fdff8617187bb9fffdff"
          "5ae4df3edbd5d35e5b4f09020db03eab" "1e031dda2fbe03d1792170a0f3009cee"),
    192: ("8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
          "1abc932417521ca24f2b0459fe7e6e0b" "090339ec0aa6faefd5ccc2c6f4ce8e94"
          "1e36b26bd1ebc670d1bd1d665620abf7" "4f78a7f6d29809585a97daec58c6b050"),
    256: ("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
          "601ec313775789a5b7a7f504bbf3d228" "f443e3ca4d62b59aca84e990cacaf5c5"
          "2b0930daa23de94ce87017ba2d84988d" "dfc9c58db67aada613c2dd08457941a6"),
}
SP800_38A_NAME = "sp800-38a-ctr"   # the name `rijndael vectors` accepts in place of a file
ENGINE_MODES = modes.ENGINE_NAMES


def sp800_38a_ctr_records() -> list[dict]:
    records = []
    for number, (bits, (key, ciphertext)) in enumerate(SP800_38A_CTR.items()):
        for direction in ("encrypt", "decrypt"):
            records.append({"kind": "KAT", "test": "SP800-38A", "mode": "ctr", "direction": direction,
                            "count": 2 * number + (direction == "decrypt"), "key": bytes.fromhex(key),
                            "iv": bytes.fromhex(SP800_38A_COUNTER),
                            "plaintext": bytes.fromhex(SP800_38A_PLAINTEXT),
                            "ciphertext": bytes.fromhex(ciphertext), "key_bits": bits, "block_bits": 128,
                            "text_bits": 512, "file": SP800_38A_SOURCE, "line": None})
    return records


def engine_suite(kinds=("KAT", "MMT", "MCT"), gcm: bool = True) -> list:
    """The default `rijndael vectors --engine` set: every CAVP CBC/CFB128/OFB file of the installed
    vector packages (each NIST file once), the SP 800-38A CTR examples, then (gcm) the CAVP GCM files
    (gcmEncryptExtIV / gcmDecrypt, 128/192/256) and Wycheproof's aes_gcm_test.json."""
    files = []
    for mode in ("cbc", "cfb128", "ofb"):
        files += [p for p in cavp.unique_files(cavp.vector_files(mode=mode))
                  if cavp.rsp_file_info(p)[1] in kinds]
    return files + [SP800_38A_NAME] + (gcm_vectors.gcm_files() if gcm else [])


def load_any(path) -> list[dict]:
    if str(path) == SP800_38A_NAME:
        return sp800_38a_ctr_records()
    return load(path)


def file_record(report: FileReport, records: list[dict], config: Config, params: dict) -> dict:
    """One JSON-lines record describing a file's result (`rijndael vectors --jsonl`)."""
    first = records[0] if records else {}
    return {"file": str(report.path), "mode": first.get("mode"), "kind": first.get("kind"),
            "key_bits": sorted({r["key_bits"] for r in records}) if records else [],
            "block_bits": sorted({r.get("block_bits", 128) for r in records}) if records else [],
            "directions": sorted({r["direction"] for r in records}), "status": report.status,
            "passed": report.passed, "failed": report.failed, "skipped": report.skipped,
            "reasons": report.reasons, "engine": True, "config": config.name,
            "tdata_width": params["TDATA_WIDTH"], "contexts": params["CONTEXTS"]}


class EngineVectorRunner:
    """Runs vector files through the engine harness: known-answer and multi-block records go as
    messages of up to CONTEXTS contexts at once (interleaved on the stream); Monte Carlo records
    run their 1000-block chains one block per message, the engine's chaining value carrying from one
    message to the next (CTRL.START only at each outer iteration), several chains in parallel."""

    def __init__(self, config: Config, tdata_width: int | None = None, params: dict | None = None,
                 harness_options: dict | None = None):
        from .engine_sim import engine_params

        self.config = config
        self.params = engine_params(tdata_width, **(params or {}))
        self.harness_options = harness_options or {}
        self._sim = None

    def __enter__(self) -> "EngineVectorRunner":
        return self

    def __exit__(self, *exc) -> None:
        self._drop()

    def _get(self):
        from .engine_sim import EngineSim

        if self._sim is None:
            self._sim = EngineSim(self.config, params=self.params, **self.harness_options)
        return self._sim

    def _drop(self) -> None:
        if self._sim is not None:
            self._sim.close()
            self._sim = None

    def _directions(self, record: dict) -> tuple[list[bool], str | None]:
        from .engine_sim import needs_inverse

        mode = record.get("mode", "ecb").lower()
        if mode not in ENGINE_MODES:
            return [], f"mode {mode} is not an engine mode ({', '.join(ENGINE_MODES)})"
        wanted = {"encrypt": [False], "decrypt": [True]}.get(record["direction"], [False, True])
        sizes = (record.get("block_bits", 128), len(record["key"]) * 8)
        if mode == "gcm":
            from .engine_sim import check_request
            from .configs import ConfigError
            try:
                check_request(self.config, mode, False, sizes[1], sizes[0])
            except ConfigError as error:
                return [], str(error)
            # An invalid record is checked where it must fail: decryption.
            return (wanted if record.get("valid", True) else [True]), None
        usable = [d for d in wanted if self.config.supports(*sizes, decrypt=needs_inverse(mode, d)) is None]
        if usable:
            return usable, None
        return [], self.config.supports(*sizes, decrypt=needs_inverse(mode, wanted[0]))

    def _run_gcm(self, gcm: list, report: FileReport) -> None:
        """GCM records, up to CONTEXTS at once (one context each, their messages interleaved). A valid record
        passes when encryption gives its ciphertext and tag and decryption accepts it with its plaintext; an
        invalid one when decryption refuses it: the tag flagged (ERROR.AUTH), a framing error, or a length
        register the engine refuses (an empty IV: SLVERR, BAD_GCM_LEN). Records of a key size the build lacks
        were skipped before (check_file), whether valid or not."""
        from .engine_sim import RegisterError

        if not gcm:
            return
        sim = self._get()
        contexts = self.params["CONTEXTS"]
        items = []   # (record number, decrypt)
        for number, (record, directions) in enumerate(gcm):
            items += [(number, d) for d in directions]
        ok = [True] * len(gcm)
        for start in range(0, len(items), contexts):
            group = items[start:start + contexts]
            requests, where = [], []
            for ctx, (number, decrypt) in enumerate(group):
                record = gcm[number][0]
                try:
                    sim.configure(ctx, "gcm", bytes(record["key"]), decrypt=decrypt)
                    sim.gcm_lengths(ctx, len(record["iv"]), len(record["tag"]), len(record["aad"]))
                except RegisterError as error:
                    sim.write("ERROR", 0xFFFFFFFF)
                    if record.get("valid", True):
                        ok[number] = False
                        report.failures.append(f"GCM count {record.get('count')}: refused ({error})")
                    continue
                data = record["ciphertext"] if decrypt else record["plaintext"]
                requests.append((ctx, bytes(record["iv"]), bytes(data), bytes(record["aad"]),
                                 bytes(record["tag"]) if decrypt else None))
                where.append((number, decrypt))
            if not requests:
                continue
            results = sim.gcm_run(requests)
            error_bits = sim.read("ERROR")
            if error_bits:
                sim.write("ERROR", error_bits)
            for (number, decrypt), got in zip(where, results):
                record = gcm[number][0]
                if record.get("valid", True):
                    want = record["plaintext"] if decrypt else record["ciphertext"]
                    good = got.ok and got.data == want and (decrypt or got.tag == record["tag"])
                else:
                    good = not got.ok
                if not good:
                    ok[number] = False
                    report.failures.append(
                        f"GCM {record.get('test')} count {record.get('count')} {'decrypt' if decrypt else 'encrypt'}"
                        f" ({'valid' if record.get('valid', True) else 'invalid'}): got {got.data.hex()}"
                        f"{' tag ' + got.tag.hex() if got.tag else ''} flagged {got.flagged}")
        report.passed += sum(ok)
        report.failed += len(ok) - sum(ok)

    def check_file(self, path) -> tuple[FileReport, list[dict]]:
        records = load_any(path)
        report = FileReport(Path(path))
        batch, mct, gcm = [], [], []
        for record in records:
            directions, reason = self._directions(record)
            if reason:   # a key size the build lacks: skipped, valid or not (never counted as rejected)
                report.skip(1, reason)
            elif record.get("mode") == "gcm":
                gcm.append((record, directions))
            elif record.get("kind", "").upper() == "MCT":
                mct.append(record)
            else:
                batch.append((record, directions))
        try:
            self._run_batch(batch, report)
            self._run_mct(_mct_groups(mct), report)
            self._run_gcm(gcm, report)
        except HarnessError as error:
            done = report.passed + report.failed + report.skipped
            report.failed += len(records) - done
            report.failures.append(f"simulation stopped: {error}")
            self._drop()
        return report, records

    def _run_batch(self, batch: list, report: FileReport) -> None:
        items = []  # (record number, mode, decrypt, key, iv, input, expected, block_bits)
        for number, (record, directions) in enumerate(batch):
            for decrypt in directions:
                source, target = ("ciphertext", "plaintext") if decrypt else ("plaintext", "ciphertext")
                items.append((number, record["mode"].lower(), decrypt, bytes(record["key"]),
                              None if record.get("iv") is None else bytes(record["iv"]),
                              bytes(record[source]), bytes(record[target]), record.get("block_bits", 128)))
        sim = self._get() if items else None
        contexts = self.params["CONTEXTS"]
        record_ok = [True] * len(batch)
        for start in range(0, len(items), contexts):
            group = items[start:start + contexts]
            for ctx, (_, mode, decrypt, key, iv, _, _, block_bits) in enumerate(group):
                sim.configure(ctx, mode, key, iv if mode != "ecb" else None, decrypt=decrypt, block_bits=block_bits)
            run = sim.run([(ctx, item[5]) for ctx, item in enumerate(group)], quiet=True)
            for (number, mode, decrypt, _, _, _, want, _), got in zip(group, run.results):
                if got.data != want or got.flagged:
                    record_ok[number] = False
                    record = batch[number][0]
                    report.failures.append(f"{record.get('kind', '')} count {record.get('count')} {mode} "
                                           f"{'decrypt' if decrypt else 'encrypt'}: got {got.data.hex()}"
                                           f"{' (flagged)' if got.flagged else ''}, expected {want.hex()}")
        report.passed += sum(record_ok)
        report.failed += len(record_ok) - sum(record_ok)

    def _run_mct(self, groups: list[list[dict]], report: FileReport) -> None:
        """Each group (one [ENCRYPT]/[DECRYPT] section) runs the AESAVS procedure: per outer iteration
        CONFIG/KEY/IV/START from here, the 1000 one-block messages by the harness (EngineSim.mct_loop)."""
        for group in groups:
            self._compare_mct(group, self._mct(group[0]), report)

    def _mct(self, first: dict) -> list[dict]:
        sim = self._get()
        mode, direction = first.get("mode", "ecb").lower(), first["direction"]
        decrypt = direction == "decrypt"
        key = bytes(first["key"])
        iv = None if mode == "ecb" or first.get("iv") is None else bytes(first["iv"])
        text = bytes(first["ciphertext"] if decrypt else first["plaintext"])
        records = []
        for i in range(100):
            sim.configure(0, mode, key, iv, decrypt=decrypt, block_bits=8 * len(text))
            before_last, last = sim.mct_loop(0, 1000, text, iv)
            records.append(cavp._mct_record(mode, direction, i, key, iv, text, last))
            key = cavp._next_key(key, before_last + last)
            if mode == "ecb":
                text = last
            else:
                iv, text = last, before_last
        return records

    @staticmethod
    def _compare_mct(group: list[dict], outputs: list[dict], report: FileReport) -> None:
        first = group[0]
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
