//! How many times the library calls back into a backend's `Context`: a remote backend pays
//! a round trip per call. Counted for the demo wave's locals over every lane, and for a
//! 1 KiB array in memory that is partly or wholly unmapped, with a backend that answers
//! batches ([`Context::read_batch`]) and with one that answers only single reads.
//!
//! Before batching (commit 918c777), the demo's locals took 720 calls and the 1 KiB array
//! 1 040 whatever was mapped; `cargo test --release --test round_trips -- --nocapture`
//! prints the counts now.

mod common;

use hetdwarf::eval::{self, Backend, LocDesc, ReadCache};
use hetdwarf::target::Target;
use hetdwarf::var::Frame;
use hetdwarf_amdgpu::{WaveState, aspace::AddressSpaceId};

/// Forwards to a wave state and counts the calls that reach it. A batch is one call when
/// `batched`; otherwise the backend answers only single reads and a batch reaches it as
/// one call per read (the trait's default).
struct Counting<'w> {
    inner: &'w mut WaveState,
    batched: bool,
    calls: usize,
}

impl Backend for Counting<'_> {
    fn target(&self) -> &Target {
        self.inner.target()
    }
    fn lane(&self) -> Option<u32> {
        self.inner.lane()
    }
    fn read_register(
        &mut self,
        reg: u64,
        frame: u32,
        offset: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        self.calls += 1;
        self.inner.read_register(reg, frame, offset, buf)
    }
    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        self.calls += 1;
        self.inner.read_memory(aspace, lane, address, buf)
    }
    fn read_batch(&mut self, reads: &mut [eval::Read<'_>]) -> eval::Result<()> {
        if self.batched {
            self.calls += 1;
            self.inner.read_batch(reads)
        } else {
            eval::read_singly(self, reads)
        }
    }
    fn relocate(&self, address: u64) -> u64 {
        self.inner.relocate(address)
    }
    fn convert_address(&mut self, address: u64, from: u64, to: u64) -> eval::Result<u64> {
        self.inner.convert_address(address, from, to)
    }
}

fn demo() -> WaveState {
    let text =
        std::fs::read_to_string(common::corpora().join("states/demo-ocl-gfx90a-O0.json")).unwrap();
    WaveState::from_json(&text).unwrap()
}

/// Every local of the demo frame in all 64 lanes, as text, and the calls it took.
fn demo_locals(batched: bool, stop_cache: bool) -> (Vec<String>, usize, usize) {
    let object = common::corpora().join("rocm/ocl-gfx90a-O0.hsaco");
    let mut state = demo();
    let pc = state.pc().unwrap();
    let exec = state.exec().unwrap();
    common::with_debug_info(&object, |_, dbg| {
        let encoding = dbg.expression_profile().unwrap().encoding.encoding;
        let frame = Frame::at(dbg, pc, encoding).unwrap().unwrap();
        let lanes: Vec<Option<u32>> = (0..64).map(Some).collect();
        let active = |l: u32| Some(exec >> l & 1 == 1);
        let mut backend = Counting {
            inner: &mut state,
            batched,
            calls: 0,
        };
        let vars = frame.variables().unwrap();
        let mut shown = Vec::new();
        {
            let mut cache = ReadCache::new(&mut backend);
            for &var in &vars {
                let values = if stop_cache {
                    frame.values(&mut cache, var, "", &lanes, &active)
                } else {
                    frame.values(cache.inner(), var, "", &lanes, &active)
                };
                shown.extend(values.iter().map(|v| match &v.value {
                    Ok(t) => t.render_text(),
                    Err(e) => format!("<{e}>"),
                }));
            }
        }
        (shown, backend.calls, vars.len())
    })
}

#[test]
fn demo_locals_take_a_round_trip_or_two_per_variable() {
    // The reference: the wave state read directly, no counting, no outer cache.
    let (reference, _, vars) = demo_locals(false, false);
    assert!(vars >= 3, "the demo frame has {vars} variables");
    assert!(
        reference.iter().filter(|v| !v.starts_with('<')).count() >= 64,
        "{reference:?}"
    );
    for (batched, stop_cache) in [(false, false), (true, false), (false, true), (true, true)] {
        let (shown, calls, _) = demo_locals(batched, stop_cache);
        assert_eq!(
            shown, reference,
            "batched {batched}, stop cache {stop_cache}"
        );
        eprintln!(
            "demo locals, 64 lanes, {vars} variables: {calls} calls (batched backend: {batched}, one cache per stop: {stop_cache})"
        );
        // Per variable: the frame-base register, fetched whole, then one batch for every
        // lane's bytes (a single-read backend answers that batch a read at a time).
        if batched {
            assert!(calls <= 2 * vars, "{calls} calls for {vars} variables");
        }
        if batched && stop_cache {
            assert!(calls <= vars + 1, "{calls} calls for {vars} variables");
        }
    }
}

const BASE: u64 = 0x1000;
const LEN: usize = 1024;

/// Reads 1 KiB at `BASE` of global memory where `mapped` byte ranges hold `i as u8` at
/// offset `i`; checks every byte's availability and value; returns the calls.
fn read_kilobyte(mapped: &[std::ops::Range<usize>], batched: bool) -> usize {
    let mut state = WaveState::new("gfx90a", 64).unwrap();
    for r in mapped {
        let data: Vec<u8> = r.clone().map(|i| i as u8).collect();
        state
            .write(AddressSpaceId::Global, None, BASE + r.start as u64, &data)
            .unwrap();
    }
    let mut ctx = Counting {
        inner: &mut state,
        batched,
        calls: 0,
    };
    let loc = LocDesc::memory(AddressSpaceId::Global.number(), 64, None, BASE);
    let bits = eval::read(&mut ctx, &loc, 0, LEN as u64 * 8).unwrap();
    for i in 0..LEN {
        let held = mapped.iter().any(|r| r.contains(&i));
        assert_eq!(
            bits.status(i as u64 * 8),
            if held {
                eval::BitStatus::Valid
            } else {
                eval::BitStatus::Unavailable
            },
            "byte {i}"
        );
        if held {
            assert_eq!(bits.data()[i], i as u8, "byte {i}");
        }
    }
    if mapped.iter().map(|r| r.len()).sum::<usize>() < LEN {
        // The backend's own words come back as the reason.
        let cause = bits.unavailable_cause().expect("a reason");
        assert!(
            cause.to_string().contains("not in the wave state"),
            "{cause}"
        );
    }
    ctx.calls
}

#[test]
#[allow(clippy::single_range_in_vec_init)] // each list is a set of mapped ranges
fn a_kilobyte_with_unmapped_bytes() {
    let log = LEN.ilog2() as usize;
    let cases: [(&str, &[std::ops::Range<usize>]); 5] = [
        ("fully mapped", &[0..LEN]),
        ("fully unmapped", &[]),
        ("second half unmapped", &[0..512]),
        ("one byte unmapped", &[0..300, 301..LEN]),
        ("one byte mapped", &[700..701]),
    ];
    for (name, mapped) in cases {
        let batched = read_kilobyte(mapped, true);
        let single = read_kilobyte(mapped, false);
        eprintln!("1 KiB, {name}: {batched} call batched, {single} calls single-read");
        assert_eq!(batched, 1, "{name}");
        let missing = LEN - mapped.iter().map(|r| r.len()).sum::<usize>();
        // Single reads: halving finds each gap's start (log calls), then one call per
        // missing byte; never more than the bytes plus a few logarithms.
        let gaps = mapped.len() + 1;
        assert!(
            single <= missing + gaps * (log + 2),
            "{name}: {single} calls for {missing} missing bytes"
        );
    }
    // One missing byte in the middle: logarithmic, where byte-by-byte retries took 1 040.
    assert!(read_kilobyte(&[0..300, 301..LEN], false) <= 3 * log);
}
