fn main() {
    dp_core::run(abc354e_remove_pairs::solve)
}
