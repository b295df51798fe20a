//! One game: the variant, the current position, the moves played, the players and
//! engine settings, and how it ended when the rules did not end it.

use crate::clock::GameClock;
use crate::error::{ApiError, ApiResult};
use menagerie_engine::Level;
use menagerie_rules::{
    move_text, parse_move,
    san::san_in,
    shogi_notation::{players_line, players_text_in},
    Color, Move, Position, TextStyle, Variant,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// A person using the UI.
    Human,
    /// The computer opponent.
    Engine,
}

impl Player {
    /// `human` or `engine`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Engine => "engine",
        }
    }

    /// Reads `human` / `engine`.
    #[must_use]
    pub fn parse(s: &str) -> Option<Player> {
        match s {
            "human" => Some(Player::Human),
            "engine" => Some(Player::Engine),
            _ => None,
        }
    }
}

/// Reads a playing level (`1`..=`8`, 8 = full strength).
///
/// # Errors
/// `bad_level` outside that range.
pub fn level(n: u64) -> ApiResult<Level> {
    u8::try_from(n).ok().and_then(Level::new).ok_or_else(|| {
        ApiError::bad(
            "bad_level",
            format!(
                "level must be between {} and {} ({} is full strength)",
                menagerie_engine::level::MIN_LEVEL,
                menagerie_engine::level::MAX_LEVEL,
                menagerie_engine::level::MAX_LEVEL
            ),
        )
    })
}

/// Engine strength of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EngineSettings {
    /// Time per move in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Fixed depth in plies.
    pub depth: Option<u32>,
}

impl EngineSettings {
    /// Default: two seconds a move.
    pub const DEFAULT_MS: u64 = 2000;
    /// Longest accepted time per move.
    pub const MAX_MS: u64 = 600_000;
    /// Deepest accepted depth.
    pub const MAX_DEPTH: u32 = 64;

    /// Checks and normalises settings: at least one limit; a depth-only search is still
    /// capped by [`EngineSettings::MAX_MS`] when it runs.
    ///
    /// # Errors
    /// Out-of-range values.
    pub fn new(movetime_ms: Option<u64>, depth: Option<u32>) -> ApiResult<EngineSettings> {
        if let Some(ms) = movetime_ms {
            if ms == 0 || ms > Self::MAX_MS {
                return Err(ApiError::bad(
                    "bad_engine_settings",
                    format!("movetime_ms must be between 1 and {}", Self::MAX_MS),
                ));
            }
        }
        if let Some(d) = depth {
            if d == 0 || d > Self::MAX_DEPTH {
                return Err(ApiError::bad(
                    "bad_engine_settings",
                    format!("depth must be between 1 and {}", Self::MAX_DEPTH),
                ));
            }
        }
        let movetime_ms = if movetime_ms.is_none() && depth.is_none() {
            Some(Self::DEFAULT_MS)
        } else {
            movetime_ms
        };
        Ok(EngineSettings { movetime_ms, depth })
    }
}

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            movetime_ms: Some(Self::DEFAULT_MS),
            depth: None,
        }
    }
}

/// How a game ended other than by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// This colour resigned.
    Resigned(Color),
    /// Both agreed to a draw.
    Agreed,
    /// This colour's clock ran out.
    Timeout(Color),
}

impl Ended {
    /// Storage form: `resigned:white`, `resigned:black`, `agreed`.
    #[must_use]
    pub fn code(self) -> String {
        match self {
            Ended::Resigned(c) => format!("resigned:{}", c.name()),
            Ended::Agreed => "agreed".into(),
            Ended::Timeout(c) => format!("time:{}", c.name()),
        }
    }

    /// Reads [`Ended::code`].
    #[must_use]
    pub fn parse(s: &str) -> Option<Ended> {
        match s {
            "resigned:white" => Some(Ended::Resigned(Color::White)),
            "resigned:black" => Some(Ended::Resigned(Color::Black)),
            "agreed" => Some(Ended::Agreed),
            "time:white" => Some(Ended::Timeout(Color::White)),
            "time:black" => Some(Ended::Timeout(Color::Black)),
            _ => None,
        }
    }
}

/// The result of a game so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Status {
    /// True when the game is over.
    pub over: bool,
    /// `1-0`, `0-1`, `1/2-1/2` or null.
    pub result: Option<&'static str>,
    /// Why it ended (see `docs/api.md`) or null.
    pub reason: Option<&'static str>,
}

impl Status {
    /// A game in progress.
    pub const PLAYING: Status = Status {
        over: false,
        result: None,
        reason: None,
    };
}

/// A move that was played, with its texts.
#[derive(Debug, Clone)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// Protocol text (`e2e4`).
    pub uci: String,
    /// The variant's own text (`e2-e4`).
    pub text: String,
    /// Standard algebraic notation (`e4`, `Nxf7+`).
    pub san: String,
    /// The text players read: SAN, or western shogi notation (`P-7f`) in the
    /// variants that write it.
    pub notation: String,
    /// FEN after the move.
    pub fen: String,
    /// Cells whose enemy pieces it captured.
    pub captured: Vec<menagerie_geometry::CellId>,
    /// The engine's evaluation when it played this move (engine moves only).
    pub eval: Option<MoveEval>,
}

/// What the engine thought of the position when it played a move: kept with the move,
/// stored with the game, shown after the search has ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEval {
    /// Completed depth.
    pub depth: u32,
    /// Centipawns from White's view (absent for a mate score).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub cp: Option<i32>,
    /// Mate in this many moves, positive when White mates (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub mate: Option<i32>,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation from the position before the move, in SAN.
    pub pv_san: Vec<String>,
    /// The same in the text players read (shogi notation in the variants that write
    /// it; empty in evaluations stored before it was kept).
    #[serde(default)]
    pub pv_notation: Vec<String>,
}

impl MoveEval {
    /// From a search's last report in `pos` (its scores are the side to move's).
    #[must_use]
    pub fn of(pos: &Position, info: &menagerie_engine::Info) -> MoveEval {
        let sign = if pos.side() == Color::White { 1 } else { -1 };
        let (cp, mate) = match info.score {
            menagerie_engine::Score::Cp(c) => (Some(c * sign), None),
            menagerie_engine::Score::Mate(n) => (None, Some(n * sign)),
        };
        let legal = info
            .pv
            .iter()
            .scan(pos.clone(), |p, &m| {
                p.is_legal(m).then(|| {
                    p.make_unchecked(m);
                    m
                })
            })
            .count();
        MoveEval {
            depth: info.depth,
            cp,
            mate,
            nodes: info.nodes,
            pv_san: menagerie_rules::san_line(pos, &info.pv[..legal]),
            pv_notation: players_line(pos, &info.pv[..legal]),
        }
    }
}

/// A running search of a game.
#[derive(Debug, Clone)]
pub struct SearchTicket {
    /// Unique id (a finished search plays its move only if its ticket is still current).
    pub id: u64,
    /// Stops the search.
    pub stop: menagerie_engine::StopHandle,
}

/// One game.
#[derive(Debug)]
pub struct Game {
    /// Id.
    pub id: String,
    /// The variant.
    pub variant: Arc<Variant>,
    /// FEN of the start position.
    pub start_fen: String,
    /// Current position (with the history of the moves, for undo and repetition).
    pub pos: Position,
    /// Moves played.
    pub moves: Vec<Played>,
    /// White's and Black's player.
    pub players: [Player; 2],
    /// Engine strength.
    pub engine: EngineSettings,
    /// Resignation or agreed draw.
    pub ended: Option<Ended>,
    /// The colour that offered a draw, pending an answer.
    pub draw_offer: Option<Color>,
    /// Creation time (Unix seconds).
    pub created: i64,
    /// Time of the last change (Unix seconds).
    pub updated: i64,
    /// Increases with every change.
    pub version: u64,
    /// The search running for this game, if any.
    pub search: Option<SearchTicket>,
    /// Tags of the PGN the game was imported from, in their order (written back on
    /// export); empty for games started here.
    pub tags: Vec<(String, String)>,
    /// The game clocks, when the game is played with a time control.
    pub clock: Option<GameClock>,
    /// The engine's playing level (full strength unless chosen lower).
    pub level: Level,
}

/// Cells holding pieces of `them` before that are not theirs after (board only).
fn captured_cells(
    before: &Position,
    after: &Position,
    them: Color,
) -> Vec<menagerie_geometry::CellId> {
    before
        .variant()
        .geometry
        .cells()
        .filter(|&c| before.piece(c).is_color(them) && !after.piece(c).is_color(them))
        .collect()
}

impl Game {
    /// A new game from `fen` (the variant's start when None).
    ///
    /// # Errors
    /// `bad_fen` with the parser's message.
    pub fn new(
        id: String,
        variant: Arc<Variant>,
        fen: Option<&str>,
        players: [Player; 2],
        engine: EngineSettings,
        now: i64,
    ) -> ApiResult<Game> {
        let pos = match fen.map(str::trim).filter(|f| !f.is_empty()) {
            Some(f) => Position::from_fen(&variant, f)
                .map_err(|e| ApiError::bad("bad_fen", format!("bad FEN: {e}")))?,
            None => Position::start(&variant),
        };
        // The FEN reader accepts any placement; a game needs the royal pieces its
        // variant plays for (without them a chess game would start "stalemated").
        if variant.has_royal() {
            for c in Color::BOTH {
                if pos.royals(c).next().is_none() {
                    let names: Vec<&str> = variant
                        .pieces
                        .iter()
                        .filter(|p| p.royal)
                        .map(|p| p.name.as_str())
                        .collect();
                    return Err(ApiError::bad(
                        "bad_fen",
                        format!(
                            "bad FEN: {} has no {}; {} needs one on each side",
                            c.name(),
                            names.join(" or "),
                            variant.name
                        ),
                    ));
                }
            }
        }
        Ok(Game {
            id,
            start_fen: pos.to_fen(),
            variant,
            pos,
            moves: Vec::new(),
            players,
            engine,
            ended: None,
            draw_offer: None,
            created: now,
            updated: now,
            version: 1,
            search: None,
            tags: Vec::new(),
            clock: None,
            level: Level::FULL,
        })
    }

    /// The seed of the engine's choices below full strength in this game: FNV-1a of
    /// the game id, so a game's weak moves are the same on every machine and replay.
    #[must_use]
    pub fn level_seed(&self) -> u64 {
        const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
        const FNV_PRIME: u64 = 0x0100_0000_01b3;
        self.id.bytes().fold(FNV_OFFSET, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(FNV_PRIME)
        })
    }

    /// Player of a colour.
    #[must_use]
    pub fn player(&self, c: Color) -> Player {
        self.players[c.idx()]
    }

    /// The side to move.
    #[must_use]
    pub fn side(&self) -> Color {
        self.pos.side()
    }

    /// Status from a resignation / agreement or from the rules.
    #[must_use]
    pub fn status(&self) -> Status {
        match self.ended {
            Some(Ended::Resigned(c)) => Status {
                over: true,
                result: Some(if c == Color::White { "0-1" } else { "1-0" }),
                reason: Some("resignation"),
            },
            Some(Ended::Agreed) => Status {
                over: true,
                result: Some("1/2-1/2"),
                reason: Some("agreement"),
            },
            Some(Ended::Timeout(c)) => Status {
                over: true,
                result: Some(if self.pos.cannot_win(c.flip()) {
                    "1/2-1/2"
                } else if c == Color::White {
                    "0-1"
                } else {
                    "1-0"
                }),
                reason: Some("timeout"),
            },
            None => match self.pos.outcome() {
                Some(o) => Status {
                    over: true,
                    result: Some(o.result()),
                    reason: Some(o.reason.name()),
                },
                None => Status::PLAYING,
            },
        }
    }

    /// True while a search runs.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }

    /// Stops the running search, if any; its move will be ignored. A clock held while
    /// the search waited for a worker runs again.
    pub fn cancel_search(&mut self) {
        if let Some(t) = self.search.take() {
            t.stop.stop();
        }
        if let Some(c) = &mut self.clock {
            c.release(crate::clock::now_ms());
        }
    }

    /// Plays a legal move (checked) and records its texts.
    ///
    /// # Errors
    /// `illegal_move` when `m` is not legal here.
    pub fn play(&mut self, m: Move) -> ApiResult<()> {
        let uci = move_text(&self.pos, m, TextStyle::Uci);
        let text = move_text(&self.pos, m, TextStyle::Human);
        let legal = self.pos.legal_moves();
        let san = san_in(&self.pos, &legal, m);
        let notation = players_text_in(&self.pos, &legal, m);
        let before = self.pos.clone();
        let them = before.side().flip();
        self.pos.play(m).map_err(|_| {
            ApiError::bad("illegal_move", format!("`{uci}` is not a legal move here"))
        })?;
        let captured = captured_cells(&before, &self.pos, them);
        self.moves.push(Played {
            mv: m,
            uci,
            text,
            san,
            notation,
            fen: self.pos.to_fen(),
            captured,
            eval: None,
        });
        self.draw_offer = None;
        Ok(())
    }

    /// Plays a legal move at `now` (Unix ms) with the clocks: the mover's time is
    /// charged (with the increment) and the other side's clock starts unless the game
    /// is over.
    ///
    /// # Errors
    /// `illegal_move` when `m` is not legal here.
    pub fn play_at(&mut self, m: Move, now: i64) -> ApiResult<()> {
        let mover = self.side();
        self.play(m)?;
        let goes_on = !self.status().over;
        if let Some(c) = &mut self.clock {
            c.moved(mover, now, goes_on);
        }
        Ok(())
    }

    /// Ends the game on time when the running clock has run out at `now`; true when it
    /// did.
    pub fn check_flag(&mut self, now: i64) -> bool {
        if self.ended.is_some() || self.pos.outcome().is_some() {
            return false;
        }
        let Some(flagged) = self.clock.as_ref().and_then(|c| c.flagged(now)) else {
            return false;
        };
        self.cancel_search();
        self.ended = Some(Ended::Timeout(flagged));
        self.draw_offer = None;
        if let Some(c) = &mut self.clock {
            c.stop(now);
        }
        true
    }

    /// Reads a move text and plays it.
    ///
    /// # Errors
    /// `illegal_move` (with the reader's explanation) when the text names no legal move.
    pub fn play_text(&mut self, text: &str) -> ApiResult<Move> {
        let m = parse_move(&self.pos, text.trim())
            .map_err(|e| ApiError::bad("illegal_move", e.to_string()))?;
        self.play_at(m, crate::clock::now_ms())?;
        Ok(m)
    }

    /// Takes back the last move.
    pub fn take_back(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.pos.unmake();
        true
    }

    /// The position after `ply` moves (0 = start), replayed from the start.
    ///
    /// # Errors
    /// `bad_ply` when out of range.
    pub fn position_at(&self, ply: usize) -> ApiResult<Position> {
        if ply > self.moves.len() {
            return Err(ApiError::bad(
                "bad_ply",
                format!("ply must be between 0 and {}", self.moves.len()),
            ));
        }
        let mut pos = Position::from_fen(&self.variant, &self.start_fen)
            .map_err(|e| ApiError::internal(format!("stored start FEN unreadable: {e}")))?;
        for p in &self.moves[..ply] {
            pos.play(p.mv)
                .map_err(|_| ApiError::internal("stored move no longer legal"))?;
        }
        Ok(pos)
    }
}
