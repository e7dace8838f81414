//! What `verify` reads: the files named, directories walked for code objects and host
//! ELFs (found by their first bytes, not their names), and the share of them `--shard`
//! picks.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::failure::Failure;

/// One file to verify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The file.
    pub path: PathBuf,
    /// Found by walking a directory: a file there that holds no AMDGPU code (a host
    /// library without offload code) is passed over quietly instead of reported.
    pub found: bool,
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
            walk(path, &mut out)?;
        } else {
            out.push(Item {
                path: path.clone(),
                found: false,
            });
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<Item>) -> Result<(), Failure> {
    let io = |e: std::io::Error, p: &Path| {
        Failure::new(hetdwarf::ErrorKind::Io, format!("{}: {e}", p.display()))
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io(e, dir))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            walk(&path, out)?;
        } else if (meta.is_file() || meta.file_type().is_symlink())
            && std::fs::metadata(&path).is_ok_and(|m| m.is_file())
            && holds_code(&path)
        {
            out.push(Item { path, found: true });
        }
    }
    Ok(())
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
