"""The shared check of cocotb results files (tests/conftest.py: check_cocotb_results), on hand-made files.
A real runner that filters every test away is checked in tests/common/test_rijndael_fifo.py."""
import pytest

HEAD = "<?xml version='1.0' encoding='utf-8'?>\n<testsuites name=\"cocotb tests\">"


def _write(tmp_path, cases: str, name="results.xml"):
    path = tmp_path / name
    path.write_text(f'{HEAD}<testsuite name="t" tests="9">{cases}</testsuite></testsuites>')
    return path


def test_passing_test_is_accepted(tmp_path, cocotb_results):
    path = _write(tmp_path, '<testcase classname="t" name="alpha" /><testcase classname="t" name="beta" />')
    assert cocotb_results(path, expected=["beta"]) == ["alpha", "beta"]


@pytest.mark.parametrize("cases, message", [
    ("", "no cocotb test ran"),
    ('<testcase classname="t" name="alpha"><skipped /></testcase>', "no cocotb test ran"),
    ('<testcase classname="t" name="alpha"><failure message="x" /></testcase>', "failed: alpha"),
    ('<testcase classname="t" name="ok" /><testcase classname="t" name="alpha"><error /></testcase>', "failed: alpha"),
])
def test_empty_skipped_or_failed_results_fail(tmp_path, cocotb_results, cases, message):
    with pytest.raises(pytest.fail.Exception, match=message):
        cocotb_results(_write(tmp_path, cases))


def test_expected_test_missing_fails(tmp_path, cocotb_results):
    path = _write(tmp_path, '<testcase classname="t" name="alpha" />')
    with pytest.raises(pytest.fail.Exception, match="beta did not run"):
        cocotb_results(path, expected=["beta"])


def test_missing_or_broken_file_fails(tmp_path, cocotb_results):
    with pytest.raises(pytest.fail.Exception, match="no results file"):
        cocotb_results(tmp_path / "absent.xml")
    broken = tmp_path / "broken.xml"
    broken.write_text("<testsuites><testsuite>")
    with pytest.raises(pytest.fail.Exception, match="not valid XML"):
        cocotb_results(broken)
