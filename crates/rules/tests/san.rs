//! SAN: exact text for known chess games and positions, and SAN -> move -> SAN
//! round trips along random games in every built-in variant.
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

mod common;

use common::{pos, registry, rng, variant};
use menagerie_rules::san::{parse_san_in, san_in};
use menagerie_rules::{parse_move, parse_san, san, san_line, Move, MoveError, Position};

/// Plays a game given in SAN, checking that every move is written back exactly.
fn replay(id: &str, fen: Option<&str>, moves: &str) -> Position {
    let v = variant(id);
    let mut p = match fen {
        Some(f) => Position::from_fen(&v, f).unwrap(),
        None => Position::start(&v),
    };
    for text in moves.split_whitespace().filter(|w| !w.ends_with('.')) {
        let m = parse_san(&p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(san(&p, m), text, "SAN of the move read from `{text}`");
        p.play(m).unwrap();
    }
    p
}

/// Morphy's Opera Game (1858): captures, a knight disambiguated by file,
/// queenside castling, checks and the final mate.
#[test]
fn opera_game() {
    let p = replay(
        "chess",
        None,
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 \
         8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 \
         14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8#",
    );
    assert!(p.legal_moves().is_empty());
}

/// Every piece letter, the three kinds of disambiguation, en passant,
/// promotions with and without check, both castlings, a mate.
#[test]
fn chess_positions() {
    let cases: &[(&str, &str, &[&str])] = &[
        ("7k/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", &["R1a3"]),
        ("7k/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", &["R5a3"]),
        ("8/8/k7/8/4Q2Q/8/K7/7Q w - - 0 1", "h4e1", &["Qh4e1"]),
        ("8/8/k7/8/4Q2Q/8/K7/7Q w - - 0 1", "e4e1", &["Qee1"]),
        ("8/8/k7/8/4Q2Q/8/K7/7Q w - - 0 1", "h1e1", &["Q1e1"]),
        (
            "k7/8/8/3pP3/8/8/8/K7 w - d6 0 1",
            "e5d6",
            &["exd6", "exd6 e.p.", "e5d6", "Pe5xd6"],
        ),
        (
            "7k/4P3/8/8/8/8/8/K7 w - - 0 1",
            "e7e8q",
            &["e8=Q+", "e8Q", "e8=q", "e8(Q)"],
        ),
        ("7k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8n", &["e8=N"]),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "e1g1",
            &["O-O", "0-0", "O-O+"],
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "e1c1",
            &["O-O-O", "0-0-0"],
        ),
        (
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
            "d8h4",
            &["Qh4#", "Qh4+", "Qd8h4", "Qh4"],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "g1f3",
            &["Nf3", "Ngf3", "Ng1f3", "Ng1-f3", "Nf3!?"],
        ),
    ];
    for (fen, uci, texts) in cases {
        let p = pos("chess", fen);
        let m = parse_move(&p, uci).unwrap();
        assert_eq!(san(&p, m), texts[0], "{fen} {uci}");
        for t in *texts {
            assert_eq!(parse_san(&p, t), Ok(m), "{fen}: `{t}`");
        }
    }
}

#[test]
fn unclear_or_illegal_san_is_an_error() {
    let p = pos("chess", "7k/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert!(matches!(
        parse_san(&p, "Ra3"),
        Err(MoveError::Ambiguous { .. })
    ));
    assert!(matches!(parse_san(&p, "Rb7"), Err(MoveError::Illegal(_))));
    assert!(matches!(parse_san(&p, "Nf3"), Err(MoveError::Illegal(_))));
    assert!(parse_san(&p, "").is_err());
    assert!(parse_san(&p, "Ré3").is_err());
    // The move box and PGN reader accept SAN through parse_move.
    let s = pos(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(
        parse_move(&s, "e4").unwrap(),
        parse_move(&s, "e2e4").unwrap()
    );
    assert!(matches!(parse_move(&s, "e5"), Err(MoveError::Illegal(_))));
}

/// Shogi as Fairy-Stockfish's SAN writes it: `=G` promotes, a declined
/// promotion has no mark, drops, promoted pieces written by what they are.
#[test]
fn shogi_conventions() {
    let p = pos(
        "shogi",
        "lnsgkgsnl/1r5b1/ppppp1ppp/5P3/9/9/PPPPP1PPP/1B5R1/LNSGKGSNL[P] w - - 0 1",
    );
    let promote = parse_move(&p, "f6f7+").unwrap();
    let stay = p
        .legal_moves()
        .into_iter()
        .find(|m| m.to() == promote.to() && m.from() == promote.from() && m.promotion().is_none())
        .unwrap();
    // Shogi's Pawn captures where it moves: its letter is written, and a
    // promotion names what the piece becomes (a Tokin is a Gold in
    // Fairy-Stockfish's SAN); a declined promotion has no mark.
    assert_eq!(san(&p, promote), "Pf7=G");
    assert_eq!(san(&p, stay), "Pf7");
    assert_eq!(parse_san(&p, "Pf7=G"), Ok(promote));
    assert_eq!(parse_san(&p, "Pf7"), Ok(stay));
    // The shogi-style forms still read.
    assert_eq!(parse_san(&p, "Pf7="), Ok(stay));
    assert_eq!(parse_san(&p, "Pf7+G"), Ok(promote));
    assert!(
        parse_move(&p, "P@e5").is_err(),
        "no two unpromoted pawns on a file"
    );
    let p = pos(
        "shogi",
        "lnsgkgsnl/1r5b1/ppppp1ppp/9/9/9/PPPPP1PPP/1B5R1/LNSGKGSNL[Pp] w - - 0 1",
    );
    let d = parse_move(&p, "P@f5").unwrap();
    assert_eq!(san(&p, d), "P@f5");
    assert_eq!(parse_san(&p, "P*f5"), Ok(d));
    assert_eq!(parse_san(&p, "@f5"), Ok(d));
    let q = pos("shogi", "k8/9/9/9/9/9/9/4+R4/4K4[] w - - 0 1");
    let m = parse_move(&q, "e2e5").unwrap(); // a Dragon King
    assert_eq!(san(&q, m), "De5");
    assert_eq!(parse_san(&q, "+Re5"), Ok(m));
    // A Rook that gives check without promoting is read as written.
    let r = pos("shogi", "4k4/9/9/9/9/9/9/3R5/K8[] w - - 0 1");
    let check = parse_move(&r, "d2d9").unwrap();
    assert_eq!(san(&r, check), "Rd9+");
    assert_eq!(parse_san(&r, "Rd9+"), Ok(check));
    assert_eq!(san(&r, parse_move(&r, "d2d9+").unwrap()), "Rd9=D+");
}

/// A 3D board: cell names carry the level, a Stockpoint capture names the
/// file part (level and file) of its origin.
#[test]
fn three_d_cells() {
    let v = variant("elefantnichtschach");
    let p = Position::start(&v);
    let m = parse_move(&p, "vc1xc3").unwrap();
    let text = san(&p, m);
    assert_eq!(text, "*Bxc3");
    assert_eq!(parse_san(&p, &text), Ok(m));
    assert_eq!(parse_move(&p, &text), Ok(m));
}

fn check_round_trip(p: &Position, legal: &[Move], m: Move) {
    let text = san_in(p, legal, m);
    assert_eq!(
        parse_san_in(p, legal, &text),
        Ok(m),
        "{}: `{text}` ({})",
        p.variant().id,
        p.to_fen()
    );
    assert_eq!(
        parse_move(p, &text),
        Ok(m),
        "{}: parse_move `{text}`",
        p.variant().id
    );
}

/// SAN -> move -> SAN along random games in every built-in variant: the move
/// played and a sample of the other legal moves at every ply read back as
/// themselves.
#[test]
fn round_trip_random_games() {
    const GAMES: u64 = 3;
    const PLIES: usize = 60;
    const SAMPLE: usize = 6;
    for id in registry().ids() {
        let v = variant(&id);
        for game in 0..GAMES {
            let mut rnd = rng(0x9E37_79B9_7F4A_7C15 ^ (game + 1).wrapping_mul(0x2545_F491));
            let mut p = Position::start(&v);
            for _ in 0..PLIES {
                let legal = p.legal_moves();
                if legal.is_empty() || p.outcome().is_some() {
                    break;
                }
                // Captures two times in three, so hands fill and promotions come.
                let caps: Vec<Move> = legal.iter().copied().filter(|m| m.is_capture()).collect();
                let m = if !caps.is_empty() && !rnd().is_multiple_of(3) {
                    caps[(rnd() % caps.len() as u64) as usize]
                } else {
                    legal[(rnd() % legal.len() as u64) as usize]
                };
                check_round_trip(&p, &legal, m);
                for _ in 0..SAMPLE {
                    let o = legal[(rnd() % legal.len() as u64) as usize];
                    check_round_trip(&p, &legal, o);
                }
                p.play(m).unwrap();
            }
        }
    }
}

/// Every legal move of some crowded positions (full hands, promotions, paths)
/// has its own SAN.
#[test]
fn every_move_distinct_in_crowded_positions() {
    let cases = [
        ("gnuqi-mitregi", "lhu4m3/1rnb1k1c3/2q5w2/ppp2pppppp/11/11/11/PPP2PPPPPP/2Q5W2/1RNB1K1C3/LHU4M3[RBNCILMXHUPPrbncilmxhupp] w Qq - 0 20"),
        ("shogi", "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL[Bb] w - - 0 1"),
    ];
    for (id, fen) in cases {
        let p = pos(id, fen);
        let legal = p.legal_moves();
        let mut texts: Vec<String> = legal.iter().map(|&m| san_in(&p, &legal, m)).collect();
        for (&m, t) in legal.iter().zip(&texts) {
            assert_eq!(parse_san_in(&p, &legal, t), Ok(m), "{id}: `{t}`");
        }
        texts.sort();
        let n = texts.len();
        texts.dedup();
        assert_eq!(texts.len(), n, "{id}: two moves share a SAN");
    }
    let start = Position::start(&variant("missing-ox"));
    let legal = start.legal_moves();
    for &m in legal.iter() {
        check_round_trip(&start, &legal, m);
    }
}

#[test]
fn principal_variation_in_san() {
    let p = pos(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let mut q = p.clone();
    let mut line = Vec::new();
    for t in ["f3", "e5", "g4", "Qh4#"] {
        let m = parse_san(&q, t).unwrap();
        line.push(m);
        q.play(m).unwrap();
    }
    assert_eq!(san_line(&p, &line), ["f3", "e5", "g4", "Qh4#"]);
    // A line that goes illegal stops there.
    line.insert(1, line[0]);
    assert_eq!(san_line(&p, &line), ["f3"]);
}

/// Kyoto Shogi: a piece dropped promoted is written by what it becomes
/// (`R@e1` for a Pawn dropped as a Rook), unless two hand pieces become the
/// same type (the Lance and the Knight both drop as a Gold): then by the hand
/// piece, `+L@e1`, where Fairy-Stockfish's `G@e1` would name both.
#[test]
fn kyoto_promoted_drops() {
    let p = pos("kyotoshogi", "pk1s1/1+S3/5/4N/+L1K2[LNP] w - - 1 6");
    for (uci, text) in [
        ("+P@e1", "R@e1"),
        ("+L@e1", "+L@e1"),
        ("+N@e1", "+N@e1"),
        ("L@e1", "L@e1"),
    ] {
        let m = parse_move(&p, uci).unwrap();
        assert_eq!(san(&p, m), text, "{uci}");
        assert_eq!(parse_san(&p, text), Ok(m), "{text}");
    }
}
