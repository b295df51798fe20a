//! `menagerie tune spsa` end to end: a run is reproducible from its seed,
//! an interrupted run resumed gives the same result as one straight
//! through, the tuned values read back into a match player, and bad
//! settings are refused with a clear message.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;
use common::run;

fn tmp(name: &str) -> std::path::PathBuf {
    common::tmp("tune-test", name)
}

/// The arguments of a tiny run saving its state at `state`.
fn spsa_args(state: &str) -> Vec<String> {
    [
        "tune",
        "spsa",
        "--variant",
        "chess",
        "--params",
        "rfp_margin,lmr_div:1.5:3.5:0.25,qs_delta",
        "--iterations",
        "4",
        "--nodes",
        "150",
        "--max-plies",
        "60",
        "--seed",
        "9",
        "--r-end",
        "0.5",
        "--state",
        state,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn run_args(args: &[String]) -> (bool, String, String) {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&refs)
}

#[test]
fn a_resumed_run_ends_where_an_uninterrupted_one_does() {
    let straight = tmp("straight.json");
    let out_file = tmp("tuned.txt");
    let mut args = spsa_args(straight.to_str().unwrap());
    args.extend([
        "--fresh".into(),
        "--out".into(),
        out_file.to_str().unwrap().into(),
    ]);
    let (ok, out, err) = run_args(&args);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("SPSA done: 4 iterations of chess"), "{out}");
    let whole = std::fs::read_to_string(&straight).unwrap();
    assert!(whole.contains("\"done\": 4"), "{whole}");

    let resumed = tmp("resumed.json");
    let mut first = spsa_args(resumed.to_str().unwrap());
    first.extend(["--fresh".into(), "--session-pairs".into(), "2".into()]);
    let (ok, out, err) = run_args(&first);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("SPSA paused after 2 of 4 iterations"), "{out}");
    let (ok, out, err) = run_args(&spsa_args(resumed.to_str().unwrap()));
    assert!(ok, "{out}\n{err}");
    assert!(err.contains("iteration 2 of 4"), "{err}");
    assert_eq!(std::fs::read_to_string(&resumed).unwrap(), whole);

    // The tuned values play: a match player reads them back.
    let tuned = std::fs::read_to_string(&out_file).unwrap();
    assert!(tuned.lines().any(|l| l.starts_with("lmr_div=")), "{tuned}");
    let player = format!("menagerie:nodes=150,params={}", out_file.display());
    let (ok, out, err) = run(&[
        "match",
        "--first",
        &player,
        "--second",
        "menagerie:nodes=150",
        "--tc",
        "none",
        "--games",
        "2",
        "--max-plies",
        "40",
    ]);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("Score of"), "{out}");
}

#[test]
fn bad_settings_are_refused_with_what_is_wrong() {
    let state = tmp("bad.json");
    let s = state.to_str().unwrap();
    let (ok, _, err) = run(&["tune", "spsa", "--params", "lmr_dvi", "--state", s]);
    assert!(!ok && err.contains("did you mean `lmr_div`"), "{err}");
    let (ok, _, err) = run(&["tune", "spsa", "--params", "lmr_div:3:2:0.1", "--state", s]);
    assert!(!ok && err.contains("needs min < max"), "{err}");
    let (ok, _, err) = run(&["tune", "spsa", "--params", "lmr_div:1:x:0.1", "--state", s]);
    assert!(
        !ok && err.contains("`x` in `lmr_div:1:x:0.1` is not a number"),
        "{err}"
    );
    // A saved run of other parameters is not silently continued.
    let mut args = spsa_args(s);
    args.extend(["--fresh".into(), "--session-pairs".into(), "1".into()]);
    let (ok, out, err) = run_args(&args);
    assert!(ok, "{out}\n{err}");
    let (ok, _, err) = run(&["tune", "spsa", "--params", "qs_delta", "--state", s]);
    assert!(!ok && err.contains("--fresh to overwrite it"), "{err}");
    std::fs::write(&state, "not json").unwrap();
    let (ok, _, err) = run(&["tune", "spsa", "--state", s]);
    assert!(!ok && err.contains("is not a saved SPSA run"), "{err}");
    let (ok, _, err) = run(&["match", "--first", "menagerie:param.rfp_margin=9999"]);
    assert!(!ok && err.contains("lies outside 20..=300"), "{err}");
}
