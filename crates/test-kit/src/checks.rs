//! The checks every problem gets without a line of its own: its solver agrees with its brute
//! force on random small inputs, its oracle reads back what it renders, its shrink only proposes
//! other inputs, and every sample's `.out` is what the solver answers, also with CRLF line ends
//! and with a stray word appended (which must be refused).

use crate::cases::{self, CASE_STACK};
use crate::erased::{DynOracle, Erase};
use crate::oracle::same_tokens;
use crate::problem::Problem;
use context_error::{err, Result};
use dp_core::SplitMix64;
use std::path::Path;

/// What [`standard_checks`] looked at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Random inputs checked.
    pub cases: u64,
    /// Samples checked.
    pub samples: usize,
}

/// Runs the checks of the module documentation on `cases` random inputs (seeds `1..=cases`)
/// and on the samples in `samples` (`NAME.in` with `NAME.out`), when given.
///
/// # Errors
/// The first failed check, naming the seed or the sample.
///
/// # Example
/// See the oracle program's `check` command ([`crate::oracle_program`]).
pub fn standard_checks<P: Problem>(cases: u64, samples: Option<&Path>) -> Result<Checked> {
    standard_checks_dyn(&Erase::<P>::NEW, cases, samples)
}

/// [`standard_checks`], compiled once: on a thread with the stack stress and `brute` give brute
/// forces ([`CASE_STACK`]), so that a check passes or fails as they do, whatever the caller's
/// stack.
pub(crate) fn standard_checks_dyn(
    oracle: &dyn DynOracle,
    cases: u64,
    samples: Option<&Path>,
) -> Result<Checked> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("standard checks".to_string())
            .stack_size(CASE_STACK)
            .spawn_scoped(scope, || run_standard_checks(oracle, cases, samples))
            .map_err(|err| err!("starting the checks' thread: {}", err))?
            .join()
            .unwrap_or_else(|panic| {
                Err(err!(
                    "{}: the checks panicked: {}",
                    oracle.name(),
                    cases::panic_message(&*panic)
                ))
            })
    })
}

fn run_standard_checks(
    oracle: &dyn DynOracle,
    cases: u64,
    samples: Option<&Path>,
) -> Result<Checked> {
    let name = oracle.name();
    for seed in 1..=cases {
        if let Some(mismatch) = cases::check_seed(oracle, seed) {
            return Err(err!(
                "{}: seed {}: the solver disagrees with the brute force on\n{}expected {:?}, got {:?}",
                name, seed, mismatch.text, mismatch.expected, mismatch.got
            ));
        }
    }
    let mut rng = SplitMix64::new(7);
    for _ in 0..cases {
        let input = oracle.generate(&mut rng);
        let text = oracle.render(&input);
        let parsed = oracle.parse(text.as_bytes()).map_err(|err| {
            err!(
                "{}: parse refuses what render wrote, {:?}: {}",
                name,
                text,
                err
            )
        })?;
        if oracle.render(&parsed) != text {
            return Err(err!("{}: parse then render changes {:?}", name, text));
        }
        if let Some(why) = oracle.brute_force_refuses(&input) {
            return Err(err!(
                "{}: the generator made an input the brute force refuses ({}): {:?}",
                name,
                why,
                text
            ));
        }
        for smaller in oracle.shrink(&input) {
            if oracle.render(&smaller) == text {
                return Err(err!("{}: shrink proposes the same input {:?}", name, text));
            }
        }
    }
    let text = oracle.render(&oracle.generate(&mut rng)) + "x\n";
    if oracle.parse(text.as_bytes()).is_ok() {
        return Err(err!(
            "{}: parse accepts a stray token after the input: {:?}",
            name,
            text
        ));
    }
    let samples = match samples {
        Some(dir) => check_samples_dyn(oracle, dir)?,
        None => 0,
    };
    Ok(Checked { cases, samples })
}

/// Every `NAME.in` of `dir` through the solver: its answer must equal `NAME.out` token for
/// token, and so must its answer to the input with CRLF line ends; an accepted input with a
/// stray word appended must be refused. Returns the number of samples.
pub fn check_samples<P: Problem>(dir: &Path) -> Result<usize> {
    check_samples_dyn(&Erase::<P>::NEW, dir)
}

/// [`check_samples`], compiled once.
fn check_samples_dyn(oracle: &dyn DynOracle, dir: &Path) -> Result<usize> {
    let mut inputs: Vec<_> = std::fs::read_dir(dir)
        .map_err(|err| err!("reading {}: {}", dir.display(), err))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    for path in &inputs {
        let shown = path.display();
        let input = std::fs::read(path).map_err(|err| err!("reading {}: {}", shown, err))?;
        let expected = std::fs::read_to_string(path.with_extension("out"))
            .map_err(|err| err!("{}: no readable .out: {}", shown, err))?;
        let text = String::from_utf8_lossy(&input).into_owned();
        let got = cases::solver_output(oracle, &text);
        if !same_tokens(&got, &expected) {
            return Err(err!(
                "{}: the solver answers {:?}, the .out says {:?}",
                shown,
                got,
                expected
            ));
        }
        let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
        let got = cases::solver_output(oracle, &crlf);
        if !same_tokens(&got, &expected) {
            return Err(err!(
                "{} with CRLF line ends: the solver answers {:?}, the .out says {:?}",
                shown,
                got,
                expected
            ));
        }
        if !expected.trim_start().starts_with("error:") {
            // A word, not a number: inputs that run to the end of the file (no count) would
            // read a number as one more value.
            let padded = format!("{}\njunk\n", text);
            let got = cases::solver_output(oracle, &padded);
            if !got.starts_with("error:") {
                return Err(err!(
                    "{} with a stray word appended: accepted, answering {:?}",
                    shown,
                    got
                ));
            }
        }
    }
    Ok(inputs.len())
}
