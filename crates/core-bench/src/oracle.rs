//! Test oracle (feature `oracle`): the plain loops are the brute force of the core's solvers, on
//! random small N; the benchmark inputs are each solver, core and plain, at one large N.

use dp_core::oracle::{BenchInput, Oracle};
use dp_core::{Error, SplitMix64};

/// One input: which solver, which variant, N and the seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input {
    pub solver: &'static str,
    pub core: bool,
    pub n: usize,
    pub seed: u64,
}

impl Input {
    /// The input file's text.
    pub fn render(&self) -> String {
        let variant = if self.core { "core" } else { "plain" };
        format!("{} {} {} {}\n", self.solver, variant, self.n, self.seed)
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
            core: rng.index(2) == 0,
            n: rng.range(1, 300) as usize,
            seed: rng.range(0, 1000),
        }
    }

    fn render(input: &Input) -> String {
        input.render()
    }

    /// The plain loop, whatever the variant.
    fn brute_force(input: &Input) -> String {
        let plain = Input {
            core: false,
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

    /// Each solver through the core and as a plain loop, at a size that takes the loop a few
    /// milliseconds.
    fn bench_inputs() -> Vec<BenchInput> {
        let pair = |solver: &'static str, n: usize, seed: u64| {
            [true, false].map(|core| {
                let input = Input {
                    solver,
                    core,
                    n,
                    seed,
                };
                BenchInput {
                    name: format!("{} {} n={}", solver, if core { "core" } else { "plain" }, n),
                    text: input.render(),
                }
            })
        };
        pair("subtraction", 10_000_000, 7).to_vec()
    }
}

/// The output of the solver on `input`.
fn run(input: &Input) -> String {
    let mut out = Vec::new();
    crate::solve(input.render().as_bytes(), &mut out).expect("a valid input");
    String::from_utf8(out).expect("ASCII")
}
