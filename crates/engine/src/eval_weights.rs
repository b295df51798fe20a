//! The evaluation's weights, made explicit so that they can be tuned
//! (`menagerie lab tune`, docs/lab.md "Tuned evaluation").
//!
//! The static evaluation is (up to integer rounding) linear in these
//! weights: per piece type a board value and a hand value in centipawns,
//! and per positional term a scale in per-mille of the term as derived by
//! hand in [`crate::eval`]. The defaults (every value as derived, every
//! scale 1000) reproduce the hand-derived evaluation exactly.
//!
//! A tuned set is a small TOML file, read by [`EvalWeights::apply_toml`]:
//!
//! ```toml
//! variant = "chess"          # the variant it was tuned for
//! [values]                   # board value per piece key, centipawns
//! P = 96
//! [hand]                     # value in hand per piece key (drop games)
//! [scales]                   # per term, 1.0 = as derived
//! pst_mg = 1.08
//! ```
//!
//! Every key is optional; one not named keeps its default.

use menagerie_rules::Variant;

/// One positional term of the evaluation.
#[derive(Debug, Clone, Copy)]
pub struct Term {
    /// Its key in a weights file.
    pub name: &'static str,
    /// What it measures.
    pub meaning: &'static str,
}

/// Index of each term in [`TERMS`] and [`EvalWeights::scale`].
pub mod term {
    /// Piece-square values, middlegame.
    pub const PST_MG: usize = 0;
    /// Piece-square values, endgame.
    pub const PST_EG: usize = 1;
    /// Passed pawn-like pieces.
    pub const PASSED: usize = 2;
    /// Pair of colour-bound pieces.
    pub const PAIR: usize = 3;
    /// Pieces near the enemy royal.
    pub const KING_PRESSURE: usize = 4;
    /// Own pieces next to the own royal.
    pub const SHELTER: usize = 5;
    /// Doubled pawn-like pieces.
    pub const DOUBLED: usize = 6;
    /// Isolated pawn-like pieces.
    pub const ISOLATED: usize = 7;
    /// Mop-up with a material lead.
    pub const MOPUP: usize = 8;
    /// Thin coverage (Nichtschach's loss rule).
    pub const COVERAGE: usize = 9;
    /// The side to move's bonus.
    pub const TEMPO: usize = 10;
    /// Cells the pieces really reach ([`crate::eval_mobility`]).
    pub const MOBILITY: usize = 11;
    /// Enemy pieces attacking the own royal's zone
    /// ([`crate::eval_king_attack`]).
    pub const KING_ATTACK: usize = 12;
    /// Passers near promotion: their path and the royals' distances
    /// ([`crate::eval_pawns`]).
    pub const PASSER: usize = 13;
    /// Connected pawn-like pieces ([`crate::eval_pawns`]).
    pub const CONNECTED: usize = 14;
    /// Enemy pieces attacked by cheaper pieces or hanging
    /// ([`crate::eval_threats`]).
    pub const THREATS: usize = 15;
    /// Number of terms.
    pub const COUNT: usize = 16;

    /// True for the terms tapered between their middlegame and endgame
    /// parts (not the coverage penalty, counted as material, nor tempo).
    #[must_use]
    pub const fn tapered(i: usize) -> bool {
        i != COVERAGE && i != TEMPO
    }
}

/// The positional terms, in [`term`] order.
pub const TERMS: [Term; term::COUNT] = [
    Term {
        name: "pst_mg",
        meaning: "piece-square values (mobility, promotion progress), middlegame",
    },
    Term {
        name: "pst_eg",
        meaning: "piece-square values (mobility, promotion progress), endgame",
    },
    Term {
        name: "passed",
        meaning: "passed pawn-like pieces (no enemy pawn ahead on its or a next file)",
    },
    Term {
        name: "pair",
        meaning: "two or more of a colour-bound type",
    },
    Term {
        name: "king_pressure",
        meaning: "pieces within two cells of the enemy royal",
    },
    Term {
        name: "shelter",
        meaning: "own pieces next to the own royal",
    },
    Term {
        name: "doubled",
        meaning: "penalty for two pawn-like pieces on one file",
    },
    Term {
        name: "isolated",
        meaning: "penalty for a pawn-like piece with none of its own on a next file",
    },
    Term {
        name: "mopup",
        meaning: "with a material lead: the lone enemy royal to the edge, the own closer",
    },
    Term {
        name: "coverage",
        meaning: "penalty for a thin coverage (Nichtschach's loss rule)",
    },
    Term {
        name: "tempo",
        meaning: "bonus of the side to move",
    },
    Term {
        name: "mobility",
        meaning: "cells each piece reaches in the position, not attacked by enemy pawns",
    },
    Term {
        name: "king_attack",
        meaning: "pieces attacking the enemy royal's zone, counted from two, danger squared",
    },
    Term {
        name: "passer",
        meaning: "passers near promotion: a free path, the royals' distances, unstoppable",
    },
    Term {
        name: "connected",
        meaning: "pawn-like pieces defended by or beside an own one, more near the zone",
    },
    Term {
        name: "threats",
        meaning:
            "enemy pieces attacked by a cheaper piece or undefended, the side to move's in full",
    },
];

/// A scale of 1.0 in per-mille.
pub const SCALE_ONE: i32 = 1000;
/// The largest scale a file may give (as a factor).
pub const MAX_SCALE: f64 = 10.0;
/// The largest piece value a file may give (centipawns).
pub const MAX_VALUE: i64 = 100_000;

/// The evaluation's weights for one variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvalWeights {
    /// Board value per piece type (centipawns).
    pub value: Vec<i32>,
    /// Value in hand per piece type (centipawns).
    pub hand_value: Vec<i32>,
    /// Per term ([`term`]) its scale in per-mille ([`SCALE_ONE`] = as derived).
    pub scale: [i32; term::COUNT],
}

impl EvalWeights {
    /// Hand-derived values, every scale 1.
    #[must_use]
    pub fn derived(value: Vec<i32>, hand_value: Vec<i32>) -> EvalWeights {
        EvalWeights {
            value,
            hand_value,
            scale: [SCALE_ONE; term::COUNT],
        }
    }

    /// Reads a weights file (see the module documentation) over these
    /// weights.
    ///
    /// # Errors
    /// Not TOML, an unknown section, key or piece, a value that is not a
    /// number or out of range, or a file tuned for another variant: a
    /// message naming it. The weights are unchanged on error.
    pub fn apply_toml(&mut self, v: &Variant, text: &str) -> Result<(), String> {
        let doc: toml::Table = text.parse().map_err(|e| format!("not TOML: {e}"))?;
        let mut w = self.clone();
        for (section, item) in &doc {
            if section == "variant" {
                let id = item
                    .as_str()
                    .ok_or_else(|| "`variant` must be a string".to_string())?;
                if id != v.id {
                    return Err(format!(
                        "the weights were tuned for `{id}`, not for `{}`",
                        v.id
                    ));
                }
                continue;
            }
            let table = item
                .as_table()
                .ok_or_else(|| format!("`{section}` must be a table ([{section}])"))?;
            for (key, val) in table {
                let at = || format!("[{section}] {key}");
                match section.as_str() {
                    "values" | "hand" => {
                        let k = v
                            .piece_by_key(key)
                            .ok_or_else(|| format!("{}: `{}` has no piece `{key}`", at(), v.id))?;
                        let n = val
                            .as_integer()
                            .filter(|n| n.abs() <= MAX_VALUE)
                            .ok_or_else(|| {
                                format!("{}: needs a whole number of centipawns within ±{MAX_VALUE}, not `{val}`", at())
                            })?;
                        let slot = if section == "values" {
                            &mut w.value
                        } else {
                            &mut w.hand_value
                        };
                        slot[usize::from(k)] = n as i32;
                    }
                    "scales" => {
                        let i = TERMS.iter().position(|t| t.name == key).ok_or_else(|| {
                            let names: Vec<&str> = TERMS.iter().map(|t| t.name).collect();
                            format!("{}: unknown term (one of {})", at(), names.join(", "))
                        })?;
                        let f = val
                            .as_float()
                            .or_else(|| val.as_integer().map(|n| n as f64))
                            .filter(|f| f.is_finite() && (0.0..=MAX_SCALE).contains(f))
                            .ok_or_else(|| {
                                format!(
                                    "{}: needs a factor from 0 to {MAX_SCALE}, not `{val}`",
                                    at()
                                )
                            })?;
                        w.scale[i] = (f * f64::from(SCALE_ONE)).round() as i32;
                    }
                    _ => {
                        return Err(format!(
                            "unknown section [{section}] (variant, [values], [hand], [scales])"
                        ))
                    }
                }
            }
        }
        *self = w;
        Ok(())
    }

    /// These weights as a weights file for `v` (what [`Self::apply_toml`]
    /// reads back), with `comment` lines on top.
    #[must_use]
    pub fn to_toml(&self, v: &Variant, comment: &str) -> String {
        let mut out = String::new();
        for l in comment.lines() {
            out.push_str(&format!("# {l}\n"));
        }
        out.push_str(&format!("variant = \"{}\"\n\n[values]\n", v.id));
        for (k, p) in v.pieces.iter().enumerate() {
            out.push_str(&format!("{} = {}\n", toml_key(&p.key), self.value[k]));
        }
        if v.rules.drops {
            out.push_str("\n[hand]\n");
            for (k, p) in v.pieces.iter().enumerate() {
                out.push_str(&format!("{} = {}\n", toml_key(&p.key), self.hand_value[k]));
            }
        }
        out.push_str("\n[scales]\n");
        for (t, s) in TERMS.iter().zip(self.scale) {
            out.push_str(&format!(
                "{} = {:.3}\n",
                t.name,
                f64::from(s) / f64::from(SCALE_ONE)
            ));
        }
        out
    }
}

/// A piece key as a TOML key: bare where TOML allows it (`N`), else quoted
/// (`"*B"`, the counterpart pieces of Nichtschach).
fn toml_key(key: &str) -> String {
    if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        key.to_string()
    } else {
        toml::Value::String(key.to_string()).to_string()
    }
}

/// The variant a weights file names (`None`: not TOML, or no `variant`).
#[must_use]
pub fn file_variant(text: &str) -> Option<String> {
    let t: toml::Table = text.parse().ok()?;
    t.get("variant")?.as_str().map(str::to_string)
}

/// Tuned weights embedded with the built-in variants (variants/tuned/,
/// docs/lab.md): (variant id, file text). A set is listed here only after
/// it beat the derived evaluation in an SPRT (docs/strength.md, "Tuned
/// evaluations", gives each set's commands, Elo and margin).
pub const TUNED: &[(&str, &str)] = &[
    (
        "joshua",
        include_str!("../../../variants/tuned/joshua.toml"),
    ),
    (
        "gnuqi-mitregi",
        include_str!("../../../variants/tuned/gnuqi-mitregi.toml"),
    ),
    (
        "big-outer",
        include_str!("../../../variants/tuned/big-outer.toml"),
    ),
    (
        "missing-ox",
        include_str!("../../../variants/tuned/missing-ox.toml"),
    ),
    (
        "elefantnichtschach",
        include_str!("../../../variants/tuned/elefantnichtschach.toml"),
    ),
    ("shogi", include_str!("../../../variants/tuned/shogi.toml")),
    (
        "wildebisho-mitregi",
        include_str!("../../../variants/tuned/wildebisho-mitregi.toml"),
    ),
    (
        "capablanca",
        include_str!("../../../variants/tuned/capablanca.toml"),
    ),
    ("chess", include_str!("../../../variants/tuned/chess.toml")),
    (
        "toyang-gnuqi-mitregi",
        include_str!("../../../variants/tuned/toyang-gnuqi-mitregi.toml"),
    ),
];

/// The embedded tuned weights file of a variant, if it has one.
#[must_use]
pub fn tuned_text(id: &str) -> Option<&'static str> {
    TUNED.iter().find(|(v, _)| *v == id).map(|(_, t)| *t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::EvalTables;
    use menagerie_rules::{Position, Registry};

    fn chess() -> std::sync::Arc<Variant> {
        Registry::builtin().get("chess").unwrap()
    }

    /// Every embedded tuned set is for a built-in variant, read without
    /// error, and is what that variant plays by default (not untuned).
    #[test]
    fn the_embedded_tuned_sets_load_for_their_variants() {
        use crate::EvalChoice;
        let reg = Registry::builtin();
        for (id, text) in TUNED {
            let v = reg.get(id).unwrap();
            assert_eq!(file_variant(text).as_deref(), Some(*id));
            let tuned = EvalChoice::Default.tables(&v).unwrap();
            let untuned = EvalChoice::Untuned.tables(&v).unwrap();
            assert_ne!(tuned.weights(), untuned.weights(), "{id}");
            let mut w = untuned.weights();
            w.apply_toml(&v, text).unwrap();
            assert_eq!(w, tuned.weights(), "{id}");
        }
    }

    /// A weights file is read over the variant's tuned set: a file that
    /// sets one scale keeps every tuned value; a file for another variant
    /// leaves the tuned set as it is.
    #[test]
    fn a_partial_weights_file_changes_only_its_keys_of_the_tuned_set() {
        use crate::EvalChoice;
        let v = chess();
        let tuned = EvalChoice::Default.tables(&v).unwrap().weights();
        let one = "variant = \"chess\"\n[scales]\nking_attack = 0\n";
        let w = EvalChoice::File(one.into()).tables(&v).unwrap().weights();
        assert_eq!(w.value, tuned.value);
        assert_eq!(w.scale[term::KING_ATTACK], 0);
        assert_ne!(tuned.scale[term::KING_ATTACK], 0);
        let mut back = w.clone();
        back.scale[term::KING_ATTACK] = tuned.scale[term::KING_ATTACK];
        assert_eq!(back, tuned);
        let other = "variant = \"shogi\"\n[scales]\nking_attack = 0\n";
        let w = EvalChoice::File(other.into()).tables(&v).unwrap().weights();
        assert_eq!(w, tuned);
    }

    #[test]
    fn a_weights_file_reads_back_what_was_written() {
        let v = chess();
        let e = EvalTables::new(&v);
        let mut w = e.weights();
        w.value[usize::from(v.piece_by_key("N").unwrap())] = 333;
        w.scale[term::PASSED] = 1250;
        let text = w.to_toml(&v, "a test\nsecond line");
        assert!(text.starts_with("# a test\n# second line\n"), "{text}");
        let mut back = e.weights();
        back.apply_toml(&v, &text).unwrap();
        assert_eq!(back, w);
        assert_eq!(file_variant(&text).as_deref(), Some("chess"));
    }

    /// Piece keys that are no bare TOML key (`*B`) are written quoted, so a
    /// drop game's file with them reads back.
    #[test]
    fn a_weights_file_with_starred_keys_reads_back() {
        let v = Registry::builtin().get("elefantnichtschach").unwrap();
        let e = EvalTables::new(&v);
        let mut w = e.weights();
        let star = usize::from(v.piece_by_key("*B").unwrap());
        w.value[star] = 311;
        w.hand_value[star] = 345;
        let text = w.to_toml(&v, "starred");
        assert!(text.contains("\n\"*B\" = 311\n"), "{text}");
        assert_eq!(file_variant(&text).as_deref(), Some("elefantnichtschach"));
        let mut back = e.weights();
        back.apply_toml(&v, &text).unwrap();
        assert_eq!(back, w);
    }

    #[test]
    fn bad_weights_files_are_refused_with_what_is_wrong() {
        let v = chess();
        let base = EvalTables::new(&v).weights();
        for (text, want) in [
            ("variant = \"shogi\"", "tuned for `shogi`"),
            ("[values]\nZ = 3", "[values] Z: `chess` has no piece `Z`"),
            ("[values]\nN = \"many\"", "[values] N: needs a whole number"),
            ("[values]\nN = 1e9", "[values] N: needs a whole number"),
            ("[scales]\npst = 1.0", "[scales] pst: unknown term"),
            ("[scales]\npassed = -1", "[scales] passed: needs a factor"),
            ("[scales]\npassed = 11.0", "[scales] passed: needs a factor"),
            ("[bonus]\nx = 1", "unknown section [bonus]"),
            ("values = 3", "`values` must be a table"),
            ("[values\n", "not TOML"),
        ] {
            let mut w = base.clone();
            let e = w.apply_toml(&v, text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
            assert_eq!(w, base, "{text}: changed on error");
        }
    }

    #[test]
    fn the_default_weights_are_the_derived_evaluation_and_scales_act() {
        let v = chess();
        let e = EvalTables::new(&v);
        let fens = [
            "r1bqk2r/pp3ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - 4 9",
            "8/5k2/8/3P4/8/8/1R4K1/8 b - - 10 70",
        ];
        let same = e.clone().with_weights(e.weights());
        let mut w = e.weights();
        w.scale[term::TEMPO] = 0;
        let no_tempo = e.clone().with_weights(w);
        let mut w = e.weights();
        w.scale[term::MOPUP] = 2 * SCALE_ONE;
        let more_mopup = e.clone().with_weights(w);
        for fen in fens {
            let p = Position::from_fen(&v, fen).unwrap();
            assert_eq!(same.evaluate(&p), e.evaluate(&p), "{fen}");
            let (n, d) = e.fade(&p);
            // The fade rounds the whole score: at most one off.
            let gone = e.evaluate(&p) - no_tempo.evaluate(&p);
            assert!(
                (gone - crate::eval::TEMPO * n / d).abs() <= 1,
                "{fen}: {gone}"
            );
        }
        // The rook ending has a mop-up term; the opening has none.
        let rook = Position::from_fen(&v, fens[1]).unwrap();
        assert!(more_mopup.evaluate(&rook) < e.evaluate(&rook));
        let opening = Position::from_fen(&v, fens[0]).unwrap();
        assert_eq!(more_mopup.evaluate(&opening), e.evaluate(&opening));
    }
}
