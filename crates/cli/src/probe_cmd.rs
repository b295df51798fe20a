//! `menagerie probe`: a line-oriented machine interface for differential
//! tests against other engines (tests/fsf/). UCI gives legal moves (`go
//! perft 1`) and the FEN (`d`) but not the game result; this command gives all
//! three for one position per line, computed by the same functions the
//! protocols use, so a test harness needs one process and one round trip per
//! position.
//!
//! Input, one request per line: `VARIANT<TAB>FEN<TAB>MOVES`, where FEN may be
//! `startpos` and MOVES is a space-separated list of moves in UCI text (may
//! be empty). Output, one line per request:
//! `ok<TAB>FEN<TAB>LEGAL<TAB>RESULT` with the FEN after the moves, the legal
//! moves in UCI text sorted and space-separated, and the result (`-` while
//! the game goes on, else e.g. `1-0 (checkmate)`); or `error<TAB>MESSAGE`.
//! A fourth request field `san` adds a fifth reply field: the SAN of each
//! legal move, in the order of LEGAL (the notation check of
//! `tests/fsf/differential.py --san`).

use crate::common::registry;
use anyhow::Result;
use menagerie_rules::san::san_in;
use menagerie_rules::{move_text, parse_move, Move, Position, Registry, TextStyle};
use std::io::{BufRead, Write};

/// Arguments of `probe`.
#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// Load variants from this file first (TOML or Fairy-Stockfish ini).
    #[arg(long = "variant-file")]
    variant_file: Vec<String>,
}

/// Runs `probe` on standard input and output.
pub fn run(a: &ProbeArgs) -> Result<()> {
    let reg = registry(&a.variant_file)?;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().split(b'\n') {
        let line = line?;
        let text = String::from_utf8_lossy(&line);
        let reply = match answer(&reg, text.trim_end_matches('\r')) {
            Ok(s) => format!("ok\t{s}"),
            Err(e) => format!("error\t{}", e.replace(['\t', '\n'], " ")),
        };
        writeln!(out, "{reply}")?;
        out.flush()?;
    }
    Ok(())
}

/// The reply to one request line (without the leading `ok`).
fn answer(reg: &Registry, line: &str) -> Result<String, String> {
    let mut fields = line.split('\t');
    let (Some(id), Some(fen)) = (fields.next(), fields.next()) else {
        return Err("expected VARIANT<TAB>FEN<TAB>MOVES".into());
    };
    let moves = fields.next().unwrap_or("");
    let with_san = match fields.next() {
        None | Some("") => false,
        Some("san") => true,
        Some(other) => return Err(format!("unknown request field `{other}` (only `san`)")),
    };
    let v = reg.get(id).map_err(|e| e.to_string())?;
    let mut pos = if fen == "startpos" {
        Position::start(&v)
    } else {
        Position::from_fen(&v, fen).map_err(|e| e.to_string())?
    };
    for text in moves.split_whitespace() {
        let m = parse_move(&pos, text).map_err(|e| format!("move {text}: {e}"))?;
        pos.make_unchecked(m);
    }
    let moves = pos.legal_moves();
    let mut legal: Vec<(String, Move)> = moves
        .iter()
        .map(|&m| (move_text(&pos, m, TextStyle::Uci), m))
        .collect();
    legal.sort_by(|a, b| a.0.cmp(&b.0));
    let result = pos
        .outcome()
        .map_or_else(|| "-".to_string(), |o| o.to_string());
    let texts: Vec<&str> = legal.iter().map(|(t, _)| t.as_str()).collect();
    let mut reply = format!("{}\t{}\t{result}", pos.to_fen(), texts.join(" "));
    if with_san {
        let sans: Vec<String> = legal
            .iter()
            .map(|&(_, m)| san_in(&pos, &moves, m))
            .collect();
        reply.push('\t');
        reply.push_str(&sans.join(" "));
    }
    Ok(reply)
}
