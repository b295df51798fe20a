//! The Xiangqi keys of a Fairy-Stockfish ini section: the Soldier piece
//! type (`soldier`, a named type in `ini::NAMED`), `soldierPromotionRank`
//! and `flyingGeneral`.
//!
//! Fairy-Stockfish's Soldier steps forward and sideways, but sideways only
//! once it stands on its promotion rank or beyond (counted from its own
//! side; rank 1 by default, so a plain `soldier` steps sideways
//! everywhere). Menagerie writes that as a forward step plus a sideways
//! step from a region (a move group with `from`). `flyingGeneral` forbids
//! Kings seeing each other along a file or rank with nothing between them:
//! the `[rules] facing` component. Fairy-Stockfish applies it to its King
//! type, whatever that King's moves (`king = k:W`, Xiangqi's General, faces
//! too), and not to a royal Commoner (`extinctionPseudoRoyal`).
//! `chasingRule` (`none` or `axf`) is the `[rules] chasing` component; its
//! roles are Fairy-Stockfish's piece types, so the pieces of the types
//! `rook`, `cannon`, `horse`, `elephant`, `fers` and `soldier` get their
//! `chase` role.

use super::ini::{bool_of, Settings};
use super::load::Problem;
use toml::{Table, Value};

/// The keys this module translates (`soldier` is a named piece type).
pub(super) const KEYS: &[&str] = &["soldierPromotionRank", "flyingGeneral", "chasingRule"];

/// The region from which a Soldier also steps sideways.
const SOLDIER_REGION: &str = "soldier-sideways";
/// The Soldier's moves below its promotion rank and its extra move there.
const SOLDIER_FORWARD: &str = "fW";
const SOLDIER_SIDEWAYS: &str = "sW";
/// Name the piece reader gives the Soldier type.
const SOLDIER_NAME: &str = "Soldier";
/// The chasing roles of the piece types, by the names the piece reader
/// gives them.
const CHASE_ROLES: &[(&str, &str)] = &[
    ("Rook", "rook"),
    ("Cannon", "cannon"),
    ("Horse", "horse"),
    ("Elephant", "elephant"),
    ("Fers", "advisor"),
    (SOLDIER_NAME, "soldier"),
];

/// Writes the Xiangqi keys of `st` into the variant table `t` (pieces,
/// regions and rules already written; `ranks`: the board's ranks).
pub(super) fn apply(st: &Settings, ranks: usize, t: &mut Table, problems: &mut Vec<Problem>) {
    soldier_rank(st, ranks, t, problems);
    chasing(st, t, problems);
    match st.get("flyingGeneral").map(|v| (v, bool_of(v))) {
        None | Some((_, Some(false))) => {}
        Some((_, Some(true))) => {
            if st.get("king") != Some("-") {
                if let Some(Value::Table(rules)) = t.get_mut("rules") {
                    let lines = ["file", "rank"].map(|l| Value::String(l.into()));
                    rules.insert("facing".into(), Value::Array(lines.to_vec()));
                }
            }
        }
        Some((v, None)) => {
            problems.push(st.problem("flyingGeneral", format!("`{v}`: use true or false")));
        }
    }
}

/// `chasingRule`: `[rules] chasing`, and with `axf` the roles of the
/// pieces of the Xiangqi types.
fn chasing(st: &Settings, t: &mut Table, problems: &mut Vec<Problem>) {
    let Some(rule) = st.get("chasingRule") else {
        return;
    };
    if rule != "axf" && rule != "none" {
        problems.push(st.problem("chasingRule", format!("`{rule}`: use axf or none")));
        return;
    }
    if let Some(Value::Table(rules)) = t.get_mut("rules") {
        rules.insert("chasing".into(), Value::String(rule.into()));
    }
    if rule == "none" {
        return;
    }
    let Some(Value::Table(pieces)) = t.get_mut("pieces") else {
        return;
    };
    for (_, p) in pieces.iter_mut() {
        let Value::Table(p) = p else { continue };
        let name = p.get("name").and_then(Value::as_str).unwrap_or_default();
        if let Some((_, role)) = CHASE_ROLES.iter().find(|(n, _)| *n == name) {
            p.insert("chase".into(), Value::String((*role).into()));
        }
    }
}

/// `soldierPromotionRank`: the Soldier steps sideways only from that rank
/// on (its own side's count).
fn soldier_rank(st: &Settings, ranks: usize, t: &mut Table, problems: &mut Vec<Problem>) {
    let Some(text) = st.get("soldierPromotionRank") else {
        return;
    };
    let rank = match text.parse::<usize>() {
        Ok(r) if (1..=ranks).contains(&r) => r,
        _ => {
            problems.push(st.problem(
                "soldierPromotionRank",
                format!("`{text}`: expected a rank from 1 to {ranks}"),
            ));
            return;
        }
    };
    if rank == 1 {
        return;
    }
    let Some(Value::Table(pieces)) = t.get_mut("pieces") else {
        return;
    };
    let soldier = pieces.iter_mut().find_map(|(_, p)| match p {
        Value::Table(p) if p.get("name").and_then(Value::as_str) == Some(SOLDIER_NAME) => Some(p),
        _ => None,
    });
    let Some(soldier) = soldier else {
        return;
    };
    soldier.insert("betza".into(), Value::String(SOLDIER_FORWARD.into()));
    let mut g = Table::new();
    g.insert("betza".into(), Value::String(SOLDIER_SIDEWAYS.into()));
    g.insert("from".into(), Value::String(SOLDIER_REGION.into()));
    soldier.insert("moves".into(), Value::Array(vec![Value::Table(g)]));
    let mut r = Table::new();
    r.insert("white".into(), Value::String(format!("*{rank}-*{ranks}")));
    r.insert(
        "black".into(),
        Value::String(format!("*1-*{}", ranks + 1 - rank)),
    );
    r.insert("kind".into(), Value::String("river".into()));
    if let Some(Value::Table(regions)) = t.get_mut("regions") {
        regions.insert(SOLDIER_REGION.into(), Value::Table(r));
    }
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

    const BASE: &str = "[s]\nmaxFile = 5\nmaxRank = 6\npawn = -\nknight = -\nbishop = -\nrook = r\nqueen = -\nsoldier = s\ncastling = false\nstartFen = k4/5/5/5/2S2/K4 w - - 0 1\n";

    #[test]
    fn soldiers_step_sideways_from_their_promotion_rank() {
        let soldier = |text: &str, fen: &str| -> Vec<String> {
            moves(text, fen)
                .into_iter()
                .filter(|m| m.starts_with("c2") || m.starts_with("c4") || m.starts_with("c5"))
                .collect()
        };
        // Without the rank key the Soldier steps sideways everywhere.
        assert_eq!(
            soldier(BASE, "k4/5/5/5/2S2/K4 w - - 0 1"),
            ["c2b2", "c2c3", "c2d2"]
        );
        let text = format!("{BASE}soldierPromotionRank = 4\n");
        assert_eq!(soldier(&text, "k4/5/5/5/2S2/K4 w - - 0 1"), ["c2c3"]);
        assert_eq!(
            soldier(&text, "k4/5/2S2/5/5/K4 w - - 0 1"),
            ["c4b4", "c4c5", "c4d4"]
        );
        // Black counts from its own side: its rank 4 is White's rank 3.
        let black: Vec<String> = moves(&text, "k4/2s2/5/5/5/K4 b - - 0 1")
            .into_iter()
            .filter(|m| m.starts_with("c5"))
            .collect();
        assert_eq!(black, ["c5c4"]);
        let e = convert("x.ini", &format!("{BASE}soldierPromotionRank = 9\n")).unwrap_err();
        assert_eq!(e.problems[0].key, "[s] soldierPromotionRank");
    }

    #[test]
    fn flying_general_forbids_facing_kings_on_files_and_ranks() {
        let text = format!("{BASE}flyingGeneral = true\n");
        // The Soldier on c3 may not leave the c-file between the Kings.
        let w = moves(&text, "2k2/5/5/2S2/5/2K2 w - - 0 1");
        let soldier: Vec<&String> = w.iter().filter(|m| m.starts_with("c3")).collect();
        assert_eq!(soldier, ["c3c4"]);
        let plain = moves(BASE, "2k2/5/5/2S2/5/2K2 w - - 0 1");
        assert!(plain.contains(&"c3b3".to_string()));
        // Nor may the King step onto the Black King's rank.
        let w = moves(&text, "5/5/5/k4/4K/5 w - - 0 1");
        assert!(!w.contains(&"e2e3".to_string()) && w.contains(&"e2e1".to_string()));
        let e = convert("x.ini", &format!("{BASE}flyingGeneral = yes\n")).unwrap_err();
        assert_eq!(e.problems[0].key, "[s] flyingGeneral");
    }

    #[test]
    fn chasing_rule_none_or_axf() {
        // Red's Horse chases Black's Chariot through the repetition: with
        // Xiangqi's rule (inherited) Black wins, with `none` it is a draw,
        // as pyffish scores them.
        let outcome = |text: &str| {
            let v = crate::test_support::ini_variant(text);
            let fen = "5k3/9/9/1r7/9/2N6/9/9/9/3K5 b - - 0 1";
            let mut p = Position::from_fen(&v, fen).expect("fen");
            for _ in 0..2 {
                for m in ["b7b2", "c5d3", "b2b7", "d3c5"] {
                    crate::test_support::play_uci(&mut p, m);
                }
            }
            let o = p.outcome().expect("repetition");
            (o.winner, o.reason)
        };
        let black = Some(crate::Color::Black);
        assert_eq!(outcome("[c:xiangqi]\n"), (black, crate::Reason::Chasing));
        let none = outcome("[c:xiangqi]\nchasingRule = none\n");
        assert_eq!(none, (None, crate::Reason::Repetition));
        // A section of its own: the roles come with the named piece types.
        let own = "[c]\nmaxFile = 9\nmaxRank = 10\npawn = -\nknight = -\nbishop = -\nqueen = -\n\
                   rook = r\nking = k:W\nhorse = n\ncastling = false\nchasingRule = axf\n\
                   startFen = 5k3/9/9/1r7/9/2N6/9/9/9/3K5 w - - 0 1\n";
        assert_eq!(outcome(own), (black, crate::Reason::Chasing));
        let e = convert("x.ini", "[c:xiangqi]\nchasingRule = yes\n").unwrap_err();
        assert_eq!(e.problems[0].key, "[c] chasingRule");
    }

    #[test]
    fn a_king_with_its_own_moves_faces_too() {
        // Xiangqi's General written `king = k:W`: pyffish pins the Soldier
        // (c1b1 c1c2 c1d1 c3c4) and keeps the King off the other's rank.
        let text = format!("{BASE}king = k:W\nflyingGeneral = true\n");
        assert_eq!(
            moves(&text, "2k2/5/5/2S2/5/2K2 w - - 0 1"),
            ["c1b1", "c1c2", "c1d1", "c3c4"]
        );
        assert_eq!(moves(&text, "5/5/5/k4/4K/5 w - - 0 1"), ["e2d2", "e2e1"]);
        // Without the key the Soldier and the King go where they like.
        let free = format!("{BASE}king = k:W\n");
        assert!(moves(&free, "2k2/5/5/2S2/5/2K2 w - - 0 1").contains(&"c3b3".to_string()));
        assert!(moves(&free, "5/5/5/k4/4K/5 w - - 0 1").contains(&"e2e3".to_string()));
    }
}
