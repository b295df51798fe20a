//! The variants a program knows: the built-ins embedded in the binary and
//! the files it was given (TOML, or Fairy-Stockfish `variants.ini`), looked up
//! by id or alias and built on first use.
//!
//! Loading sits above both [`crate::variant`] (which builds a variant from its
//! file) and [`crate::position`]: a variant is accepted only when its start
//! FEN reads as a position, and that check is made here, so `variant` never
//! needs `Position`.

use crate::betza::Dialect;
use crate::position::Position;
use crate::variant::{
    builtin, compile_variant, id_of, ini, Problem, Variant, VariantError, VariantSource,
};
use std::sync::{Arc, OnceLock};

/// Reads a finished variant's start FEN as a position.
fn start_readable(v: &Arc<Variant>) -> Result<(), String> {
    Position::from_fen(v, &v.start_fen)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Loads one TOML variant, resolving `extends` through `resolve`.
///
/// # Errors
/// Every problem found, with file, line and key.
pub fn load_toml(
    source: &VariantSource,
    resolve: &dyn Fn(&str) -> Option<VariantSource>,
) -> Result<Variant, VariantError> {
    compile_variant(source, resolve, Dialect::XBetza, &start_readable)
}

/// Loads one TOML variant read with the Fairy-Stockfish Betza dialect.
pub(crate) fn load_toml_fsf(
    source: &VariantSource,
    resolve: &dyn Fn(&str) -> Option<VariantSource>,
) -> Result<Variant, VariantError> {
    compile_variant(source, resolve, Dialect::FairyStockfish, &start_readable)
}

#[derive(Debug)]
struct Entry {
    id: String,
    source: VariantSource,
    fsf: bool,
    loaded: OnceLock<Result<Arc<Variant>, VariantError>>,
}

/// Variant lookup by id or alias, loading each variant on first use.
#[derive(Debug, Default)]
pub struct Registry {
    entries: Vec<Entry>,
}

/// What loading one file added, and what it could not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileReport {
    /// Ids of the variants added, in file order.
    pub ids: Vec<String>,
    /// Problems of the parts that were left out (file, line, key).
    pub problems: Vec<Problem>,
}

/// A variant that cannot be provided.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    /// No such id.
    #[error("unknown variant `{0}` (see `menagerie variants`)")]
    Unknown(String),
    /// The variant's file has problems.
    #[error("{0}")]
    Invalid(VariantError),
}

impl Registry {
    /// An empty registry.
    #[must_use]
    pub fn new() -> Registry {
        Registry::default()
    }

    /// The built-in variants.
    #[must_use]
    pub fn builtin() -> Registry {
        let mut r = Registry::new();
        for (name, text) in builtin::SOURCES {
            if let Some(id) = id_of(text) {
                r.entries.push(Entry {
                    id,
                    source: VariantSource {
                        name: format!("builtin:{name}"),
                        text: (*text).to_string(),
                    },
                    fsf: false,
                    loaded: OnceLock::new(),
                });
            }
        }
        r
    }

    /// Variant ids, in registration order.
    #[must_use]
    pub fn ids(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.id.clone()).collect()
    }

    fn resolver(&self) -> impl Fn(&str) -> Option<VariantSource> + '_ {
        move |id: &str| {
            self.entries
                .iter()
                .rev()
                .find(|e| e.id == id)
                .map(|e| e.source.clone())
        }
    }

    fn load_entry(&self, e: &Entry) -> Result<Arc<Variant>, VariantError> {
        e.loaded
            .get_or_init(|| {
                let r = self.resolver();
                let v = if e.fsf {
                    load_toml_fsf(&e.source, &r)
                } else {
                    load_toml(&e.source, &r)
                };
                v.map(Arc::new)
            })
            .clone()
    }

    /// The variant with this id or alias.
    ///
    /// # Errors
    /// Unknown id, or a variant file with problems.
    pub fn get(&self, id: &str) -> Result<Arc<Variant>, RegistryError> {
        if let Some(e) = self.entries.iter().rev().find(|e| e.id == id) {
            return self.load_entry(e).map_err(RegistryError::Invalid);
        }
        for e in self.entries.iter().rev() {
            if let Ok(v) = self.load_entry(e) {
                if v.aliases.iter().any(|a| a == id) {
                    return Ok(v);
                }
            }
        }
        Err(RegistryError::Unknown(id.to_string()))
    }

    /// Adds a TOML variant file and checks it; returns its id.
    ///
    /// # Errors
    /// Every problem in the file.
    pub fn add_toml(&mut self, name: &str, text: &str) -> Result<String, VariantError> {
        let source = VariantSource {
            name: name.to_string(),
            text: text.to_string(),
        };
        let v = load_toml(&source, &self.resolver())?;
        Ok(self.push_loaded(source, false, v))
    }

    /// Registers a variant already built from `source`; returns its id.
    fn push_loaded(&mut self, source: VariantSource, fsf: bool, v: Variant) -> String {
        let id = v.id.clone();
        self.entries.push(Entry {
            id: id.clone(),
            source,
            fsf,
            loaded: OnceLock::from(Ok(Arc::new(v))),
        });
        id
    }

    /// Adds every section of a Fairy-Stockfish `variants.ini`; returns the ids.
    /// The sections without problems are added even when others have some.
    ///
    /// # Errors
    /// Every problem found (unsupported keys included).
    pub fn add_ini(&mut self, name: &str, text: &str) -> Result<Vec<String>, VariantError> {
        Self::strict(self.load_ini(name, text))
    }

    /// Adds the sections of a Fairy-Stockfish `variants.ini` that load, as
    /// Fairy-Stockfish does: a broken section is reported (with its line)
    /// and left out, and the others are added.
    pub fn load_ini(&mut self, name: &str, text: &str) -> FileReport {
        let converted = ini::convert_sections_over(name, text, &self.resolver());
        let mut report = FileReport {
            ids: Vec::new(),
            problems: converted.problems,
        };
        for (id, toml_text) in converted.variants {
            let source = VariantSource {
                name: format!("{name} [{id}]"),
                text: toml_text,
            };
            let result = load_toml_fsf(&source, &self.resolver());
            match result {
                Ok(v) => {
                    let id = self.push_loaded(source, true, v);
                    report.ids.push(id);
                }
                Err(e) => report.problems.extend(e.problems),
            }
        }
        report
    }

    /// Adds a file by its name: `.ini` files are Fairy-Stockfish
    /// configurations, everything else TOML.
    ///
    /// # Errors
    /// Every problem in the file.
    pub fn add_file(&mut self, name: &str, text: &str) -> Result<Vec<String>, VariantError> {
        Self::strict(self.load_file(name, text))
    }

    /// Adds what loads of a file named `name`: `.ini` files section by
    /// section ([`Registry::load_ini`]), anything else as one TOML variant.
    pub fn load_file(&mut self, name: &str, text: &str) -> FileReport {
        let looks_toml = id_of(text).is_some();
        if name.ends_with(".ini") || (!name.ends_with(".toml") && !looks_toml) {
            return self.load_ini(name, text);
        }
        match self.add_toml(name, text) {
            Ok(id) => FileReport {
                ids: vec![id],
                problems: Vec::new(),
            },
            Err(e) => FileReport {
                ids: Vec::new(),
                problems: e.problems,
            },
        }
    }

    fn strict(report: FileReport) -> Result<Vec<String>, VariantError> {
        if report.problems.is_empty() {
            Ok(report.ids)
        } else {
            Err(VariantError {
                problems: report.problems,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_keeps_the_sections_that_load() {
        let text =
            "[fine]\nmaxFile = 8\n[typo]\ncastlnig = false\n[badfen]\nstartFen = 9/8 w - - 0 1\n";
        let mut reg = Registry::builtin();
        let report = reg.load_ini("x.ini", text);
        assert_eq!(report.ids, ["fine"]);
        assert_eq!(report.problems.len(), 2, "{:?}", report.problems);
        assert!(report.problems[0]
            .message
            .contains("did you mean `castling`?"));
        assert!(report.problems[1].file.contains("badfen"));
        assert!(reg.get("fine").is_ok());
        assert!(reg.get("typo").is_err());
    }

    #[test]
    fn an_ini_section_over_a_built_in_variant_plays_its_rules() {
        // Capablanca chess with drops (Fairy-Stockfish's `gothhouse` idea).
        let text = "[capahouse2:capablanca]\npieceDrops = true\ncapturesToHand = true\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1\n";
        let mut reg = Registry::builtin();
        let report = reg.load_ini("x.ini", text);
        assert_eq!(report.problems, []);
        let v = reg.get("capahouse2").unwrap();
        assert!(v.rules.drops);
        let mut pos = Position::start(&v);
        assert_eq!(crate::perft(&mut pos, 2), 784);
    }
}
