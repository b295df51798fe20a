//! PGN text of a refereed game (`[Variant]` and `[FEN]` tags, moves in the
//! protocol's coordinate text).

use super::game::GameRecord;
use menagerie_rules::Variant;

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Milliseconds as `H:MM:SS.mmm`, the form of PGN's `[%clk]` and `[%emt]`
/// comments.
fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    format!(
        "{}:{:02}:{:02}.{:03}",
        s / 3600,
        s / 60 % 60,
        s % 60,
        ms % 1000
    )
}

/// One game as PGN (on a clock, each player's move followed by its clock
/// left and think time: `{[%clk 0:00:09.512] [%emt 0:00:00.231]}`).
#[must_use]
pub fn game(
    v: &Variant,
    round: usize,
    white: &str,
    black: &str,
    tc: &str,
    rec: &GameRecord,
) -> String {
    let mut s = String::new();
    let tag = |s: &mut String, k: &str, val: &str| {
        s.push_str(&format!("[{k} \"{}\"]\n", escape(val)));
    };
    tag(&mut s, "Event", "Menagerie match");
    tag(&mut s, "Site", "menagerie match");
    tag(&mut s, "Round", &round.to_string());
    tag(&mut s, "White", white);
    tag(&mut s, "Black", black);
    tag(&mut s, "Result", rec.result());
    tag(&mut s, "Variant", &v.id);
    tag(&mut s, "FEN", &rec.fen);
    tag(&mut s, "SetUp", "1");
    tag(&mut s, "TimeControl", tc);
    tag(&mut s, "PlyCount", &rec.moves.len().to_string());
    tag(&mut s, "Termination", &rec.describe());
    s.push('\n');
    // Move numbers follow the side to move in the FEN.
    let black_first = rec.black_first;
    let mut line = String::new();
    let mut n = 1;
    for (i, m) in rec.moves.iter().enumerate() {
        let white_move = (i % 2 == 0) != black_first;
        if white_move {
            line.push_str(&format!("{n}. "));
        } else if i == 0 {
            line.push_str(&format!("{n}... "));
        }
        line.push_str(m);
        line.push(' ');
        if let Some(c) = i
            .checked_sub(rec.opening_plies)
            .and_then(|k| rec.clocks.get(k))
        {
            line.push_str(&format!(
                "{{[%clk {}] [%emt {}]}} ",
                clock_text(c.left_ms),
                clock_text(c.think_ms)
            ));
        }
        if !white_move {
            n += 1;
        }
        if line.len() > 70 {
            s.push_str(line.trim_end());
            s.push('\n');
            line.clear();
        }
    }
    line.push_str(&format!("{{{}}} {}", escape(&rec.describe()), rec.result()));
    s.push_str(&line);
    s.push_str("\n\n");
    s
}

#[cfg(test)]
mod tests {
    use super::clock_text;

    #[test]
    fn clock_comments_read_as_hours_minutes_seconds() {
        assert_eq!(clock_text(0), "0:00:00.000");
        assert_eq!(clock_text(9_512), "0:00:09.512");
        assert_eq!(clock_text(3_723_004), "1:02:03.004");
    }
}
