//! Players of a match: Menagerie's own engine with some settings, or an
//! external engine spoken to over UCI or XBoard (see `external.rs`).
//!
//! This is deliberately not the web server's `Opponent` trait. A match
//! player may be another program behind a pipe that answers in protocol
//! text (checked by the referee), resigns or claims a result, crashes or
//! hangs, and is judged by a clock it does not control; the server's
//! opponent is always Menagerie's own engine in the same process, gives a
//! legal `Move` for a position and is stopped by the server. What the two
//! share is the engine itself, not an interface.

use anyhow::{bail, Context, Result};
use menagerie_engine::eval::EvalTables;
use menagerie_engine::{Engine, EngineOptions, EvalChoice, Limits, ParamsChoice, SearchParams};
use menagerie_rules::{move_text, Position, TextStyle, Variant};
use std::sync::Arc;

/// The clocks when a move is asked for (milliseconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    /// White's remaining time.
    pub wtime: u64,
    /// Black's remaining time.
    pub btime: u64,
    /// White's increment.
    pub winc: u64,
    /// Black's increment.
    pub binc: u64,
    /// False: no clock (depth, nodes or fixed time limits only).
    pub timed: bool,
}

/// How a player's move ended when it did not give a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The player resigned.
    Resign,
    /// The player claimed a result (`1-0`, `0-1`, `1/2-1/2`) instead of moving.
    Claim(String),
}

/// What a player answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A move as text (checked by the referee).
    Move(String),
    /// No move.
    Refused(Refusal),
}

/// A player in a match.
pub trait Player: Send {
    /// Name for the PGN and the report.
    fn name(&self) -> String;
    /// Prepares a new game from `fen` of variant `v`, with this player's
    /// time control (base and increment in ms), if any.
    ///
    /// # Errors
    /// The player cannot play this game (crash, unsupported variant).
    fn new_game(&mut self, v: &Arc<Variant>, fen: &str, tc: Option<(u64, u64)>) -> Result<()>;
    /// Asks for a move in `pos`, reached from the game's start by `moves`
    /// (protocol text). `deadline_ms` is how long the player may take before
    /// it has lost on time (None: unlimited).
    ///
    /// # Errors
    /// The player crashed, hung or broke its protocol.
    fn go(
        &mut self,
        pos: &Position,
        moves: &[String],
        clocks: &Clocks,
        deadline_ms: Option<u64>,
    ) -> Result<Reply>;
    /// The game is over (result text).
    fn game_over(&mut self, _result: &str) {}
}

/// Settings of Menagerie's own player.
#[derive(Debug, Clone, PartialEq)]
pub struct InternalSpec {
    /// Display name.
    pub name: String,
    /// Engine options (hash, threads, material-only evaluation).
    pub options: EngineOptions,
    /// Depth limit.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Fixed time per move (ms).
    pub movetime: Option<u64>,
}

/// Menagerie's engine as a player.
pub struct Internal {
    spec: InternalSpec,
    engine: Engine,
}

impl Internal {
    /// A player with these settings.
    #[must_use]
    pub fn new(spec: InternalSpec) -> Internal {
        let engine = Engine::new(spec.options.clone());
        Internal { spec, engine }
    }
}

impl Player for Internal {
    fn name(&self) -> String {
        self.spec.name.clone()
    }

    fn new_game(&mut self, v: &Arc<Variant>, _fen: &str, _tc: Option<(u64, u64)>) -> Result<()> {
        self.engine.new_game();
        self.engine.prepare(v);
        Ok(())
    }

    fn go(
        &mut self,
        pos: &Position,
        _moves: &[String],
        clocks: &Clocks,
        _deadline_ms: Option<u64>,
    ) -> Result<Reply> {
        let mut limits = Limits {
            depth: self.spec.depth,
            nodes: self.spec.nodes,
            movetime: self.spec.movetime,
            ..Limits::default()
        };
        if clocks.timed {
            limits.wtime = Some(clocks.wtime);
            limits.btime = Some(clocks.btime);
            limits.winc = Some(clocks.winc);
            limits.binc = Some(clocks.binc);
        }
        let r = self.engine.search(pos.clone(), limits);
        match r.best {
            Some(m) => Ok(Reply::Move(move_text(pos, m, TextStyle::Uci))),
            None => bail!("the engine found no move in a position that is not over"),
        }
    }
}

/// The evaluation weights an `eval=` value names: `untuned`, `default`
/// (embedded tuned sets) or a weights file (docs/lab.md).
///
/// # Errors
/// A weights file that cannot be read.
pub fn eval_choice(val: &str) -> Result<EvalChoice> {
    Ok(match val {
        "untuned" => EvalChoice::Untuned,
        "default" => EvalChoice::Default,
        path => EvalChoice::File(
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the evaluation weights file `{path}`"))?
                .into(),
        ),
    })
}

/// Checks that an evaluation choice fits `v` (a weights file must be for
/// `v` and valid for it) and returns the evaluation tables it gives.
///
/// # Errors
/// A weights file for another variant, or one `v` refuses (named).
pub fn check_eval(eval: &EvalChoice, v: &Variant) -> Result<EvalTables> {
    let tables = eval
        .tables(v)
        .map_err(|e| anyhow::anyhow!("evaluation weights: {e}"))?;
    if let EvalChoice::File(t) = eval {
        if menagerie_engine::eval_weights::file_variant(t).as_deref() != Some(&*v.id) {
            bail!("the evaluation weights file is not for `{}`", v.id);
        }
    }
    Ok(tables)
}

/// Parses the options of a `menagerie:` player (`depth=3,time=2,material`).
///
/// # Errors
/// An unknown option or a bad number.
pub fn parse_internal(text: &str, default_hash: usize) -> Result<(InternalSpec, f64)> {
    let mut spec = InternalSpec {
        name: "Menagerie".into(),
        options: EngineOptions {
            hash_mb: default_hash,
            ..EngineOptions::default()
        },
        depth: None,
        nodes: None,
        movetime: None,
    };
    let mut factor = 1.0;
    let mut named = false;
    let mut extra = Vec::new();
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (k, val) = item.split_once('=').unwrap_or((item, ""));
        let num = || -> Result<u64> {
            val.parse::<u64>()
                .with_context(|| format!("`{k}` needs a whole number, not `{val}`"))
        };
        match k {
            "depth" => spec.depth = Some(u32::try_from(num()?.clamp(1, 100)).unwrap_or(100)),
            "nodes" => spec.nodes = Some(num()?.max(1)),
            "movetime" => spec.movetime = Some(num()?.max(1)),
            "hash" => spec.options.hash_mb = usize::try_from(num()?.clamp(1, 65536)).unwrap_or(64),
            "threads" => spec.options.threads = usize::try_from(num()?.clamp(1, 256)).unwrap_or(1),
            "material" => spec.options.material_only = true,
            "eval" => spec.options.eval = eval_choice(val)?,
            "time" => {
                factor = val
                    .parse::<f64>()
                    .ok()
                    .filter(|f| f.is_finite() && *f > 0.0)
                    .with_context(|| format!("`time` needs a positive factor, not `{val}`"))?;
            }
            "name" => {
                spec.name = val.to_string();
                named = true;
            }
            "params" if val == "untuned" => {
                spec.options.params = ParamsChoice::Given(SearchParams::default());
            }
            "params" if val == "default" => spec.options.params = ParamsChoice::Default,
            "params" => {
                let text = std::fs::read_to_string(val)
                    .with_context(|| format!("cannot read the search parameters file `{val}`"))?;
                spec.options
                    .params
                    .given_mut()
                    .apply(&text)
                    .map_err(|e| anyhow::anyhow!("{val}: {e}"))?;
            }
            _ if k.starts_with("param.") => {
                spec.options
                    .params
                    .given_mut()
                    .set(&k["param.".len()..], val)?;
            }
            _ => bail!(
                "unknown option `{k}` for menagerie (depth, nodes, movetime, hash, threads, material, eval=untuned|default|FILE, time, name, param.NAME=VALUE, params=untuned|default|FILE)"
            ),
        }
        if k != "name" {
            extra.push(item.to_string());
        }
    }
    if !named && !extra.is_empty() {
        spec.name = format!("Menagerie({})", extra.join(","));
    }
    Ok((spec, factor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_options() {
        let (s, f) = parse_internal("depth=1,material,time=2", 16).unwrap();
        assert_eq!(s.depth, Some(1));
        assert!(s.options.material_only);
        assert_eq!(s.options.hash_mb, 16);
        assert!((f - 2.0).abs() < 1e-12);
        assert_eq!(s.name, "Menagerie(depth=1,material,time=2)");
        assert!(parse_internal("speed=3", 16).is_err());
        let (s, _) = parse_internal("eval=untuned", 16).unwrap();
        assert_eq!(s.options.eval, EvalChoice::Untuned);
        let e = parse_internal("eval=/no/such/weights.toml", 16).unwrap_err();
        assert!(format!("{e:#}").contains("/no/such/weights.toml"), "{e:#}");
        assert!(parse_internal("depth=x", 16).is_err());
        assert!(parse_internal("time=-1", 16).is_err());
        let (s, _) = parse_internal("", 16).unwrap();
        assert_eq!(s.name, "Menagerie");
        let (s, _) =
            parse_internal("nodes=100,param.lmr_div=2.5,param.rfp_margin=120", 16).unwrap();
        let want = SearchParams {
            lmr_div: 2.5,
            rfp_margin: 120,
            ..SearchParams::default()
        };
        assert_eq!(s.options.params, ParamsChoice::Given(want));
        assert_eq!(
            s.name,
            "Menagerie(nodes=100,param.lmr_div=2.5,param.rfp_margin=120)"
        );
        // Settings start from the hand-set values; `params=untuned` is
        // those alone, `params=default` the variant family's tuned set.
        let (s, _) = parse_internal("params=untuned", 16).unwrap();
        assert_eq!(
            s.options.params,
            ParamsChoice::Given(SearchParams::default())
        );
        let (s, _) = parse_internal("param.lmr_div=2.5,params=default", 16).unwrap();
        assert_eq!(s.options.params, ParamsChoice::Default);
        let e = parse_internal("param.lmr_dvi=2", 16)
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean `lmr_div`"), "{e}");
        assert!(parse_internal("params=/nonexistent/tuned.txt", 16).is_err());
    }
}
