//! Interval tables (being written).
