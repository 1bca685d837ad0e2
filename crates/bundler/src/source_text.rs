//! Reading a source file before it is parsed: UTF-8 checked with the line that breaks it (rustc
//! reads nothing else), and nesting bounded, since the parser and every later stage recurse
//! once per level of brackets: 20 000 nested parentheses would overflow the stack and abort
//! the process instead of failing with a message.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use std::path::Path;

/// Brackets nested deeper than this are refused. Code people write stays far below (a
/// solution's deepest is a few dozen); every stage of the bundler handles this depth on the
/// stack of a bundling thread.
pub const MAX_NESTING: usize = 256;

/// `bytes` as text, or the 1-based line and the reason it is not UTF-8.
pub fn utf8(bytes: Vec<u8>) -> Result<String, (usize, String)> {
    String::from_utf8(bytes).map_err(|err| {
        let at = err.utf8_error().valid_up_to();
        let bytes = err.as_bytes();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at
            - bytes[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
        (
            line,
            format!(
                "not UTF-8 (byte {:#04x} at byte {} of the line), which rustc does not read",
                bytes[at],
                column + 1
            ),
        )
    })
}

/// Checks that no brackets of `text` nest deeper than [`MAX_NESTING`]: the 1-based line of
/// the first bracket too deep, and the reason. Text that does not tokenize is left to the
/// parser, whose message says where.
pub fn check_nesting(text: &str) -> Result<(), (usize, String)> {
    let Ok(tokens) = text.parse::<TokenStream>() else {
        return Ok(());
    };
    // Walked with a stack of its own: the token trees are as deep as the text.
    let mut stack: Vec<proc_macro2::token_stream::IntoIter> = vec![tokens.into_iter()];
    while let Some(top) = stack.last_mut() {
        match top.next() {
            Some(TokenTree::Group(group)) => {
                if stack.len() > MAX_NESTING {
                    let what = match group.delimiter() {
                        Delimiter::Parenthesis => "parentheses",
                        Delimiter::Brace => "braces",
                        Delimiter::Bracket => "brackets",
                        Delimiter::None => "groups",
                    };
                    return Err((
                        group.span_open().start().line,
                        format!(
                            "{} nested more than {} deep: the bundler (like a judge's compiler) would run out of stack; split the expression",
                            what, MAX_NESTING
                        ),
                    ));
                }
                stack.push(group.stream().into_iter());
            }
            Some(_) => {}
            None => {
                stack.pop();
            }
        }
    }
    Ok(())
}

/// A file is read whole, as UTF-8; an error says the line that is not (`None`: the file as a
/// whole could not be read).
pub(crate) fn read_source(file: &Path) -> std::result::Result<String, (Option<usize>, String)> {
    let bytes = std::fs::read(file).map_err(|err| (None, err.to_string()))?;
    utf8(bytes).map_err(|(line, why)| (Some(line), why))
}

#[cfg(test)]
mod tests {
    use super::{check_nesting, utf8, MAX_NESTING};

    #[test]
    fn names_the_line_that_is_not_utf8() {
        let (line, why) = utf8(b"fn main() {}\n// caf\xe9\n".to_vec()).unwrap_err();
        assert_eq!(line, 2);
        assert!(why.contains("byte 0xe9 at byte 7 of the line"), "{}", why);
        assert_eq!(utf8(b"ok\n".to_vec()).unwrap(), "ok\n");
    }

    #[test]
    fn refuses_twenty_thousand_nested_parentheses_without_overflowing() {
        let deep = format!(
            "fn main() {{\n    let x = {}1{};\n}}\n",
            "(".repeat(20_000),
            ")".repeat(20_000)
        );
        let (line, why) = check_nesting(&deep).unwrap_err();
        assert_eq!(line, 2);
        assert!(
            why.starts_with("parentheses nested more than 256 deep"),
            "{}",
            why
        );
        let fine = format!(
            "fn main() {{ let x = {}1{}; }}",
            "(".repeat(MAX_NESTING - 2),
            ")".repeat(MAX_NESTING - 2)
        );
        assert_eq!(check_nesting(&fine), Ok(()));
    }
}
