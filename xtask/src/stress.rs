//! `cargo xtask stress`: not built yet (see the open issues).

pub fn run(_args: Vec<String>) -> anyhow::Result<()> {
    anyhow::bail!("`cargo xtask stress` is not built yet")
}
