fn main() {
    dp_core::run(poj2311_cutting_game::solve)
}
