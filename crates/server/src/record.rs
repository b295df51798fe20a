//! A game record in the notation players read, one move a line, numbered by ply as a
//! KIF shogi record is: for variants whose moves are shown in western shogi notation,
//! where PGN's SAN (kept for exchange with other programs) is not what players read.
//!
//! ```text
//! # Menagerie game record: Shogi (shogi)
//! Black: Human
//! White: Menagerie engine
//!    1 P-7f
//!    2 P-3d
//! Result: 1-0 (checkmate)
//! ```
//!
//! A game that did not start from the variant's start position names its start FEN.

use crate::game::{Game, Player};
use std::fmt::Write as _;

/// Width of the ply number column.
const PLY_WIDTH: usize = 4;

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Human => "Human",
        Player::Engine => "Menagerie engine",
    }
}

/// Writes the record of a game (see the module docs).
#[must_use]
pub fn export(g: &Game) -> String {
    let v = &g.variant;
    let mut out = String::new();
    let _ = writeln!(out, "# Menagerie game record: {} ({})", v.name, v.id);
    for (name, player) in v.player_names.iter().zip(g.players) {
        let _ = writeln!(out, "{name}: {}", player_name(player));
    }
    if g.start_fen != menagerie_rules::Position::start(v).to_fen() {
        let _ = writeln!(out, "Start: {}", g.start_fen);
    }
    let first_ply = g.position_at(0).map_or(1, |p| {
        2 * p.fullmove() - u32::from(p.side() == menagerie_rules::Color::White)
    });
    for (i, p) in g.moves.iter().enumerate() {
        let ply = first_ply as usize + i;
        let _ = writeln!(out, "{ply:>PLY_WIDTH$} {}", p.notation);
    }
    let st = g.status();
    match (st.result, st.reason) {
        (Some(r), Some(why)) => {
            let _ = writeln!(out, "Result: {r} ({why})");
        }
        (Some(r), None) => {
            let _ = writeln!(out, "Result: {r}");
        }
        _ => out.push_str("Result: * (in progress)\n"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::EngineSettings;
    use menagerie_rules::Registry;

    fn game(id: &str, fen: Option<&str>, moves: &[&str]) -> Game {
        let v = Registry::builtin().get(id).expect("variant");
        let mut g = Game::new(
            "r".into(),
            v,
            fen,
            [Player::Human, Player::Engine],
            EngineSettings::default(),
            0,
        )
        .expect("game");
        for m in moves {
            g.play_text(m).expect("legal");
        }
        g
    }

    #[test]
    fn shogi_record_in_western_notation_black_first() {
        let g = game("shogi", None, &["c3c4", "g7g6", "b2h8+", "g9h8", "B@f5"]);
        assert_eq!(
            export(&g),
            "# Menagerie game record: Shogi (shogi)\nBlack: Human\nWhite: Menagerie engine\n   1 P-7f\n   2 P-3d\n   3 Bx2b+\n   4 Sx2b\n   5 B*4e\nResult: * (in progress)\n"
        );
    }

    #[test]
    fn a_set_up_start_is_named_and_plies_count_from_it() {
        let fen = "4k4/9/9/9/9/9/9/9/4K4[G] b - - 0 7";
        let g = game("shogi", Some(fen), &["e9d9"]);
        let out = export(&g);
        assert!(out.contains(&format!("Start: {fen}\n")), "{out}");
        assert!(out.contains("\n  14 K-6a\n"), "{out}");
    }
}
