//! Measures how much of a Fairy-Stockfish `variants.ini` Menagerie plays:
//! how many sections load, and how many of those agree with the
//! start-position perft rows of `start-perft.tsv` (rows of source
//! `variants.ini`). Run through `scripts/fsf-ini-check.sh`.
//!
//! Usage: `fsf_ini_check INI TSV [MAX_NODES]` (rows above `MAX_NODES`,
//! default 2,000,000, are skipped). With `FSF_INI_CHECK_LINES` set in the
//! environment it also prints each problem with its section and line.
use menagerie_rules::{perft, Position, Registry};
use std::collections::BTreeMap;

/// Rows above this many nodes are skipped unless told otherwise.
const DEFAULT_MAX_NODES: u64 = 2_000_000;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: fsf_ini_check INI TSV [MAX_NODES]");
        std::process::exit(2);
    }
    let max_nodes = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_MAX_NODES);
    let ini = std::fs::read_to_string(&args[1]).expect("readable ini file");
    let tsv = std::fs::read_to_string(&args[2]).expect("readable tsv file");
    let sections = ini
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('[') && l.ends_with(']'))
        .count();
    let mut reg = Registry::builtin();
    let report = reg.load_ini(&args[1], &ini);
    let mut why_not: BTreeMap<String, usize> = BTreeMap::new();
    for p in &report.problems {
        *why_not.entry(p.message.clone()).or_default() += 1;
        if std::env::var_os("FSF_INI_CHECK_LINES").is_some() {
            println!("  {} line {:?} [{}]: {}", p.file, p.line, p.key, p.message);
        }
    }
    let mut rows: BTreeMap<String, Vec<(String, u32, u64)>> = BTreeMap::new();
    for line in tsv.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() == 5 && f[1] == "variants.ini" {
            rows.entry(f[0].to_ascii_lowercase()).or_default().push((
                f[2].to_string(),
                f[3].parse().unwrap_or(0),
                f[4].parse().unwrap_or(0),
            ));
        }
    }
    let mut agree = 0;
    let mut with_rows = 0;
    for id in &report.ids {
        let Some(rs) = rows.get(id) else { continue };
        with_rows += 1;
        match disagreement(&reg, id, rs, max_nodes) {
            None => agree += 1,
            Some(why) => println!("  {id}: {why}"),
        }
    }
    println!("problems, by message (count):");
    let mut by_count: Vec<_> = why_not.into_iter().collect();
    by_count.sort_by_key(|x| std::cmp::Reverse(x.1));
    for (msg, n) in by_count {
        println!("  {n:4}  {msg}");
    }
    println!(
        "{} of {sections} sections load; {agree} of the {with_rows} loaded sections with start-perft rows agree",
        report.ids.len()
    );
}

/// Why `id` disagrees with its rows, or `None`.
fn disagreement(reg: &Registry, id: &str, rows: &[(String, u32, u64)], max: u64) -> Option<String> {
    let v = reg.get(id).ok()?;
    for (fen, depth, nodes) in rows {
        let start = Position::start(&v).to_fen();
        if sorted_hands(&start) != sorted_hands(fen) {
            return Some(format!("start {start} is not {fen}"));
        }
        if *nodes > max {
            continue;
        }
        let mut p = match Position::from_fen(&v, fen) {
            Ok(p) => p,
            Err(e) => return Some(format!("FEN {fen}: {e}")),
        };
        let got = perft(&mut p, *depth);
        if got != *nodes {
            return Some(format!("perft({depth}) = {got}, want {nodes}"));
        }
    }
    None
}

/// The FEN with the pieces in hand in letter order (their order carries no
/// meaning).
fn sorted_hands(fen: &str) -> String {
    let (Some(open), Some(close)) = (fen.find('['), fen.find(']')) else {
        return fen.to_string();
    };
    if close < open {
        return fen.to_string();
    }
    let mut hand: Vec<char> = fen[open + 1..close].chars().collect();
    hand.sort_unstable();
    let hand: String = hand.into_iter().collect();
    format!("{}[{hand}]{}", &fen[..open], &fen[close + 1..])
}
