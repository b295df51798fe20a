//! PGN export and import with the `[Variant]` and `[FEN]` tags, moves in SAN.
//!
//! Imported games keep their tags, so a game from lichess or pychess-variants is
//! written back with the tags it came with (the result brought up to date); games
//! started here get the Seven Tag Roster, `Variant`, `SetUp` and `FEN`.

use crate::error::{ApiError, ApiResult};
use crate::game::{Ended, Game, Player};
use std::fmt::Write as _;

/// The variant of a PGN without a `[Variant]` tag (the PGN standard's game).
pub const DEFAULT_VARIANT: &str = "chess";

/// `[Variant]` values of other programs that name [`DEFAULT_VARIANT`] (lichess writes
/// `Standard`, and `From Position` for a set-up position).
const DEFAULT_VARIANT_NAMES: &[&str] = &["standard", "from position", "chess"];

/// The variant id a `[Variant]` tag names: an id as it is, otherwise the lowercase
/// name with spaces as dashes (pychess-variants' `Capablanca`, `Shogi`), and the
/// standard game's names.
#[must_use]
pub fn variant_id(tag: Option<&str>) -> String {
    let Some(t) = tag.map(str::trim).filter(|t| !t.is_empty()) else {
        return DEFAULT_VARIANT.into();
    };
    let lower = t.to_ascii_lowercase();
    if DEFAULT_VARIANT_NAMES.contains(&lower.as_str()) {
        DEFAULT_VARIANT.into()
    } else {
        lower.split_whitespace().collect::<Vec<_>>().join("-")
    }
}

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

/// The tags of an imported game, as imported, with `Result` brought up to date and
/// `Variant` / `SetUp` / `FEN` added when the game needs them and they are missing.
fn imported_tags(g: &Game, result: &str) -> Vec<(String, String)> {
    let has = |name: &str| g.tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(name));
    let mut tags: Vec<(String, String)> = g
        .tags
        .iter()
        .map(|(k, v)| {
            let v = if k.eq_ignore_ascii_case("Result") {
                result
            } else {
                v
            };
            (k.clone(), v.to_string())
        })
        .collect();
    if !has("Result") {
        tags.push(("Result".into(), result.into()));
    }
    if !has("Variant") && g.variant.id != DEFAULT_VARIANT {
        tags.push(("Variant".into(), g.variant.id.clone()));
    }
    if !has("FEN") && g.start_fen != menagerie_rules::Position::start(&g.variant).to_fen() {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), g.start_fen.clone()));
    }
    tags
}

/// Writes a game as PGN: the tags (see the module docs), then the moves in SAN,
/// wrapped at 80 columns.
#[must_use]
pub fn export(g: &Game) -> String {
    let st = g.status();
    let result = st.result.unwrap_or("*");
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    };
    if !g.tags.is_empty() {
        for (k, v) in imported_tags(g, result) {
            tag(&k, &v);
        }
        return moves_text(g, result, out);
    }
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
    if let Some(c) = &g.clock {
        tag("TimeControl", &c.control.pgn());
    }
    if let Some(r) = st.reason {
        tag("Termination", r);
    }
    moves_text(g, result, out)
}

/// Appends the movetext (numbered SAN, then the result) to the tags in `out`.
fn moves_text(g: &Game, result: &str, mut out: String) -> String {
    out.push('\n');
    let start = g
        .position_at(0)
        .map(|p| (p.fullmove(), p.side()))
        .unwrap_or((1, menagerie_rules::Color::White));
    let mut words = Vec::new();
    let (mut number, mut side) = start;
    for (i, p) in g.moves.iter().enumerate() {
        if side == menagerie_rules::Color::White {
            words.push(format!("{number}. {}", p.san));
        } else if i == 0 {
            words.push(format!("{number}... {}", p.san));
        } else {
            words.push(p.san.clone());
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
    /// The result written after the moves (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// What was left out (variations, further games), for the person importing.
    pub notes: Vec<String>,
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
    let mut in_comment = false;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('%') {
            continue; // escape line
        }
        if in_moves && !in_comment && t.starts_with('[') {
            out.notes
                .push("only the first game of the text was read".into());
            break;
        }
        // A `[` inside a comment (`{ [%clk 0:03:00] }`) is no tag.
        for c in line.chars() {
            match c {
                '{' => in_comment = true,
                '}' => in_comment = false,
                _ => {}
            }
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
    let mut variations = 0usize;
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
            '(' => {
                if depth == 0 {
                    variations += 1;
                }
                depth += 1;
            }
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
    if variations > 0 {
        out.notes.push(format!(
            "{variations} variation{} skipped: only the main line was imported",
            if variations == 1 { "" } else { "s" }
        ));
    }
    for tok in clean.split_whitespace() {
        if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*") {
            out.result = Some(tok.to_string());
            continue;
        }
        if tok.starts_with('$') {
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
/// `bad_pgn` naming the first move that is not legal by its number as the PGN writes
/// it, its text and its ply (`move 12... \`Nf6\` (ply 24): ...`).
pub fn replay(g: &mut Game, moves: &[String]) -> ApiResult<()> {
    for (i, text) in moves.iter().enumerate() {
        let dots = if g.pos.side() == menagerie_rules::Color::White {
            "."
        } else {
            "..."
        };
        let at = format!("move {}{dots} `{text}` (ply {})", g.pos.fullmove(), i + 1);
        if g.status().over {
            return Err(bad(format!("{at} comes after the end of the game")));
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
                    .ok_or_else(|| bad(format!("{at}: {e}")))?
            }
        };
        g.play(m)?;
    }
    Ok(())
}

/// Builds a game from a parsed PGN: keeps its tags, plays its moves, and where the
/// rules do not end the game but the PGN gives a decisive result or a draw, ends it
/// the way a game without a rule verdict ends (the loser resigned, or a draw was agreed).
///
/// # Errors
/// `bad_pgn` naming the first move that is not legal.
pub fn apply(g: &mut Game, parsed: &ParsedPgn) -> ApiResult<()> {
    replay(g, &parsed.moves)?;
    g.tags.clone_from(&parsed.tags);
    if !g.status().over {
        g.ended = match parsed.result.as_deref().or_else(|| parsed.tag("Result")) {
            Some("1-0") => Some(Ended::Resigned(menagerie_rules::Color::Black)),
            Some("0-1") => Some(Ended::Resigned(menagerie_rules::Color::White)),
            Some("1/2-1/2") => Some(Ended::Agreed),
            _ => None,
        };
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

    /// The game a parsed PGN sets up (its variant and start), before its moves.
    fn start_of(parsed: &ParsedPgn) -> Game {
        let reg = menagerie_rules::Registry::builtin();
        let v = reg
            .get(&variant_id(parsed.tag("Variant")))
            .expect("variant");
        Game::new(
            "t".into(),
            v,
            parsed.tag("FEN"),
            [Player::Human; 2],
            crate::game::EngineSettings::default(),
            0,
        )
        .expect("game")
    }

    fn import(text: &str) -> Game {
        let parsed = parse(text).expect("parses");
        let mut g = start_of(&parsed);
        apply(&mut g, &parsed).expect("moves");
        g
    }

    fn words(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    /// A game in lichess's export format (Anderssen-Kieseritzky, London 1851) reads
    /// and is written back with the same tags and the same SAN moves; only the
    /// lines of the movetext are wrapped at 80 columns.
    #[test]
    fn lichess_game_round_trip() {
        let text = include_str!("../tests/data/immortal-lichess.pgn");
        let g = import(text);
        assert_eq!(g.moves.len(), 45);
        assert_eq!(g.status().reason, Some("checkmate"));
        let out = export(&g);
        assert_eq!(words(&out), words(text));
        assert!(out.lines().all(|l| l.len() <= 80), "{out}");
        // Exported again after a reload of its own export: still the same.
        assert_eq!(export(&import(&out)), out);
    }

    /// A real online game as lichess exports it (LDMb6LzZ, bullet, lost on time, with
    /// its clock comments): read, and written back with the same tags, the same moves
    /// and the same result; only the comments are not kept (Menagerie keeps no move
    /// comments), so the export is the lichess text without them. Without the
    /// comments the round trip is exact.
    #[test]
    fn real_lichess_game_with_clock_comments_round_trip() {
        let text = include_str!("../tests/data/lichess-LDMb6LzZ.pgn");
        let g = import(text);
        assert_eq!(g.moves.len(), 43);
        assert_eq!(g.moves[42].san, "Rd8+");
        assert_eq!(g.status().result, Some("1-0"));
        let out = export(&g);
        // The lichess text without its comments, and without the move numbers `N...`
        // that only a comment made necessary.
        let mut expected = Vec::new();
        let mut in_comment = false;
        for w in words(text) {
            if w.starts_with('{') {
                in_comment = true;
            }
            let comment_word = in_comment;
            if w.ends_with('}') {
                in_comment = false;
            }
            let black_number = w.ends_with("...") && w[..w.len() - 3].parse::<u32>().is_ok();
            if !comment_word && !black_number {
                expected.push(w);
            }
        }
        assert_eq!(words(&out), expected);
        assert!(out.contains("[Termination \"Time forfeit\"]"));
        assert_eq!(export(&import(&out)), out);
    }

    /// SAN with comments, clock comments, NAGs, annotation marks and variations;
    /// a decisive result the rules did not reach ends the game as a resignation.
    #[test]
    fn san_with_annotations_and_variations() {
        let text = "[Event \"x\"]\n[Result \"0-1\"]\n\n1. e4 { [%clk 0:03:00] } 1... e5 $1 2. Nf3!? (2. Bc4 Nf6 (2... Bc5)) 2... Nc6 \
                    3. Bb5 a6 {A comment\n[over] two lines} 4. Ba4 0-1\n\n[Event \"second\"]\n\n1. d4 *\n";
        let p = parse(text).expect("parses");
        assert_eq!(p.moves, ["e4", "e5", "Nf3!?", "Nc6", "Bb5", "a6", "Ba4"]);
        assert_eq!(
            p.notes,
            [
                "only the first game of the text was read",
                "1 variation skipped: only the main line was imported"
            ]
        );
        let g = import(text);
        assert_eq!(g.moves.len(), 7);
        assert_eq!(g.moves[6].san, "Ba4");
        assert_eq!(g.status().result, Some("0-1"));
        assert_eq!(g.status().reason, Some("resignation"));
    }

    /// Games in the form pychess-variants exports (its tags, `[Variant "Crazyhouse"]`,
    /// `[FEN]`, Fairy-Stockfish's SAN with drops and gates), annotated with comments,
    /// NAGs and a variation: variant, text, plies, result, and Fairy-Stockfish's FEN
    /// after the moves (pyffish `get_fen`; tests/data/pgn/make-fixtures.py wrote both).
    const PYCHESS_GAMES: &[(&str, &str, usize, &str, &str)] = &[
        (
            "chess960",
            include_str!("../../../tests/data/pgn/pychess-chess960.pgn"),
            60,
            "1-0",
            "8/8/3k4/1P1n1p2/5P2/1p6/1B3KP1/6R1 w - - 4 31",
        ),
        (
            "crazyhouse",
            include_str!("../../../tests/data/pgn/pychess-crazyhouse.pgn"),
            70,
            "*",
            "4k2r/1P2pp1p/3p3q/7n/3P4/1P3p1N/5P1R/4KB2[RBBNNPPPPPqrbpp] w k - 0 36",
        ),
        (
            "shogi",
            include_str!("../../../tests/data/pgn/pychess-shogi.pgn"),
            70,
            "*",
            "1nkp5/2s6/1p3G2l/2p1+B2pp/l2S5/4P1PP1/1P3PNSP/1G1SG4/2B2KRNL[GPPPPPPPRnl] w - - 0 36",
        ),
        (
            "xiangqi",
            include_str!("../../../tests/data/pgn/pychess-xiangqi.pgn"),
            70,
            "1-0",
            "r2k5/9/2n2a2r/2p6/p3p1p2/9/2P5c/B8/9/3NK4 w - - 14 36",
        ),
        (
            "janggi",
            include_str!("../../../tests/data/pgn/pychess-janggi.pgn"),
            70,
            "1-0",
            "2ba3C1/3k5/5a3/9/1n1P5/8p/4B4/1C1AA3b/4K4/2B6 w - - 0 36",
        ),
        (
            "seirawan",
            include_str!("../../../tests/data/pgn/pychess-seirawan.pgn"),
            60,
            "1-0",
            "7k/8/8/1qP5/r2P4/3P4/P4K1P/8[] w - - 1 31",
        ),
        (
            "makruk",
            include_str!("../../../tests/data/pgn/pychess-makruk.pgn"),
            80,
            "*",
            "8/4k3/6p1/6p1/P7/6R1/5K2/4M1N1 w - - 1 41",
        ),
    ];

    /// The FEN with each side's pieces in hand in letter order: the order of a hand
    /// means nothing (Fairy-Stockfish writes its internal piece order, Menagerie
    /// letter order), as tests/fsf/differential.py compares them.
    fn hands_sorted(fen: &str) -> String {
        let Some((board, rest)) = fen.split_once('[') else {
            return fen.to_string();
        };
        let (hand, tail) = rest.split_once(']').unwrap_or((rest, ""));
        let mut white: Vec<char> = hand.chars().filter(char::is_ascii_uppercase).collect();
        let mut black: Vec<char> = hand.chars().filter(char::is_ascii_lowercase).collect();
        white.sort_unstable();
        black.sort_unstable();
        let hand: String = white.into_iter().chain(black).collect();
        format!("{board}[{hand}]{tail}")
    }

    /// Each pychess-variants game imports, reaches Fairy-Stockfish's final position,
    /// and is written back with its tags and the same SAN moves.
    #[test]
    fn pychess_variants_games_round_trip() {
        for &(variant, text, plies, result, fen) in PYCHESS_GAMES {
            let parsed = parse(text).expect("parses");
            assert_eq!(
                parsed.notes,
                ["1 variation skipped: only the main line was imported"],
                "{variant}"
            );
            let g = import(text);
            assert_eq!(g.moves.len(), plies, "{variant}");
            assert_eq!(
                hands_sorted(&g.pos.to_fen()),
                hands_sorted(fen),
                "{variant}: the final position"
            );
            assert_eq!(g.status().result.unwrap_or("*"), result, "{variant}");
            let out = export(&g);
            let again = parse(&out).expect("own export parses");
            assert_eq!(again.tags, parsed.tags, "{variant}: the same tags");
            // The same SAN, less the annotation glyphs written on two moves.
            let bare: Vec<&str> = parsed
                .moves
                .iter()
                .map(|m| m.trim_end_matches(['!', '?']))
                .collect();
            assert_eq!(again.moves, bare, "{variant}: the same moves");
            assert_eq!(again.result.as_deref(), Some(result), "{variant}");
        }
    }

    /// A move that does not read is named by its number, its text and its ply.
    #[test]
    fn a_bad_move_is_named_by_number_and_text() {
        let (_, text, ..) = PYCHESS_GAMES[1];
        let broken = text.replace("Rxc3 13. dxc3", "Rxc4 13. dxc3");
        let parsed = parse(&broken).expect("parses");
        let mut g = start_of(&parsed);
        let e = apply(&mut g, &parsed).expect_err("Rxc4 is not legal");
        assert!(e.to_string().contains("move 12... `Rxc4` (ply 24)"), "{e}");
    }

    #[test]
    fn variant_tags_of_other_programs() {
        assert_eq!(variant_id(None), "chess");
        assert_eq!(variant_id(Some("Standard")), "chess");
        assert_eq!(variant_id(Some("From Position")), "chess");
        assert_eq!(variant_id(Some("Capablanca")), "capablanca");
        assert_eq!(variant_id(Some("missing-ox")), "missing-ox");
        assert_eq!(variant_id(Some("Gnuqi Mitregi")), "gnuqi-mitregi");
    }

    /// Games started here: the standard tags and SAN moves.
    #[test]
    fn export_in_san() {
        let g = import("[Variant \"shogi\"]\n\n1. e3e4 e7e6 *");
        let out = export(&g);
        assert!(out.contains("[Variant \"shogi\"]"), "{out}");
        // Fairy-Stockfish's SAN writes Shogi's Pawn with its letter.
        assert!(out.contains("1. Pe4 Pe6 *"), "{out}");
        let mut fresh = Game::new(
            "n".into(),
            g.variant.clone(),
            None,
            [Player::Human; 2],
            crate::game::EngineSettings::default(),
            0,
        )
        .expect("game");
        fresh.play_text("c3c4").expect("legal");
        assert!(export(&fresh).contains("\n1. Pc4 *"), "{}", export(&fresh));
    }
}
