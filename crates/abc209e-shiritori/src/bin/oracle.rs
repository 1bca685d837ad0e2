//! The oracle program of abc209e-shiritori: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<abc209e_shiritori::oracle::Shiritori>()
}
