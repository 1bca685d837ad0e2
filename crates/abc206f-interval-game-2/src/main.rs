fn main() {
    dp_core::run(abc206f_interval_game_2::solve)
}
