//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/agc010f-tree-game/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<agc010f_tree_game::oracle::TreeGame>::new(env!("CARGO_MANIFEST_DIR"))
        .run();
}
