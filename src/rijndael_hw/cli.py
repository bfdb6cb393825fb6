"""The `rijndael` command: configurations, vector checks, benchmarks and the demo, on the simulated RTL.

Exit status: 0 success, 1 a check failed (or the simulation did), 2 a usage or input error. Errors are
one line, `rijndael: error: ...`, never a traceback: users mistype configuration names and hex, and a
traceback would bury the one thing they need to read.
"""
from __future__ import annotations

import argparse
import json
import sys

from . import configs

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


def cmd_bench(args) -> int:
    from .bench import bench, format_text

    config = configs.get(args.config, args.param)
    result = bench(config, blocks=args.blocks, key_bits=args.key_bits, block_bits=args.block_bits,
                   direction=args.direction, seed=args.seed)
    print(json.dumps(result) if args.json else format_text(result))
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
    p.add_argument("paths", nargs="+", metavar="PATH")
    _config_args(p)
    p.add_argument("--stall", type=float, default=0.0, metavar="P",
                   help="random in_valid/out_ready stalls with probability P (default 0: full rate)")
    p.add_argument("--seed", type=int, default=1, help="seed of the random stalls")
    p.add_argument("-v", "--verbose", action="store_true", help="show each failed record")
    p.set_defaults(func=cmd_vectors)

    p = sub.add_parser("bench", help="cycles per block, latency, key change cost and simulation speed")
    _config_args(p)
    p.add_argument("--blocks", type=int, default=20000, help="blocks to stream (default 20000)")
    p.add_argument("--key-bits", type=int, choices=(128, 160, 192, 224, 256), help="default: smallest supported")
    p.add_argument("--block-bits", type=int, choices=(128, 160, 192, 224, 256), help="default: smallest supported")
    p.add_argument("--direction", choices=("encrypt", "decrypt"), default="encrypt")
    p.add_argument("--seed", type=int, default=1, help="seed of the random keys and data")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("demo", help="build the default core and run FIPS-197 vectors and a file through it")
    p.add_argument("--config", default="iterative", metavar="NAME", help=argparse.SUPPRESS)
    p.set_defaults(func=cmd_demo)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from .sim import HarnessError  # imported late: `rijndael configs` needs no simulator

    try:
        return args.func(args)
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
