//! The error type of the gamedp tool libraries: a message with the chain of what it happened
//! in (`reading samples/x.in: No such file or directory`), built with [`Context`] on any
//! `Result` or `Option`, [`bail!`] and [`err!`].
//!
//! Libraries report a concrete type, not `anyhow`'s: a caller can match on nothing more than a
//! chain of messages here, but that is all the tools' errors are (each is shown to a user and
//! ends a command), and the binaries stay free to wrap it however they like.
//!
//! # Example
//! ```
//! use context_error::{bail, Context, Result};
//!
//! fn parse(text: &str) -> Result<u32> {
//!     if text.is_empty() {
//!         bail!("an empty file");
//!     }
//!     text.trim().parse::<u32>().context("the first line")
//! }
//! let err = parse("x").with_context(|| "reading a.in".to_string()).unwrap_err();
//! assert_eq!(format!("{}", err), "reading a.in");
//! assert_eq!(format!("{:#}", err), "reading a.in: the first line: invalid digit found in string");
//! assert_eq!(format!("{:#}", parse("").unwrap_err()), "an empty file");
//! ```

use std::fmt;

/// An error: its message and the messages of what it happened in, outermost first.
///
/// `{}` shows the outermost message, `{:#}` the whole chain joined by `: `, `{:?}` the chain
/// on lines (`Caused by:`), as a binary's `main` returning it prints. Two errors are equal when
/// their chains are, so a test can compare a whole `Result`.
#[derive(Clone, PartialEq, Eq)]
pub struct Error {
    chain: Vec<String>,
}

/// `Result` with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// An error of one message.
    ///
    /// # Example
    /// ```
    /// let err = context_error::Error::msg("no samples");
    /// assert_eq!(err.to_string(), "no samples");
    /// ```
    pub fn msg(message: impl fmt::Display) -> Self {
        Error {
            chain: vec![message.to_string()],
        }
    }

    /// This error, happened in `context`.
    ///
    /// # Example
    /// ```
    /// let err = context_error::Error::msg("denied").context("writing x");
    /// assert_eq!(format!("{:#}", err), "writing x: denied");
    /// ```
    pub fn context(mut self, context: impl fmt::Display) -> Self {
        self.chain.insert(0, context.to_string());
        self
    }

    /// The messages, outermost first.
    ///
    /// # Example
    /// ```
    /// let err = context_error::Error::msg("b").context("a");
    /// assert_eq!(err.chain().collect::<Vec<_>>(), ["a", "b"]);
    /// ```
    pub fn chain(&self) -> impl Iterator<Item = &str> {
        self.chain.iter().map(String::as_str)
    }
}

/// Any standard error, with the chain of its sources.
impl<E: std::error::Error> From<E> for Error {
    fn from(err: E) -> Self {
        let mut chain = vec![err.to_string()];
        let mut source = err.source();
        while let Some(s) = source {
            chain.push(s.to_string());
            source = s.source();
        }
        Error { chain }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&self.chain.join(": "))
        } else {
            f.write_str(&self.chain[0])
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.chain[0])?;
        if self.chain.len() > 1 {
            f.write_str("\n\nCaused by:")?;
            for cause in &self.chain[1..] {
                write!(f, "\n    {}", cause)?;
            }
        }
        Ok(())
    }
}

/// `context` and `with_context` on a `Result` whose error converts to [`Error`], and on an
/// `Option` (`None` becomes the context's message).
///
/// # Example
/// ```
/// use context_error::Context;
/// let none: Option<u8> = None;
/// assert_eq!(none.context("no value").unwrap_err().to_string(), "no value");
/// let failed: Result<u8, std::fmt::Error> = Err(std::fmt::Error);
/// let err = failed.with_context(|| format!("step {}", 2)).unwrap_err();
/// assert_eq!(format!("{:#}", err), "step 2: an error occurred when formatting an argument");
/// ```
pub trait Context<T> {
    /// The error, happened in `context`.
    fn context(self, context: impl fmt::Display) -> Result<T>;
    /// The error, happened in what `context` says (called only on an error).
    fn with_context<C: fmt::Display>(self, context: impl FnOnce() -> C) -> Result<T>;
}

impl<T, E: Into<Error>> Context<T> for std::result::Result<T, E> {
    fn context(self, context: impl fmt::Display) -> Result<T> {
        self.map_err(|e| e.into().context(context))
    }

    fn with_context<C: fmt::Display>(self, context: impl FnOnce() -> C) -> Result<T> {
        self.map_err(|e| e.into().context(context()))
    }
}

impl<T> Context<T> for Option<T> {
    fn context(self, context: impl fmt::Display) -> Result<T> {
        self.ok_or_else(|| Error::msg(context))
    }

    fn with_context<C: fmt::Display>(self, context: impl FnOnce() -> C) -> Result<T> {
        self.ok_or_else(|| Error::msg(context()))
    }
}

/// An [`Error`] of a formatted message: `err!("{} is not a number", text)`.
///
/// # Example
/// ```
/// let err = context_error::err!("{} of {}", 3, 4);
/// assert_eq!(err.to_string(), "3 of 4");
/// ```
#[macro_export]
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::Error::msg(format!($($arg)*))
    };
}

/// Returns early with an [`Error`] of a formatted message: `bail!("{} has no samples", name)`.
///
/// # Example
/// ```
/// fn check(n: u32) -> context_error::Result<u32> {
///     if n == 0 {
///         context_error::bail!("n is {}", n);
///     }
///     Ok(n)
/// }
/// assert_eq!(check(0).unwrap_err().to_string(), "n is 0");
/// ```
#[macro_export]
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err($crate::err!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standard_errors_sources_join_the_chain() {
        let io = std::io::Error::other("disk full");
        let err: Error = Error::from(io).context("writing x.out");
        assert_eq!(format!("{:#}", err), "writing x.out: disk full");
        assert_eq!(
            format!("{:?}", err),
            "writing x.out\n\nCaused by:\n    disk full"
        );
        let parse = "x".parse::<u8>().context("the count").unwrap_err();
        assert_eq!(parse.chain().count(), 2);
    }

    #[test]
    fn question_mark_converts_standard_errors() {
        fn read() -> Result<u8> {
            Ok("300".parse::<u8>()?)
        }
        assert_eq!(
            read().unwrap_err().to_string(),
            "number too large to fit in target type"
        );
    }
}
