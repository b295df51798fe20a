//! The rules of a variant in sentences, written from its data for the rules page:
//! how a game is won, drawn and lost, and the special rules (drops, promotion,
//! castling, en passant, imitation, facing Kings).
//!
//! Every sentence comes from a field of the validated [`Variant`], so a user variant
//! gets a rules page too, and the page can never disagree with what the rules do.

use menagerie_rules::variant::{Coverage, Verdict};
use menagerie_rules::{Color, PieceType, Variant};
use serde::Serialize;

/// The rules of a variant, in sentences.
#[derive(Debug, Serialize)]
pub struct RulesText {
    /// How a game is won and lost.
    pub win: Vec<String>,
    /// How a game is drawn.
    pub draw: Vec<String>,
    /// Rules beyond how the pieces move.
    pub special: Vec<String>,
}

fn piece_name(v: &Variant, k: PieceType) -> &str {
    &v.pieces[usize::from(k)].name
}

/// Names joined as `a, b and c`.
fn list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "wins",
        Verdict::Draw => "draws",
        Verdict::Loss => "loses",
    }
}

fn win_rules(v: &Variant) -> Vec<String> {
    let mut out = Vec::new();
    let royals: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.name.clone())
        .collect();
    if royals.is_empty() {
        out.push("There is no King: no check and no checkmate.".into());
    } else {
        out.push(format!(
            "Checkmate wins: the enemy {} is attacked and no move removes the attack. A move may never leave your own {} attacked.",
            list(&royals),
            list(&royals)
        ));
    }
    out.push(format!(
        "A player who has no legal move{} {}.",
        if royals.is_empty() {
            ""
        } else {
            " and is not in check (stalemate)"
        },
        verdict_text(v.rules.stalemate)
    ));
    if let Some(w) = v.rules.count_win {
        out.push(format!(
            "A player who starts a turn with {} {}s on the board wins (checkmate is judged first).",
            w.count,
            piece_name(v, w.kind)
        ));
    }
    if v.rules.check_counting {
        out.push(
            "Each check given uses one of a player's checks; the player who gives the last of them wins at once (the checks each player has left are shown in the FEN as White's+Black's)."
                .into(),
        );
    }
    if let Some(f) = &v.rules.flag {
        out.push(if f.extra_move {
            "A player whose flag piece reaches the marked goal wins, but the opponent may answer once: if Black's King then reaches its goal too, the game is drawn.".into()
        } else {
            "A player whose flag piece reaches the marked goal wins at once.".into()
        });
    }
    if !v.rules.checking {
        out.push("No move may give check.".into());
    }
    match &v.rules.coverage {
        Some(Coverage::Directions { min, all, .. }) => out.push(format!(
            "A player loses at the start of a turn when fewer than {min} of their pieces can move along one of the board's {} directions.",
            all.count_ones()
        )),
        Some(Coverage::Groups { min, groups }) => out.push(format!(
            "A player loses at the start of a turn when fewer than {min} pieces remain in one of {} groups of piece types.",
            groups.len()
        )),
        None => {}
    }
    out.push("Resigning loses; the players may agree a draw.".into());
    out
}

fn draw_rules(v: &Variant) -> Vec<String> {
    let r = &v.rules;
    let mut out = Vec::new();
    if r.repetition > 0 {
        out.push(format!(
            "The same position{} for the {} time is a draw.",
            if r.drops { " (hands included)" } else { "" },
            ordinal(r.repetition)
        ));
    }
    if r.move_rule > 0 {
        let resetting: Vec<String> = v
            .pieces
            .iter()
            .filter(|p| p.resets_clock)
            .map(|p| p.name.clone())
            .collect();
        let mut progress = vec!["a capture".to_string()];
        if !resetting.is_empty() {
            progress.push(format!("a {} move", list(&resetting)));
        }
        if r.drops && r.drop_resets_clock {
            progress.push("a drop".into());
        }
        if r.promotion_resets_clock {
            progress.push("a promotion".into());
        }
        out.push(format!(
            "{} moves by each side without {} are a draw.",
            r.move_rule / 2,
            list_or(&progress)
        ));
    }
    if r.ply_cap > 0 {
        out.push(format!(
            "A game still going after {} plies is a draw.",
            r.ply_cap
        ));
    }
    if r.bare_kings_draw {
        out.push("When only royal pieces are left the game is a draw.".into());
    }
    out
}

/// Names joined as `a, b or c`.
fn list_or(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn promotion_rules(v: &Variant, out: &mut Vec<String>) {
    for p in &v.pieces {
        let Some(pr) = &p.promotion else { continue };
        let to: Vec<String> = pr
            .to
            .iter()
            .map(|&k| piece_name(v, k).to_string())
            .collect();
        let zone = v
            .regions
            .iter()
            .find(|r| r.cells[0] == pr.zone[0])
            .map_or_else(
                || format!("{} cells", pr.zone[0].iter().count()),
                |r| format!("the {} region", r.name),
            );
        let mut s = format!(
            "A {} {} {} when it {} {zone}",
            p.name,
            if pr.mandatory {
                "must promote to"
            } else {
                "may promote to"
            },
            list_or(&to),
            if pr.on_start_too {
                "moves into, within or out of"
            } else {
                "moves into"
            },
        );
        if pr.only_lost {
            s.push_str(" (only to a type its side has lost)");
        }
        s.push('.');
        out.push(s);
    }
}

fn special_rules(v: &Variant) -> Vec<String> {
    let r = &v.rules;
    let g = &v.geometry;
    let mut out = Vec::new();
    if r.drops {
        out.push(if r.captures_to_hand {
            "A captured piece goes to the captor's hand; instead of moving, a player may drop a piece from the hand on an empty cell.".into()
        } else {
            "Instead of moving, a player may drop a piece from the hand on an empty cell.".into()
        });
    }
    for (i, p) in v.pieces.iter().enumerate() {
        if let Some(k) = p.captured_as.filter(|&k| usize::from(k) != i) {
            out.push(format!(
                "A captured {} changes sides as a {}.",
                p.name,
                piece_name(v, k)
            ));
        }
        match p.no_doubled {
            0 => {}
            1 => out.push(format!(
                "A {} may not be dropped on a file that holds an unpromoted {} of its side.",
                p.name, p.name
            )),
            n => out.push(format!(
                "A {} may not be dropped on a file that holds {n} unpromoted pieces of its type of its side.",
                p.name
            )),
        }
        if p.creates_ep {
            out.push(format!(
                "A {} that moves more than one cell may be taken en passant on a cell it passed.",
                p.name
            ));
        }
        if p.imitator {
            out.push(format!(
                "The {} moves like the piece moved last, by either side; before the first move it cannot move.",
                p.name
            ));
        }
    }
    if r.immobility_illegal {
        out.push(
            "No move or drop may leave a piece on a cell from which it could never move.".into(),
        );
    }
    promotion_rules(v, &mut out);
    let white: Vec<String> = v
        .castling
        .iter()
        .filter(|c| c.color == Color::White)
        .map(|c| {
            format!(
                "{} to {} with the piece on {} to {}",
                g.name(c.king),
                g.name(c.king_to),
                g.name(c.partner),
                g.name(c.partner_to)
            )
        })
        .collect();
    if !white.is_empty() {
        out.push(format!(
            "Castling (White's; Black's mirrored): the King from {}. Neither piece may have moved, the cells between must be empty and the King may not start, pass or end attacked.",
            list_or(&white)
        ));
    }
    let f = r.facing;
    if f.any() {
        let mut lines = Vec::new();
        if f.file {
            lines.push("file".to_string());
        }
        if f.diagonal {
            lines.push("diagonal".to_string());
        }
        if f.rank {
            lines.push("rank".to_string());
        }
        out.push(format!(
            "The two Kings may never face each other on an open {}.",
            list_or(&lines)
        ));
    }
    out
}

impl RulesText {
    /// The rules of `v` in sentences.
    #[must_use]
    pub fn of(v: &Variant) -> RulesText {
        RulesText {
            win: win_rules(v),
            draw: draw_rules(v),
            special: special_rules(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Registry;

    #[test]
    fn chess_and_seed_games() {
        let reg = Registry::builtin();
        let chess = RulesText::of(&reg.get("chess").unwrap());
        assert!(
            chess.win[0].starts_with("Checkmate wins: the enemy King"),
            "{:?}",
            chess.win
        );
        assert!(chess.win[1].contains("stalemate) draws"), "{:?}", chess.win);
        assert!(
            chess
                .draw
                .iter()
                .any(|s| s == "The same position for the 3rd time is a draw."),
            "{:?}",
            chess.draw
        );
        assert!(
            chess
                .draw
                .iter()
                .any(|s| s.starts_with("50 moves by each side without a capture or a Pawn move")),
            "{:?}",
            chess.draw
        );
        assert!(
            chess
                .special
                .iter()
                .any(|s| s.starts_with("Castling")
                    && s.contains("e1 to g1 with the piece on h1 to f1")),
            "{:?}",
            chess.special
        );
        assert!(chess.special.iter().any(|s| s.contains("en passant")));
        let nicht = RulesText::of(&reg.get("elefantnichtschach").unwrap());
        assert_eq!(nicht.win[0], "There is no King: no check and no checkmate.");
        assert!(
            nicht.win.iter().any(|s| s.contains(
                "fewer than 2 of their pieces can move along one of the board's 26 directions"
            )),
            "{:?}",
            nicht.win
        );
        let ox = RulesText::of(&reg.get("missing-ox").unwrap());
        assert!(
            ox.special
                .iter()
                .any(|s| s.starts_with("The Joker moves like the piece moved last")),
            "{:?}",
            ox.special
        );
        let gnuqi = RulesText::of(&reg.get("gnuqi-mitregi").unwrap());
        assert!(
            gnuqi.win.iter().any(|s| s.contains("4 Princes")),
            "{:?}",
            gnuqi.win
        );
        assert!(
            gnuqi
                .special
                .iter()
                .any(|s| s.contains("face each other on an open file or diagonal")),
            "{:?}",
            gnuqi.special
        );
    }
}
