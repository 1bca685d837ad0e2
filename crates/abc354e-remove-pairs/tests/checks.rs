//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/abc354e-remove-pairs/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<abc354e_remove_pairs::oracle::RemovePairs>::new(env!(
        "CARGO_MANIFEST_DIR"
    ))
    .run();
}
