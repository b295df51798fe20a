//! Tuned search parameters are data: one file of `name=value` settings per
//! search family (`variants/search/<family>.txt`, written by `menagerie
//! tune spsa`), chosen by what the variant is — drops, a 3D board, a large
//! board, or none of these — never by its name. A family without a file
//! searches with the hand-set [`SearchParams::default`]. A set is embedded
//! only after it beat the values it replaces in an SPRT (docs/strength.md,
//! "Tuning the search").

use super::SearchParams;
use menagerie_rules::Variant;

/// Boards with more cells than this are large (chess has 64, capablanca 80).
pub const LARGE_BOARD_CELLS: usize = 64;

/// A group of variants that shares one tuned set of search parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchFamily {
    /// A flat board of at most `LARGE_BOARD_CELLS` cells, no drops.
    Board,
    /// A flat board of more cells, no drops.
    LargeBoard,
    /// Captured pieces are dropped back (any flat board).
    Drops,
    /// A 3D board (with drops or without).
    ThreeD,
}

impl SearchFamily {
    /// The family of `v`: a 3D board first (its many directions change
    /// the tree most), then drops, then the board's size.
    #[must_use]
    pub fn of(v: &Variant) -> SearchFamily {
        if v.geometry.is_3d() {
            SearchFamily::ThreeD
        } else if v.rules.drops {
            SearchFamily::Drops
        } else if v.geometry.len() > LARGE_BOARD_CELLS {
            SearchFamily::LargeBoard
        } else {
            SearchFamily::Board
        }
    }

    /// The name its data file has.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            SearchFamily::Board => "board",
            SearchFamily::LargeBoard => "large-board",
            SearchFamily::Drops => "drops",
            SearchFamily::ThreeD => "3d",
        }
    }

    /// Its embedded tuned settings, if it has any.
    #[must_use]
    pub fn tuned_text(self) -> Option<&'static str> {
        self.text_in(TUNED)
    }

    fn text_in(self, table: &[(SearchFamily, &'static str)]) -> Option<&'static str> {
        table.iter().find(|(f, _)| *f == self).map(|(_, t)| *t)
    }

    /// The parameters its variants search with when nothing overrides
    /// them: the hand-set defaults changed by its tuned settings.
    #[must_use]
    pub fn params(self) -> SearchParams {
        self.params_in(TUNED)
    }

    fn params_in(self, table: &[(SearchFamily, &'static str)]) -> SearchParams {
        let mut p = SearchParams::default();
        // A set that does not read leaves the hand-set values (every
        // embedded set is read by this module's tests).
        if let Some(text) = self.text_in(table) {
            let mut tuned = p;
            if tuned.apply(text).is_ok() {
                p = tuned;
            }
        }
        p
    }
}

/// The embedded tuned sets, `(family, text of variants/search/<family>.txt)`:
/// a set is listed only after it passed its SPRT against the values it
/// replaces (none has yet).
pub const TUNED: &[(SearchFamily, &str)] = &[];

/// The search parameters an engine plays with.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum ParamsChoice {
    /// The variant's family's tuned set where it has one, else the
    /// hand-set defaults.
    #[default]
    Default,
    /// These values (the hand-set defaults changed by a tuner's trial or
    /// a file of settings), whatever the variant.
    Given(SearchParams),
}

impl ParamsChoice {
    /// The parameters a search of `v` uses under this choice.
    #[must_use]
    pub fn params(&self, v: &Variant) -> SearchParams {
        match self {
            ParamsChoice::Default => SearchFamily::of(v).params(),
            ParamsChoice::Given(p) => *p,
        }
    }

    /// The given values to change: the hand-set defaults when nothing was
    /// given yet (settings are read on top of those, as a tuner wrote
    /// them).
    pub fn given_mut(&mut self) -> &mut SearchParams {
        if let ParamsChoice::Default = self {
            *self = ParamsChoice::Given(SearchParams::default());
        }
        match self {
            ParamsChoice::Given(p) => p,
            ParamsChoice::Default => unreachable!("set just above"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Registry;

    fn family(id: &str) -> SearchFamily {
        SearchFamily::of(&Registry::builtin().get(id).unwrap())
    }

    #[test]
    fn variants_fall_into_families_by_what_they_are() {
        assert_eq!(family("chess"), SearchFamily::Board);
        assert_eq!(family("capablanca"), SearchFamily::LargeBoard);
        assert_eq!(family("shogi"), SearchFamily::Drops);
        assert_eq!(family("crazyhouse"), SearchFamily::Drops);
        // 6x6x6 with drops.
        assert_eq!(family("elefantnichtschach"), SearchFamily::ThreeD);
        let mut reg = Registry::new();
        let toml = r#"
id = "cube"
[board]
files = 3
ranks = 3
levels = 2
[pieces.K]
betza = "K(1,1,1)"
royal = true
[setup]
fen = "2k/3/3|3/3/2K w 0 1"
"#;
        let id = reg.add_toml("cube.toml", toml).unwrap();
        assert_eq!(
            SearchFamily::of(&reg.get(&id).unwrap()),
            SearchFamily::ThreeD
        );
    }

    #[test]
    fn every_embedded_set_reads_and_changes_something() {
        for (i, (f, text)) in TUNED.iter().enumerate() {
            assert!(TUNED[..i].iter().all(|(g, _)| g != f), "{f:?} twice");
            let mut p = SearchParams::default();
            p.apply(text).unwrap();
            assert_ne!(p, SearchParams::default(), "{f:?} changes nothing");
            assert_eq!(f.params(), p);
        }
    }

    /// A family's set changes that family's parameters alone.
    #[test]
    fn a_set_applies_to_its_family_only() {
        let table = [(SearchFamily::Drops, "rfp_margin=120 # tuned\nlmr_div=2.5")];
        let p = SearchFamily::Drops.params_in(&table);
        assert_eq!((p.rfp_margin, p.lmr_div), (120, 2.5));
        assert_eq!(
            p.changes_from(&SearchParams::default()),
            "rfp_margin=120,lmr_div=2.5"
        );
        for f in [
            SearchFamily::Board,
            SearchFamily::LargeBoard,
            SearchFamily::ThreeD,
        ] {
            assert_eq!(f.params_in(&table), SearchParams::default(), "{f:?}");
        }
    }

    /// Without settings a variant searches with its family's tuned set,
    /// or with the hand-set values where the family has none.
    #[test]
    fn the_default_choice_is_the_family_set() {
        let reg = Registry::builtin();
        for id in ["chess", "capablanca", "shogi", "elefantnichtschach"] {
            let v = reg.get(id).unwrap();
            let f = SearchFamily::of(&v);
            let mut want = SearchParams::default();
            if let Some(text) = f.tuned_text() {
                want.apply(text).unwrap();
            }
            assert_eq!(ParamsChoice::Default.params(&v), want, "{id}");
            assert_eq!(f.tuned_text().is_some(), want != SearchParams::default());
        }
    }

    #[test]
    fn given_values_start_from_the_hand_set_defaults_in_every_family() {
        let chess = Registry::builtin().get("chess").unwrap();
        let mut c = ParamsChoice::Default;
        c.given_mut().set("rfp_margin", "120").unwrap();
        let mut want = SearchParams {
            rfp_margin: 120,
            ..SearchParams::default()
        };
        assert_eq!(c.params(&chess), want);
        c.given_mut().set("lmr_div", "2.5").unwrap();
        want.lmr_div = 2.5;
        assert_eq!(c, ParamsChoice::Given(want));
    }
}
