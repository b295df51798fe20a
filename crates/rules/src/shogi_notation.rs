//! Western shogi notation (Hodges notation), the move text English-language shogi
//! books, magazines and players use, for variants whose `[notation]` asks for it
//! (`shogi = true`). Players of Shogi expect it rather than SAN: written from the
//! first player's (Black's, sente's) side, files numbered from the right and ranks
//! lettered from the top, so Shogi's first move reads `P-7f` rather than `c4`.
//! SAN stays the exchange form (PGN, the move box reads both); [`players_text_in`]
//! picks the form a variant shows its players.
//!
//! A move is written as
//! * the piece: its FEN token in White's (the first player's) case, the Pawn too
//!   (`P`); a promoted piece with `+` before the token of what it was (`+R`, `+P`),
//!   a drop of a piece placed promoted (Kyoto shogi) likewise (`+P*3c`);
//! * its origin cell, only when another piece written the same way could reach the
//!   same destination (`G6i-5h`);
//! * `-` for a move, `x` for a capture, `*` for a drop (`P*5e`);
//! * the destination: the file number, counted from the right from the first player's
//!   side (1 to the number of files), then the rank letter, `a` for the top rank;
//! * `+` when the move promotes, `=` when it could have promoted and did not (`+X`
//!   with the token when several promotions are possible); a piece turning back to
//!   what it was (Kyoto shogi, where every move turns a piece over) gets no mark.
//!
//! Cells outside the rectangle (extra cells, other levels) keep their own names.
//! Check marks are not written, as in Hodges notation.

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::san::{captures_on_destination, line_texts};
use menagerie_geometry::CellId;

/// The letter of the top rank.
const TOP_RANK_LETTER: u8 = b'a';

/// A cell in shogi coordinates: `7f` (the file from the right, the rank from the top).
fn cell_text(pos: &Position, c: CellId) -> String {
    let g = &pos.variant().geometry;
    let v = g.coord(c);
    let (files, ranks) = (g.files() as i64, g.ranks() as i64);
    let (x, y, z) = (i64::from(v.x), i64::from(v.y), i64::from(v.z));
    if z != 0 || !(0..files).contains(&x) || !(0..ranks).contains(&y) || ranks > 26 {
        return g.name(c).to_string();
    }
    let rank = char::from(TOP_RANK_LETTER + (ranks - 1 - y) as u8);
    format!("{}{rank}", files - x)
}

/// How the piece on `c` is written.
fn piece_text(pos: &Position, c: CellId) -> String {
    let v = pos.variant();
    match pos.origin_in_text(c) {
        Some(o) => format!("+{}", v.pieces[usize::from(o)].token),
        _ => v.pieces[usize::from(pos.piece(c).kind())].token.clone(),
    }
}

/// The promotion mark of a move in shogi style: `+` when it promotes (`+G`
/// when the piece had several choices), `=` when it could have promoted and
/// did not, `-` when it turns back into what it was, `=Q` in a variant whose
/// promotions are not written with `+`.
fn promotion_text(pos: &Position, legal: &[Move], m: Move) -> String {
    let v = pos.variant();
    let same_cells = |o: &&Move| {
        o.kind() == m.kind() && o.from() == m.from() && o.to() == m.to() && o.via() == m.via()
    };
    match m.promotion() {
        // A piece turning back into its origin (Kyoto Shogi).
        Some(_) if pos.is_demotion(m) => "-".into(),
        Some(k) => {
            let tok = &v.pieces[usize::from(k)].token;
            if v.plus_promotion {
                let choices = legal
                    .iter()
                    .filter(same_cells)
                    .filter(|o| o.promotion().is_some())
                    .count();
                if choices == 1 {
                    "+".into()
                } else {
                    format!("+{tok}")
                }
            } else {
                format!("={tok}")
            }
        }
        None if v.plus_promotion
            && legal
                .iter()
                .filter(same_cells)
                .any(|o| o.promotion().is_some()) =>
        {
            "=".into()
        }
        None => String::new(),
    }
}

/// The text a player reads for a legal move of `pos`: western shogi notation where
/// the variant's `[notation]` asks for it, SAN elsewhere.
#[must_use]
pub fn players_text_in(pos: &Position, legal: &[Move], m: Move) -> String {
    if pos.variant().shogi_notation {
        shogi_text_in(pos, legal, m)
    } else {
        crate::san::san_in(pos, legal, m)
    }
}

/// [`players_text_in`] along a sequence of moves played from `pos` (a principal
/// variation); stops at the first move that is not legal where it is played.
#[must_use]
pub fn players_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    line_texts(pos, moves, players_text_in)
}

/// Writes a legal move of `pos` in western shogi notation.
#[must_use]
pub fn shogi_text(pos: &Position, m: Move) -> String {
    shogi_text_in(pos, &pos.legal_moves(), m)
}

/// As [`shogi_text`], with the legal moves of `pos` already generated.
#[must_use]
pub fn shogi_text_in(pos: &Position, legal: &[Move], m: Move) -> String {
    write(pos, legal, m, false)
}

/// Reads a move written in western shogi notation: the form [`shogi_text_in`]
/// writes, or with the origin cell where it was not needed (`P7g-7f`). `None` when no
/// legal move is written so.
#[must_use]
pub fn parse_shogi_in(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let text = text.trim();
    // The destination follows the last `-`, `x` or `*` and starts with its file
    // number; SAN (`Bxh8+`, `c4`, `P@e5`) never reads so, and is left alone cheaply.
    let dest = text.rsplit(['-', 'x', '*']).next()?;
    if dest.len() == text.len() || !dest.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    legal
        .iter()
        .copied()
        .filter(|&m| dest.starts_with(&cell_text(pos, m.to())))
        .find(|&m| write(pos, legal, m, false) == text || write(pos, legal, m, true) == text)
}

/// The text of `m`, with its origin always or only when another piece written the
/// same way could reach the destination.
fn write(pos: &Position, legal: &[Move], m: Move, with_origin: bool) -> String {
    let v = pos.variant();
    if let Some(k) = m.dropped() {
        let promoted = if m.is_promoted_drop() { "+" } else { "" };
        return format!(
            "{promoted}{}*{}",
            v.pieces[usize::from(k)].token,
            cell_text(pos, m.to())
        );
    }
    let Some(from) = m.from() else {
        return crate::san::san_in(pos, legal, m);
    };
    if m.kind() == MoveKind::Castle || m.wall().is_some() || m.via().is_some() {
        // No shogi-family move is of these kinds; SAN says them unambiguously.
        return crate::san::san_in(pos, legal, m);
    }
    let piece = piece_text(pos, from);
    let ambiguous = legal.iter().any(|o| {
        o.to() == m.to()
            && o.dropped().is_none()
            && o.from()
                .is_some_and(|f| f != from && piece_text(pos, f) == piece)
    });
    let mut s = piece;
    if ambiguous || with_origin {
        s.push_str(&cell_text(pos, from));
    }
    s.push(if captures_on_destination(pos, m) {
        'x'
    } else {
        '-'
    });
    s.push_str(&cell_text(pos, m.to()));
    if !pos.is_demotion(m) {
        s.push_str(&promotion_text(pos, legal, m));
    }
    s
}

/// The western shogi notation of a sequence of moves played from `pos`; stops at the
/// first move that is not legal where it is played.
#[must_use]
pub fn shogi_line(pos: &Position, moves: &[Move]) -> Vec<String> {
    line_texts(pos, moves, shogi_text_in)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::notation::parse_move;
    use crate::Registry;

    fn texts(variant: &str, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
        let v = Registry::builtin().get(variant).unwrap();
        let mut pos = match fen {
            Some(f) => Position::from_fen(&v, f).unwrap(),
            None => Position::start(&v),
        };
        let mut out = Vec::new();
        for t in moves {
            let m = parse_move(&pos, t).unwrap();
            out.push(shogi_text(&pos, m));
            pos.play(m).unwrap();
        }
        out
    }

    #[test]
    fn shogi_opening_moves_read_from_the_right_and_the_top() {
        // 1. P-7f P-3d 2. Bx2b+ Sx2b 3. B*4e: the Bishop exchange opening.
        assert_eq!(
            texts("shogi", None, &["c3c4", "g7g6", "b2h8+", "g9h8", "B@f5"]),
            ["P-7f", "P-3d", "Bx2b+", "Sx2b", "B*4e"]
        );
    }

    #[test]
    fn origin_when_ambiguous_and_declined_promotion() {
        // Both Golds can go to 5h (e2): the origin is written.
        assert_eq!(texts("shogi", None, &["f1e2"]), ["G4i-5h"]);
        // The Bishop may promote taking on 2b and does not.
        assert_eq!(
            texts("shogi", None, &["c3c4", "g7g6", "b2h8"]),
            ["P-7f", "P-3d", "Bx2b="]
        );
    }

    #[test]
    fn promoted_pieces_keep_a_plus_before_the_letter() {
        assert_eq!(
            texts("shogi", None, &["c3c4", "g7g6", "b2h8+", "a7a6", "h8h9"]),
            ["P-7f", "P-3d", "Bx2b+", "P-9d", "+Bx2a"]
        );
    }

    #[test]
    fn smaller_boards_count_their_own_files_and_ranks() {
        // Minishogi 5x5: a2 is file 5, rank d; a3 rank c.
        assert_eq!(texts("minishogi", None, &["a2a3"]), ["P-5c"]);
    }

    #[test]
    fn kyoto_flips_are_unmarked_and_promoted_drops_keep_their_plus() {
        // The Pawn on e1 (file 1, rank e) turns into a Rook as it moves, then back.
        let t = texts(
            "kyotoshogi",
            Some("4k/5/5/5/K3P[] w - - 0 1"),
            &["e1e2+", "e5d5", "e2e3"],
        );
        assert_eq!(t, ["P-1d+", "K-2a", "+P-1c"]);
        let v = Registry::builtin().get("kyotoshogi").unwrap();
        let pos = Position::from_fen(&v, "4k/5/5/5/K4[P] w - - 0 1").unwrap();
        let legal = pos.legal_moves();
        let mut drops: Vec<String> = legal
            .iter()
            .filter(|m| m.dropped().is_some() && v.geometry.name(m.to()) == "c3")
            .map(|&m| shogi_text_in(&pos, &legal, m))
            .collect();
        drops.sort();
        assert_eq!(drops, ["+P*3c", "P*3c"]);
    }

    #[test]
    fn players_text_is_shogi_notation_only_where_the_variant_asks() {
        for (id, first) in [("shogi", "P-7f"), ("minishogi", "P-5c"), ("chess", "c4")] {
            let v = Registry::builtin().get(id).unwrap();
            let pos = Position::start(&v);
            let m = parse_move(&pos, if id == "minishogi" { "a2a3" } else { "c2c4" })
                .or_else(|_| parse_move(&pos, "c3c4"))
                .unwrap();
            assert_eq!(players_text_in(&pos, &pos.legal_moves(), m), first, "{id}");
        }
    }

    /// Along random games of every variant that writes shogi notation, the texts of
    /// the legal moves of each position are all different, the move played reads back
    /// from its text, and a line's texts are the moves' texts in turn.
    #[test]
    fn every_legal_move_has_its_own_text_along_random_games() {
        const GAMES: u64 = 3;
        const PLIES: usize = 60;
        let reg = Registry::builtin();
        let mut checked = 0;
        for id in reg.ids() {
            let v = reg.get(&id).unwrap();
            if !v.shogi_notation {
                continue;
            }
            checked += 1;
            for seed in 0..GAMES {
                let mut rng = crate::SplitMix64(seed + 1);
                let mut pos = Position::start(&v);
                let mut played = Vec::new();
                for _ in 0..PLIES {
                    let legal = pos.legal_moves();
                    if legal.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    let mut seen = std::collections::HashMap::new();
                    for &m in &legal {
                        let t = shogi_text_in(&pos, &legal, m);
                        if let Some(o) = seen.insert(t.clone(), m) {
                            panic!("{id}: {o:?} and {m:?} are both `{t}` in {}", pos.to_fen());
                        }
                    }
                    let m = legal[(rng.next() % legal.len() as u64) as usize];
                    let t = shogi_text_in(&pos, &legal, m);
                    assert_eq!(parse_shogi_in(&pos, &legal, &t), Some(m), "{id}: `{t}`");
                    played.push(m);
                    pos.make_unchecked(m);
                }
                let start = Position::start(&v);
                let line = shogi_line(&start, &played);
                assert_eq!(line.len(), played.len(), "{id}");
                assert_eq!(players_line(&start, &played), line, "{id}");
            }
        }
        assert!(
            checked >= 10,
            "only {checked} variants write shogi notation"
        );
    }

    #[test]
    fn shogi_text_reads_back_with_or_without_the_origin() {
        let v = Registry::builtin().get("shogi").unwrap();
        let pos = Position::start(&v);
        let legal = pos.legal_moves();
        let want = parse_move(&pos, "c3c4").unwrap();
        assert_eq!(parse_shogi_in(&pos, &legal, " P-7f "), Some(want));
        assert_eq!(parse_shogi_in(&pos, &legal, "P7g-7f"), Some(want));
        assert_eq!(parse_move(&pos, "P-7f").unwrap(), want);
        assert_eq!(
            parse_move(&pos, "G4i-5h").unwrap(),
            parse_move(&pos, "f1e2").unwrap()
        );
        // Ambiguous without the origin, and no Pawn can reach 7e.
        assert_eq!(parse_shogi_in(&pos, &legal, "G-5h"), None);
        assert_eq!(parse_shogi_in(&pos, &legal, "P-7e"), None);
    }
}
