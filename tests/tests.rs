//! Integration tests of the problem crates: one module per problem (brute-force comparisons and
//! cross-checks against independent solvers), `samples`, the snapshot tests over every
//! `samples/<crate>/*.in`, and `trailing_tokens`, every accepted sample with a token appended.

mod abc201d_momotetsu;
mod cf786a_berzerk;
mod core_bench;
mod p16531_jump_duel;
mod p2599_stone_ends;
mod p4363_staircase_chess;
mod p4576_chase;
mod poj1085_triangle_war;
mod poj2311_cutting_game;
// xtask new: test modules above this line
mod samples;
mod trailing_tokens;

/// A problem's `solve`, writing into memory.
pub type Solver = fn(&[u8], &mut Vec<u8>) -> Result<(), dp_core::Error>;

/// The solver of each problem crate by crate name; a new problem crate adds one line. (`::` picks
/// the crate, not the test module of the same name.)
pub fn solver_of(crate_name: &str) -> Option<Solver> {
    Some(match crate_name {
        "p16531-jump-duel" => |input, out| ::p16531_jump_duel::solve(input, out),
        "p2599-stone-ends" => |input, out| ::p2599_stone_ends::solve(input, out),
        "p4363-staircase-chess" => |input, out| ::p4363_staircase_chess::solve(input, out),
        "p4576-chase" => |input, out| ::p4576_chase::solve(input, out),
        "poj2311-cutting-game" => |input, out| ::poj2311_cutting_game::solve(input, out),
        "cf786a-berzerk" => |input, out| ::cf786a_berzerk::solve(input, out),
        "core-bench" => |input, out| ::core_bench::solve(input, out),
        "abc201d-momotetsu" => |input, out| ::abc201d_momotetsu::solve(input, out),
        "poj1085-triangle-war" => |input, out| ::poj1085_triangle_war::solve(input, out),
        // xtask new: solvers above this line
        _ => return None,
    })
}
