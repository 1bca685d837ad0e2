//! The oracle program of cf1498f-christmas-game: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<cf1498f_christmas_game::oracle::ChristmasGame>()
}
