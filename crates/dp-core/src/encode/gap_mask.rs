//! Gap and occupancy-mask indices (being written).
