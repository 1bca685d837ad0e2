//! The oracle program of abc201d-momotetsu: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<abc201d_momotetsu::oracle::Momotetsu>()
}
