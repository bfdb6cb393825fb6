"""Design-space sweeps: `rijndael explore`.

Configurations x targets x placer seeds, run as independent stage jobs (see synth.py): one `bench` job per
configuration, one `synth` job per configuration and target, then one `pnr` job per seed as soon as that
target's netlist exists. Jobs run on a local process pool by default, or on an existing Dask distributed
cluster with --scheduler (the jobs carry their inputs, so workers need this package and the YoWASP tools,
not the repository). Every finished stage is cached by its input hash, and a characterization whose final
result is already in results/synth is not run at all, so an interrupted sweep resumes where it stopped.
"""
from __future__ import annotations

import concurrent.futures as cf
import sys

from . import configs, synth


def _parse_config(spec: str, params: list[str]) -> configs.Config:
    """`name` or `name,K=V,K=V` (the label form `rijndael synth` writes), plus sweep-wide overrides."""
    name, *overrides = spec.split(",")
    return configs.get(name, list(overrides) + list(params))


def _plans(config_specs, targets, seeds, clock_mhz, params) -> list[synth.Plan]:
    plans = []
    for spec in config_specs or configs.names():
        config = _parse_config(spec, params)
        for target in targets:
            plans.append(synth.plan(config, target, seeds, clock_mhz))
    return plans


class _LocalPool:
    """A process pool with the two calls the sweep needs (Dask's Client offers the same two)."""

    def __init__(self, jobs: int, runner):
        self.pool = cf.ProcessPoolExecutor(max_workers=max(1, jobs))
        self.runner = runner

    def submit(self, job):
        return self.pool.submit(self.runner, job)

    @staticmethod
    def wait_first(pending):
        done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
        return done

    def close(self):
        self.pool.shutdown(wait=True, cancel_futures=True)


class _DaskPool:
    def __init__(self, address: str, runner):
        from distributed import Client

        self.client = Client(address, timeout="20s")
        self.runner = runner

    def submit(self, job):
        # pure=False: identical jobs are still separate runs (a retried failure must run again).
        return self.client.submit(self.runner, job, pure=False)

    @staticmethod
    def wait_first(pending):
        from distributed import wait

        done, _ = wait(list(pending), return_when="FIRST_COMPLETED")
        return done

    def close(self):
        self.client.close()


def _progress(total: int, enabled: bool):
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # the sweep works without a progress bar
        return None
    return tqdm(total=total, unit="job", file=sys.stderr, dynamic_ncols=True)


def explore(config_specs=None, targets=(synth.DEFAULT_TARGET,), seeds: int = 3, jobs: int = 2,
            scheduler: str | None = None, clock_mhz: float | None = None, params=(), progress: bool = True,
            force: bool = False, runner=None) -> list[dict]:
    """Run the sweep; returns one result dict per configuration and target (also stored in results/synth).

    `runner` runs one stage job (default synth.run_job, the real tools); tests pass a cheap stand-in with
    the same contract (a job dict in, a result dict with `kind`, `key` and `status` out).
    """
    runner = runner or synth.run_job
    plans = _plans(config_specs, list(targets), seeds, clock_mhz, list(params))
    results: dict[int, dict] = {}
    todo = []
    for index, p in enumerate(plans):
        cached = None if force else synth.load_cached(p)
        if cached is not None:
            results[index] = {**cached, "cached": True}
        else:
            todo.append(index)

    # Stage bookkeeping: what each plan still waits for.
    state = {i: {"bench": None, "synth": None, "pnr": {}} for i in todo}
    total = sum(2 + (len(plans[i].seeds) if plans[i].target.pnr else 0) for i in todo)
    bar = _progress(total, progress)
    pool = (_DaskPool(scheduler, runner) if scheduler else _LocalPool(jobs, runner)) if todo else None
    pending = {}  # future -> (plan indexes, kind, seed)
    # A stage job shared by several plans (bench across targets) runs once.
    by_key: dict[tuple, list] = {}

    def finish(kind, key, value):
        for i, seed in by_key.pop((kind, key), []):
            if kind == "pnr":
                state[i]["pnr"][seed] = value
            else:
                state[i][kind] = value
            if bar:
                bar.update(1)
            if kind == "synth":
                start_pnr(i)
            maybe_done(i)

    def launch(i, job, seed=None):
        slot = (job["kind"], job["key"])
        waiting = by_key.setdefault(slot, [])
        waiting.append((i, seed))
        if len(waiting) > 1:
            return  # already running or cached for another plan
        cached = None if force else synth.cache_load(*slot)
        if cached is None and not force and job["kind"] == "pnr":
            cached = synth.placed_from_records(job)
        if cached is not None:
            finish(job["kind"], job["key"], cached)
        else:
            pending[pool.submit(job)] = slot

    def start_pnr(i):
        p = plans[i]
        s = state[i]["synth"]
        if not p.target.pnr or s.get("status") != "ok":
            if bar and p.target.pnr:
                bar.update(len(p.seeds))  # nothing to place and route
            return
        for seed in p.seeds:
            launch(i, synth.pnr_job(p, seed, s["netlist_gz"], synth.synth_netlist_id(s)), seed)

    def maybe_done(i):
        p, s = plans[i], state[i]
        if s["bench"] is None or s["synth"] is None or i in results:
            return
        if p.target.pnr and s["synth"].get("status") == "ok" and len(s["pnr"]) < len(p.seeds):
            return
        result = synth.assemble(p, s["synth"], list(s["pnr"].values()), s["bench"])
        if result["status"] != "error":
            synth.store(p, result)
        results[i] = {**result, "cached": False}
        if bar:
            bar.set_postfix_str(f"{p.config.name} {p.target.name}: {result['status']}")

    try:
        for i in todo:
            launch(i, synth.bench_job(plans[i]))
            launch(i, synth.synth_job(plans[i]))
        while pending:
            for future in pool.wait_first(set(pending)):
                kind, key = pending.pop(future)
                try:
                    value = future.result()
                except Exception as error:  # a worker that died: the stage failed, the sweep goes on
                    value = {"kind": kind, "key": key, "status": "error", "error": f"{kind} job failed: {error}"}
                synth.cache_store(value)
                finish(kind, key, value)
    finally:
        if bar:
            bar.close()
        if pool:
            pool.close()
    return [results[i] for i in sorted(results)]


def format_summary(results: list[dict]) -> str:
    rows = [("config", "target", "status", "LUT4", "FF", "BRAM", "Fmax MHz", "cyc/blk", "Gbit/s", "Gb/s/kLUT", "")]
    for r in results:
        def f(key, spec=""):
            value = r.get(key)
            return "-" if value is None else format(value, spec)
        rows.append((r["config"], r["target"], r["status"], f("lut4"), f("ff"), f("bram"), f("fmax_mhz"),
                     f("cycles_per_block"), f("gbps", ".3f"), f("gbps_per_klut4", ".3f"),
                     "cached" if r.get("cached") else (r.get("error") or "")[:60]))
    widths = [max(len(str(row[i])) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows)
