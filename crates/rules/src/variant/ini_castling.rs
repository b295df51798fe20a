//! The castling-rule keys of a Fairy-Stockfish ini section:
//! `castlingWins` (castle chess: the listed castling moves win, losing
//! their rights loses) becomes `[rules] castling_wins`
//! (`components::castling_wins`), its FEN letters kept;
//! `oppositeCastling` (castling takes the opponent's right on the same
//! side) becomes `[rules] opposite_castling`
//! (`components::opposite_castling`).

use super::ini::{bool_of, Settings};
use super::load::Problem;
use toml::{Table, Value};

/// The keys this module translates.
pub(super) const KEYS: &[&str] = &["castlingWins", "oppositeCastling"];

/// The castling-right letters Fairy-Stockfish reads (`-`: none).
const RIGHT_LETTERS: &str = "KQkq";

/// Writes the castling rules `st` sets into `rules`.
pub(super) fn translate(st: &Settings, rules: &mut Table, problems: &mut Vec<Problem>) {
    if let Some(v) = st.get("oppositeCastling") {
        match bool_of(v) {
            Some(b) => {
                rules.insert("opposite_castling".into(), Value::Boolean(b));
            }
            None => {
                problems.push(st.problem("oppositeCastling", format!("`{v}` is not true or false")))
            }
        }
    }
    castling_wins(st, rules, problems);
}

/// `castlingWins`; a letter other than `K`, `Q`, `k`, `q` is a problem.
fn castling_wins(st: &Settings, rules: &mut Table, problems: &mut Vec<Problem>) {
    let Some(value) = st.get("castlingWins") else {
        return;
    };
    // Fairy-Stockfish reads letters up to a `-`.
    let letters: String = value
        .chars()
        .take_while(|&c| c != '-')
        .filter(|c| !c.is_whitespace())
        .collect();
    if let Some(bad) = letters.chars().find(|&c| !RIGHT_LETTERS.contains(c)) {
        problems.push(st.problem(
            "castlingWins",
            format!("`{bad}`: castling rights are written K, Q, k, q"),
        ));
        return;
    }
    if !letters.is_empty() {
        rules.insert("castling_wins".into(), Value::String(letters));
    }
}
