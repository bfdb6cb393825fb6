"""Modes of operation: one declaration per mode, the single place the Python side learns about a mode.

Everything else derives from `DECLARED`: the golden model's argument checks and `model.MODES`, the engine
drivers' CONFIG.MODE encodings (`engine_sim.MODES`, `engine_driver.MODES`), `vectors.ENGINE_MODES`, the
`--mode` choices of the command line and the pycryptodome cross-check of `rijndael bench --engine`.

A mode the engine runs names its value in CONFIG.MODE (`register`); the number itself comes from the
register description (regs/rijndael_regs.rdl, enum `config_mode_e`, through the generated
`rijndael_hw.regs.ENUMS`), never from here. Adding a mode: its encoding in the .rdl (`make regs`), its
datapath in rtl/system/rijndael_engine.sv, its algorithm in `rijndael_hw.model` (`_CIPHERS`), and one
`Mode(...)` line below. Authenticated modes (GCM) also take `aad` and a tag length; their encrypt output
is the ciphertext followed by the tag.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import regs


@dataclass(frozen=True)
class Mode:
    name: str                      # the name users type (CLI --mode, JSON-lines "mode", model.encrypt)
    description: str
    register: str | None           # its value name in CONFIG.MODE; None: the golden model only
    needs_iv: bool                 # an IV (or initial counter block) as long as the block
    whole_blocks: bool             # whole blocks only; otherwise the last block may be partial
    inverse_on_decrypt: bool       # decryption runs the inverse cipher (otherwise the forward one, both ways)
    pycryptodome: tuple[str, dict] | None = field(default=None)  # AES.MODE_* and extra AES.new arguments
    authenticated: bool = False    # AEAD: takes aad and a tag length; the output carries a tag (GCM)
    any_iv_length: bool = False    # the IV may have any non-zero length (GCM), not one block
    block_bits_only: tuple[int, ...] | None = None   # block lengths the mode is defined for (None: all)

    @property
    def engine(self) -> bool:
        """The engine (rtl/system) runs this mode."""
        return self.register is not None

    @property
    def encoding(self) -> int:
        """CONFIG.MODE value, from the register description."""
        if self.register is None:
            raise ValueError(f"mode {self.name} is not an engine mode")
        return regs.ENUMS["CONFIG"]["MODE"][self.register]

    def needs_inverse(self, decrypt: bool) -> bool:
        """The cipher direction this mode and direction need is the inverse one."""
        return bool(decrypt) and self.inverse_on_decrypt

    def pycryptodome_cipher(self, key: bytes, iv: bytes | None):
        """A fresh pycryptodome AES object for this mode (AES block and key sizes only)."""
        if self.pycryptodome is None:
            raise ValueError(f"no pycryptodome equivalent declared for mode {self.name}")
        from Crypto.Cipher import AES
        name, extra = self.pycryptodome
        if self.authenticated:
            return AES.new(key, getattr(AES, name), nonce=iv, **extra)
        return AES.new(key, getattr(AES, name), **({"iv": iv} if self.needs_iv else {}), **extra)


DECLARED: tuple[Mode, ...] = (
    Mode("ecb", "electronic codebook", "ECB", needs_iv=False, whole_blocks=True, inverse_on_decrypt=True,
         pycryptodome=("MODE_ECB", {})),
    Mode("cbc", "cipher block chaining", "CBC", needs_iv=True, whole_blocks=True, inverse_on_decrypt=True,
         pycryptodome=("MODE_CBC", {})),
    Mode("cfb128", "cipher feedback, full-block segments", "CFB128", needs_iv=True, whole_blocks=False,
         inverse_on_decrypt=False, pycryptodome=("MODE_CFB", {"segment_size": 128})),
    Mode("cfb8", "cipher feedback, 8-bit segments", None, needs_iv=True, whole_blocks=False,
         inverse_on_decrypt=False, pycryptodome=("MODE_CFB", {"segment_size": 8})),
    Mode("ofb", "output feedback", "OFB", needs_iv=True, whole_blocks=False, inverse_on_decrypt=False,
         pycryptodome=("MODE_OFB", {})),
    # The whole block is one big-endian counter; pycryptodome's CTR object is not used as the reference
    # because it refuses to wrap the counter, which the model and the engine do.
    Mode("ctr", "counter, the IV is the initial counter block", "CTR", needs_iv=True, whole_blocks=False,
         inverse_on_decrypt=False),
    # SP 800-38D. encrypt: ciphertext || tag; decrypt: ciphertext || tag -> plaintext, or
    # model.AuthenticationError. The engine takes a GCM message as IV, AAD, payload and tag packets
    # (docs/registers.md, "GCM"); the tag length is model.GCM_TAG_BYTES (32..128 bits, whole bytes).
    Mode("gcm", "Galois/counter mode, authenticated (AES block only)", "GCM", needs_iv=True, whole_blocks=False,
         inverse_on_decrypt=False, pycryptodome=("MODE_GCM", {}), authenticated=True, any_iv_length=True,
         block_bits_only=(128,)),
)

BY_NAME: dict[str, Mode] = {m.name: m for m in DECLARED}
#: every mode the golden model implements, in declaration order
NAMES: tuple[str, ...] = tuple(BY_NAME)
#: the modes the engine runs (CONFIG.MODE has a value for them)
ENGINE: tuple[Mode, ...] = tuple(m for m in DECLARED if m.engine)
ENGINE_NAMES: tuple[str, ...] = tuple(m.name for m in ENGINE)
#: name -> CONFIG.MODE value, for the engine modes
ENGINE_ENCODINGS: dict[str, int] = {m.name: m.encoding for m in ENGINE}
#: modes that take whole blocks only
WHOLE_BLOCK_NAMES: tuple[str, ...] = tuple(m.name for m in DECLARED if m.whole_blocks)


def get(name: str) -> Mode:
    """The declaration of mode `name` (case-insensitive); ValueError names the known modes."""
    try:
        return BY_NAME[name.lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown mode {name!r}; expected one of {', '.join(NAMES)}") from None
