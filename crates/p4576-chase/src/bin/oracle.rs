//! The oracle program of p4576-chase: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<p4576_chase::oracle::Chase>()
}
