//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/lc1728-cat-and-mouse-ii/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<lc1728_cat_and_mouse_ii::oracle::CatAndMouse>::new(env!(
        "CARGO_MANIFEST_DIR"
    ))
    .run();
}
