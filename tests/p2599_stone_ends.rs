//! p2599-stone-ends against its brute force.
