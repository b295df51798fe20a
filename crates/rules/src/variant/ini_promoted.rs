//! `promotedPieceType` across parent sections and parent profiles.
//!
//! Fairy-Stockfish reads the key pair by pair onto the parent's finished
//! variant: `r:d` sets the promotion of the piece type of letter `r`, the
//! types a section does not name keep the parent's, and `r:-` takes one
//! away. A promotion belongs to the piece type, so a type given another
//! type's letter (`soldier = p` over Shogi's Pawn) does not promote.
//! Menagerie merges the keys of a chain before reading them, where a
//! section's value would replace the parent's whole list: here the
//! inherited pairs are kept under the section's own, less those of the
//! letters the section's piece keys take from other types, and less the
//! `x:-` pairs. Types the section moves to another letter or takes out are
//! followed before (`ini_letters::follow_new_letters`).

use super::ini_letters::{is_piece_key, letter};
use std::collections::BTreeMap;

/// The key this module merges.
const KEY: &str = "promotedPieceType";

/// The value of `promotedPieceType` once the section's keys `own` (key,
/// value, line) go on top of the inherited `values` (key -> (value, line)),
/// with the line it is reported at; `None` when nothing needs merging (no
/// inherited pairs, or neither the key nor a piece letter changes).
pub(super) fn merged(
    values: &BTreeMap<String, (String, usize)>,
    own: &[(String, String, usize)],
) -> Option<(String, usize)> {
    let (inherited, inherited_line) = values.get(KEY)?;
    let own_key = own.iter().find(|(k, ..)| k == KEY);
    let gone = letters_gone(values, own);
    if own_key.is_none() && gone.is_empty() {
        return None;
    }
    let mut pairs: BTreeMap<char, char> = pairs(inherited)
        .filter(|(a, b)| !gone.contains(a) && !gone.contains(b))
        .collect();
    if let Some((_, value, _)) = own_key {
        for (a, b) in self::pairs(value) {
            pairs.insert(a, b);
        }
    }
    let text: Vec<String> = pairs
        .into_iter()
        .filter(|&(_, b)| b != '-')
        .map(|(a, b)| format!("{a}:{b}"))
        .collect();
    let line = own_key.map_or(*inherited_line, |(.., line)| *line);
    Some((text.join(" "), line))
}

/// `a:b` pairs of a value, letters in lower case (`-`: no promotion).
fn pairs(value: &str) -> impl Iterator<Item = (char, char)> + '_ {
    value.split_whitespace().filter_map(|pair| {
        let (a, b) = pair.split_once(':')?;
        let a = a.chars().next()?.to_ascii_lowercase();
        let b = b.chars().next()?.to_ascii_lowercase();
        Some((a, b))
    })
}

/// Letters a piece key of the section takes from another inherited piece
/// type (`soldier = p` over Shogi's Pawn): that type's promotion is not the
/// newcomer's. (A type the section moves to another letter or takes out
/// has its pairs renamed or dropped before: `ini_letters::follow_new_letters`.)
fn letters_gone(
    values: &BTreeMap<String, (String, usize)>,
    own: &[(String, String, usize)],
) -> Vec<char> {
    own.iter()
        .filter(|(k, ..)| is_piece_key(k))
        .filter_map(|(key, value, _)| {
            let new = letter(value)?;
            let held_by_other = values
                .iter()
                .any(|(k, (v, _))| k != key && is_piece_key(k) && letter(v) == Some(new));
            held_by_other.then_some(new)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::test_support::{ini_variant, legal_uci};
    use crate::Position;

    /// Legal moves of the one section of `text` (over a built-in) at `fen`.
    fn moves(text: &str, fen: &str) -> Vec<String> {
        let v = ini_variant(text);
        legal_uci(&Position::from_fen(&v, fen).expect("fen"))
    }

    #[test]
    fn a_section_keeps_the_parents_promotions_it_does_not_name() {
        // pyffish: the Rook still promotes (h2h7+ h2h8+ h2h9+) when the
        // section names only the Pawn; `r:-` takes the Rook's away.
        let fen = "4k4/9/9/9/9/9/9/7R1/4K4[] w - - 0 1";
        let promoting = |text: &str| -> Vec<String> {
            moves(text, fen)
                .into_iter()
                .filter(|m| m.ends_with('+'))
                .collect()
        };
        let pawn_only = "[pg:shogi]\npromotedPieceType = p:g\n";
        assert_eq!(promoting(pawn_only), ["h2h7+", "h2h8+", "h2h9+"]);
        let no_rook = "[rn:shogi]\npromotedPieceType = r:-\n";
        assert_eq!(promoting(no_rook), Vec::<String>::new());
    }

    #[test]
    fn a_type_taking_a_letter_does_not_take_its_promotion() {
        // pyffish: a Soldier given the Pawn's letter steps e6d6 e6e7 e6f6,
        // never promoting, while Shogi's Pawn promotes there.
        let fen = "3k5/9/9/4P4/9/9/9/9/4K4[] w - - 0 1";
        let soldier: Vec<String> = moves("[sold:shogi]\nsoldier = p\n", fen)
            .into_iter()
            .filter(|m| m.starts_with("e6"))
            .collect();
        assert_eq!(soldier, ["e6d6", "e6e7", "e6f6"]);
        let pawn = moves("[pawn:shogi]\nmaxRank = 9\n", fen);
        assert!(pawn.contains(&"e6e7+".to_string()));
    }
}
