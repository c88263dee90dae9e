//! What the tests of this package's command-line tools share.

use std::path::PathBuf;

/// `target/<profile>/examples/<name>`, next to this test's own `target/<profile>/deps/`.
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    let path = profile_dir.join("examples").join(name);
    assert!(
        path.exists(),
        "{} is missing: `cargo test` builds the examples (`cargo test --test NAME` alone \
         does not; run `cargo build --examples` first)",
        path.display()
    );
    path
}
