import importlib.util
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture()
def flow_dirs(tmp_path, monkeypatch):
    """Results and the stage cache in a scratch folder, so a test always runs the tools for real."""
    results, cache = tmp_path / "results", tmp_path / "cache"
    monkeypatch.setenv("RIJNDAEL_RESULTS_DIR", str(results))
    monkeypatch.setenv("RIJNDAEL_FLOW_CACHE", str(cache))
    return results, cache


@pytest.fixture()
def load_tool():
    """A script of tools/ loaded as a module (tools/ is not a package): load_tool("seed_paths")."""
    def load(name: str):
        spec = importlib.util.spec_from_file_location(name, REPO / "tools" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    return load
