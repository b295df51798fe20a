#!/usr/bin/env python3
"""A scripted game against Menagerie over UCI with the python-chess engine client.

Usage: uci_python_chess.py PATH_TO_MENAGERIE
Checks that every move Menagerie sends is legal (python-chess validates it
independently), that analysis returns scores and principal variations, that
options can be set (the strength options included: a weak level stays within its
node budget), and that the engine survives to the end of the game.
"""
import sys

import chess
import chess.engine


def main() -> int:
    binary = sys.argv[1]
    engine = chess.engine.SimpleEngine.popen_uci([binary, "uci"])
    try:
        assert "UCI_Variant" in engine.options, engine.options.keys()
        assert "chess" in engine.options["UCI_Variant"].var
        engine.configure({"Hash": 16, "Threads": 1})
        board = chess.Board()
        plies = 0
        while not board.is_game_over(claim_draw=True) and plies < 80:
            result = engine.play(board, chess.engine.Limit(time=0.05))
            assert result.move is not None, "engine returned no move"
            assert result.move in board.legal_moves, f"illegal move {result.move} in {board.fen()}"
            board.push(result.move)
            plies += 1
        info = engine.analyse(chess.Board(), chess.engine.Limit(depth=4))
        assert "score" in info and "pv" in info and info["depth"] >= 4, info
        # A position given by FEN, including en passant and castling rights.
        fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        result = engine.play(chess.Board(fen), chess.engine.Limit(time=0.1))
        assert result.move in chess.Board(fen).legal_moves
        # Playing strength: advertised with their ranges, and a weak level searches
        # within its node budget (level 1: 150 nodes a move).
        assert engine.options["Skill Level"].min == 0 and engine.options["Skill Level"].max == 20
        assert engine.options["UCI_Elo"].min == 800 and engine.options["UCI_Elo"].max == 2200
        assert engine.options["UCI_LimitStrength"].type == "check"
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 800})
        weak = chess.Board()
        for _ in range(6):
            r = engine.play(weak, chess.engine.Limit(depth=20), info=chess.engine.INFO_ALL)
            assert r.move in weak.legal_moves, f"illegal move {r.move} in {weak.fen()}"
            # The limit is checked every few hundred nodes; a depth-20 search takes millions.
            assert r.info.get("nodes", 0) <= 1000, r.info
            weak.push(r.move)
        engine.configure({"UCI_LimitStrength": False, "Skill Level": 20})
        print(f"python-chess UCI game: {plies} plies, final {board.result(claim_draw=True)}, analysis depth {info['depth']}")
    finally:
        engine.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
