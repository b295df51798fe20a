//! `menagerie selfplay` and `menagerie lab` end to end: records are a pure
//! function of seed and game number (what lets the Ray driver re-run and
//! split shards), and the analyses read them.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;
use common::run;

fn tmp(name: &str) -> String {
    common::tmp("lab-test", name).to_string_lossy().to_string()
}

fn body(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

fn selfplay(variant: &str, first: &str, games: &str, out: &str) {
    let (ok, _, err) = run(&[
        "selfplay",
        "--variant",
        variant,
        "--first",
        first,
        "--games",
        games,
        "--nodes",
        "200",
        "--seed",
        "3",
        "--out",
        out,
    ]);
    assert!(ok, "{err}");
}

#[test]
fn shards_replay_the_games_of_one_run_and_the_analyses_read_them() {
    let (whole, a, b) = (tmp("whole.txt"), tmp("a.txt"), tmp("b.txt"));
    selfplay("chess", "0", "4", &whole);
    selfplay("chess", "0", "2", &a);
    selfplay("chess", "2", "2", &b);
    let mut split = body(&a);
    split.extend(body(&b));
    assert_eq!(body(&whole), split);
    let ends = split.iter().filter(|l| l.starts_with("G\t")).count();
    assert_eq!(ends, 4);
    // Reading a shard twice counts its games once.
    let (ok, out, err) = run(&["lab", "balance", &whole, &a]);
    assert!(ok, "{err}");
    assert!(out.starts_with("4 games: first player scores"), "{out}");
    let (ok, out, err) = run(&["lab", "values", "--variant", "chess", &whole]);
    assert!(ok, "{err}");
    assert!(out.contains("values in Pawns"), "{out}");
    assert!(
        out.contains("with 33% of the non-pawn material or more"),
        "{out}"
    );
    // Every position (late endgames too) with --min-phase 0: at least as many.
    let (ok, all, err) = run(&[
        "lab",
        "values",
        "--variant",
        "chess",
        "--min-phase",
        "0",
        &whole,
    ]);
    assert!(ok, "{err}");
    let positions = |text: &str| -> usize {
        text.split(" quiet positions")
            .next()
            .unwrap()
            .rsplit(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert!(positions(&all) >= positions(&out), "{all}\n{out}");
    let (ok, _, err) = run(&[
        "lab",
        "values",
        "--variant",
        "chess",
        "--min-phase",
        "1.5",
        &whole,
    ]);
    assert!(
        !ok && err.contains("--min-phase must be a share from 0 to 1"),
        "{err}"
    );
    // The report reads the same arguments and writes the page and its JSON.
    let page = tmp("report.html");
    let (ok, out, err) = run(&[
        "lab",
        "report",
        "--variant",
        "chess",
        "--min-ply",
        "4",
        "--out",
        &page,
        &whole,
    ]);
    assert!(ok, "{err}");
    assert!(out.starts_with("chess: 4 games; wrote"), "{out}");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("<svg"), "no figure in the page");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp("report.json")).unwrap()).unwrap();
    assert_eq!(json["games"], 4);
    assert_eq!(json["min_ply"], 4);
    assert!((json["values"]["min_phase"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-9);
    assert!(html.contains("33% or more of the start's non-pawn material"));
}

#[test]
fn drop_and_seed_variants_play_too() {
    for v in ["crazyhouse", "missing-ox"] {
        let out = tmp(&format!("{v}.txt"));
        selfplay(v, "0", "1", &out);
        assert!(body(&out).last().unwrap().starts_with("G\t0\t"), "{v}");
    }
}

#[test]
fn bad_input_is_a_clear_error() {
    let (ok, _, err) = run(&["lab", "balance", "/nonexistent/records.txt"]);
    assert!(
        !ok && err.contains("cannot read /nonexistent/records.txt"),
        "{err}"
    );
    let junk = tmp("junk.txt");
    std::fs::write(&junk, "hello\n").unwrap();
    let (ok, _, err) = run(&["lab", "balance", &junk]);
    assert!(!ok && err.contains("not a self-play record file"), "{err}");
    let (ok, _, err) = run(&[
        "selfplay",
        "--variant",
        "chess",
        "--games",
        "0",
        "--out",
        &junk,
    ]);
    assert!(!ok && err.contains("must be positive"), "{err}");
    let (ok, _, err) = run(&["selfplay", "--variant", "nope", "--out", &junk]);
    assert!(!ok && err.contains("nope"), "{err}");
}

/// A tiny record file: ten one-position games, the side a piece up wins
/// (game 9 is the held-out tenth).
fn tiny_records() -> String {
    let mut text = String::from("# menagerie selfplay v1\n# variant=chess\n");
    let fens = [
        (
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 12",
            "1-0",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 12",
            "0-1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 12",
            "1/2-1/2",
        ),
    ];
    for g in 0..10 {
        let (fen, result) = fens[g % 3];
        text.push_str(&format!(
            "P\t{g}\t20\t0\t1\t{fen}\nG\t{g}\t{result}\tcheckmate\t40\te2e4\n"
        ));
    }
    text
}

#[test]
fn lab_tune_writes_a_weights_file_a_match_player_reads() {
    let (data, out) = (tmp("tune.txt"), tmp("tuned.toml"));
    std::fs::write(&data, tiny_records()).unwrap();
    let (ok, text, err) = run(&[
        "lab",
        "tune",
        "--variant",
        "chess",
        "--margin",
        "100000",
        "--out",
        &out,
        &data,
    ]);
    assert!(ok, "{err}");
    assert!(
        text.contains("9 training and 1 held-out positions"),
        "{text}"
    );
    assert!(text.contains("loss before: training"), "{text}");
    assert!(text.contains("loss after: training"), "{text}");
    let weights = std::fs::read_to_string(&out).unwrap();
    assert!(
        weights.starts_with("# Tuned by `menagerie lab tune` on 10 games"),
        "{weights}"
    );
    assert!(
        weights.contains("variant = \"chess\"\n\n[values]\n")
            && weights.contains("\nN = ")
            && weights.contains("\n[scales]\npst_mg = "),
        "{weights}"
    );
    // The report draws the values across tuning iterations from the file.
    let page = tmp("tuned-report.html");
    let (ok, _, err) = run(&[
        "lab",
        "report",
        "--variant",
        "chess",
        "--tuned",
        &out,
        "--out",
        &page,
        &data,
    ]);
    assert!(ok, "{err}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp("tuned-report.json")).unwrap()).unwrap();
    assert_eq!(json["drift"]["steps"][0], "derived");
    assert_eq!(json["drift"]["steps"][1], "tuned.toml");
    assert!(std::fs::read_to_string(&page)
        .unwrap()
        .contains("Values across tuning iterations"));
    let (ok, _, err) = run(&[
        "lab",
        "report",
        "--variant",
        "shogi",
        "--tuned",
        &out,
        "--out",
        &page,
        &data,
    ]);
    assert!(
        !ok && err.contains("tuned.toml is not for `shogi`"),
        "{err}"
    );
    // A match player takes the file for its variant, and refuses it for another.
    let (ok, _, err) = run(&[
        "match",
        "--variant",
        "shogi",
        "--first",
        &format!("menagerie:nodes=10,eval={out}"),
        "--second",
        "menagerie:nodes=10,eval=untuned",
        "--games",
        "1",
        "--tc",
        "none",
    ]);
    assert!(!ok);
    assert!(err.contains("not for `shogi`"), "{err}");
    let (ok, _, err) = run(&[
        "match",
        "--variant",
        "chess",
        "--first",
        &format!("menagerie:depth=1,eval={out}"),
        "--second",
        "menagerie:depth=1,eval=untuned",
        "--games",
        "2",
        "--tc",
        "none",
        "--max-plies",
        "20",
    ]);
    assert!(ok, "{err}");
    // Too little data is a clear error.
    let (ok, _, err) = run(&["lab", "tune", "--variant", "chess", "--out", &out, &data]);
    assert!(!ok);
    assert!(err.contains("too few usable positions"), "{err}");
}

#[test]
fn lab_tune_fits_a_mix_with_an_anchor_and_selfplay_plays_the_result() {
    let (data, out, games) = (
        tmp("tune-mix.txt"),
        tmp("tuned-mix.toml"),
        tmp("tuned-games.txt"),
    );
    std::fs::write(&data, tiny_records()).unwrap();
    let tune = |extra: &[&str]| {
        let mut args = vec!["lab", "tune", "--variant", "chess", "--margin", "100000"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--out", &out, &data]);
        run(&args)
    };
    let (ok, text, err) = tune(&["--target", "mix", "--lambda", "0.3", "--anchor", "P"]);
    assert!(ok, "{err}");
    let weights = std::fs::read_to_string(&out).unwrap();
    assert!(
        weights.contains("Target: mix (result share 0.3); anchored: P."),
        "{weights}"
    );
    // The anchored value stays (`value P  97 -> 97`); another one moved.
    let change = |name: &str| -> (String, String) {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap();
        let w: Vec<&str> = line.split_whitespace().collect();
        (w[2].to_string(), w[4].to_string())
    };
    let (before, after) = change("value P ");
    assert_eq!(before, after, "{text}");
    let (before, after) = change("scale tempo ");
    assert_ne!(before, after, "{text}");
    let (ok, _, err) = tune(&["--anchor", "Z"]);
    assert!(!ok);
    assert!(
        err.contains("--anchor Z: `chess` has no valued piece `Z`"),
        "{err}"
    );
    let (ok, _, err) = tune(&["--target", "mix", "--lambda", "2"]);
    assert!(!ok);
    assert!(err.contains("--lambda must lie from 0 to 1"), "{err}");
    // Self-play with the tuned set (the next iteration's data).
    let play = |variant: &str| {
        run(&[
            "selfplay",
            "--variant",
            variant,
            "--games",
            "1",
            "--nodes",
            "50",
            "--max-plies",
            "12",
            "--eval",
            &out,
            "--out",
            &games,
        ])
    };
    let (ok, _, err) = play("chess");
    assert!(ok, "{err}");
    let header = std::fs::read_to_string(&games).unwrap();
    assert!(header.contains(&format!(" eval={out}\n")), "{header}");
    let (ok, _, err) = play("shogi");
    assert!(!ok);
    assert!(err.contains("not for `shogi`"), "{err}");
}

#[test]
fn lab_tune_starts_from_the_weights_the_games_were_played_with() {
    let (data, first, second) = (
        tmp("tune-from.txt"),
        tmp("tune-from-1.toml"),
        tmp("tune-from-2.toml"),
    );
    std::fs::write(&data, tiny_records()).unwrap();
    let tune = |from: &[&str], out: &str| {
        let mut args = vec!["lab", "tune", "--variant", "chess", "--margin", "100000"];
        args.extend_from_slice(from);
        args.extend_from_slice(&["--out", out, &data]);
        run(&args)
    };
    // `value N  <before> -> <after>` of a tune's output.
    let knight = |text: &str| -> (String, String) {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("value N "))
            .unwrap();
        let w: Vec<&str> = line.split_whitespace().collect();
        (w[2].to_string(), w[4].to_string())
    };
    let (ok, text, err) = tune(&[], &first);
    assert!(ok, "{err}");
    let (derived, tuned) = knight(&text);
    assert_ne!(derived, tuned, "the first fit moved nothing: {text}");
    let (ok, text, err) = tune(&["--from", &first], &second);
    assert!(ok, "{err}");
    assert_eq!(knight(&text).0, tuned, "not started from {first}: {text}");
    let weights = std::fs::read_to_string(&second).unwrap();
    assert!(
        weights.contains(&format!("Started from: {first}.")),
        "{weights}"
    );
    let shogi_set = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../variants/tuned/shogi.toml"
    );
    let (ok, _, err) = tune(&["--from", shogi_set], &second);
    assert!(!ok);
    assert!(
        err.contains("--from") && err.contains("not for `chess`"),
        "{err}"
    );
}
