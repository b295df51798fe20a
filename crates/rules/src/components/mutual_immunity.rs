//! Mutual immunity (atomar chess's "diplomacy"; Fairy-Stockfish's
//! `mutuallyImmuneTypes`): a piece of a listed type may not capture a piece
//! of its own type. In atomar the Kings are immune to explosions, so without
//! this rule a King could simply take the other.
//!
//! Why here and not in the legality test: the ban depends only on the
//! mover's and the victim's types, so it is a filter on the moves one piece
//! generates (`movegen::gen` calls `Position::drop_immune_captures` for
//! the listed types only). Perft, the legal list, the search's pseudo-legal
//! lists and `is_legal` all see it that way.

use crate::moves::{retain_from, MoveList};
use crate::piece::PieceType;
use crate::position::Position;

impl Position {
    /// Removes from `out[start..]` (moves of a `kind` piece) the captures of
    /// a piece of that same type, when the variant makes `kind` immune to
    /// its own kind.
    pub(crate) fn drop_immune_captures(&self, kind: PieceType, start: usize, out: &mut MoveList) {
        if self.variant().rules.mutually_immune >> kind & 1 == 0 {
            return;
        }
        retain_from(out, start, |m| {
            let victim = self.piece(m.to());
            !(m.is_capture() && victim.is_some() && victim.kind() == kind)
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::{move_text, Position, Registry, TextStyle};

    #[test]
    fn a_king_may_not_take_a_king_but_takes_anything_else() {
        let v = Registry::builtin().get("atomar").expect("atomar");
        let p = Position::from_fen(&v, "8/8/8/8/8/3k4/3qK3/8 w - - 0 1").expect("fen");
        let mut m: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|&m| move_text(&p, m, TextStyle::Uci))
            .collect();
        m.sort();
        assert!(m.contains(&"e2d2".to_string()), "{m:?}");
        assert!(!m.contains(&"e2d3".to_string()), "{m:?}");
        // Without the rule (nocheckatomic) the King may take the King.
        let v = Registry::builtin()
            .get("nocheckatomic")
            .expect("nocheckatomic");
        let p = Position::from_fen(&v, "8/8/8/8/8/3k4/3qK3/8 w - - 0 1").expect("fen");
        let n: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|&m| move_text(&p, m, TextStyle::Uci))
            .collect();
        assert!(n.contains(&"e2d3".to_string()), "{n:?}");
    }
}
