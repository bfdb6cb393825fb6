"""Named core configurations and parameter validation.

A configuration is a set of RTL parameters of `rijndael_core`. Named configurations are the
ones users pick with `--config NAME`; any parameter can be overridden with `--param NAME=VALUE`.
The same rules are enforced again at elaboration time in the RTL (see docs/core-interface.md);
checking here first gives the user one clear message instead of a tool error.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
RTL_DIR = REPO_ROOT / "rtl"

#: Sizes in 32-bit words that Rijndael defines for blocks and keys.
WORD_SIZES = (4, 5, 6, 7, 8)

AES_KEYS = 0b10101  # Nk = 4, 6, 8
ALL_SIZES = 0b11111


class ConfigError(ValueError):
    """A configuration name or parameter value that cannot be built."""


@dataclass(frozen=True)
class Config:
    name: str
    description: str
    params: dict = field(default_factory=dict)

    # --- derived views -------------------------------------------------------------------------
    @property
    def block_words(self) -> tuple[int, ...]:
        return tuple(nb for nb in WORD_SIZES if self.params["BLOCK_SIZES"] >> (nb - 4) & 1)

    @property
    def key_words(self) -> tuple[int, ...]:
        return tuple(nk for nk in WORD_SIZES if self.params["KEY_SIZES"] >> (nk - 4) & 1)

    @property
    def block_bits(self) -> tuple[int, ...]:
        return tuple(32 * nb for nb in self.block_words)

    @property
    def key_bits(self) -> tuple[int, ...]:
        return tuple(32 * nk for nk in self.key_words)

    @property
    def encrypt(self) -> bool:
        return bool(self.params["ENABLE_ENCRYPT"])

    @property
    def decrypt(self) -> bool:
        return bool(self.params["ENABLE_DECRYPT"])

    @property
    def max_block_bits(self) -> int:
        return 32 * self.params["MAX_NB"]

    @property
    def max_key_bits(self) -> int:
        return 32 * self.params["MAX_NK"]

    @property
    def round_stages(self) -> int:
        """Clocks per round of the iterative core (ARCH 0): 3 in T-box builds (a register after the combine of
        the four looked-up words, stage C), else 2; 0 for the other architectures."""
        if self.params["ARCH"] != 0:
            return 0
        return 3 if self.params.get("TBOX", 0) != 0 else 2

    def supports(self, block_bits: int, key_bits: int, decrypt: bool = False) -> str | None:
        """None when the configuration can process this request, else the reason it cannot."""
        if block_bits not in self.block_bits:
            return f"{self.name} has no {block_bits}-bit blocks (has {_fmt(self.block_bits)})"
        if key_bits not in self.key_bits:
            return f"{self.name} has no {key_bits}-bit keys (has {_fmt(self.key_bits)})"
        if decrypt and not self.decrypt:
            return f"{self.name} does not decrypt"
        if not decrypt and not self.encrypt:
            return f"{self.name} does not encrypt"
        return None

    def nr(self, block_bits: int, key_bits: int) -> int:
        return max(block_bits, key_bits) // 32 + 6

    def verilog_params(self) -> dict[str, int]:
        """Parameters as integers, ready for -G / -P / chparam. KEY_SLOTS is left out at its default (1), so
        builds, cached results and wrappers that predate it see the same parameter set as before."""
        return {k: int(v) for k, v in self.params.items() if not (k in _OMIT_AT_DEFAULT and v == PARAMETERS[k][0])}


def _fmt(bits) -> str:
    return "/".join(str(b) for b in bits)


#: Symbolic values some parameters accept on the command line (`--param ARCH=pipelined`); they are
#: the rijndael_pkg::ARCH_* / SBOX_* / KEYS_* constants of the RTL.
SYMBOLS = {
    "ARCH": {"iterative": 0, "pipelined": 1, "folded": 2, "tiny": 3},
    "SBOX": {"lut": 0, "bram": 1, "composite": 2},
    "ENC_KEYS": {"on-the-fly": 0, "stored": 1},
}

#: Parameter name -> (default, help). Defaults describe the `iterative` configuration.
PARAMETERS = {
    "BLOCK_SIZES": (0b00001, "mask of block lengths: bit i = Nb 4+i words supported"),
    "KEY_SIZES": (AES_KEYS, "mask of key lengths: bit i = Nk 4+i words supported"),
    "MAX_NB": (4, "widest block in words (derived from BLOCK_SIZES when not given)"),
    "MAX_NK": (8, "longest key in words (derived from KEY_SIZES when not given)"),
    "ENABLE_ENCRYPT": (1, "1 = the core encrypts"),
    "ENABLE_DECRYPT": (1, "1 = the core decrypts"),
    "ARCH": (0, "datapath: 0 iterative (unrolled with ROUNDS_PER_CYCLE), 1 pipelined, 2 folded, 3 tiny (8-bit)"),
    "ROUNDS_PER_CYCLE": (1, "iterative: round units in a loop (Nr/k cycles per block); must divide Nr of every "
                            "supported size pair"),
    "FOLDED_WIDTH": (32, "folded: datapath width in bits, 64 or 32"),
    "SUBSTAGES": (0, "pipelined: extra register stages inside each round, 0..3 (block-RAM S-boxes: 1..5; from 2 on "
                     "the RAMs' output registers are on and every further stage is a register after the RAM)"),
    "SBOX": (0, "S-box mapping: 0 case LUT, 1 block-RAM ROM (registered), 2 composite field (TBOX=1 in the "
                "iterative core: the key schedule's SubWord only)"),
    "TBOX": (0, "1 = rounds use T-box tables (SubBytes + MixColumns in one lookup)"),
    "ENC_KEYS": (0, "no effect: every iterative build stores its round keys (kept so results keep their hashes)"),
    "KEY_SLOTS": (1, "pipelined: keys held at once, 1..16 (any count), chosen per beat by in_slot_i; the engine "
                     "keeps one per context when KEY_SLOTS >= CONTEXTS, so contexts switch with no key beat"),
}
#: Parameters verilog_params() leaves out while they have their default value.
_OMIT_AT_DEFAULT = {"KEY_SLOTS"}

AES128 = {"KEY_SIZES": 0b00001}
AES192 = {"KEY_SIZES": 0b00100}
AES256 = {"KEY_SIZES": 0b10000}
PIPELINED = {"ARCH": 1}
ENCRYPT_ONLY = {"ENABLE_DECRYPT": 0}
#: The pipelined family's round: a register in front of the RAM address, the RAM's address and output
#: registers, two registers on the route away from the RAM row, and the linear layer with AddRoundKey
#: (the 6-clock probe round of ../shared/TOOLCHAIN.md that places at 200+ MHz on the LFE5U-85F).
PIPELINED_BRAM = {"SBOX": 1, "SUBSTAGES": 5}

_NAMED = {
    "iterative": (
        "AES-128/192/256 at run time, 128-bit blocks, encrypt + decrypt, LUT S-boxes, two clocks per round with "
        "two blocks in flight",
        {},
    ),
    "rijndael": (
        "Rijndael: block and key each 128/160/192/224/256 bits at run time, encrypt + decrypt, S-boxes in block "
        "RAM (forward and inverse in one RAM, both ports used), two clocks per round with two blocks in flight",
        {"BLOCK_SIZES": ALL_SIZES, "KEY_SIZES": ALL_SIZES, "SBOX": 1},
    ),
    "unrolled2": (
        "AES-128/192/256, encrypt + decrypt, two round units in a loop (two clocks per round, four blocks in "
        "flight)",
        {"ROUNDS_PER_CYCLE": 2},
    ),
    "unrolled5": (
        "AES-128, encrypt + decrypt, five round units in a loop (two clocks per round, ten blocks in flight)",
        {**AES128, "ROUNDS_PER_CYCLE": 5},
    ),
    "pipelined": (
        "AES-128 encrypt, fully pipelined, one block per clock: 10 rounds of 6 register stages around "
        "block-RAM S-boxes (8 dual-port RAMs per round, output registers on)",
        {**AES128, **PIPELINED, **ENCRYPT_ONLY, **PIPELINED_BRAM},
    ),
    "pipelined-192": (
        "AES-192 encrypt, fully pipelined, one block per clock: 12 rounds of 6 stages, block-RAM S-boxes",
        {**AES192, **PIPELINED, **ENCRYPT_ONLY, **PIPELINED_BRAM},
    ),
    "pipelined-256": (
        "AES-256 encrypt, fully pipelined, one block per clock: 14 rounds of 6 stages, block-RAM S-boxes",
        {**AES256, **PIPELINED, **ENCRYPT_ONLY, **PIPELINED_BRAM},
    ),
    "pipelined-both": (
        "AES-128 encrypt + decrypt, fully pipelined, direction chosen per block: 10 rounds of 6 stages, forward "
        "and inverse S-box tables in the same block RAMs",
        {**AES128, **PIPELINED, **PIPELINED_BRAM},
    ),
    "folded64": (
        "AES-128/192/256, encrypt + decrypt, 64-bit datapath (8 S-boxes in 4 block RAMs), two columns per clock, "
        "two blocks in flight",
        {"ARCH": 2, "FOLDED_WIDTH": 64, "SBOX": 1},
    ),
    "folded32": (
        "AES-128/192/256, encrypt + decrypt, 32-bit datapath (4 S-boxes in 2 block RAMs), one column per clock, "
        "two blocks in flight",
        {"ARCH": 2, "FOLDED_WIDTH": 32, "SBOX": 1},
    ),
    "tiny8": (
        "AES-128/192/256, encrypt + decrypt, 8-bit datapath with a single S-box (smallest; aimed at iCE40 UP5K)",
        {"ARCH": 3},
    ),
    "tbox": (
        "AES-128/192/256, encrypt + decrypt, T-box rounds (Te0/Td0 in block RAM, one RAM per byte), two clocks "
        "per round with two blocks in flight; the key schedule's SubWord in block RAM too",
        {"TBOX": 1, "SBOX": 1},
    ),
    "iterative-bram": (
        "AES-128/192/256, encrypt + decrypt, S-boxes in block RAM, two clocks per round with two blocks in flight",
        {"SBOX": 1},
    ),
    "iterative-composite": (
        "AES-128/192/256, encrypt + decrypt, composite-field GF((2^4)^2) S-boxes, two clocks per round with two "
        "blocks in flight",
        {"SBOX": 2},
    ),
}


def _highest_words(mask: int) -> int:
    return max(nb for nb in WORD_SIZES if mask >> (nb - 4) & 1)


def _parse_value(name: str, text: str) -> int:
    symbols = SYMBOLS.get(name, {})
    if text.lower() in symbols:
        return symbols[text.lower()]
    try:
        return int(text, 0)
    except ValueError:
        names = f" or one of {', '.join(symbols)}" if symbols else ""
        raise ConfigError(f"parameter {name}: '{text}' is not an integer (use e.g. 5, 0x1f or 0b10101){names}") from None


def validate(params: dict) -> list[str]:
    """All conflicts in a parameter set, as messages that name them. Empty list = buildable."""
    errors = []
    for name in ("BLOCK_SIZES", "KEY_SIZES"):
        mask = params[name]
        if not 0 < mask < 32:
            errors.append(f"{name}={mask:#07b}: needs at least one of the 5 size bits (0b00001..0b11111)")
    if errors:
        return errors
    for name, mask_name in (("MAX_NB", "BLOCK_SIZES"), ("MAX_NK", "KEY_SIZES")):
        want = _highest_words(params[mask_name])
        if params[name] != want:
            errors.append(f"{name}={params[name]} conflicts with {mask_name}={params[mask_name]:#07b} "
                          f"(its largest size is {want} words)")
    for name in ("ENABLE_ENCRYPT", "ENABLE_DECRYPT"):
        if params[name] not in (0, 1):
            errors.append(f"{name}={params[name]}: must be 0 or 1")
    if params["ENABLE_ENCRYPT"] == 0 and params["ENABLE_DECRYPT"] == 0:
        errors.append("ENABLE_ENCRYPT=0 and ENABLE_DECRYPT=0: the core would do nothing")
    for name in ("ARCH", "SBOX", "ENC_KEYS"):
        if params[name] not in SYMBOLS[name].values():
            known = ", ".join(f"{v} {k}" for k, v in SYMBOLS[name].items())
            errors.append(f"{name}={params[name]}: must be one of {known}")
    if params["TBOX"] not in (0, 1):
        errors.append(f"TBOX={params['TBOX']}: must be 0 or 1")
    if params["FOLDED_WIDTH"] not in (32, 64):
        errors.append(f"FOLDED_WIDTH={params['FOLDED_WIDTH']}: must be 32 or 64")
    arch = params["ARCH"]
    if arch != 0 and params["ROUNDS_PER_CYCLE"] != 1:
        errors.append(f"ROUNDS_PER_CYCLE={params['ROUNDS_PER_CYCLE']} conflicts with ARCH={arch}: "
                      "unrolling applies to the iterative architecture (ARCH=0) only")
    if arch != 1 and params["SUBSTAGES"] != 0:
        errors.append(f"SUBSTAGES={params['SUBSTAGES']} conflicts with ARCH={arch}: "
                      "sub-pipelining applies to the pipelined architecture (ARCH=1) only")
    errors += _arch_rules(params)
    return errors


def _size_pairs(params: dict) -> list[tuple[int, int]]:
    """(Nb, Nk) pairs in words that a parameter set supports."""
    return [(nb, nk) for nb in WORD_SIZES if params["BLOCK_SIZES"] >> (nb - 4) & 1
            for nk in WORD_SIZES if params["KEY_SIZES"] >> (nk - 4) & 1]


def _arch_rules(params: dict) -> list[str]:
    """Conflicts specific to one architecture (the RTL checks the same at elaboration)."""
    errors = []
    if params["ARCH"] == 0:
        k = params["ROUNDS_PER_CYCLE"]
        if k < 1:
            errors.append(f"ROUNDS_PER_CYCLE={k}: must be at least 1")
        else:
            bad = sorted({max(nb, nk) + 6 for nb, nk in _size_pairs(params) if (max(nb, nk) + 6) % k})
            if bad:
                errors.append(f"ROUNDS_PER_CYCLE={k} does not divide Nr={'/'.join(map(str, bad))} of the supported "
                              "block/key sizes (restrict KEY_SIZES/BLOCK_SIZES or pick a divisor)")
    if params["ARCH"] == 1:  # rijndael_core_pipelined: Nr round stages, so Nr is fixed per build
        for name in ("BLOCK_SIZES", "KEY_SIZES"):
            mask = params[name]
            if mask & (mask - 1):
                errors.append(f"{name}={mask:#07b} conflicts with ARCH=1 (pipelined): a pipelined build has one "
                              f"block size and one key size (one bit in {name}), because its stage count is Nr")
        s = params["SUBSTAGES"]
        if params["SBOX"] == 1 and not 0 <= s <= 5:
            errors.append(f"SUBSTAGES={s}: must be 1..5 with SBOX=1 (bram)")
        elif params["SBOX"] != 1 and not 0 <= s <= 3:
            errors.append(f"SUBSTAGES={s}: must be 0..3 (1..5 with SBOX=1, bram)")
        elif params["SBOX"] == 1 and s == 0:
            errors.append("SBOX=1 (bram) conflicts with SUBSTAGES=0 in ARCH=1 (pipelined): the block RAM's output "
                          "register is the register after SubBytes, so SUBSTAGES must be at least 1")
        elif params["TBOX"] == 1 and s != 0:
            errors.append(f"TBOX=1 conflicts with SUBSTAGES={s} in ARCH=1 (pipelined): a T-box round has no "
                          "register inside, so SUBSTAGES must be 0")
    if params["TBOX"] == 1 and params["ARCH"] not in (0, 1):
        errors.append(f"TBOX=1 conflicts with ARCH={params['ARCH']}: T-box rounds exist in the iterative (0) "
                      "and pipelined (1) architectures only")
    if params["TBOX"] == 1 and params["SBOX"] == 1 and params["ARCH"] == 1:
        errors.append("TBOX=1 conflicts with SBOX=1 (bram) in ARCH=1 (pipelined): its T-box tables are "
                      "combinational case ROMs, not registered block RAM")
    if params["ARCH"] != 1 and params["KEY_SLOTS"] != 1:
        errors.append(f"KEY_SLOTS={params['KEY_SLOTS']} conflicts with ARCH={params['ARCH']}: key slots apply to the "
                      "pipelined architecture (ARCH=1) only, which holds a round key per round and slot")
    elif not 1 <= params["KEY_SLOTS"] <= 16:
        errors.append(f"KEY_SLOTS={params['KEY_SLOTS']}: must be 1..16")
    if params["ARCH"] in (2, 3):  # column-serial cores: rijndael_core_folded / rijndael_core_tiny
        arch = "folded" if params["ARCH"] == 2 else "tiny"
        if params["BLOCK_SIZES"] != 0b00001:
            errors.append(f"BLOCK_SIZES={params['BLOCK_SIZES']:#07b} conflicts with ARCH={params['ARCH']} ({arch}): "
                          "it supports 128-bit blocks only (BLOCK_SIZES=0b00001); larger Rijndael blocks need "
                          "ARCH=0 (iterative)")
        if params["SBOX"] == 1 and params["ARCH"] == 3:
            errors.append(f"SBOX=1 (bram) conflicts with ARCH={params['ARCH']} ({arch}): its S-box sits in a "
                          "combinational path (use SBOX=0 lut or 2 composite)")
    return errors


def names() -> list[str]:
    return list(_NAMED)


def get(name: str = "iterative", overrides: dict | list | None = None) -> Config:
    """A named configuration with optional overrides ({NAME: value} or ["NAME=VALUE", ...])."""
    if name not in _NAMED:
        raise ConfigError(f"unknown configuration '{name}' (known: {', '.join(_NAMED)})")
    description, named = _NAMED[name]
    params = {k: v for k, (v, _) in PARAMETERS.items()}
    params.update(named)
    given = {}
    for item in (overrides.items() if isinstance(overrides, dict) else (overrides or [])):
        if isinstance(item, str):
            if "=" not in item:
                raise ConfigError(f"--param '{item}': expected NAME=VALUE")
            key, text = item.split("=", 1)
            key = key.strip()
            if key not in PARAMETERS:
                raise ConfigError(f"unknown parameter '{key}' (known: {', '.join(PARAMETERS)})")
            given[key] = _parse_value(key, text.strip())
        else:
            key, value = item
            if key not in PARAMETERS:
                raise ConfigError(f"unknown parameter '{key}' (known: {', '.join(PARAMETERS)})")
            given[key] = int(value)
    params.update(given)
    # MAX_NB / MAX_NK follow the masks unless the user set them explicitly (then they are checked).
    for max_name, mask_name in (("MAX_NB", "BLOCK_SIZES"), ("MAX_NK", "KEY_SIZES")):
        if max_name not in given and 0 < params[mask_name] < 32:
            params[max_name] = _highest_words(params[mask_name])
    errors = validate(params)
    if errors:
        raise ConfigError(f"configuration '{name}' cannot be built: " + "; ".join(errors))
    label = name if not given else name + "".join(f",{k}={v}" for k, v in sorted(given.items()))
    return Config(label, description, params)


#: Where `include files (*.svh, e.g. the core's parameter list) live: every tool gets it as an include directory.
INCLUDE_DIR = RTL_DIR / "pkg"


def include_files() -> list[Path]:
    """The `include files the RTL reads (their contents are part of every build's inputs)."""
    return sorted(INCLUDE_DIR.glob("*.svh"))


def rtl_files(family: str | None = None) -> list[Path]:
    """RTL sources in compile order (packages first).

    `family` names a device family whose folder (rtl/<family>/) holds vendor implementations of some
    modules (rtl/ecp5/sbox_bram.sv instantiates the DP16KD by hand); each replaces the behavioural file of
    the same name. Simulation, lint and every other family use the behavioural files."""
    order = ["pkg", "common", "sbox", "cipher"]
    vendor = {f.name: f for f in sorted((RTL_DIR / family).glob("*.sv"))} if family else {}
    files = []
    for sub in order:
        files += [vendor.get(f.name, f) for f in sorted((RTL_DIR / sub).glob("*.sv"))]
    return files


TOP = "rijndael_core"
