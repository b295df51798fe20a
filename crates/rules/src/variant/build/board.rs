//! Stage 1: the variant's id and its board.

use super::fail;
use crate::variant::load::{Merged, VariantError};
use menagerie_geometry::{BoardSpec, Geometry};

/// The variant id: lowercase letters, digits and `-`.
pub(super) fn identity(m: &Merged) -> Result<String, VariantError> {
    let Some(id) = m.top.id.as_ref() else {
        return Err(fail(m.problem_in("id", "id", "missing `id`")));
    };
    let text = id.get_ref();
    let well_formed = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !well_formed {
        let o = m.section_origin.get("id").copied().unwrap_or(0);
        return Err(fail(m.problem_at(
            o,
            Some(id.span()),
            "id",
            "ids use lowercase letters, digits and `-`",
        )));
    }
    Ok(text.clone())
}

/// The board described by `[board]`.
pub(super) fn geometry(m: &Merged) -> Result<Geometry, VariantError> {
    let Some(bf) = m.top.board.as_ref() else {
        return Err(fail(m.problem_in("board", "board", "missing `[board]`")));
    };
    let mut extra = Vec::new();
    for e in bf.extra.clone().unwrap_or_default() {
        let at = match e.at.len() {
            2 => [e.at[0], e.at[1], 0],
            3 => [e.at[0], e.at[1], e.at[2]],
            _ => {
                return Err(fail(m.problem_in(
                    "board",
                    "board.extra",
                    format!("extra cell `{}`: `at` needs 2 or 3 numbers", e.name),
                )))
            }
        };
        extra.push((e.name, at));
    }
    let spec = BoardSpec {
        files: bf.files,
        ranks: bf.ranks,
        levels: bf.levels.unwrap_or(1),
        holes: bf.holes.clone().unwrap_or_default(),
        extra,
        level_letters: bf.level_letters.clone().unwrap_or_default(),
        aliases: bf.aliases.clone().unwrap_or_default().into_iter().collect(),
    };
    Geometry::new(&spec).map_err(|e| fail(m.problem_in("board", "board", e.to_string())))
}
