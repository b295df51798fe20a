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
use crate::variant::{builtin, compile_variant, id_of, ini, Variant, VariantError, VariantSource};
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
        let id = v.id.clone();
        let loaded = OnceLock::new();
        let _ = loaded.set(Ok(Arc::new(v)));
        self.entries.push(Entry {
            id: id.clone(),
            source,
            fsf: false,
            loaded,
        });
        Ok(id)
    }

    /// Adds every section of a Fairy-Stockfish `variants.ini`; returns the ids.
    ///
    /// # Errors
    /// Every problem found (unsupported keys included).
    pub fn add_ini(&mut self, name: &str, text: &str) -> Result<Vec<String>, VariantError> {
        let converted = ini::convert(name, text)?;
        let mut ids = Vec::new();
        let mut problems = Vec::new();
        for (id, toml_text) in converted {
            let source = VariantSource {
                name: format!("{name} [{id}]"),
                text: toml_text,
            };
            let result = load_toml_fsf(&source, &self.resolver());
            match result {
                Ok(v) => {
                    let loaded = OnceLock::new();
                    let _ = loaded.set(Ok(Arc::new(v)));
                    self.entries.push(Entry {
                        id: id.clone(),
                        source,
                        fsf: true,
                        loaded,
                    });
                    ids.push(id);
                }
                Err(e) => problems.extend(e.problems),
            }
        }
        if problems.is_empty() {
            Ok(ids)
        } else {
            Err(VariantError { problems })
        }
    }

    /// Adds a file by its name: `.ini` files are Fairy-Stockfish
    /// configurations, everything else TOML.
    ///
    /// # Errors
    /// Every problem in the file.
    pub fn add_file(&mut self, name: &str, text: &str) -> Result<Vec<String>, VariantError> {
        let looks_toml = id_of(text).is_some();
        if name.ends_with(".ini") || (!name.ends_with(".toml") && !looks_toml) {
            self.add_ini(name, text)
        } else {
            self.add_toml(name, text).map(|id| vec![id])
        }
    }
}
