//! Game solvers.

pub mod retrograde;
