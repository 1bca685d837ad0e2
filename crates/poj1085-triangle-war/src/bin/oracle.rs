//! The oracle program of poj1085-triangle-war: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<poj1085_triangle_war::oracle::TriangleWar>()
}
