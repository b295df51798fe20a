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

/// What players read about a region: its label, a sentence, the name of its border.
#[derive(Default)]
struct RegionNames {
    label: Option<String>,
    about: Option<String>,
    edge: Option<String>,
}

impl RegionNames {
    fn of(r: &RegionFile) -> RegionNames {
        match r {
            RegionFile::Mirrored(_) => RegionNames::default(),
            RegionFile::PerSide {
                label, about, edge, ..
            }
            | RegionFile::Shaded {
                label, about, edge, ..
            } => RegionNames {
                label: label.clone(),
                about: about.clone(),
                edge: edge.clone(),
            },
        }
    }
}

/// A region's label when the file gives none: its key with dashes as spaces, the
/// first letter capitalised (`own-half` -> `Own half`).
fn default_label(key: &str) -> String {
    let spaced = key.replace(['-', '_'], " ");
    let mut chars = spaced.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
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
            RegionFile::PerSide {
                white, black, kind, ..
            } => Ok((
                [cells(white)?, cells(black)?],
                kind.clone().unwrap_or_else(|| "other".into()),
            )),
            RegionFile::Shaded { cells: t, kind, .. } => {
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
            let names = RegionNames::of(r.get_ref());
            match self.region_file(r.get_ref()) {
                Ok((cells, kind)) => {
                    self.regions.insert(
                        name.clone(),
                        Region {
                            name: name.clone(),
                            kind,
                            cells,
                            label: names.label.clone().unwrap_or_else(|| default_label(name)),
                            about: names.about.clone().unwrap_or_default(),
                            edge: names.edge.clone(),
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

#[cfg(test)]
mod tests {
    use super::default_label;

    #[test]
    fn default_labels_read_like_words() {
        assert_eq!(default_label("own-half"), "Own half");
        assert_eq!(default_label("zone"), "Zone");
        assert_eq!(default_label("palace_lines"), "Palace lines");
        assert_eq!(default_label(""), "");
    }
}
