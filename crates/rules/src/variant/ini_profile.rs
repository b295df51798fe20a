//! Parent profiles: the built-in variants that ini sections extend
//! (`[mygame:crazyhouse]`), described in Fairy-Stockfish's own keys.
//!
//! Fairy-Stockfish defines each built-in variant as a set of rule settings
//! and applies a section's keys on top of them, so a key means the same
//! over any parent. Menagerie's built-in variants are TOML files instead;
//! the older way (`ini_parent`) writes a TOML file extending the built-in
//! and can translate only the few keys it knows how to lay over a TOML
//! variant. A profile is the built-in written as ini keys
//! (`variants/fsf-profiles.ini`, data in the repository): a section over
//! it becomes the profile's keys with the section's keys on top,
//! translated like a standalone section, so every key the standalone
//! translator knows works over the parent too, with Fairy-Stockfish's
//! meaning. Parents without a profile keep the older way.
//!
//! Each profile must play exactly like its built-in: the tests below
//! compare the two by start-position perft and along seeded random games
//! (legal moves, FEN and result at every ply).

use super::ini::parse_sections;
use super::load::MAX_EXTENDS_DEPTH;
use std::collections::BTreeMap;

/// The profiles, one ini section per built-in variant id.
const PROFILES: &str = include_str!("../../../../variants/fsf-profiles.ini");

/// The keys of the profile of the built-in variant `id` (those of the
/// profiles it extends first), or `None` without a profile.
pub(super) fn keys(id: &str) -> Option<BTreeMap<String, String>> {
    let sections = parse_sections(PROFILES);
    let mut chain = Vec::new();
    let mut name = id;
    loop {
        let sec = sections.iter().find(|s| s.name == name)?;
        chain.push(sec);
        match sec.parent.as_deref() {
            None | Some("chess") => break,
            Some(p) if chain.len() <= MAX_EXTENDS_DEPTH => name = p,
            Some(_) => return None,
        }
    }
    let mut out = BTreeMap::new();
    for sec in chain.iter().rev() {
        for (k, v, _) in &sec.keys {
            out.insert(k.clone(), v.clone());
        }
    }
    Some(out)
}

/// The profile key giving the letters Fairy-Stockfish's SAN writes for
/// some piece types of the built-in instead of their FEN letters (its
/// synonyms): `horse:h elephant:e`, piece key and letter. A profile's own
/// key, not Fairy-Stockfish's: a section cannot set it.
pub(super) const SAN_LETTERS: &str = "sanLetters";

/// Takes the [`SAN_LETTERS`] key out of a profile's `keys`: piece key ->
/// letter (upper case).
pub(super) fn take_san_letters(keys: &mut BTreeMap<String, String>) -> BTreeMap<String, char> {
    let Some(text) = keys.remove(SAN_LETTERS) else {
        return BTreeMap::new();
    };
    text.split_whitespace()
        .filter_map(|pair| {
            let (key, letter) = pair.split_once(':')?;
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => {
                    Some((key.to_string(), c.to_ascii_uppercase()))
                }
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::legal_uci;
    use crate::{perft, Position, Registry, SplitMix64};
    use std::sync::Arc;

    /// Depth of the start-position perft compared.
    const PERFT_DEPTH: u32 = 3;
    /// Random games played side by side per profile, and their length.
    const GAMES: u64 = 6;
    const PLIES: usize = 80;

    /// Set positions (a FEN and moves played from it) compared besides the
    /// random games: rules that random games seldom reach (atomic's touching
    /// Kings, a mate by a Pawn drop, the fourth repetition), each with
    /// Fairy-Stockfish's result there (pyffish 0.0.90; `-`: the game goes
    /// on).
    const POSITIONS: &[(&str, &str, &[&str], &str)] = &[
        ("atomic", "8/8/8/8/3k4/8/2K5/8 w - - 0 1", &[], "-"),
        ("atomic", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &[], "-"),
        ("giveaway", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &[], "-"),
        // Mate by a dropped Pawn loses for the side that dropped it.
        (
            "shogi",
            "kn7/9/1G7/9/9/9/9/9/8K[P] w - - 0 1",
            &["P@a8"],
            "0-1",
        ),
        ("minishogi", "kp3/5/1G3/5/4K[P] w - - 0 1", &["P@a4"], "0-1"),
        (
            "gorogoro",
            "kp3/5/1G3/5/5/4K[P] w - - 0 1",
            &["P@a5"],
            "0-1",
        ),
        // The fourth repetition: a draw, but White's loss in Minishogi.
        (
            "shogi",
            "k8/9/9/9/9/9/9/9/8K[] w - - 0 1",
            REPEAT_SHOGI,
            "1/2-1/2",
        ),
        ("minishogi", "k4/5/5/5/4K[] w - - 0 1", REPEAT_MINI, "0-1"),
        (
            "gorogoro",
            "k4/5/5/5/5/4K[] w - - 0 1",
            REPEAT_GORO,
            "1/2-1/2",
        ),
    ];
    /// Kings stepping to and fro until the position stands a fourth time.
    const REPEAT_SHOGI: &[&str] = &[
        "i1h1", "a9b9", "h1i1", "b9a9", "i1h1", "a9b9", "h1i1", "b9a9", "i1h1", "a9b9", "h1i1",
        "b9a9",
    ];
    const REPEAT_MINI: &[&str] = &[
        "e1d1", "a5b5", "d1e1", "b5a5", "e1d1", "a5b5", "d1e1", "b5a5", "e1d1", "a5b5", "d1e1",
        "b5a5",
    ];
    const REPEAT_GORO: &[&str] = &[
        "e1d1", "a6b6", "d1e1", "b6a6", "e1d1", "a6b6", "d1e1", "b6a6", "e1d1", "a6b6", "d1e1",
        "b6a6",
    ];

    #[test]
    fn set_positions_play_like_the_built_in() {
        for &(id, fen, moves, result) in POSITIONS {
            let (profile, builtin) = pair(id);
            let mut a = Position::from_fen(&profile, fen).expect("fen");
            let mut b = Position::from_fen(&builtin, fen).expect("fen");
            for text in moves {
                for p in [&mut a, &mut b] {
                    let m = crate::parse_move(p, text).expect("legal");
                    p.play(m).expect("legal");
                }
            }
            let seen = view(&a);
            assert_eq!(seen, view(&b), "{id}: {fen} {moves:?}");
            assert_eq!(seen.2.unwrap_or("-"), result, "{id}: {fen} {moves:?}");
        }
    }

    /// Every profile's id.
    fn ids() -> Vec<String> {
        parse_sections(PROFILES)
            .into_iter()
            .map(|s| s.name)
            .collect()
    }

    /// The profile of `id` loaded as an ini section without keys of its own,
    /// beside the built-in `id`.
    fn pair(id: &str) -> (Arc<crate::Variant>, Arc<crate::Variant>) {
        let mut reg = Registry::builtin();
        let text = format!("[profile-{id}:{id}]\n");
        let ids = reg
            .add_ini("profiles.ini", &text)
            .unwrap_or_else(|e| panic!("profile {id}: {e}"));
        let profile = reg.get(&ids[0]).expect("loaded");
        let builtin = reg
            .get(id)
            .unwrap_or_else(|e| panic!("built-in `{id}`: {e}"));
        (profile, builtin)
    }

    /// Legal moves (sorted protocol text), FEN and result of a position.
    fn view(p: &Position) -> (Vec<String>, String, Option<&'static str>) {
        (legal_uci(p), p.to_fen(), p.outcome().map(|o| o.result()))
    }

    #[test]
    fn every_profile_plays_like_its_built_in() {
        for id in ids() {
            let (profile, builtin) = pair(&id);
            let (mut a, mut b) = (Position::start(&profile), Position::start(&builtin));
            assert_eq!(view(&a), view(&b), "{id}: start position");
            assert_eq!(
                perft(&mut a, PERFT_DEPTH),
                perft(&mut b, PERFT_DEPTH),
                "{id}: perft({PERFT_DEPTH})"
            );
            for game in 0..GAMES {
                let mut rng = SplitMix64(game + 1);
                let (mut a, mut b) = (Position::start(&profile), Position::start(&builtin));
                let mut line = Vec::new();
                for _ in 0..PLIES {
                    let (va, vb) = (view(&a), view(&b));
                    assert_eq!(va, vb, "{id}: game {game} after {line:?}");
                    if va.2.is_some() || va.0.is_empty() {
                        break;
                    }
                    let pick = usize::try_from(rng.next() % va.0.len() as u64).unwrap_or(0);
                    let text = &va.0[pick];
                    for p in [&mut a, &mut b] {
                        let m = crate::parse_move(p, text).expect("legal");
                        p.play(m).expect("legal");
                    }
                    line.push(text.clone());
                }
            }
        }
    }

    #[test]
    fn a_section_over_a_profile_changes_only_its_keys() {
        // Crazyhouse with compulsory captures: the profile's drops stay.
        let mut reg = Registry::builtin();
        let ids = reg
            .add_ini("x.ini", "[coffee:crazyhouse]\nmustCapture = true\n")
            .expect("loads");
        let v = reg.get(&ids[0]).expect("registered");
        assert!(v.rules.drops && v.rules.captures_to_hand && v.rules.must_capture);
        assert!(keys("crazyhouse").is_some_and(|k| k.contains_key("pieceDrops")));
        assert!(keys("nosuchvariant").is_none());
    }
}
