//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/p2599-stone-ends/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<p2599_stone_ends::oracle::StoneEnds>::new(env!("CARGO_MANIFEST_DIR"))
        .run();
}
