//! PGN text of a refereed game (`[Variant]` and `[FEN]` tags, moves in the
//! protocol's coordinate text).

use super::game::GameRecord;
use menagerie_rules::Variant;

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One game as PGN.
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
