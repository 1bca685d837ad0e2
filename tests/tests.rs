//! Integration tests of the problem crates: `oracles`, the checks every registered problem gets
//! (`problems`, the registry of the root Cargo.toml), among them every `samples/<crate>/*.in`
//! answered as its `.out` says; `trailing_tokens`, every accepted sample with a token appended;
//! `results`, how those two report every problem and leave unsolved ones pending; and one
//! module per problem for its own checks (brute-force comparisons and cross-checks against
//! independent solvers).

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
mod results;
mod stress_engine;
mod trailing_tokens;
