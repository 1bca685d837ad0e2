fn main() {
    dp_core::run(cf786a_berzerk::solve)
}
