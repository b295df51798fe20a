//! Prints how long each built-in variant takes to load (tables included).
use menagerie_rules::Registry;
use std::time::Instant;

fn main() {
    let reg = Registry::builtin();
    for id in reg.ids() {
        let fresh = Registry::builtin();
        let t = Instant::now();
        let v = fresh.get(&id).expect("built-in variants load");
        println!(
            "{id:30} {:8.2} ms  {} cells {} types",
            t.elapsed().as_secs_f64() * 1e3,
            v.geometry.len(),
            v.types()
        );
    }
}
