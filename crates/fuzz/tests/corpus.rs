//! Every seed of every fuzz target, and every input that once made one crash
//! (`corpus/TARGET/`), runs once here without a crash: the campaign's findings stay
//! fixed, and the targets stay runnable without AFL.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::Path;

#[test]
fn every_target_has_seeds_and_none_crashes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for &(name, target) in menagerie_fuzz::TARGETS {
        let dir = root.join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no seeds for {name}");
        for f in files {
            let data = std::fs::read(&f).unwrap();
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(outcome.is_ok(), "{name} crashed on {}", f.display());
        }
    }
}
