//! Stage 2: named regions, and reading a region by name or expression.

use super::Ctx;
use crate::variant::model::Region;
use crate::variant::spec::RegionFile;
use menagerie_geometry::{CellSet, Geometry};

/// Black's cells of a region given for White: the rank mirror of each.
pub(super) fn mirror(g: &Geometry, s: &CellSet) -> Result<CellSet, String> {
    let mut out = g.empty_set();
    for c in s.iter() {
        match g.mirror_rank(c) {
            Some(m) => out.insert(m),
            None => {
                return Err(format!(
                    "cell {} has no mirror cell for Black; give `white` and `black` explicitly",
                    g.name(c)
                ))
            }
        }
    }
    Ok(out)
}

impl Ctx<'_> {
    /// A region by name, or else a region expression (White's cells, Black's
    /// mirrored), as [White's, Black's] cells.
    pub(super) fn region_pair(&self, text: &str) -> Result<[CellSet; 2], String> {
        if let Some(r) = self.regions.get(text) {
            return Ok(r.cells.clone());
        }
        let w = self.g.region(text).map_err(|e| e.to_string())?;
        let b = mirror(&self.g, &w)?;
        Ok([w, b])
    }

    /// One `[regions]` entry: its cells per colour and its display kind.
    fn region_file(&self, r: &RegionFile) -> Result<([CellSet; 2], String), String> {
        let cells = |t: &str| self.g.region(t).map_err(|e| e.to_string());
        match r {
            RegionFile::Mirrored(t) => {
                let w = cells(t)?;
                let b = mirror(&self.g, &w)?;
                Ok(([w, b], "other".to_string()))
            }
            RegionFile::PerSide { white, black, kind } => Ok((
                [cells(white)?, cells(black)?],
                kind.clone().unwrap_or_else(|| "other".into()),
            )),
            RegionFile::Shaded { cells: t, kind } => {
                let w = cells(t)?;
                let b = mirror(&self.g, &w)?;
                Ok(([w, b], kind.clone()))
            }
        }
    }

    /// Reads `[regions]`.
    pub(super) fn read_regions(&mut self) {
        let m = self.m;
        for (name, (origin, r)) in &m.regions {
            match self.region_file(r.get_ref()) {
                Ok((cells, kind)) => {
                    self.regions.insert(
                        name.clone(),
                        Region {
                            name: name.clone(),
                            kind,
                            cells,
                        },
                    );
                }
                Err(e) => self.problems.push(m.problem_at(
                    *origin,
                    Some(r.span()),
                    &format!("regions.{name}"),
                    e,
                )),
            }
        }
    }
}
