//! Integration tests of the problem crates: `oracles`, the checks every registered problem gets
//! (`problems`, the registry of the root Cargo.toml), one module per problem for its own checks (brute-force comparisons and
//! cross-checks against independent solvers), and `samples`, the snapshot tests over every
//! `samples/<crate>/*.in`, and `trailing_tokens`, every accepted sample with a token appended.

mod abc201d_momotetsu;
mod abc209e_shiritori;
mod agc010f_tree_game;
mod cf786a_berzerk;
mod core_bench;
mod core_bench_v3;
mod oracles;
mod p16531_jump_duel;
mod p2599_stone_ends;
mod p4363_staircase_chess;
mod p4576_chase;
mod poj1085_triangle_war;
mod poj2311_cutting_game;
mod problems;
mod samples;
mod stress_engine;
mod trailing_tokens;
