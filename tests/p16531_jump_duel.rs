//! p16531-jump-duel against its brute force.
