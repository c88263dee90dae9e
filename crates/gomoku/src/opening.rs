//! Opening rules.
