//! An [`Oracle`] behind a reference ([`DynOracle`]), so that the engine (stress batches,
//! shrinking, the standard checks, every command of the oracle program) is compiled once, in
//! this crate, instead of once in each problem's oracle program: a problem's program compiles
//! its own oracle's functions and the small adapter below, nothing of the engine.

use crate::oracle::{BenchInput, Mismatch, Oracle};
use dp_core::{Error, SplitMix64};
use std::any::Any;
use std::marker::PhantomData;

/// An input of some oracle, its type erased; only that oracle's [`DynOracle`] reads it.
pub struct AnyInput(Box<dyn Any>);

/// The operations of an [`Oracle`], on erased inputs: what the engine calls.
///
/// # Example
/// ```
/// use test_kit::{DynOracle, Erase};
/// # use dp_core::{Error, SplitMix64};
/// # struct Echo;
/// # impl test_kit::Oracle for Echo {
/// #     type Input = u8;
/// #     fn name() -> &'static str { "echo" }
/// #     fn generate(rng: &mut SplitMix64) -> u8 { rng.range(0, 9) as u8 }
/// #     fn render(x: &u8) -> String { format!("{}\n", x) }
/// #     fn parse(input: &[u8]) -> Result<u8, String> {
/// #         test_kit::parse_with(input, |sc| sc.next("x"))
/// #     }
/// #     fn brute_force(x: &u8) -> String { format!("{}\n", x) }
/// #     fn shrink(x: &u8) -> Vec<u8> { test_kit::smaller(*x, 0) }
/// #     fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
/// #         out.extend_from_slice(input);
/// #         Ok(())
/// #     }
/// # }
/// let oracle: &dyn DynOracle = &Erase::<Echo>::NEW;
/// let input = oracle.parse(b"7\n").unwrap();
/// assert_eq!(oracle.brute_force(&input), "7\n");
/// let smaller: Vec<String> = oracle.shrink(&input).iter().map(|x| oracle.render(x)).collect();
/// assert!(smaller.contains(&"0\n".to_string()));
/// assert_eq!(oracle.debug(&input), "7");
/// ```
pub trait DynOracle: Sync {
    /// [`Oracle::name`].
    fn name(&self) -> &'static str;
    /// [`Oracle::generate`].
    fn generate(&self, rng: &mut SplitMix64) -> AnyInput;
    /// [`Oracle::render`].
    fn render(&self, input: &AnyInput) -> String;
    /// [`Oracle::parse`].
    fn parse(&self, text: &[u8]) -> Result<AnyInput, String>;
    /// [`Oracle::brute_force`].
    fn brute_force(&self, input: &AnyInput) -> String;
    /// [`Oracle::brute_force_refuses`].
    fn brute_force_refuses(&self, input: &AnyInput) -> Option<String>;
    /// [`Oracle::shrink`].
    fn shrink(&self, input: &AnyInput) -> Vec<AnyInput>;
    /// [`Oracle::solve`].
    fn solve(&self, input: &[u8], out: &mut Vec<u8>) -> Result<(), Error>;
    /// [`Oracle::bench_inputs`].
    fn bench_inputs(&self) -> Vec<BenchInput>;
    /// The input's `Debug` text.
    fn debug(&self, input: &AnyInput) -> String;
}

/// Oracle `O` as a [`DynOracle`].
///
/// # Example
/// See [`DynOracle`].
pub struct Erase<O>(PhantomData<fn() -> O>);

impl<O> Erase<O> {
    /// The adapter (it holds nothing).
    pub const NEW: Erase<O> = Erase(PhantomData);
}

impl<O: Oracle> Erase<O> {
    fn input(input: &AnyInput) -> &O::Input {
        input
            .0
            .downcast_ref()
            .expect("an erased input goes back to the oracle that made it")
    }

    pub(crate) fn erase(input: O::Input) -> AnyInput {
        AnyInput(Box::new(input))
    }

    /// A mismatch found through this adapter, with its input's type back.
    pub(crate) fn typed(mismatch: Mismatch<AnyInput>) -> Mismatch<O::Input> {
        mismatch.map_input(|input| {
            *input
                .0
                .downcast()
                .expect("an erased input goes back to the oracle that made it")
        })
    }

    /// A mismatch with its input's type erased.
    pub(crate) fn erased(mismatch: Mismatch<O::Input>) -> Mismatch<AnyInput> {
        mismatch.map_input(Self::erase)
    }
}

impl<O: Oracle> DynOracle for Erase<O> {
    fn name(&self) -> &'static str {
        O::name()
    }

    fn generate(&self, rng: &mut SplitMix64) -> AnyInput {
        Self::erase(O::generate(rng))
    }

    fn render(&self, input: &AnyInput) -> String {
        O::render(Self::input(input))
    }

    fn parse(&self, text: &[u8]) -> Result<AnyInput, String> {
        O::parse(text).map(Self::erase)
    }

    fn brute_force(&self, input: &AnyInput) -> String {
        O::brute_force(Self::input(input))
    }

    fn brute_force_refuses(&self, input: &AnyInput) -> Option<String> {
        O::brute_force_refuses(Self::input(input))
    }

    fn shrink(&self, input: &AnyInput) -> Vec<AnyInput> {
        O::shrink(Self::input(input))
            .into_iter()
            .map(Self::erase)
            .collect()
    }

    fn solve(&self, input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        O::solve(input, out)
    }

    fn bench_inputs(&self) -> Vec<BenchInput> {
        O::bench_inputs()
    }

    fn debug(&self, input: &AnyInput) -> String {
        format!("{:?}", Self::input(input))
    }
}
