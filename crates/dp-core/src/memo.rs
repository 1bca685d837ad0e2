//! Memo tables: [`dense::EpochMemo`] for keys that are small integers, [`hashed::HashMemo`] for
//! sparse keys.

pub mod dense;
pub mod hashed;
pub mod rolling;
