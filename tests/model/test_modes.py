"""rijndael_hw.modes is the one declaration of each mode: the register encodings come from the SystemRDL
description (through the generated constants and the SV package), and every other list of modes derives
from it. Expected values come from pycryptodome and the register description, not from modes.py."""
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rijndael_hw import bench, cavp, cli, engine_driver, engine_sim, model, modes, regs, vectors

REPO = Path(__file__).resolve().parents[2]


def _rdl_mode_values() -> dict[str, int]:
    """CONFIG.MODE values as written in the SystemRDL source (enum config_mode_e)."""
    text = (REPO / "regs" / "rijndael_regs.rdl").read_text()
    body = re.search(r"enum config_mode_e \{(.*?)\n\};", text, re.S).group(1)
    return {name: int(value) for name, value in re.findall(r"(\w+)\s*=\s*3'd(\d+)", body)}


def _sv_package_mode_values() -> dict[str, int]:
    text = (REPO / "rtl" / "system" / "rijndael_regs_pkg.sv").read_text()
    return {name: int(value) for name, value in re.findall(r"localparam int CONFIG_MODE_(\w+) = (\d+);", text)
            if name not in ("LSB", "WIDTH")}


def test_every_register_encoding_has_one_declared_mode():
    rdl = _rdl_mode_values()
    assert rdl and rdl == regs.ENUMS["CONFIG"]["MODE"] == _sv_package_mode_values()
    declared = {m.register: m.encoding for m in modes.ENGINE}
    assert declared == rdl, "a CONFIG.MODE value without a declared mode, or a declaration without a value"
    assert len({m.name for m in modes.DECLARED}) == len(modes.DECLARED)


def test_every_declared_mode_has_a_model_algorithm():
    assert set(model._CIPHERS) == set(modes.NAMES) == set(model.MODES)


def test_derived_lists_follow_the_declarations():
    assert engine_driver.MODES == engine_sim.MODES == {m.name: regs.ENUMS["CONFIG"]["MODE"][m.register]
                                                     for m in modes.ENGINE}
    assert vectors.ENGINE_MODES == modes.ENGINE_NAMES == ("ecb", "cbc", "cfb128", "ofb", "ctr", "gcm")
    assert set(cavp.WHOLE_BLOCK_MODES) == set(engine_sim.WHOLE_BLOCK_MODES) == {"ecb", "cbc"}
    assert engine_sim.needs_inverse("cbc", True) and not engine_sim.needs_inverse("cfb128", True)
    assert not engine_sim.needs_inverse("ecb", False)
    word = engine_driver.config_word("ofb", decrypt=True)
    assert regs.FIELDS["CONFIG"]["MODE"].get(word) == regs.CONFIG_MODE_OFB
    assert engine_sim.config_word("ctr", False, 256) == engine_driver.config_word("ctr", False, 256)


def test_cli_offers_exactly_the_engine_modes():
    choices = set()
    for action in cli.parser()._subparsers._group_actions[0].choices.values():
        for option in action._actions:
            if "--mode" in option.option_strings:
                choices.add(tuple(option.choices))
    assert choices == {modes.ENGINE_NAMES}
    proc = subprocess.run([sys.executable, "-m", "rijndael_hw.cli", "encrypt", "--mode", "cfb8", "--key", "00" * 16,
                           "--iv", "00" * 16, "in", "out"], capture_output=True, text=True)
    assert proc.returncode == 2 and "invalid choice: 'cfb8'" in proc.stderr


@pytest.mark.parametrize("mode", [m for m in modes.DECLARED if m.pycryptodome], ids=lambda m: m.name)
@pytest.mark.parametrize("key_bytes", [16, 32])
def test_model_matches_pycryptodome_through_the_declaration(mode, key_bytes):
    rng = random.Random(f"{mode.name}-{key_bytes}")
    key, iv = rng.randbytes(key_bytes), rng.randbytes(16)
    data = rng.randbytes(64 if mode.whole_blocks else 53)
    iv_arg = iv if mode.needs_iv else None
    ciphertext = model.encrypt(mode.name, key, data, iv_arg)
    if mode.authenticated:   # ciphertext || tag
        assert ciphertext == b"".join(mode.pycryptodome_cipher(key, iv_arg).encrypt_and_digest(data))
        assert model.decrypt(mode.name, key, ciphertext, iv_arg) == data
        return
    assert ciphertext == mode.pycryptodome_cipher(key, iv_arg).encrypt(data)
    assert bench._pycryptodome(mode.name, True, key, iv_arg, ciphertext) == data
    assert model.decrypt(mode.name, key, ciphertext, iv_arg) == data


def test_declared_argument_rules_reach_the_model():
    key = bytes(16)
    with pytest.raises(ValueError, match="takes no iv"):
        model.encrypt("ecb", key, bytes(16), bytes(16))
    with pytest.raises(ValueError, match="needs an iv"):
        model.encrypt("ofb", key, bytes(16))
    with pytest.raises(ValueError, match="needs whole blocks"):
        model.encrypt("cbc", key, bytes(17), bytes(16))
    assert len(model.encrypt("cfb128", key, bytes(17), bytes(16))) == 17
    with pytest.raises(ValueError, match="unknown mode 'ccm'"):
        model.encrypt("ccm", key, bytes(16), bytes(16))
    with pytest.raises(ValueError, match="not an engine mode"):
        modes.get("cfb8").encoding
