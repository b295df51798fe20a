//! The explosion keys of a Fairy-Stockfish ini section (atomic chess and its
//! cousins): `blastOnCapture`, `blastImmuneTypes` and `mutuallyImmuneTypes`,
//! written as `[rules] blast` and `[rules] mutually_immune`
//! (`components::atomic`, `components::mutual_immunity`). They need the
//! section's piece letters, and Fairy-Stockfish spares its Pawn type next to
//! an explosion, so the section's Pawn letter too.

use super::ini::{bool_of, Settings};
use super::load::Problem;
use toml::{Table, Value};

/// The keys this module translates.
pub(super) const KEYS: &[&str] = &["blastOnCapture", "blastImmuneTypes", "mutuallyImmuneTypes"];

/// Writes the explosion rules `st` sets into `rules` (`letters`: the
/// section's piece letters, lowercase; `pawn`: its Pawn letter). A value
/// that cannot be read is a problem.
pub(super) fn translate(
    st: &Settings,
    letters: &[char],
    pawn: Option<char>,
    rules: &mut Table,
    problems: &mut Vec<Problem>,
) {
    let keys = |key: &str, problems: &mut Vec<Problem>| -> Vec<Value> {
        let mut out = Vec::new();
        for c in st.get(key).unwrap_or("").chars() {
            let c = c.to_ascii_lowercase();
            if letters.contains(&c) {
                out.push(Value::String(c.to_ascii_uppercase().to_string()));
            } else if !c.is_whitespace() && c != '-' {
                problems.push(st.problem(key, format!("no piece `{c}`")));
            }
        }
        out
    };
    let immune = keys("blastImmuneTypes", problems);
    let mutual = keys("mutuallyImmuneTypes", problems);
    if !mutual.is_empty() {
        rules.insert("mutually_immune".into(), Value::Array(mutual));
    }
    let Some(s) = st.get("blastOnCapture") else {
        return;
    };
    match bool_of(s) {
        Some(true) => {
            let mut blast = Table::new();
            blast.insert("immune".into(), Value::Array(immune));
            let spared = pawn.map(|p| Value::String(p.to_ascii_uppercase().to_string()));
            blast.insert("spared".into(), Value::Array(spared.into_iter().collect()));
            rules.insert("blast".into(), Value::Table(blast));
        }
        Some(false) => {}
        None => problems.push(st.problem("blastOnCapture", format!("`{s}`: use true or false"))),
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::ini::convert_sections;
    use crate::Registry;

    #[test]
    fn atomic_sections_explode_and_atomar_kings_are_immune() {
        let text = "[atom]\nblastOnCapture = true\n[atomar]\nking = -\ncommoner = k\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\nblastOnCapture = true\nblastImmuneTypes = k\nmutuallyImmuneTypes = k\nextinctionValue = loss\nextinctionPieceTypes = k\n";
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("atom");
        let b = v.rules.blast.as_ref().expect("blast");
        let pawn = v.pieces.iter().position(|p| p.key == "P").expect("pawn");
        assert_eq!((b.spared, b.immune), (1 << pawn, 0));
        let v = reg.get(&ids[1]).expect("atomar");
        let k = v.pieces.iter().position(|p| p.key == "K").expect("king");
        assert_eq!(v.rules.blast.as_ref().expect("blast").immune, 1 << k);
        assert_eq!(v.rules.mutually_immune, 1 << k);
        // A piece the section does not have, and a bad switch.
        let p = convert_sections("x.ini", "[v]\nblastImmuneTypes = z\n").problems;
        assert_eq!(p[0].key, "[v] blastImmuneTypes");
        let p = convert_sections("x.ini", "[v]\nblastOnCapture = boom\n").problems;
        assert_eq!(p[0].key, "[v] blastOnCapture");
    }
}
