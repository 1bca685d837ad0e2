//! `cargo xtask bench`: not built yet (see the open issues).

pub fn run(_args: Vec<String>) -> anyhow::Result<()> {
    anyhow::bail!("`cargo xtask bench` is not built yet")
}
