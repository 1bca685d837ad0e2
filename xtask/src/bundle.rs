//! `cargo xtask bundle`: not built yet.

pub fn run(_args: Vec<String>) -> anyhow::Result<()> {
    anyhow::bail!("`cargo xtask bundle` is not built yet")
}
