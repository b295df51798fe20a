//! One letter, one piece, across parent sections.
//!
//! Fairy-Stockfish reads a `[child:parent]` section on top of the parent's
//! finished variant, and giving a piece type a letter that another type
//! already holds takes that other type out of the game. Menagerie instead
//! merges the keys of the whole chain and reads the pieces once, in
//! Fairy-Stockfish's order of piece types, which would let an inherited key
//! win over the child's: `[snort:ataxx]` writes `immobile = p` over the
//! parent's moving stone `customPiece1 = p:...`, and the stone must stop
//! moving. So before a section's own keys go in, every inherited piece key
//! whose letter one of them takes is set to `-` (the piece removed, as
//! Fairy-Stockfish removes it; deleting the key instead would bring back a
//! default letter). Keys of the same section still settle among themselves
//! by the order of piece types, as in Fairy-Stockfish.

use super::ini::named_betza;
use std::collections::BTreeMap;

/// True for a key that gives a piece type its letter.
pub(super) fn is_piece_key(key: &str) -> bool {
    key == "pawn" || key == "king" || key.starts_with("customPiece") || named_betza(key).is_some()
}

/// The letter a piece key's value gives (`p`, `p:mK`), lower case.
pub(super) fn letter(value: &str) -> Option<char> {
    value
        .chars()
        .next()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
}

/// Removes the inherited piece keys of `values` (key -> (value, line))
/// whose letter a piece key among `own` (the section's keys: key, value,
/// line) takes, leaving the keys `own` sets itself alone.
pub(super) fn drop_taken_letters(
    values: &mut BTreeMap<String, (String, usize)>,
    own: &[(String, String, usize)],
) {
    let taken: Vec<(char, usize)> = own
        .iter()
        .filter(|(k, ..)| is_piece_key(k))
        .filter_map(|(_, v, line)| letter(v).map(|c| (c, *line)))
        .collect();
    for (key, (value, line)) in values.iter_mut() {
        if !is_piece_key(key) || own.iter().any(|(k, ..)| k == key) {
            continue;
        }
        if let Some(&(_, own_line)) = letter(value).and_then(|c| taken.iter().find(|t| t.0 == c)) {
            *value = "-".to_string();
            *line = own_line;
        }
    }
}

/// Takes away the SAN letters (`Settings::san_letters`) of the piece types
/// whose keys are among `own` (the section's keys): Fairy-Stockfish's
/// synonym belongs to the built-in's own definition of the type, and a
/// section that defines the type again (`horse = n`) writes its FEN letter.
pub(super) fn drop_redefined_synonyms(
    san_letters: &mut BTreeMap<String, char>,
    own: &[(String, String, usize)],
) {
    san_letters.retain(|key, _| !own.iter().any(|(k, ..)| k == key));
}

/// Keys whose value names piece types by their letters.
const TYPE_KEYS: &[&str] = &[
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "promotedPieceType",
    "promotionLimit",
    "pawnTypes",
    "extinctionPieceTypes",
    "connectPieceTypes",
    "dropNoDoubled",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "mutuallyImmuneTypes",
    "blastImmuneTypes",
    "petrifyOnCaptureTypes",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "castlingKingPiece",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingRookPieces",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "mustDropType",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
];

/// Makes the inherited keys of `values` that name piece types follow a
/// type the section (`own`) gives a new letter: Fairy-Stockfish keeps such
/// keys as sets of types, so `[gemini:janus]` with `archbishop = a` still
/// promotes to its Archbishop, now written `a` where Janus wrote `j`; a
/// type the section takes out (`commoner = -`) leaves them. Keys the
/// section sets itself are left as written.
pub(super) fn follow_new_letters(
    values: &mut BTreeMap<String, (String, usize)>,
    own: &[(String, String, usize)],
) {
    // (old letter, new letter; `None`: the type is taken out of the game).
    let moved: Vec<(char, Option<char>)> = own
        .iter()
        .filter(|(k, ..)| is_piece_key(k))
        .filter_map(|(k, v, _)| {
            let old = letter(&values.get(k)?.0)?;
            let new = letter(v);
            (new != Some(old)).then_some((old, new))
        })
        .collect();
    if moved.is_empty() {
        return;
    }
    let renamed = |c: char| {
        let lower = c.to_ascii_lowercase();
        match moved.iter().find(|(old, _)| *old == lower) {
            Some(&(_, Some(new))) if c.is_ascii_uppercase() => Some(new.to_ascii_uppercase()),
            Some(&(_, new)) => new,
            None => Some(c),
        }
    };
    for key in TYPE_KEYS {
        if own.iter().any(|(k, ..)| k == key) {
            continue;
        }
        if let Some((value, _)) = values.get_mut(*key) {
            *value = value.chars().filter_map(renamed).collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{drop_taken_letters, follow_new_letters};
    use crate::Registry;
    use std::collections::BTreeMap;

    fn own(keys: &[(&str, &str)]) -> Vec<(String, String, usize)> {
        keys.iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string(), 9))
            .collect()
    }

    #[test]
    fn a_child_letter_removes_the_inherited_piece_holding_it() {
        let mut values: BTreeMap<String, (String, usize)> =
            [("customPiece1", "p:mDmNmA"), ("knight", "n"), ("pawn", "-")]
                .iter()
                .map(|(k, v)| ((*k).to_string(), ((*v).to_string(), 1)))
                .collect();
        drop_taken_letters(&mut values, &own(&[("immobile", "p"), ("maxRank", "8")]));
        assert_eq!(values["customPiece1"], ("-".to_string(), 9));
        assert_eq!(values["knight"], ("n".to_string(), 1));
        assert_eq!(values["pawn"], ("-".to_string(), 1));
        // A key the section sets itself is its own business.
        let mut values: BTreeMap<String, (String, usize)> =
            [("customPiece1".to_string(), ("p:mK".to_string(), 1))].into();
        drop_taken_letters(&mut values, &own(&[("customPiece1", "p:mQ")]));
        assert_eq!(values["customPiece1"].0, "p:mK");
    }

    #[test]
    fn type_lists_follow_a_new_letter() {
        let mut values: BTreeMap<String, (String, usize)> = [
            ("archbishop", "j"),
            ("promotionPieceTypes", "jqrbn"),
            ("promotedPieceType", "p:j"),
            ("extinctionPieceTypes", "k"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_string(), ((*v).to_string(), 1)))
        .collect();
        follow_new_letters(&mut values, &own(&[("archbishop", "a")]));
        assert_eq!(values["promotionPieceTypes"].0, "aqrbn");
        assert_eq!(values["promotedPieceType"].0, "p:a");
        assert_eq!(values["extinctionPieceTypes"].0, "k");
        // A type taken out leaves the lists (massacre over giveaway).
        let mut values: BTreeMap<String, (String, usize)> = [
            ("commoner".to_string(), ("k".to_string(), 1)),
            ("castlingKingPiece".to_string(), ("k".to_string(), 1)),
        ]
        .into();
        follow_new_letters(&mut values, &own(&[("commoner", "-")]));
        assert_eq!(values["castlingKingPiece"].0, "");
        // A list the section gives itself stays as written.
        let mut values: BTreeMap<String, (String, usize)> = [
            ("archbishop".to_string(), ("j".to_string(), 1)),
            ("promotionPieceTypes".to_string(), ("jq".to_string(), 1)),
        ]
        .into();
        follow_new_letters(
            &mut values,
            &own(&[("archbishop", "a"), ("promotionPieceTypes", "q")]),
        );
        assert_eq!(values["promotionPieceTypes"].0, "jq");
    }

    #[test]
    fn gemini_promotes_to_its_relettered_archbishop() {
        // Fairy-Stockfish's `[gemini:janus]`: the Janus (`j`) is written `a`.
        let text = "[gemini:janus]\nstartFen = rnbaqkabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBAQKABNR w KQkq - 0 1\narchbishop = a\ncastlingKingsideFile = i\ncastlingQueensideFile = c\n";
        let v = crate::test_support::ini_variant(text);
        let pos = crate::Position::from_fen(&v, "5k4/P9/10/10/10/10/10/5K4 w - - 0 1").unwrap();
        // pyffish 0.0.90.
        assert_eq!(
            crate::test_support::legal_uci(&pos).join(" "),
            "a7a8a a7a8b a7a8n a7a8q a7a8r f1e1 f1e2 f1f2 f1g1 f1g2"
        );
    }

    #[test]
    fn an_immobile_stone_over_a_moving_one_stays_put() {
        // The parent's stone moves; the child's stone of the same letter
        // only drops, so the position has the 7 drops and no step.
        let text = "[mover]\nmaxRank = 3\nmaxFile = 3\nking = -\n\
                    customPiece1 = p:mK\npieceDrops = true\n\
                    startFen = 3/1P1/3[Pp] w - - 0 1\n\
                    [sitter:mover]\nimmobile = p\n";
        let mut reg = Registry::builtin();
        let report = reg.load_ini("letters.ini", text);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        let moves = |id: &str| {
            let v = reg.get(id).expect(id);
            crate::Position::start(&v).legal_moves().len()
        };
        assert_eq!(moves("mover"), 8 + 8);
        assert_eq!(moves("sitter"), 8);
    }
}
