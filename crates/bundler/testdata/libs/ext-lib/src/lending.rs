/// Windows lent out one at a time: a generic associated type.
pub trait Lending {
    type Item<'a>
    where
        Self: 'a;
    fn next_item(&mut self) -> Option<Self::Item<'_>>;
}

pub struct Windows {
    data: Vec<i64>,
    at: usize,
    width: usize,
}

impl Windows {
    pub fn new(data: Vec<i64>, width: usize) -> Self {
        Windows { data, at: 0, width }
    }
}

impl Lending for Windows {
    type Item<'a> = &'a mut [i64];
    fn next_item(&mut self) -> Option<&mut [i64]> {
        let (at, width) = (self.at, self.width);
        if at + width > self.data.len() {
            return None;
        }
        self.at += 1;
        Some(&mut self.data[at..at + width])
    }
}
