//! Prints the derived piece values of every built-in variant.
use menagerie_engine::EvalTables;
use menagerie_rules::Registry;

fn main() {
    let reg = Registry::builtin();
    for id in reg.ids() {
        let v = reg.get(&id).expect("loads");
        let e = EvalTables::new(&v);
        let vals: Vec<String> = v
            .pieces
            .iter()
            .zip(&e.value)
            .map(|(p, x)| format!("{}={x}", p.key))
            .collect();
        println!("{id}: {}", vals.join(" "));
    }
}
