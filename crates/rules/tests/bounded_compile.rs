#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! Variant files that once took minutes or gigabytes to compile (issue 23,
//! "small variant files blow up time or memory") are refused at once, each
//! with a clear error naming its line and column.

use menagerie_rules::betza::{MAX_LEGS, MAX_LENGTH};
use menagerie_rules::variant::{Problem, MAX_EXTENDS_DEPTH};
use menagerie_rules::Registry;

/// Loads a chess variant with one extra piece `X` of this Betza text.
fn with_piece(betza: &str) -> Result<String, Vec<Problem>> {
    let text = format!(
        "id = \"bomb\"\nextends = \"chess\"\naliases = []\n\n[pieces.X]\nname = \"X\"\nbetza = \"{betza}\"\n"
    );
    Registry::builtin()
        .add_toml("bomb.toml", &text)
        .map_err(|e| e.problems)
}

/// The first problem of a refused file (a refused description also leaves
/// its piece without moves, reported next).
fn first_problem(r: Result<String, Vec<Problem>>) -> Problem {
    let mut problems = r.expect_err("the file must be refused");
    problems.remove(0)
}

#[test]
fn many_legs_are_refused_at_their_column() {
    // 24 characters, once 27 s of compilation (each `ma` tripled it).
    let p = first_problem(with_piece("mamamamamamamamamamamaW"));
    assert_eq!(p.line, Some(7), "{p}");
    assert!(p.to_string().contains("legs"), "{p}");
    assert!(
        p.to_string().contains(&format!("column {}", 2 * MAX_LEGS)),
        "{p}"
    );
}

#[test]
fn moves_with_too_many_paths_are_refused() {
    // Eight one-step legs in four directions: 4^8 paths from every cell.
    let p = first_problem(with_piece(&("ma".repeat(MAX_LEGS - 1) + "W")));
    assert!(p.message.contains("paths"), "{p}");
    assert!(p.message.contains("mamamamamamamaW"), "{p}");
    assert_eq!(p.line, Some(5), "the piece's line: {p}");
    // Short chains still load and move.
    with_piece("mafsmafsW").unwrap();
}

#[test]
fn overlong_descriptions_are_refused() {
    // 51,200 `ma` once overflowed the stack; 102,400 `Q` needed 1.6 GB.
    for text in ["ma".repeat(51_200) + "W", "Q".repeat(102_400)] {
        let p = first_problem(with_piece(&text));
        assert!(p.to_string().contains("longer than"), "{p}");
        assert!(
            p.to_string()
                .contains(&format!("column {}", MAX_LENGTH + 1)),
            "{p}"
        );
    }
}

#[test]
fn huge_move_tables_are_refused() {
    // Long descriptions of riders on a 6x6x6 board once needed more than
    // 2 GB; now the estimate of the tables refuses them before building.
    let bomb = "K{odd}".repeat(MAX_LENGTH / 6);
    let mut text =
        String::from("id = \"bomb3d\"\nextends = \"elefantnichtschach\"\naliases = []\n");
    for k in [
        "R", "B", "U", "Q", "D", "G", "*R", "*B", "*U", "*Q", "*D", "*G",
    ] {
        text.push_str(&format!("\n[pieces.\"{k}\"]\nbetza = \"{bomb}\"\n"));
    }
    let e = Registry::builtin()
        .add_toml("bomb3d.toml", &text)
        .unwrap_err();
    let p = &e.problems[0];
    assert!(p.message.contains("MB"), "{p}");
    assert!(p.message.contains("K{odd}"), "{p}");
    assert!(p.line.is_some(), "{p}");
}

#[test]
fn long_extends_chains_are_refused() {
    let mut reg = Registry::builtin();
    reg.add_toml(
        "v0.toml",
        "id = \"v0\"\nextends = \"chess\"\naliases = []\n",
    )
    .unwrap();
    let mut refused = None;
    for i in 1..40 {
        let text = format!("id = \"v{i}\"\nextends = \"v{}\"\n", i - 1);
        if let Err(e) = reg.add_toml(&format!("v{i}.toml"), &text) {
            refused = Some((i, e));
            break;
        }
    }
    let (i, e) = refused.expect("a long chain must be refused");
    let limit = MAX_EXTENDS_DEPTH;
    assert_eq!(i, limit - 1, "chess, v0 and v1.. make the chain");
    assert!(e.problems[0].to_string().contains("longer than"), "{e}");
    assert_eq!(e.problems[0].line, Some(2));
}
