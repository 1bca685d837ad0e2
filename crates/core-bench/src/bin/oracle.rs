//! The oracle program of core-bench: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<core_bench::oracle::CoreBench>()
}
