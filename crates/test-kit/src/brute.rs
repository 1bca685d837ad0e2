//! The brute force's answer to a hand-written input: read by the oracle, refused at once past
//! its size guard, run on a thread with the stack stress gives it.

use crate::cases::{catch_quietly, CASE_STACK};
use crate::oracle::Oracle;

/// The brute force's answer to the input file `text` of oracle `O`, with a newline at the end.
/// Fails when the oracle cannot read it, when the input is past the brute force's size guard
/// ([`Oracle::brute_force_refuses`]), or when the brute force panics.
///
/// # Example
/// See the oracle program ([`crate::oracle_program`]), whose `brute` command calls it.
pub fn brute_answer<O: Oracle>(text: &[u8]) -> Result<String, String>
where
    O::Input: Send + 'static,
{
    let input = O::parse(text).map_err(|err| format!("not an input of {}: {}", O::name(), err))?;
    if let Some(why) = O::brute_force_refuses(&input) {
        return Err(format!(
            "too large for the brute force of {}: {}",
            O::name(),
            why
        ));
    }
    crate::cases::quiet_caught_panics();
    let thread = std::thread::Builder::new()
        .name("brute force".to_string())
        .stack_size(CASE_STACK)
        .spawn(move || catch_quietly(|| O::brute_force(&input)))
        .map_err(|err| format!("starting the brute force's thread: {}", err))?;
    match thread.join() {
        Ok(Ok(answer)) if answer.ends_with('\n') => Ok(answer),
        Ok(Ok(answer)) => Ok(answer + "\n"),
        Ok(Err(panic)) => Err(format!(
            "the brute force of {} gave up on this input: {}",
            O::name(),
            panic
        )),
        Err(_) => Err(format!("the brute force of {} failed", O::name())),
    }
}

/// The solver's answer to `text`, or its error as a line `error: ...`, with a newline at the
/// end: what a sample's `.out` holds.
pub fn solver_answer<O: Oracle>(text: &[u8]) -> String {
    let answer = crate::cases::solver_output::<O>(&String::from_utf8_lossy(text));
    if answer.ends_with('\n') {
        answer
    } else {
        answer + "\n"
    }
}
