//! The files a scaffold writes, as templates (`{{name}}`, `{{ident}}`, `{{Oracle}}` and the
//! judge's lines filled in by [`super::scaffold`]).

use super::*;

/// The `input-file` and `output-file` lines of `[package.metadata.judge]`, for a judge that
/// names files.
pub(super) fn judge_files(spec: &Spec) -> String {
    let mut lines = String::new();
    if spec.input_file.is_some() || spec.output_file.is_some() {
        lines.push_str("# The files the judge gives the input in and reads the answer from.\n");
    }
    for (key, file) in [
        ("input-file", &spec.input_file),
        ("output-file", &spec.output_file),
    ] {
        if let Some(file) = file {
            lines.push_str(&format!("{} = \"{}\"\n", key, toml_string(file)));
        }
    }
    lines
}

/// `[package.metadata.problem]` with the statement's name and URL, when known.
pub(super) fn statement_table(spec: &Spec) -> String {
    match &spec.statement {
        Some((name, url)) => format!(
            "\n# The statement this crate solves (a problem received again is known by its URL).\n\
             [package.metadata.problem]\nname = \"{}\"\nurl = \"{}\"\n",
            toml_string(name),
            toml_string(url)
        ),
        None => String::new(),
    }
}

/// The body of `main`: stdin to stdout, or the judge's files.
pub(super) fn run_call(spec: &Spec) -> String {
    if spec.input_file.is_none() && spec.output_file.is_none() {
        return format!("dp_core::run({}::solve)", ident(&spec.name));
    }
    let show = |file: &Option<String>| match file {
        Some(file) => format!("Some({:?})", file),
        None => "None".to_string(),
    };
    format!(
        "// The judge gives the input in a file and reads the answer from one (None: stdin,\n    \
         // stdout), as [package.metadata.judge] says.\n    \
         dp_core::run_files({}, {}, {}::solve)",
        show(&spec.input_file),
        show(&spec.output_file),
        ident(&spec.name)
    )
}

/// A TOML basic string's text: `"` and `\` escaped, control characters dropped.
pub(super) fn toml_string(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

pub(super) const CARGO_TOML: &str = r#"[package]
name = "{{name}}"
description = "{{description}}"
version.workspace = true
edition.workspace = true
license.workspace = true
rust-version = "1.63"
publish = false

# The statement's limits, enforced by `cargo xtask judge`.
[package.metadata.judge]
time-limit-ms = {{time_limit_ms}}
memory-limit-mib = {{memory_limit_mib}}
{{judge_files}}# Not solved yet: its tests (tests/checks.rs) print it as pending instead of failing on its
# samples. Remove the line once src/lib.rs solves the problem.
solved = false
{{statement}}
[features]
# The oracle and its program, for tests and `cargo xtask stress | brute | sample | bench | test`.
oracle = ["dep:test-kit"]

[dependencies]
dp-core = { path = "../dp-core" }
test-kit = { path = "../test-kit", optional = true }

# The oracle program that `cargo xtask` builds for this crate alone and runs.
[[bin]]
name = "{{name}}-oracle"
path = "src/bin/oracle.rs"
required-features = ["oracle"]

# Its own tests (tests/) drive the oracle: `cargo test -p {{name}}` turns the feature on.
[dev-dependencies]
{{name}} = { path = ".", features = ["oracle"] }
"#;

pub(super) const LIB_RS: &str = r#"//! {{name}}: a placeholder problem from the workbench, to be replaced by the real one: print
//! the sum of the input's integers.

use dp_core::{Error, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Most integers accepted.
pub const MAX_COUNT: usize = 100_000;
/// Largest integer accepted.
pub const MAX_VALUE: u64 = 1_000_000_000;

/// Reads 1 to [`MAX_COUNT`] integers in `0..=MAX_VALUE` and writes their sum.
///
/// # Errors
/// A malformed or out-of-range token, no integer, or too many.
///
/// # Complexity
/// O(input).
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// {{ident}}::solve(b"20 22\n", &mut out).unwrap();
/// assert_eq!(out, b"42\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let mut sum: u64 = sc.next_in(0..=MAX_VALUE, "a")?;
    let mut count = 1;
    while !sc.is_at_end() {
        if count == MAX_COUNT {
            return Err(sc.invalid("more integers than MAX_COUNT"));
        }
        sum += sc.next_in(0..=MAX_VALUE, "a")?;
        count += 1;
    }
    writeln!(out, "{}", sum)?;
    Ok(())
}
"#;

pub(super) const MAIN_RS: &str = r#"fn main() {
    {{run}}
}
"#;

pub(super) const ORACLE_RS: &str = r#"//! Test oracle (feature `oracle`) of a placeholder problem from the workbench: the input
//! format (one description gives the generator, renderer, parser and shrinker), a brute force
//! that sums by counting, and its size guard. The oracle program (src/bin/oracle.rs) runs it
//! for `cargo xtask stress`.

use test_kit::format::{int, until_end, Format};
use test_kit::{at_most, Problem};

/// The oracle of {{name}}.
pub struct {{Oracle}};

impl Problem for {{Oracle}} {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Vec<u64>;

    /// Integers, one per line, until the end of input: small ones are 1 to 5 up to 1000.
    fn format() -> impl Format<Value = Self::Value> {
        let a = int("a", 0..=crate::MAX_VALUE).small(0..=1000);
        until_end(1..=crate::MAX_COUNT, a)
    }

    fn brute(numbers: &Vec<u64>) -> String {
        let units = numbers.iter().flat_map(|&x| (0..x).map(|_| 1u64));
        format!("{}\n", units.sum::<u64>())
    }

    fn refuses(numbers: &Vec<u64>) -> Option<String> {
        at_most("(the sum)", numbers.iter().sum(), 10_000_000)
    }
}
"#;

pub(super) const ORACLE_PROGRAM_RS: &str = r#"//! The oracle program of {{name}}: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<{{ident}}::oracle::{{Oracle}}>()
}
"#;

pub(super) const CHECKS_RS: &str = r#"//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/{{name}}/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<{{ident}}::oracle::{{Oracle}}>::new(env!("CARGO_MANIFEST_DIR")).run();
}
"#;
