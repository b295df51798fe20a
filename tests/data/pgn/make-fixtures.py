#!/usr/bin/env python3
"""Writes the PGN fixtures of this folder once, with pyffish (Fairy-Stockfish 0.0.90 as a
Python module): a seeded random game per variant, in the form pychess-variants exports
(its tags, `[Variant "Crazyhouse"]`, `[FEN]` and `[SetUp]` unless the start is chess's,
crazyhouse's FEN without `[]`, SAN from Fairy-Stockfish), with a few comments, NAGs and
one variation added as a person annotating the game would. It prints, per fixture, the
number of plies, the result and pyffish's FEN after the moves: the expectations written
into crates/server/src/pgn.rs's fixture test. Run: python3 tests/data/pgn/make-fixtures.py
"""
import random
import sys
from pathlib import Path

import pyffish as sf

HERE = Path(__file__).resolve().parent
# (file, Fairy-Stockfish variant, chess960, Variant tag, start FEN or None, plies, seed)
GAMES = [
    ("pychess-chess960.pgn", "chess", True, "Chess960",
     "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1", 60, 960),
    ("pychess-crazyhouse.pgn", "crazyhouse", False, "Crazyhouse", None, 70, 7),
    ("pychess-shogi.pgn", "shogi", False, "Shogi", None, 70, 9),
    ("pychess-xiangqi.pgn", "xiangqi", False, "Xiangqi", None, 70, 10),
    ("pychess-janggi.pgn", "janggi", False, "Janggi", None, 70, 12),
    ("pychess-seirawan.pgn", "seirawan", False, "Seirawan", None, 60, 8),
    ("pychess-makruk.pgn", "makruk", False, "Makruk", None, 80, 3),
]
STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
COMMENTS = ["{An interesting try}", "{[%clk 0:04:51]}", "{Forced}", "{The only move}"]
NAGS = ["$1", "$2", "!?", "?!", "$6"]


def random_game(variant, fen, chess960, plies, rng):
    """Random legal moves, captures and gates a little more often than the rest."""
    moves = []
    for _ in range(plies):
        legal = sf.legal_moves(variant, fen, moves, chess960)
        if not legal:
            break
        keen = [m for m in legal if sf.is_capture(variant, fen, moves, m, chess960) or (len(m) == 5 and m[-1] in "he")]
        pool = keen if keen and rng.random() < 0.5 else legal
        moves.append(rng.choice(sorted(pool)))
        if sf.is_optional_game_end(variant, fen, moves, chess960)[0]:
            break
    return moves


def main():
    for name, variant, chess960, tag, fen, plies, seed in GAMES:
        rng = random.Random(seed)
        start = fen or sf.start_fen(variant)
        moves = random_game(variant, start, chess960, plies, rng)
        san = sf.get_san_moves(variant, start, moves, chess960, sf.NOTATION_SAN)
        legal = sf.legal_moves(variant, start, moves, chess960)
        if legal:
            result = "1-0" if seed % 2 == 0 else "*"
        else:
            r = sf.game_result(variant, start, moves, chess960)
            white_to_move = len(moves) % 2 == 0
            result = "1/2-1/2" if r == 0 else ("1-0" if (r > 0) == white_to_move else "0-1")
        words = []
        for i, s in enumerate(san):
            if i % 2 == 0:
                words.append(f"{i // 2 + 1}.")
            words.append(s)
            if i in (5, 22):
                nag = rng.choice(NAGS)
                if nag.startswith("$"):
                    words.append(nag)
                else:
                    words[-1] += nag  # an annotation glyph is written on the move
            if i in (8, 31):
                words.append(rng.choice(COMMENTS))
            if i == 12:
                # a variation: the other legal moves at this point, as SAN
                alt = [m for m in sf.legal_moves(variant, start, moves[:i], chess960) if m != moves[i]]
                other = sf.get_san(variant, sf.get_fen(variant, start, moves[:i], chess960), rng.choice(sorted(alt)), chess960, sf.NOTATION_SAN)
                number = f"{i // 2 + 1}." if i % 2 == 0 else f"{i // 2 + 1}..."
                words.append(f"({number} {other} {{a variation}})")
        words.append(result)
        show_fen = start != STANDARD or chess960
        setup_fen = start.replace("[]", "") if variant == "crazyhouse" else start
        tags = [
            ("Event", "PyChess casual game"), ("Site", f"https://www.pychess.org/{name[8:-4]}{seed}"),
            ("Date", "2025.03.14"), ("Round", "-"), ("White", "Anon-one"), ("Black", "Anon-two"),
            ("Result", result), ("TimeControl", "300+3"), ("WhiteElo", "1500?"), ("BlackElo", "1500?"),
            ("Variant", tag),
        ]
        if show_fen:
            tags += [("FEN", setup_fen), ("SetUp", "1")]
        text = "".join(f'[{k} "{v}"]\n' for k, v in tags) + "\n"
        line = ""
        for w in words:
            if line and len(line) + 1 + len(w) > 80:
                text += line + "\n"
                line = ""
            line = f"{line} {w}" if line else w
        text += line + "\n"
        (HERE / name).write_text(text)
        final = sf.get_fen(variant, start, moves, chess960)
        print(f'("{name}", {len(moves)}, "{result}", "{final}"),', file=sys.stdout)


if __name__ == "__main__":
    main()
