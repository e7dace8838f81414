//! Which sessions and states the calls on this thread are using: a callback must not free
//! what its call runs on, nor lock a state its call holds. Apart from the handle registry
//! (`handles`), which holds the objects, so that the objects can mark themselves busy
//! without importing the registry that imports them.

use std::cell::RefCell;

thread_local! {
    /// The sessions and states calls on this thread are using, by the address of the
    /// object (one entry per call under way): a callback must not free what its call
    /// runs on, nor lock a state its call holds.
    static BUSY: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// A session or state in use by a call on this thread, until dropped.
pub(crate) struct Busy(usize);

impl Busy {
    pub(crate) fn enter<T>(object: &T) -> Busy {
        let address = object as *const T as usize;
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

/// Whether a call on this thread is using `object` (its callback is running).
pub(crate) fn busy_here<T>(object: &T) -> bool {
    let address = object as *const T as usize;
    BUSY.with(|busy| busy.borrow().contains(&address))
}
