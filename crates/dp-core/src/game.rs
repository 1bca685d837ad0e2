//! Game solvers.
//!
//! - [`retrograde`]: exact win / loss / draw values with distances in plies for finite games
//!   given as dense position indices, solved backwards from the terminal positions.
//! - [`frontier`]: a bitmap set drained in increasing order, one layer of such a search.

pub mod frontier;
pub mod retrograde;
