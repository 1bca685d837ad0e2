//! One batch of generated cases checked in this process: the part of a stress run that runs the
//! oracle (through [`DynOracle`], so it is compiled once, here). The oracle program runs it in a
//! child process per batch (so that a case that aborts the process is reported with its seed);
//! tests run it on threads.

use crate::erased::{AnyInput, DynOracle};
use crate::oracle::{same_tokens, Mismatch};
use dp_core::SplitMix64;
use std::time::{Duration, Instant};

/// Stack of the threads that run brute forces and solvers: brute forces may recurse as deep as
/// the game (`cargo xtask brute` and stress give them the same).
pub const CASE_STACK: usize = 1 << 30;

/// What happened to one case, in seed order, as a batch runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The case of this seed starts (a crash from here on is this seed's).
    Start(u64),
    /// Brute force and solver agree; how long the case took and the first line of the answer.
    Agree {
        seed: u64,
        took: Duration,
        first_line: String,
    },
    /// They disagree (or the solver panicked): the batch stops.
    Mismatch(u64),
    /// The brute force panicked (its size guard, or a bug in it): the batch stops.
    GaveUp { seed: u64, message: String },
}

thread_local! {
    /// Whether this thread is inside the solver or the brute force, whose panics are reported
    /// as their answers rather than printed.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps the default panic message for every panic but those caught by [`catch_quietly`].
pub fn quiet_caught_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|flag| flag.get()) {
                default(info);
            }
        }));
    });
}

/// Runs `f`, returning its panic's message instead of unwinding.
pub fn catch_quietly<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let mut f = Some(f);
    let mut out = None;
    catch_quietly_dyn(&mut || out = f.take().map(|f| f()))?;
    Ok(out.expect("the closure ran"))
}

/// [`catch_quietly`]'s work, compiled once in the kit rather than once per caller's type.
fn catch_quietly_dyn(f: &mut dyn FnMut()) -> Result<(), String> {
    QUIET.with(|flag| flag.set(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.with(|flag| flag.set(false));
    result.map_err(|panic| panic_message(&*panic))
}

/// The text of a panic's payload.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

/// The solver's output on `text`, or its error, or its panic, as text.
pub fn solver_output(oracle: &dyn DynOracle, text: &str) -> String {
    solver_result(oracle, text).unwrap_or_else(|panic| format!("panic: {}", panic))
}

/// The solver's output on `text`, or its error as a line `error: ...`; `Err` with the message
/// of its panic.
pub fn solver_result(oracle: &dyn DynOracle, text: &str) -> Result<String, String> {
    let (result, out) = catch_quietly(|| {
        let mut out = Vec::new();
        let result = oracle.solve(text.as_bytes(), &mut out);
        (result, out)
    })?;
    Ok(match result {
        Ok(()) => String::from_utf8_lossy(&out).into_owned(),
        Err(err) => format!("error: {}", err),
    })
}

/// Checks the input generated from `seed`, a panicking solver counted as a mismatch.
pub fn check_seed(oracle: &dyn DynOracle, seed: u64) -> Option<Mismatch<AnyInput>> {
    let input = oracle.generate(&mut SplitMix64::new(seed));
    check_input(oracle, seed, input, &|text| solver_output(oracle, text))
}

/// Checks `input` (made from `seed`) with the solver run by `run`: `None` when it agrees with
/// the brute force.
pub fn check_input(
    oracle: &dyn DynOracle,
    seed: u64,
    input: AnyInput,
    run: &dyn Fn(&str) -> String,
) -> Option<Mismatch<AnyInput>> {
    let text = oracle.render(&input);
    let expected = oracle.brute_force(&input);
    let got = run(&text);
    if same_tokens(&expected, &got) {
        None
    } else {
        Some(Mismatch {
            seed,
            input,
            text,
            expected,
            got,
        })
    }
}

/// Greedy shrinking: while some variant from the oracle's shrink still fails `check` (a
/// mismatch, as [`check_input`] finds it), take the first such variant; at most `budget`
/// checks. Returns the last failing input and the number of steps.
pub fn shrink(
    oracle: &dyn DynOracle,
    mismatch: Mismatch<AnyInput>,
    budget: usize,
    check: &dyn Fn(u64, AnyInput) -> Option<Mismatch<AnyInput>>,
) -> (Mismatch<AnyInput>, usize) {
    let mut best = mismatch;
    let mut left = budget;
    let mut steps = 0;
    'outer: loop {
        for candidate in oracle.shrink(&best.input) {
            if left == 0 {
                break 'outer;
            }
            left -= 1;
            if let Some(smaller) = check(best.seed, candidate) {
                best = smaller;
                steps += 1;
                continue 'outer;
            }
        }
        break;
    }
    (best, steps)
}

/// Checks seeds `first..=last` in order, telling `event` about each, and stops at the first
/// mismatch or brute-force panic.
pub fn run_cases(oracle: &dyn DynOracle, first: u64, last: u64, event: &mut dyn FnMut(Event)) {
    quiet_caught_panics();
    let mut seed = first;
    loop {
        event(Event::Start(seed));
        let begun = Instant::now();
        let input = oracle.generate(&mut SplitMix64::new(seed));
        let text = oracle.render(&input);
        let expected = match catch_quietly(|| oracle.brute_force(&input)) {
            Ok(expected) => expected,
            Err(message) => {
                event(Event::GaveUp { seed, message });
                return;
            }
        };
        let got = solver_output(oracle, &text);
        if !same_tokens(&expected, &got) {
            event(Event::Mismatch(seed));
            return;
        }
        let first_line = expected.lines().next().unwrap_or("").trim();
        event(Event::Agree {
            seed,
            took: begun.elapsed(),
            first_line: shorten(first_line, 60),
        });
        if seed == last {
            return;
        }
        seed += 1;
    }
}

/// At most `most` bytes of `text`, cut at a character boundary, with `...` when cut.
pub fn shorten(text: &str, most: usize) -> String {
    if text.len() <= most {
        return text.to_string();
    }
    let mut end = most;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &text[..end])
}
