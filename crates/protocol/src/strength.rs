//! Playing strength over the protocols: UCI's `Skill Level` (0-20) and
//! `UCI_LimitStrength` with `UCI_Elo` (XBoard: the same names through
//! `option NAME=VALUE`), mapped onto the engine's levels 1-8 ([`Level`], see
//! `menagerie_engine::level`).
//!
//! Why a mapping here rather than new engine knobs: the engine has one notion of a
//! weaker player (a node budget a move and chosen slips), the one the web site offers;
//! the protocols only name it differently, so GUIs and people see the same eight
//! players.
//!
//! * **Skill Level** 0-20 is spread evenly over the eight levels
//!   ([`level_for_skill`]: 0-1 level 1, 2-4 level 2, ..., 19-20 level 8 = full strength), the
//!   default 20 being full strength as in other engines.
//! * **UCI_Elo** (used only while `UCI_LimitStrength` is on) picks the strongest level
//!   whose rating ([`LEVEL_ELO`]) does not exceed it. The ratings are an *estimate*,
//!   chosen rather than measured against rated players: 800 for level 1 (a beginner
//!   who blunders half its moves) and 200 more for each level up. Each level up
//!   triples the node budget (about one ply of search more, which self-play tests of
//!   chess engines value at 100-200 Elo at these shallow depths) and roughly halves
//!   the slips, so 200 a level sits at the low end of what the two together give; the
//!   ratings of players who lose to level 7 are not known here. Level 8 is the engine
//!   at full strength, rated [`MAX_ELO`] only as the top of the scale.
//!
//! With `UCI_LimitStrength` off, `Skill Level` decides; with it on, `UCI_Elo` does.

use menagerie_engine::Level;

/// Highest `Skill Level` (full strength).
pub const MAX_SKILL: u32 = 20;
/// Estimated rating of each level 1..=8 (see the module doc).
pub const LEVEL_ELO: [u32; 8] = [800, 1000, 1200, 1400, 1600, 1800, 2000, 2200];
/// Lowest `UCI_Elo` (level 1).
pub const MIN_ELO: u32 = LEVEL_ELO[0];
/// Highest `UCI_Elo` (level 8, full strength).
pub const MAX_ELO: u32 = LEVEL_ELO[LEVEL_ELO.len() - 1];

/// The level of a `Skill Level` (0..=[`MAX_SKILL`]; above it: full strength).
#[must_use]
pub fn level_for_skill(skill: u32) -> Level {
    let span = u32::from(Level::FULL.number() - 1);
    let n = 1 + (skill.min(MAX_SKILL) * span + MAX_SKILL / 2) / MAX_SKILL;
    level(n)
}

/// The strongest level rated at most `elo` (level 1 below [`MIN_ELO`]).
#[must_use]
pub fn level_for_elo(elo: u32) -> Level {
    let n = LEVEL_ELO.iter().filter(|&&e| e <= elo).count().max(1);
    level(n as u32)
}

fn level(n: u32) -> Level {
    u8::try_from(n)
        .ok()
        .and_then(Level::new)
        .unwrap_or(Level::FULL)
}

/// The strength options of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strength {
    skill: u32,
    limit: bool,
    elo: u32,
}

impl Default for Strength {
    fn default() -> Self {
        Strength {
            skill: MAX_SKILL,
            limit: false,
            elo: MAX_ELO,
        }
    }
}

impl Strength {
    /// The UCI `option` lines that advertise the strength options.
    #[must_use]
    pub fn uci_options() -> [String; 3] {
        [
            format!("option name Skill Level type spin default {MAX_SKILL} min 0 max {MAX_SKILL}"),
            "option name UCI_LimitStrength type check default false".to_string(),
            format!("option name UCI_Elo type spin default {MAX_ELO} min {MIN_ELO} max {MAX_ELO}"),
        ]
    }

    /// The XBoard `feature option=...` values that advertise them.
    #[must_use]
    pub fn xboard_features() -> String {
        format!(
            "feature option=\"Skill Level -spin {MAX_SKILL} 0 {MAX_SKILL}\" option=\"UCI_LimitStrength -check 0\" option=\"UCI_Elo -spin {MAX_ELO} {MIN_ELO} {MAX_ELO}\""
        )
    }

    /// Sets a strength option: `None` when `name` is not one, else the new level or a
    /// message for a bad value (the setting then stays as it was).
    pub fn set(&mut self, name: &str, value: &str) -> Option<Result<Level, String>> {
        let v = value.trim();
        let number = |lo: u32, hi: u32| {
            v.parse::<u32>()
                .ok()
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| format!("option {name} must be a number from {lo} to {hi}"))
        };
        let result = match name.trim().to_ascii_lowercase().as_str() {
            "skill level" => number(0, MAX_SKILL).map(|n| self.skill = n),
            "uci_elo" => number(MIN_ELO, MAX_ELO).map(|n| self.elo = n),
            "uci_limitstrength" => match v.to_ascii_lowercase().as_str() {
                "true" | "1" => {
                    self.limit = true;
                    Ok(())
                }
                "false" | "0" => {
                    self.limit = false;
                    Ok(())
                }
                _ => Err(format!("option {name} must be true or false")),
            },
            _ => return None,
        };
        Some(result.map(|()| self.level()))
    }

    /// The level these settings ask for.
    #[must_use]
    pub fn level(&self) -> Level {
        if self.limit {
            level_for_elo(self.elo)
        } else {
            level_for_skill(self.skill)
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn n(l: Level) -> u8 {
        l.number()
    }

    #[test]
    fn skill_levels_cover_the_eight_levels_evenly() {
        let got: Vec<u8> = (0..=MAX_SKILL).map(|s| n(level_for_skill(s))).collect();
        assert_eq!(
            got,
            [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8]
        );
        assert_eq!(level_for_skill(1000), Level::FULL);
    }

    #[test]
    fn elo_picks_the_strongest_level_rated_at_most_it() {
        assert_eq!(n(level_for_elo(0)), 1);
        assert_eq!(n(level_for_elo(800)), 1);
        assert_eq!(n(level_for_elo(999)), 1);
        assert_eq!(n(level_for_elo(1000)), 2);
        assert_eq!(n(level_for_elo(1750)), 5);
        assert_eq!(n(level_for_elo(2199)), 7);
        assert_eq!(level_for_elo(2200), Level::FULL);
    }

    #[test]
    fn options_are_checked_and_limit_strength_switches_to_elo() {
        let mut s = Strength::default();
        assert_eq!(s.level(), Level::FULL);
        assert_eq!(s.set("Hash", "16"), None, "not a strength option");
        assert_eq!(s.set("Skill Level", "0").unwrap().map(n), Ok(1));
        assert!(s.set("Skill Level", "21").unwrap().is_err());
        assert!(s.set("Skill Level", "-1").unwrap().is_err());
        assert_eq!(n(s.level()), 1, "a refused value changes nothing");
        assert_eq!(
            s.set("UCI_Elo", "1450").unwrap().map(n),
            Ok(1),
            "off: skill"
        );
        assert_eq!(s.set("UCI_LimitStrength", "true").unwrap().map(n), Ok(4));
        assert!(s.set("UCI_Elo", "5000").unwrap().is_err());
        assert!(s.set("UCI_LimitStrength", "maybe").unwrap().is_err());
        assert_eq!(s.set("uci_limitstrength", "0").unwrap().map(n), Ok(1));
    }
}
