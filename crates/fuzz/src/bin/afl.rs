//! The AFL++ driver: `MENAGERIE_FUZZ_TARGET=NAME cargo afl fuzz ... menagerie-fuzz-afl`
//! (see scripts/fuzz.sh; the names are those of `menagerie_fuzz::TARGETS`).

fn main() {
    let name = std::env::var("MENAGERIE_FUZZ_TARGET").unwrap_or_default();
    let Some(target) = menagerie_fuzz::target(&name) else {
        let names: Vec<&str> = menagerie_fuzz::TARGETS.iter().map(|t| t.0).collect();
        eprintln!("set MENAGERIE_FUZZ_TARGET to one of: {}", names.join(", "));
        std::process::exit(2);
    };
    afl::fuzz!(|data: &[u8]| {
        target(data);
    });
}
