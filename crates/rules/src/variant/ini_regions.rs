//! The region keys of a Fairy-Stockfish ini section that confine where
//! pieces go: `mobilityRegion{White,Black}<Type>` (a piece type may only
//! move, capture and be dropped inside its region: palaces, camps) and
//! `dropRegion{White,Black}` (where any piece may be dropped).
//!
//! Menagerie has no per-type board: a confined piece becomes a piece whose
//! every move group carries a `to` condition (destination inside the
//! region), which the move tables bake in, so attacks and checks follow it
//! as in Fairy-Stockfish; its drops get a `drop_zone`. The drop region
//! becomes a `drop_zone` on every piece (the Pawn's also keeps its own
//! limits: not on the first rank nor in the promotion zone unless the
//! section allows it). The two meet on a piece that is both confined and
//! dropped: its zone is the cells of both, listed one by one (Menagerie's
//! region expressions have no intersection), which needs the region texts
//! in Fairy-Stockfish's plain form (cells, `*N` ranks, `a*` files).

use super::ini::{bool_of, file_number, Settings};
use super::ini_section::DEFAULT_LETTERS;
use super::load::Problem;
use std::collections::BTreeSet;
use toml::{Table, Value};

/// The fixed keys this module translates (besides [`is_mobility_key`]).
pub(super) const KEYS: &[&str] = &["dropRegionWhite", "dropRegionBlack"];

/// Start of the per-type mobility keys.
const MOBILITY: &str = "mobilityRegion";
/// The region the drop keys become.
const DROP_REGION: &str = "drop";
/// The region of the Pawn's drops when the drop keys are given.
const PAWN_DROP_REGION: &str = "pawn-drop";

/// True for `mobilityRegionWhite<Type>` and `mobilityRegionBlack<Type>`.
pub(super) fn is_mobility_key(key: &str) -> bool {
    mobility_parts(key).is_some()
}

/// (`0` White / `1` Black, piece-type key such as `customPiece3`) of a
/// mobility key.
fn mobility_parts(key: &str) -> Option<(usize, String)> {
    let rest = key.strip_prefix(MOBILITY)?;
    let (side, ty) = if let Some(t) = rest.strip_prefix("White") {
        (0, t)
    } else {
        (1, rest.strip_prefix("Black")?)
    };
    let mut chars = ty.chars();
    let first = chars.next()?.to_ascii_lowercase();
    Some((side, std::iter::once(first).chain(chars).collect()))
}

/// The FEN letter (lowercase) of the piece type a section's key `ty`
/// (`king`, `fers`, `customPiece2`) names: its own value, or the chess
/// template's letter.
fn type_letter(st: &Settings, ty: &str) -> Option<char> {
    match st.get(ty) {
        Some(v) => v
            .chars()
            .next()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_lowercase()),
        None => DEFAULT_LETTERS
            .iter()
            .find(|(n, _)| *n == ty)
            .map(|(_, c)| *c),
    }
}

/// Writes the region keys of `st` into the variant table `t` (its
/// `pieces`, `regions` and `rules` already written). `files` x `ranks` is
/// the board. A key naming no piece of the section, or a region text that
/// cannot be read where it must be, is a problem.
pub(super) fn apply(
    st: &Settings,
    (files, ranks): (usize, usize),
    t: &mut Table,
    problems: &mut Vec<Problem>,
) {
    let drops = st.get("pieceDrops").and_then(bool_of) == Some(true);
    let confined = mobility_regions(st, t, problems);
    let drop = drop_region(st);
    let mut new_regions = Table::new();
    let Some(Value::Table(pieces)) = t.get_mut("pieces") else {
        return;
    };
    // The template's Pawn: the only piece with a drop zone of its own.
    let pawn = pieces
        .iter()
        .find(|(_, p)| p.get("drop_zone").is_some())
        .map(|(k, _)| k.clone());
    for (letter, (white, black)) in &confined {
        let key = letter.to_ascii_uppercase().to_string();
        let Some(Value::Table(p)) = pieces.get_mut(&key) else {
            continue;
        };
        let name = format!("mobility-{letter}");
        if let Err(why) = confine(p, &name) {
            problems.push(st.problem(&mobility_key(st, *letter), why));
            continue;
        }
        new_regions.insert(name.clone(), per_side(white, black));
        if !drops {
            continue;
        }
        if p.contains_key("drop_zone") {
            problems.push(st.problem(
                &mobility_key(st, *letter),
                "a confined Pawn in a drop game is not supported yet".into(),
            ));
            continue;
        }
        let zone = match &drop {
            None => name,
            Some((dw, db)) => {
                let both = |a: &str, b: &str| meet(a, b, files, ranks);
                match (both(white, dw), both(black, db)) {
                    (Some(w), Some(b)) => {
                        let zone = format!("drop-{letter}");
                        new_regions.insert(zone.clone(), per_side(&w, &b));
                        zone
                    }
                    _ => {
                        problems.push(st.problem(
                            &mobility_key(st, *letter),
                            "this region and the drop region must list cells, `*N` ranks or `a*` files".into(),
                        ));
                        continue;
                    }
                }
            }
        };
        p.insert("drop_zone".into(), Value::String(zone));
    }
    if let (Some((white, black)), true) = (&drop, drops) {
        new_regions.insert(DROP_REGION.into(), per_side(white, black));
        for (key, p) in pieces.iter_mut() {
            let Value::Table(p) = p else { continue };
            if Some(key) == pawn.as_ref() {
                let zone = pawn_drop_zone(st, ranks, white, black);
                new_regions.insert(PAWN_DROP_REGION.into(), zone);
                p.insert("drop_zone".into(), Value::String(PAWN_DROP_REGION.into()));
            } else if !p.contains_key("drop_zone") {
                p.insert("drop_zone".into(), Value::String(DROP_REGION.into()));
            }
        }
    }
    if let Some(Value::Table(regions)) = t.get_mut("regions") {
        regions.extend(new_regions);
    }
}

/// The mobility regions of `st` by piece letter: (White's, Black's), the
/// whole board (`*`) for a side the section leaves free.
fn mobility_regions(
    st: &Settings,
    t: &Table,
    problems: &mut Vec<Problem>,
) -> std::collections::BTreeMap<char, (String, String)> {
    let mut out = std::collections::BTreeMap::new();
    let has = |c: char| {
        t.get("pieces")
            .and_then(Value::as_table)
            .is_some_and(|p| p.contains_key(&c.to_ascii_uppercase().to_string()))
    };
    for (key, (value, _)) in &st.values {
        let Some((side, ty)) = mobility_parts(key) else {
            continue;
        };
        let Some(letter) = type_letter(st, &ty).filter(|&c| has(c)) else {
            problems.push(st.problem(key, format!("no piece of type `{ty}` in this section")));
            continue;
        };
        let entry = out
            .entry(letter)
            .or_insert_with(|| ("*".to_string(), "*".to_string()));
        if side == 0 {
            entry.0.clone_from(value);
        } else {
            entry.1.clone_from(value);
        }
    }
    out
}

/// The mobility key that names `letter`'s type (for problems).
fn mobility_key(st: &Settings, letter: char) -> String {
    st.values
        .keys()
        .find(|k| mobility_parts(k).is_some_and(|(_, ty)| type_letter(st, &ty) == Some(letter)))
        .cloned()
        .unwrap_or_default()
}

/// The drop region (White's, Black's), if a drop key is given.
fn drop_region(st: &Settings) -> Option<(String, String)> {
    let white = st.get("dropRegionWhite");
    let black = st.get("dropRegionBlack");
    if white.is_none() && black.is_none() {
        return None;
    }
    Some((
        white.unwrap_or("*").to_string(),
        black.unwrap_or("*").to_string(),
    ))
}

/// Confines the piece table `p` to region `name`: every move group gets a
/// `to` condition (the plain `betza` becomes the first group).
fn confine(p: &mut Table, name: &str) -> Result<(), String> {
    let mut groups = match p.remove("moves") {
        Some(Value::Array(g)) => g,
        _ => Vec::new(),
    };
    if let Some(Value::String(betza)) = p.remove("betza") {
        let mut g = Table::new();
        g.insert("betza".into(), Value::String(betza));
        groups.insert(0, Value::Table(g));
    }
    for g in &mut groups {
        let Value::Table(g) = g else { continue };
        if g.contains_key("to") {
            return Err("a move group already limited to a region cannot be confined".into());
        }
        g.insert("to".into(), Value::String(name.into()));
    }
    if !groups.is_empty() {
        p.insert("moves".into(), Value::Array(groups));
    }
    Ok(())
}

/// The Pawn's drop region under the drop keys: the drop region less the
/// first rank and the promotion zone, unless the section allows them.
fn pawn_drop_zone(st: &Settings, ranks: usize, white: &str, black: &str) -> Value {
    let flag = |k: &str| st.get(k).and_then(bool_of) == Some(true);
    let side = |drop: &str, first: String, promo: &str| {
        let mut zone = drop.to_string();
        if !flag("firstRankPawnDrops") {
            zone.push_str(&format!(" !{first}"));
        }
        if !flag("promotionZonePawnDrops") {
            for term in promo.split_whitespace() {
                zone.push_str(&format!(" !{term}"));
            }
        }
        zone
    };
    let promo_white = st
        .get("promotionRegionWhite")
        .map_or(format!("*{ranks}"), str::to_string);
    let promo_black = st.get("promotionRegionBlack").unwrap_or("*1");
    per_side(
        &side(white, "*1".into(), &promo_white),
        &side(black, format!("*{ranks}"), promo_black),
    )
}

/// A `[regions]` entry with a region per side.
pub(super) fn per_side(white: &str, black: &str) -> Value {
    let mut r = Table::new();
    r.insert("white".into(), Value::String(white.into()));
    r.insert("black".into(), Value::String(black.into()));
    r.insert("kind".into(), Value::String("other".into()));
    Value::Table(r)
}

/// The cells two region texts share, as a list of cell names, or `None`
/// when a text is not in Fairy-Stockfish's plain form. `*` is every cell.
fn meet(a: &str, b: &str, files: usize, ranks: usize) -> Option<String> {
    let a = cells(a, files, ranks)?;
    let b = cells(b, files, ranks)?;
    let names: Vec<String> = a
        .intersection(&b)
        .map(|&(f, r)| format!("{}{}", char::from(b'a' + f as u8), r + 1))
        .collect();
    // An empty region would be refused; a cell off the board never matches.
    Some(if names.is_empty() {
        "!*".to_string()
    } else {
        names.join(" ")
    })
}

/// The (file, rank) cells (0-based) of a plain region text.
fn cells(text: &str, files: usize, ranks: usize) -> Option<BTreeSet<(usize, usize)>> {
    let mut out = BTreeSet::new();
    let all = || (0..files).flat_map(move |f| (0..ranks).map(move |r| (f, r)));
    for term in text.split_whitespace() {
        if term == "*" {
            out.extend(all());
        } else if let Some(rank) = term.strip_prefix('*') {
            let r = rank.parse::<usize>().ok()?.checked_sub(1)?;
            out.extend(all().filter(|&(_, rr)| rr == r));
        } else if let Some(file) = term.strip_suffix('*') {
            let f = file_number(file)?.checked_sub(1)?;
            out.extend(all().filter(|&(ff, _)| ff == f));
        } else {
            let (file, rank) = term.split_at(1);
            let f = file_number(file)?.checked_sub(1)?;
            let r = rank.parse::<usize>().ok()?.checked_sub(1)?;
            out.insert((f, r));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use crate::variant::ini::convert;
    use crate::{Position, Registry};

    fn moves(text: &str, fen: &str) -> Vec<String> {
        let mut reg = Registry::builtin();
        let ids = reg.add_ini("x.ini", text).expect("loads");
        let v = reg.get(&ids[0]).expect("registered");
        let p = Position::from_fen(&v, fen).expect("fen");
        crate::test_support::legal_uci(&p)
    }

    /// A King kept to a 3x3 palace, a Wazir kept to the first two ranks.
    const PALACE: &str = "[p]\nmaxFile = 5\nmaxRank = 5\npawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\nwazir = w\ncastling = false\nmobilityRegionWhiteKing = b1 c1 d1 b2 c2 d2 b3 c3 d3\nmobilityRegionBlackKing = b3 c3 d3 b4 c4 d4 b5 c5 d5\nmobilityRegionWhiteWazir = *1 *2\nstartFen = 2k2/5/5/5/W1K2 w - - 0 1\n";

    #[test]
    fn mobility_regions_confine_moves_and_attacks() {
        let w = moves(PALACE, "2k2/5/5/5/W1K2 w - - 0 1");
        assert_eq!(
            w,
            ["a1a2", "a1b1", "c1b1", "c1b2", "c1c2", "c1d1", "c1d2"],
            "the King stays in b1-d3"
        );
        let w = moves(PALACE, "2k2/5/5/W4/2K2 w - - 0 1");
        // The Wazir on a2 may step back into its ranks but not forward.
        assert!(w.contains(&"a2a1".to_string()) && !w.contains(&"a2a3".to_string()));
        // Out of its region the Wazir attacks nothing: b4 and d4 are safe.
        let b = moves(PALACE, "5/2W2/2k2/5/2K2 b - - 0 1");
        assert!(b.contains(&"c3b4".to_string()) && b.contains(&"c3d4".to_string()));
    }

    #[test]
    fn drop_regions_limit_drops_per_side() {
        let text = "[d]\nmaxFile = 4\nmaxRank = 4\npawn = -\nknight = n\nbishop = -\nrook = -\nqueen = -\ncastling = false\npieceDrops = true\ndropRegionWhite = *1\ndropRegionBlack = *4 *3\nstartFen = 3k/4/4/K3[Nn] w - - 0 1\n";
        let w: Vec<String> = moves(text, "3k/4/4/K3[Nn] w - - 0 1")
            .into_iter()
            .filter(|m| m.contains('@'))
            .collect();
        assert_eq!(w, ["N@b1", "N@c1", "N@d1"]);
        let b: Vec<String> = moves(text, "3k/4/4/K3[Nn] b - - 0 1")
            .into_iter()
            .filter(|m| m.contains('@'))
            .collect();
        assert_eq!(b.len(), 7, "{b:?}");
    }

    #[test]
    fn a_mobility_key_for_a_missing_piece_is_a_problem() {
        let e = convert("x.ini", "[m]\nmobilityRegionWhiteCustomPiece4 = *1\n").unwrap_err();
        assert_eq!(e.problems[0].key, "[m] mobilityRegionWhiteCustomPiece4");
        assert!(e.problems[0].message.contains("customPiece4"));
    }

    #[test]
    fn regions_meet_cell_by_cell() {
        assert_eq!(
            super::meet("*1 *2", "a* b2", 3, 3).as_deref(),
            Some("a1 a2 b2")
        );
        assert_eq!(super::meet("c3", "*1", 3, 3).as_deref(), Some("!*"));
        assert!(super::meet("a1-b2", "*", 3, 3).is_none());
    }
}
