import pytest


@pytest.fixture()
def flow_dirs(tmp_path, monkeypatch):
    """Results and the stage cache in a scratch folder, so a test always runs the tools for real."""
    results, cache = tmp_path / "results", tmp_path / "cache"
    monkeypatch.setenv("RIJNDAEL_RESULTS_DIR", str(results))
    monkeypatch.setenv("RIJNDAEL_FLOW_CACHE", str(cache))
    return results, cache
