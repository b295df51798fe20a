#!/usr/bin/env python3
"""Differential test of Menagerie against Fairy-Stockfish (pyffish).

Plays seeded random games in each listed variant and, at every ply, compares
Menagerie (the real binary, through its `menagerie probe` machine interface)
with Fairy-Stockfish (its Python module `pyffish`, pinned in
scripts/install-test-deps.sh):

* the set of legal moves, as UCI text;
* the FEN;
* the game result (`1-0`, `0-1`, `1/2-1/2` or `-` while the game goes on);
* with --san, the SAN of every legal move (Fairy-Stockfish's `get_san` in its
  SAN notation against Menagerie's), the notation lichess, pychess-variants and
  Fairy-Stockfish exchange games in.

Fairy-Stockfish's result is: with no legal move, `game_result`; otherwise an
immediate end of the variant (`is_immediate_game_end`), then a claimable end
(`is_optional_game_end`: the move rule and repetition). Fairy-Stockfish's
insufficient-material draw (`has_insufficient_material`) is a GUI adjudication,
not an engine rule: Menagerie's bare-kings draw must agree with it, and a game
Fairy-Stockfish's GUIs would adjudicate but Menagerie plays on is not counted.

With --repeat P, at each ply the side to move plays, with probability P, the
reverse of its own previous move when that is legal: games then repeat
positions often, so repetition verdicts (perpetual check, Xiangqi's chasing
rule, Janggi's move repetition) are compared too.

A game stops at the first disagreement (reported with the move list that
reproduces it), at the end of the game or after --plies plies. The exit status
is 1 if any disagreement was found.

    tests/fsf/differential.py target/release/menagerie            # CI size
    tests/fsf/differential.py target/release/menagerie --games 50 --plies 300
    tests/fsf/differential.py target/release/menagerie --variant makruk --fen "8/8/4k3/8/8/3S4/R7/4K3 w - - 0 1"
    tests/fsf/differential.py target/release/menagerie --variant xiangqi --repeat 0.7 --games 40 --plies 120
"""

import argparse
import os
import random
import re
import subprocess
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Variants checked by default: one id per line, `#` comments.
DEFAULT_LIST = os.path.join(HERE, "variants.txt")
# Variant definitions loaded into both engines (Fairy-Stockfish ini format):
# the project's oracle sections, and Menagerie's rendering of the sections of
# Fairy-Stockfish's own variants.ini that it plays (tests/data/fsf-ini/).
DEFAULT_INI = [
    os.path.join(ROOT, "tests", "data", "oracle", "fsf-variants.ini"),
    os.path.join(ROOT, "tests", "data", "fsf-ini", "sections.ini"),
]


class Menagerie:
    """A `menagerie probe` process: one request line, one reply line."""

    def __init__(self, binary, ini_files):
        args = [binary, "probe"]
        for f in ini_files:
            args += ["--variant-file", f]
        self.proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def probe(self, variant, fen, moves, san=False):
        """(FEN, sorted legal moves, result), and with `san` a dict of each
        legal move's SAN."""
        flag = "\tsan" if san else ""
        self.proc.stdin.write(f"{variant}\t{fen}\t{' '.join(moves)}{flag}\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().rstrip("\n")
        if not reply:
            raise RuntimeError("menagerie probe ended")
        fields = reply.split("\t")
        if fields[0] != "ok":
            return None, None, "error: " + "\t".join(fields[1:]), None
        fen, legal, result = fields[1:4]
        sans = dict(zip(legal.split(), fields[4].split())) if san else None
        return fen, sorted(legal.split()), result, sans

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def side_result(value, side_to_move):
    """Turns a Fairy-Stockfish value (side to move's view) into a result."""
    if value == 0:
        return "1/2-1/2"
    white_wins = (value > 0) == (side_to_move == "w")
    return "1-0" if white_wins else "0-1"


def fsf_result(variant, start, moves, legal, fen):
    side = fen.split(" ")[1]
    if not legal:
        return side_result(sf.game_result(variant, start, moves), side)
    over, value = sf.is_immediate_game_end(variant, start, moves)
    if over:
        return side_result(value, side)
    over, value = sf.is_optional_game_end(variant, start, moves)
    if over:
        return side_result(value, side)
    return "-"


def insufficient_material(variant, start, moves):
    """Fairy-Stockfish's (GUI-level) draw for lack of mating material."""
    white, black = sf.has_insufficient_material(variant, start, moves)
    return white and black


def normal_fen(fen):
    """The FEN with each side's pieces in hand in letter order: the order of
    the hand is not significant (Fairy-Stockfish writes it in its internal
    piece-type order, Menagerie in its own)."""
    if "[" not in fen:
        return fen
    head, rest = fen.split("[", 1)
    hand, tail = rest.split("]", 1)
    white = sorted(c for c in hand if c.isupper())
    black = sorted(c for c in hand if c.islower())
    return f"{head}[{''.join(white + black)}]{tail}"


def check_start(men, variant):
    """Menagerie reads Fairy-Stockfish's start FEN and agrees on the position."""
    start = sf.start_fen(variant)
    fen = sf.get_fen(variant, start, [])
    mfen, _, error, _ = men.probe(variant, start, [])
    if mfen is None:
        return [f"{variant} start FEN {start}: Menagerie {error}"]
    if normal_fen(mfen) != normal_fen(fen):
        return [f"{variant} start FEN {start}: Menagerie reads it as {mfen}"]
    return []


# Variants whose SAN check marks differ on purpose (docs/notation.md): in
# Atomic, Menagerie marks a check on the King as lichess does, while
# Fairy-Stockfish's King there is a pseudo-royal Commoner its SAN never marks.
# In caught-in-a-snag the King moves as a Grasshopper and may give check
# itself: Fairy-Stockfish's legal replies treat it as check (only evasions),
# but its gives_check (and so its SAN) never counts the King as a checker;
# Menagerie marks it. In crowdedxiangqi (five ranks) a Soldier may land beside
# the enemy General below the rank from which it steps sideways: Fairy-
# Stockfish's SAN marks `+` (its gives_check counts the sideways step) though
# the General is not in check (its replies are not evasions); Menagerie does not.
# In coregal the Queens are royal: Menagerie marks an attack on one `+`, the
# move that must be answered, where Fairy-Stockfish (a pseudo-royal Queen)
# marks only attacks on its King.
SAN_OWN_CHECK_MARKS = {"atomic", "atomar", "caught-in-a-snag", "crowdedxiangqi", "coregal"}


def san_problems(variant, fen, legal, msans, sample):
    """The legal moves of `sample` whose SAN differs (at most a few, for the
    report)."""
    diff = []
    for uci in sample:
        theirs = sf.get_san(variant, fen, uci, False, sf.NOTATION_SAN)
        ours = msans.get(uci)
        if variant in SAN_OWN_CHECK_MARKS and ours is not None:
            # Compared without check marks on either side.
            ours, theirs = ours.rstrip("+#"), theirs.rstrip("+#")
        if ours != theirs:
            diff.append(f"{uci}: Menagerie {msans.get(uci)}, Fairy-Stockfish {theirs}")
    if not diff:
        return []
    more = f" (and {len(diff) - 5} more)" if len(diff) > 5 else ""
    return ["SAN " + "; ".join(diff[:5]) + more]


def san_sample(legal, played, san_moves, san_rng):
    """The legal moves whose SAN is compared: all of them, or the move about to
    be played and up to `san_moves` - 1 others drawn by `san_rng` (which
    leaves the game's own random choices alone)."""
    if san_moves is None or len(legal) <= san_moves:
        return legal
    others = [m for m in legal if m != played]
    return [played] + san_rng.sample(others, san_moves - 1)


UCI_MOVE = re.compile(r"^([a-z]+[0-9]+)([a-z]+[0-9]+)$")


def reverse_move(uci):
    """The move that takes a plain piece move back (`b1c3` -> `c3b1`), or
    None for a drop, a promotion or a move with a path."""
    m = UCI_MOVE.match(uci)
    return m.group(2) + m.group(1) if m else None


def choose(rng, legal, moves, repeat):
    """The move to play: with probability `repeat` the reverse of the side's
    own previous move when it is legal, else a random legal move. With
    `repeat` 0 the random source is used exactly as without the option."""
    if repeat > 0 and len(moves) >= 2 and rng.random() < repeat:
        back = reverse_move(moves[-2])
        if back in legal:
            return back
    return rng.choice(legal)


def play(men, variant, rng, max_plies, start_fen=None, san=None, repeat=0.0):
    """Plays one random game (from `start_fen`, or the start position);
    returns a list of disagreement texts (0 or 1). `san`, when given, is
    (moves compared per ply or None for all, random source of the sample);
    `repeat`: the probability of taking back the side's own last move."""
    start = start_fen or sf.start_fen(variant)
    moves = []
    for _ in range(max_plies + 1):
        legal = sorted(sf.legal_moves(variant, start, moves))
        fen = sf.get_fen(variant, start, moves)
        result = fsf_result(variant, start, moves, legal, fen)
        mfen, mlegal, mfull, msans = men.probe(
            variant, start_fen or "startpos", moves, san is not None)
        mresult = mfull.split(" ")[0]
        where = f"{variant} after [{' '.join(moves)}] (Fairy-Stockfish FEN {fen})"
        if mfen is None:
            return [f"{where}: Menagerie {mresult}"]
        problems = []
        if mlegal != legal:
            only_f = sorted(set(legal) - set(mlegal))
            only_m = sorted(set(mlegal) - set(legal))
            problems.append(f"moves: only Fairy-Stockfish {only_f}, only Menagerie {only_m}")
        if normal_fen(mfen) != normal_fen(fen):
            problems.append(f"FEN: Menagerie {mfen}")
        # Menagerie's bare-kings draw is the part of Fairy-Stockfish's
        # insufficient-material draw (a GUI adjudication, not an engine rule)
        # that it implements.
        bare = mresult == "1/2-1/2" and "(bare-kings)" in mfull and result == "-"
        if bare and not insufficient_material(variant, start, moves):
            problems.append("result: Menagerie bare kings, Fairy-Stockfish sees mating material")
        elif mresult != result and not bare:
            problems.append(f"result: Fairy-Stockfish {result}, Menagerie {mresult}")
        over = result != "-" or not legal
        played = None if over else choose(rng, legal, moves, repeat)
        if san is not None and not problems:
            sample = san_sample(legal, played, *san) if played else legal
            problems += san_problems(variant, fen, legal, msans, sample)
        if problems:
            return [f"{where}: " + "; ".join(problems)]
        if over:
            return []
        moves.append(played)
    return []


def read_list(path):
    with open(path, encoding="utf-8") as f:
        return [l.split("#")[0].strip() for l in f if l.split("#")[0].strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("menagerie", help="path of the menagerie binary")
    ap.add_argument("--games", type=int, default=3, help="games per variant")
    ap.add_argument("--plies", type=int, default=60, help="plies per game at most")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", action="append", help="variant id (default: variants.txt)")
    ap.add_argument("--ini", action="append", help="ini file loaded into both engines")
    ap.add_argument("--fen", action="append",
                    help="start the games from this FEN instead (games spread over the FENs given)")
    ap.add_argument("--san", action="store_true",
                    help="also compare the SAN of the legal moves")
    ap.add_argument("--san-moves", type=int, metavar="N",
                    help="with --san, compare at each ply only the move played and N-1 "
                         "others drawn at random (default: every legal move)")
    ap.add_argument("--repeat", type=float, default=0.0, metavar="P",
                    help="with probability P a side plays the reverse of its own previous "
                         "move when legal (repetitions happen; default 0)")
    args = ap.parse_args()

    if args.san_moves is not None and args.san_moves < 1:
        ap.error("--san-moves must be at least 1")
    if not 0 <= args.repeat <= 1:
        ap.error("--repeat must be a probability from 0 to 1")
    ini_files = args.ini or DEFAULT_INI
    for path in ini_files:
        with open(path, encoding="utf-8") as f:
            sf.load_variant_config(f.read())
    variants = args.variant or read_list(DEFAULT_LIST)
    men = Menagerie(args.menagerie, ini_files)
    failures = 0
    plies = 0
    try:
        for variant in variants:
            if variant not in sf.variants():
                print(f"{variant}: unknown to Fairy-Stockfish")
                failures += 1
                continue
            rng = random.Random(f"{args.seed}:{variant}")
            san_rng = random.Random(f"{args.seed}:{variant}:san")
            bad = 0
            for p in check_start(men, variant):
                print("DISAGREE", p)
                bad += 1
            for g in range(args.games):
                fen = args.fen[g % len(args.fen)] if args.fen else None
                san = (args.san_moves, san_rng) if args.san else None
                problems = play(men, variant, rng, args.plies, fen, san, args.repeat)
                for p in problems:
                    print("DISAGREE", p)
                bad += len(problems)
            failures += bad
            print(f"{variant}: {args.games} games, {'ok' if not bad else f'{bad} disagreement(s)'}")
    finally:
        men.close()
    print(f"pyffish {'.'.join(map(str, sf.version()))}: {len(variants)} variants, "
          f"{failures} disagreement(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
