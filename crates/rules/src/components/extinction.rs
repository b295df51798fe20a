//! Extinction (extinction chess, three kings, antichess, losers, horde,
//! atomic; Fairy-Stockfish's `extinctionValue` and its companions): a side
//! whose pieces of one of the listed types have died out — no more than a
//! given count left, on the board and in hand — gets the rule's verdict at
//! once: a loss (extinction chess, three kings, horde), a win (antichess,
//! losers: losing everything is the aim).
//!
//! The types are counted one by one, or all together (`*`: a side's whole
//! army, as antichess and horde count). Optionally the opponent must still
//! have a number of pieces of that type, and with `claim` the side to move
//! needs one more of them against it to be judged (it may still restore the
//! balance). The side that has just moved is judged first, as in
//! Fairy-Stockfish. The rule stops play: a decided position has no moves.
//!
//! A `pseudo_royal` rule (Sho shogi: lose King and Prince, Fairy-Stockfish's
//! `extinctionPseudoRoyal`) makes the counted pieces royal while their side
//! has no more than one over the count: then none of them may be left
//! attacked, and the side is checkmated rather than extinct, so the
//! extinction verdict itself is never given (as in Fairy-Stockfish) —
//! unless captures explode (atomic chess), which may blow it up. With
//! more of them, any one may be left en prise. Whether a move was legal is
//! judged by the pieces that were royal before it: a promotion that adds a
//! counted piece does not free the old one from check, and a royal piece
//! that promotes (Chak's King turning into a Divine King) stays royal —
//! except after a chess-style promotion (one that replaces the piece, as
//! Spartan chess's Hoplite becoming a second King), which Fairy-Stockfish
//! judges by the count after it: with more than the count before it, the
//! type is no longer royal for that move; otherwise the new piece is
//! royal too.
//!
//! A `duple` rule (Spartan chess, Fairy-Stockfish's `dupleCheck`) also
//! forbids leaving every counted piece attacked at once, and counts that
//! as check: two Kings that are not royal may not both be left en prise.

use super::mate::Verdict;
use crate::outcome::{Outcome, Reason};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use crate::variant::spec::ExtinctionFile;
use menagerie_geometry::CellId;

/// The key that counts a side's whole army together.
pub const ALL_PIECES: &str = "*";

/// An extinction rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extinction {
    /// What the side whose type died out gets.
    pub verdict: Verdict,
    /// The types counted one by one (bit per type).
    pub types: u64,
    /// The whole army is counted too.
    pub all: bool,
    /// A type has died out at this many pieces or fewer.
    pub count: u32,
    /// ... provided the opponent has at least this many of it.
    pub opponent_count: u32,
    /// The side to move needs one more opponent piece against it.
    pub claim: bool,
    /// The counted pieces are royal while few (see the module docs).
    pub pseudo_royal: bool,
    /// All counted pieces attacked at once is check (see the module docs).
    pub duple: bool,
}

/// The validated rule from `[rules] extinction`.
///
/// # Errors
/// An unknown piece or verdict, as a message for the key.
pub(crate) fn from_spec(
    spec: &ExtinctionFile,
    verdict: impl Fn(&str) -> Option<Verdict>,
    piece: impl Fn(&str) -> Option<PieceType>,
) -> Result<Extinction, String> {
    let verdict = verdict(&spec.verdict)
        .ok_or_else(|| format!("verdict `{}`: use loss, draw or win", spec.verdict))?;
    let mut types = 0u64;
    let mut all = false;
    for k in &spec.pieces {
        if k == ALL_PIECES {
            all = true;
        } else {
            let t = piece(k).ok_or_else(|| format!("unknown piece `{k}`"))?;
            types |= 1 << t;
        }
    }
    if types == 0 && !all {
        return Err("`pieces` is empty: name the types that must not die out".into());
    }
    Ok(Extinction {
        verdict,
        types,
        all,
        count: spec.count.unwrap_or(0),
        opponent_count: spec.opponent_count.unwrap_or(0),
        claim: spec.claim.unwrap_or(false),
        pseudo_royal: spec.pseudo_royal.unwrap_or(false),
        duple: spec.duple.unwrap_or(false),
    })
}

impl Position {
    /// Pieces of `kind` that `c` has on the board and in hand.
    fn with_hand(&self, c: Color, kind: PieceType) -> u32 {
        (self.count(c, kind) + usize::from(self.hand(c, kind))) as u32
    }

    /// The types of `c` that are royal now under a pseudo-royal extinction
    /// rule (bit per type), and the cell of a piece that is not: for the
    /// side that has just moved, the rule is applied to the position before
    /// its move, so a piece its promotion just made does not count.
    pub(crate) fn pseudo_royals(&self, c: Color) -> (u64, Option<CellId>) {
        let Some(e) = self
            .variant()
            .rules
            .extinction
            .as_ref()
            .filter(|e| e.pseudo_royal)
        else {
            return (0, None);
        };
        let promoted = self
            .last_move()
            .filter(|_| c != self.side())
            .and_then(|m| m.promotion().map(|k| (k, m.to())));
        // A chess-style promotion (the piece replaced, not promoted in
        // place: no `+` in its text) is judged by the count after it.
        let replaced = promoted.is_some()
            && self.last_moved_kind().is_some_and(|k| {
                let def = &self.variant().pieces[usize::from(k)];
                def.promotion.as_ref().is_some_and(|p| !p.plus_text)
            });
        let mut mask = 0;
        let mut bits = e.types;
        while bits != 0 {
            let k = bits.trailing_zeros() as PieceType;
            bits &= bits - 1;
            let made = promoted.is_some_and(|(t, _)| t == k);
            let before = self.count(c, k) - usize::from(made);
            let limit = if made && replaced {
                e.count
            } else {
                e.count + 1
            };
            if before as u32 <= limit {
                mask |= 1 << k;
            }
        }
        // A royal piece that promotes Shogi-style, or turns back into its
        // origin (demotion), stays royal in its new shape (Fairy-Stockfish
        // moves royalty along with the piece): its old type had one more
        // piece before the move, so at most the count plus one.
        let royal_mover = self
            .last_moved_kind()
            .is_some_and(|o| e.types >> o & 1 != 0 && (self.count(c, o) as u32) <= e.count);
        let skip = promoted
            .filter(|(t, _)| mask >> t & 1 != 0 && !replaced && !royal_mover)
            .map(|(_, at)| at);
        (mask, skip)
    }

    /// True when `c` has pieces of the counted types and every one of them
    /// is attacked (`threatened` judges a cell): a duple check (see the
    /// module docs). Always false without a `duple` rule.
    pub(crate) fn duple_checked(&self, c: Color, threatened: impl Fn(CellId) -> bool) -> bool {
        let Some(e) = self
            .variant()
            .rules
            .extinction
            .as_ref()
            .filter(|e| e.pseudo_royal && e.duple)
        else {
            return false;
        };
        let mut any = false;
        let mut bits = e.types;
        while bits != 0 {
            let k = bits.trailing_zeros() as PieceType;
            bits &= bits - 1;
            for &s in self.cells_of(c, k) {
                if !threatened(s) {
                    return false;
                }
                any = true;
            }
        }
        any
    }

    /// All of `c`'s pieces, on the board and in hand.
    fn army(&self, c: Color) -> u32 {
        (0..self.variant().types() as PieceType)
            .map(|k| self.with_hand(c, k))
            .sum()
    }
}

impl Extinction {
    /// True when `c` is extinct by a count pair (its own, the opponent's).
    fn dead(&self, pos: &Position, c: Color, own: u32, theirs: u32) -> bool {
        let claim = u32::from(self.claim && c == pos.side());
        own <= self.count && theirs >= self.opponent_count + claim
    }

    /// True when one of `c`'s counted types has died out.
    fn extinct(&self, pos: &Position, c: Color) -> bool {
        if self.all && self.dead(pos, c, pos.army(c), pos.army(c.flip())) {
            return true;
        }
        let mut bits = self.types;
        while bits != 0 {
            let k = bits.trailing_zeros() as PieceType;
            bits &= bits - 1;
            if self.dead(pos, c, pos.with_hand(c, k), pos.with_hand(c.flip(), k)) {
                return true;
            }
        }
        false
    }
}

/// The extinction verdict (see the module docs).
pub(crate) fn judge(pos: &Position) -> Option<Outcome> {
    let rules = &pos.variant().rules;
    // A pseudo-royal piece is never captured, but an explosion (atomic)
    // may still blow it up: then the extinction verdict is given.
    let e = rules
        .extinction
        .as_ref()
        .filter(|e| !e.pseudo_royal || rules.blast.is_some())?;
    let us = pos.side();
    let c = [us.flip(), us].into_iter().find(|&c| e.extinct(pos, c))?;
    let winner = match e.verdict {
        Verdict::Win => Some(c),
        Verdict::Draw => None,
        Verdict::Loss => Some(c.flip()),
    };
    Some(Outcome {
        winner,
        reason: Reason::Extinction,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(variant: &str, fen: &str) -> Option<Outcome> {
        let v = crate::Registry::builtin().get(variant).expect(variant);
        Position::from_fen(&v, fen).expect("fen").outcome()
    }

    #[test]
    fn a_type_dying_out_loses_in_extinction_chess() {
        // Black has no Knight left: White wins, whoever is to move.
        for side in ["w", "b"] {
            let fen = format!("rbqkb1r1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR {side} - - 0 1");
            let o = outcome("extinction", &fen).expect("extinct");
            assert_eq!(
                (o.winner, o.reason),
                (Some(Color::White), Reason::Extinction)
            );
        }
        let full = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(outcome("extinction", full), None);
    }

    #[test]
    fn losing_everything_wins_in_antichess() {
        let o = outcome("antichess", "8/8/8/8/8/8/8/4K3 b - - 0 1").expect("no pieces");
        assert_eq!(
            (o.winner, o.reason),
            (Some(Color::Black), Reason::Extinction)
        );
        assert!(outcome("antichess", "8/8/8/8/8/8/8/4K2k b - - 0 1").is_none());
    }

    #[test]
    fn three_kings_counts_to_two() {
        let two = "k3k3/8/8/8/8/8/8/K3K2K w - - 0 1";
        let o = outcome("threekings", two).expect("two kings left");
        assert_eq!(o.winner, Some(Color::White));
        assert!(outcome("threekings", "k3k2k/8/8/8/8/8/8/K3K2K w - - 0 1").is_none());
    }

    #[test]
    fn pseudo_royal_kings_are_royal_only_while_alone() {
        // Sho shogi: a Rook attacks the King on e1.
        let v = crate::Registry::builtin().get("shoshogi").unwrap();
        let moves = |fen: &str| -> Vec<String> {
            let p = Position::from_fen(&v, fen).unwrap();
            crate::test_support::legal_uci(&p)
        };
        // Alone, the King is in check and must step away.
        let alone = "4k4/9/9/9/9/9/9/9/r3K4 w - - 0 1";
        assert!(Position::from_fen(&v, alone).unwrap().in_check());
        assert_eq!(moves(alone), ["e1d2", "e1e2", "e1f2"]);
        // With a Prince beside it, either may be left en prise.
        let pair = "4k4/9/9/9/4+E4/9/9/9/r3K4 w - - 0 1";
        assert!(!Position::from_fen(&v, pair).unwrap().in_check());
        assert!(moves(pair).contains(&"e5e6".to_string()));
        // Promoting a Drunk Elephant to a Prince does not lift the check:
        // the King was royal before the move.
        let promote = "4k4/9/9/4E4/9/9/9/9/r3K4 w - - 0 1";
        assert!(!moves(promote).iter().any(|m| m.starts_with("e6")));
        assert_eq!(Position::from_fen(&v, pair).unwrap().outcome(), None);
    }

    #[test]
    fn a_royal_piece_that_promotes_stays_royal() {
        // A lone pseudo-royal Commoner turns into a Centaur in the zone; the
        // Knight on a5 guards c4, so promoting there would leave it attacked.
        let text = "[rp]\nmaxFile = 5\nmaxRank = 5\npawn = -\nbishop = -\nrook = -\nqueen = -\nking = -\ncommoner = c\ncentaur = d\ncastling = false\nextinctionValue = loss\nextinctionPieceTypes = cd\nextinctionPseudoRoyal = true\npromotionRegionWhite = *4 *5\npromotionRegionBlack = *2 *1\npromotedPieceType = c:d\nmandatoryPiecePromotion = true\nstartFen = n3c/5/2C2/5/5 w - - 0 1\n";
        let mut reg = crate::Registry::builtin();
        let ids = reg.add_ini("x.ini", text).unwrap();
        let v = reg.get(&ids[0]).unwrap();
        let p = Position::from_fen(&v, "n3c/5/2C2/5/5 w - - 0 1").unwrap();
        let moves: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|&m| crate::move_text(&p, m, crate::TextStyle::Uci))
            .collect();
        assert!(moves.contains(&"c3b4+".to_string()), "{moves:?}");
        assert!(!moves.contains(&"c3c4+".to_string()), "{moves:?}");
    }

    fn spartan_moves(fen: &str) -> Vec<String> {
        let v = crate::Registry::builtin().get("spartan").expect("spartan");
        let p = Position::from_fen(&v, fen).expect("fen");
        crate::test_support::legal_uci(&p)
    }

    #[test]
    fn two_kings_may_not_both_be_left_attacked() {
        // The Queen attacks h8: Black may leave it so, but not put the a8
        // King on a7, where both would be attacked.
        let m = spartan_moves("k6k/8/8/8/3Q4/8/8/4K3 b - - 0 1");
        assert_eq!(m, ["a8b7", "a8b8", "h8g7", "h8g8", "h8h7"]);
        // Both attacked and no move: a duple checkmate.
        let v = crate::Registry::builtin().get("spartan").unwrap();
        let p = Position::from_fen(&v, "k6k/1Q4Q1/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert!(p.in_check() && p.legal_moves().is_empty());
        assert_eq!(p.outcome().and_then(|o| o.winner), Some(Color::White));
    }

    #[test]
    fn a_second_king_by_promotion_frees_the_first() {
        // The lone King on a8 is in check; a Hoplite that becomes a second
        // King (chess-style) makes neither royal, so the check may stand
        // as long as the new King is safe (h1), as in Fairy-Stockfish.
        let m = spartan_moves("k7/8/8/8/8/8/6h1/R3K3 b - - 0 1");
        assert_eq!(m, ["a8b7", "a8b8", "g2h1k"]);
    }
}
