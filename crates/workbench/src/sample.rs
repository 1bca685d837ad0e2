//! `cargo xtask sample <crate> <NAME> [FILE] [--from-solution]`: a new sample: the input (FILE,
//! or stdin) is written to `samples/<crate>/NAME.in` and its answer to `NAME.out`, the brute
//! force's by default, the solution's with `--from-solution` (for inputs the brute force cannot
//! answer: bad inputs, whose `.out` is the solution's `error:` line, and large ones). Both
//! files or neither, never over an existing file, even on a full disk or a kill.

use crate::flags::Sample;
use crate::oracle_program;
use context_error::{bail, Context, Result};
use sample_files::{write_pair, PairError};
use std::path::{Path, PathBuf};
use workspace_layout as workspace;

pub fn run(flags: Sample) -> Result<()> {
    let Sample {
        problem: name,
        name: case,
        file,
        from_solution,
    } = flags;
    let (name, case, file) = (&name, &case, file.as_ref());
    check_case_name(case)?;
    let root = workspace::root();
    let input = match file {
        Some(file) => sample_files::read_regular(Path::new(file))
            .map_err(|err| context_error::err!("{}; nothing was written", err))?,
        None => sample_files::read_capped(std::io::stdin().lock(), "stdin")
            .map_err(|err| context_error::err!("{}; nothing was written", err))?,
    };
    let dir = workspace::ProblemCrate::new(&root, name).samples_dir();
    for path in [
        dir.join(format!("{}.in", case)),
        dir.join(format!("{}.out", case)),
    ] {
        if path.symlink_metadata().is_ok() {
            bail!("{} already exists; nothing was written", path.display());
        }
    }
    // The input goes to the oracle program through a scratch file under target/.
    let scratch = workspace_layout::TempDir::new("sample")?;
    let scratch_input = scratch.path().join("input");
    std::fs::write(&scratch_input, &input)
        .with_context(|| format!("writing {}", scratch_input.display()))?;
    let command = if from_solution { "solve" } else { "brute" };
    let answer = oracle_program::output(
        &root,
        name,
        &[command.to_string(), scratch_input.display().to_string()],
    )
    .map_err(|err| {
        let source = file.map_or("stdin", |f| f.as_str());
        context_error::err!(
            "{}: {}",
            source,
            err.to_string()
                .replace(&scratch_input.display().to_string(), "the input")
        )
    })?;
    let written = write_sample(&dir, case, &input, &answer)?;
    println!(
        "wrote {} and its .out, the {}'s answer:",
        written.strip_prefix(&root).unwrap_or(&written).display(),
        if from_solution {
            "solution"
        } else {
            "brute force"
        }
    );
    print!("{}", answer);
    if from_solution {
        println!("(from the solution, not the brute force: check it by hand)");
    }
    Ok(())
}

fn check_case_name(case: &str) -> Result<()> {
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
    Ok(())
}

/// Writes `dir/case.in` and `dir/case.out`, both or neither; fails if either exists. Returns
/// the `.in` path.
pub fn write_sample(dir: &Path, case: &str, input: &[u8], answer: &str) -> Result<PathBuf> {
    check_case_name(case)?;
    let in_path = dir.join(format!("{}.in", case));
    let out_path = dir.join(format!("{}.out", case));
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    match write_pair(&in_path, input, &out_path, answer.as_bytes()) {
        Ok(()) => Ok(in_path),
        Err(PairError::Taken) => bail!(
            "{} or its .out already exists; nothing was written",
            in_path.display()
        ),
        Err(PairError::Io(err)) => {
            bail!(
                "writing {}: {}; nothing was written",
                in_path.display(),
                err
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::{TempDir, TinyDisk};

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
        // No temporary file is left in the folder.
        let names: Vec<String> = std::fs::read_dir(&dir.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| !n.starts_with('.')), "{:?}", names);
    }

    #[test]
    fn a_full_disk_leaves_neither_file() {
        let Some(disk) = TinyDisk::mount("64k") else {
            return;
        };
        let dir = disk.point.join("samples");
        std::fs::create_dir_all(&dir).unwrap();
        // Fill the disk to about 8 KiB from full.
        let mut filler = std::fs::File::create(disk.point.join("filler")).unwrap();
        let block = vec![b'x'; 4096];
        let mut written = 0;
        while written < 56 << 10 {
            if std::io::Write::write_all(&mut filler, &block).is_err() {
                break;
            }
            written += block.len();
        }
        filler.sync_all().ok();
        drop(filler);
        // The input fits, its answer does not.
        let answer = "1\n".repeat(16 << 10);
        let err = write_sample(&dir, "big", b"1 2\n", &answer).unwrap_err();
        assert!(err.to_string().contains("nothing was written"), "{}", err);
        let left: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(left.is_empty(), "{:?}", left);
        // Once there is room, the same call writes both.
        std::fs::remove_file(disk.point.join("filler")).unwrap();
        write_sample(&dir, "big", b"1 2\n", &answer).unwrap();
        assert!(dir.join("big.in").is_file() && dir.join("big.out").is_file());
    }
}
