//! PGN export and import with the `[Variant]` and `[FEN]` tags.

use crate::error::{ApiError, ApiResult};
use crate::game::{Game, Player};
use std::fmt::Write as _;

/// `YYYY.MM.DD` of a Unix time (UTC).
fn date(unix: i64) -> String {
    // Days to civil date (Howard Hinnant's algorithm).
    let z = unix.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!("{y:04}.{m:02}.{d:02}")
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Human => "Human",
        Player::Engine => "Menagerie engine",
    }
}

/// Writes a game as PGN: the seven standard tags, `Variant`, `SetUp`/`FEN`, and the
/// moves in the variant's own text, wrapped at 80 columns.
#[must_use]
pub fn export(g: &Game) -> String {
    let st = g.status();
    let result = st.result.unwrap_or("*");
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    };
    tag("Event", "Menagerie game");
    tag("Site", "Menagerie");
    tag("Date", &date(g.created));
    tag("Round", "-");
    tag("White", player_name(g.players[0]));
    tag("Black", player_name(g.players[1]));
    tag("Result", result);
    tag("Variant", &g.variant.id);
    tag("SetUp", "1");
    tag("FEN", &g.start_fen);
    if let Some(r) = st.reason {
        tag("Termination", r);
    }
    out.push('\n');
    let start = g
        .position_at(0)
        .map(|p| (p.fullmove(), p.side()))
        .unwrap_or((1, menagerie_rules::Color::White));
    let mut words = Vec::new();
    let (mut number, mut side) = start;
    for (i, p) in g.moves.iter().enumerate() {
        if side == menagerie_rules::Color::White {
            words.push(format!("{number}. {}", p.text));
        } else if i == 0 {
            words.push(format!("{number}... {}", p.text));
        } else {
            words.push(p.text.clone());
        }
        if side == menagerie_rules::Color::Black {
            number += 1;
        }
        side = side.flip();
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A PGN read into tags and move texts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ParsedPgn {
    /// Tags in order.
    pub tags: Vec<(String, String)>,
    /// Move texts (numbers, results, comments, variations and NAGs removed).
    pub moves: Vec<String>,
}

impl ParsedPgn {
    /// A tag's value (case-insensitive name).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError::bad("bad_pgn", msg)
}

fn parse_tag(line: &str, lineno: usize) -> ApiResult<(String, String)> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.trim_end().strip_suffix(']'))
        .ok_or_else(|| {
            bad(format!(
                "line {lineno}: a tag must look like [Name \"value\"]"
            ))
        })?;
    let (name, rest) = inner
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(|| bad(format!("line {lineno}: tag without a value")))?;
    let rest = rest.trim();
    let body = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| {
            bad(format!(
                "line {lineno}: the value of tag {name} must be in double quotes"
            ))
        })?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                value.push(n);
            }
        } else {
            value.push(c);
        }
    }
    Ok((name.to_string(), value))
}

/// Reads one game of PGN text.
///
/// # Errors
/// `bad_pgn` for malformed tags, unclosed comments or variations, or an empty text.
pub fn parse(text: &str) -> ApiResult<ParsedPgn> {
    if text.trim().is_empty() {
        return Err(bad("the PGN is empty"));
    }
    let mut out = ParsedPgn::default();
    let mut movetext = String::new();
    let mut in_moves = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('%') {
            continue; // escape line
        }
        if !in_moves && t.starts_with('[') {
            out.tags.push(parse_tag(t, i + 1)?);
            continue;
        }
        if !t.is_empty() {
            in_moves = true;
        }
        movetext.push_str(line);
        movetext.push('\n');
    }
    // Remove comments and variations.
    let mut clean = String::new();
    let mut depth = 0usize;
    let mut chars = movetext.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if depth == 0 => {
                let mut closed = false;
                for d in chars.by_ref() {
                    if d == '}' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return Err(bad("a comment `{` is never closed"));
                }
                clean.push(' ');
            }
            ';' if depth == 0 => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
                clean.push(' ');
            }
            '(' => depth += 1,
            ')' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| bad("a `)` closes no variation"))?;
                clean.push(' ');
            }
            _ if depth > 0 => {}
            _ => clean.push(c),
        }
    }
    if depth > 0 {
        return Err(bad("a variation `(` is never closed"));
    }
    for tok in clean.split_whitespace() {
        if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") || tok.starts_with('$') {
            continue;
        }
        // Move numbers: `12.`, `12...`, or glued to the move (`12.e2-e4`).
        let rest = tok.trim_start_matches(|c: char| c.is_ascii_digit());
        let rest = if rest.len() < tok.len() && rest.starts_with('.') {
            rest.trim_start_matches('.')
        } else {
            tok
        };
        if rest.is_empty() {
            continue;
        }
        out.moves.push(rest.to_string());
    }
    Ok(out)
}

/// Plays the moves of a PGN on a game that starts at its `[FEN]` (or the variant's
/// start). Annotation marks (`!`, `?`, a check `+`/`#`) are tolerated when the move
/// does not read with them.
///
/// # Errors
/// `bad_pgn` naming the first move that is not legal.
pub fn replay(g: &mut Game, moves: &[String]) -> ApiResult<()> {
    for (i, text) in moves.iter().enumerate() {
        if g.status().over {
            return Err(bad(format!(
                "move {} (`{text}`) comes after the end of the game",
                i + 1
            )));
        }
        let first = menagerie_rules::parse_move(&g.pos, text);
        let m = match first {
            Ok(m) => m,
            Err(e) => {
                let stripped = text.trim_end_matches(['!', '?', '#', '+']);
                let bare = text.trim_end_matches(['!', '?']);
                [bare, stripped]
                    .iter()
                    .filter(|t| !t.is_empty() && *t != text)
                    .find_map(|t| menagerie_rules::parse_move(&g.pos, t).ok())
                    .ok_or_else(|| bad(format!("ply {} (`{text}`): {e}", i + 1)))?
            }
        };
        g.play(m)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date(0), "1970.01.01");
        assert_eq!(date(1_764_000_000), "2025.11.24");
        assert_eq!(date(951_782_400), "2000.02.29");
    }

    #[test]
    fn reads_tags_comments_variations_and_numbers() {
        let p = parse(
            "[Event \"x \\\"y\\\"\"]\n[Variant \"chess\"]\n\n1. e2e4 {best} e7e5 (1... c5 2. Nf3) 2.g1f3 $1 ; rest\n2... b8c6 1-0\n",
        )
        .expect("parses");
        assert_eq!(p.tag("event"), Some("x \"y\""));
        assert_eq!(p.tag("Variant"), Some("chess"));
        assert_eq!(p.moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
    }

    #[test]
    fn rejects_broken_text() {
        assert!(parse("").is_err());
        assert!(parse("[Event x]\n1. e4").is_err());
        assert!(parse("1. e2e4 { open").is_err());
        assert!(parse("1. e2e4 ( e7e5").is_err());
        assert!(parse("1. e2e4 )").is_err());
    }
}
