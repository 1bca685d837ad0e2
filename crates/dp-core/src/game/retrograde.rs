//! Retrograde analysis of finite two-player games (being written).
