//! The oracle program of abc354e-remove-pairs: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<abc354e_remove_pairs::oracle::RemovePairs>()
}
