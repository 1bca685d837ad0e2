//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/poj2311-cutting-game/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<poj2311_cutting_game::oracle::CuttingGame>::new(env!(
        "CARGO_MANIFEST_DIR"
    ))
    .input_runs_to_end_of_file()
    .run();
}
