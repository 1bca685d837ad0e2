//! What a problem crate's own test runs (`tests/checks.rs`, which `cargo xtask new` writes, so
//! that `cargo test -p <crate>` checks the problem without a line in the workspace's root): the
//! [standard checks](crate::standard_checks) on the crate's samples in `samples/<crate>/`, every
//! accepted sample with a token appended refused as a token after the end, and benchmark inputs
//! that are fixed and readable. A crate marked `solved = false` (as `new` and `listen` scaffold
//! it) is pending: its failures are printed and fail nothing.

use crate::cases;
use crate::checks::standard_checks_dyn;
use crate::erased::{DynOracle, Erase};
use crate::problem::Problem;
use context_error::{err, Result};
use std::io::Write;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use workspace_layout::ProblemCrate;

/// Random inputs of the standard checks: `cargo xtask stress` and the crate's own tests run
/// many more.
pub const CASES: u64 = 200;

/// The checks of problem crate `P` in the folder of its manifest; see the module documentation.
///
/// # Example
/// A problem crate's `tests/checks.rs`:
/// ```no_run
/// # struct StoneEnds;
/// # impl test_kit::Problem for StoneEnds {
/// #     const NAME: &'static str = "p2599-stone-ends";
/// #     type Value = u64;
/// #     fn format() -> impl test_kit::format::Format<Value = u64> { test_kit::format::int("a", 0..=9u64) }
/// #     fn brute(_: &u64) -> String { String::new() }
/// #     const SOLVE: test_kit::Solve = |_, _| Ok(());
/// # }
/// #[test]
/// fn standard_checks_and_samples() {
///     test_kit::CrateChecks::<StoneEnds>::new(env!("CARGO_MANIFEST_DIR")).run();
/// }
/// ```
pub struct CrateChecks<P> {
    dir: PathBuf,
    cases: u64,
    runs_to_end_of_file: bool,
    oracle: PhantomData<fn() -> P>,
}

impl<P: Problem> CrateChecks<P> {
    /// The checks of the crate whose manifest is in `manifest_dir` (its `CARGO_MANIFEST_DIR`),
    /// on [`CASES`] random inputs.
    pub fn new(manifest_dir: impl AsRef<Path>) -> CrateChecks<P> {
        CrateChecks {
            dir: manifest_dir.as_ref().to_path_buf(),
            cases: CASES,
            runs_to_end_of_file: false,
            oracle: PhantomData,
        }
    }

    /// For an input that has no count and runs to the end of the file: a token appended is read
    /// as the start of one more test, so it must be refused, but as that test's bad or missing
    /// value rather than as a token after the end.
    pub fn input_runs_to_end_of_file(mut self) -> CrateChecks<P> {
        self.runs_to_end_of_file = true;
        self
    }

    /// Runs the checks: panics with the first failure, unless the crate is marked
    /// `solved = false`, whose failure (or that it has none) is only printed.
    ///
    /// # Panics
    /// A failure of a solved crate, or a manifest whose marker cannot be read.
    pub fn run(self) {
        let problem =
            ProblemCrate::at_manifest_dir(&self.dir).unwrap_or_else(|err| panic!("{}", err));
        let judge = problem.judge().unwrap_or_else(|err| panic!("{:#}", err));
        let result = self.result(&problem);
        if judge.solved {
            if let Err(failure) = result {
                panic!("{:#}", failure);
            }
        } else {
            // Not eprint!: the test harness captures that, and hides it when the test passes.
            let text = pending_text(
                problem.name(),
                result.err().map(|err| format!("{:#}", err)).as_deref(),
            );
            std::io::stderr().write_all(text.as_bytes()).ok();
        }
    }

    /// The checks' first failure, whatever the marker.
    fn result(&self, problem: &ProblemCrate) -> Result<()> {
        let oracle: &dyn DynOracle = &Erase::<P>::NEW;
        check_crate_dyn(oracle, problem, self.cases, self.runs_to_end_of_file)
    }
}

/// [`CrateChecks::run`]'s checks, compiled once.
fn check_crate_dyn(
    oracle: &dyn DynOracle,
    problem: &ProblemCrate,
    cases: u64,
    runs_to_end_of_file: bool,
) -> Result<()> {
    let name = problem.name();
    if oracle.name() != name {
        return Err(err!(
            "the oracle of crate {} is named {:?}: its NAME must be the crate's",
            name,
            oracle.name()
        ));
    }
    let samples = problem.samples_dir();
    let checked = standard_checks_dyn(oracle, cases, Some(&samples))?;
    if checked.samples == 0 {
        return Err(err!(
            "no samples in samples/{} (add one: cargo xtask sample {} NAME FILE)",
            name,
            name
        ));
    }
    check_trailing_tokens(oracle, &samples, runs_to_end_of_file)?;
    check_bench_inputs(oracle)
}

/// Every accepted sample of `dir` with three kinds of token appended, each refused (fuzzing
/// found `2 1 1 2 2 junk` answered as if the junk were not there): as a token after the end,
/// unless the input runs to the end of the file.
fn check_trailing_tokens(
    oracle: &dyn DynOracle,
    dir: &Path,
    runs_to_end_of_file: bool,
) -> Result<()> {
    let cases = workspace_layout::cases_in(dir).map_err(|err| err!("{:#}", err))?;
    let mut checked = 0;
    for (_, path, out) in cases {
        let expected = std::fs::read_to_string(&out)
            .map_err(|err| err!("{}: no readable .out: {}", path.display(), err))?;
        if expected.trim_start().starts_with("error:") {
            continue;
        }
        let input = std::fs::read_to_string(&path)
            .map_err(|err| err!("reading {}: {}", path.display(), err))?;
        for (separator, junk) in [("\n", "junk"), (" ", "7"), ("\r\n", "-1")] {
            let padded = format!("{}{}{}\n", input, separator, junk);
            let got = cases::solver_result(oracle, &padded).map_err(|panic| {
                err!(
                    "{} + {:?}: the solver panicked: {}",
                    path.display(),
                    junk,
                    panic
                )
            })?;
            let Some(message) = got.strip_prefix("error: ") else {
                return Err(err!("{} + {:?}: accepted", path.display(), junk));
            };
            let ending = format!("expected the end of input, found \"{}\"", junk);
            if !runs_to_end_of_file && !message.trim_end().ends_with(&ending) {
                return Err(err!("{} + {:?}: {}", path.display(), junk, message));
            }
        }
        checked += 1;
    }
    if checked == 0 {
        return Err(err!("{}: no accepted sample to extend", dir.display()));
    }
    Ok(())
}

/// The benchmark inputs are the same on every call (`cargo xtask bench` compares runs) and
/// the oracle reads each of them.
fn check_bench_inputs(oracle: &dyn DynOracle) -> Result<()> {
    let inputs = oracle.bench_inputs();
    if inputs != oracle.bench_inputs() {
        return Err(err!("the bench inputs differ from one call to the next"));
    }
    for input in &inputs {
        if let Err(err) = oracle.parse(input.text.as_bytes()) {
            return Err(err!("bench input {:?}: {}", input.name, err));
        }
    }
    Ok(())
}

/// The line printed for a pending crate: what failed, or that nothing did.
fn pending_text(name: &str, failure: Option<&str>) -> String {
    let what = match failure {
        Some(failure) => cases::shorten(failure.lines().next().unwrap_or_default(), 300),
        None => "its checks pass: once it is solved, remove `solved = false` from its Cargo.toml"
            .to_string(),
    };
    format!(
        "pending {} (unsolved: `solved = false` in crates/{}/Cargo.toml): {}\n",
        name, name, what
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{int, list, Format};
    use crate::oracle::{BenchInput, Planted, PlantedSolver};
    use crate::problem::{Problem, Solve};
    use dp_core::{Error, Scanner};
    use std::sync::atomic::{AtomicU64, Ordering};

    /// The sum of a counted list; its solver refuses a token after the list.
    struct Sum;
    impl Problem for Sum {
        const NAME: &'static str = "p1-sum";
        type Value = Vec<u64>;
        fn format() -> impl Format<Value = Self::Value> {
            list("n", 1..=5, int("a", 0..=9u64))
        }
        fn brute(items: &Vec<u64>) -> String {
            format!("{}\n", items.iter().sum::<u64>())
        }
        const SOLVE: Solve = |input, out| {
            let mut sc = Scanner::new(input);
            let total = read_sum(&mut sc)?;
            out.extend_from_slice(format!("{}\n", total).as_bytes());
            sc.finish()
        };
    }

    fn read_sum(sc: &mut Scanner<'_>) -> Result<u64, Error> {
        let n: usize = sc.next_in(1..=5, "n")?;
        (0..n).map(|_| sc.next_in(0..=9u64, "a")).sum()
    }

    /// [`Sum`] with a solver that answers whatever follows the list.
    struct Lenient;
    impl PlantedSolver for Lenient {
        type Base = Sum;
        fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
            let total = read_sum(&mut Scanner::new(input))?;
            out.extend_from_slice(format!("{}\n", total).as_bytes());
            Ok(())
        }
    }

    /// [`Sum`] whose bench inputs change from one call to the next.
    struct Drifting;
    impl Problem for Drifting {
        const NAME: &'static str = "p1-sum";
        type Value = Vec<u64>;
        fn format() -> impl Format<Value = Self::Value> {
            Sum::format()
        }
        fn brute(items: &Vec<u64>) -> String {
            Sum::brute(items)
        }
        const SOLVE: Solve = Sum::SOLVE;
        fn benches() -> Vec<BenchInput> {
            static CALLS: AtomicU64 = AtomicU64::new(0);
            let calls = CALLS.fetch_add(1, Ordering::Relaxed);
            vec![BenchInput {
                name: "one".to_string(),
                text: format!("1\n{}\n", calls % 10),
            }]
        }
    }

    /// A workspace holding `crates/p1-sum/` (its manifest saying `judge`) and one sample.
    fn workspace(judge: &str) -> (workspace_layout::TempDir, ProblemCrate) {
        let dir = workspace_layout::TempDir::new("crate-checks").unwrap();
        let problem = ProblemCrate::new(dir.path(), "p1-sum");
        std::fs::create_dir_all(problem.dir()).unwrap();
        std::fs::write(
            problem.manifest(),
            format!(
                "[package]\nname = \"p1-sum\"\n[package.metadata.judge]\n{}",
                judge
            ),
        )
        .unwrap();
        std::fs::create_dir_all(problem.samples_dir()).unwrap();
        std::fs::write(problem.samples_dir().join("a.in"), "2\n3 4\n").unwrap();
        std::fs::write(problem.samples_dir().join("a.out"), "7\n").unwrap();
        (dir, problem)
    }

    fn result<P: Problem>(problem: &ProblemCrate, runs_to_end_of_file: bool) -> Result<()> {
        check_crate_dyn(&Erase::<P>::NEW, problem, 50, runs_to_end_of_file)
    }

    #[test]
    fn a_sound_crate_passes_and_each_fault_is_named() {
        let (_dir, problem) = workspace("");
        result::<Sum>(&problem, false).unwrap();
        // A token after the input, answered as if it were not there.
        let err = result::<Planted<Lenient>>(&problem, false)
            .unwrap_err()
            .to_string();
        assert!(err.contains("accepted"), "{}", err);
        // Bench inputs that differ between two calls.
        let err = result::<Drifting>(&problem, false).unwrap_err().to_string();
        assert!(err.contains("differ"), "{}", err);
        // A wrong sample.
        std::fs::write(problem.samples_dir().join("a.out"), "8\n").unwrap();
        let err = result::<Sum>(&problem, false).unwrap_err().to_string();
        assert!(err.contains("a.in"), "{}", err);
        // No sample at all.
        std::fs::remove_file(problem.samples_dir().join("a.in")).unwrap();
        std::fs::remove_file(problem.samples_dir().join("a.out")).unwrap();
        let err = result::<Sum>(&problem, false).unwrap_err().to_string();
        assert!(err.contains("no samples in samples/p1-sum"), "{}", err);
        // An oracle named after another crate.
        let other = ProblemCrate::new(problem.root(), "p2-other");
        let err = result::<Sum>(&other, false).unwrap_err().to_string();
        assert!(err.contains("its NAME must be the crate's"), "{}", err);
    }

    /// Lists of [`Sum`] until the end of input, their sums added: a token appended is read as
    /// the count of one more list.
    struct Lists;
    impl PlantedSolver for Lists {
        type Base = Sum;
        fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
            let mut sc = Scanner::new(input);
            let mut total = read_sum(&mut sc)?;
            while !sc.is_at_end() {
                total += read_sum(&mut sc)?;
            }
            out.extend_from_slice(format!("{}\n", total).as_bytes());
            Ok(())
        }
    }

    #[test]
    fn a_token_after_an_input_that_runs_to_the_end_may_be_refused_as_a_bad_value() {
        let (_dir, problem) = workspace("");
        let samples = problem.samples_dir();
        // Refused as a bad count of one more list, not as a token after the end.
        let err = check_trailing_tokens(&Erase::<Planted<Lists>>::NEW, &samples, false)
            .unwrap_err()
            .to_string();
        assert!(err.contains("expected n"), "{}", err);
        check_trailing_tokens(&Erase::<Planted<Lists>>::NEW, &samples, true).unwrap();
        // Accepted is a failure either way.
        let err = check_trailing_tokens(&Erase::<Planted<Lenient>>::NEW, &samples, true)
            .unwrap_err()
            .to_string();
        assert!(err.contains("accepted"), "{}", err);
    }

    #[test]
    fn run_fails_a_solved_crate_and_only_prints_a_pending_one() {
        let (dir, problem) = workspace("");
        std::fs::write(problem.samples_dir().join("a.out"), "8\n").unwrap();
        let checks = || CrateChecks::<Sum>::new(problem.dir());
        let panic = std::panic::catch_unwind(|| checks().run()).unwrap_err();
        let message = cases::panic_message(&*panic);
        assert!(message.contains("a.in"), "{}", message);
        std::fs::write(
            problem.manifest(),
            "[package]\nname = \"p1-sum\"\n[package.metadata.judge]\nsolved = false\n",
        )
        .unwrap();
        checks().run();
        drop(dir);
    }

    #[test]
    fn a_pending_crate_says_what_failed_or_that_nothing_did() {
        let text = pending_text("p1-sum", Some("its sample\ndetail"));
        assert_eq!(
            text,
            "pending p1-sum (unsolved: `solved = false` in crates/p1-sum/Cargo.toml): its sample\n"
        );
        let text = pending_text("p1-sum", None);
        assert!(text.contains("its checks pass"), "{}", text);
        assert_eq!(text.lines().count(), 1);
    }
}
