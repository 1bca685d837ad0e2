//! The brute force's answer to a hand-written input: read by the oracle, refused at once past
//! its size guard, run on a thread with the stack stress gives it.

use crate::cases::{catch_quietly, CASE_STACK};
use crate::erased::{DynOracle, Erase};
use crate::problem::Problem;
use context_error::{err, Result};

/// The brute force's answer to the input file `text` of problem `P`, with a newline at the end.
/// Fails when the oracle cannot read it, when the input is past the brute force's size guard
/// ([`Problem::refuses`]), or when the brute force panics.
///
/// # Example
/// See the oracle program ([`crate::oracle_program`]), whose `brute` command calls it.
pub fn brute_answer<P: Problem>(text: &[u8]) -> Result<String> {
    brute_answer_dyn(&Erase::<P>::NEW, text)
}

/// [`brute_answer`], compiled once.
pub(crate) fn brute_answer_dyn(oracle: &dyn DynOracle, text: &[u8]) -> Result<String> {
    let name = oracle.name();
    crate::cases::quiet_caught_panics();
    // Read on the brute force's thread too: an erased input stays on the thread that made it.
    let joined = std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("brute force".to_string())
            .stack_size(CASE_STACK)
            .spawn_scoped(scope, || {
                let input = oracle
                    .parse(text)
                    .map_err(|err| err!("not an input of {}: {}", name, err))?;
                if let Some(why) = oracle.brute_force_refuses(&input) {
                    return Err(err!("too large for the brute force of {}: {}", name, why));
                }
                Ok(catch_quietly(|| oracle.brute_force(&input)))
            })
            .map_err(|err| err!("starting the brute force's thread: {}", err))?;
        Ok::<_, context_error::Error>(thread.join())
    })?;
    match joined {
        Ok(Ok(Ok(answer))) if answer.ends_with('\n') => Ok(answer),
        Ok(Ok(Ok(answer))) => Ok(answer + "\n"),
        Ok(Ok(Err(panic))) => Err(err!(
            "the brute force of {} gave up on this input: {}",
            name,
            panic
        )),
        Ok(Err(refused)) => Err(refused),
        Err(_) => Err(err!("the brute force of {} failed", name)),
    }
}

/// The solver's answer to `text`, or its error as a line `error: ...`, with a newline at the
/// end: what a sample's `.out` holds.
pub fn solver_answer<P: Problem>(text: &[u8]) -> String {
    solver_answer_dyn(&Erase::<P>::NEW, text)
}

/// [`solver_answer`], compiled once.
pub(crate) fn solver_answer_dyn(oracle: &dyn DynOracle, text: &[u8]) -> String {
    let answer = crate::cases::solver_output(oracle, &String::from_utf8_lossy(text));
    if answer.ends_with('\n') {
        answer
    } else {
        answer + "\n"
    }
}
