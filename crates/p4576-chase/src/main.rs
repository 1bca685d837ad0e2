fn main() {
    dp_core::run(p4576_chase::solve)
}
