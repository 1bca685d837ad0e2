fn main() {
    dp_core::run(abc209e_shiritori::solve)
}
