//! `cargo xtask bundle`: the bundler ([`bundler::run_with`]), with one more proof for a crate
//! that has an oracle program: its generator's inputs (200 by default), each answered by the
//! bundle exactly as by the crate's solver in cargo's build. The oracle program writes the
//! inputs and the solver's answers in its own process: the program stress runs, built in the
//! workbench's profile ([`crate::build_dir`]), whose overflow checks make an overflowing
//! solution a failed proof rather than a silent wrap. Samples cover what their authors thought of; a
//! construct the bundler changes the meaning of (a pattern that turned into a binding, a
//! dropped `use` that a glob made up for) shows on inputs no sample has. The bundler itself knows nothing of oracles: it is handed
//! input and answer files, as it is the samples.

use crate::oracle_program;
use bundler::{Deliver, Generated};
use context_error::{bail, err, Context, Result};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use workspace_layout::TempDir;

/// Generated inputs per crate when `--cases` is not given.
pub const DEFAULT_CASES: u64 = 200;

/// The generated-input options of the bundle's command line (the rest is the bundler's):
/// how many inputs per crate, from which seed.
fn generated_options(flags: &bundler::cli::Bundle) -> Result<(u64, u64)> {
    let cases = if flags.no_generated {
        0
    } else {
        flags.cases.unwrap_or(DEFAULT_CASES)
    };
    let seed = flags.seed.unwrap_or(1);
    if seed.checked_add(cases).is_none() {
        bail!("--seed plus --cases is past 2^64");
    }
    Ok((cases, seed))
}

pub fn run(args: Vec<String>) -> Result<()> {
    let flags = bundler::cli::Bundle::parse(args, "cargo xtask bundle")?;
    let (cases, seed) = generated_options(&flags)?;
    bundler::run_flags(flags, &|root: &Path,
                                names: &[String],
                                deliver: &Deliver| {
        generate_each(root, names, cases, seed, deliver)
    })
}

/// The inputs of seeds `seed..seed + cases` of crate `name`'s oracle program, each with the
/// answer of the crate's solver; `None` for a crate without an oracle program (or `cases` 0).
pub fn generate(root: &Path, name: &str, cases: u64, seed: u64) -> Result<Option<Generated>> {
    let made = Mutex::new(None);
    generate_each(root, &[name.to_string()], cases, seed, &|_, generated| {
        *made.lock().unwrap_or_else(|e| e.into_inner()) = Some(generated);
    })?;
    let made = made.into_inner().unwrap_or_else(|e| e.into_inner());
    made.unwrap_or(Ok(None))
}

/// [`generate`] for each crate of `names`, each handed to `deliver` with its index in `names`
/// as soon as it is made. The oracle programs are built in one cargo run, so that cargo spreads
/// the crates over the cores, and each generator starts as soon as cargo has linked its
/// program, while the others are still being built. A failed build is the error returned; the
/// crates whose programs were built by then are delivered.
pub fn generate_each(
    root: &Path,
    names: &[String],
    cases: u64,
    seed: u64,
    deliver: &Deliver,
) -> Result<()> {
    let mut with = Vec::new();
    for (k, name) in names.iter().enumerate() {
        if cases > 0 && workspace_layout::ProblemCrate::new(root, name).has_oracle() {
            with.push(k);
        } else {
            deliver(k, Ok(None));
        }
    }
    if with.is_empty() {
        return Ok(());
    }
    let with_names: Vec<String> = with.iter().map(|&k| names[k].clone()).collect();
    std::thread::scope(|scope| {
        let mut start = |i: usize, program: &Path| {
            let (k, program) = (with[i], program.to_path_buf());
            let name = &names[k];
            scope.spawn(move || {
                let made = std::panic::catch_unwind(|| {
                    generate_kept(&program, name, cases, seed)
                        .map(Some)
                        .with_context(|| name.to_string())
                });
                deliver(
                    k,
                    made.unwrap_or_else(|_| Err(err!("{}: generating inputs panicked", name))),
                );
            });
        };
        oracle_program::build_each(root, &with_names, &mut start).map(|_| ())
    })
}

/// The generated inputs of crate `name` by the oracle program at `program`: those kept from an
/// earlier run of the same program (every byte of it: its generator and the solver compiled
/// in) with the same seeds, else made afresh and kept for the next run. Both are functions of
/// the seed alone, so a warm `bundle --all` reruns only the generators that changed.
fn generate_kept(program: &Path, name: &str, cases: u64, seed: u64) -> Result<Generated> {
    let kept = kept_dir(program, name);
    let key = generated_key(program, cases, seed)?;
    if std::fs::read_to_string(kept.join(KEY_FILE)).ok().as_deref() == Some(key.as_str()) {
        if let Ok(cases) = collect_cases(&kept, program, cases) {
            return Ok(Generated { cases, dir: None });
        }
    }
    let made = generate_with(program, cases, seed)?;
    Ok(keep(made, &kept, &key, program, cases))
}

/// The key file of a kept folder, written last: a folder without it, or with another key, is
/// never read.
const KEY_FILE: &str = "key";

/// Where the generated inputs of crate `name` are kept: beside its program, in cargo's target
/// folder (`target/workbench/generated-inputs/<crate>/`).
fn kept_dir(program: &Path, name: &str) -> PathBuf {
    program.with_file_name("generated-inputs").join(name)
}

/// What the generated inputs depend on: the program's bytes, the number of cases and the
/// first seed.
fn generated_key(program: &Path, cases: u64, seed: u64) -> Result<String> {
    let bytes = std::fs::read(program).with_context(|| format!("reading {}", program.display()))?;
    let mut hash = std::hash::DefaultHasher::new();
    std::hash::Hasher::write(&mut hash, &bytes);
    let hash = std::hash::Hasher::finish(&hash);
    Ok(format!("{:016x} {} {}\n", hash, cases, seed))
}

/// Moves freshly made inputs to `kept` (replacing what was there) and returns them from there;
/// when that fails (another file system, a full disk), they stay where they were made, used
/// once.
fn keep(made: Generated, kept: &Path, key: &str, program: &Path, cases: u64) -> Generated {
    let Some(dir) = &made.dir else {
        return made;
    };
    let files = dir.path().join("inputs");
    let moved = (|| -> std::io::Result<()> {
        std::fs::write(files.join(KEY_FILE), key)?;
        if kept.exists() {
            std::fs::remove_dir_all(kept)?;
        }
        std::fs::create_dir_all(kept.parent().unwrap_or(kept))?;
        std::fs::rename(&files, kept)
    })();
    match moved
        .ok()
        .and_then(|()| collect_cases(kept, program, cases).ok())
    {
        Some(cases) => Generated { cases, dir: None },
        None => made,
    }
}

/// Runs the oracle program at `program` to write the inputs and the solver's answers.
fn generate_with(program: &Path, cases: u64, seed: u64) -> Result<Generated> {
    let dir = TempDir::new("generated")?;
    let files = dir.path().join("inputs");
    let args: Vec<String> = vec![
        "generate".to_string(),
        files.display().to_string(),
        "--cases".to_string(),
        cases.to_string(),
        "--seed".to_string(),
        seed.to_string(),
        "--answers".to_string(),
    ];
    oracle_program::output_of(program, &args)
        .with_context(|| format!("{} generate", program.display()))?;
    Ok(Generated {
        cases: collect_cases(&files, program, cases)?,
        dir: Some(dir),
    })
}

/// The `<seed>.in` files of `files`, each with its `.out`, by seed; exactly `cases` of them.
fn collect_cases(files: &Path, program: &Path, cases: u64) -> Result<Vec<bundler::Case>> {
    let mut made: Vec<(u64, String, PathBuf, PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(files).with_context(|| format!("reading {}", files.display()))? {
        let input = entry?.path();
        if input.extension().is_some_and(|e| e == "in") {
            let stem = input
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string();
            let answer = input.with_extension("out");
            if !answer.is_file() {
                bail!(
                    "{} generate wrote no {}",
                    program.display(),
                    answer.display()
                );
            }
            made.push((stem.parse().unwrap_or(u64::MAX), stem, input, answer));
        }
    }
    made.sort();
    if made.len() as u64 != cases {
        bail!(
            "{} generate wrote {} inputs, not {}",
            program.display(),
            made.len(),
            cases
        );
    }
    Ok(made
        .into_iter()
        .map(|(_, stem, input, answer)| (stem, input, answer))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in oracle program: a shell script that writes `<seed>.in` and `.out` files as
    /// `generate DIR --cases N --seed S --answers` asks, and counts its runs in `runs`.
    fn stand_in_program(dir: &Path, answer: &str) -> PathBuf {
        let program = dir.join("p-oracle");
        let script = format!(
            "#!/bin/sh\necho run >> '{runs}'\nmkdir -p \"$2\"\ni=0\nwhile [ $i -lt $4 ]; do\n  s=$(($6 + i))\n  echo $s > \"$2/$s.in\"\n  echo {answer} > \"$2/$s.out\"\n  i=$((i + 1))\ndone\n",
            runs = dir.join("runs").display(),
            answer = answer
        );
        std::fs::write(&program, script).unwrap();
        let mut permissions = std::fs::metadata(&program).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
        std::fs::set_permissions(&program, permissions).unwrap();
        program
    }

    fn runs(dir: &Path) -> usize {
        std::fs::read_to_string(dir.join("runs"))
            .unwrap_or_default()
            .lines()
            .count()
    }

    /// Generated inputs are kept for the same program bytes and seeds, and made again when
    /// either changes or the kept folder lost its key.
    #[test]
    fn generated_inputs_are_kept_for_the_same_program_and_seeds_only() {
        let dir = TempDir::new("kept-inputs").unwrap();
        let dir = dir.path();
        let program = stand_in_program(dir, "yes");
        let first = generate_kept(&program, "p", 3, 5).unwrap();
        assert_eq!(runs(dir), 1);
        let stems: Vec<&str> = first.cases.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(stems, ["5", "6", "7"]);
        assert!(first.cases[0].1.starts_with(dir.join("generated-inputs/p")));
        assert_eq!(std::fs::read_to_string(&first.cases[2].2).unwrap(), "yes\n");
        // The same program and seeds: read back, not run.
        let again = generate_kept(&program, "p", 3, 5).unwrap();
        assert_eq!(runs(dir), 1);
        assert_eq!(again.cases, first.cases);
        // Other seeds, or more of them: run.
        generate_kept(&program, "p", 3, 6).unwrap();
        assert_eq!(runs(dir), 2);
        generate_kept(&program, "p", 4, 6).unwrap();
        assert_eq!(runs(dir), 3);
        // Another program (a solver that answers differently): run, and its answers kept.
        let program = stand_in_program(dir, "no");
        let changed = generate_kept(&program, "p", 4, 6).unwrap();
        assert_eq!(runs(dir), 4);
        assert_eq!(
            std::fs::read_to_string(&changed.cases[0].2).unwrap(),
            "no\n"
        );
        // A kept folder without its key (a run killed while keeping): made again.
        std::fs::remove_file(dir.join("generated-inputs/p").join(KEY_FILE)).unwrap();
        generate_kept(&program, "p", 4, 6).unwrap();
        assert_eq!(runs(dir), 5);
        generate_kept(&program, "p", 4, 6).unwrap();
        assert_eq!(runs(dir), 5);
    }

    #[test]
    fn reads_the_generated_input_options() {
        let options = |line: &str| {
            let args = line.split_whitespace().map(String::from).collect();
            generated_options(&bundler::cli::Bundle::parse(args, "cargo xtask bundle").unwrap())
        };
        assert_eq!(options("p --cases 7 --all --seed=3").unwrap(), (7, 3));
        assert_eq!(options("p").unwrap(), (DEFAULT_CASES, 1));
        assert_eq!(options("--no-generated --seed 4").unwrap(), (0, 4));
        let err = options("--seed 18446744073709551615 --cases 1").unwrap_err();
        assert_eq!(err.to_string(), "--seed plus --cases is past 2^64");
    }

    /// The fixture crate with an oracle program: its generator's inputs (zeros, which its
    /// sample lacks) answered by the bundle as by the crate's solver. Builds the fixture
    /// workspace's oracle program (`cargo xtask bundle --fixtures` does the same).
    #[test]
    #[ignore]
    fn a_fixtures_generated_inputs_are_answered_as_its_solver_answers_them() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bundler/testdata/fixture");
        let generated = generate(&root, "pattern-imports", 50, 1)
            .unwrap()
            .expect("pattern-imports has an oracle program");
        assert_eq!(generated.cases.len(), 50);
        assert!(generated
            .cases
            .iter()
            .any(|(_, input, _)| std::fs::read_to_string(input).unwrap().contains(" 0 ")));
        // Each answer is the solver's: a zero is answered `zero`.
        assert!(generated.cases.iter().any(|(_, input, answer)| {
            std::fs::read_to_string(input).unwrap().contains(" 0 ")
                && std::fs::read_to_string(answer).unwrap().contains("zero")
        }));
        let options = bundler::Options::from_flags(None, Some("2021".to_string()));
        let summary =
            bundler::bundle_crate_with(&root, "pattern-imports", &options, Some(&generated))
                .unwrap_or_else(|e| panic!("{:#}", e));
        assert_eq!(summary.generated, 50);
        // Built in the workbench's profile, the program stress runs, not in target/debug.
        let program = oracle_program::build(&root, "pattern-imports").unwrap();
        assert!(
            program
                .components()
                .any(|c| c.as_os_str() == crate::build_dir::PROFILE),
            "{}",
            program.display()
        );
        // A crate without an oracle program gets none.
        assert!(generate(&root, "p1-fixture", 50, 1).unwrap().is_none());
    }
}
