//! The command lines of the `server` and `client` examples.
