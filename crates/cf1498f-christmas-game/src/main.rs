fn main() {
    dp_core::run(cf1498f_christmas_game::solve)
}
