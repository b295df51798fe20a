//! Fairy-Stockfish's FEN conventions that Menagerie reads: the Shogi-like
//! start positions leave out the castling and en-passant fields and write
//! an empty hand as `[-]` (`...[-] w 0 1`); Menagerie writes the full form,
//! as Fairy-Stockfish's own FEN output does.
#![allow(clippy::unwrap_used, clippy::panic)]

use menagerie_rules::{parse_move, Position, Registry};

#[test]
fn shogi_reads_the_short_fairy_stockfish_fen() {
    let reg = Registry::builtin();
    let v = reg.get("shogi").unwrap();
    let short = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";
    let pos = Position::from_fen(&v, short).unwrap();
    assert_eq!(pos, Position::start(&v));
    assert_eq!(
        pos.to_fen(),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
    );
    // The clocks of the short form are read, not skipped.
    let later = Position::from_fen(&v, "4k4/9/9/9/9/9/9/9/4K4[Pp] b 7 12").unwrap();
    assert_eq!((later.halfmove(), later.fullmove()), (7, 12));
    assert_eq!(later.to_fen(), "4k4/9/9/9/9/9/9/9/4K4[Pp] b - - 7 12");
}

#[test]
fn extra_or_bad_fields_are_errors_not_panics() {
    let reg = Registry::builtin();
    let v = reg.get("shogi").unwrap();
    let e = Position::from_fen(&v, "4k4/9/9/9/9/9/9/9/4K4[] w 0 1 5").unwrap_err();
    assert_eq!(e.field, "end");
    assert!(e.message.contains("`5`"), "{e}");
    let e = Position::from_fen(&v, "4k4/9/9/9/9/9/9/9/4K4[] w x 1").unwrap_err();
    assert_eq!(e.field, "castling");
    let chess = reg.get("chess").unwrap();
    // Chess accepts the short form too (Fairy-Stockfish reads it so).
    let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K3 w 3 9").unwrap();
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 3 9");
}

/// Fairy-Stockfish's en-passant field for a pawn type of its own (Berolina's):
/// the passed cell and the landing cell in board order, written whether or
/// not an enemy pawn could take, and read back into a capturable target.
#[test]
fn berolina_writes_and_reads_the_passed_and_landing_cells() {
    let reg = Registry::builtin();
    let v = reg.get("berolina").unwrap();
    let mut pos = Position::start(&v);
    for m in ["e2c4", "d7b5"] {
        let mv = parse_move(&pos, m).unwrap();
        pos.play(mv).unwrap();
    }
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/ppp1pppp/8/1p6/2P5/8/PPPP1PPP/RNBQKBNR w KQkq b5c6 0 2"
    );
    assert_eq!(Position::from_fen(&v, &pos.to_fen()).unwrap(), pos);
    // Black's Pawn on d4 takes the c4 Pawn en passant on d3 (straight ahead).
    let fen = "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 3";
    let mut pos = Position::from_fen(&v, fen).unwrap();
    assert_eq!(pos.to_fen(), fen);
    let mv = parse_move(&pos, "d4d3").unwrap();
    pos.play(mv).unwrap();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/ppp1pppp/8/8/8/3p4/PPPP1PPP/RNBQKBNR w KQkq - 0 4"
    );
}
