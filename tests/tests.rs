//! Integration tests of the problem crates: one module per problem (brute-force comparisons and
//! cross-checks against independent solvers), and `samples`, the snapshot tests over every
//! `samples/<crate>/*.in`.

mod p4363_staircase_chess;
mod samples;

/// The solver of each problem crate by crate name; a new problem crate adds one line.
pub fn solver_of(
    crate_name: &str,
) -> Option<fn(&[u8], &mut Vec<u8>) -> Result<(), dp_core::Error>> {
    Some(match crate_name {
        "p4363-staircase-chess" => |input, out| p4363_staircase_chess::solve(input, out),
        _ => return None,
    })
}
