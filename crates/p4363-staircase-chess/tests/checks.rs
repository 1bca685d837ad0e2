//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/p4363-staircase-chess/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<p4363_staircase_chess::oracle::StaircaseChess>::new(env!(
        "CARGO_MANIFEST_DIR"
    ))
    .run();
}
