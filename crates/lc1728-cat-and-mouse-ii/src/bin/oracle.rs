//! The oracle program of lc1728-cat-and-mouse-ii: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<lc1728_cat_and_mouse_ii::oracle::CatAndMouse>()
}
