//! What `verify` reads: the files named, directories walked for code objects and host
//! ELFs (found by their first bytes, not their names), and the share of them `--shard`
//! picks.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::failure::Failure;

/// One file to verify.
#[derive(Clone, Debug)]
pub struct Item {
    /// The file, as it is named in every report.
    pub path: PathBuf,
    /// Found by walking a directory: a file there that holds no AMDGPU code (a host
    /// library without offload code) is passed over quietly instead of reported.
    pub found: bool,
    /// Why the walk could not look at this entry (it is then a failure of kind `io`).
    pub unreadable: Option<String>,
    /// Where a path too long for the system to open is reached from (see [`Place`]).
    place: Option<Place>,
}

impl Item {
    /// A path to open the file by: `path`, or one relative to an open directory when
    /// `path` is longer than the system opens.
    pub fn openable(&self) -> PathBuf {
        self.place
            .as_ref()
            .map_or_else(|| self.path.clone(), Place::openable)
    }
}

/// A place the walk reached: its whole path, and the same place as a directory held open
/// plus a path from it short enough to open. Paths longer than PATH_MAX (4 096 bytes on
/// Linux) cannot be opened whole; through `/proc/self/fd/N/` they can, a fresh directory
/// being held open every [`ANCHOR_EVERY`] bytes of path.
#[derive(Clone, Debug)]
struct Place {
    full: PathBuf,
    anchor: Option<std::sync::Arc<std::fs::File>>,
    relative: PathBuf,
}

/// How long a path from an open directory grows before the walk opens a nearer one.
const ANCHOR_EVERY: usize = 2048;

impl Place {
    fn root(dir: &Path) -> Place {
        Place {
            full: dir.to_path_buf(),
            anchor: None,
            relative: dir.to_path_buf(),
        }
    }

    fn openable(&self) -> PathBuf {
        match &self.anchor {
            None => self.relative.clone(),
            Some(dir) => anchor_path(dir).join(&self.relative),
        }
    }

    /// The place of `name` inside this directory.
    fn child(&self, name: &std::ffi::OsStr) -> Place {
        let relative = self.relative.join(name);
        if relative.as_os_str().len() > ANCHOR_EVERY
            && cfg!(target_os = "linux")
            && let Ok(dir) = std::fs::File::open(self.openable())
        {
            return Place {
                full: self.full.join(name),
                anchor: Some(std::sync::Arc::new(dir)),
                relative: PathBuf::from(name),
            };
        }
        Place {
            full: self.full.join(name),
            anchor: self.anchor.clone(),
            relative,
        }
    }
}

/// The path that names the open directory `dir` (Linux's `/proc/self/fd/N`).
fn anchor_path(dir: &std::fs::File) -> PathBuf {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        PathBuf::from(format!("/proc/self/fd/{}", dir.as_raw_fd()))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        PathBuf::new()
    }
}

/// `--shard K/N`: the K-th of N disjoint parts of the inputs (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which part, 1..=N.
    pub index: u64,
    /// How many parts.
    pub count: u64,
}

impl Shard {
    /// Parses `K/N` with 1 <= K <= N.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let bad = || format!("`{s}` is not a shard: write K/N with 1 <= K <= N (e.g. 2/8)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether the input at position `i` (0-based, in the deterministic input order)
    /// belongs to this shard.
    pub fn holds(&self, i: usize) -> bool {
        i as u64 % self.count == self.index - 1
    }
}

/// The files to verify, in a deterministic order: the paths as given, each directory
/// replaced by the code objects, bundles and host ELFs under it (recursively, sorted by
/// path; symbolic links to directories are not followed, so no walk loops).
pub fn expand(paths: &[PathBuf]) -> Result<Vec<Item>, Failure> {
    let mut out = Vec::new();
    for path in paths {
        // A path that cannot be read is verified like a file: opening it reports why.
        if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            walk_root(path, &mut out)?;
        } else {
            out.push(Item {
                path: path.clone(),
                found: false,
                unreadable: None,
                place: None,
            });
        }
    }
    Ok(out)
}

/// Walks `dir` (a directory named on the command line): every entry it cannot look at is
/// an item with the reason, so that nothing is passed over in silence.
fn walk_root(dir: &Path, out: &mut Vec<Item>) -> Result<(), Failure> {
    let place = Place::root(dir);
    let names = read_names(&place)
        .map_err(|e| Failure::new(hetdwarf::ErrorKind::Io, format!("{}: {e}", dir.display())))?;
    walk(&place, names, out);
    Ok(())
}

/// The names in a directory, sorted.
fn read_names(place: &Place) -> std::io::Result<Vec<Result<std::ffi::OsString, String>>> {
    let mut names: Vec<Result<std::ffi::OsString, String>> = std::fs::read_dir(place.openable())?
        .map(|e| e.map(|e| e.file_name()).map_err(|e| e.to_string()))
        .collect();
    names.sort();
    Ok(names)
}

fn walk(dir: &Place, names: Vec<Result<std::ffi::OsString, String>>, out: &mut Vec<Item>) {
    let unreadable = |place: &Place, why: String| Item {
        path: place.full.clone(),
        found: true,
        unreadable: Some(why),
        place: None,
    };
    for name in names {
        let name = match name {
            Ok(name) => name,
            Err(why) => {
                out.push(unreadable(dir, format!("an entry cannot be read: {why}")));
                continue;
            }
        };
        let place = dir.child(&name);
        let path = place.openable();
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) => {
                out.push(unreadable(&place, e.to_string()));
                continue;
            }
        };
        if meta.is_dir() {
            match read_names(&place) {
                Ok(names) => walk(&place, names, out),
                Err(e) => out.push(unreadable(&place, e.to_string())),
            }
        } else if meta.file_type().is_symlink()
            && let Err(e) = std::fs::metadata(&path)
        {
            // A link to nothing, or a loop of links: a file that cannot be read.
            out.push(unreadable(
                &place,
                format!("a symbolic link that leads nowhere: {e}"),
            ));
        } else if (meta.is_file() || meta.file_type().is_symlink())
            && std::fs::metadata(&path).is_ok_and(|m| m.is_file())
            && holds_code(&path)
        {
            out.push(Item {
                path: place.full.clone(),
                found: true,
                unreadable: None,
                place: place.anchor.is_some().then_some(place),
            });
        }
    }
}

/// Whether a file starts like something that can hold AMDGPU code: an ELF (a code object
/// or a host binary that may embed some), a clang offload bundle, a compressed bundle or
/// an LLVM offload binary.
fn holds_code(path: &Path) -> bool {
    let mut head = [0u8; 24];
    let Ok(mut f) = std::fs::File::open(path) else {
        return false;
    };
    let mut n = 0;
    while n < head.len() {
        match f.read(&mut head[n..]) {
            Ok(0) | Err(_) => break,
            Ok(k) => n += k,
        }
    }
    let head = &head[..n];
    use hetdwarf_amdgpu::bundle::{BUNDLE_MAGIC, CCOB_MAGIC, OFFLOAD_BINARY_MAGIC};
    head.starts_with(b"\x7fELF")
        || head.starts_with(BUNDLE_MAGIC)
        || head.starts_with(CCOB_MAGIC)
        || head.starts_with(OFFLOAD_BINARY_MAGIC)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_inputs() {
        for n in 1..6u64 {
            let mut seen = vec![0; 17];
            for k in 1..=n {
                let shard = Shard::parse(&format!("{k}/{n}")).unwrap();
                for (i, s) in seen.iter_mut().enumerate() {
                    if shard.holds(i) {
                        *s += 1;
                    }
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "{n}: {seen:?}");
        }
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
