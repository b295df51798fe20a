//! Stage 3a: a piece's moves, from its `betza` text and its `moves` groups
//! (conditions by region, explicit leg programs), as the move compiler's
//! [`GroupSource`]s.

use super::Ctx;
use crate::betza::{self, Component};
use crate::movegen::compile::GroupSource;
use crate::variant::spec::MoveGroupFile;
use menagerie_geometry::CellSet;
use std::ops::Range;

/// Where a move group came from, for its problems.
#[derive(Clone)]
pub(super) struct At<'k> {
    /// File of the chain.
    pub origin: usize,
    /// Span of the entry in that file.
    pub span: Range<usize>,
    /// Dotted key (`pieces.N.moves[0]`).
    pub key: &'k str,
}

impl Ctx<'_> {
    fn problem(&mut self, at: &At<'_>, span: Option<Range<usize>>, message: impl Into<String>) {
        let p = self.m.problem_at(at.origin, span, at.key, message);
        self.problems.push(p);
    }

    /// The components of a `betza` text; a parse error is reported at its
    /// column inside the file.
    pub(super) fn groups_from_betza(&mut self, text: &str, at: &At<'_>) -> Option<Vec<Component>> {
        match betza::parse(text) {
            Ok(b) => Some(b.components),
            Err(e) => {
                let col = at.span.start + e.column; // +1 for the quote, -1 for 1-based column
                self.problem(
                    at,
                    Some(col..col),
                    format!("column {}: {}", e.column, e.message),
                );
                None
            }
        }
    }

    /// An explicit leg program: every combination of the legs' options is
    /// one multi-leg component.
    fn leg_program(
        &mut self,
        legs: &[String],
        relative: bool,
        at: &At<'_>,
    ) -> Option<Vec<Component>> {
        if legs.len() < 2 {
            self.problem(at, Some(at.span.clone()), "`legs` needs two or more legs");
            return None;
        }
        let mut alts: Vec<Vec<betza::Leg>> = Vec::new();
        for (i, l) in legs.iter().enumerate() {
            let b = match betza::parse(l) {
                Ok(b) => b,
                Err(e) => {
                    self.problem(
                        at,
                        Some(at.span.clone()),
                        format!("leg {} `{l}`, column {}: {}", i + 1, e.column, e.message),
                    );
                    return None;
                }
            };
            let mut options = Vec::new();
            for c in b.components {
                if c.legs.len() != 1 {
                    self.problem(
                        at,
                        Some(at.span.clone()),
                        format!(
                            "leg {} `{l}`: each leg is a one-leg move (no `a` or brackets)",
                            i + 1
                        ),
                    );
                    return None;
                }
                options.extend(c.legs);
            }
            alts.push(options);
        }
        let mut combos: Vec<Vec<betza::Leg>> = vec![Vec::new()];
        for opts in &alts {
            combos = combos
                .iter()
                .flat_map(|c| {
                    opts.iter().map(move |o| {
                        let mut c2 = c.clone();
                        c2.push(o.clone());
                        c2
                    })
                })
                .collect();
        }
        let text = legs.join(" / ");
        Some(
            combos
                .into_iter()
                .map(|legs| Component {
                    may_end: vec![false; legs.len() - 1],
                    legs,
                    column: 1,
                    text: text.clone(),
                    relative,
                })
                .collect(),
        )
    }

    /// An optional region condition of a group (`from`, `to`, `not_into`);
    /// `None` when the region has a problem (reported).
    fn condition(
        &mut self,
        name: Option<&String>,
        what: &str,
        at: &At<'_>,
    ) -> Option<Option<[CellSet; 2]>> {
        let Some(t) = name else { return Some(None) };
        match self.region_pair(t) {
            Ok(r) => Some(Some(r)),
            Err(e) => {
                let p = self
                    .m
                    .problem_at(at.origin, None, &format!("{}.{what}", at.key), e);
                self.problems.push(p);
                None
            }
        }
    }

    /// `same_region`: a class number per cell and colour (`u8::MAX`: none).
    fn same_class(&mut self, names: &[String], at: &At<'_>) -> Option<[Vec<u8>; 2]> {
        let mut classes = [vec![u8::MAX; self.g.len()], vec![u8::MAX; self.g.len()]];
        for (i, n) in names.iter().enumerate() {
            match self.region_pair(n) {
                Ok(r) => {
                    for (c, cells) in r.iter().enumerate() {
                        for cell in cells.iter() {
                            classes[c][cell.idx()] = i as u8;
                        }
                    }
                }
                Err(e) => {
                    let p =
                        self.m
                            .problem_at(at.origin, None, &format!("{}.same_region", at.key), e);
                    self.problems.push(p);
                    return None;
                }
            }
        }
        Some(classes)
    }

    /// One entry of a piece's `moves`.
    pub(super) fn group(&mut self, gf: &MoveGroupFile, at: &At<'_>) -> Option<GroupSource> {
        let mut g = GroupSource::default();
        match (&gf.betza, &gf.legs) {
            (Some(t), None) => match betza::parse(t) {
                Ok(b) => g.components = b.components,
                Err(e) => {
                    self.problem(
                        at,
                        Some(at.span.clone()),
                        format!("betza `{t}`, column {}: {}", e.column, e.message),
                    );
                    return None;
                }
            },
            (None, Some(legs)) => {
                g.components = self.leg_program(legs, gf.relative.unwrap_or(false), at)?;
            }
            _ => {
                self.problem(
                    at,
                    Some(at.span.clone()),
                    "a move group needs exactly one of `betza` or `legs`",
                );
                return None;
            }
        }
        g.initial = gf.initial.unwrap_or(false);
        g.noreset = gf.resets_clock == Some(false);
        g.show_path = gf.show_path.unwrap_or(false);
        g.first_move = gf.first_move.unwrap_or(false);
        g.calm = gf.not_in_check.unwrap_or(false);
        g.from = self.condition(gf.from.as_ref(), "from", at)?;
        g.to = self.condition(gf.to.as_ref(), "to", at)?;
        g.not_into = self.condition(gf.not_into.as_ref(), "not_into", at)?;
        if let Some(names) = &gf.same_region {
            g.same_class = Some(self.same_class(names, at)?);
        }
        Some(g)
    }
}
