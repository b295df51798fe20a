//! Text to [`Betza`] syntax tree.

use super::ast::{Atom, Betza, Component, Leg, Range, Stops};

/// A piece description that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct BetzaError {
    /// 1-based column of the problem.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn err<T>(column: usize, message: impl Into<String>) -> Result<T, BetzaError> {
    Err(BetzaError {
        column,
        message: message.into(),
    })
}

const MODIFIERS: &str = "fblrvshmcpgtnjieqz";

/// Longest piece description read, in characters: far above any real piece
/// (the longest known XBetza strings have about a hundred characters), low
/// enough that no description can make compilation slow or large.
pub const MAX_LENGTH: usize = 1000;

/// Most legs in one move component: every leg multiplies the paths a move
/// can take, so chains are kept short (real pieces use at most four).
pub const MAX_LEGS: usize = 8;

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }
    fn col(&self) -> usize {
        self.pos + 1
    }

    fn modifiers(&mut self) -> String {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if MODIFIERS.as_bytes().contains(&c) {
                self.pos += 1;
            } else {
                break;
            }
        }
        String::from_utf8_lossy(&self.s[start..self.pos]).into_owned()
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return None;
        }
        std::str::from_utf8(&self.s[start..self.pos])
            .ok()?
            .parse()
            .ok()
    }

    /// Reads one atom; returns its steps and whether it rides by default.
    fn atom(&mut self) -> Result<(Vec<Atom>, bool), BetzaError> {
        let col = self.col();
        let Some(c) = self.peek() else {
            return err(
                col,
                "expected a piece letter (W F D N A H C Z G K R B Q) or a leap like (3,4)",
            );
        };
        self.pos += 1;
        let one = |a, b| Ok((vec![Atom::new(a, b, 0)], false));
        match c {
            b'W' => one(1, 0),
            b'F' => one(1, 1),
            b'D' => one(2, 0),
            b'N' => one(2, 1),
            b'A' => one(2, 2),
            b'H' => one(3, 0),
            b'C' | b'L' => one(3, 1),
            b'Z' | b'J' => one(3, 2),
            b'G' => one(3, 3),
            b'K' => Ok((vec![Atom::new(1, 0, 0), Atom::new(1, 1, 0)], false)),
            b'R' => Ok((vec![Atom::new(1, 0, 0)], true)),
            b'B' => Ok((vec![Atom::new(1, 1, 0)], true)),
            b'Q' => Ok((vec![Atom::new(1, 0, 0), Atom::new(1, 1, 0)], true)),
            b'(' => {
                let mut parts = Vec::new();
                loop {
                    let ncol = self.col();
                    match self.number() {
                        Some(n) if n <= 30 => parts.push(n as u8),
                        Some(_) => return err(ncol, "leap component too large (at most 30)"),
                        None => return err(ncol, "expected a number in the leap"),
                    }
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b')') => {
                            self.pos += 1;
                            break;
                        }
                        _ => return err(self.col(), "expected `,` or `)` in the leap"),
                    }
                }
                if !(2..=3).contains(&parts.len()) {
                    return err(
                        col,
                        "a leap has two or three components, like (3,4) or (2,1,1)",
                    );
                }
                if parts.iter().all(|&p| p == 0) {
                    return err(col, "the null leap (0,0) is not a move");
                }
                parts.resize(3, 0);
                Ok((vec![Atom::new(parts[0], parts[1], parts[2])], false))
            }
            c if c.is_ascii_lowercase() => {
                err(col, format!("`{}` is not a known modifier", c as char))
            }
            c => err(col, format!("unexpected character `{}`", char::from(c))),
        }
    }

    /// Atom followed by an optional doubling and range.
    fn atom_and_range(&mut self) -> Result<(Vec<Atom>, Range), BetzaError> {
        let start = self.pos;
        let (atoms, rides) = self.atom()?;
        let text = self.s[start..self.pos].to_vec();
        let mut range = if rides { Range::UNLIMITED } else { Range::ONE };
        let mut doubled = false;
        if !rides && atoms.len() == 1 && self.s[self.pos..].starts_with(&text) {
            self.pos += text.len();
            range = Range::UNLIMITED;
            doubled = true;
        }
        let col = self.col();
        if let Some(n) = self.number() {
            if doubled {
                return err(
                    col,
                    "a doubled atom already rides without limit; drop the number",
                );
            }
            if n > 63 {
                return err(col, "range too large (at most 63)");
            }
            range = Range {
                min: 1,
                max: n as u8,
                stops: Stops::All,
            };
        } else if self.peek() == Some(b'{') {
            if doubled {
                return err(col, "use either a doubled atom or a {range}, not both");
            }
            range = self.range_spec()?;
        }
        Ok((atoms, range))
    }

    fn range_spec(&mut self) -> Result<Range, BetzaError> {
        let col = self.col();
        self.pos += 1;
        let start = self.pos;
        while self.peek().is_some_and(|c| c != b'}') {
            self.pos += 1;
        }
        if self.peek() != Some(b'}') {
            return err(col, "`{` without closing `}`");
        }
        let body = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
        self.pos += 1;
        let bad = || {
            err(col, format!("bad range `{{{body}}}`: use {{odd}}, {{even}}, {{2-5}}, {{2-}}, {{0-}} or a list {{1,3,5}}"))
        };
        match body.as_str() {
            "odd" => {
                return Ok(Range {
                    min: 1,
                    max: 0,
                    stops: Stops::Odd,
                })
            }
            "even" => {
                return Ok(Range {
                    min: 2,
                    max: 0,
                    stops: Stops::Even,
                })
            }
            _ => {}
        }
        let num = |t: &str| t.parse::<u8>().ok().filter(|&n| n <= 63);
        if let Some((a, b)) = body.split_once('-') {
            let Some(lo) = num(a) else { return bad() };
            let hi = if b.is_empty() {
                0
            } else {
                match num(b) {
                    Some(h) if h >= lo && h > 0 => h,
                    _ => return bad(),
                }
            };
            return Ok(Range {
                min: lo,
                max: hi,
                stops: Stops::All,
            });
        }
        let mut bits = 0u64;
        for t in body.split(',') {
            match num(t.trim()) {
                Some(n) if n > 0 => bits |= 1 << n,
                _ => return bad(),
            }
        }
        let min = bits.trailing_zeros() as u8;
        let max = 63 - bits.leading_zeros() as u8;
        Ok(Range {
            min,
            max,
            stops: Stops::Set(bits),
        })
    }

    fn leg(
        &mut self,
        mods: &str,
        atoms: Vec<Atom>,
        range: Range,
        col: usize,
    ) -> Result<Leg, BetzaError> {
        let mut leg = Leg::plain(atoms[0], range);
        leg.atoms = atoms;
        let mut dirs = String::new();
        let (mut m, mut c) = (false, false);
        for ch in mods.chars() {
            match ch {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h' => dirs.push(ch),
                'm' => m = true,
                'c' => c = true,
                'p' => leg.hop = true,
                'g' => leg.grasshop = true,
                't' => leg.friendly_screen = true,
                'n' => leg.lame = true,
                'j' => leg.jump = true,
                'i' => leg.initial = true,
                'e' => leg.en_passant = true,
                'q' => leg.circular = true,
                'z' => leg.crooked = true,
                _ => return err(col, format!("`{ch}` is not a known modifier")),
            }
        }
        if leg.hop && leg.grasshop {
            return err(col, "`p` and `g` cannot both apply to one move");
        }
        if (leg.circular || leg.crooked) && (leg.hop || leg.grasshop) {
            return err(col, "circular or crooked moves cannot hop");
        }
        if leg.circular && leg.crooked {
            return err(col, "`q` and `z` cannot both apply to one move");
        }
        if leg.friendly_screen && !(leg.hop || leg.grasshop) {
            return err(col, "`t` (friendly screen) needs `p` or `g`");
        }
        leg.explicit_mode = m || c;
        if m || c {
            leg.quiet = m;
            leg.capture = c;
        }
        if leg.en_passant && !leg.capture {
            return err(col, "`e` (en passant) needs a capturing move");
        }
        leg.dirs = dirs;
        Ok(leg)
    }

    fn component(&mut self) -> Result<Component, BetzaError> {
        let start = self.pos;
        let column = self.col();
        if self.peek() == Some(b'[') {
            self.pos += 1;
            let mut legs = Vec::new();
            let mut may_end = Vec::new();
            loop {
                let lcol = self.col();
                if legs.len() == MAX_LEGS {
                    return err(lcol, format!("more than {MAX_LEGS} legs in one move"));
                }
                let mods = self.modifiers();
                if self.peek() == Some(b'a') {
                    return err(
                        self.col(),
                        "inside brackets, separate legs with `-` or `?`, not `a`",
                    );
                }
                let (atoms, range) = self.atom_and_range()?;
                legs.push(self.leg(&mods, atoms, range, lcol)?);
                match self.peek() {
                    Some(b'-') => may_end.push(false),
                    Some(b'?') => may_end.push(true),
                    Some(b']') => {
                        self.pos += 1;
                        break;
                    }
                    _ => return err(self.col(), "expected `-`, `?` or `]`"),
                }
                self.pos += 1;
            }
            if legs.len() < 2 {
                return err(column, "brackets hold two or more legs");
            }
            let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
            return Ok(Component {
                legs,
                may_end,
                column,
                text,
                relative: true,
            });
        }
        let mut groups = vec![(self.col(), self.modifiers())];
        while self.peek() == Some(b'a') {
            if groups.len() == MAX_LEGS {
                return err(self.col(), format!("more than {MAX_LEGS} legs in one move"));
            }
            self.pos += 1;
            groups.push((self.col(), self.modifiers()));
        }
        let (atoms, range) = self.atom_and_range()?;
        let mut legs = Vec::new();
        for (col, mods) in &groups {
            legs.push(self.leg(mods, atoms.clone(), range, *col)?);
        }
        let may_end = vec![false; legs.len() - 1];
        let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
        Ok(Component {
            legs,
            may_end,
            column,
            text,
            relative: true,
        })
    }
}

/// Parses a piece description.
///
/// # Errors
/// The first character that does not fit the grammar, with its column; a
/// description longer than [`MAX_LENGTH`] or a move of more than
/// [`MAX_LEGS`] legs.
pub fn parse(text: &str) -> Result<Betza, BetzaError> {
    if text.len() > MAX_LENGTH {
        return err(
            MAX_LENGTH + 1,
            format!("piece description longer than {MAX_LENGTH} characters"),
        );
    }
    if let Some((i, ch)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
        return err(i + 1, format!("unexpected character `{ch}`"));
    }
    let mut p = Parser {
        s: text.as_bytes(),
        pos: 0,
    };
    let mut components = Vec::new();
    while p.pos < p.s.len() {
        if p.peek() == Some(b' ') {
            p.pos += 1;
            continue;
        }
        components.push(p.component()?);
    }
    if components.is_empty() {
        return err(1, "empty piece description");
    }
    Ok(Betza { components })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legs(s: &str) -> Vec<Vec<Leg>> {
        parse(s)
            .unwrap()
            .components
            .into_iter()
            .map(|c| c.legs)
            .collect()
    }

    #[test]
    fn simple_pieces() {
        let b = parse("fmWfceFifmnD").unwrap();
        assert_eq!(b.components.len(), 3);
        let l = &b.components[1].legs[0];
        assert!(l.capture && !l.quiet && l.en_passant);
        assert_eq!(l.dirs, "f");
        assert_eq!(b.components[2].legs[0].atoms, vec![Atom::new(2, 0, 0)]);
        assert!(b.components[2].legs[0].lame && b.components[2].legs[0].initial);
        assert_eq!(b.components[2].column, 8);
    }

    #[test]
    fn riders_and_ranges() {
        let l = legs("NN");
        assert_eq!(l[0][0].range, Range::UNLIMITED);
        let l = legs("R4");
        assert_eq!(l[0][0].range.max, 4);
        let l = legs("(3,1)(3,1)");
        assert_eq!(l[0][0].range, Range::UNLIMITED);
        let l = legs("K{odd}");
        assert_eq!(l[0][0].atoms.len(), 2);
        assert!(l[0][0].range.allows(3) && !l[0][0].range.allows(2));
        let l = legs("W{1,3,5}");
        assert!(l[0][0].range.allows(5) && !l[0][0].range.allows(4) && !l[0][0].range.allows(7));
        let l = legs("(2,1,1)");
        assert_eq!(l[0][0].atoms[0].base, [2, 1, 1]);
        let l = legs("Q12");
        assert_eq!(l[0][0].range.max, 12);
    }

    #[test]
    fn chains() {
        let l = legs("mafsW");
        assert_eq!(l[0].len(), 2);
        assert!(l[0][0].quiet && !l[0][0].capture);
        assert_eq!(l[0][1].dirs, "fs");
        let c = parse("[mR-sW]").unwrap();
        assert_eq!(c.components[0].legs.len(), 2);
        assert_eq!(c.components[0].legs[0].range, Range::UNLIMITED);
        let c = parse("[mW-mfF{0-}-fW]").unwrap();
        assert_eq!(c.components[0].legs[1].range.min, 0);
        let c = parse("[W?fF]").unwrap();
        assert_eq!(c.components[0].may_end, vec![true]);
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(parse("fmWxF").unwrap_err().column, 4);
        assert_eq!(parse("Qk").unwrap_err().column, 2);
        assert_eq!(parse("(3,").unwrap_err().column, 4);
        assert_eq!(parse("NN3").unwrap_err().column, 3);
        assert_eq!(parse("W{foo}").unwrap_err().column, 2);
        assert_eq!(parse("").unwrap_err().column, 1);
        assert_eq!(parse("fé").unwrap_err().column, 2);
        assert_eq!(parse("[W]").unwrap_err().column, 1);
        assert_eq!(parse("mW-").unwrap_err().column, 3);
        assert!(parse("pgR").is_err());
        assert!(parse("tR").is_err());
        assert!(parse("meW").is_err());
    }

    #[test]
    fn limits_are_errors_with_a_column() {
        // 51,200 `ma` once overflowed the stack; 102,400 `Q` needed 1.6 GB.
        let e = parse(&("ma".repeat(51_200) + "W")).unwrap_err();
        assert_eq!(e.column, MAX_LENGTH + 1);
        assert!(e.message.contains("longer than"));
        assert_eq!(
            parse(&"Q".repeat(102_400)).unwrap_err().column,
            MAX_LENGTH + 1
        );
        assert!(parse(&"Q".repeat(MAX_LENGTH)).is_ok());
        // The ninth leg is refused at its `a`.
        let nine = "ma".repeat(MAX_LEGS) + "W";
        let e = parse(&nine).unwrap_err();
        assert_eq!(e.column, 2 * MAX_LEGS);
        assert!(e.message.contains("legs"), "{}", e.message);
        assert_eq!(legs(&("ma".repeat(MAX_LEGS - 1) + "W"))[0].len(), MAX_LEGS);
        let bracket = format!("[{}W]", "W-".repeat(MAX_LEGS));
        assert_eq!(parse(&bracket).unwrap_err().column, 2 + 2 * MAX_LEGS);
    }

    proptest::proptest! {
        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            let _ = parse(&s);
        }
        #[test]
        fn never_panics_on_betza_like(s in "[fblrvshmcpgtnjieqzaWFDNAHCZGKRBQ()\\[\\]{}0-9,?\\-]{0,30}") {
            let _ = parse(&s);
        }
    }
}
