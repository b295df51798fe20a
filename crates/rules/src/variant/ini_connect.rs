//! The connection keys of a Fairy-Stockfish ini section (tic-tac-toe,
//! Connect Four, Teeko, Gale, Three Musketeers): `connectN`, `collinearN`,
//! `connectNxN`,
//! `connectRegion{1,2}{White,Black}`, `connectPieceTypes`,
//! `connectHorizontal`/`Vertical`/`Diagonal` and `connectValue`, written as
//! `[rules] connect` (`components::connect`) with its two regions.
//!
//! As in Fairy-Stockfish, the direction and verdict keys alone do nothing:
//! the rule exists only with a line, a block or a first region. Region
//! cells are taken per colour as given (Fairy-Stockfish does not mirror
//! them).

use super::ini::{bool_of, Settings};
use super::load::Problem;
use crate::components::connect;
use toml::{Table, Value};

/// The keys this module translates.
pub(super) const KEYS: &[&str] = &[
    "connectN",
    "collinearN",
    "connectNxN",
    "connectPieceTypes",
    "connectHorizontal",
    "connectVertical",
    "connectDiagonal",
    "connectValue",
    "connectRegion1White",
    "connectRegion1Black",
    "connectRegion2White",
    "connectRegion2Black",
];

/// Names of the regions written for `connectRegion1*` and `connectRegion2*`.
const FROM_REGION: &str = "connect-from";
const TO_REGION: &str = "connect-to";

/// Writes the connection rule `st` sets into `rules` (`letters`: the
/// section's piece letters, lowercase); returns the regions to add to
/// `[regions]`. A value that cannot be read is a problem.
pub(super) fn translate(
    st: &Settings,
    letters: &[char],
    rules: &mut Table,
    problems: &mut Vec<Problem>,
) -> Vec<(String, Table)> {
    match connect_rule(st, letters) {
        Ok(Some((t, regions))) => {
            rules.insert("connect".into(), Value::Table(t));
            regions
        }
        Ok(None) => Vec::new(),
        Err(p) => {
            problems.push(p);
            Vec::new()
        }
    }
}

/// A count key: `None` when absent or 0.
fn count(st: &Settings, key: &str) -> Result<Option<i64>, Problem> {
    let Some(s) = st.get(key) else {
        return Ok(None);
    };
    match s.parse::<i64>() {
        Ok(0) => Ok(None),
        Ok(n) if n > 0 => Ok(Some(n)),
        _ => Err(st.problem(key, format!("`{s}` is not a count"))),
    }
}

type Rule = (Table, Vec<(String, Table)>);

fn connect_rule(st: &Settings, letters: &[char]) -> Result<Option<Rule>, Problem> {
    let line = count(st, "connectN")?;
    let square = count(st, "connectNxN")?;
    let collinear = count(st, "collinearN")?;
    let region = |k: &str| st.get(k).unwrap_or("").to_string();
    let (from_w, from_b) = (region("connectRegion1White"), region("connectRegion1Black"));
    let has_regions = !from_w.is_empty() || !from_b.is_empty();
    if line.is_none() && square.is_none() && collinear.is_none() && !has_regions {
        return Ok(None);
    }
    let mut t = Table::new();
    if let Some(n) = line {
        t.insert("line".into(), Value::Integer(n));
    }
    if let Some(n) = square {
        t.insert("square".into(), Value::Integer(n));
    }
    if let Some(n) = collinear {
        t.insert("collinear".into(), Value::Integer(n));
    }
    let mut regions = Vec::new();
    if has_regions {
        let to = (region("connectRegion2White"), region("connectRegion2Black"));
        for (name, (w, b)) in [(FROM_REGION, (from_w, from_b)), (TO_REGION, to)] {
            let mut r = Table::new();
            r.insert("white".into(), Value::String(w));
            r.insert("black".into(), Value::String(b));
            r.insert("kind".into(), Value::String("zone".into()));
            regions.push((name.to_string(), r));
        }
        t.insert("from".into(), Value::String(FROM_REGION.into()));
        t.insert("to".into(), Value::String(TO_REGION.into()));
    }
    if let Some(s) = st.get("connectPieceTypes") {
        let mut pieces = Vec::new();
        for c in s.chars().map(|c| c.to_ascii_lowercase()) {
            if c == '*' {
                pieces.push(Value::String(connect::ANY_PIECE.into()));
            } else if letters.contains(&c) {
                pieces.push(Value::String(c.to_ascii_uppercase().to_string()));
            } else if !c.is_whitespace() && c != '-' {
                return Err(st.problem("connectPieceTypes", format!("no piece `{c}`")));
            }
        }
        t.insert("pieces".into(), Value::Array(pieces));
    }
    for (key, field) in [
        ("connectHorizontal", "horizontal"),
        ("connectVertical", "vertical"),
        ("connectDiagonal", "diagonal"),
    ] {
        if let Some(s) = st.get(key) {
            let b =
                bool_of(s).ok_or_else(|| st.problem(key, format!("`{s}`: use true or false")))?;
            t.insert(field.into(), Value::Boolean(b));
        }
    }
    match st.get("connectValue") {
        None => {}
        Some(s @ ("win" | "loss" | "draw")) => {
            t.insert("verdict".into(), Value::String(s.into()));
        }
        Some(s) => {
            return Err(st.problem("connectValue", format!("`{s}`: use win, loss or draw")));
        }
    }
    Ok(Some((t, regions)))
}

#[cfg(test)]
mod tests {
    use crate::variant::ini::convert;

    #[test]
    fn connect_keys_become_the_connect_rule() {
        let text = "[c]\nconnectN = 4\nconnectDiagonal = false\nconnectValue = loss\nconnectPieceTypes = q\n";
        let toml = &convert("x.ini", text).expect("converts")[0].1;
        assert!(toml.contains("line = 4"), "{toml}");
        assert!(toml.contains("diagonal = false"), "{toml}");
        assert!(toml.contains("verdict = \"loss\""), "{toml}");
        assert!(toml.contains("pieces = [\"Q\"]"), "{toml}");
        // The direction keys alone make no rule.
        let toml = &convert("x.ini", "[c]\nconnectDiagonal = false\n").expect("converts")[0].1;
        assert!(!toml.contains("connect"), "{toml}");
        // Regions, per colour as given.
        let text = "[g]\nconnectRegion1White = a*\nconnectRegion2White = h*\nconnectRegion1Black = *1\nconnectRegion2Black = *8\n";
        let toml = &convert("x.ini", text).expect("converts")[0].1;
        assert!(toml.contains("from = \"connect-from\""), "{toml}");
        assert!(toml.contains("white = \"a*\""), "{toml}");
        // Bad values are named.
        for (bad, key) in [
            ("connectN = three", "[c] connectN"),
            ("connectValue = maybe", "[c] connectValue"),
            ("connectPieceTypes = z", "[c] connectPieceTypes"),
        ] {
            let e = convert("x.ini", &format!("[c]\nconnectN = 3\n{bad}\n")).unwrap_err();
            assert_eq!(e.problems[0].key, key);
        }
    }
}
