//! The oracle program of p16531-jump-duel: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<p16531_jump_duel::oracle::JumpDuel>()
}
