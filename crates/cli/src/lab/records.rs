//! The self-play record format (version 1), written by `menagerie selfplay`
//! and read by `menagerie lab`. Plain text, one record a line, fields
//! separated by tabs, so that shards can be concatenated, grepped and
//! read by any tool (docs/lab.md documents it for readers outside Rust):
//!
//! ```text
//! # menagerie selfplay v1
//! # variant=chess nodes=2000 seed=7 first=0 games=10 random_plies=8 max_plies=400 eval=default
//! P <game> <ply> <score> <quiet> <fen>
//! G <game> <result> <reason> <plies> <opening>
//! ```
//!
//! * `P`: a position where a side had to move. `score` is the search's
//!   score in centipawns from White's point of view (beyond ±29000: a
//!   mate); `quiet` is 1 when the side to move was not in check and the
//!   move played captured nothing (the positions whose material means what
//!   it says), else 0.
//! * `G`: the game's end, after its positions: `1-0`, `0-1` or `1/2-1/2`,
//!   the reason (a rule's name, `adjudicated` or `ply-cap`), its length and
//!   its random opening plies (protocol move text, space-separated).
//!
//! `game` numbers are global (a shard plays games `first..first+games` of
//! one seed), so shards of one run never share a number; a reader keeps the
//! first copy of a game it meets and only games that have their `G` line.

use anyhow::{bail, Context, Result};
use std::collections::{BTreeMap, HashSet};

/// The first line of every record file.
pub const MAGIC: &str = "# menagerie selfplay v1";

/// One recorded position.
#[derive(Debug, Clone, PartialEq)]
pub struct PositionRecord {
    /// Plies played before it.
    pub ply: u32,
    /// Search score, centipawns, White's view.
    pub score: i32,
    /// Not in check and the move played was no capture.
    pub quiet: bool,
    /// The position.
    pub fen: String,
}

/// One finished game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    /// Global game number.
    pub game: u64,
    /// White's score: 1, 0.5 or 0.
    pub white_score: f64,
    /// Why it ended.
    pub reason: String,
    /// Its length in plies.
    pub plies: u32,
    /// The random plies it opened with (protocol move text).
    pub opening: Vec<String>,
    /// Its positions, in order.
    pub positions: Vec<PositionRecord>,
}

/// `1-0`, `0-1` or `1/2-1/2` for White's score.
#[must_use]
pub fn result_text(white_score: f64) -> &'static str {
    if white_score > 0.75 {
        "1-0"
    } else if white_score < 0.25 {
        "0-1"
    } else {
        "1/2-1/2"
    }
}

/// The lines of one game (its positions, then its `G` line).
#[must_use]
pub fn game_lines(g: &GameRecord) -> String {
    let mut out = String::new();
    for p in &g.positions {
        out.push_str(&format!(
            "P\t{}\t{}\t{}\t{}\t{}\n",
            g.game,
            p.ply,
            p.score,
            u8::from(p.quiet),
            p.fen
        ));
    }
    out.push_str(&format!(
        "G\t{}\t{}\t{}\t{}\t{}\n",
        g.game,
        result_text(g.white_score),
        g.reason,
        g.plies,
        g.opening.join(" ")
    ));
    out
}

/// Reads the games of record files' texts (name, text): complete games
/// only, each game number once (the first copy), in game order.
///
/// # Errors
/// A file without the header, or a malformed line (named by file and line).
pub fn read(files: &[(String, String)]) -> Result<Vec<GameRecord>> {
    let mut games: BTreeMap<u64, GameRecord> = BTreeMap::new();
    for (name, text) in files {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, first)) if first.trim_end() == MAGIC => {}
            _ => bail!("{name}: not a self-play record file (the first line must be `{MAGIC}`)"),
        }
        let mut open: BTreeMap<u64, Vec<PositionRecord>> = BTreeMap::new();
        let mut taken_here = HashSet::new();
        for (i, line) in lines {
            let at = || format!("{name}:{}", i + 1);
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            match f.as_slice() {
                ["P", game, ply, score, quiet, fen] => {
                    let game: u64 = game.parse().with_context(at)?;
                    open.entry(game).or_default().push(PositionRecord {
                        ply: ply.parse().with_context(at)?,
                        score: score.parse().with_context(at)?,
                        quiet: *quiet == "1",
                        fen: (*fen).to_string(),
                    });
                }
                ["G", game, result, reason, plies, opening] => {
                    let game: u64 = game.parse().with_context(at)?;
                    let white_score = match *result {
                        "1-0" => 1.0,
                        "0-1" => 0.0,
                        "1/2-1/2" => 0.5,
                        r => bail!("{}: result `{r}`: expected 1-0, 0-1 or 1/2-1/2", at()),
                    };
                    let positions = open.remove(&game).unwrap_or_default();
                    if games.contains_key(&game) && !taken_here.contains(&game) {
                        continue; // another shard's copy came first
                    }
                    taken_here.insert(game);
                    games.insert(
                        game,
                        GameRecord {
                            game,
                            white_score,
                            reason: (*reason).to_string(),
                            plies: plies.parse().with_context(at)?,
                            opening: opening.split_whitespace().map(str::to_string).collect(),
                            positions,
                        },
                    );
                }
                _ => bail!(
                    "{}: expected `P game ply score quiet fen` or `G game result reason plies opening` (tab-separated)",
                    at()
                ),
            }
        }
    }
    Ok(games.into_values().collect())
}

/// Reads record files from disk.
///
/// # Errors
/// As [`read`], or a file that cannot be read.
pub fn read_files(paths: &[String]) -> Result<Vec<GameRecord>> {
    let mut files = Vec::new();
    for p in paths {
        let text = std::fs::read_to_string(p).with_context(|| format!("cannot read {p}"))?;
        files.push((p.clone(), text));
    }
    read(&files)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: u64, score: f64) -> GameRecord {
        GameRecord {
            game: n,
            white_score: score,
            reason: "checkmate".into(),
            plies: 2,
            opening: vec!["e2e4".into(), "e7e5".into()],
            positions: vec![PositionRecord {
                ply: 0,
                score: 25,
                quiet: true,
                fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            }],
        }
    }

    #[test]
    fn games_read_back_once_and_complete_only() {
        let a = format!(
            "{MAGIC}\n{}{}",
            game_lines(&game(3, 1.0)),
            game_lines(&game(1, 0.5))
        );
        // A shard re-run wrote game 3 again; an interrupted one left game 9
        // without its end.
        let b = format!("{MAGIC}\n{}P\t9\t0\t0\t1\tx\n", game_lines(&game(3, 0.0)));
        let games = read(&[("a".into(), a), ("b".into(), b)]).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].game, games[0].white_score), (1, 0.5));
        assert_eq!((games[1].game, games[1].white_score), (3, 1.0));
        assert_eq!(games[1].positions, game(3, 1.0).positions);
    }

    #[test]
    fn malformed_lines_are_named() {
        let e = read(&[("f".into(), format!("{MAGIC}\nG\t1\t2-0\tx\t3\te2e4\n"))]).unwrap_err();
        assert!(e.to_string().contains("f:2"), "{e}");
        let e = read(&[("f".into(), "hello\n".into())]).unwrap_err();
        assert!(e.to_string().contains("not a self-play record file"), "{e}");
        let e = read(&[("f".into(), format!("{MAGIC}\nP\tx\n"))]).unwrap_err();
        assert!(e.to_string().contains("f:2"), "{e}");
    }
}
