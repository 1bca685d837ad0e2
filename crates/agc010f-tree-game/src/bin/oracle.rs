//! The oracle program of agc010f-tree-game: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<agc010f_tree_game::oracle::TreeGame>()
}
