"""CI test of the lab on Ray (run by scripts/test-all.sh):

1. a local cluster plays a run in shards, a shard whose binary fails once is
   re-run by Ray, and every game is stored exactly once;
2. a second Ray node started on its own (`ray start --address`) joins a
   head node and takes shards.

Usage: python3 lab/tests/test_cluster.py [PATH/TO/menagerie]
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from common import BINARY  # puts the package on the path: first

import ray  # noqa: E402
from menagerie_lab import cluster  # noqa: E402

GAMES, SHARD, NODES = 8, 2, 200


def games_in(folder: Path) -> list[str]:
    ends = []
    for f in sorted(folder.glob("shard-*.txt")):
        ends += [l.split("\t")[1] for l in f.read_text().splitlines() if l.startswith("G\t")]
    return ends


def flaky_binary(tmp: Path) -> str:
    """A wrapper that fails the first run of shard 0, then runs the binary."""
    marker = tmp / "failed-once"
    script = tmp / "flaky-menagerie"
    script.write_text(
        "#!/bin/sh\n"
        f'case "$*" in *"--first 0 "*) if [ ! -e "{marker}" ]; then touch "{marker}"; '
        'echo "simulated crash" >&2; exit 3; fi;; esac\n'
        f'exec "{BINARY}" "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script), marker


def test_plan():
    assert cluster.plan(7, 3) == [cluster.Shard(0, 3), cluster.Shard(3, 3), cluster.Shard(6, 1)]
    try:
        cluster.plan(0, 3)
    except ValueError:
        pass
    else:
        raise AssertionError("a run of no games was planned")


def test_local_run_reruns_a_failed_shard_and_counts_each_game_once(tmp: Path):
    binary, marker = flaky_binary(tmp)
    out = tmp / "local"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        by_node = cluster.run_selfplay(binary, "chess", GAMES, SHARD, NODES, 5, out, log=print)
        assert marker.exists(), "the wrapper never failed: the test tests nothing"
        assert sum(by_node.values()) == GAMES // SHARD, by_node
        assert sorted(games_in(out), key=int) == [str(g) for g in range(GAMES)], games_in(out)
        # Resuming finds every shard stored and plays nothing.
        assert cluster.run_selfplay(binary, "chess", GAMES, SHARD, NODES, 5, out, log=print) == {}
    finally:
        ray.shutdown()
    # The stored records are what one `menagerie selfplay` run writes.
    whole = tmp / "whole.txt"
    subprocess.run([BINARY, "selfplay", "--variant", "chess", "--games", str(GAMES), "--nodes",
                    str(NODES), "--seed", "5", "--out", str(whole)], check=True,
                   capture_output=True)
    body = [l for l in whole.read_text().splitlines() if not l.startswith("#")]
    stored = [l for f in sorted(out.glob("shard-*.txt")) for l in f.read_text().splitlines()
              if not l.startswith("#")]
    assert body == stored, "sharded games differ from one run's"


def ray_cli(*args: str, env: dict) -> None:
    subprocess.run([sys.executable, "-m", "ray.scripts.scripts", *args], check=True,
                   capture_output=True, env=env)


def test_a_second_node_joins_and_takes_shards(tmp: Path):
    env = dict(os.environ, RAY_AUTH_MODE="disabled")
    port = "6391"
    ray_cli("start", "--head", f"--port={port}", "--num-cpus=1", "--include-dashboard=false",
            f"--temp-dir={tmp / 'ray-head'}", env=env)
    try:
        ray_cli("start", f"--address=127.0.0.1:{port}", "--num-cpus=1",
                f"--temp-dir={tmp / 'ray-head'}", env=env)
        os.environ["RAY_AUTH_MODE"] = "disabled"
        ray.init(address=f"127.0.0.1:{port}", log_to_driver=False)
        try:
            nodes = [n for n in ray.nodes() if n["Alive"]]
            assert len(nodes) == 2, nodes
            by_node = cluster.run_selfplay(BINARY, "chess", GAMES, 1, NODES * 5, 9, tmp / "two",
                                           log=print)
        finally:
            ray.shutdown()
        print("shards by node:", by_node)
        assert len(by_node) == 2, f"one node played every shard: {by_node}"
        assert len(games_in(tmp / "two")) == GAMES
    finally:
        ray_cli("stop", "--force", env=env)


def main() -> int:
    test_plan()
    with tempfile.TemporaryDirectory() as d:
        test_local_run_reruns_a_failed_shard_and_counts_each_game_once(Path(d))
    with tempfile.TemporaryDirectory() as d:
        test_a_second_node_joins_and_takes_shards(Path(d))
    print("lab cluster tests: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
