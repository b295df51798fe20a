//! Promotion: a piece that ends (or starts) a move in its zone may or must
//! become another type — chosen from a list, possibly only among types its
//! side has lost, compulsory on entering the zone or when the piece could
//! not move again; a promoted piece may remember its origin and revert to
//! it when captured (demotion, Shogi's captured pieces).
//!
//! Hooks: move choices (`Position::push_promotions`, called by the
//! generator for every piece move of a type that promotes or where
//! immobility is illegal) and effects of a move (`position::make` puts the
//! new type and the origin it keeps).

use crate::components::immobility;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Color, PieceType};
use crate::position::Position;
use menagerie_geometry::{CellId, CellSet};

/// How a piece type promotes.
#[derive(Debug, Clone)]
pub struct Promotion {
    /// Zone per colour.
    pub zone: [CellSet; 2],
    /// Choices (White's, and Black's unless `to_black` is given).
    pub to: Vec<PieceType>,
    /// Black's choices, where they differ from White's.
    pub to_black: Option<Vec<PieceType>>,
    /// Compulsory whenever allowed.
    pub mandatory: bool,
    /// Triggered when the move starts or ends in the zone (else: ends).
    pub on_start_too: bool,
    /// Triggered only by captures (Micro Shogi).
    pub on_capture: bool,
    /// The promoted piece turns back into this type by a move under the
    /// same conditions (Kyoto and Micro Shogi: every such move flips it).
    pub demotion: bool,
    /// A piece of this type in hand may also be dropped as its first
    /// promotion choice (Kyoto Shogi).
    pub drop_promoted: bool,
    /// Only to types the owner has fewer of than at the start.
    pub only_lost: bool,
    /// Compulsory when entering the zone from outside.
    pub on_entry: bool,
    /// A forced promotion with no type available blocks the move instead
    /// of leaving the plain move (Fairy-Stockfish's Pawn).
    pub blocked_without_choice: bool,
    /// The promoted piece remembers its origin and reverts when captured.
    pub keeps_origin: bool,
    /// Written Shogi's way, with `+` (style `promote`); a `revert`
    /// promotion (Crazyhouse) keeps its origin but is written as in chess.
    pub plus_text: bool,
    /// Beside the `to` choices, the type it may become Shogi's way (keeping
    /// its origin, written `+`): Wolf chess's Pawn may become an Elephant.
    pub plus_to: Option<PieceType>,
}

impl Promotion {
    /// True for a `revert` promotion: the origin is kept for captures but
    /// the piece is written as its new type (`Q~` in FEN, `e7e8q`).
    #[must_use]
    pub fn reverts(&self) -> bool {
        self.keeps_origin && !self.plus_text
    }

    /// True when the promotion `m` of a piece of this type keeps the origin
    /// (the piece reverts when captured or is written `+`): every one of a
    /// type that keeps it, and the `plus_to` choice
    /// ([`Move::promotes_plus`]).
    #[must_use]
    pub fn keeps_origin_in(&self, m: Move) -> bool {
        self.keeps_origin || m.promotes_plus()
    }

    /// True when the promotion `m` (or the promoted drop `m`) of a piece of
    /// this type is written Shogi's way, with `+` (in moves and the FEN).
    #[must_use]
    pub fn plus_text_in(&self, m: Move) -> bool {
        (self.keeps_origin && self.plus_text) || m.promotes_plus()
    }

    /// The types a piece of `us` may become.
    #[must_use]
    pub fn choices(&self, us: Color) -> &[PieceType] {
        match (&self.to_black, us) {
            (Some(black), Color::Black) => black,
            _ => &self.to,
        }
    }

    /// True when a move from `from` to `to` (a capture when `capture`) may
    /// promote — or, for a piece promoted from this type, demote.
    #[must_use]
    pub fn applies(&self, us: Color, from: CellId, to: CellId, capture: bool) -> bool {
        let zone: &CellSet = &self.zone[us.idx()];
        (capture || !self.on_capture)
            && (zone.contains(to) || (self.on_start_too && zone.contains(from)))
    }

    /// True when a move from `from` to `to` must promote (given `immobile`:
    /// the piece would have no move from `to`).
    #[must_use]
    pub fn forced(&self, us: Color, from: CellId, to: CellId, immobile: bool) -> bool {
        let zone = &self.zone[us.idx()];
        self.mandatory || immobile || (self.on_entry && !zone.contains(from) && zone.contains(to))
    }
}

/// For each type, the type a `revert` promotion makes it from (Crazyhouse's
/// `Q~`: a Queen that was a Pawn), if one does.
#[must_use]
pub fn reverted_from(pieces: &[crate::variant::PieceDef]) -> Vec<Option<PieceType>> {
    (0..pieces.len())
        .map(|kind| {
            pieces
                .iter()
                .position(|p| {
                    p.promotion.as_ref().is_some_and(|pr| {
                        pr.reverts() && pr.to.iter().any(|&t| usize::from(t) == kind)
                    })
                })
                .map(|i| i as PieceType)
        })
        .collect()
}

impl Position {
    /// Appends `m`, a move of the side to move's piece of `kind` from `from`
    /// to `to` (a capture when `capture`), with the promotion choices it has
    /// there: one move per type it may become, and the plain move unless
    /// promotion is forced (or no type is available). A piece promoted from
    /// a type with `demotion` instead turns back into that type where the
    /// type's own promotion would apply. Without a promotion, a move that
    /// would leave the piece immobile where the variant forbids that is
    /// left out.
    pub(crate) fn push_promotions(
        &self,
        kind: PieceType,
        from: CellId,
        to: CellId,
        m: Move,
        capture: bool,
        out: &mut MoveList,
    ) {
        let us = self.side();
        let immobile = immobility::stranded(self.variant(), kind, us, to);
        if let Some((origin, pr)) = self.demotion_at(from) {
            if pr.applies(us, from, to, capture) {
                out.push(m.with_promotion(origin));
                if !pr.forced(us, from, to, false) && !immobile {
                    out.push(m);
                }
                return;
            }
        }
        let def = &self.variant().pieces[usize::from(kind)];
        let Some(pr) = def
            .promotion
            .as_ref()
            .filter(|pr| pr.applies(us, from, to, capture))
        else {
            if !immobile {
                out.push(m);
            }
            return;
        };
        let before = out.len();
        for &t in pr.choices(us) {
            if (!pr.only_lost || self.lost(us, t)) && self.below_limit(us, t) {
                out.push(m.with_promotion(t));
            }
        }
        // As Fairy-Stockfish's Pawn, the Shogi-style choice knows no limit.
        if let Some(t) = pr.plus_to {
            out.push(m.with_plus_promotion(t));
        }
        // With no type to become, the plain move stays, unless it would
        // leave the piece immobile where that is illegal (Grand chess: a
        // pawn with nothing lost may not step onto the last rank) or the
        // type is blocked without a choice.
        let stays = out.len() == before && !immobile && !pr.blocked_without_choice;
        if !pr.forced(us, from, to, immobile) || stays {
            out.push(m);
        }
    }

    /// The origin of the promoted piece on `s` and that origin's promotion,
    /// when the piece may turn back into it (`demotion`).
    pub(crate) fn demotion_at(&self, s: CellId) -> Option<(PieceType, &Promotion)> {
        let origin = self.origin(s)?;
        let pr = self.variant().pieces[usize::from(origin)]
            .promotion
            .as_ref()
            .filter(|pr| pr.demotion)?;
        Some((origin, pr))
    }

    /// True when `m`, a move from a cell, turns the piece back into the
    /// type it was promoted from.
    #[must_use]
    pub fn is_demotion(&self, m: Move) -> bool {
        let from = m.from().filter(|_| m.kind() == MoveKind::Normal);
        from.is_some_and(|f| m.promotion().is_some() && m.promotion() == self.origin(f))
    }

    /// True when `color` may still promote to `kind` under the variant's
    /// promotion limit (`[rules] promotion_limit`: fewer than the limit on
    /// the board, as Fairy-Stockfish's `promotionLimit` counts).
    #[must_use]
    pub fn below_limit(&self, color: Color, kind: PieceType) -> bool {
        let limit = self.variant().rules.promotion_limit.get(usize::from(kind));
        limit.is_none_or(|&n| n == 0 || (self.count(color, kind) as u32) < n)
    }

    /// True when `color` has fewer pieces of `kind` on the board than at the
    /// start (for promotions only to lost types).
    #[must_use]
    pub fn lost(&self, color: Color, kind: PieceType) -> bool {
        self.count(color, kind)
            < usize::from(self.variant().pieces[usize::from(kind)].start_count[color.idx()])
    }
}

#[cfg(test)]
mod tests {
    use crate::{move_text, Position, Registry, TextStyle};

    /// The moves of the pawn on `from`, in coordinates.
    fn pawn_moves(fen: &str, from: &str) -> Vec<String> {
        let v = Registry::builtin().get("grand").unwrap();
        let pos = Position::from_fen(&v, fen).unwrap();
        let mut out: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| move_text(&pos, m, TextStyle::Uci))
            .filter(|t| t.starts_with(from))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn a_pawn_with_nothing_to_become_may_not_reach_the_last_rank() {
        // Grand chess: promotion only to lost types, compulsory on the last
        // rank (immobility), optional on the two before it.
        let full = "7k2/4P5/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1";
        assert_eq!(pawn_moves(full, "e9"), Vec::<String>::new());
        let no_queen = "7k2/4P5/10/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1";
        assert_eq!(pawn_moves(no_queen, "e9"), ["e9e10q"]);
        let on_eighth = "7k2/10/4P5/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1";
        assert_eq!(pawn_moves(on_eighth, "e8"), ["e8e9", "e8e9q"]);
    }

    #[test]
    fn kyoto_pieces_flip_at_every_move_and_drop_either_face_up() {
        let v = Registry::builtin().get("kyotoshogi").unwrap();
        let fen = "p+nks+l/5/5/5/+LSK+NP[S] w - - 0 1";
        let pos = Position::from_fen(&v, fen).unwrap();
        let texts = |p: &Position, from: &str| -> Vec<String> {
            let mut out: Vec<String> = p
                .legal_moves()
                .iter()
                .map(|&m| move_text(p, m, TextStyle::Uci))
                .filter(|t| t.starts_with(from))
                .collect();
            out.sort();
            out
        };
        // The Silver must become a Bishop, the Gold that was a Lance must
        // turn back into a Lance.
        assert_eq!(texts(&pos, "b1"), ["b1a2+", "b1b2+", "b1c2+"]);
        assert_eq!(texts(&pos, "a1"), ["a1a2-", "a1b2-"]);
        assert_eq!(texts(&pos, "+S@c3"), ["+S@c3"]);
        assert_eq!(texts(&pos, "S@c3"), ["S@c3"]);
        let mut p = pos.clone();
        p.play(crate::parse_move(&p, "+S@c3").unwrap()).unwrap();
        assert!(
            p.to_fen().starts_with("p+nks+l/5/2+S2/5/+LSK+NP[]"),
            "{}",
            p.to_fen()
        );
        p.unmake();
        assert_eq!(p, pos);
        p.play(crate::parse_move(&p, "a1a2-").unwrap()).unwrap();
        assert!(
            p.to_fen().starts_with("p+nks+l/5/5/L4/1SK+NP[S]"),
            "{}",
            p.to_fen()
        );
    }

    #[test]
    fn the_promotion_limit_counts_the_pieces_on_the_board() {
        // Spartan chess: a second King by promotion, never a third.
        let v = Registry::builtin().get("spartan").unwrap();
        let kings = |fen: &str| -> usize {
            let pos = Position::from_fen(&v, fen).unwrap();
            pos.legal_moves()
                .iter()
                .filter(|&&m| move_text(&pos, m, TextStyle::Uci).ends_with('k'))
                .count()
        };
        assert_eq!(kings("k7/8/8/8/8/8/1h6/4K3 b - - 0 1"), 2);
        assert_eq!(kings("k6k/8/8/8/8/8/1h6/4K3 b - - 0 1"), 0);
    }

    #[test]
    fn a_pawn_may_also_promote_shogi_style_beside_its_chess_choices() {
        // Wolf chess: a Pawn becomes a Queen, Wolf, Fox, Rook or Bishop, or
        // an Elephant written `+` (`+P` in the FEN), as in Fairy-Stockfish.
        let v = Registry::builtin().get("wolf").unwrap();
        let pos = Position::from_fen(&v, "k7/6P1/8/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let pawn: Vec<String> = crate::test_support::legal_uci_starting(&pos, "g9");
        assert_eq!(
            pawn,
            ["g9g10+", "g9g10b", "g9g10f", "g9g10q", "g9g10r", "g9g10w"]
        );
        let mut p = pos.clone();
        crate::test_support::play_uci(&mut p, "g9g10+");
        assert_eq!(p.to_fen(), "k5+P1/8/8/8/8/8/8/8/8/K7 b - - 0 1");
        let elephant = v.pieces.iter().position(|d| d.key == "E").unwrap();
        assert_eq!(
            usize::from(p.piece(v.geometry.parse_cell("g10").unwrap()).kind()),
            elephant
        );
        p.unmake();
        assert_eq!(p, pos);
        // A Sergeant has the chess choices only.
        let s = Position::from_fen(&v, "k7/6S1/8/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let plus = crate::test_support::legal_uci(&s)
            .into_iter()
            .filter(|m| m.ends_with('+'))
            .count();
        assert_eq!(plus, 0);
        // The `+P` of a FEN is the Elephant (it moves as a Queen and a Nightrider).
        let read = Position::from_fen(&v, "k5+P1/8/8/8/8/8/8/8/8/K7 b - - 0 1").unwrap();
        assert_eq!(read.to_fen(), "k5+P1/8/8/8/8/8/8/8/8/K7 b - - 0 1");
        assert_eq!(crate::test_support::legal_uci(&read), ["a10a9", "a10b9"]);
    }
}
