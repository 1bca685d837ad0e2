fn main() {
    dp_core::run(poj1085_triangle_war::solve)
}
