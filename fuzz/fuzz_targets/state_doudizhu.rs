//! doudizhu through `game::GameState`, driven by arbitrary bytes (see `parlor_fuzz::drive`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| parlor_fuzz::drive::<doudizhu::Game>(data));
