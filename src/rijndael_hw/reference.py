"""The expected result of one block: pycryptodome for AES sizes (fast), the golden model otherwise.

The golden model is itself cross-checked against pycryptodome in tests/model, so both give the same
answer where both apply; pycryptodome only saves time on long AES runs (benchmarks, demo files).
"""
from __future__ import annotations

from Crypto.Cipher import AES

from . import model


def block(key: bytes, data: bytes, decrypt: bool = False) -> bytes:
    if len(data) == 16 and len(key) in (16, 24, 32):
        cipher = AES.new(bytes(key), AES.MODE_ECB)
        return cipher.decrypt(bytes(data)) if decrypt else cipher.encrypt(bytes(data))
    return model.decrypt_block(bytes(data), bytes(key)) if decrypt else model.encrypt_block(bytes(data), bytes(key))
