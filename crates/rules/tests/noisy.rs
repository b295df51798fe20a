//! `noisy_moves` agrees with filtering `pseudo_moves`, `has_pseudo_move`
//! with `pseudo_moves` being non-empty, and `attackers` with `is_attacked`,
//! in every built-in variant, along deterministic random games that prefer
//! captures.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use menagerie_rules::{Color, Move, MoveList, Position, Registry};

fn noisy_by_filter(p: &Position) -> Vec<u64> {
    let mut all = MoveList::new();
    p.pseudo_moves(&mut all);
    let mut v: Vec<u64> = all
        .into_iter()
        .filter(|m| m.is_capture() || m.promotion().is_some())
        .map(Move::raw)
        .collect();
    v.sort_unstable();
    v
}

/// Hoppers that no built-in variant has yet: cannon, friendly-screen cannon,
/// grasshopper, lame and jumping leaps, and a leg-program piece.
const HOPPERS: &str = r#"
id = "hoppers"
name = "Hoppers"
family = "Test"
description = "Cannons, grasshoppers and lame leapers for the noisy-move test."
[board]
files = 8
ranks = 8
[pieces.K]
name = "King"
betza = "K"
royal = true
[pieces.C]
name = "Cannon"
betza = "mRcpR"
[pieces.F]
name = "Friend cannon"
betza = "mRctpR"
[pieces.G]
name = "Grasshopper"
betza = "gQ"
[pieces.H]
name = "Horse"
betza = "nN"
[pieces.M]
name = "Bent"
betza = "mafsWcafsW"
[setup]
fen = "chgmkfhc/8/8/8/8/8/8/CHGMKFHC w - - 0 1"
"#;

/// Games each variant plays at least, and at most while it has seen too few
/// positions.
const MIN_GAMES: u32 = 6;
const MAX_GAMES: u32 = 40;
/// Positions (and positions with a noisy move) each variant must have seen.
const MIN_POSITIONS: usize = 100;
const MIN_WITH_NOISY: usize = 20;

/// Built-in games whose pieces never capture or promote.
const NO_CAPTURES: &[&str] = &[
    "fox-and-hounds",
    "amazons",
    "isolation",
    "isolation7x7",
    "snailtrail",
    "joust",
    // Stones turn colour; none is ever captured.
    "flipersi",
    "flipello",
    "flipello10",
    "ataxx",
];

#[test]
fn noisy_moves_match_filtered_pseudo_moves() {
    let mut reg = Registry::builtin();
    reg.add_toml("hoppers.toml", HOPPERS).unwrap();
    for id in reg.ids() {
        // Each variant draws its own games (adding a variant does not change
        // another's), and plays on until enough positions were seen: games
        // of capture-preferring random moves end within a few plies in some
        // variants (extinction).
        let seed = id.bytes().fold(0x1234_5678_9abc_def0u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let mut rnd = common::rng(seed);
        let v = reg.get(&id).unwrap();
        let mut checked = 0;
        let mut with_noisy = 0;
        let mut games = 0;
        while games < MIN_GAMES || (checked <= MIN_POSITIONS && games < MAX_GAMES) {
            games += 1;
            let mut p = Position::start(&v);
            for _ply in 0..160 {
                let want = noisy_by_filter(&p);
                let mut all = MoveList::new();
                p.pseudo_moves(&mut all);
                let mut scratch = MoveList::new();
                assert_eq!(
                    p.has_pseudo_move(&mut scratch),
                    !all.is_empty(),
                    "{id}: {}",
                    p.to_fen()
                );
                let mut got = MoveList::new();
                p.noisy_moves(&mut got);
                let mut got: Vec<u64> = got.into_iter().map(Move::raw).collect();
                got.sort_unstable();
                assert_eq!(got, want, "{id}: {}", p.to_fen());
                // `attackers` finds a piece exactly where `is_attacked` says
                // there is one, and each it names really attacks the cell.
                for (i, c) in v.geometry.cells().enumerate() {
                    if i % 7 != checked % 7 {
                        continue;
                    }
                    for by in [Color::White, Color::Black] {
                        let mut found = Vec::new();
                        p.attackers(c, by, &mut found);
                        assert_eq!(
                            !found.is_empty(),
                            p.is_attacked(c, by),
                            "{id}: {} {c:?}",
                            p.to_fen()
                        );
                        for &(s, k) in &found {
                            let piece = p.piece(s);
                            assert!(piece.is_color(by), "{id}: {} {s:?}", p.to_fen());
                            let (kind, joker) = match p.imitation() {
                                Some(imit) if v.pieces[usize::from(k)].imitator => (imit, true),
                                _ => (k, false),
                            };
                            assert!(
                                p.attacks_from(by, kind, s, c, false, joker),
                                "{id}: {} {s:?}->{c:?}",
                                p.to_fen()
                            );
                        }
                    }
                }
                checked += 1;
                if !want.is_empty() {
                    with_noisy += 1;
                }
                if !common::play_random_preferring_captures(&mut p, &mut rnd) {
                    break;
                }
            }
        }
        // Games in which nothing is ever captured or promoted have no
        // noisy move to check.
        let quiet_game = NO_CAPTURES.contains(&id.as_str());
        assert!(
            checked > MIN_POSITIONS
                && (with_noisy > MIN_WITH_NOISY || quiet_game && with_noisy == 0),
            "{id}: {checked} {with_noisy}"
        );
    }
}

/// Pieces that only step forward, for a side without a pseudo-legal move.
const STUCK: &str = r#"
id = "stuck"
name = "Stuck"
family = "Test"
description = "Forward steppers that block each other."
[board]
files = 3
ranks = 3
[pieces.P]
name = "Stepper"
betza = "mfW"
[setup]
fen = "3/1p1/1P1 w - - 0 1"
"#;

#[test]
fn has_pseudo_move_tells_a_stuck_side() {
    let mut reg = Registry::builtin();
    reg.add_toml("stuck.toml", STUCK).unwrap();
    let v = reg.get("stuck").unwrap();
    let mut scratch = MoveList::new();
    for (fen, stuck) in [
        ("3/1p1/1P1 w - - 0 1", true),
        ("3/1p1/1P1 b - - 0 1", true),
        ("1p1/3/1P1 w - - 0 1", false),
        // The first piece looked at is stuck, the second is not.
        ("p2/P2/2P w - - 0 1", false),
    ] {
        let p = Position::from_fen(&v, fen).unwrap();
        let mut all = MoveList::new();
        p.pseudo_moves(&mut all);
        assert_eq!(all.is_empty(), stuck, "{fen}");
        assert_eq!(p.has_pseudo_move(&mut scratch), !stuck, "{fen}");
    }
}
