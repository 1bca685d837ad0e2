//! Test oracle (feature `oracle`): the plain loops are the brute force of the core's solvers, on
//! random small N; the benchmark inputs are each solver in each variant at one large N.

use dp_core::oracle::{parse_with, BenchInput, Oracle};
use dp_core::{Error, SplitMix64};

/// The oracle this crate registers (in `crates/problems/Cargo.toml`).
pub type ProblemOracle = CoreBench;

/// One input: which solver, which variant, N and the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub solver: &'static str,
    /// `core`, `plain` or `forward`.
    pub variant: &'static str,
    pub n: usize,
    pub seed: u64,
}

impl Input {
    /// The input file's text.
    pub fn render(&self) -> String {
        format!(
            "{} {} {} {}\n",
            self.solver, self.variant, self.n, self.seed
        )
    }
}

/// The oracle of core-bench for tests and `cargo xtask stress`.
pub struct CoreBench;

impl Oracle for CoreBench {
    type Input = Input;

    fn name() -> &'static str {
        "core-bench"
    }

    fn generate(rng: &mut SplitMix64) -> Input {
        Input {
            solver: "subtraction",
            variant: ["core", "plain", "forward"][rng.index(3)],
            n: rng.range(1, 300) as usize,
            seed: rng.range(0, 1000),
        }
    }

    fn parse(input: &[u8]) -> Result<Input, String> {
        parse_with(input, |sc| {
            let word = |sc: &mut dp_core::Scanner<'_>, what: &str, words: &[&'static str]| {
                let token = sc.token().unwrap_or_default();
                match words.iter().find(|w| w.as_bytes() == token) {
                    Some(w) => Ok(*w),
                    None => Err(sc.invalid(&format!("expected {}: {}", what, words.join(", ")))),
                }
            };
            let solver = word(sc, "the solver", &["subtraction"])?;
            let variant = word(sc, "the variant", &["core", "plain", "forward"])?;
            let n = sc.next_in(1..=100_000_000, "N")?;
            let seed = sc.next("seed")?;
            Ok(Input {
                solver,
                variant,
                n,
                seed,
            })
        })
    }

    fn render(input: &Input) -> String {
        input.render()
    }

    /// The forward loop, whatever the variant.
    fn brute_force(input: &Input) -> String {
        let plain = Input {
            variant: "forward",
            ..input.clone()
        };
        crate::oracle::run(&plain)
    }

    fn shrink(input: &Input) -> Vec<Input> {
        let half = Input {
            n: input.n / 2,
            ..input.clone()
        };
        if half.n >= 1 {
            vec![half]
        } else {
            vec![]
        }
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// Each solver in each of its variants, at a size that takes the loops tens of milliseconds.
    fn bench_inputs() -> Vec<BenchInput> {
        let input = |solver: &'static str, variant: &'static str, n: usize, seed: u64| {
            let input = Input {
                solver,
                variant,
                n,
                seed,
            };
            BenchInput {
                name: format!("{} {} n={}", solver, variant, n),
                text: input.render(),
            }
        };
        vec![
            input("subtraction", "core", 10_000_000, 7),
            input("subtraction", "plain", 10_000_000, 7),
            input("subtraction", "forward", 10_000_000, 7),
        ]
    }
}

/// The output of the solver on `input`.
fn run(input: &Input) -> String {
    let mut out = Vec::new();
    crate::solve(input.render().as_bytes(), &mut out).expect("a valid input");
    String::from_utf8(out).expect("ASCII")
}
