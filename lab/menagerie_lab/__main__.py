"""`python3 -m menagerie_lab selfplay ...`: a self-play run on Ray."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import cluster


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="menagerie_lab", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("selfplay", help="play self-play games in shards on a Ray cluster")
    s.add_argument("--variant", required=True)
    s.add_argument("--games", type=int, default=200)
    s.add_argument("--shard-games", type=int, default=10, help="games per Ray task")
    s.add_argument("--nodes", type=int, default=2000, help="nodes searched per move")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--out", type=Path, required=True, help="folder of the shard files")
    s.add_argument("--address", help="join this Ray cluster (e.g. HEAD_IP:6379 or auto); "
                   "default: start a local one")
    s.add_argument("--num-cpus", type=int, help="CPUs of the local cluster (default: all)")
    s.add_argument("--menagerie", default=cluster.default_binary(),
                   help="the menagerie binary (the same path on every node)")
    s.add_argument("--analyse", action="store_true",
                   help="print the balance and piece values of the stored shards at the end")
    a = p.parse_args(argv)
    if a.games <= 0 or a.shard_games <= 0 or a.nodes <= 0:
        p.error("--games, --shard-games and --nodes must be positive")
    cluster.connect(a.address, a.num_cpus)
    by_node = cluster.run_selfplay(a.menagerie, a.variant, a.games, a.shard_games, a.nodes,
                                   a.seed, a.out)
    for node, n in sorted(by_node.items()):
        print(f"node {node}: {n} shards")
    if a.analyse:
        cluster.analyse(a.menagerie, a.variant, a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
