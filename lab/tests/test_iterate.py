"""CI test of tuning iterations on Ray (run by scripts/test-all.sh):

two iterations of a tiny run on a local one-CPU cluster write their games,
weights and SPRTs; iteration 2's games are played with iteration 1's weights
(the shards' headers record the evaluation file) and its tuning starts from
them (the weights file records it); a second call does nothing;
a run seeded with a weights file as it1 plays its iteration 2 with that file.

Usage: python3 lab/tests/test_iterate.py [PATH/TO/menagerie]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from common import BINARY, ROOT  # puts the package on the path: first

import ray  # noqa: E402
from menagerie_lab import cluster, iterate  # noqa: E402

# `lab tune` holds out games numbered ..9: ten games is the least it tunes on.
VARIANT, GAMES, SHARD, NODES, SEED = "joshua", 10, 5, 200, 5


def headers(folder: Path) -> list[dict[str, str]]:
    return [cluster.header(f.read_text()) for f in sorted(folder.glob("shard-*.txt"))]


def plan(out: Path, iterations: int, sprt_pairs: int) -> iterate.Plan:
    # Tiny data: every quiet position, whatever the search said (a wide margin),
    # so that the held-out game keeps positions whatever weights it1 has.
    return iterate.Plan(BINARY, VARIANT, iterations, GAMES, SHARD, NODES, SEED, out,
                        sprt_pairs=sprt_pairs, tune_args=("--margin", "100000"))


def test_two_iterations_play_with_the_last_weights(tmp: Path):
    out = tmp / "run"
    assert iterate.run(plan(out, 2, 1)) == [1, 2]
    for k in (1, 2):
        weights = (out / f"it{k}.toml").read_text()
        assert f'variant = "{VARIANT}"' in weights, weights
        assert "[values]" in weights and "[scales]" in weights, weights
        assert "loss" in (out / f"it{k}-tune.txt").read_text()
        sprt = (out / f"it{k}-sprt.txt").read_text()
        assert "pairs 1 " in sprt and "SPRT" in sprt, sprt
        h = headers(out / f"games-{k}")
        assert len(h) == GAMES // SHARD, h
        assert {x["seed"] for x in h} == {str(SEED + k - 1)}, h
    assert {x["eval"] for x in headers(out / "games-1")} == {"default"}
    assert {x["eval"] for x in headers(out / "games-2")} == {str((out / "it1.toml").resolve())}
    # Each tuning starts from the weights its games were played with.
    assert "Started from: default." in (out / "it1.toml").read_text()
    assert "margin 100000," in (out / "it1.toml").read_text(), "--tune-args were lost"
    assert f"Started from: {(out / 'it1.toml').resolve()}." in (out / "it2.toml").read_text()
    assert "eval=default,name=start" in (out / "it1-sprt.txt").read_text()
    assert f"eval={(out / 'it1.toml').resolve()},name=it1" in (out / "it2-sprt.txt").read_text()
    # Resuming: every iteration done, nothing played or tuned again.
    stamps = {f: f.stat().st_mtime_ns for f in out.rglob("*")}
    assert iterate.run(plan(out, 2, 1)) == []
    assert stamps == {f: f.stat().st_mtime_ns for f in out.rglob("*")}


def test_a_run_seeded_with_a_set_plays_its_next_iteration_with_it(tmp: Path):
    out = tmp / "seeded"
    out.mkdir()
    shutil.copy(ROOT / "variants" / "tuned" / f"{VARIANT}.toml", out / "it1.toml")
    assert iterate.run(plan(out, 2, 0)) == [2]
    assert not (out / "games-1").exists()
    assert {x["eval"] for x in headers(out / "games-2")} == {str((out / "it1.toml").resolve())}
    assert (out / "it2.toml").exists() and not (out / "it2-sprt.txt").exists()
    # Shards of another evaluation are refused, not counted as this run's.
    try:
        cluster.run_selfplay(BINARY, VARIANT, GAMES, SHARD, NODES, SEED + 1, out / "games-2",
                             eval_choice="untuned")
    except ValueError as e:
        assert "other settings" in str(e), e
    else:
        raise AssertionError("shards of it1's games were taken for untuned games")


def main() -> int:
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        with tempfile.TemporaryDirectory() as d:
            test_two_iterations_play_with_the_last_weights(Path(d))
        with tempfile.TemporaryDirectory() as d:
            test_a_run_seeded_with_a_set_plays_its_next_iteration_with_it(Path(d))
    finally:
        ray.shutdown()
    print("lab iterate tests: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
