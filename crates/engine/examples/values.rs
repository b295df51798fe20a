//! Prints the derived piece values of every built-in variant and how long
//! deriving them took.
use menagerie_engine::EvalTables;
use menagerie_rules::Registry;
use std::time::Instant;

fn main() {
    let reg = Registry::builtin();
    for id in reg.ids() {
        let v = reg.get(&id).expect("loads");
        let t = Instant::now();
        let e = EvalTables::new(&v);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let vals: Vec<String> = v
            .pieces
            .iter()
            .zip(&e.value)
            .map(|(p, x)| format!("{}={x}", p.key))
            .collect();
        println!("{id} ({ms:.1} ms): {}", vals.join(" "));
    }
}
