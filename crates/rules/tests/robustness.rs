#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]
//! No input string can panic the library: FEN, move text, piece notation,
//! variant files (TOML and ini). Arbitrary text and mutations of valid input.

use menagerie_rules::{betza, parse_move, Position, Registry};
use proptest::prelude::*;
use std::sync::OnceLock;

fn registry() -> &'static Registry {
    static REG: OnceLock<Registry> = OnceLock::new();
    REG.get_or_init(Registry::builtin)
}

fn mutate(base: &str, edits: &[(usize, u8)]) -> String {
    let mut b = base.as_bytes().to_vec();
    for &(pos, byte) in edits {
        if b.is_empty() {
            b.push(byte);
            continue;
        }
        let i = pos % (b.len() + 1);
        match byte % 3 {
            0 if i < b.len() => {
                b.remove(i);
            }
            1 if i < b.len() => b[i] = byte,
            _ => b.insert(i.min(b.len()), byte),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

proptest! {
    #[test]
    fn fen_never_panics(s in "\\PC{0,80}") {
        for id in registry().ids() {
            let v = registry().get(&id).unwrap();
            let _ = Position::from_fen(&v, &s);
        }
    }

    #[test]
    fn mutated_fen_never_panics(edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..8)) {
        for id in registry().ids() {
            let v = registry().get(&id).unwrap();
            let f = mutate(&v.start_fen, &edits);
            if let Ok(p) = Position::from_fen(&v, &f) {
                // Whatever was accepted must be usable.
                let _ = p.legal_moves();
                let out = p.to_fen();
                if let Err(e) = Position::from_fen(&v, &out) {
                    panic!("{id}: `{f}` was accepted, but its own FEN `{out}` is refused: {e}");
                }
            }
        }
    }

    #[test]
    fn move_text_never_panics(s in "\\PC{0,20}", t in "[a-p0-9@=+\\-x:,*QRBNPqrbn]{0,12}") {
        for id in registry().ids() {
            let v = registry().get(&id).unwrap();
            let p = Position::start(&v);
            let _ = parse_move(&p, &s);
            let _ = parse_move(&p, &t);
        }
    }

    #[test]
    fn betza_never_panics(s in "\\PC{0,40}") {
        let _ = betza::parse(&s);
    }

    #[test]
    fn toml_never_panics(s in "\\PC{0,200}") {
        let mut reg = Registry::builtin();
        let _ = reg.add_toml("fuzz.toml", &s);
        let _ = reg.add_ini("fuzz.ini", &s);
    }

    #[test]
    fn mutated_variant_files_never_panic(edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 1..6)) {
        let base = include_str!("../../../variants/chess.toml");
        let text = mutate(base, &edits).replace("id = \"chess\"", "id = \"fuzzed\"");
        let mut reg = Registry::builtin();
        if let Ok(id) = reg.add_toml("fuzz.toml", &text) {
            let v = reg.get(&id).unwrap();
            let mut p = Position::start(&v);
            let _ = menagerie_rules::perft(&mut p, 2);
        }
        let ini = include_str!("../../../tests/data/oracle/fsf-variants.ini");
        let _ = reg.add_ini("fuzz.ini", &mutate(ini, &edits));
    }
}
