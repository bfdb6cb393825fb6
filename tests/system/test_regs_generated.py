"""The register block, C header, Python constants and docs/registers.md are generated from one description
(regs/rijndael_regs.toml by tools/gen_regs.py) and must be up to date; the generated RTL lints clean."""
import subprocess
import sys
from pathlib import Path

import pytest

from rijndael_hw import regs

REPO = Path(__file__).resolve().parents[2]


def test_generated_files_up_to_date():
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "gen_regs.py"), "--check"], capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_check_notices_a_stale_file(tmp_path):
    """--check must fail when the description changes (so the test above can fail)."""
    desc = (REPO / "regs" / "rijndael_regs.toml").read_text().replace('name = "ID"\noffset = 0x00',
                                                                       'name = "ID"\noffset = 0x3C', 1)
    assert "0x3C" in desc
    alt = tmp_path / "regs.toml"
    alt.write_text(desc)
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "gen_regs.py"), "--check", "--desc", str(alt)],
                          capture_output=True, text=True)
    assert proc.returncode == 1 and "out of date" in proc.stdout


def test_python_constants_match_the_description():
    assert regs.ID == 0x00 and regs.KEY == 0x40 and regs.IV == 0x60
    assert regs.FIELDS["CONFIG"]["MODE"].put(regs.CONFIG_MODE_CTR) == 4
    assert len(regs.ERROR_BITS) == len(set(regs.ERROR_BITS.values()))


def test_c_header_compiles(tmp_path):
    src = tmp_path / "t.c"
    src.write_text('#include "rijndael_regs.h"\nint main(void) { return RIJNDAEL_KEY_OFFSET == 0x40u ? 0 : 1; }\n')
    cc = subprocess.run(["gcc", "-Wall", "-Werror", "-I", str(REPO / "sw"), str(src), "-o", str(tmp_path / "t")],
                        capture_output=True, text=True)
    if cc.returncode and "not found" in cc.stderr:
        pytest.skip("no C compiler")
    assert cc.returncode == 0, cc.stderr
    assert subprocess.run([str(tmp_path / "t")]).returncode == 0


@pytest.mark.parametrize("contexts", [1, 3, 4])
def test_register_block_lints(contexts):
    files = [str(REPO / "rtl" / "system" / f) for f in ("rijndael_regs_pkg.sv", "rijndael_regs.sv")]
    proc = subprocess.run(["verilator", "--lint-only", "-Wall", "--top-module", "rijndael_regs",
                           f"-GCONTEXTS={contexts}", "-GMAX_NK=8", "-GMAX_NB=4", *files], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_key_words_have_no_read_path():
    """Write-only fields (the key) must not reach the read data at all, not merely read as zero: the
    generated read multiplexer names no write-only storage."""
    text = (REPO / "rtl" / "system" / "rijndael_regs.sv").read_text()
    start = text.index("rd_value = '0;")
    mux = text[start:text.index("end\n  always_ff", start)]
    write_only = [name for name, fields in regs.FIELDS.items() if all(f.access == "wo" for f in fields.values())]
    assert "KEY" in write_only
    for name in write_only:
        assert f"{name.lower()}_word_o" not in mux and f"rd_hit_{name.lower()}" not in mux, \
            f"{name} appears in the read multiplexer"
    assert "rd_hit_iv" in mux, "test bug: readable arrays should appear in the multiplexer"
