fn main() {
    dp_core::run(p2599_stone_ends::solve)
}
