//! The keys a Fairy-Stockfish `variants.ini` may use, by name.
//!
//! A designer who brings an ini file must learn, key by key, what Menagerie
//! made of it: a key is translated (the converter in `ini.rs` lists those),
//! accepted because only GUIs read it, documented by Fairy-Stockfish but not
//! supported yet (reported by name, so nothing is dropped silently), or
//! unknown — most often a typing error, so the report names the key it was
//! probably meant to be. Fairy-Stockfish's own check mode only says a key is
//! unused; the suggestion is Menagerie's.

/// Keys only graphical interfaces read (piece images, pocket sizes, which
/// GUI logic to inherit): accepted, with no effect on the rules.
pub const GUI_ONLY: &[&str] = &["pieceToCharTable", "pocketSize", "variantTemplate"];

/// Every rule key Fairy-Stockfish documents in the header of its
/// `variants.ini` or reads in its parser (older spellings included), and
/// the names of its built-in piece types. Whether Menagerie translates one
/// is decided by the converter, not here: a key in this list that the
/// converter does not translate is reported as "not supported yet".
pub const DOCUMENTED: &[&str] = &[
    // Board and setup.
    "maxRank",
    "maxFile",
    "chess960",
    "twoBoards",
    "startFen",
    "pieceValueMg",
    "pieceValueEg",
    // Promotion.
    "pawnTypes",
    "promotionRank",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "sittuyinPromotion",
    "promotionLimit",
    "promotedPieceType",
    "piecePromotionOnCapture",
    "mandatoryPawnPromotion",
    "mandatoryPiecePromotion",
    "pieceDemotion",
    // Captures with side effects.
    "blastOnCapture",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "petrifyOnCaptureTypes",
    "petrifyBlastPieces",
    // Pawn steps and en passant.
    "doubleStep",
    "doubleStepRank",
    "doubleStepRankMin",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "enPassantRegion",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    // Castling.
    "castling",
    "castlingDroppedPiece",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingRookPiece",
    "castlingRookPieces",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "oppositeCastling",
    "castlingWins",
    // Checks and obligations.
    "checking",
    "dropChecks",
    "mustCapture",
    "mustDrop",
    "mustDropType",
    // Drops.
    "pieceDrops",
    "dropLoop",
    "capturesToHand",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "enclosingDrop",
    "enclosingDropStart",
    "dropRegionWhite",
    "dropRegionBlack",
    "whiteDropRegion",
    "blackDropRegion",
    "sittuyinRookDrop",
    "dropOppositeColoredBishop",
    "dropPromoted",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "dropOnTop",
    "immobilityIllegal",
    // Gating, walls, special moves.
    "gating",
    "wallingRule",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "wallOrMove",
    "seirawanGating",
    "cambodianMoves",
    "diagonalLines",
    "pass",
    "passWhite",
    "passBlack",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "makpongRule",
    "flyingGeneral",
    "soldierPromotionRank",
    "flipEnclosedPieces",
    // Draws and repetitions.
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "perpetualCheckIllegal",
    "moveRepetitionIllegal",
    "chasingRule",
    // Game end.
    "stalemateValue",
    "stalematePieceCount",
    "checkmateValue",
    "shogiPawnDropMateIllegal",
    "shatarMateRule",
    "bikjangRule",
    "extinctionValue",
    "extinctionClaim",
    "extinctionPseudoRoyal",
    "dupleCheck",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "whiteFlag",
    "blackFlag",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "flagMove",
    "flagPieceSafe",
    "checkCounting",
    "connectN",
    "connectPieceTypes",
    "connectVertical",
    "connectHorizontal",
    "connectDiagonal",
    "connectRegion1White",
    "connectRegion2White",
    "connectRegion1Black",
    "connectRegion2Black",
    "connectNxN",
    "collinearN",
    "connectValue",
    "materialCounting",
    "adjudicateFullBoard",
    "countingRule",
    // Built-in piece types (`name = letter`).
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "fers",
    "alfil",
    "fersAlfil",
    "silver",
    "aiwok",
    "bers",
    "archbishop",
    "chancellor",
    "amazon",
    "knibis",
    "biskni",
    "kniroo",
    "rookni",
    "shogiPawn",
    "lance",
    "shogiKnight",
    "gold",
    "dragonHorse",
    "clobber",
    "breakthrough",
    "immobile",
    "cannon",
    "janggiCannon",
    "soldier",
    "horse",
    "elephant",
    "janggiElephant",
    "banner",
    "wazir",
    "commoner",
    "centaur",
    "king",
];

/// Key families with a variable part: `customPiece1`..., and the mobility
/// regions per colour and piece (`mobilityRegionWhiteRook`).
pub const DOCUMENTED_PREFIXES: &[&str] =
    &["customPiece", "mobilityRegionWhite", "mobilityRegionBlack"];

/// Whether Fairy-Stockfish knows `key` (documented or a key family).
#[must_use]
pub fn is_documented(key: &str) -> bool {
    DOCUMENTED.contains(&key)
        || DOCUMENTED_PREFIXES
            .iter()
            .any(|p| key.len() > p.len() && key.starts_with(p))
}

/// Largest edit distance at which an unknown key is taken for a typing
/// error of a known one: a fifth of its length, at least two edits.
fn max_typo_distance(key: &str) -> usize {
    (key.chars().count() / 5).max(2)
}

/// The known key `key` was most probably meant to be, if one is close
/// enough (case-insensitive edit distance; ties go to the earlier key).
#[must_use]
pub fn suggestion<'a>(key: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = key.to_ascii_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for k in known {
        let d = edit_distance(&lower, &k.to_ascii_lowercase());
        if d <= max_typo_distance(key) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| k)
}

/// Levenshtein distance (insertions, deletions, substitutions) in chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("flagregion", "flagregion"), 0);
        assert_eq!(
            edit_distance("promotionregionwhit", "promotionregionwhite"),
            1
        );
    }

    #[test]
    fn typing_errors_find_their_key() {
        let known = [
            "promotionRegionWhite",
            "promotionRegionBlack",
            "startFen",
            "castling",
        ];
        assert_eq!(
            suggestion("promotionRegionWhit", known),
            Some("promotionRegionWhite")
        );
        assert_eq!(suggestion("startfen", known), Some("startFen"));
        assert_eq!(suggestion("castlnig", known), Some("castling"));
        assert_eq!(suggestion("fooBar", known), None);
    }

    #[test]
    fn key_families_are_documented() {
        assert!(is_documented("customPiece7"));
        assert!(is_documented("mobilityRegionWhiteFers"));
        assert!(!is_documented("customPiece"));
        assert!(is_documented("flagRegionWhite"));
        assert!(!is_documented("flagRegionGreen"));
    }
}
