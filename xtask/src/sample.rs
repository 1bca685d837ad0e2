//! `cargo xtask sample <crate> <NAME> [FILE]`: a new sample whose answer comes from the brute
//! force: the input (FILE, or stdin) is written to `samples/<crate>/NAME.in` and the brute
//! force's answer to `NAME.out`. Never over an existing file.

use crate::cli::Args;
use crate::problems;
use crate::workspace;
use anyhow::{bail, Context, Result};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

pub const USAGE: &str = "\
cargo xtask sample <crate> <NAME> [FILE]

Writes the input FILE (stdin without FILE) to samples/<crate>/NAME.in and the brute force's
answer to it (as `cargo xtask brute` prints it) to NAME.out. Refuses a NAME already taken by
either file, and an input the oracle cannot read or the brute force cannot answer. NAME is
letters, digits, `-` and `_`.
";

pub fn run(args: Vec<String>) -> Result<()> {
    let args = Args::new(args).finish()?;
    let (name, case, file) = match args.as_slice() {
        [name, case] => (name, case, None),
        [name, case, file] => (name, case, Some(file)),
        _ => bail!("usage: {}", USAGE.lines().next().unwrap_or_default()),
    };
    let root = workspace::root();
    workspace::check_problem(&root, name)?;
    let problem = problems::find(name)?;
    let input = match file {
        Some(file) => std::fs::read(file).with_context(|| format!("reading {}", file))?,
        None => {
            let mut text = Vec::new();
            std::io::stdin()
                .read_to_end(&mut text)
                .context("reading stdin")?;
            text
        }
    };
    let answer =
        (problem.brute)(&input).with_context(|| file.cloned().unwrap_or("stdin".into()))?;
    let dir = workspace::samples_dir(&root, name);
    let written = write_sample(&dir, case, &input, &answer)?;
    println!(
        "wrote {} and its .out: {}",
        written.strip_prefix(&root).unwrap_or(&written).display(),
        answer.trim_end().lines().next().unwrap_or_default()
    );
    Ok(())
}

/// Writes `dir/case.in` and `dir/case.out`, both or neither; fails if either exists. Returns
/// the `.in` path.
pub fn write_sample(dir: &Path, case: &str, input: &[u8], answer: &str) -> Result<PathBuf> {
    let valid = !case.is_empty()
        && case.len() <= 64
        && case
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !valid {
        bail!(
            "{:?} is not a sample name: use letters, digits, - and _ (e.g. two-piles)",
            case
        );
    }
    let in_path = dir.join(format!("{}.in", case));
    let out_path = dir.join(format!("{}.out", case));
    for path in [&in_path, &out_path] {
        if path.symlink_metadata().is_ok() {
            bail!("{} already exists; nothing was written", path.display());
        }
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let create = |path: &Path, bytes: &[u8]| -> Result<()> {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .with_context(|| format!("creating {}", path.display()))?;
        file.write_all(bytes)
            .with_context(|| format!("writing {}", path.display()))
    };
    create(&in_path, input)?;
    if let Err(err) = create(&out_path, answer.as_bytes()) {
        std::fs::remove_file(&in_path).ok();
        return Err(err);
    }
    Ok(in_path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;

    #[test]
    fn writes_both_files_or_neither_and_never_overwrites() {
        let dir = TempDir::new("sample");
        let path = write_sample(&dir.0, "two", b"1 2\n", "3\n").unwrap();
        assert_eq!(path, dir.0.join("two.in"));
        assert_eq!(
            std::fs::read_to_string(dir.0.join("two.out")).unwrap(),
            "3\n"
        );
        let again = write_sample(&dir.0, "two", b"9\n", "9\n").unwrap_err();
        assert!(again.to_string().contains("already exists"), "{}", again);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "1 2\n");
        // A taken .out alone blocks the name too, and nothing is left behind.
        std::fs::write(dir.0.join("three.out"), "keep").unwrap();
        assert!(write_sample(&dir.0, "three", b"1\n", "1\n").is_err());
        assert!(!dir.0.join("three.in").exists());
        for bad in ["", "a/b", "../x", "a b", ".hidden"] {
            assert!(
                write_sample(&dir.0, bad, b"1\n", "1\n").is_err(),
                "{:?}",
                bad
            );
        }
    }
}
