//! One refereed game: Menagerie checks every move, keeps the clocks and
//! decides the result.

use super::player::{Clocks, Player, Refusal, Reply};
use menagerie_rules::notation::parse_move_in;
use menagerie_rules::{move_text, Color, MoveList, Position, TextStyle, Variant};
use std::sync::Arc;
use std::time::Instant;

/// A time control: base and increment in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    /// Starting time.
    pub base_ms: u64,
    /// Added after each move.
    pub inc_ms: u64,
}

/// Why a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// By the rules of the variant (checkmate, repetition, ...).
    Rules(String),
    /// A player made an illegal move (the text).
    Illegal(String),
    /// A player crashed or broke its protocol.
    Crash(String),
    /// A player ran out of time: (ms it had, ms it used).
    Time(u64, u64),
    /// A player resigned.
    Resign,
    /// A player claimed a result the rules do not give.
    FalseClaim(String),
    /// Adjudicated a draw at the ply limit.
    PlyLimit,
    /// A player could not start the game.
    Setup(String),
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// Start position.
    pub fen: String,
    /// Moves in protocol text.
    pub moves: Vec<String>,
    /// Winner (None: draw).
    pub winner: Option<Color>,
    /// How it ended.
    pub ending: Ending,
    /// Side at fault for an abnormal ending (illegal move, crash, time).
    pub offender: Option<Color>,
    /// Longest think per side (ms).
    pub max_think_ms: [u64; 2],
    /// Per move the players made (after the referee's opening moves), on a
    /// game clock: the think time and the mover's clock left after the
    /// move, increment added (ms). Empty without a time control.
    pub clocks: Vec<MoveClock>,
    /// The plies the referee played (book or random opening) before the
    /// players' first move.
    pub opening_plies: usize,
    /// Black moves first from the start position.
    pub black_first: bool,
}

/// The clock of one move: how long the mover thought, and what its clock
/// showed after the move (increment added), in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveClock {
    /// Think time.
    pub think_ms: u64,
    /// Clock left after the move.
    pub left_ms: u64,
}

impl GameRecord {
    /// `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// A short description of the ending.
    #[must_use]
    pub fn describe(&self) -> String {
        let who = |c: Color| if c == Color::White { "White" } else { "Black" };
        match &self.ending {
            Ending::Rules(r) => r.clone(),
            Ending::Illegal(m) => format!(
                "{} made an illegal move: {m}",
                who(self.offender.unwrap_or(Color::White))
            ),
            Ending::Crash(e) => format!(
                "{} crashed or broke the protocol: {e}",
                who(self.offender.unwrap_or(Color::White))
            ),
            Ending::Time(had, used) => format!(
                "{} lost on time ({used} ms used, {had} ms left)",
                who(self.offender.unwrap_or(Color::White))
            ),
            Ending::Resign => format!("{} resigned", who(self.offender.unwrap_or(Color::White))),
            Ending::FalseClaim(c) => format!(
                "{} claimed `{c}` falsely",
                who(self.offender.unwrap_or(Color::White))
            ),
            Ending::PlyLimit => "draw by the ply limit".into(),
            Ending::Setup(e) => format!(
                "{} could not start the game: {e}",
                who(self.offender.unwrap_or(Color::White))
            ),
        }
    }
}

/// Plays one game from `fen` after the `opening` moves (played by the
/// referee, not the players). `players[0]` is White. `factor[i]` scales
/// player i's time control.
pub fn play(
    v: &Arc<Variant>,
    fen: &str,
    opening: &[String],
    players: [&mut dyn Player; 2],
    tc: Option<TimeControl>,
    factor: [f64; 2],
    max_plies: usize,
) -> GameRecord {
    let [white, black] = players;
    let mut players: [&mut dyn Player; 2] = [white, black];
    let mut rec = GameRecord {
        fen: fen.to_string(),
        moves: Vec::new(),
        winner: None,
        ending: Ending::PlyLimit,
        offender: None,
        max_think_ms: [0, 0],
        clocks: Vec::new(),
        opening_plies: 0,
        black_first: false,
    };
    let lose = |rec: &mut GameRecord, c: Color, e: Ending| {
        rec.winner = Some(c.flip());
        rec.offender = Some(c);
        rec.ending = e;
    };
    let Ok(mut pos) = Position::from_fen(v, fen) else {
        rec.ending = Ending::Setup(format!("bad FEN {fen}"));
        return rec;
    };
    rec.black_first = pos.side() == Color::Black;
    let mut legal = MoveList::new();
    for t in opening {
        pos.generate_legal(&mut legal);
        match parse_move_in(&pos, &legal, t) {
            Ok(m) => {
                rec.moves.push(move_text(&pos, m, TextStyle::Uci));
                pos.make_unchecked(m);
            }
            Err(e) => {
                rec.ending = Ending::Setup(format!("bad opening move {t}: {e}"));
                return rec;
            }
        }
    }
    rec.opening_plies = rec.moves.len();
    let scale = |ms: u64, f: f64| (ms as f64 * f).round() as u64;
    for (i, p) in players.iter_mut().enumerate() {
        let own = tc.map(|t| (scale(t.base_ms, factor[i]), scale(t.inc_ms, factor[i])));
        if let Err(e) = p.new_game(v, fen, own) {
            let c = if i == 0 { Color::White } else { Color::Black };
            lose(&mut rec, c, Ending::Setup(format!("{e:#}")));
            return rec;
        }
    }
    let mut remaining: [i64; 2] = [0, 0];
    let mut inc = [0u64; 2];
    if let Some(t) = tc {
        for i in 0..2 {
            remaining[i] = scale(t.base_ms, factor[i]) as i64;
            inc[i] = scale(t.inc_ms, factor[i]);
        }
    }
    loop {
        if let Some(o) = pos.outcome() {
            rec.winner = o.winner;
            rec.ending = Ending::Rules(o.reason.name().to_string());
            break;
        }
        if rec.moves.len() >= max_plies {
            rec.ending = Ending::PlyLimit;
            break;
        }
        let side = pos.side();
        let i = side.idx();
        let clocks = Clocks {
            wtime: remaining[0].max(1) as u64,
            btime: remaining[1].max(1) as u64,
            winc: inc[0],
            binc: inc[1],
            timed: tc.is_some(),
        };
        let deadline = tc.map(|_| remaining[i].max(0) as u64);
        let t0 = Instant::now();
        let reply = players[i].go(&pos, &rec.moves, &clocks, deadline);
        let spent = t0.elapsed().as_millis() as u64;
        rec.max_think_ms[i] = rec.max_think_ms[i].max(spent);
        if tc.is_some() {
            let had = remaining[i].max(0) as u64;
            remaining[i] -= spent as i64;
            if remaining[i] < 0 {
                lose(&mut rec, side, Ending::Time(had, spent));
                break;
            }
            remaining[i] += inc[i] as i64;
        }
        let text = match reply {
            Err(e) => {
                lose(&mut rec, side, Ending::Crash(format!("{e:#}")));
                break;
            }
            Ok(Reply::Refused(Refusal::Resign)) => {
                lose(&mut rec, side, Ending::Resign);
                break;
            }
            Ok(Reply::Refused(Refusal::Claim(c))) => {
                lose(&mut rec, side, Ending::FalseClaim(c));
                break;
            }
            Ok(Reply::Move(t)) => t,
        };
        pos.generate_legal(&mut legal);
        match parse_move_in(&pos, &legal, &text) {
            Ok(m) => {
                rec.moves.push(move_text(&pos, m, TextStyle::Uci));
                pos.make_unchecked(m);
                if tc.is_some() {
                    rec.clocks.push(MoveClock {
                        think_ms: spent,
                        left_ms: remaining[i].max(0) as u64,
                    });
                }
            }
            Err(e) => {
                lose(&mut rec, side, Ending::Illegal(format!("{text} ({e})")));
                break;
            }
        }
    }
    let result = rec.result();
    for p in players.iter_mut() {
        p.game_over(result);
    }
    rec
}
