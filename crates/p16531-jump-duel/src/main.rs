fn main() {
    dp_core::run(p16531_jump_duel::solve)
}
