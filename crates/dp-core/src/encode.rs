//! State encodings: turn a game position into a small integer and back.
//!
//! - [`lattice_path::LatticePath`]: staircase shapes as lattice paths, with a dense rank.
//! - [`mixed_radix::MixedRadix`]: tuples of bounded digits as one number.

pub mod gap_mask;
pub mod lattice_path;
pub mod mixed_radix;
