//! The goal keys of a Fairy-Stockfish ini section that need the section's
//! pieces: capture the flag (`flagPiece`, `flagRegion`, `flagMove`,
//! `flagPieceSafe`, `flagPieceCount`, `flagPieceBlockedWin` and the
//! per-colour forms) and extinction (`extinctionValue` with
//! `extinctionPieceTypes`, `extinctionPieceCount`,
//! `extinctionOpponentPieceCount`, `extinctionClaim`,
//! `extinctionPseudoRoyal`, `dupleCheck`). The keys that need
//! only their own value are rows of `ini_rules`.

use super::ini::{bool_of, Settings};
use super::load::Problem;
use crate::components::{extinction, flag};
use toml::{Table, Value};

/// The keys this module translates.
pub(super) const KEYS: &[&str] = &[
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "whiteFlag",
    "blackFlag",
    "flagMove",
    "flagPieceSafe",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "extinctionClaim",
    "extinctionPseudoRoyal",
    "dupleCheck",
];

/// Writes the goal rules `st` sets into `rules` (`letters`: the section's
/// piece letters, lowercase); returns the `flag` region to add to
/// `[regions]`, if any. A value that cannot be read is a problem.
pub(super) fn translate(
    st: &Settings,
    letters: &[char],
    rules: &mut Table,
    problems: &mut Vec<Problem>,
) -> Option<Table> {
    match extinction_table(st, letters) {
        Ok(Some(t)) => {
            rules.insert("extinction".into(), Value::Table(t));
        }
        Ok(None) => {}
        Err(p) => problems.push(p),
    }
    match flag_rule(st, letters) {
        Ok(Some((f, region))) => {
            rules.insert("flag".into(), Value::Table(f));
            Some(region)
        }
        Ok(None) => None,
        Err(p) => {
            problems.push(p);
            None
        }
    }
}

/// The `[rules] extinction` table, or `None` without a verdict (`none`) or
/// without piece types (nothing can die out).
fn extinction_table(st: &Settings, letters: &[char]) -> Result<Option<Table>, Problem> {
    let verdict = match st.get("extinctionValue") {
        None | Some("none") => return Ok(None),
        Some(s @ ("win" | "loss" | "draw")) => s,
        Some(s) => {
            return Err(st.problem(
                "extinctionValue",
                format!("`{s}`: use win, loss, draw or none"),
            ))
        }
    };
    let mut pieces = Vec::new();
    for c in st.get("extinctionPieceTypes").unwrap_or("").chars() {
        let c = c.to_ascii_lowercase();
        if c == '*' {
            pieces.push(Value::String(extinction::ALL_PIECES.into()));
        } else if letters.contains(&c) {
            pieces.push(Value::String(c.to_ascii_uppercase().to_string()));
        } else if !c.is_whitespace() && c != '-' {
            return Err(st.problem("extinctionPieceTypes", format!("no piece `{c}`")));
        }
    }
    if pieces.is_empty() {
        return Ok(None);
    }
    let mut t = Table::new();
    t.insert("verdict".into(), Value::String(verdict.into()));
    t.insert("pieces".into(), Value::Array(pieces));
    for (key, name) in [
        ("extinctionPieceCount", "count"),
        ("extinctionOpponentPieceCount", "opponent_count"),
    ] {
        if let Some(s) = st.get(key) {
            let n: i64 = s
                .parse()
                .ok()
                .filter(|n| *n >= 0)
                .ok_or_else(|| st.problem(key, format!("`{s}` is not a count")))?;
            t.insert(name.into(), Value::Integer(n));
        }
    }
    if let Some(s) = st.get("extinctionClaim") {
        let b = bool_of(s)
            .ok_or_else(|| st.problem("extinctionClaim", format!("`{s}`: use true or false")))?;
        t.insert("claim".into(), Value::Boolean(b));
    }
    if let Some(s) = st.get("extinctionPseudoRoyal") {
        let b = bool_of(s).ok_or_else(|| {
            st.problem("extinctionPseudoRoyal", format!("`{s}`: use true or false"))
        })?;
        t.insert("pseudo_royal".into(), Value::Boolean(b));
    }
    if let Some(s) = st.get("dupleCheck") {
        let b = bool_of(s)
            .ok_or_else(|| st.problem("dupleCheck", format!("`{s}`: use true or false")))?;
        t.insert("duple".into(), Value::Boolean(b));
    }
    Ok(Some(t))
}

/// The `[rules] flag` table and the `flag` region (each colour's cells as
/// given: Fairy-Stockfish does not mirror them), or `None` when no flag
/// region is given.
fn flag_rule(st: &Settings, letters: &[char]) -> Result<Option<(Table, Table)>, Problem> {
    let get = |k: &str| st.get(k);
    let both = get("flagRegion");
    let white = get("flagRegionWhite").or(get("whiteFlag")).or(both);
    let black = get("flagRegionBlack").or(get("blackFlag")).or(both);
    if white.is_none() && black.is_none() {
        return Ok(None);
    }
    let piece = |key: &str, default: &str| -> Result<String, Problem> {
        let Some(s) = get(key) else {
            return Ok(default.to_string());
        };
        let c = s.chars().next().map(|c| c.to_ascii_lowercase());
        match c {
            Some('*') if s.len() == 1 => Ok(flag::ANY_PIECE.into()),
            Some(c) if s.len() == 1 && letters.contains(&c) => {
                Ok(c.to_ascii_uppercase().to_string())
            }
            _ => Err(st.problem(key, format!("`{s}`: no such piece"))),
        }
    };
    let both_piece = piece("flagPiece", flag::ANY_PIECE)?;
    let white_piece = piece("flagPieceWhite", &both_piece)?;
    let black_piece = piece("flagPieceBlack", &both_piece)?;
    let mut region = Table::new();
    region.insert("white".into(), Value::String(white.unwrap_or("").into()));
    region.insert("black".into(), Value::String(black.unwrap_or("").into()));
    region.insert("kind".into(), Value::String("zone".into()));
    let mut f = Table::new();
    f.insert("piece".into(), Value::String(white_piece));
    f.insert("black_piece".into(), Value::String(black_piece));
    f.insert("region".into(), Value::String("flag".into()));
    if let Some(s) = get("flagMove") {
        let b = bool_of(s)
            .ok_or_else(|| st.problem("flagMove", format!("`{s}`: use true or false")))?;
        f.insert("extra_move".into(), Value::Boolean(b));
    }
    if let Some(s) = get("flagPieceSafe") {
        let b = bool_of(s)
            .ok_or_else(|| st.problem("flagPieceSafe", format!("`{s}`: use true or false")))?;
        f.insert("safe".into(), Value::Boolean(b));
    }
    if let Some(s) = get("flagPieceCount") {
        let n: i64 = s.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
            st.problem(
                "flagPieceCount",
                format!("`{s}` is not a count of 1 or more"),
            )
        })?;
        f.insert("count".into(), Value::Integer(n));
    }
    if let Some(s) = get("flagPieceBlockedWin") {
        let b = bool_of(s).ok_or_else(|| {
            st.problem("flagPieceBlockedWin", format!("`{s}`: use true or false"))
        })?;
        f.insert("blocked_win".into(), Value::Boolean(b));
    }
    Ok(Some((f, region)))
}

#[cfg(test)]
mod tests {
    use crate::Registry;

    #[test]
    fn flag_piece_count_and_blocked_win_load() {
        let text = "[kono]\nmaxRank = 5\nmaxFile = e\ncustomPiece1 = p:mF\nstartFen = ppppp/p3p/5/P3P/PPPPP w - - 0 1\nflagPiece = p\nflagRegionWhite = a5 b5 c5 d5 e5 a4 e4\nflagRegionBlack = a1 b1 c1 d1 e1 a2 e2\nflagPieceCount = 7\nflagPieceBlockedWin = true\n";
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("registered");
        let f = v.rules.flag.as_ref().expect("flag rule");
        assert_eq!((f.count, f.blocked_win), (7, true));
        for bad in [
            "flagPieceCount = 0",
            "flagPieceCount = many",
            "flagPieceBlockedWin = maybe",
        ] {
            let text = format!("[v]\nflagRegion = *8\n{bad}\n");
            let c = super::super::ini::convert_sections("x.ini", &text);
            let key = bad.split(' ').next().unwrap_or_default();
            assert_eq!(c.problems.len(), 1, "{bad}");
            assert_eq!(c.problems[0].key, format!("[v] {key}"));
        }
    }

    #[test]
    fn flag_piece_safe_with_flag_move_loads() {
        let text = "[al:chess]\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\nflagMove = true\n";
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("registered");
        assert!(v
            .rules
            .flag
            .as_ref()
            .is_some_and(|f| f.safe && f.extra_move));
    }
}
