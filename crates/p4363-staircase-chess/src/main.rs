fn main() {
    dp_core::run(p4363_staircase_chess::solve)
}
