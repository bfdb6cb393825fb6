"""The core's parameter list has one home: rtl/pkg/rijndael_core_params.svh declares it (`RIJNDAEL_CORE_PARAMS)
and hands it on (`RIJNDAEL_CORE_PARAMS_PASS); the dispatcher, the four architectures, the engine and both
synthesis wrappers take it from there. Its names, order and defaults are those of the registry the command
line, the flow (`chparam`) and the simulators (`-G` / `-P`) use: `rijndael_hw.configs.PARAMETERS`."""
from __future__ import annotations

import re

from rijndael_hw import configs


def _list_in(text: str, macro: str) -> str:
    """The body of a `define of the include file (its continuation lines joined)."""
    body = text.split(f"`define {macro} \\\n", 1)[1]
    lines = []
    for line in body.splitlines():
        lines.append(line.rstrip("\\").strip())
        if not line.endswith("\\"):
            break
    return " ".join(lines)


def test_core_parameter_list_has_one_home():
    # The core's parameters are declared once (rtl/pkg/rijndael_core_params.svh) and match the registry the
    # command line, the flow and the tests use: names, order and defaults. Every module that takes them uses
    # the macros (no copy of the list), and the pass-through macro hands on every one.
    text = (configs.INCLUDE_DIR / "rijndael_core_params.svh").read_text()
    declared = re.findall(r"parameter int (\w+)\s*=\s*('b[01]+|\d+)", _list_in(text, "RIJNDAEL_CORE_PARAMS"))
    values = [(name, int(value[2:], 2) if value.startswith("'b") else int(value)) for name, value in declared]
    assert values == [(name, default) for name, (default, _) in configs.PARAMETERS.items()]
    passed = re.findall(r"\.(\w+)\((\w+)\)", _list_in(text, "RIJNDAEL_CORE_PARAMS_PASS"))
    assert passed == [(name, name) for name in configs.PARAMETERS]
    takers = ["rtl/cipher/rijndael_core.sv", "rtl/cipher/rijndael_core_iterative.sv",
              "rtl/cipher/rijndael_core_pipelined.sv", "rtl/cipher/rijndael_core_folded.sv",
              "rtl/cipher/rijndael_core_tiny.sv", "rtl/system/rijndael_engine.sv", "flow/rtl/rijndael_synth_top.sv",
              "flow/rtl/rijndael_synth_engine_top.sv"]
    for path in takers:
        source = (configs.REPO_ROOT / path).read_text()
        assert "`RIJNDAEL_CORE_PARAMS" in source, path
        assert not re.search(r"parameter int (BLOCK_SIZES|KEY_SLOTS|ROUNDS_PER_CYCLE)\b", source), path
        # an instance of a module that takes the list gets all of it through the pass-through macro
        for instance in re.finditer(r"(?<!module )\b(rijndael_core(?:_iterative|_pipelined|_folded|_tiny)?|rijndael_engine)"
                                    r"\s*#\(\s*(\S+)", source):
            assert instance.group(2).startswith("`RIJNDAEL_CORE_PARAMS_PASS"), (path, instance.group(0))
