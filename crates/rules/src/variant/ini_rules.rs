//! The game-rule keys of a Fairy-Stockfish ini section that need nothing
//! but their own value: each becomes an entry of the TOML `[rules]` table.
//!
//! A section on the chess template (`ini_section`) and a section over a
//! built-in parent (`ini_parent`) translate them the same way, so the
//! translation lives here once. Keys that need the section's pieces
//! (`countingRule`, `shogiPawnDropMateIllegal`, the pawn-drop keys) stay
//! with the template, which knows them.
//!
//! Each key is one row of [`RULE_KEYS`]: a new rule family adds its row.

use super::ini::{bool_of, Settings};
use super::load::Problem;
use crate::components::flip::Enclosing;
use crate::components::material_count::ALL_PIECES;
use toml::{Table, Value};

/// How one key's value is written into `[rules]`; `Err` holds the message
/// for a value that cannot be read.
type Write = fn(&Settings, &str, &mut Table) -> Result<(), String>;

/// One translated key.
struct RuleKey {
    /// The Fairy-Stockfish key.
    key: &'static str,
    /// Its translation.
    write: Write,
}

/// Every key this module translates, in the order they are written.
const RULE_KEYS: &[RuleKey] = &[
    RuleKey {
        key: "pieceDrops",
        write: |_, v, t| set_bool(t, "drops", v),
    },
    RuleKey {
        key: "capturesToHand",
        write: |_, v, t| set_bool(t, "captures_to_hand", v),
    },
    RuleKey {
        key: "immobilityIllegal",
        write: |_, v, t| set_bool(t, "immobility_illegal", v),
    },
    RuleKey {
        key: "stalemateValue",
        write: |_, v, t| set_verdict(t, "stalemate", v),
    },
    RuleKey {
        key: "nMoveRule",
        // Fairy-Stockfish counts moves, Menagerie plies.
        write: |_, v, t| set_count(t, "move_rule", v, 2),
    },
    RuleKey {
        key: "nFoldRule",
        write: |_, v, t| set_count(t, "repetition", v, 1),
    },
    RuleKey {
        key: "perpetualCheckIllegal",
        write: |_, v, t| set_bool(t, "perpetual_check_loses", v),
    },
    RuleKey {
        key: "makpongRule",
        write: |_, v, t| set_bool(t, "royal_captures_checker_only", v),
    },
    RuleKey {
        key: "checkCounting",
        write: |_, v, t| set_bool(t, "check_counting", v),
    },
    RuleKey {
        key: "mustDrop",
        write: |_, v, t| set_bool(t, "must_drop", v),
    },
    RuleKey {
        key: "checking",
        write: |_, v, t| set_bool(t, "checking", v),
    },
    RuleKey {
        key: "dropChecks",
        write: |_, v, t| set_bool(t, "drop_checks", v),
    },
    RuleKey {
        key: "mustCapture",
        write: |_, v, t| set_bool(t, "must_capture", v),
    },
    RuleKey {
        key: "stalematePieceCount",
        write: |_, v, t| set_bool(t, "stalemate_piece_count", v),
    },
    RuleKey {
        key: "checkmateValue",
        write: |_, v, t| set_verdict(t, "checkmate", v),
    },
    RuleKey {
        key: "nFoldValue",
        write: repetition_verdict,
    },
    RuleKey {
        key: "nFoldValueAbsolute",
        // Read with `nFoldValue`; alone it only has to be a boolean.
        write: |_, v, _| {
            bool_of(v)
                .map(|_| ())
                .ok_or(format!("`{v}`: expected true or false"))
        },
    },
    RuleKey {
        key: "pass",
        write: |_, v, t| set_bool(t, "pass", v),
    },
    RuleKey {
        key: "bikjangRule",
        write: |_, v, t| set_bool(t, "bikjang", v),
    },
    RuleKey {
        key: "moveRepetitionIllegal",
        write: |_, v, t| set_bool(t, "move_repetition_loses", v),
    },
    RuleKey {
        key: "materialCounting",
        write: material_counting,
    },
    RuleKey {
        key: "enclosingDrop",
        write: |_, v, t| set_enclosing(t, "enclosing_drops", v),
    },
    RuleKey {
        key: "enclosingDropStart",
        write: |_, v, t| {
            t.insert("enclosing_start".into(), Value::String(v.into()));
            Ok(())
        },
    },
    RuleKey {
        key: "flipEnclosedPieces",
        write: |_, v, t| set_enclosing(t, "flips", v),
    },
    RuleKey {
        key: "freeDrops",
        write: |_, v, t| set_bool(t, "free_drops", v),
    },
    RuleKey {
        key: "passOnStalemate",
        write: |_, v, t| set_bool(t, "pass_on_stalemate", v),
    },
    RuleKey {
        key: "adjudicateFullBoard",
        write: |_, v, t| set_bool(t, "full_board_ends", v),
    },
];

/// The keys [`translate`] reads.
pub(super) fn keys() -> impl Iterator<Item = &'static str> {
    RULE_KEYS.iter().map(|r| r.key)
}

/// Writes the rule keys `st` sets into `rules`; a value that cannot be read
/// is a problem at its line.
pub(super) fn translate(st: &Settings, rules: &mut Table, problems: &mut Vec<Problem>) {
    for rk in RULE_KEYS {
        if let Some(v) = st.get(rk.key) {
            if let Err(message) = (rk.write)(st, v, rules) {
                problems.push(st.problem(rk.key, message));
            }
        }
    }
}

fn set_bool(t: &mut Table, field: &str, v: &str) -> Result<(), String> {
    let b = bool_of(v).ok_or_else(|| format!("`{v}`: expected true or false"))?;
    t.insert(field.into(), Value::Boolean(b));
    Ok(())
}

fn set_verdict(t: &mut Table, field: &str, v: &str) -> Result<(), String> {
    if !["draw", "loss", "win"].contains(&v) {
        return Err(format!("`{v}`: use draw, loss or win"));
    }
    t.insert(field.into(), Value::String(v.into()));
    Ok(())
}

fn set_count(t: &mut Table, field: &str, v: &str, factor: i64) -> Result<(), String> {
    match v.parse::<i64>() {
        Ok(n) if n >= 0 => {
            t.insert(field.into(), Value::Integer(n * factor));
            Ok(())
        }
        _ => Err(format!("`{v}` is not a number")),
    }
}

/// `materialCounting`: what a drawn end (full board, double pass) gives.
/// `none` switches counting off (an empty `values` table); `unweighted`
/// counts every piece as one; `whitedrawodds`/`blackdrawodds` give every
/// such draw to White/Black (no piece counts, half a point of bonus).
/// Janggi's count needs its own piece types: the section is reported.
fn material_counting(_: &Settings, v: &str, t: &mut Table) -> Result<(), String> {
    let (each, black_bonus) = match v {
        "none" => (None, 0.0),
        "unweighted" => (Some(1), 0.0),
        "whitedrawodds" => (Some(0), -DRAW_ODDS),
        "blackdrawodds" => (Some(0), DRAW_ODDS),
        _ => {
            return Err(format!(
                "`{v}`: use none, unweighted, whitedrawodds or blackdrawodds; give Janggi's piece values in a TOML variant (`material_counting`)"
            ))
        }
    };
    let mut values = Table::new();
    if let Some(n) = each {
        values.insert(ALL_PIECES.into(), Value::Integer(n));
    }
    let mut mc = Table::new();
    mc.insert("values".into(), Value::Table(values));
    if black_bonus != 0.0 {
        mc.insert("black_bonus".into(), Value::Float(black_bonus));
    }
    t.insert("material_counting".into(), Value::Table(mc));
    Ok(())
}

/// Black's bonus that decides an equal count (draw odds): half a point.
const DRAW_ODDS: f64 = 0.5;

/// An enclosing rule of `components::flip`, or `none`
/// (`components::flip` says which names each of the two rules takes).
fn set_enclosing(t: &mut Table, field: &str, v: &str) -> Result<(), String> {
    let parse = if field == "flips" {
        Enclosing::flip_rule
    } else {
        Enclosing::drop_rule
    };
    if v != "none" {
        parse(v)?;
    }
    t.insert(field.into(), Value::String(v.into()));
    Ok(())
}

/// `nFoldValue` (with `nFoldValueAbsolute`): what a repetition gives the
/// side to move, or White whoever is to move.
fn repetition_verdict(st: &Settings, v: &str, t: &mut Table) -> Result<(), String> {
    let absolute = st.get("nFoldValueAbsolute").and_then(bool_of) == Some(true);
    let verdict = match (v, absolute) {
        ("draw", _) => return Ok(()),
        ("loss" | "win", false) => v.to_string(),
        ("loss" | "win", true) => format!("white-{v}"),
        _ => return Err(format!("`{v}`: use draw, loss or win")),
    };
    t.insert("repetition_verdict".into(), Value::String(verdict));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(pairs: &[(&str, &str)]) -> Settings {
        let mut st = Settings::default();
        for (i, (k, v)) in pairs.iter().enumerate() {
            st.values.insert((*k).into(), ((*v).into(), i + 1));
        }
        st
    }

    fn run(pairs: &[(&str, &str)]) -> (Table, Vec<Problem>) {
        let (mut t, mut p) = (Table::new(), Vec::new());
        translate(&settings(pairs), &mut t, &mut p);
        (t, p)
    }

    #[test]
    fn values_become_rules_entries() {
        let (t, p) = run(&[
            ("nMoveRule", "50"),
            ("nFoldRule", "4"),
            ("stalemateValue", "loss"),
            ("pieceDrops", "true"),
            ("nFoldValue", "loss"),
            ("nFoldValueAbsolute", "true"),
            ("mustDrop", "true"),
        ]);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(t["must_drop"].as_bool(), Some(true));
        assert_eq!(t["move_rule"].as_integer(), Some(100));
        assert_eq!(t["repetition"].as_integer(), Some(4));
        assert_eq!(t["stalemate"].as_str(), Some("loss"));
        assert_eq!(t["drops"].as_bool(), Some(true));
        assert_eq!(t["repetition_verdict"].as_str(), Some("white-loss"));
    }

    #[test]
    fn janggi_rule_keys() {
        let (t, p) = run(&[
            ("pass", "true"),
            ("bikjangRule", "false"),
            ("moveRepetitionIllegal", "true"),
            ("materialCounting", "none"),
        ]);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(t["pass"].as_bool(), Some(true));
        assert_eq!(t["bikjang"].as_bool(), Some(false));
        assert_eq!(t["move_repetition_loses"].as_bool(), Some(true));
        assert_eq!(
            t["material_counting"]["values"].as_table().map(Table::len),
            Some(0)
        );
        let (_, p) = run(&[("materialCounting", "janggi")]);
        assert_eq!(p[0].key, "materialCounting");
        assert!(
            p[0].message.contains("Janggi's piece values"),
            "{}",
            p[0].message
        );
        // Every piece counts one; draw odds give every drawn end to a side.
        let (t, p) = run(&[("materialCounting", "unweighted")]);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(t["material_counting"]["values"]["*"].as_integer(), Some(1));
        let (t, _) = run(&[("materialCounting", "blackdrawodds")]);
        assert_eq!(t["material_counting"]["black_bonus"].as_float(), Some(0.5));
    }

    #[test]
    fn enclosing_keys_become_the_flip_rules() {
        let (t, p) = run(&[
            ("enclosingDrop", "reversi"),
            ("enclosingDropStart", "c3 d3 c4 d4"),
            ("flipEnclosedPieces", "none"),
            ("freeDrops", "true"),
            ("passOnStalemate", "true"),
            ("adjudicateFullBoard", "true"),
        ]);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(t["enclosing_drops"].as_str(), Some("reversi"));
        assert_eq!(t["enclosing_start"].as_str(), Some("c3 d3 c4 d4"));
        assert_eq!(t["flips"].as_str(), Some("none"));
        assert_eq!(t["free_drops"].as_bool(), Some(true));
        assert_eq!(t["pass_on_stalemate"].as_bool(), Some(true));
        assert_eq!(t["full_board_ends"].as_bool(), Some(true));
        let (t, p) = run(&[
            ("enclosingDrop", "snort"),
            ("flipEnclosedPieces", "quadwrangle"),
        ]);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(t["enclosing_drops"].as_str(), Some("snort"));
        assert_eq!(t["flips"].as_str(), Some("quadwrangle"));
        // A drop-only shape is no flipping rule, and a misspelled one is
        // reported with the names that are.
        let (_, p) = run(&[("flipEnclosedPieces", "top"), ("enclosingDrop", "topp")]);
        assert_eq!(p.len(), 2, "{p:?}");
        assert!(p
            .iter()
            .all(|p| p.message.contains("expected reversi, ataxx")));
    }

    #[test]
    fn drop_checks_is_translated() {
        let (t, p) = run(&[("dropChecks", "false")]);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(t["drop_checks"].as_bool(), Some(false));
        let (t, p) = run(&[("dropChecks", "sometimes")]);
        assert!(t.is_empty());
        assert_eq!(p[0].key, "dropChecks");
    }

    #[test]
    fn unreadable_values_are_problems_at_their_line() {
        let (t, p) = run(&[
            ("perpetualCheckIllegal", "maybe"),
            ("nMoveRule", "-3"),
            ("checking", "perhaps"),
        ]);
        assert!(t.is_empty());
        let keys: Vec<_> = p.iter().map(|p| (p.key.as_str(), p.line)).collect();
        assert_eq!(
            keys,
            [
                ("nMoveRule", Some(2)),
                ("perpetualCheckIllegal", Some(1)),
                ("checking", Some(3))
            ]
        );
        assert!(p[2].message.contains("true or false"), "{}", p[2].message);
    }
}
