//! A [`Problem`] behind a reference ([`DynOracle`]), so that the engine (stress batches,
//! shrinking, the standard checks, every command of the oracle program) is compiled once, in
//! this crate, instead of once in each problem's oracle program: a problem's program compiles
//! its own oracle's functions and the small adapter below, nothing of the engine.

use crate::oracle::{BenchInput, Mismatch};
use crate::problem::{Input, Problem};
use dp_core::{Error, SplitMix64};
use std::any::Any;
use std::marker::PhantomData;

/// An input of some problem, its type erased; only that problem's [`DynOracle`] reads it.
pub struct AnyInput(Box<dyn Any>);

/// The operations of a [`Problem`] on erased inputs, what the engine calls: the problem's own
/// items, and the generator, renderer, parser and shrinker derived from its format.
///
/// # Example
/// ```
/// use test_kit::format::{int, Format};
/// use test_kit::{DynOracle, Erase, Problem, Solve};
/// # use dp_core::Error;
/// struct Echo;
/// impl Problem for Echo {
///     const NAME: &'static str = "echo";
///     type Value = u8;
///     fn format() -> impl Format<Value = u8> {
///         int("x", 0..=9u8)
///     }
///     fn brute(x: &u8) -> String { format!("{}\n", x) }
///     const SOLVE: Solve = echo;
/// }
/// fn echo(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
///     out.extend_from_slice(input);
///     Ok(())
/// }
/// let oracle: &dyn DynOracle = &Erase::<Echo>::NEW;
/// let input = oracle.parse(b"7\n").unwrap();
/// assert_eq!(oracle.brute_force(&input), "7\n");
/// let smaller: Vec<String> = oracle.shrink(&input).iter().map(|x| oracle.render(x)).collect();
/// assert!(smaller.contains(&"0\n".to_string()));
/// assert_eq!(oracle.debug(&input), "Input { value: 7, ends: Lf }");
/// ```
pub trait DynOracle: Sync {
    /// [`Problem::NAME`].
    fn name(&self) -> &'static str;
    /// [`Problem::generate`].
    fn generate(&self, rng: &mut SplitMix64) -> AnyInput;
    /// [`Problem::render`].
    fn render(&self, input: &AnyInput) -> String;
    /// [`Problem::parse`].
    fn parse(&self, text: &[u8]) -> context_error::Result<AnyInput>;
    /// [`Problem::brute`].
    fn brute_force(&self, input: &AnyInput) -> String;
    /// [`Problem::refuses`].
    fn brute_force_refuses(&self, input: &AnyInput) -> Option<String>;
    /// [`Problem::shrink`].
    fn shrink(&self, input: &AnyInput) -> Vec<AnyInput>;
    /// [`Problem::SOLVE`].
    fn solve(&self, input: &[u8], out: &mut Vec<u8>) -> Result<(), Error>;
    /// [`Problem::benches`].
    fn bench_inputs(&self) -> Vec<BenchInput>;
    /// The input's `Debug` text.
    fn debug(&self, input: &AnyInput) -> String;
}

/// Problem `P` as a [`DynOracle`].
///
/// # Example
/// See [`DynOracle`].
pub struct Erase<P>(PhantomData<fn() -> P>);

impl<P> Erase<P> {
    /// The adapter (it holds nothing).
    pub const NEW: Erase<P> = Erase(PhantomData);
}

impl<P: Problem> Erase<P> {
    fn input(input: &AnyInput) -> &Input<P::Value> {
        input
            .0
            .downcast_ref()
            .expect("an erased input goes back to the oracle that made it")
    }

    pub(crate) fn erase(input: Input<P::Value>) -> AnyInput {
        AnyInput(Box::new(input))
    }

    /// A mismatch found through this adapter, with its input's type back.
    pub(crate) fn typed(mismatch: Mismatch<AnyInput>) -> Mismatch<Input<P::Value>> {
        mismatch.map_input(|input| {
            *input
                .0
                .downcast()
                .expect("an erased input goes back to the oracle that made it")
        })
    }

    /// A mismatch with its input's type erased.
    pub(crate) fn erased(mismatch: Mismatch<Input<P::Value>>) -> Mismatch<AnyInput> {
        mismatch.map_input(Self::erase)
    }
}

impl<P: Problem> DynOracle for Erase<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn generate(&self, rng: &mut SplitMix64) -> AnyInput {
        Self::erase(P::generate(rng))
    }

    fn render(&self, input: &AnyInput) -> String {
        P::render(Self::input(input))
    }

    fn parse(&self, text: &[u8]) -> context_error::Result<AnyInput> {
        P::parse(text).map(Self::erase)
    }

    fn brute_force(&self, input: &AnyInput) -> String {
        P::brute(&Self::input(input).value)
    }

    fn brute_force_refuses(&self, input: &AnyInput) -> Option<String> {
        P::refuses(&Self::input(input).value)
    }

    fn shrink(&self, input: &AnyInput) -> Vec<AnyInput> {
        P::shrink(Self::input(input))
            .into_iter()
            .map(Self::erase)
            .collect()
    }

    fn solve(&self, input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        (P::SOLVE)(input, out)
    }

    fn bench_inputs(&self) -> Vec<BenchInput> {
        P::benches()
    }

    fn debug(&self, input: &AnyInput) -> String {
        format!("{:?}", Self::input(input))
    }
}
