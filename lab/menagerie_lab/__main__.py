"""`python3 -m menagerie_lab selfplay|iterate ...`: self-play runs and tuning
iterations on Ray (docs/lab.md)."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from . import cluster, iterate


def shard_options(s: argparse.ArgumentParser) -> None:
    """The options of a self-play run on Ray, shared by both commands."""
    s.add_argument("--variant", required=True)
    s.add_argument("--games", type=int, default=200, help="games (per iteration)")
    s.add_argument("--shard-games", type=int, default=10, help="games per Ray task")
    s.add_argument("--nodes", type=int, default=2000, help="nodes searched per move")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--out", type=Path, required=True, help="folder of the results")
    s.add_argument("--address", help="join this Ray cluster (e.g. HEAD_IP:6379 or auto); "
                   "default: start a local one")
    s.add_argument("--num-cpus", type=int, help="CPUs of the local cluster (default: all)")
    s.add_argument("--menagerie", default=cluster.default_binary(),
                   help="the menagerie binary (the same path on every node)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="menagerie_lab", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("selfplay", help="play self-play games in shards on a Ray cluster")
    shard_options(s)
    s.add_argument("--eval", default="default",
                   help="evaluation both sides play with: default, untuned or a weights file "
                   "(the same path on every node)")
    s.add_argument("--analyse", action="store_true",
                   help="print the balance and piece values of the stored shards at the end")
    it = sub.add_parser("iterate", help="tuning iterations: games with the last weights, tune, "
                        "optionally an SPRT against the weights before")
    shard_options(it)
    it.add_argument("--iterations", type=int, required=True)
    it.add_argument("--start", default="default",
                    help="evaluation of iteration 1's games: default, untuned or a weights file")
    it.add_argument("--sprt-pairs", type=int, default=0,
                    help="after each tuning, an SPRT of the new weights against the last, "
                    "at most this many pairs (0: none)")
    it.add_argument("--tune-args", default="",
                    help="more options of `menagerie lab tune`, e.g. '--target score'")
    a = p.parse_args(argv)
    if a.games <= 0 or a.shard_games <= 0 or a.nodes <= 0:
        p.error("--games, --shard-games and --nodes must be positive")
    if a.command == "iterate" and (a.iterations <= 0 or a.sprt_pairs < 0):
        p.error("--iterations must be positive and --sprt-pairs not negative")
    cluster.connect(a.address, a.num_cpus)
    if a.command == "iterate":
        plan = iterate.Plan(a.menagerie, a.variant, a.iterations, a.games, a.shard_games,
                            a.nodes, a.seed, a.out, a.start, a.sprt_pairs,
                            tuple(shlex.split(a.tune_args)))
        iterate.run(plan)
        return 0
    by_node = cluster.run_selfplay(a.menagerie, a.variant, a.games, a.shard_games, a.nodes,
                                   a.seed, a.out, eval_choice=cluster.eval_argument(a.eval))
    for node, n in sorted(by_node.items()):
        print(f"node {node}: {n} shards")
    if a.analyse:
        cluster.analyse(a.menagerie, a.variant, a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
