//! `attacks_if_placed` names exactly the drops after which the dropped piece
//! attacks the target, and `can_drop` allows exactly the generated drops, in
//! every built-in drop variant and in a drop variant with hoppers, lame
//! leapers and a bent piece, along random games that prefer captures (so
//! that hands fill up).
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use menagerie_rules::{Move, MoveList, Position, Registry};

/// Drops with the pieces the reverse tables handle in special ways.
const DROP_HOPPERS: &str = r#"
id = "drop-hoppers"
name = "Drop hoppers"
family = "Test"
description = "Cannons, grasshoppers, lame leapers and a bent piece, dropped."
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
[pieces.G]
name = "Grasshopper"
betza = "gQ"
[pieces.H]
name = "Horse"
betza = "nN"
[pieces.M]
name = "Bent"
betza = "mafsWcafsW"
[pieces.R]
name = "Rook"
betza = "R"
[setup]
fen = "rchgmkhc/8/8/8/8/8/8/CHGMKHCR w - - 0 1"
[rules]
drops = true
"#;

/// Games per variant, and at most this many while too few drops were seen.
const MIN_GAMES: usize = 4;
const MAX_GAMES: usize = 40;

#[test]
fn attacks_if_placed_finds_exactly_the_attacking_drops() {
    let mut reg = Registry::builtin();
    reg.add_toml("drop-hoppers.toml", DROP_HOPPERS).unwrap();
    let mut rnd = common::rng(0x0dd5_eed5_1234_5678u64);
    let mut variants = 0;
    for id in reg.ids() {
        let v = reg.get(&id).unwrap();
        if !v.rules.drops {
            continue;
        }
        variants += 1;
        let mut with_drops = 0;
        let mut hits = 0;
        let mut games = 0;
        // Four games, more where games end before the hands filled up
        // (Dobutsu shogi's Lion falls early).
        while games < MIN_GAMES
            || (v.rules.captures_to_hand && with_drops <= 20 && games < MAX_GAMES)
        {
            games += 1;
            let mut p = Position::start(&v);
            for _ply in 0..120 {
                let us = p.side();
                let them = us.flip();
                // The target: an enemy royal, else any enemy piece.
                let target = p
                    .royals(them)
                    .next()
                    .or_else(|| v.geometry.cells().find(|&c| p.piece(c).is_color(them)));
                let kinds = (0..v.types())
                    .filter(|&k| p.hand(us, k as u8) > 0)
                    .fold(0u64, |m, k| m | 1 << k);
                if let (Some(t), true) = (target, kinds != 0) {
                    let mut found = Vec::new();
                    p.attacks_if_placed(t, us, kinds, &mut found);
                    let mut pseudo = MoveList::new();
                    p.pseudo_moves(&mut pseudo);
                    // A drop placing the piece promoted is a different type on the
                    // board: `attacks_if_placed` speaks of pieces placed as they are.
                    for m in pseudo
                        .iter()
                        .filter(|m| m.dropped().is_some() && !m.is_promoted_drop())
                    {
                        let (k, c) = (m.dropped().unwrap(), m.to());
                        let listed = found.iter().any(|&(s, mask)| s == c && mask >> k & 1 != 0);
                        let mut after = p.clone();
                        after.make_unchecked(*m);
                        let real = after.attacks_from(us, k, c, t, false, false);
                        assert!(!listed || real, "{id}: {} {m:?} listed", p.to_fen());
                        let exact =
                            !v.pieces[usize::from(k)].complex || v.reach(us, k, c).is_some();
                        let imitator = v.imitator == Some(k);
                        assert!(
                            !real || listed || !exact || imitator,
                            "{id}: {} {m:?} missed",
                            p.to_fen()
                        );
                        hits += usize::from(real);
                    }
                    with_drops += 1;
                }
                let mut pseudo = MoveList::new();
                p.pseudo_moves(&mut pseudo);
                for k in 0..v.types() as u8 {
                    for c in v.geometry.cells() {
                        let generated = pseudo.contains(&Move::drop(k, c));
                        assert_eq!(
                            p.can_drop(k, c),
                            generated,
                            "{id}: {} {k} {c:?}",
                            p.to_fen()
                        );
                    }
                }
                if !common::play_random_preferring_captures(&mut p, &mut rnd) {
                    break;
                }
            }
        }
        // Hands fill up where captures go to them; elsewhere they hold only
        // what the start position gives (Pocket Knight's one Knight).
        if v.rules.captures_to_hand {
            assert!(with_drops > 20 && hits > 5, "{id}: {with_drops} {hits}");
        }
    }
    assert!(variants >= 17, "{variants}");
}
