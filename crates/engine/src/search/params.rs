//! Every margin, reduction and limit of the search in one place, each
//! with its default and meaning, so that a tuner (SPSA) or a test can
//! change them without touching the search code.

/// The numbers that steer the search. The defaults are hand-set values
/// that have been measured against each other in self-play; see
/// `docs/strength.md` for the tests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchParams {
    /// Reverse futility pruning is tried up to this depth.
    pub rfp_depth: i32,
    /// Reverse futility: a node whose static evaluation beats beta by this
    /// much per ply of depth is cut.
    pub rfp_margin: i32,
    /// Reverse futility: the per-ply margin shrinks by this much when the
    /// static evaluation improved on the side's previous one.
    pub rfp_improving: i32,
    /// Null move is tried from this depth on.
    pub nmp_min_depth: i32,
    /// Null move: base reduction in plies.
    pub nmp_base: i32,
    /// Null move: one more ply of reduction per this many plies of depth.
    pub nmp_depth_div: i32,
    /// Null move: one more ply of reduction per this many centipawns the
    /// static evaluation exceeds beta …
    pub nmp_eval_div: i32,
    /// … up to this many plies.
    pub nmp_eval_max: i32,
    /// Null move: from this depth on (and always in drop games) a null-move
    /// cut-off is verified by a reduced search of the node itself.
    pub nmp_verify_depth: i32,
    /// Internal iterative reduction: a node without a table move from this
    /// depth on is searched one ply shallower.
    pub iir_depth: i32,
    /// Late-move pruning applies up to this depth …
    pub lmp_depth: i32,
    /// … after `(lmp_base + depth²)` quiet moves (half as many when the
    /// position is not improving).
    pub lmp_base: i32,
    /// Captures that lose material by exchange are skipped up to this depth
    /// (once a move has been searched).
    pub see_prune_depth: i32,
    /// Late quiet moves are pruned up to this depth (once a move has been
    /// searched) …
    pub see_quiet_depth: i32,
    /// … when the exchange on their target cell loses more than
    /// `see_quiet_margin · depth²` centipawns (30: 25 passed its SPRT but
    /// drew a conversion test, see docs/strength.md).
    pub see_quiet_margin: i32,
    /// Futility pruning of quiet moves applies up to this depth …
    pub futility_depth: i32,
    /// … when the static evaluation plus `futility_base + futility_per_depth
    /// · depth` cannot reach alpha.
    pub futility_base: i32,
    /// See [`SearchParams::futility_base`].
    pub futility_per_depth: i32,
    /// Late-move reductions apply from this depth …
    pub lmr_min_depth: i32,
    /// … to moves after this many searched ones.
    pub lmr_min_moves: usize,
    /// Late-move reduction table: `lmr_base + ln(depth)·ln(move) / lmr_div`.
    pub lmr_base: f64,
    /// See [`SearchParams::lmr_base`].
    pub lmr_div: f64,
    /// A quiet move's reduction shrinks by one ply per this much history.
    pub lmr_history_div: i32,
    /// History bonus of a cut-off move: `history_bonus · min(depth²,
    /// history_bonus_depth_cap)` (the same malus for the quiet moves tried
    /// before it).
    pub history_bonus: i32,
    /// See [`SearchParams::history_bonus`].
    pub history_bonus_depth_cap: i32,
    /// Continuation-history pruning applies up to this depth: a late quiet
    /// move (once a move has been searched) is skipped …
    pub cont_prune_depth: i32,
    /// … when its continuation history (after the moves one and two plies
    /// before) is below `-cont_prune_margin · depth`.
    pub cont_prune_margin: i32,
    /// Captures of equal material gain are ordered by capture history; it
    /// counts `1 / capture_history_div` of a gain in centipawns × 16.
    pub capture_history_div: i32,
    /// Checks are extended while the ply is below `2 · depth +
    /// check_ext_ply_margin` (no explosion of check sequences).
    pub check_ext_ply_margin: i32,
    /// Aspiration windows are used from this depth on …
    pub aspiration_depth: u32,
    /// … with this half-width in centipawns at first …
    pub aspiration_delta: i32,
    /// … widened after each fail by half of itself plus this much …
    pub aspiration_widen: i32,
    /// … until it exceeds this, when the window opens fully.
    pub aspiration_max: i32,
    /// Quiescence: a capture whose gain leaves the stand-pat score this far
    /// below alpha is skipped (delta pruning).
    pub qs_delta: i32,
    /// Quiescence: captures (promotions aside) tried at a node not in check.
    pub qs_moves: usize,
    /// Quiescence plies after which checks are no longer searched as such.
    pub qs_check_limit: u32,
    /// Quiescence plies after which the static evaluation is returned.
    pub qs_limit: u32,
    /// Correction history: percent of the pawn-structure table's learned
    /// error added to the static evaluation …
    pub corr_pawn_weight: i32,
    /// … and of the material table's.
    pub corr_material_weight: i32,
    /// Each table's correction is bounded by this many centipawns.
    pub corr_limit: i32,
    /// What a draw is worth to the side that started the search, below
    /// nothing (play on when the position is balanced).
    pub contempt: i32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            rfp_depth: 6,
            rfp_margin: 90,
            rfp_improving: 30,
            nmp_min_depth: 3,
            nmp_base: 3,
            nmp_depth_div: 4,
            nmp_eval_div: 200,
            nmp_eval_max: 2,
            nmp_verify_depth: 10,
            iir_depth: 4,
            lmp_depth: 5,
            lmp_base: 3,
            see_prune_depth: 4,
            see_quiet_depth: 6,
            see_quiet_margin: 30,
            futility_depth: 5,
            futility_base: 110,
            futility_per_depth: 100,
            lmr_min_depth: 3,
            lmr_min_moves: 2,
            lmr_base: 0.75,
            lmr_div: 2.25,
            lmr_history_div: 6_000,
            history_bonus: 8,
            history_bonus_depth_cap: 400,
            cont_prune_depth: 3,
            cont_prune_margin: 1_000,
            capture_history_div: 8,
            check_ext_ply_margin: 8,
            aspiration_depth: 4,
            aspiration_delta: 30,
            aspiration_widen: 10,
            aspiration_max: 1_000,
            qs_delta: 200,
            qs_moves: 3,
            qs_check_limit: 6,
            qs_limit: 16,
            corr_pawn_weight: 50,
            corr_material_weight: 50,
            corr_limit: 300,
            contempt: 25,
        }
    }
}

/// Plies and move numbers the reduction table covers (larger ones use its
/// last entry).
pub(super) const LMR_TABLE: usize = 64;

impl SearchParams {
    /// The late-move reduction table: `[depth][move number]` in plies.
    pub(super) fn lmr_table(&self) -> Vec<[u8; LMR_TABLE]> {
        (0..LMR_TABLE)
            .map(|d| {
                let mut row = [0u8; LMR_TABLE];
                for (i, r) in row.iter_mut().enumerate() {
                    if d > 0 && i > 0 {
                        let x = self.lmr_base + (d as f64).ln() * (i as f64).ln() / self.lmr_div;
                        *r = x.clamp(0.0, 30.0) as u8;
                    }
                }
                row
            })
            .collect()
    }
}

/// A number of [`SearchParams`] as a tuner sees it: a real value, rounded
/// where the field counts whole plies or moves.
trait ParamValue: Copy {
    fn to_f64(self) -> f64;
    fn from_f64(x: f64) -> Self;
}

impl ParamValue for i32 {
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn from_f64(x: f64) -> Self {
        x.round() as i32
    }
}

impl ParamValue for u32 {
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn from_f64(x: f64) -> Self {
        x.round().max(0.0) as u32
    }
}

impl ParamValue for usize {
    fn to_f64(self) -> f64 {
        self as f64
    }
    fn from_f64(x: f64) -> Self {
        x.round().max(0.0) as usize
    }
}

impl ParamValue for f64 {
    fn to_f64(self) -> f64 {
        self
    }
    fn from_f64(x: f64) -> Self {
        x
    }
}

/// One field of [`SearchParams`] opened to tuning: its name (the field's),
/// the range a tuner may move it in, and the perturbation SPSA ends with
/// (fishtest's `c_end`: about the change a few hundred games can tell
/// apart, so integers in plies get 1 and margins a few centipawns).
#[derive(Debug, Clone, Copy)]
pub struct Tunable {
    /// The field's name.
    pub name: &'static str,
    /// Smallest value a tuner may give it.
    pub min: f64,
    /// Largest value a tuner may give it.
    pub max: f64,
    /// SPSA's final perturbation size.
    pub step: f64,
    get: fn(&SearchParams) -> f64,
    set: fn(&mut SearchParams, f64),
}

impl Tunable {
    /// The field's value in `p`.
    #[must_use]
    pub fn get(&self, p: &SearchParams) -> f64 {
        (self.get)(p)
    }

    /// Sets the field in `p` to `x` (rounded for whole-number fields).
    pub fn set(&self, p: &mut SearchParams, x: f64) {
        (self.set)(p, x);
    }
}

macro_rules! tunable {
    ($field:ident, $min:expr, $max:expr, $step:expr) => {
        Tunable {
            name: stringify!($field),
            min: $min,
            max: $max,
            step: $step,
            get: |p| ParamValue::to_f64(p.$field),
            set: |p, x| p.$field = ParamValue::from_f64(x),
        }
    };
}

/// Every field of [`SearchParams`], with the range a tuner may use.
pub const TUNABLES: &[Tunable] = &[
    tunable!(rfp_depth, 1.0, 12.0, 1.0),
    tunable!(rfp_margin, 20.0, 300.0, 10.0),
    tunable!(rfp_improving, 0.0, 100.0, 5.0),
    tunable!(nmp_min_depth, 1.0, 8.0, 1.0),
    tunable!(nmp_base, 1.0, 6.0, 0.5),
    tunable!(nmp_depth_div, 2.0, 8.0, 0.5),
    tunable!(nmp_eval_div, 50.0, 600.0, 20.0),
    tunable!(nmp_eval_max, 0.0, 6.0, 0.5),
    tunable!(nmp_verify_depth, 4.0, 20.0, 1.0),
    tunable!(iir_depth, 2.0, 10.0, 1.0),
    tunable!(lmp_depth, 1.0, 10.0, 1.0),
    tunable!(lmp_base, 0.0, 10.0, 1.0),
    tunable!(see_prune_depth, 1.0, 10.0, 1.0),
    tunable!(see_quiet_depth, 0.0, 12.0, 1.0),
    tunable!(see_quiet_margin, 0.0, 100.0, 4.0),
    tunable!(futility_depth, 1.0, 10.0, 1.0),
    tunable!(futility_base, 0.0, 300.0, 10.0),
    tunable!(futility_per_depth, 20.0, 250.0, 10.0),
    tunable!(lmr_min_depth, 1.0, 6.0, 0.5),
    tunable!(lmr_min_moves, 1.0, 6.0, 0.5),
    tunable!(lmr_base, 0.0, 2.0, 0.1),
    tunable!(lmr_div, 1.0, 5.0, 0.2),
    tunable!(lmr_history_div, 1_000.0, 30_000.0, 500.0),
    tunable!(history_bonus, 1.0, 32.0, 1.0),
    tunable!(history_bonus_depth_cap, 50.0, 2_000.0, 50.0),
    tunable!(cont_prune_depth, 0.0, 8.0, 1.0),
    tunable!(cont_prune_margin, 0.0, 5_000.0, 200.0),
    tunable!(capture_history_div, 1.0, 64.0, 2.0),
    tunable!(check_ext_ply_margin, 0.0, 20.0, 1.0),
    tunable!(aspiration_depth, 1.0, 10.0, 1.0),
    tunable!(aspiration_delta, 5.0, 100.0, 5.0),
    tunable!(aspiration_widen, 0.0, 100.0, 5.0),
    tunable!(aspiration_max, 200.0, 5_000.0, 100.0),
    tunable!(qs_delta, 50.0, 600.0, 20.0),
    tunable!(qs_moves, 1.0, 20.0, 1.0),
    tunable!(qs_check_limit, 0.0, 16.0, 1.0),
    tunable!(qs_limit, 4.0, 64.0, 2.0),
    tunable!(corr_pawn_weight, 0.0, 200.0, 10.0),
    tunable!(corr_material_weight, 0.0, 200.0, 10.0),
    tunable!(corr_limit, 50.0, 1_000.0, 25.0),
    tunable!(contempt, 0.0, 100.0, 5.0),
];

/// Why a parameter setting was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum ParamError {
    /// No field has this name (the closest name, if one is close).
    Unknown(String, Option<&'static str>),
    /// The value is not a number.
    NotANumber(String, String),
    /// The value lies outside the field's range.
    OutOfRange(&'static str, f64, f64, f64),
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown(name, Some(meant)) => {
                write!(
                    f,
                    "unknown search parameter `{name}`: did you mean `{meant}`?"
                )
            }
            ParamError::Unknown(name, None) => write!(f, "unknown search parameter `{name}`"),
            ParamError::NotANumber(name, value) => {
                write!(f, "search parameter `{name}` needs a number, not `{value}`")
            }
            ParamError::OutOfRange(name, x, lo, hi) => {
                write!(
                    f,
                    "search parameter `{name}` = {x} lies outside {lo}..={hi}"
                )
            }
        }
    }
}

impl std::error::Error for ParamError {}

impl SearchParams {
    /// The tunable field called `name`.
    ///
    /// # Errors
    /// [`ParamError::Unknown`] (with the closest name) when there is none.
    pub fn tunable(name: &str) -> Result<&'static Tunable, ParamError> {
        TUNABLES.iter().find(|t| t.name == name).ok_or_else(|| {
            let meant = menagerie_rules::variant::ini_keys::suggestion(
                name,
                TUNABLES.iter().map(|t| t.name),
            );
            ParamError::Unknown(name.to_string(), meant)
        })
    }

    /// Sets the field `name` to `value` (text).
    ///
    /// # Errors
    /// An unknown name, a value that is no number or lies outside the
    /// field's range.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let t = Self::tunable(name)?;
        let x: f64 = value
            .trim()
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(|| ParamError::NotANumber(name.to_string(), value.to_string()))?;
        if x < t.min || x > t.max {
            return Err(ParamError::OutOfRange(t.name, x, t.min, t.max));
        }
        t.set(self, x);
        Ok(())
    }

    /// Applies settings written `name=value`, separated by commas or
    /// new lines (`#` starts a comment): a tuner's result or a file of
    /// tuned values.
    ///
    /// # Errors
    /// The first bad setting, with its number in the list.
    pub fn apply(&mut self, text: &str) -> Result<(), String> {
        let items = text
            .lines()
            .map(|l| l.split('#').next().unwrap_or(""))
            .flat_map(|l| l.split(','))
            .map(str::trim)
            .filter(|s| !s.is_empty());
        for (i, item) in items.enumerate() {
            let Some((k, v)) = item.split_once('=') else {
                return Err(format!("setting {}: `{item}` is not `name=value`", i + 1));
            };
            self.set(k.trim(), v)
                .map_err(|e| format!("setting {}: {e}", i + 1))?;
        }
        Ok(())
    }

    /// The fields that differ from `base`, as `name=value` settings that
    /// [`SearchParams::apply`] reads back.
    #[must_use]
    pub fn changes_from(&self, base: &SearchParams) -> String {
        TUNABLES
            .iter()
            .filter(|t| t.get(self) != t.get(base))
            .map(|t| format!("{}={}", t.name, t.get(self)))
            .collect::<Vec<_>>()
            .join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_tunable_once_and_its_default_lies_in_its_range() {
        let d = SearchParams::default();
        for (i, t) in TUNABLES.iter().enumerate() {
            assert!(TUNABLES[..i].iter().all(|u| u.name != t.name), "{}", t.name);
            let x = t.get(&d);
            assert!(t.min <= x && x <= t.max, "{} = {x}", t.name);
            assert!(t.step > 0.0 && t.step < t.max - t.min, "{}", t.name);
        }
        // Changing each field through its entry changes that field alone.
        for t in TUNABLES {
            let mut p = d;
            let x = if t.get(&d) + t.step <= t.max {
                t.get(&d) + t.step
            } else {
                t.get(&d) - t.step
            };
            t.set(&mut p, x);
            assert_eq!(d.changes_from(&p).split(',').count(), 1, "{}", t.name);
            // Whole-number fields round the value (3.5 plies: 4).
            let got = t.get(&p);
            assert!((got - x).abs() <= 0.5 && got != t.get(&d), "{}", t.name);
            assert_eq!(p.changes_from(&d), format!("{}={got}", t.name));
        }
    }

    #[test]
    fn settings_read_back_and_bad_ones_say_what_is_wrong() {
        let mut p = SearchParams::default();
        p.apply("lmr_div = 2.5, rfp_margin=120 # tuned\nqs_limit=20.4")
            .unwrap();
        assert_eq!((p.lmr_div, p.rfp_margin, p.qs_limit), (2.5, 120, 20));
        let mut q = SearchParams::default();
        q.apply(&p.changes_from(&SearchParams::default())).unwrap();
        assert_eq!(p, q);
        let err = |text: &str| SearchParams::default().apply(text).unwrap_err();
        assert_eq!(
            err("rfp_margin=100,lmr_dv=2"),
            "setting 2: unknown search parameter `lmr_dv`: did you mean `lmr_div`?"
        );
        assert_eq!(
            err("rfp_margin=lots"),
            "setting 1: search parameter `rfp_margin` needs a number, not `lots`"
        );
        assert_eq!(
            err("rfp_margin=1000"),
            "setting 1: search parameter `rfp_margin` = 1000 lies outside 20..=300"
        );
        assert_eq!(
            err("rfp_margin"),
            "setting 1: `rfp_margin` is not `name=value`"
        );
        assert!(err("qs_limit=NaN").contains("needs a number"));
    }
}
