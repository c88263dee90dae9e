#!/usr/bin/env bash
# The Python package's suite: format, clippy and unit tests of its Rust crate (python/ is its own cargo
# workspace, outside the repository's, so the workspace's CI steps do not cover it); a
# virtualenv under target/venv with maturin, numpy, pytest, pettingzoo and gymnasium; the
# extension built and installed from ./python; pytest. pytest's exit code 5 ("no tests ran")
# counts as a failure, like any other non-zero exit.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --manifest-path python/Cargo.toml --check
cargo clippy --manifest-path python/Cargo.toml --all-targets -- -D warnings
cargo test --manifest-path python/Cargo.toml

venv=target/venv
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --upgrade pip
"$venv/bin/pip" install --quiet maturin numpy pytest pettingzoo gymnasium
"$venv/bin/pip" install --quiet --force-reinstall --no-deps ./python
"$venv/bin/python" -m pytest python/tests -q "$@"
