//! Variant files given to the command line: a Fairy-Stockfish ini file with
//! a broken section still gives its good sections to every command (as
//! Fairy-Stockfish does), with the problems printed; `check-variant` lists
//! both and fails.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;
use common::run;

/// One good section and one with a misspelled key (line 5).
const PART_INI: &str = "[good]\nmaxFile = 8\n\n[broken]\ncastlnig = false\n";

fn ini_file() -> String {
    let dir = std::env::temp_dir().join(format!("menagerie-variant-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("part.ini");
    std::fs::write(&path, PART_INI).unwrap();
    path.to_string_lossy().to_string()
}

#[test]
fn a_partly_broken_ini_file_gives_its_good_sections() {
    let path = ini_file();
    let (ok, out, err) = run(&["perft", "--variant-file", &path, "--variant", "good", "2"]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("400"), "{out}");
    assert!(
        err.contains(":5: [broken] castlnig: unknown Fairy-Stockfish key `castlnig`: did you mean `castling`?"),
        "{err}"
    );
    assert!(
        err.contains("1 variant(s) loaded, 1 problem(s) in the others"),
        "{err}"
    );
    let (ok, out, _) = run(&["check-variant", &path]);
    assert!(!ok);
    assert!(out.contains("ok (good)"), "{out}");
    assert!(out.contains("[broken] castlnig"), "{out}");
}
