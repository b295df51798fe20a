//! Analysis for people: the engine's best lines in any position of a game (MultiPV, in
//! SAN) and the review of a whole game (a score per ply for the evaluation graph, and
//! the moves that lost much marked as inaccuracies, mistakes and blunders).
//!
//! Scores are given from White's view, so a graph of them reads the same way for both
//! sides. A review judges a move by how much the mover's score fell from the position
//! before it to the position after it, with both scores clamped to
//! ±[`REVIEW_CLAMP_CP`] (so turning a won position into a still clearly won one is no
//! mistake): a fall of at least [`INACCURACY_CP`], [`MISTAKE_CP`] or [`BLUNDER_CP`]
//! centipawns.

use crate::error::{ApiError, ApiResult};
use crate::opponent::Opponent;
use menagerie_engine::{Info, Limits, Score, StopHandle};
use menagerie_rules::{move_text, Color, Position, TextStyle};
use serde::Serialize;

/// Most lines an analysis shows.
pub const MAX_LINES: u32 = 5;
/// Time an analysis takes unless told (ms).
pub const DEFAULT_ANALYSIS_MS: u64 = 2_000;
/// Longest analysis of one position (ms).
pub const MAX_ANALYSIS_MS: u64 = 10_000;
/// Shortest time between two pushes of a running analysis's lines to the game's
/// event stream (a fast search reports many depths in its first milliseconds).
pub const LIVE_PUSH_INTERVAL: std::time::Duration = std::time::Duration::from_millis(100);
/// Nodes the review spends on each position of the game.
pub const REVIEW_NODES: u64 = 20_000;
/// Longest time the review spends on one position (ms), whatever the nodes.
pub const REVIEW_MS_PER_PLY: u64 = 1_000;
/// Longest game a review looks at (plies).
pub const MAX_REVIEW_PLIES: usize = 600;
/// Scores are clamped to this (centipawns) before falls are measured; mates count as it.
pub const REVIEW_CLAMP_CP: i32 = 1_000;
/// A fall of at least this many centipawns is an inaccuracy.
pub const INACCURACY_CP: i32 = 50;
/// ... a mistake.
pub const MISTAKE_CP: i32 = 100;
/// ... a blunder.
pub const BLUNDER_CP: i32 = 300;

/// A score from White's view: centipawns or mate in moves (positive: White mates).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WhiteScore {
    /// Centipawns (absent for a mate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Mate in moves (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
}

impl WhiteScore {
    /// `s` is the score of the side to move `side`.
    #[must_use]
    pub fn of(s: Score, side: Color) -> WhiteScore {
        let sign = if side == Color::White { 1 } else { -1 };
        match s {
            Score::Cp(c) => WhiteScore {
                cp: Some(c * sign),
                mate: None,
            },
            Score::Mate(n) => WhiteScore {
                cp: None,
                mate: Some(n * sign),
            },
        }
    }

    /// Clamped centipawns (see the module doc).
    #[must_use]
    pub fn clamped(self) -> i32 {
        match (self.cp, self.mate) {
            (Some(c), _) => c.clamp(-REVIEW_CLAMP_CP, REVIEW_CLAMP_CP),
            (_, Some(m)) if m >= 0 => REVIEW_CLAMP_CP,
            _ => -REVIEW_CLAMP_CP,
        }
    }
}

/// One line of an analysis.
#[derive(Debug, Clone, Serialize)]
pub struct Line {
    /// 1 for the best line.
    pub rank: u32,
    /// Completed depth.
    pub depth: u32,
    /// Score from White's view.
    pub score: WhiteScore,
    /// The moves in protocol text (`e2e4`).
    pub pv: Vec<String>,
    /// The moves in SAN.
    pub pv_san: Vec<String>,
    /// The moves in the text players read (shogi notation in the variants that
    /// write it, else SAN).
    pub pv_notation: Vec<String>,
}

fn line(pos: &Position, rank: u32, info: &Info) -> Line {
    let mut p = pos.clone();
    let mut pv = Vec::new();
    for &m in &info.pv {
        if !p.is_legal(m) {
            break;
        }
        pv.push(move_text(&p, m, TextStyle::Uci));
        p.make_unchecked(m);
    }
    Line {
        rank,
        depth: info.depth,
        score: WhiteScore::of(info.score, pos.side()),
        pv_san: menagerie_rules::san_line(pos, &info.pv[..pv.len()]),
        pv_notation: menagerie_rules::shogi_notation::players_line(pos, &info.pv[..pv.len()]),
        pv,
    }
}

/// Checks the number of lines and the time of an analysis (defaults: 3 lines,
/// [`DEFAULT_ANALYSIS_MS`]).
///
/// # Errors
/// `bad_analysis` when out of range.
pub fn settings(lines: Option<u32>, ms: Option<u64>) -> ApiResult<(u32, u64)> {
    let lines = lines.unwrap_or(3);
    let ms = ms.unwrap_or(DEFAULT_ANALYSIS_MS);
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(ApiError::bad(
            "bad_analysis",
            format!("lines must be between 1 and {MAX_LINES}"),
        ));
    }
    if !(1..=MAX_ANALYSIS_MS).contains(&ms) {
        return Err(ApiError::bad(
            "bad_analysis",
            format!("movetime_ms must be between 1 and {MAX_ANALYSIS_MS}"),
        ));
    }
    Ok((lines, ms))
}

/// The `lines` best lines of `pos` after `ms` milliseconds, best first (none when the
/// game is over there). `progress` receives the lines as they stand each time the
/// search reports, so they can be shown live.
pub fn analyse(
    opp: &dyn Opponent,
    pos: &Position,
    lines: u32,
    ms: u64,
    progress: &mut dyn FnMut(Vec<Line>),
) -> Vec<Line> {
    if pos.outcome().is_some() {
        return Vec::new();
    }
    let limits = Limits {
        movetime: Some(ms),
        ..Limits::default()
    };
    let ranked = |infos: &[Info]| -> Vec<Line> {
        infos
            .iter()
            .zip(1..)
            .map(|(i, rank)| line(pos, rank, i))
            .collect()
    };
    let infos = opp.analyse(
        pos.clone(),
        limits,
        lines,
        &mut |now| progress(ranked(now)),
        &StopHandle::new(),
    );
    ranked(&infos)
}

/// How bad a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// Fell by at least [`INACCURACY_CP`].
    Inaccuracy,
    /// ... [`MISTAKE_CP`].
    Mistake,
    /// ... [`BLUNDER_CP`].
    Blunder,
}

impl Mark {
    /// The mark of a fall of `drop` centipawns, if any.
    #[must_use]
    pub fn of(drop: i32) -> Option<Mark> {
        if drop >= BLUNDER_CP {
            Some(Mark::Blunder)
        } else if drop >= MISTAKE_CP {
            Some(Mark::Mistake)
        } else if drop >= INACCURACY_CP {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}

/// A marked move of a review.
#[derive(Debug, Clone, Serialize)]
pub struct Marked {
    /// The ply of the move (1 = the first move).
    pub ply: usize,
    /// Its SAN.
    pub san: String,
    /// Its text as players read it (shogi notation in the variants that write it).
    pub notation: String,
    /// The mover's fall in clamped centipawns.
    pub drop: i32,
    /// How bad.
    pub mark: Mark,
    /// The engine's best move instead, in SAN.
    pub best_san: Option<String>,
    /// The same as players read it.
    pub best_notation: Option<String>,
}

/// The review of a game.
#[derive(Debug, Clone, Serialize)]
pub struct Review {
    /// The score after each ply (index 0: the start position), White's view.
    pub scores: Vec<WhiteScore>,
    /// The moves that lost much.
    pub marks: Vec<Marked>,
}

fn settled(pos: &Position) -> Option<WhiteScore> {
    let o = pos.outcome()?;
    let cp = match o.winner {
        Some(Color::White) => REVIEW_CLAMP_CP,
        Some(Color::Black) => -REVIEW_CLAMP_CP,
        None => 0,
    };
    Some(WhiteScore {
        cp: Some(cp),
        mate: None,
    })
}

/// The texts of a played move: its SAN and the text players read.
#[derive(Debug, Clone)]
pub struct MoveTexts {
    /// SAN.
    pub san: String,
    /// Players' text (shogi notation in the variants that write it, else SAN).
    pub notation: String,
}

/// Reviews a game from the positions along it (the start first) and the texts of its
/// moves: a search of [`REVIEW_NODES`] per position.
#[must_use]
pub fn review(opp: &dyn Opponent, positions: &[Position], texts: &[MoveTexts]) -> Review {
    let limits = Limits {
        nodes: Some(REVIEW_NODES),
        movetime: Some(REVIEW_MS_PER_PLY),
        ..Limits::default()
    };
    let mut scores = Vec::with_capacity(positions.len());
    let mut best = Vec::with_capacity(positions.len());
    for pos in positions {
        if let Some(s) = settled(pos) {
            scores.push(s);
            best.push(None);
            continue;
        }
        let infos = opp.analyse(
            pos.clone(),
            limits.clone(),
            1,
            &mut |_| {},
            &StopHandle::new(),
        );
        match infos.first() {
            Some(i) => {
                let l = line(pos, 1, i);
                scores.push(l.score);
                best.push(
                    l.pv_san
                        .first()
                        .cloned()
                        .zip(l.pv_notation.first().cloned()),
                );
            }
            None => {
                scores.push(WhiteScore {
                    cp: Some(0),
                    mate: None,
                });
                best.push(None);
            }
        }
    }
    let mut marks = Vec::new();
    for ply in 1..positions.len() {
        let sign = if positions[ply - 1].side() == Color::White {
            1
        } else {
            -1
        };
        let drop = sign * (scores[ply - 1].clamped() - scores[ply].clamped());
        if let Some(mark) = Mark::of(drop) {
            let played = texts.get(ply - 1);
            let best = best[ply - 1].clone();
            marks.push(Marked {
                ply,
                san: played.map(|t| t.san.clone()).unwrap_or_default(),
                notation: played.map(|t| t.notation.clone()).unwrap_or_default(),
                drop,
                mark,
                best_san: best.as_ref().map(|b| b.0.clone()),
                best_notation: best.map(|b| b.1),
            });
        }
    }
    Review { scores, marks }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn marks_by_the_size_of_the_fall() {
        assert_eq!(Mark::of(49), None);
        assert_eq!(Mark::of(50), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of(100), Some(Mark::Mistake));
        assert_eq!(Mark::of(299), Some(Mark::Mistake));
        assert_eq!(Mark::of(300), Some(Mark::Blunder));
    }

    #[test]
    fn scores_turn_to_whites_view_and_clamp() {
        let s = WhiteScore::of(Score::Cp(120), Color::Black);
        assert_eq!(s.cp, Some(-120));
        assert_eq!(
            WhiteScore::of(Score::Mate(2), Color::Black).clamped(),
            -1000
        );
        assert_eq!(
            WhiteScore::of(Score::Cp(5000), Color::White).clamped(),
            1000
        );
        assert!(settings(Some(6), None).is_err());
        assert!(settings(None, Some(MAX_ANALYSIS_MS + 1)).is_err());
        assert_eq!(settings(None, None).unwrap(), (3, DEFAULT_ANALYSIS_MS));
    }
}
