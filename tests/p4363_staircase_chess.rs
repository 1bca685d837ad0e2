//! p4363-staircase-chess against its brute force and the two seed encodings.
