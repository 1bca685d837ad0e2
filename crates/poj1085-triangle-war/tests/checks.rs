//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/poj1085-triangle-war/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<poj1085_triangle_war::oracle::TriangleWar>::new(env!(
        "CARGO_MANIFEST_DIR"
    ))
    .run();
}
