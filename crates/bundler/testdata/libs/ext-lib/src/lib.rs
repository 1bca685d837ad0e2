pub mod fixed;
pub mod lending;
