//! The checking bans. Racing kings (Fairy-Stockfish's `checking = false`):
//! a move that leaves the opponent's royal attacked is illegal, so no side
//! is ever in check. Supply chess (`dropChecks = false`): only drops may not
//! give check — a piece from the hand may not land with an attack on the
//! enemy royal, nor open one (a Cannon's new screen). Both are legality
//! rules: the full legality test asks them after every move, and the fast
//! path is off where they apply (any move may uncover an attack).

use crate::moves::MoveKind;
use crate::piece::Color;
use crate::position::Position;

impl Position {
    /// True when the move `mover` has just made may not check (checking is
    /// banned, or it was a drop and drops may not check) and it attacks the
    /// opponent's royal.
    #[must_use]
    pub(crate) fn gave_banned_check(&self, mover: Color) -> bool {
        let rules = &self.variant().rules;
        let dropped = || self.last_move().is_some_and(|m| m.kind() == MoveKind::Drop);
        (!rules.checking || (!rules.drop_checks && dropped())) && self.royal_attacked(mover.flip())
    }

    /// True when every move and drop may give check (the fast legality
    /// path applies only then).
    #[must_use]
    pub(crate) fn checking_allowed(&self) -> bool {
        let rules = &self.variant().rules;
        rules.checking && rules.drop_checks
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

    #[test]
    fn drops_that_check_are_illegal_when_drop_checks_is_off() {
        let mut reg = Registry::builtin();
        let text = "id = \"t\"\nextends = \"crazyhouse\"\n[rules]\ndrop_checks = false\n";
        let id = reg.add_toml("t.toml", text).expect("toml");
        let v = reg.get(&id).expect("variant");
        let fen = "4k3/8/8/8/8/8/8/R3K3[R] w - - 0 1";
        let pos = Position::from_fen(&v, fen).expect("fen");
        let moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| move_text(&pos, m, TextStyle::Uci))
            .collect();
        // The Rook may not be dropped onto the e-file or the eighth rank,
        // but the Rook on the board may still check by moving.
        assert!(!moves.contains(&"R@e4".to_string()));
        assert!(!moves.contains(&"R@b8".to_string()));
        assert!(moves.contains(&"R@d4".to_string()));
        assert!(moves.contains(&"a1a8".to_string()));
        // Crazyhouse itself allows the checking drops.
        let zh = Registry::builtin().get("crazyhouse").expect("crazyhouse");
        let all = Position::from_fen(&zh, fen).expect("fen").legal_moves();
        assert_eq!(all.len(), moves.len() + 6 + 7);
    }
}
