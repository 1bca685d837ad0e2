//! `cargo xtask new`: not built yet (see the open issues).

pub fn run(_args: Vec<String>) -> anyhow::Result<()> {
    anyhow::bail!("`cargo xtask new` is not built yet")
}
