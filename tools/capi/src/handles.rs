//! The live handles, so that a freed, forged or misaligned pointer is refused before it
//! is touched: the C side gets `HD_INVALID_HANDLE`, never a crash.
//!
//! A handle is an id, never the address of what it names, and no id is handed out twice:
//! a freed handle stays refused even after another object takes its memory. The registry
//! holds each object by `Arc`, and every call holds its own clone while it runs, so a
//! thread freeing a handle that another thread's call is using only ends the handle: the
//! object goes when that call returns.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::objects::{HdSession, HdState};

/// An object a handle names.
pub(crate) enum Held {
    Session(Arc<HdSession>),
    State(Arc<HdState>),
}

/// A type handles can name.
pub(crate) trait Handled: Sized {
    fn hold(this: Arc<Self>) -> Held;
    fn held(held: &Held) -> Option<&Arc<Self>>;
}

impl Handled for HdSession {
    fn hold(this: Arc<Self>) -> Held {
        Held::Session(this)
    }
    fn held(held: &Held) -> Option<&Arc<Self>> {
        match held {
            Held::Session(s) => Some(s),
            Held::State(_) => None,
        }
    }
}

impl Handled for HdState {
    fn hold(this: Arc<Self>) -> Held {
        Held::State(this)
    }
    fn held(held: &Held) -> Option<&Arc<Self>> {
        match held {
            Held::State(s) => Some(s),
            Held::Session(_) => None,
        }
    }
}

/// The handles handed out and not yet freed.
#[derive(Default)]
pub(crate) struct Registry {
    live: Mutex<Live>,
}

#[derive(Default)]
struct Live {
    /// Ids handed out so far.
    issued: usize,
    held: HashMap<usize, Held>,
}

/// Ids are multiples of this (a C caller may keep them where a pointer's low bits are
/// assumed clear), starting far from the small numbers a stray integer would be.
const ID_STRIDE: usize = 16;
const FIRST_ID: usize = 0x10_0000;

impl Registry {
    /// Registers `value` and returns its new handle (never one handed out before).
    pub(crate) fn insert<T: Handled>(&self, value: T) -> *mut T {
        let Ok(mut live) = self.live.lock() else {
            return std::ptr::null_mut();
        };
        live.issued += 1;
        let id = FIRST_ID + live.issued * ID_STRIDE;
        live.held.insert(id, T::hold(Arc::new(value)));
        id as *mut T
    }

    /// Ends a handle; `false` when it was not a live handle of `T`. The object goes when
    /// the last call using it returns.
    pub(crate) fn remove<T: Handled>(&self, id: usize) -> bool {
        let removed = {
            let Ok(mut live) = self.live.lock() else {
                return false;
            };
            if live.held.get(&id).and_then(T::held).is_none() {
                return false;
            }
            live.held.remove(&id)
        };
        // Dropped outside the lock: a session's index can take a while to free.
        drop(removed);
        true
    }

    /// The object of handle `id`, when it is a live handle of `T`, held for the caller.
    pub(crate) fn get<T: Handled>(&self, id: usize) -> Option<Arc<T>> {
        let live = self.live.lock().ok()?;
        live.held.get(&id).and_then(T::held).cloned()
    }
}
