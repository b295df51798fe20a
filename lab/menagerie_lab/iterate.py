"""Tuning iterations: new games with the last weights, tuned again.

Iteration K plays `games` self-play games on Ray with the weights of
iteration K-1 (iteration 1: the `start` evaluation, `default` or `untuned`
as `menagerie` defines them, or a weights file), stores them in
`DIR/games-K/`, tunes on them alone with `menagerie lab tune` into
`DIR/itK.toml` (starting from the weights the games were played with),
and, when asked, plays an SPRT of itK against the weights its
games were played with (`menagerie match`, random openings, at most
`sprt_pairs` pairs) into `DIR/itK-sprt.txt`. Iteration K's games and SPRT use
the seed `seed + K - 1`.

Every file is written atomically and an iteration whose files exist is
skipped, so an interrupted run resumes; a shard already stored is not played
again (see cluster.run_selfplay) and each iteration tunes on its own games
only: nothing is counted twice. A weights file put as `DIR/itK.toml` by hand
(no `games-K` folder beside it) counts as a finished iteration: that is how a
run starts from an existing set (e.g. a variant's embedded one as it1).
"""

from __future__ import annotations

import dataclasses
import subprocess
from pathlib import Path

from . import cluster

#: The SPRT's hypotheses (normalized Elo) and error rates.
SPRT_BOUNDS = "elo0=0,elo1=10,alpha=0.05,beta=0.05"
#: Random plies that open each SPRT game (every pair distinct, no book).
SPRT_RANDOM_PLIES = 6


@dataclasses.dataclass(frozen=True)
class Plan:
    """One iterate run's settings."""

    binary: str
    variant: str
    iterations: int
    games: int
    shard_games: int
    nodes: int
    seed: int
    out: Path
    start: str = "default"
    sprt_pairs: int = 0
    tune_args: tuple[str, ...] = ()

    def weights(self, k: int) -> Path:
        return self.out / f"it{k}.toml"

    def games_dir(self, k: int) -> Path:
        return self.out / f"games-{k}"

    def sprt_file(self, k: int) -> Path:
        return self.out / f"it{k}-sprt.txt"

    def played_with(self, k: int) -> str:
        """The evaluation iteration `k`'s games play with (`--eval`)."""
        return cluster.eval_argument(self.start if k == 1 else str(self.weights(k - 1)))

    def seed_of(self, k: int) -> int:
        return self.seed + k - 1

    def done(self, k: int) -> bool:
        """Iteration `k` has its weights and, if it played games here and an
        SPRT is asked for, its SPRT."""
        if not self.weights(k).exists():
            return False
        return (self.sprt_pairs == 0 or self.sprt_file(k).exists()
                or not self.games_dir(k).exists())


def write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def run_binary(cmd: list[str]) -> str:
    """Runs `menagerie` to its end; its output, or an error with its stderr."""
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def tune(p: Plan, k: int, log) -> None:
    """`menagerie lab tune` on iteration `k`'s games into `itK.toml` (its
    output beside it, `itK-tune.txt`), starting from the weights the games
    were played with (`--from`): the loss before is theirs, and the ridge
    pulls towards them."""
    files = sorted(str(f) for f in p.games_dir(k).glob("shard-*.txt"))
    tmp = p.weights(k).with_name(p.weights(k).name + ".tmp")
    out = run_binary([p.binary, "lab", "tune", "--variant", p.variant, *files,
                      "--from", p.played_with(k), "--out", str(tmp), *p.tune_args])
    write_atomically(p.out / f"it{k}-tune.txt", out)
    tmp.replace(p.weights(k))
    for line in out.splitlines():
        if "loss" in line:
            log(f"  {line.strip()}")


def sprt(p: Plan, k: int, log) -> None:
    """itK against the weights its games were played with, `menagerie match`
    with an SPRT bounded by `sprt_pairs`; the match's output (progress lines
    included) in itK-sprt.txt, written as it comes to itK-sprt.txt.tmp."""
    prev = "start" if k == 1 else f"it{k - 1}"
    cmd = [p.binary, "match", "--variant", p.variant,
           "--first", f"menagerie:nodes={p.nodes},eval={p.weights(k).resolve()},name=it{k}",
           "--second", f"menagerie:nodes={p.nodes},eval={p.played_with(k)},name={prev}",
           "--tc", "none", "--concurrency", "1", "--random-plies", str(SPRT_RANDOM_PLIES),
           "--seed", str(p.seed_of(k)), "--sprt", SPRT_BOUNDS, "--max-pairs", str(p.sprt_pairs)]
    log(f"  SPRT it{k} vs {prev}: {' '.join(cmd)}")
    tmp = p.sprt_file(k).with_name(p.sprt_file(k).name + ".tmp")
    with tmp.open("w") as f, subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                              stderr=subprocess.STDOUT, text=True) as m:
        f.write(f"# {' '.join(cmd)}\n")
        for line in m.stdout:  # the match's progress lines as they come, and its result
            f.write(line)
            f.flush()
            if line.startswith(("pairs ", "SPRT")):
                log(f"  {line.strip()}")
    if m.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({m.returncode}): see {tmp}")
    tmp.replace(p.sprt_file(k))


def run(p: Plan, log=print) -> list[int]:
    """Runs the iterations not done yet (on the connected Ray cluster);
    returns their numbers."""
    p.out.mkdir(parents=True, exist_ok=True)
    ran = []
    for k in range(1, p.iterations + 1):
        if p.done(k):
            log(f"iteration {k}: {p.weights(k)} exists, skipped")
            continue
        ran.append(k)
        if not p.weights(k).exists():
            log(f"iteration {k}: {p.games} games of {p.variant} at {p.nodes} nodes, seed "
                f"{p.seed_of(k)}, eval {p.played_with(k)}")
            cluster.run_selfplay(p.binary, p.variant, p.games, p.shard_games, p.nodes,
                                 p.seed_of(k), p.games_dir(k), log=log,
                                 eval_choice=p.played_with(k))
            tune(p, k, log)
            log(f"iteration {k}: tuned into {p.weights(k)}")
        if p.sprt_pairs > 0:
            sprt(p, k, log)
    return ran
