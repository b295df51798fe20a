"""Self-play shards on Ray.

A run of N games is cut into shards of consecutive game numbers; every
shard is one Ray task that runs `menagerie selfplay --first F --games G` and
returns the records it wrote. A game is a pure function of the seed and its
number, so a shard re-run (Ray retries a task whose worker died or whose
binary failed) writes exactly the same games, and a shard is stored once,
under its first game's number, by the driver alone: nothing is counted
twice. Shards already stored in the output folder are skipped, so an
interrupted run resumes where it stopped.
"""

from __future__ import annotations

import dataclasses
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import ray

#: Times Ray re-runs a shard whose worker died or whose binary failed.
SHARD_RETRIES = 3
#: First line of a record file (see crates/cli/src/lab/records.rs).
MAGIC = "# menagerie selfplay v1"


@dataclasses.dataclass(frozen=True)
class Shard:
    """Games `first .. first + games` of one run."""

    first: int
    games: int

    @property
    def file_name(self) -> str:
        return f"shard-{self.first:09d}.txt"


def plan(games: int, shard_games: int) -> list[Shard]:
    """The shards of a run of `games` games, `shard_games` each (the last
    may be smaller)."""
    if games <= 0 or shard_games <= 0:
        raise ValueError("games and shard size must be positive")
    return [Shard(f, min(shard_games, games - f)) for f in range(0, games, shard_games)]


def header(text: str) -> dict[str, str]:
    """The `key=value` fields of a record file's second line (the run's
    settings: variant, nodes, seed, eval, ...)."""
    lines = text.splitlines()
    if len(lines) < 2 or not lines[1].startswith("# "):
        return {}
    return dict(f.split("=", 1) for f in lines[1][2:].split() if "=" in f)


def complete(text: str, shard: Shard) -> bool:
    """True when `text` holds every game of `shard`, each with its end."""
    if not text.startswith(MAGIC):
        return False
    ends = {line.split("\t")[1] for line in text.splitlines() if line.startswith("G\t")}
    return ends == {str(g) for g in range(shard.first, shard.first + shard.games)}


@ray.remote(max_retries=SHARD_RETRIES, retry_exceptions=True)
def play_shard(binary: str, variant: str, shard: Shard, nodes: int, seed: int,
               extra: list[str]) -> tuple[str, str]:
    """Runs one shard on whichever node Ray chose; returns (node, records)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, shard.file_name)
        cmd = [binary, "selfplay", "--variant", variant, "--first", str(shard.first),
               "--games", str(shard.games), "--nodes", str(nodes), "--seed", str(seed),
               "--out", out, *extra]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()}")
        text = Path(out).read_text()
    if not complete(text, shard):
        raise RuntimeError(f"shard {shard.first}: the records are incomplete")
    node = f"{socket.gethostname()}:{ray.get_runtime_context().get_node_id()}"
    return node, text


def store(folder: Path, shard: Shard, text: str) -> None:
    """Writes a shard's records atomically (a crash leaves no half file)."""
    tmp = folder / (shard.file_name + ".tmp")
    tmp.write_text(text)
    tmp.replace(folder / shard.file_name)


def eval_argument(choice: str) -> str:
    """`--eval` as every node reads it: `default`, `untuned`, or a weights
    file's absolute path (a Ray worker does not run in the driver's folder)."""
    return choice if choice in ("default", "untuned") else str(Path(choice).resolve())


def run_selfplay(binary: str, variant: str, games: int, shard_games: int, nodes: int,
                 seed: int, out: Path, extra: list[str] | None = None,
                 log=print, eval_choice: str = "default") -> dict[str, int]:
    """Plays a run on the connected Ray cluster, storing shards in `out`;
    returns how many shards each node played in this call. Every shard plays
    with the evaluation `eval_choice` (see `eval_argument`); a stored shard of
    other settings (nodes, seed or evaluation) is an error, not a shard of
    this run."""
    out.mkdir(parents=True, exist_ok=True)
    shards = plan(games, shard_games)
    want = {"nodes": str(nodes), "seed": str(seed), "eval": eval_choice}
    todo = []
    for s in shards:
        path = out / s.file_name
        text = path.read_text() if path.exists() else ""
        if complete(text, s):
            found = {"eval": "default", **header(text)}  # files before `eval=`: the default
            if any(found.get(k) != v for k, v in want.items()):
                raise ValueError(f"{path} holds games of other settings ({found}), not {want}")
            continue
        todo.append(s)
    extra = ["--eval", eval_choice, *(extra or [])]
    log(f"{len(shards)} shards of {variant}, {len(shards) - len(todo)} already stored")
    pending = {play_shard.remote(binary, variant, s, nodes, seed, extra): s for s in todo}
    by_node: dict[str, int] = {}
    started, done_games = time.monotonic(), sum(s.games for s in shards if s not in todo)
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        shard = pending.pop(ready[0])
        node, text = ray.get(ready[0])
        store(out, shard, text)
        by_node[node] = by_node.get(node, 0) + 1
        done_games += shard.games
        log(f"  {done_games}/{games} games, {len(shards) - len(pending)}/{len(shards)} shards,"
            f" {time.monotonic() - started:.0f} s")
    return by_node


def analyse(binary: str, variant: str, out: Path, log=print) -> None:
    """Prints `menagerie lab balance` and `lab values` of the stored shards."""
    files = sorted(str(p) for p in out.glob("shard-*.txt"))
    for cmd in (["lab", "balance", *files], ["lab", "values", "--variant", variant, *files]):
        done = subprocess.run([binary, *cmd], capture_output=True, text=True)
        log(done.stdout.rstrip() if done.returncode == 0 else done.stderr.rstrip())


def connect(address: str | None, num_cpus: int | None) -> None:
    """Joins the cluster at `address`, or starts a local one."""
    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(num_cpus=num_cpus, log_to_driver=False, include_dashboard=False)


def default_binary() -> str:
    """`menagerie` from this repository's release build, else from PATH."""
    here = Path(__file__).resolve().parents[2] / "target" / "release" / "menagerie"
    return str(here) if here.exists() else "menagerie"


if __name__ == "__main__":  # pragma: no cover
    sys.exit("run: python3 -m menagerie_lab --help")
