fn main() {
    dp_core::run(lc1728_cat_and_mouse_ii::solve)
}
