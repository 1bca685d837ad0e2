//! The oracle program of cf786a-berzerk: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<cf786a_berzerk::oracle::Berzerk>()
}
