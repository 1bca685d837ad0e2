fn main() {
    dp_core::run(agc010f_tree_game::solve)
}
