//! The oracle program of poj2311-cutting-game: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<poj2311_cutting_game::oracle::CuttingGame>()
}
