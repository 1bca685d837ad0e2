//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/core-bench/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<core_bench::oracle::CoreBench>::new(env!("CARGO_MANIFEST_DIR")).run();
}
