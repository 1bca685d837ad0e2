//! p4576-chase against its brute force.
