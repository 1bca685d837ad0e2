//! `cargo xtask judge`: not built yet (see the open issues).

pub fn run(_args: Vec<String>) -> anyhow::Result<()> {
    anyhow::bail!("`cargo xtask judge` is not built yet")
}
