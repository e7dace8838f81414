//! The live handles, so that a freed, forged or misaligned pointer is refused before it
//! is touched: the C side gets `HD_INVALID_HANDLE`, never a crash.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Mutex;

/// What a handle points to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Session,
    State,
}

/// Addresses of the handles handed out and not yet freed, with their kinds.
#[derive(Default)]
pub(crate) struct Registry {
    live: Mutex<HashMap<usize, Kind>>,
}

impl Registry {
    pub(crate) fn insert(&self, address: usize, kind: Kind) {
        if let Ok(mut live) = self.live.lock() {
            live.insert(address, kind);
        }
    }

    /// Forgets a handle; `false` when it was not a live handle of that kind.
    pub(crate) fn remove(&self, address: usize, kind: Kind) -> bool {
        let Ok(mut live) = self.live.lock() else {
            return false;
        };
        if live.get(&address) != Some(&kind) {
            return false;
        }
        live.remove(&address);
        true
    }

    /// The handle at `address`, when it is a live one of `kind`.
    ///
    /// The reference outlives the check: freeing a handle while another thread uses it is
    /// the caller's error, as for any C library (the handle must outlive its calls).
    pub(crate) fn get<T>(&self, address: usize, kind: Kind) -> Option<&'static T> {
        let live = self.live.lock().ok()?;
        if live.get(&address) != Some(&kind) {
            return None;
        }
        // SAFETY: a live handle of `kind` was made by `Box::into_raw` of a `T` of that
        // kind and is not freed yet.
        Some(unsafe { &*(address as *const T) })
    }
}

thread_local! {
    /// The handles calls on this thread are using, by address (a handle appears once per
    /// call under way): a callback must not free the handle its call runs on.
    static BUSY: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// A handle in use by a call on this thread, until dropped.
pub(crate) struct Busy(usize);

impl Busy {
    pub(crate) fn enter(address: usize) -> Busy {
        BUSY.with(|busy| busy.borrow_mut().push(address));
        Busy(address)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        BUSY.with(|busy| {
            let mut busy = busy.borrow_mut();
            if let Some(i) = busy.iter().rposition(|&a| a == self.0) {
                busy.swap_remove(i);
            }
        });
    }
}

/// Whether a call on this thread is using the handle at `address` (its callback is
/// running).
pub(crate) fn busy_here(address: usize) -> bool {
    BUSY.with(|busy| busy.borrow().contains(&address))
}
