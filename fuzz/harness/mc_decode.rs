// The machine-code decoding fuzz harness, shared by the `mc_decode` fuzz target and the
// regression test that replays its committed corpus (`mc/tests/fuzz_regression.rs`).
//
// The first byte picks a processor and wave size; the rest is code. Every instruction must
// decode to the same answer whether LLVM is offered a lone dword first or all the bytes
// (`Disassembler::decode` against `decode_whole`), and the facts a listing decodes without
// text (answered from the disassembler's cache, which lives across inputs) must equal those
// decoded with text: which also holds the shapes' templates (mc/src/shape.rs), learned from
// earlier inputs, against LLVM's answers. Nothing may panic or hang.

use hetdwarf_mc::Disassembler;

/// Processors of every generation the corpus has, with their wave sizes.
const PROCESSORS: [(&str, u32); 8] = [
    ("gfx803", 64),
    ("gfx900", 64),
    ("gfx90a", 64),
    ("gfx942", 64),
    ("gfx1030", 32),
    ("gfx1030", 64),
    ("gfx1100", 32),
    ("gfx1201", 32),
];

/// The most instructions of one input compared one by one.
const MAX_COMPARED: usize = 1024;

thread_local! {
    static DISASSEMBLERS: std::cell::RefCell<Vec<Option<Disassembler>>> =
        std::cell::RefCell::new(PROCESSORS.iter().map(|_| None).collect());
}

/// An instruction's facts but whether LLVM faulted printing it, which decoding without
/// text cannot know.
fn described(f: &hetdwarf_mc::InstructionFacts) -> impl PartialEq + std::fmt::Debug + '_ {
    let g = f.flags;
    let kind = [
        g.is_call(),
        g.is_return(),
        g.is_branch(),
        g.is_indirect_branch(),
        g.is_barrier(),
        g.is_conditional(),
        g.is_terminator(),
        g.may_load(),
        g.may_store(),
        g.is_invalid(),
        g.is_invalid() && g.llvm_faulted(),
    ];
    (f.size, f.opcode, f.opcode_name, f.immediate, kind, &f.defs, &f.uses)
}

#[allow(dead_code)]
fn run_mc_decode_input(data: &[u8]) {
    if !hetdwarf_mc::available() {
        return;
    }
    let Some((&selector, code)) = data.split_first() else {
        return;
    };
    let which = usize::from(selector) % PROCESSORS.len();
    DISASSEMBLERS.with(|all| {
        let mut all = all.borrow_mut();
        let (processor, wave) = PROCESSORS[which];
        let dis = all[which].get_or_insert_with(|| {
            Disassembler::new(processor, wave).expect("LLVM 22 knows the corpus's processors")
        });
        let mut at = 0usize;
        let mut compared = 0;
        while at < code.len() && compared < MAX_COMPARED {
            let bytes = &code[at..];
            let address = 0x1000 + at as u64;
            let hinted = dis.decode(bytes, address);
            let whole = dis.decode_whole(bytes, address);
            assert_eq!(hinted, whole, "{processor}: {:02x?}", &bytes[..bytes.len().min(16)]);
            let size = whole.facts.size as usize;
            assert!(size >= 1 && size <= bytes.len(), "{processor}: size {size}");
            at += size;
            compared += 1;
        }
        let limit = MAX_COMPARED;
        let facts = dis.decode_all(code, 0x1000, limit, "fuzz input", false);
        let text = dis.decode_all(code, 0x1000, limit, "fuzz input", true);
        match (facts, text) {
            (Ok(facts), Ok(text)) => {
                assert_eq!(facts.len(), text.len(), "{processor}");
                for (f, t) in facts.iter().zip(&text) {
                    assert_eq!(
                        (f.address, described(&f.facts)),
                        (t.address, described(&t.facts)),
                        "{processor}"
                    );
                }
            }
            (Err(_), Err(_)) => {}
            (f, t) => panic!("{processor}: facts {:?}, text {:?}", f.is_ok(), t.is_ok()),
        }
    });
}
