//! Runs a fuzz target once on each file given (or each file of each folder given):
//! `menagerie-fuzz-replay TARGET PATH...`. A crash the fuzzer found is reproduced
//! here with its panic message, without AFL.

use std::path::{Path, PathBuf};

fn files(path: &Path, out: &mut Vec<PathBuf>) {
    match std::fs::read_dir(path) {
        Ok(dir) => {
            let mut entries: Vec<PathBuf> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
            entries.sort();
            for p in entries {
                files(&p, out);
            }
        }
        Err(_) => out.push(path.to_path_buf()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((name, paths)) = args.split_first() else {
        eprintln!("usage: menagerie-fuzz-replay TARGET PATH...");
        std::process::exit(2);
    };
    let Some(target) = menagerie_fuzz::target(name) else {
        eprintln!("unknown fuzz target {name}");
        std::process::exit(2);
    };
    let mut all = Vec::new();
    for p in paths {
        files(Path::new(p), &mut all);
    }
    for f in &all {
        match std::fs::read(f) {
            Ok(data) => {
                eprintln!("{}", f.display());
                target(&data);
            }
            Err(e) => eprintln!("cannot read {}: {e}", f.display()),
        }
    }
    eprintln!("{name}: {} input(s), no crash", all.len());
}
