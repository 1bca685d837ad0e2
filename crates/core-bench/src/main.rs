fn main() {
    dp_core::run(core_bench::solve)
}
