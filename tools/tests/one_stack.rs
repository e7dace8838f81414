//! One stack for every front end: `backtrace`, the frames `locals --frame K` reads, and the
//! library's `Stop` (what the C ABI and Python call) unwind every corpus wave state against
//! every corpus object it belongs to identically, frame for frame — the call frame
//! information is built one way (`CallFrames::of`, once per `SessionRef`).

use std::path::{Path, PathBuf};
use std::process::Command;

use hetdwarf::index::DwarfIndex;
use hetdwarf_amdgpu::stop::check_state;
use hetdwarf_amdgpu::{Input, SessionRef, WaveState, unwind::CallFrames};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, keep, out);
        } else if keep(&p) {
            out.push(p);
        }
    }
}

fn hetdwarf(args: &[&str]) -> (bool, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .output()
        .expect("run hetdwarf");
    let doc = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.success(), doc)
}

#[test]
fn every_front_end_unwinds_every_state_alike() {
    let mut states = Vec::new();
    files(
        &root().join("corpora/states"),
        &|p| p.extension().is_some_and(|e| e == "json"),
        &mut states,
    );
    let mut objects = Vec::new();
    files(
        &root().join("corpora"),
        &|p| {
            !p.starts_with(root().join("corpora/rocrand"))
                && p.extension()
                    .is_some_and(|e| e == "o" || e == "hsaco" || e == "co")
        },
        &mut objects,
    );
    let (mut pairs, mut unwound_frames) = (0, 0);
    for state_path in &states {
        let text = std::fs::read_to_string(state_path).unwrap();
        let Ok(state) = WaveState::from_json(&text) else {
            continue;
        };
        for object in &objects {
            let Ok(input) = Input::read(object, None) else {
                continue;
            };
            let Ok(co) = input.code_object(None) else {
                continue;
            };
            if check_state(&co, &state).is_err() {
                continue;
            }
            let sections = co.dwarf_sections().unwrap();
            let Ok(dbg) = DwarfIndex::new(|id| sections.get(id)) else {
                continue;
            };
            let encoding = dbg
                .expression_profile()
                .map_or(hetdwarf::expr::Encoding::User, |p| p.encoding.encoding);
            let mut wave = state.clone();
            let cfi = CallFrames::of(&co, encoding);
            let session = SessionRef::new(&co, &dbg, encoding, &cfi);
            let Ok(stop) = session.stop(&mut wave) else {
                continue;
            };
            let (o, s) = (
                object.to_string_lossy().into_owned(),
                state_path.to_string_lossy().into_owned(),
            );
            let (ok, bt) = hetdwarf(&["backtrace", &o, "--state", &s, "--format", "json"]);
            if !ok {
                // backtrace refuses a wave it cannot unwind at all; the library then
                // knows frame 0 alone.
                assert_eq!(stop.frames(), 1, "{o} {s}: {bt}");
                continue;
            }
            pairs += 1;
            let frames = bt["frames"].as_array().unwrap();
            assert_eq!(stop.frames(), frames.len().max(1), "{o} {s}");
            for (k, f) in frames.iter().enumerate() {
                let pc = u64::from_str_radix(
                    f["lookup_pc"].as_str().unwrap().trim_start_matches("0x"),
                    16,
                )
                .unwrap();
                assert_eq!(stop.frame_pc(k as u32).unwrap(), pc, "{o} {s} frame {k}");
                unwound_frames += 1;
                // locals --frame K reads the frame the library sets up, or both refuse it.
                let library = stop.frame(&session, &mut wave, k as u32).is_ok();
                let frame = k.to_string();
                let (cli, doc) = hetdwarf(&[
                    "locals", &o, "--state", &s, "--frame", &frame, "--format", "json",
                ]);
                assert_eq!(library, cli, "{o} {s} frame {k}: {doc}");
            }
        }
    }
    eprintln!("{pairs} object/state pairs, {unwound_frames} frames");
    assert!(
        pairs >= 10 && unwound_frames > pairs,
        "{pairs} pairs, {unwound_frames} frames"
    );
}
