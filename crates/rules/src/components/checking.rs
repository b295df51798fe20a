//! The checking ban (racing kings, Fairy-Stockfish's `checking = false`):
//! a move that leaves the opponent's royal attacked is illegal, so no side
//! is ever in check. It is a legality rule: the full legality test asks it
//! after every move, and the fast path is off where it applies (any move
//! may uncover an attack).

use crate::piece::Color;
use crate::position::Position;

impl Position {
    /// True when checking is banned and `mover`, who has just moved,
    /// attacks the opponent's royal.
    #[must_use]
    pub(crate) fn gave_banned_check(&self, mover: Color) -> bool {
        !self.variant().rules.checking && self.royal_attacked(mover.flip())
    }

    /// True when the variant allows giving check (the fast legality path
    /// applies only then).
    #[must_use]
    pub(crate) fn checking_allowed(&self) -> bool {
        self.variant().rules.checking
    }
}

#[cfg(test)]
mod tests {
    use crate::{move_text, Position, Registry, TextStyle};

    #[test]
    fn moves_that_check_are_illegal() {
        let mut reg = Registry::builtin();
        let text = "id = \"t\"\nextends = \"chess\"\n[rules]\nchecking = false\n";
        let id = reg.add_toml("t.toml", text).expect("toml");
        let v = reg.get(&id).expect("variant");
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let pos = Position::from_fen(&v, fen).expect("fen");
        let moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| move_text(&pos, m, TextStyle::Uci))
            .collect();
        assert!(!moves.contains(&"a1a8".to_string()));
        assert!(moves.contains(&"a1a7".to_string()));
        // The same position in chess: the check is legal.
        let chess = Registry::builtin().get("chess").expect("chess");
        let pos = Position::from_fen(&chess, fen).expect("fen");
        assert_eq!(pos.legal_moves().len(), moves.len() + 1);
    }
}
