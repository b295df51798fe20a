//! Which piece types of a Fairy-Stockfish ini section behave as pawns:
//! `pawnTypes` (promotion, en passant and the move-rule clock at once),
//! `promotionPawnTypes` (with `...White` / `...Black`) and `nMoveRuleTypes`
//! (with `...White` / `...Black`).
//!
//! Fairy-Stockfish's own Pawn type always promotes and captures en
//! passant; these keys give the same behaviour to other types, most often
//! a `customPiece` that took the Pawn's letter (`customPiece1 =
//! p:mWfceFifmnD` with `pawnTypes = p`). Menagerie has no notion of "a
//! pawn": each of these rules is a property of a piece type in the TOML
//! model, so the translation writes the section's pawn-style promotion,
//! `en_passant` and `resets_clock` (with `reversible_keeps_clock`, since
//! Fairy-Stockfish counts only moves that cannot be taken back,
//! `components::move_rule`) onto each listed type.
//!
//! Where the two colours' sets differ, a type promotes in its own colour's
//! zone only (the other colour's zone is empty); a type in the clock set of
//! one colour resets it for both, which only differs when both colours own
//! that type.

use super::ini::Settings;
use super::load::Problem;
use toml::{Table, Value};

/// The keys this module translates.
pub(super) const KEYS: &[&str] = &[
    "pawnTypes",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
];

/// A region with no cell: the zone of a colour whose pieces of a type do
/// not promote.
const NO_CELLS: &str = "* !*";

/// The pawn types of a section, per colour (White, Black), as lowercase
/// letters.
struct PawnSets {
    promotion: [Vec<char>; 2],
    clock: [Vec<char>; 2],
    en_passant: Vec<char>,
}

/// The set the first present key of `keys` gives, else `default`.
fn set_of(
    st: &Settings,
    keys: &[&str],
    letters: &[char],
    default: &[char],
    problems: &mut Vec<Problem>,
) -> Vec<char> {
    let Some((key, value)) = keys.iter().find_map(|k| st.get(k).map(|v| (*k, v))) else {
        return default.to_vec();
    };
    let mut out = Vec::new();
    for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
        if c == '*' {
            return letters.to_vec();
        }
        let c = c.to_ascii_lowercase();
        if letters.contains(&c) {
            out.push(c);
        } else {
            problems.push(st.problem(key, format!("no piece `{c}`")));
        }
    }
    out
}

impl PawnSets {
    /// Reads the keys; `pawn` is the section's own Pawn letter (the
    /// default of every set), `letters` all its piece letters.
    fn read(
        st: &Settings,
        letters: &[char],
        pawn: Option<char>,
        problems: &mut Vec<Problem>,
    ) -> PawnSets {
        let default: Vec<char> = pawn.into_iter().collect();
        let mut per_colour = |stem: &str| {
            let white = format!("{stem}White");
            let black = format!("{stem}Black");
            [white, black].map(|own| {
                let keys = [own.as_str(), stem, "pawnTypes"];
                set_of(st, &keys, letters, &default, problems)
            })
        };
        let promotion = per_colour("promotionPawnTypes");
        let clock = per_colour("nMoveRuleTypes");
        let en_passant = set_of(st, &["pawnTypes"], letters, &default, problems);
        PawnSets {
            promotion,
            clock,
            en_passant,
        }
    }
}

/// What the translation of a section knows when the pawn keys are applied.
pub(super) struct PawnContext<'a> {
    /// The section's own Pawn letter, if it has one.
    pub pawn: Option<char>,
    /// The Pawn's promotion table (zone `promotion`, choices, compulsion),
    /// given to every other type that promotes as a pawn.
    pub promotion: &'a Table,
    /// The (White, Black) cells of the `promotion` region.
    pub zones: (String, String),
    /// Captures go to the hand (without `dropLoop`): a piece a pawn type
    /// became goes back as that pawn type, as Fairy-Stockfish gives back
    /// its main promotion pawn type (the same type where a section has one).
    pub reverts: bool,
}

/// Applies the pawn keys of `st` to the variant table `t` (its `pieces`,
/// `regions` and `fen` tables).
pub(super) fn apply(
    st: &Settings,
    cx: &PawnContext<'_>,
    t: &mut Table,
    problems: &mut Vec<Problem>,
) {
    if !KEYS.iter().any(|k| st.get(k).is_some()) {
        return;
    }
    let Some(Value::Table(pieces)) = t.get_mut("pieces") else {
        return;
    };
    let letters: Vec<char> = pieces
        .keys()
        .filter_map(|k| k.chars().next())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let sets = PawnSets::read(st, &letters, cx.pawn, problems);
    let given_ep = st.get("pawnTypes").is_some();
    let mut regions_needed = [false; 2];
    let mut steppers = false;
    for &l in &letters {
        let key = l.to_ascii_uppercase().to_string();
        let Some(Value::Table(p)) = pieces.get_mut(&key) else {
            continue;
        };
        let own = Some(l) == cx.pawn;
        let promotes = sets.promotion.each_ref().map(|s| s.contains(&l));
        if !own && promotes.iter().any(|&b| b) {
            let mut pr = cx.promotion.clone();
            match p.get("promotion").map(plus_choice) {
                Some(Err(msg)) => {
                    problems.push(st.problem("promotionPawnTypes", format!("`{l}`: {msg}")));
                }
                Some(Ok(to)) => {
                    pr.insert("plus_to".into(), to);
                }
                None => {}
            }
            if cx.reverts {
                pr.insert("style".into(), Value::String("revert".into()));
            }
            if promotes[0] != promotes[1] {
                let only = usize::from(promotes[1]);
                regions_needed[only] = true;
                pr.insert("zone".into(), Value::String(ONE_COLOUR[only].into()));
            }
            p.insert("promotion".into(), Value::Table(pr));
        }
        let clock = sets.clock.iter().any(|s| s.contains(&l));
        if own {
            p.insert("resets_clock".into(), Value::Boolean(clock));
        } else if clock {
            p.insert("resets_clock".into(), Value::Boolean(true));
            p.insert("reversible_keeps_clock".into(), Value::Boolean(true));
        }
        let betza = p.get("betza").and_then(Value::as_str).unwrap_or("");
        if own || !given_ep {
            // Without `pawnTypes`, Fairy-Stockfish's own choice stands.
        } else if sets.en_passant.contains(&l) {
            if betza.contains('i') {
                p.insert("en_passant".into(), Value::Boolean(true));
                steppers = true;
            }
        } else if betza.contains('e') {
            let msg = format!("`{l}` has an en-passant move but is not one of the pawnTypes");
            problems.push(st.problem("pawnTypes", msg));
        }
    }
    let others_take_ep = given_ep && sets.en_passant.iter().any(|&c| Some(c) != cx.pawn);
    add_regions(t, cx, regions_needed);
    set_ep_field(st, t, cx.pawn.is_some(), others_take_ep, steppers, problems);
}

/// The Shogi-style choice of a pawn type that has a `promotedPieceType`
/// too (its promotion table `shogi`): in Fairy-Stockfish its move into the
/// zone may promote either way, pawn-style to the section's choices
/// (`a9a10w`, FEN `W~` when captures go to the hand) or Shogi-style to its
/// promoted type (`a9a10+`, FEN `+S`), even when both give the same type
/// (Elgam's Soldier). The Shogi-style one is then also triggered by a move
/// that only starts in the zone; a pawn type moves out of its zone in no
/// section, so Menagerie's one trigger (ending in the zone) is kept.
fn plus_choice(shogi: &Value) -> Result<Value, String> {
    let unsupported = ["demotion", "drop_promoted"]
        .iter()
        .any(|k| shogi.get(k).and_then(Value::as_bool) == Some(true))
        || shogi.get("trigger").and_then(Value::as_str) == Some("capture");
    if unsupported {
        return Err("promotes Shogi-style too, with pieceDemotion, dropPromoted or piecePromotionOnCapture: not supported yet".into());
    }
    let to = shogi
        .get("to")
        .and_then(Value::as_array)
        .and_then(|t| t.first());
    to.cloned()
        .ok_or_else(|| "a Shogi-style promotion with no type".into())
}

/// The regions of a type that promotes as a pawn for White only or for
/// Black only.
const ONE_COLOUR: [&str; 2] = ["promotion-white", "promotion-black"];

/// Adds the one-colour promotion regions that are used.
fn add_regions(t: &mut Table, cx: &PawnContext<'_>, needed: [bool; 2]) {
    let Some(Value::Table(regions)) = t.get_mut("regions") else {
        return;
    };
    for (i, name) in ONE_COLOUR.iter().enumerate().filter(|(i, _)| needed[*i]) {
        let (white, black) = if i == 0 {
            (cx.zones.0.clone(), NO_CELLS.to_string())
        } else {
            (NO_CELLS.to_string(), cx.zones.1.clone())
        };
        let mut r = Table::new();
        r.insert("white".into(), Value::String(white));
        r.insert("black".into(), Value::String(black));
        r.insert("kind".into(), Value::String("promotion".into()));
        regions.insert((*name).into(), Value::Table(r));
    }
}

/// The FEN's en-passant field as Fairy-Stockfish writes it once another
/// type than its Pawn takes en passant: after a Pawn's double step every
/// passed cell (takeable or not), after another type's first-move step the
/// passed cells and the landing cell. Both kinds in one section would need
/// both conventions at once: not supported.
fn set_ep_field(
    st: &Settings,
    t: &mut Table,
    own_pawn: bool,
    others_take_ep: bool,
    steppers: bool,
    problems: &mut Vec<Problem>,
) {
    let style = match (others_take_ep, own_pawn, steppers) {
        (false, _, _) => return,
        (true, true, true) => {
            let msg = "a Pawn beside another pawn type with first-move steps is not supported yet";
            problems.push(st.problem("pawnTypes", msg.into()));
            return;
        }
        (true, true, false) => "passed",
        (true, false, true) => "passed-landing",
        (true, false, false) => return,
    };
    let fen = t.entry("fen").or_insert_with(|| Value::Table(Table::new()));
    if let Value::Table(fen) = fen {
        fen.insert("ep".into(), Value::String(style.into()));
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::ini_variant as load;
    use crate::variant::ini::convert_sections;

    fn piece<'a>(v: &'a crate::Variant, key: &str) -> &'a crate::variant::PieceDef {
        v.pieces.iter().find(|p| p.key == key).expect(key)
    }

    /// The FEN after `moves` from `fen`.
    fn after(v: &std::sync::Arc<crate::Variant>, fen: &str, moves: &[&str]) -> String {
        let mut p = crate::Position::from_fen(v, fen).expect("fen");
        for m in moves {
            let mv = crate::parse_move(&p, m).expect(m);
            p.play(mv).expect(m);
        }
        p.to_fen()
    }

    #[test]
    fn pawn_types_promote_take_en_passant_and_reset_the_clock() {
        let v = load("[ap:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n");
        let p = piece(&v, "P");
        assert!(p.promotion.is_some() && p.creates_ep);
        assert!(p.resets_clock && p.reversible_keeps_clock);
        // Without pawnTypes the custom piece is no pawn at all.
        let v = load("[np:chess]\ncustomPiece1 = p:mWfcF\n");
        let p = piece(&v, "P");
        assert!(p.promotion.is_none() && !p.resets_clock);
        // A forward step cannot be undone: the clock restarts; a sideways
        // step can: it keeps counting.
        let v = load("[sp:chess]\ncustomPiece1 = p:fsmWfceFifmnD\npawnTypes = p\n");
        let fen = "4k3/8/8/8/8/8/3P4/4K3 w - - 7 20";
        assert_eq!(
            after(&v, fen, &["d2d3"]),
            "4k3/8/8/8/8/3P4/8/4K3 b - - 0 20"
        );
        assert_eq!(
            after(&v, fen, &["d2c2"]),
            "4k3/8/8/8/8/8/2P5/4K3 b - - 8 20"
        );
        // The double step leaves the passed and the landing cell, as
        // Fairy-Stockfish writes them.
        let v = load("[ap:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n");
        // (Its backward step undoes a forward one: no progress either.)
        let fen = "4k3/8/8/8/8/8/3P4/4K3 w - - 7 20";
        assert_eq!(
            after(&v, fen, &["d2d3"]),
            "4k3/8/8/8/8/3P4/8/4K3 b - - 8 20"
        );
        assert_eq!(
            after(&v, fen, &["d2c2"]),
            "4k3/8/8/8/8/8/2P5/4K3 b - - 8 20"
        );
        assert_eq!(
            after(&v, fen, &["d2d4"]),
            "4k3/8/8/8/3P4/8/8/4K3 b - d3d4 0 20"
        );
    }

    #[test]
    fn promotion_pawn_types_may_differ_by_colour() {
        // Black's Soldier promotes to a Tower on White's first rank; White
        // keeps its Pawn; `-` turns promotion off.
        let text = "[k:chess]\ncustomPiece1 = t:mNcK\ncustomPiece2 = s:mfhNcfW\npromotionPawnTypesBlack = s\npromotionPieceTypesBlack = t\nnMoveRuleTypesBlack = s\nstartFen = 4k3/8/8/8/8/8/2s5/4K3 b - - 3 1\n";
        let v = load(text);
        let fen = "4k3/8/8/8/8/8/2s5/4K3 b - - 3 1";
        assert_eq!(after(&v, fen, &["c2a1t"]), "4k3/8/8/8/8/8/8/t3K3 w - - 0 2");
        let s = piece(&v, "S");
        let zone = &s.promotion.as_ref().expect("promotes").zone;
        assert!(zone[0].is_empty() && !zone[1].is_empty());
        let v = load("[c:chess]\ncustomPiece1 = p:fmWfcF\npawnTypes = p\npromotionPawnTypes = -\n");
        assert!(piece(&v, "P").promotion.is_none());
        // A letter the section does not have.
        let p = convert_sections("x.ini", "[v:chess]\npawnTypes = z\n").problems;
        assert_eq!(p[0].key, "[v] pawnTypes");
    }

    /// A Soldier that promotes as a pawn and has a promoted type too.
    const BOTH_WAYS: &str = "[sw]\nvariantTemplate = fairy\nmaxRank = 5\nmaxFile = 5\nking = k\nsoldier = s\ncustomPiece1 = w:W\npieceDrops = true\ncapturesToHand = true\npromotionRegionWhite = *5\npromotionRegionBlack = *1\npromotionPawnTypes = s\npromotionPieceTypes = w\npromotedPieceType = s:w\nmandatoryPawnPromotion = true\ncastling = false\ndoubleStep = false\nstartFen = 1w2k/S4/5/5/K4[] w - - 0 1\n";

    #[test]
    fn a_pawn_type_with_a_promoted_type_promotes_both_ways() {
        use crate::test_support::legal_uci_starting as from;
        use crate::{move_text, parse_move, san, Position, TextStyle};
        // pyffish on this section: the Soldier steps into the zone as a
        // chess promotion (`a4a5w`, FEN `W~`) or Shogi's way (`a4a5+`,
        // `+S`), the same Wazir; captured, either goes to the hand as a
        // Soldier.
        let v = load(BOTH_WAYS);
        let fen = "1w2k/S4/5/5/K4[] w - - 0 1";
        let pos = Position::from_fen(&v, fen).expect("fen");
        assert_eq!(from(&pos, "a4"), ["a4a5+", "a4a5w", "a4b4"]);
        for m in pos.legal_moves() {
            let human = move_text(&pos, m, TextStyle::Human);
            assert_eq!(parse_move(&pos, &human).ok(), Some(m), "{human}");
            // Fairy-Stockfish's SAN writes both promotions `Sa5=W`.
            if m.promotion().is_some() {
                assert_eq!(san(&pos, m), "Sa5=W");
            }
        }
        assert_eq!(after(&v, fen, &["a4a5w"]), "W~w2k/5/5/5/K4[] b - - 0 1");
        assert_eq!(after(&v, fen, &["a4a5+"]), "+Sw2k/5/5/5/K4[] b - - 0 1");
        for m in ["a4a5w", "a4a5+"] {
            assert_eq!(after(&v, fen, &[m, "b5a5"]), "w3k/5/5/5/K4[s] w - - 0 2");
        }
        assert_eq!(
            after(&v, fen, &["a4a5w", "e5d5", "a5b5"]),
            "1W~1k1/5/5/5/K4[W] b - - 0 2"
        );
        assert_eq!(
            after(&v, fen, &["a4a5+", "e5d5", "a5b5"]),
            "1+S1k1/5/5/5/K4[W] b - - 0 2"
        );
        // Both read back as written, and move as the Wazir.
        for fen in ["+S3k/5/5/5/K4[] w - - 0 1", "W~3k/5/5/5/K4[] w - - 0 1"] {
            let pos = Position::from_fen(&v, fen).expect("fen");
            assert_eq!(pos.to_fen(), fen);
            assert_eq!(from(&pos, "a5"), ["a5a4", "a5b5"]);
        }
        // A Soldier dropped in the zone promotes as it moves along it.
        let pos = Position::from_fen(&v, "S3k/5/5/5/K4[] w - - 0 1").expect("fen");
        assert_eq!(from(&pos, "a5"), ["a5b5+", "a5b5w"]);
        // Fairy-Stockfish's own Pawn likewise (Crazyhouse with `p:g`).
        let v = load("[pp:crazyhouse]\ncustomPiece1 = g:WfF\npromotedPieceType = p:g\n");
        let fen = "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1";
        let pos = Position::from_fen(&v, fen).expect("fen");
        let pawn = ["a7a8+", "a7a8b", "a7a8n", "a7a8q", "a7a8r"];
        assert_eq!(from(&pos, "a7"), pawn);
        assert_eq!(
            after(&v, fen, &["a7a8+"]),
            "+P3k3/8/8/8/8/8/8/4K3[] b - - 0 1"
        );
        assert_eq!(
            after(&v, fen, &["a7a8q"]),
            "Q~3k3/8/8/8/8/8/8/4K3[] b - - 0 1"
        );
    }

    #[test]
    fn move_rule_types_choose_which_moves_restart_the_clock() {
        // Only the Knight restarts it: a Pawn step no longer does.
        let v = load("[n:chess]\nnMoveRuleTypes = n\n");
        assert!(!piece(&v, "P").resets_clock);
        let fen = "4k3/8/8/8/8/8/3P4/1N2K3 w - - 7 20";
        assert_eq!(
            after(&v, fen, &["d2d3"]),
            "4k3/8/8/8/8/3P4/8/1N2K3 b - - 8 20"
        );
        // A Knight's leap can always be taken back.
        assert_eq!(
            after(&v, fen, &["b1c3"]),
            "4k3/8/8/8/8/2N5/3P4/4K3 b - - 8 20"
        );
    }
}
