//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/abc209e-shiritori/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<abc209e_shiritori::oracle::Shiritori>::new(env!("CARGO_MANIFEST_DIR"))
        .run();
}
