//! The connections served at once, at most [`Slots::new`]'s count. A connection that has not
//! sent its headers yet is idle: when every slot is taken, a new connection takes the slot of
//! the longest idle one (whose socket is shut down, ending its reads), so idle clients cannot
//! keep the extension out; only connections with their headers in are never displaced.

use std::net::TcpStream;
use std::sync::Mutex;
use std::time::Instant;

/// The slots of a session.
pub struct Slots {
    taken: Mutex<Vec<Slot>>,
    max: usize,
    next_id: std::sync::atomic::AtomicU64,
}

struct Slot {
    id: u64,
    /// A handle on the connection's socket, to shut it down when its slot is given away.
    stream: TcpStream,
    since: Instant,
    /// Its headers are in: never displaced.
    busy: bool,
}

/// A connection's slot, given back when dropped.
pub struct Held<'a> {
    slots: &'a Slots,
    id: u64,
}

impl Slots {
    pub fn new(max: usize) -> Slots {
        Slots {
            taken: Mutex::new(Vec::new()),
            max,
            next_id: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// A slot for `stream`: a free one, else the longest idle connection's; `None` when every
    /// slot holds a connection whose headers are in.
    pub fn admit(&self, stream: &TcpStream) -> Option<Held<'_>> {
        let handle = stream.try_clone().ok()?;
        let mut taken = self.taken.lock().unwrap_or_else(|e| e.into_inner());
        if taken.len() >= self.max {
            let idle = taken
                .iter()
                .enumerate()
                .filter(|(_, slot)| !slot.busy)
                .min_by_key(|(_, slot)| slot.since)
                .map(|(i, _)| i)?;
            let displaced = taken.swap_remove(idle);
            displaced.stream.shutdown(std::net::Shutdown::Both).ok();
        }
        let id = self
            .next_id
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        taken.push(Slot {
            id,
            stream: handle,
            since: Instant::now(),
            busy: false,
        });
        Some(Held { slots: self, id })
    }

    /// How many slots are taken.
    pub fn taken(&self) -> usize {
        self.taken.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

impl Held<'_> {
    /// The connection's headers are in: its slot is no longer given to a newcomer. `false` when
    /// it was given away already (its socket is shut down).
    pub fn headers_in(&self) -> bool {
        let mut taken = self.slots.taken.lock().unwrap_or_else(|e| e.into_inner());
        match taken.iter_mut().find(|slot| slot.id == self.id) {
            Some(slot) => {
                slot.busy = true;
                true
            }
            None => false,
        }
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        let mut taken = self.slots.taken.lock().unwrap_or_else(|e| e.into_inner());
        taken.retain(|slot| slot.id != self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::net::TcpListener;

    #[test]
    fn a_newcomer_displaces_the_longest_idle_and_never_a_busy_one() {
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let addr = listener.local_addr().unwrap();
        let mut clients = Vec::new();
        let mut accept = || {
            clients.push(TcpStream::connect(addr).unwrap());
            listener.accept().unwrap().0
        };
        let slots = Slots::new(2);
        let (first, second, third, fourth) = (accept(), accept(), accept(), accept());
        let held_first = slots.admit(&first).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let held_second = slots.admit(&second).unwrap();
        assert!(held_second.headers_in());
        // Full: the third takes the first's slot (idle), whose socket is shut down.
        let held_third = slots.admit(&third).unwrap();
        assert_eq!(slots.taken(), 2);
        assert!(!held_first.headers_in());
        let mut buf = [0u8; 1];
        assert_eq!((&first).read(&mut buf).unwrap(), 0);
        assert!(held_third.headers_in());
        // Both busy now: no slot for the fourth.
        assert!(slots.admit(&fourth).is_none());
        drop(held_first);
        assert_eq!(slots.taken(), 2);
        drop(held_second);
        assert!(slots.admit(&fourth).is_some());
        drop(held_third);
    }
}
