//! Per-game observation encodings (see each module for its layout and its source).
