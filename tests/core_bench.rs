//! core-bench: each core solver agrees with its plain loop on random small inputs, and the
//! subtraction game's losing piles are the known ones for a hand-checked set.

use core_bench::oracle::CoreBench;
use dp_core::oracle::find_mismatch;

#[test]
fn core_solvers_agree_with_their_plain_loops() {
    if let Some(mismatch) = find_mismatch::<CoreBench>(1, 500) {
        panic!("{:?}", mismatch);
    }
}

#[test]
fn subtraction_by_hand() {
    // Take 1, 3 or 4: the lost piles are 0 and 2 modulo 7.
    let won = core_bench::subtraction_core(100, &[1, 3, 4]);
    assert!((0..=100).all(|p| won[p] != (p % 7 == 0 || p % 7 == 2)));
}
