"""The `rijndael` command: configurations, vector checks, benchmarks and the demo, on the simulated RTL.

Exit status: 0 success, 1 a check failed (or the simulation did), 2 a usage or input error. Errors are
one line, `rijndael: error: ...`, never a traceback: users mistype configuration names and hex, and a
traceback would bury the one thing they need to read.
"""
from __future__ import annotations

import argparse
import json
import sys

from . import configs, modes

PROG = "rijndael"


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in the same one-line form as every other error."""

    def error(self, message):
        _fail(f"{message} (see '{self.prog} --help')")


def _fail(message: str, status: int = 2):
    print(f"{PROG}: error: {message}", file=sys.stderr)
    sys.exit(status)


def _config_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", default="iterative", metavar="NAME",
                        help="named configuration (see 'rijndael configs'; default: iterative)")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                        help="override one RTL parameter, e.g. --param ENABLE_DECRYPT=0 (repeatable)")


def _sizes(bits) -> str:
    return "/".join(str(b) for b in bits)


def cmd_configs(args) -> int:
    rows = [("name", "blocks", "keys", "directions", "description")]
    for name in configs.names():
        config = configs.get(name)
        directions = "+".join(d for d, on in (("enc", config.encrypt), ("dec", config.decrypt)) if on)
        rows.append((name, _sizes(config.block_bits), _sizes(config.key_bits), directions, config.description))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)) + "  " + row[4])
    print("\nparameters (--param NAME=VALUE; defaults are those of 'iterative'):")
    width = max(map(len, configs.PARAMETERS))
    for name, (default, text) in configs.PARAMETERS.items():
        shown = f"{default:#07b}" if name.endswith("_SIZES") else str(default)
        print(f"  {name.ljust(width)}  {shown:>7}  {text}")
    return 0


def cmd_vectors(args) -> int:
    if args.engine:
        return _vectors_engine(args)
    if not args.paths:
        _fail("give vector files (or --engine, which has a default set)")
    from .vectors import VectorRunner, load

    config = configs.get(args.config, args.param)
    for path in args.paths:  # read everything first: a bad file stops the run before any build
        load(path)
    options = {"seed": args.seed, "in_stall": args.stall, "out_stall": args.stall}
    totals = [0, 0, 0]
    with VectorRunner(config, options) as runner:
        for path in args.paths:
            report = runner.check_file(path)
            print(report.line(), flush=True)
            if args.verbose:
                for failure in report.failures:
                    print(f"    {failure}")
            totals = [totals[0] + report.passed, totals[1] + report.failed, totals[2] + report.skipped]
    summary = f"{totals[0]} passed, {totals[1]} failed"
    print(summary + (f", {totals[2]} skipped" if totals[2] else ""))
    return 1 if totals[1] else 0


def _vectors_engine(args) -> int:
    from .vectors import EngineVectorRunner, engine_suite, file_record, load_any

    config, params = _engine_config(args)
    kinds = tuple(k.strip().upper() for k in args.kinds.split(","))
    paths = args.paths or engine_suite(kinds)
    for path in paths:  # read everything first: a bad file stops the run before any build
        load_any(path)
    options = {"seed": args.seed, "in_stall": args.stall, "out_stall": args.stall}
    totals = [0, 0, 0]
    with EngineVectorRunner(config, params=params, harness_options=options) as runner:
        for path in paths:
            report, records = runner.check_file(path)
            if args.jsonl:
                print(json.dumps(file_record(report, records, config, runner.params)), flush=True)
            else:
                print(report.line(), flush=True)
            if args.verbose:
                for failure in report.failures:
                    print(f"    {failure}", file=sys.stderr if args.jsonl else sys.stdout)
            totals = [totals[0] + report.passed, totals[1] + report.failed, totals[2] + report.skipped]
    summary = f"{totals[0]} passed, {totals[1]} failed" + (f", {totals[2]} skipped" if totals[2] else "")
    print(summary, file=sys.stderr if args.jsonl else sys.stdout)
    return 1 if totals[1] else 0


def cmd_bench(args) -> int:
    from .bench import bench, bench_engine, format_engine_text, format_text

    if args.engine:
        config, params = _engine_config(args)
        result = bench_engine(config, mode=args.mode, direction=args.direction, message_blocks=args.message_blocks,
                              contexts=args.contexts, min_blocks=args.blocks or 4096, key_bits=args.key_bits,
                              block_bits=args.block_bits, tdata_width=args.tdata_width,
                              params={k: v for k, v in params.items() if k in _given_engine_params(args)},
                              seed=args.seed, stall=args.stall)
        print(json.dumps(result) if args.json else format_engine_text(result))
        return 0
    config = configs.get(args.config, args.param)
    result = bench(config, blocks=args.blocks or 20000, key_bits=args.key_bits, block_bits=args.block_bits,
                   direction=args.direction, seed=args.seed)
    print(json.dumps(result) if args.json else format_text(result))
    return 0


def _given_engine_params(args) -> set:
    from .engine_sim import split_params

    return set(split_params(args.param)[1]) | ({"CORES"} if getattr(args, "cores", None) else set())


def cmd_synth(args) -> int:
    from . import synth

    engine_only = [name for name in ("cores", "tdata_width", "contexts", "fifo_depth")
                   if getattr(args, name) is not None]
    if args.engine:
        from .engine_sim import split_params

        core, engine = split_params(args.param)
        config = configs.get(args.config, core)
        design = synth.engine_design(config, args.cores, args.tdata_width, args.contexts, args.fifo_depth, **engine)
    elif engine_only:
        _fail(f"--{engine_only[0].replace('_', '-')} is an engine parameter: add --engine")
    else:
        config, design = configs.get(args.config, args.param), synth.CORE
    progress = None if args.json else (lambda text: print(f"rijndael synth: {text}", file=sys.stderr, flush=True))
    result = synth.characterize(config, args.target, seeds=args.seeds, clock_mhz=args.clock, force=args.force,
                                log=progress, design=design)
    print(json.dumps(result, indent=1) if args.json else synth.format_text(result))
    return 1 if result["status"] == "error" else 0


def cmd_explore(args) -> int:
    from . import explore

    summary = explore.explore(args.configs, args.targets, seeds=args.seeds, jobs=args.jobs,
                              scheduler=args.scheduler, clock_mhz=args.clock, params=args.param,
                              progress=not args.quiet)
    print(explore.format_summary(summary))
    return 1 if any(r["status"] == "error" for r in summary) else 0


def cmd_report(args) -> int:
    from . import report

    written = report.write_report(results_dir=args.results, docs_dir=args.docs)
    for path in written:
        print(path)
    return 0


def _engine_config(args):
    """(core Config, engine params) from --config / --param (engine parameters split off)."""
    from .engine_sim import engine_params, split_params

    core, engine = split_params(args.param)
    return configs.get(args.config, core), engine_params(getattr(args, "tdata_width", None),
                                                         getattr(args, "cores", None), **engine)


def cmd_crypt(args) -> int:
    from pathlib import Path

    from .engine_sim import crypt_file, parse_hex_arg

    config, params = _engine_config(args)
    decrypt = args.command == "decrypt"
    key = parse_hex_arg("--key", args.key)
    iv = None if args.iv is None else parse_hex_arg("--iv", args.iv)
    if args.aad is not None and args.aad_file is not None:
        _fail("give --aad or --aad-file, not both")
    aad = parse_hex_arg("--aad", args.aad) if args.aad is not None else (
        Path(args.aad_file).read_bytes() if args.aad_file is not None else None)
    size = Path(args.input).stat().st_size
    bar = None
    if not args.quiet and size >= (1 << 20):
        from tqdm import tqdm
        bar = tqdm(total=size, unit="B", unit_scale=True, unit_divisor=1024, file=sys.stderr,
                   desc=f"{args.command} {args.mode}", disable=None)
    done = [0]

    def progress(nbytes: int) -> None:
        if bar is not None:
            bar.update(nbytes - done[0])
            done[0] = nbytes

    try:
        result = crypt_file(config, args.mode, decrypt, key, iv, args.input, args.output,
                            block_bits=args.block_bits, params=params, seed=args.seed, stall=args.stall,
                            progress=progress, aad=aad, tag_bits=args.tag_bits)
    finally:
        if bar is not None:
            bar.update(size - done[0]) if done[0] < size else None
            bar.close()
    if args.json:
        print(json.dumps(result))
    elif not args.quiet:
        bpc = result["bits_per_cycle"]
        print(f"{args.command}ed {result['bytes']} bytes ({result['blocks']} blocks) with {args.mode} on "
              f"{config.name}, TDATA {params['TDATA_WIDTH']} bits"
              f"{', ' + str(params['CORES']) + ' cores' if params['CORES'] > 1 else ''}: {result['cycles']} cycles, "
              f"{'-' if bpc is None else f'{bpc:.3f}'} bits per clock "
              f"(simulated at {result['sim_cycles_per_second']} cycles/s)")
    return 0


def cmd_demo(args) -> int:
    from .demo import run

    return 1 if run(args.config) else 0


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog=PROG, description="Rijndael/AES hardware cores: configurations, simulation, checks.")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("configs", help="list named configurations and parameters")
    p.set_defaults(func=cmd_configs)

    p = sub.add_parser("vectors", help="run CAVP .rsp / JSON-lines vector files through the simulated RTL")
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="CAVP .rsp or JSON-lines files; with --engine also 'sp800-38a-ctr' (default with "
                        "--engine: every CAVP CBC/CFB128/OFB file, the SP 800-38A CTR examples, the CAVP GCM "
                        "files and Wycheproof's aes_gcm_test.json)")
    _config_args(p)
    p.add_argument("--engine", action="store_true",
                   help="run through the engine (rtl/system: every mode) instead of the bare core (ECB only)")
    p.add_argument("--tdata-width", "--tdata-bits", dest="tdata_width", type=int, choices=(32, 64, 128, 256),
                   help="engine stream width (default 128)")
    p.add_argument("--cores", type=int, choices=(1, 2), help="engine: cipher cores (default 1; see docs/system.md)")
    p.add_argument("--kinds", default="KAT,MMT,MCT", metavar="K,K",
                   help="with --engine and no PATH: which CAVP kinds (default KAT,MMT,MCT)")
    p.add_argument("--jsonl", action="store_true", help="with --engine: one JSON object per file (mode, counts)")
    p.add_argument("--stall", type=float, default=0.0, metavar="P",
                   help="random in_valid/out_ready stalls with probability P (default 0: full rate)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random stalls")
    p.add_argument("-v", "--verbose", action="store_true", help="show each failed record")
    p.set_defaults(func=cmd_vectors)

    p = sub.add_parser("bench", help="cycles per block, latency, key change cost and simulation speed")
    _config_args(p)
    p.add_argument("--blocks", type=int, help="blocks to stream (default 20000; --engine: at least 4096)")
    p.add_argument("--engine", action="store_true", help="measure the engine (rtl/system) around the core")
    p.add_argument("--mode", default="ecb", choices=modes.ENGINE_NAMES, help="--engine: mode")
    p.add_argument("--tdata-width", "--tdata-bits", dest="tdata_width", type=int, choices=(32, 64, 128, 256),
                   help="--engine: stream width (default 128)")
    p.add_argument("--cores", type=int, choices=(1, 2),
                   help="--engine: cipher cores in the engine (default 1; 2 issues two blocks per clock)")
    p.add_argument("--message-blocks", type=int, default=256, metavar="N", help="--engine: blocks per message")
    p.add_argument("--contexts", type=int, default=1, metavar="C",
                   help="--engine: messages spread over C contexts, interleaved on the stream")
    p.add_argument("--stall", type=float, default=0.0, metavar="P", help="--engine: random stream stalls")
    p.add_argument("--key-bits", type=int, choices=(128, 160, 192, 224, 256), help="default: smallest supported")
    p.add_argument("--block-bits", type=int, choices=(128, 160, 192, 224, 256), help="default: smallest supported")
    p.add_argument("--direction", choices=("encrypt", "decrypt"), default="encrypt")
    p.add_argument("--seed", type=int, default=1, help="seed of the random keys and data")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench)

    from .synth import DEFAULT_TARGET, TARGETS  # plain data; imports no tool

    p = sub.add_parser("synth", help="synthesize, place and route one configuration: LUT4, FF, Fmax, Gbit/s")
    _config_args(p)
    p.add_argument("--target", default=DEFAULT_TARGET, choices=list(TARGETS),
                   help=f"device (default {DEFAULT_TARGET}; generic = Yosys cell counts only)")
    p.add_argument("--seeds", type=int, default=3, help="placer seeds 1..N (default 3; Fmax is their median)")
    p.add_argument("--clock", type=float, metavar="MHZ", help="requested clock; timing_met says if it was reached")
    p.add_argument("--force", action="store_true", help="recompute even if a result with the same input hash exists")
    p.add_argument("--engine", action="store_true",
                   help="characterize rijndael_engine (rtl/system) around the core instead of the bare core; "
                        "Gbit/s from the engine benchmark (CTR, 256-block messages)")
    p.add_argument("--cores", type=int, choices=(1, 2), help="--engine: cipher cores (default 1)")
    p.add_argument("--tdata-width", type=int, choices=(32, 64, 128, 256), help="--engine: stream width (default 128)")
    p.add_argument("--contexts", type=int, metavar="C", help="--engine: CONTEXTS, contexts built (default 4)")
    p.add_argument("--fifo-depth", type=int, metavar="D", help="--engine: FIFO_DEPTH in blocks (default 512)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_synth)

    p = sub.add_parser("explore", help="sweep configurations x targets x seeds in parallel (resumable)")
    p.add_argument("--configs", nargs="+", metavar="NAME",
                   help="named configurations, optionally with overrides NAME,K=V,... (default: all)")
    p.add_argument("--targets", nargs="+", default=[DEFAULT_TARGET], choices=list(TARGETS), metavar="T",
                   help=f"targets (default {DEFAULT_TARGET}; known: {', '.join(TARGETS)})")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="override a parameter in every configuration of the sweep (repeatable)")
    p.add_argument("--seeds", type=int, default=3, help="placer seeds per configuration and target (default 3)")
    p.add_argument("--jobs", type=int, default=2, help="parallel local jobs (default 2)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="run the jobs on this Dask scheduler (tcp://host:port)")
    p.add_argument("--clock", type=float, metavar="MHZ", help="requested clock (default: per target)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_explore)

    p = sub.add_parser("report", help="write docs/results.md, plots and docs/results.html from results/synth")
    p.add_argument("--results", metavar="DIR", help="folder of result JSON files (default results/synth)")
    p.add_argument("--docs", metavar="DIR", help="output folder (default docs)")
    p.set_defaults(func=cmd_report)

    for name in ("encrypt", "decrypt"):
        p = sub.add_parser(name, help=f"{name} a file through the simulated engine (rtl/system), any mode")
        p.add_argument("input", metavar="IN", help="input file")
        p.add_argument("output", metavar="OUT", help="output file (written whole at the end)")
        p.add_argument("--mode", required=True, choices=modes.ENGINE_NAMES)
        p.add_argument("--key", required=True, metavar="HEX", help="key, 16/20/24/28/32 bytes in hex")
        p.add_argument("--iv", metavar="HEX",
                       help="IV (CBC, CFB128, OFB, GCM: any length, 12 bytes recommended) or initial counter block (CTR)")
        p.add_argument("--aad", metavar="HEX", help="gcm: additional authenticated data (default none)")
        p.add_argument("--aad-file", metavar="F", help="gcm: additional authenticated data from a file")
        p.add_argument("--tag-bits", type=int, metavar="N",
                       help="gcm: tag length, 32..128 in multiples of 8 (default 128); "
                            + ("the tag follows the ciphertext in OUT" if name == "encrypt" else
                               "IN is the ciphertext followed by the tag; OUT is written only if the tag matches"))
        _config_args(p)
        p.add_argument("--tdata-width", "--tdata-bits", dest="tdata_width", type=int, choices=(32, 64, 128, 256),
                       help="AXI4-Stream width (default 128)")
        p.add_argument("--cores", type=int, choices=(1, 2), help="cipher cores in the engine (default 1)")
        p.add_argument("--block-bits", type=int, default=128, choices=(128, 160, 192, 224, 256),
                       help="Rijndael block length (default 128; needs a configuration that has it)")
        p.add_argument("--stall", type=float, default=0.0, metavar="P",
                       help="random tvalid/tready stalls with probability P (default 0: full rate)")
        p.add_argument("--seed", type=int, default=1, help="seed of the random stalls")
        p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
        p.add_argument("-q", "--quiet", action="store_true", help="no progress bar, no summary")
        p.set_defaults(func=cmd_crypt)

    p = sub.add_parser("demo", help="build the default core and run FIPS-197 vectors and a file through it")
    p.add_argument("--config", default="iterative", metavar="NAME", help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_demo)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from .sim import HarnessError  # imported late: `rijndael configs` needs no simulator
    from .engine_sim import AuthenticationFailed

    try:
        return args.func(args)
    except AuthenticationFailed as error:
        _fail(str(error), status=1)
    except (ValueError, OSError) as error:  # includes ConfigError and bad vector files
        _fail(_describe(error))
    except HarnessError as error:
        _fail(f"simulation failed: {error}", status=1)
    except KeyboardInterrupt:
        _fail("interrupted", status=130)


def _describe(error: Exception) -> str:
    if isinstance(error, OSError) and error.filename:
        return f"{error.filename}: {error.strerror or error}"
    return str(error)


if __name__ == "__main__":
    sys.exit(main())
