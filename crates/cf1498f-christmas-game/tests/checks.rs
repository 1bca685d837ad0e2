//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/cf1498f-christmas-game/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<cf1498f_christmas_game::oracle::ChristmasGame>::new(env!(
        "CARGO_MANIFEST_DIR"
    ))
    .run();
}
