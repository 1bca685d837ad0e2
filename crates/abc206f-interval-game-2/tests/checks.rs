//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/abc206f-interval-game-2/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<abc206f_interval_game_2::oracle::IntervalGame2>::new(env!(
        "CARGO_MANIFEST_DIR"
    ))
    .run();
}
