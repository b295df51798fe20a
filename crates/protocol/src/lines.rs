//! Reading protocol input line by line without trusting it: a line that is not UTF-8
//! or longer than [`MAX_LINE`] bytes is handed to the session as a line it does not
//! understand (and answered with the protocol's error reply) instead of ending the
//! session, and an over-long line is skipped without being held in memory.

use std::io::BufRead;

/// Longest line read (a `position ... moves` of a 2,000-ply game is about 16 KB).
pub const MAX_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line of text (without its end of line).
    Text(String),
    /// A line the session cannot read; the text says why, for the error reply.
    Unreadable(String),
}

/// Reads the next line; `None` at the end of input.
///
/// # Errors
/// Reading the input failed.
pub fn next_line(input: &mut impl BufRead) -> std::io::Result<Option<Line>> {
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break; // end of input
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        if !too_long {
            if buf.len() + part.len() > MAX_LINE {
                too_long = true;
                buf.clear();
                buf.shrink_to_fit();
            } else {
                buf.extend_from_slice(part);
            }
        }
        input.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Line::Unreadable(format!(
            "line longer than {MAX_LINE} bytes"
        ))));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(s) => Line::Text(s),
        Err(e) => Line::Unreadable(format!(
            "line is not UTF-8 (byte {} of the line)",
            e.utf8_error().valid_up_to() + 1
        )),
    }))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn text_bad_bytes_long_lines_and_the_end() {
        let mut input = Vec::new();
        input.extend_from_slice(b"uci\r\nis\xffready\n");
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend_from_slice(b"\nquit");
        let mut r = std::io::BufReader::with_capacity(64, &input[..]);
        assert_eq!(next_line(&mut r).unwrap(), Some(Line::Text("uci".into())));
        let Some(Line::Unreadable(why)) = next_line(&mut r).unwrap() else {
            panic!("bad UTF-8")
        };
        assert!(why.contains("UTF-8") && why.contains("byte 3"), "{why}");
        let Some(Line::Unreadable(why)) = next_line(&mut r).unwrap() else {
            panic!("long line")
        };
        assert!(why.contains("longer"), "{why}");
        assert_eq!(next_line(&mut r).unwrap(), Some(Line::Text("quit".into())));
        assert_eq!(next_line(&mut r).unwrap(), None);
    }
}
