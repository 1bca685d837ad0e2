//! A demo oracle program for the kit's tests: the input is one depth d (1 to 99); the brute
//! force counts it by recursing 1000 d frames deep (past any default thread stack, within the
//! kit's), the solver prints it. With `DEMO_OVERFLOW_DEPTH=d` set, the brute force recurses
//! without end on depth d, overflowing even the kit's stack; with `DEMO_SOLVER_PANIC=d`, the
//! solver panics on depth d; with `DEMO_SOLVER_HANG=d`, the solver sleeps a minute on depth d.

use dp_core::{Error, Scanner, SplitMix64};
use test_kit::format::{int, Format};
use test_kit::{parse_with, smaller, Input, Problem, Solve};

struct Depth;

/// Counts `n` by recursion, a frame of 64 bytes or more per step.
#[inline(never)]
fn count(n: u64, forever: bool) -> u64 {
    let pad = std::hint::black_box([n; 8]);
    if n == 0 && !forever {
        return 0;
    }
    1 + count(pad[0].saturating_sub(1), forever) + std::hint::black_box(0)
}

// The generator, parser and shrinker of old are kept over the format's, so seeds and messages
// of the kit's tests stay as they are.
impl Problem for Depth {
    const NAME: &'static str = "test-kit-demo";
    type Value = u64;
    fn format() -> impl Format<Value = u64> {
        int("d", 1..=99u64)
    }
    fn brute(d: &u64) -> String {
        let forever = std::env::var("DEMO_OVERFLOW_DEPTH").ok() == Some(d.to_string());
        format!("{}\n", count(d * 1000, forever) / 1000)
    }
    const SOLVE: Solve = solve;
    fn generate(rng: &mut SplitMix64) -> Input<u64> {
        Input::new(rng.range(1, 99))
    }
    fn parse(input: &[u8]) -> context_error::Result<Input<u64>> {
        parse_with(input, |sc| sc.next_in(1..=99, "d")).map(Input::new)
    }
    fn shrink(d: &Input<u64>) -> Vec<Input<u64>> {
        smaller(d.value, 1).into_iter().map(Input::new).collect()
    }
}

fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let d: u64 = sc.next_in(1..=99, "d")?;
    sc.finish()?;
    if std::env::var("DEMO_SOLVER_PANIC").ok() == Some(d.to_string()) {
        panic!("planted on depth {}", d);
    }
    if std::env::var("DEMO_SOLVER_HANG").ok() == Some(d.to_string()) {
        std::thread::sleep(std::time::Duration::from_secs(60));
    }
    out.extend_from_slice(format!("{}\n", d).as_bytes());
    Ok(())
}

fn main() {
    test_kit::oracle_program::<Depth>()
}
