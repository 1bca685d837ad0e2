//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/p16531-jump-duel/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<p16531_jump_duel::oracle::JumpDuel>::new(env!("CARGO_MANIFEST_DIR"))
        .run();
}
