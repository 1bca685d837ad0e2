/// A fixed-size counter table built at compile time: `&mut` in a `const fn`.
pub struct Table {
    pub counts: [u32; 8],
}

const fn bump(counts: &mut [u32; 8], i: usize) {
    counts[i] += 1;
}

pub const fn table() -> Table {
    let mut counts = [0u32; 8];
    let mut i = 0;
    while i < 8 {
        bump(&mut counts, i);
        i += 1;
    }
    Table { counts }
}
