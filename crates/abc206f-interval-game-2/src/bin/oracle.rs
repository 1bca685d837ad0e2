//! The oracle program of abc206f-interval-game-2: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<abc206f_interval_game_2::oracle::IntervalGame2>()
}
