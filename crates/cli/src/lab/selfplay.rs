//! `menagerie selfplay`: fast engine-against-itself games for the lab.
//!
//! Each game starts with a few uniformly random legal plies (so that games
//! differ), then one single-threaded engine plays both sides at a fixed
//! node budget a move, which makes a game a pure function of the seed and
//! its number: any machine replays any shard exactly. Games are cut short
//! when both sides' searches agree one side is winning clearly for a while
//! (adjudicated) or at a ply cap (a draw). Positions and results are written
//! in the record format of [`super::records`].

use super::records::{game_lines, GameRecord, PositionRecord, MAGIC};
use crate::common::{outln, registry, variant};
use crate::match_cmd::{check_eval, eval_choice, random_line};
use anyhow::{bail, Context, Result};
use menagerie_engine::{Engine, EngineOptions, Limits};
use menagerie_rules::{Color, Position, SplitMix64, Variant};
use std::io::Write as _;
use std::sync::Arc;

/// Arguments of `selfplay`.
#[derive(clap::Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// Variant id.
    #[arg(long)]
    pub variant: String,
    /// Load variants from this file first (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    pub variant_file: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 10)]
    pub games: u64,
    /// Number of the first game (shards of one run take disjoint ranges).
    #[arg(long, default_value_t = 0)]
    pub first: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 2_000)]
    pub nodes: u64,
    /// Seed of the random opening plies (with the game number).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random plies that open each game.
    #[arg(long = "random-plies", default_value_t = 8)]
    pub random_plies: usize,
    /// Plies after which a game is a draw.
    #[arg(long = "max-plies", default_value_t = 400)]
    pub max_plies: u32,
    /// Evaluation weights both sides play with: `default` (the variant's
    /// embedded tuned set, if any), `untuned`, or a weights file (docs/lab.md),
    /// e.g. the last tuning's, to iterate.
    #[arg(long, default_value = "default")]
    pub eval: String,
    /// Output file (records, see docs/lab.md).
    #[arg(long)]
    pub out: String,
}

/// A side this many centipawns ahead ...
const ADJUDICATE_CP: i32 = 1_000;
/// ... in this many consecutive searches (both sides') wins.
const ADJUDICATE_PLIES: u32 = 8;
/// Transposition table of the self-play engine (MB): small, as the searches are.
const SELFPLAY_HASH_MB: usize = 16;
/// Random openings tried per game before giving up (each may end the game).
const OPENING_TRIES: u32 = 100;
/// Scores beyond this are mates (the engine's mate band).
const SCORE_CAP: i32 = 30_000;

/// Runs `selfplay`.
pub fn run(a: &SelfplayArgs) -> Result<()> {
    if a.games == 0 || a.nodes == 0 || a.max_plies == 0 {
        bail!("--games, --nodes and --max-plies must be positive");
    }
    let reg = registry(&a.variant_file)?;
    let v = variant(&reg, &a.variant)?;
    let eval = eval_choice(&a.eval)?;
    check_eval(&eval, &v).map_err(|e| anyhow::anyhow!("--eval {}: {e}", a.eval))?;
    let file = std::fs::File::create(&a.out).with_context(|| format!("cannot write {}", a.out))?;
    let mut out = std::io::BufWriter::new(file);
    writeln!(out, "{MAGIC}")?;
    writeln!(
        out,
        "# variant={} nodes={} seed={} first={} games={} random_plies={} max_plies={} eval={}",
        v.id, a.nodes, a.seed, a.first, a.games, a.random_plies, a.max_plies, a.eval
    )?;
    let mut engine = Engine::new(EngineOptions {
        hash_mb: SELFPLAY_HASH_MB,
        threads: 1,
        eval,
        ..EngineOptions::default()
    });
    let bar = indicatif::ProgressBar::new(a.games);
    let (mut white, mut draws) = (0.0, 0);
    for game in a.first..a.first + a.games {
        let record = play(&mut engine, &v, a, game)?;
        white += record.white_score;
        draws += u32::from(record.white_score == 0.5);
        out.write_all(game_lines(&record).as_bytes())?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    out.flush()?;
    outln!(
        "{}: {} games of {}, White scored {:.1}, {} draws",
        a.out,
        a.games,
        v.id,
        white,
        draws
    )?;
    Ok(())
}

/// Plays game number `game`.
fn play(engine: &mut Engine, v: &Arc<Variant>, a: &SelfplayArgs, game: u64) -> Result<GameRecord> {
    let mut rng = SplitMix64(a.seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (mut pos, opening) = (0..OPENING_TRIES)
        .find_map(|_| random_line(v, a.random_plies, &mut rng))
        .with_context(|| {
            format!(
                "no game of {} survives {} random plies",
                v.id, a.random_plies
            )
        })?;
    engine.new_game();
    engine.prepare(v);
    let mut positions = Vec::new();
    let mut streak: (i32, u32) = (0, 0); // (sign, length) of a clear lead
    let limits = Limits {
        nodes: Some(a.nodes),
        ..Limits::default()
    };
    let ended = loop {
        if let Some(o) = pos.outcome() {
            let score = match o.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            break (score, o.reason.name().to_string());
        }
        if pos.game_ply() >= a.max_plies {
            break (0.5, "ply-cap".to_string());
        }
        let r = engine.search(pos.clone(), limits.clone());
        let Some(m) = r.best else {
            bail!(
                "the engine found no move in a game that is not over: {}",
                pos.to_fen()
            );
        };
        let white_view = if pos.side() == Color::White {
            r.score
        } else {
            -r.score
        };
        let white_view = white_view.clamp(-SCORE_CAP, SCORE_CAP);
        positions.push(PositionRecord {
            ply: pos.game_ply(),
            score: white_view,
            quiet: !pos.in_check() && !m.is_capture(),
            fen: pos.to_fen(),
        });
        let sign = if white_view >= ADJUDICATE_CP {
            1
        } else if white_view <= -ADJUDICATE_CP {
            -1
        } else {
            0
        };
        streak = if sign != 0 && sign == streak.0 {
            (sign, streak.1 + 1)
        } else {
            (sign, 1)
        };
        if sign != 0 && streak.1 >= ADJUDICATE_PLIES {
            break (if sign > 0 { 1.0 } else { 0.0 }, "adjudicated".to_string());
        }
        pos.play(m)
            .map_err(|e| anyhow::anyhow!("the engine's move is illegal: {e:?}"))?;
    };
    Ok(GameRecord {
        game,
        white_score: ended.0,
        reason: ended.1,
        plies: pos.game_ply(),
        opening,
        positions,
    })
}

/// Reads a position back from a record (for the analyses).
///
/// # Errors
/// A FEN the variant does not accept.
pub fn position(v: &Arc<Variant>, fen: &str) -> Result<Position> {
    Position::from_fen(v, fen).map_err(|e| anyhow::anyhow!("record FEN `{fen}`: {e}"))
}
