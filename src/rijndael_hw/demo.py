"""`rijndael demo`: the default core end to end, from a cold checkout, in well under a minute of simulation.

Steps: build the harness for the configuration, run the FIPS-197 Appendix C example vectors through it
in both directions, then encrypt and decrypt a generated sample file in ECB with each AES key size and
compare with pycryptodome. Every step prints PASS or FAIL; the return value is the number of failures.
"""
from __future__ import annotations

import hashlib
import time
from pathlib import Path

from Crypto.Cipher import AES

from . import configs, sim

# FIPS-197 Appendix C (C.1 AES-128, C.2 AES-192, C.3 AES-256): one plaintext, keys 00 01 02 ...
FIPS197_PLAINTEXT = bytes.fromhex("00112233445566778899aabbccddeeff")
FIPS197_EXAMPLES = [
    ("C.1", 128, "69c4e0d86a7b0430d8cdb78070b4c55a"),
    ("C.2", 192, "dda97ca4864cdfe06eaf70a0ec0d7191"),
    ("C.3", 256, "8ea2b7ca516745bfeafc49904b496089"),
]
SAMPLE_BYTES = 5000  # not a multiple of 16 on purpose: the demo pads (PKCS#7) like a real file would


def sample_data(size: int = SAMPLE_BYTES) -> bytes:
    """Deterministic bytes (SHA-256 in counter mode), so every run encrypts the same file."""
    out = b"".join(hashlib.sha256(b"rijndael-hw demo %d" % i).digest() for i in range(size // 32 + 1))
    return out[:size]


def pad(data: bytes, size: int = 16) -> bytes:
    fill = size - len(data) % size
    return data + bytes([fill]) * fill


def unpad(data: bytes) -> bytes:
    fill = data[-1] if data else 0
    if not 1 <= fill <= 16 or data[-fill:] != bytes([fill]) * fill:
        raise ValueError("bad padding after decryption")
    return data[:-fill]


def _blocks(data: bytes) -> list[bytes]:
    return [data[i:i + 16] for i in range(0, len(data), 16)]


def run(config_name: str = "iterative", out_dir: Path | None = None, say=print) -> int:
    config = configs.get(config_name)
    out_dir = out_dir or configs.REPO_ROOT / "build" / "demo"
    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0

    def step(ok: bool, text: str) -> None:
        nonlocal failures
        failures += not ok
        say(f"  {'PASS' if ok else 'FAIL'}  {text}")

    say(f"rijndael demo: configuration '{config.name}': {config.description}")
    start = time.monotonic()
    binary = sim.binary_path(config)
    if not binary.exists():
        say("  building the Verilator harness (once per RTL change, about half a minute) ...")
    sim.build(config)
    say(f"  harness  {binary.relative_to(configs.REPO_ROOT) if binary.is_relative_to(configs.REPO_ROOT) else binary}"
        f" (ready after {time.monotonic() - start:.1f} s)")

    with sim.Harness(config) as harness:
        for name, key_bits, expected in FIPS197_EXAMPLES:
            key = bytes(range(key_bits // 8))
            harness.load_key(key, 128)
            ciphertext = harness.encrypt([FIPS197_PLAINTEXT])[0]
            step(ciphertext == bytes.fromhex(expected),
                 f"FIPS-197 {name} AES-{key_bits} encrypt -> {ciphertext.hex() if ciphertext else 'ERR'}")
            plaintext = harness.decrypt([bytes.fromhex(expected)])[0]
            step(plaintext == FIPS197_PLAINTEXT,
                 f"FIPS-197 {name} AES-{key_bits} decrypt -> {plaintext.hex() if plaintext else 'ERR'}")

        data = sample_data()
        source = out_dir / "sample.bin"
        source.write_bytes(data)
        padded = pad(data)
        for key_bits in (128, 192, 256):
            key = hashlib.sha256(b"rijndael-hw demo key").digest()[:key_bits // 8]
            harness.load_key(key, 128)
            encrypted = harness.encrypt(_blocks(padded))
            cycles = harness.last_stats["cycles_per_block"]
            ciphertext = b"".join(b or b"" for b in encrypted)
            (out_dir / f"sample.aes{key_bits}.ecb").write_bytes(ciphertext)
            reference = AES.new(key, AES.MODE_ECB).encrypt(padded)
            decrypted = harness.decrypt(_blocks(ciphertext))
            try:
                restored = unpad(b"".join(b or b"" for b in decrypted))
            except ValueError:
                restored = None
            if restored is not None:
                (out_dir / f"sample.aes{key_bits}.out").write_bytes(restored)
            step(ciphertext == reference and restored == data,
                 f"ECB AES-{key_bits} {source.name} ({len(data)} bytes, PKCS#7-padded to {len(padded) // 16} blocks): "
                 f"encrypt {'=' if ciphertext == reference else '!='} pycryptodome, "
                 f"decrypt {'=' if restored == data else '!='} original; {cycles} cycles/block")

    say(f"rijndael demo: {'all steps passed' if not failures else f'{failures} step(s) FAILED'} "
        f"({time.monotonic() - start:.1f} s; files in {out_dir})")
    return failures
