fn main() {
    dp_core::run(abc201d_momotetsu::solve)
}
