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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{move_text, perft, Position, Registry, SplitMix64, TextStyle};
    use std::sync::Arc;

    /// Depth of the start-position perft compared.
    const PERFT_DEPTH: u32 = 3;
    /// Random games played side by side per profile, and their length.
    const GAMES: u64 = 6;
    const PLIES: usize = 80;

    /// Set positions compared besides the random games: rules that random
    /// games seldom reach (atomic's touching Kings).
    const POSITIONS: &[(&str, &str)] = &[
        ("atomic", "8/8/8/8/3k4/8/2K5/8 w - - 0 1"),
        ("atomic", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        ("giveaway", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
    ];

    #[test]
    fn set_positions_play_like_the_built_in() {
        for &(id, fen) in POSITIONS {
            let (profile, builtin) = pair(id);
            let a = Position::from_fen(&profile, fen).expect("fen");
            let b = Position::from_fen(&builtin, fen).expect("fen");
            assert_eq!(view(&a), view(&b), "{id}: {fen}");
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
        let mut moves: Vec<String> = p
            .legal_moves()
            .iter()
            .map(|&m| move_text(p, m, TextStyle::Uci))
            .collect();
        moves.sort();
        (moves, p.to_fen(), p.outcome().map(|o| o.result()))
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
