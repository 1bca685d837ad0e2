//! The oracle program of p2599-stone-ends: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<p2599_stone_ends::oracle::StoneEnds>()
}
