//! The oracle program of p4363-staircase-chess: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<p4363_staircase_chess::oracle::StaircaseChess>()
}
