"""The register block, its package, the Python constants (tools/gen_regs.py), the C header (peakrdl-cheader),
docs/registers-map.md (peakrdl-markdown) and the IP-XACT export (peakrdl-ipxact) are generated from one
SystemRDL description (regs/rijndael_regs.rdl, compiled by systemrdl-compiler) and must be up to date; the
generated RTL lints clean."""
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from rijndael_hw import regs

REPO = Path(__file__).resolve().parents[2]


def test_generated_files_up_to_date():
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "gen_regs.py"), "--check"], capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def _gen(*args):
    return subprocess.run([sys.executable, str(REPO / "tools" / "gen_regs.py"), *args], capture_output=True,
                          text=True)


def _variant(tmp_path, old: str, new: str):
    text = (REPO / "regs" / "rijndael_regs.rdl").read_text()
    assert old in text, f"test bug: {old!r} not in the description"
    alt = tmp_path / "regs.rdl"
    alt.write_text(text.replace(old, new, 1))
    return alt


def test_check_notices_a_stale_file(tmp_path):
    """--check must fail when the description changes (so the test above can fail)."""
    proc = _gen("--check", "--desc", str(_variant(tmp_path, "} ID @ 0x00;", "} ID @ 0x3C;")))
    assert proc.returncode == 1 and "out of date: rtl/system/rijndael_regs.sv" in proc.stdout, proc.stdout + proc.stderr


@pytest.mark.parametrize("old, new, message", [
    # an ERROR field that does not exist
    ('refused_with = \'{"BAD_CTX"};', 'refused_with = \'{"NO_SUCH_ERROR"};', "no field NO_SUCH_ERROR in ERROR"),
    # an access combination the block does not implement
    ("field rw_f     { sw = rw; hw = r; };", "field rw_f     { sw = rw; hw = rw; };", "not one of the access kinds"),
    # a banked register without storage
    ("error_register = true;", "error_register = true;\n        banked = true;", "banked but stores nothing"),
    # two context selects
    ("IDLE->desc", "IDLE->context_select = true;\n        IDLE->desc", "exactly one context_select field"),
    # a SystemRDL error (overlapping fields) is reported by the compiler
    ("rw_f DECRYPT[4:4] = 0;", "rw_f DECRYPT[2:2] = 0;", "SystemRDL compilation failed"),
])
def test_bad_descriptions_are_refused(tmp_path, old, new, message):
    proc = _gen("--check", "--desc", str(_variant(tmp_path, old, new)))
    assert proc.returncode != 0 and message in proc.stderr, proc.stdout + proc.stderr
    assert "out of date" not in proc.stdout, "a bad description must stop the generator, not compare files"


def test_python_constants_match_the_description():
    assert regs.ID == 0x00 and regs.KEY == 0x40 and regs.IV == 0x60
    assert regs.FIELDS["CONFIG"]["MODE"].put(regs.CONFIG_MODE_CTR) == 4
    assert len(regs.ERROR_BITS) == len(set(regs.ERROR_BITS.values()))
    assert regs.ENUMS["CONFIG"]["MODE"]["CTR"] == regs.CONFIG_MODE_CTR == 4
    assert regs.FIELDS["KEY"]["WORD"].access == "wo" and regs.FIELDS["ERROR"]["BUSY"].access == "w1c"
    assert regs.FIELDS["CTRL"]["CLEAR"].access == "pulse" and regs.FIELDS["ID"]["ID"].access == "const"


def test_c_header_compiles(tmp_path):
    src = tmp_path / "t.c"
    src.write_text('#include <stddef.h>\n#include "rijndael_regs.h"\n'
                   'int main(void) { return offsetof(rijndael_regs_t, KEY) == 0x40 && offsetof(rijndael_regs_t, IV) == 0x60\n'
                   '    && RIJNDAEL_REGS__CONFIG__MODE_bm == 0x7 && RIJNDAEL_REGS__ERROR__NO_KEY_bp == 7 ? 0 : 1; }\n')
    cc = subprocess.run(["gcc", "-Wall", "-Werror", "-I", str(REPO / "sw"), str(src), "-o", str(tmp_path / "t")],
                        capture_output=True, text=True)
    if cc.returncode and "not found" in cc.stderr:
        pytest.skip("no C compiler")
    assert cc.returncode == 0, cc.stderr
    assert subprocess.run([str(tmp_path / "t")]).returncode == 0


@pytest.mark.parametrize("contexts", [1, 3, 4])
def test_register_block_lints(contexts):
    files = [str(REPO / "rtl" / "system" / f) for f in ("rijndael_regs_pkg.sv", "rijndael_regs.sv")] + \
        [str(REPO / "rtl" / "common" / "rijndael_reg_copy.sv")]   # (each entry's wipe flop)
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", "rijndael_regs",
                           f"-GCONTEXTS={contexts}", "-GMAX_NK=8", "-GMAX_NB=4", *files], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_key_words_have_no_read_path():
    """Write-only fields (the key) must not reach the read data at all, not merely read as zero: the
    generated read multiplexer names no write-only storage."""
    text = (REPO / "rtl" / "system" / "rijndael_regs.sv").read_text()
    start = text.index("assign rd_refuse")   # the read words and their OR (rd_mapped, above, only decodes)
    mux = text[start:text.index("endmodule", start)]
    write_only = [name for name, fields in regs.FIELDS.items() if all(f.access == "wo" for f in fields.values())]
    assert "KEY" in write_only
    for name in write_only:
        assert f"{name.lower()}_word_o" not in mux and f"rd_hit_{name.lower()}" not in mux \
            and f"rd_word_{name.lower()}" not in mux, \
            f"{name} appears in the read multiplexer"
    assert "rd_hit_iv" in mux, "test bug: readable arrays should appear in the multiplexer"


IPXACT = "{http://www.accellera.org/XMLSchema/IPXACT/1685-2014}"


def test_ipxact_export_matches_the_python_constants():
    root = ElementTree.parse(REPO / "regs" / "rijndael_regs.xml").getroot()
    assert root.find(f"{IPXACT}name").text == "rijndael_regs"
    found = {}
    for reg in root.iter(f"{IPXACT}register"):
        offset = int(reg.find(f"{IPXACT}addressOffset").text.replace("'h", ""), 16)
        fields = {f.find(f"{IPXACT}name").text: (int(f.find(f"{IPXACT}bitOffset").text),
                                                 int(f.find(f"{IPXACT}bitWidth").text))
                  for f in reg.iter(f"{IPXACT}field")}
        found[reg.find(f"{IPXACT}name").text] = (offset, fields)
    assert set(found) == set(regs.FIELDS)
    for name, (offset, fields) in found.items():
        assert offset == getattr(regs, name), name
        assert fields == {f: (x.lsb, x.width) for f, x in regs.FIELDS[name].items()}, name
    modes = {v.find(f"{IPXACT}name").text: int(v.find(f"{IPXACT}value").text.replace("'h", ""), 16)
             for v in root.iter(f"{IPXACT}enumeratedValue")}
    assert modes == regs.ENUMS["CONFIG"]["MODE"]


def test_markdown_reference_names_every_register_and_the_engine_semantics():
    text = (REPO / "docs" / "registers-map.md").read_text()
    for name in regs.FIELDS:
        assert f"### {name} register" in text, name
    # the user-defined properties are spelled out for readers of the generated reference
    assert "Banked: one copy per context" in text and "Write-only: no read path" in text
    assert "sets ERROR.BUSY, ERROR.BAD_MODE" in text and "4 = CTR" in text
