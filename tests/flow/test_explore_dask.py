"""`rijndael explore`: the sweep's scheduling, caching and resuming with a cheap stand-in for the tools
(default suite), on a local process pool and on a Dask LocalCluster started on loopback; and the same with
the real tools on Dask (--full: it synthesizes)."""
from __future__ import annotations

import gzip
import json
import os
import sys
from pathlib import Path

import pytest

from rijndael_hw import explore, synth

SPEC = "iterative,ENABLE_DECRYPT=0,KEY_SIZES=1"
SPECS = [SPEC, "tiny8"]


def fake_run(job: dict) -> dict:
    """Stands in for synth.run_job: canned numbers per stage, and one file per call in $FAKE_CALLS so the
    test can count what ran (and where)."""
    calls = Path(os.environ["FAKE_CALLS"])
    calls.mkdir(parents=True, exist_ok=True)
    name = f"{job['kind']}-{job['key'][:16]}-{job.get('seed', 0)}-{len(list(calls.iterdir()))}"
    (calls / name).write_text(json.dumps({"pid": os.getpid()}))
    out = {"kind": job["kind"], "key": job["key"], "status": "ok", "worker": {"pid": os.getpid()}}
    if job["kind"] == "bench":
        tiny = job["params"]["ARCH"] == 3
        out.update({"cycles_per_block": 160 if tiny else 10, "latency_cycles": 170 if tiny else 11,
                    "block_bits": 128, "key_bits": 128})
    elif job["kind"] == "synth":
        tiny = "tiny8" in job["config"]
        core = {"lut4": 900 if tiny else 5000, "ff": 300, "bram": 0, "dsp": 0}
        out.update({"core": core, "wrapper": {"lut4": 100, "ff": 200}, "netlist_gz": gzip.compress(json.dumps({"modules": {"top": {"cells": {job["config"]: {}}}}}).encode())})
        # (a netlist per configuration: two equal netlists would share their placements, synth.netlist_id)
    else:  # pnr; with FAKE_UP5K_FULL the design does not fit an iCE40: a result, not a failure
        if job["family"] == "ice40" and os.environ.get("FAKE_UP5K_FULL"):
            out.update({"status": "does_not_fit", "seed": job["seed"], "fmax_mhz": None,
                        "error": "does not fit: ICESTORM_LC 6000/5280"})
        else:
            out.update({"seed": job["seed"], "fmax_mhz": 40.0 + job["seed"], "critical_path": []})
    return out


def _calls(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.fixture()
def fake_env(flow_dirs, tmp_path, monkeypatch):
    calls = tmp_path / "calls"
    monkeypatch.setenv("FAKE_CALLS", str(calls))
    return calls


def test_local_sweep_runs_each_stage_once_and_resumes(fake_env, flow_dirs):
    results, _ = flow_dirs
    first = explore.explore(SPECS, ["ecp5-85k", "generic"], seeds=3, jobs=2, progress=False, runner=fake_run)
    assert [(r["config"], r["target"]) for r in first] == [
        (SPEC, "ecp5-85k"), (SPEC, "generic"), ("tiny8", "ecp5-85k"), ("tiny8", "generic")]
    calls = _calls(fake_env)
    # One bench per configuration (shared by its targets), one synth per configuration and target, three
    # placements per configuration on the one target that places and routes.
    kinds = [c.split("-")[0] for c in calls]
    assert kinds.count("bench") == 2 and kinds.count("synth") == 4 and kinds.count("pnr") == 6, calls
    big = first[0]
    assert big["status"] == "ok" and big["fmax_mhz"] == 42.0  # median of 41, 42, 43
    assert big["gbps"] == pytest.approx(128 * 42.0 / 10 / 1000)
    assert big["gbps_per_klut4"] == pytest.approx(big["gbps"] / 5.0, rel=1e-3)
    assert first[1]["fmax_mhz"] is None and first[1]["gbps"] is None  # generic: cell counts only
    assert len(list(results.glob("*.json"))) == 4
    # Resumable: nothing runs again.
    again = explore.explore(SPECS, ["ecp5-85k", "generic"], seeds=3, jobs=2, progress=False, runner=fake_run)
    assert all(r["cached"] for r in again) and _calls(fake_env) == calls
    # More seeds reuse the stage cache: only seed 4 is placed.
    more = explore.explore([SPEC], ["ecp5-85k"], seeds=4, jobs=1, progress=False, runner=fake_run)
    new = [c for c in _calls(fake_env) if c not in calls]
    assert len(new) == 1 and new[0].startswith("pnr-") and more[0]["fmax_mhz"] == 42.5


def test_does_not_fit_is_a_result(fake_env, flow_dirs, monkeypatch):
    monkeypatch.setenv("FAKE_UP5K_FULL", "1")
    [r] = explore.explore([SPEC], ["ice40-up5k"], seeds=2, jobs=1, progress=False, runner=fake_run)
    assert r["status"] == "does_not_fit" and r["fits"] is False and r["gbps"] is None and r["lut4"] == 5000


def test_failed_stage_is_reported_and_retried(fake_env, flow_dirs):
    [r] = explore.explore([SPEC], ["generic"], seeds=1, jobs=1, progress=False, runner=_Broken())
    assert r["status"] == "error" and "job failed" in r["error"]
    [r] = explore.explore([SPEC], ["generic"], seeds=1, jobs=1, progress=False, runner=fake_run)
    assert r["status"] == "ok" and not r["cached"]


class _Broken:
    def __call__(self, job):
        raise RuntimeError("worker died")


def test_sweep_on_dask_local_cluster(fake_env, flow_dirs):
    distributed = pytest.importorskip("distributed")
    cloudpickle = pytest.importorskip("cloudpickle")
    # The worker processes cannot import this test module: ship fake_run by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                      dashboard_address=None) as cluster:
            assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
            first = explore.explore(SPECS, ["ecp5-85k"], seeds=2, scheduler=cluster.scheduler_address,
                                    progress=False, runner=fake_run)
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    assert [r["status"] for r in first] == ["ok", "ok"] and not any(r["cached"] for r in first)
    pids = {json.loads((fake_env / c).read_text())["pid"] for c in _calls(fake_env)}
    assert len(_calls(fake_env)) == 2 + 2 + 4 and os.getpid() not in pids, "jobs did not run on the Dask worker"
    # Resumable: the same sweep again needs no scheduler (an unreachable address is never contacted).
    again = explore.explore(SPECS, ["ecp5-85k"], seeds=2, scheduler="tcp://127.0.0.1:9", progress=False,
                            runner=fake_run)
    assert all(r["cached"] for r in again) and [r["input_hash"] for r in again] == [r["input_hash"] for r in first]


@pytest.mark.full
def test_real_tools_on_dask_cluster(flow_dirs):
    distributed = pytest.importorskip("distributed")
    results, _ = flow_dirs
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        first = explore.explore([SPEC], ["generic"], seeds=1, scheduler=cluster.scheduler_address, progress=False)
    assert len(first) == 1 and first[0]["status"] == "ok" and not first[0]["cached"]
    assert first[0]["lut4"] > 1000 and first[0]["cycles_per_block"] == 10
    stage = synth.cache_load("synth", synth.plan(explore._parse_config(SPEC, []), "generic", 1).synth_hash)
    assert stage["worker"]["pid"] != os.getpid(), "the synthesis did not run on the Dask worker"
    assert list(results.glob("*.json"))
