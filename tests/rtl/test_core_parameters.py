"""The core's parameter list is written in several RTL places; they must agree with its one home.

The home is `rijndael_hw.configs.PARAMETERS` (name -> default), from which the CLI, the flow (`chparam`) and
the simulators (`-G` / `-P`) set every parameter. A SystemVerilog parameter list cannot be shared between
modules portably (no `include`, and a struct parameter is not accepted by all three of Icarus 11, Verilator
and Yosys' Verilog frontend: ../shared/TOOLCHAIN.md), so each module writes its own list and this test reads
them back from the sources:
- the dispatcher (rijndael_core), the engine and both synthesis wrappers carry every parameter, with the
  same default;
- each architecture's module carries a subset, and the dispatcher passes each of them through by name (so
  a variant's own defaults are never used; the pipelined core's describe its usual build, AES-128 encrypt).
"""
from __future__ import annotations

import re

import pytest

from rijndael_hw import configs

ROOT = configs.REPO_ROOT
#: Modules that carry the whole list (a wrapper that loses one cannot build configurations that set it).
FULL_LISTS = {
    "rijndael_core": "rtl/cipher/rijndael_core.sv",
    "rijndael_engine": "rtl/system/rijndael_engine.sv",
    "rijndael_synth_top": "flow/rtl/rijndael_synth_top.sv",
    "rijndael_synth_engine_top": "flow/rtl/rijndael_synth_engine_top.sv",
}
#: The architectures, each with the parameters it uses.
VARIANTS = {
    "rijndael_core_iterative": "rtl/cipher/rijndael_core_iterative.sv",
    "rijndael_core_pipelined": "rtl/cipher/rijndael_core_pipelined.sv",
    "rijndael_core_folded": "rtl/cipher/rijndael_core_folded.sv",
    "rijndael_core_tiny": "rtl/cipher/rijndael_core_tiny.sv",
}

_PARAM_RE = re.compile(r"\bparameter\s+int\s+([A-Z_][A-Z0-9_]*)\s*=\s*([^,)\n/]+)")


def _value(text: str) -> int | None:
    """A literal default as an integer ('b00001, 32, 'h1f); None for an expression."""
    text = text.strip()
    match = re.fullmatch(r"(?:\d+)?'([bdh])([0-9a-fA-F_]+)", text)
    if match:
        return int(match.group(2).replace("_", ""), {"b": 2, "d": 10, "h": 16}[match.group(1)])
    return int(text) if text.isdigit() else None


def parameter_list(path: str, module: str) -> dict[str, int | None]:
    """The `parameter int` names and literal defaults of a module's header, in order."""
    source = (ROOT / path).read_text()
    start = re.search(rf"\bmodule\s+{module}\s*#\s*\(", source)
    assert start, f"{path}: no parameterized module {module}"
    header = source[start.end():source.index(") (", start.end())]
    header = re.sub(r"//[^\n]*", "", header)
    return {name: _value(default) for name, default in _PARAM_RE.findall(header)}


def test_the_home_is_complete():
    """Every parameter of the dispatcher is in configs.PARAMETERS, and nothing else is."""
    assert set(parameter_list(FULL_LISTS["rijndael_core"], "rijndael_core")) == set(configs.PARAMETERS)


#: Known gaps, each with the reason it is not closed in the same change.
KNOWN_GAPS: dict[str, str] = {}


@pytest.mark.parametrize("module", [pytest.param(m, marks=pytest.mark.xfail(reason=KNOWN_GAPS[m], strict=True))
                                    if m in KNOWN_GAPS else m for m in FULL_LISTS])
def test_full_lists_agree(module):
    found = parameter_list(FULL_LISTS[module], module)
    missing = [n for n in configs.PARAMETERS if n not in found]
    assert not missing, f"{FULL_LISTS[module]} lacks {missing}: configurations that set them cannot be built"
    wrong = {n: (found[n], d) for n, (d, _) in configs.PARAMETERS.items() if found[n] != d}
    assert not wrong, f"{FULL_LISTS[module]}: defaults differ from configs.PARAMETERS (found, home): {wrong}"


@pytest.mark.parametrize("module", VARIANTS)
def test_variant_lists_agree(module):
    found = parameter_list(VARIANTS[module], module)
    core_params = {n: v for n, v in found.items() if n in configs.PARAMETERS}
    assert {"BLOCK_SIZES", "KEY_SIZES", "MAX_NB", "MAX_NK", "ENABLE_ENCRYPT", "ENABLE_DECRYPT"} <= set(core_params)
    unknown = [n for n in found if n not in configs.PARAMETERS]
    assert not unknown, f"{VARIANTS[module]}: parameters the dispatcher cannot set: {unknown}"
    # the dispatcher passes each of them through by name
    dispatcher = (ROOT / FULL_LISTS["rijndael_core"]).read_text()
    block = dispatcher[dispatcher.index(f"{module} #("):]
    block = block[:block.index(") u_core")]
    passed = set(re.findall(r"\.([A-Z_][A-Z0-9_]*)\(\1\)", block))
    assert set(core_params) == passed, f"rijndael_core passes {sorted(passed)} to {module}, which has {sorted(core_params)}"
