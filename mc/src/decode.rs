//! Decoding AMDGPU instructions through LLVM's MC layer: text as `llvm-objdump -d` prints
//! it, size, and the 32-bit registers each instruction writes and reads.

use std::cell::OnceCell;
use std::sync::Arc;

use crate::register::{MachineRegister, Registers};
use crate::shape::{Family, Shape, ShapeKey, Template};

/// Why machine code could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum McError {
    /// This build has no LLVM: the shim was not compiled.
    #[error(
        "machine code is unavailable: this hetdwarf was built without LLVM 22 \
         (install llvm-22-dev, e.g. with tools/setup.sh, and rebuild)"
    )]
    Unavailable,
    /// LLVM refused to build a disassembler for the processor.
    #[error("machine code of {processor}: {reason}")]
    Processor {
        /// The processor asked for.
        processor: String,
        /// LLVM's words.
        reason: String,
    },
    /// More machine code than one listing decodes.
    #[error(
        "{what}: {bytes} bytes of machine code, more than the {limit} one listing decodes; nothing was decoded"
    )]
    CodeTooLarge {
        /// What was being decoded.
        what: String,
        /// Its size.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// More instructions than the limit allows were asked for.
    #[error("{what}: more than {limit} instructions; decoding stopped there")]
    TooMany {
        /// What was being decoded.
        what: String,
        /// The limit.
        limit: usize,
    },
}

/// What kind of instruction it is, from LLVM's instruction description.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct InstructionFlags(u32);

impl InstructionFlags {
    const CALL: u32 = 1;
    const RETURN: u32 = 2;
    const BRANCH: u32 = 4;
    const INDIRECT_BRANCH: u32 = 8;
    const BARRIER: u32 = 16;
    const MAY_LOAD: u32 = 32;
    const MAY_STORE: u32 = 64;
    const INVALID: u32 = 128;
    const CONDITIONAL: u32 = 256;
    const TERMINATOR: u32 = 512;
    const FAULT: u32 = 1024;

    /// A call (`s_swappc_b64`, `s_call_b64`).
    pub fn is_call(self) -> bool {
        self.0 & Self::CALL != 0
    }
    /// A return (`s_setpc_b64` of the return address is described as an indirect branch;
    /// LLVM marks `SI_RETURN` only before lowering).
    pub fn is_return(self) -> bool {
        self.0 & Self::RETURN != 0
    }
    /// A branch, conditional or not, direct or indirect.
    pub fn is_branch(self) -> bool {
        self.0 & Self::BRANCH != 0
    }
    /// An indirect branch (`s_setpc_b64`).
    pub fn is_indirect_branch(self) -> bool {
        self.0 & Self::INDIRECT_BRANCH != 0
    }
    /// Control does not fall through (`s_branch`, `s_endpgm`, `s_setpc_b64`).
    pub fn is_barrier(self) -> bool {
        self.0 & Self::BARRIER != 0
    }
    /// A conditional branch.
    pub fn is_conditional(self) -> bool {
        self.0 & Self::CONDITIONAL != 0
    }
    /// Ends a basic block.
    pub fn is_terminator(self) -> bool {
        self.0 & Self::TERMINATOR != 0
    }
    /// Reads memory.
    pub fn may_load(self) -> bool {
        self.0 & Self::MAY_LOAD != 0
    }
    /// Writes memory.
    pub fn may_store(self) -> bool {
        self.0 & Self::MAY_STORE != 0
    }
    /// The bytes are no instruction LLVM knows (`<unknown>`).
    pub fn is_invalid(self) -> bool {
        self.0 & Self::INVALID != 0
    }
    /// LLVM faulted on these bytes (bugs of LLVM 22 that end llvm-objdump): while decoding
    /// them, and they are reported as no instruction ([`InstructionFlags::is_invalid`]);
    /// or while printing an instruction it decoded, which is kept, with its facts, and
    /// whose text says so (`<unprintable: LLVM 22 faulted printing V_SUB_U32_sdwa_vi>`).
    pub fn llvm_faulted(self) -> bool {
        self.0 & Self::FAULT != 0
    }
}

/// One decoded instruction: where it is, its text, and its facts, which the same bytes
/// share wherever they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instruction {
    /// Its address (for a relocatable object, its offset in its section).
    pub address: u64,
    /// Its text as `llvm-objdump-22 -d` prints it, without the leading tab and the
    /// address comment (`v_add_co_u32_e32 v0, vcc, 8, v4`); `<unknown>` for bytes that are
    /// no instruction; `<unprintable: ...>` where LLVM faulted printing it
    /// ([`InstructionFlags::llvm_faulted`]); empty when decoded without text.
    pub text: String,
    /// What LLVM's description of it says.
    pub facts: Arc<InstructionFacts>,
}

/// What an instruction is, from its bytes alone: its size, opcode, kind and registers.
/// Instructions of the same bytes share one (code repeats itself: rocRAND gfx90a has
/// 17 015 distinct encodings among 57 397 instructions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstructionFacts {
    /// Its size in bytes (at least 1, even for bytes that decode to nothing).
    pub size: u32,
    /// LLVM's opcode number (0 for `<unknown>`).
    pub opcode: u32,
    /// LLVM's name of the opcode (`S_GETPC_B64_vi`; empty for `<unknown>`), which names
    /// the instruction when it was decoded without its text.
    pub opcode_name: &'static str,
    /// The first immediate operand (an `s_clause`'s count, a branch's offset), if any.
    pub immediate: Option<i64>,
    /// What kind of instruction it is.
    pub flags: InstructionFlags,
    /// The registers it writes, implicit ones included (a VOPC's VCC, an SALU's SCC), in
    /// 32-bit units, each once.
    pub defs: Registers,
    /// The registers it reads, implicit ones included (a VALU's EXEC), each once.
    pub uses: Registers,
    /// Which of the opcode prefixes the checks ask about of every instruction its name
    /// has, worked out once per encoding rather than per instruction.
    prefixes: u8,
}

/// The opcode-name prefixes the checks test every instruction for
/// ([`Instruction::has_prefix`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prefix {
    /// `s_getpc_b64`: call set-up.
    GetPc,
    /// `s_add*`: the rest of call set-up.
    SAdd,
    /// `s_clause`.
    Clause,
    /// `s_and*`, `s_xor*`: EXEC narrowed.
    SAnd,
    SXor,
    /// `s_or*`, `s_mov*`: EXEC restored.
    SOr,
    SMov,
    /// `v_writelane`: one lane written, whatever EXEC is.
    VWritelane,
}

#[cfg_attr(not(has_llvm), allow(dead_code))]
impl Prefix {
    const ALL: [(Prefix, &'static str); 8] = [
        (Prefix::GetPc, "s_getpc_b64"),
        (Prefix::SAdd, "s_add"),
        (Prefix::Clause, "s_clause"),
        (Prefix::SAnd, "s_and"),
        (Prefix::SXor, "s_xor"),
        (Prefix::SOr, "s_or"),
        (Prefix::SMov, "s_mov"),
        (Prefix::VWritelane, "v_writelane"),
    ];

    /// The prefixes `opcode_name` has, as a set.
    fn set_of(opcode_name: &str) -> u8 {
        Prefix::ALL
            .iter()
            .filter(|(_, p)| name_has_prefix(opcode_name, p))
            .fold(0, |set, (k, _)| set | 1 << *k as u8)
    }
}

/// Whether `name` starts with `prefix`, compared without case.
fn name_has_prefix(name: &str, prefix: &str) -> bool {
    name.get(..prefix.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
}

/// What is known of a shape.
#[derive(Clone, Debug)]
enum ShapeState {
    /// One instruction of it was decoded: a template is learned at the second (most shapes
    /// of a small object occur once, and learning costs two more decodes).
    Seen,
    /// Its template.
    Learned(Arc<Learned>),
    /// LLVM decodes every encoding of it.
    Unlearnable,
}

/// A shape's template and the facts every instruction of the shape shares (its registers
/// left empty).
#[derive(Debug)]
struct Learned {
    facts: InstructionFacts,
    template: Template,
}

/// `facts` without its registers: what a template keeps of the instruction it was
/// learned from.
fn facts_without_registers(facts: &InstructionFacts) -> InstructionFacts {
    InstructionFacts {
        defs: Registers::new(),
        uses: Registers::new(),
        ..facts.clone()
    }
}

impl Instruction {
    /// The address just past it.
    pub fn end(&self) -> u64 {
        self.address.saturating_add(u64::from(self.facts.size))
    }

    /// Whether it writes `reg`.
    pub fn writes(&self, reg: MachineRegister) -> bool {
        self.facts.defs.contains(&reg)
    }

    /// Whether it reads `reg`.
    pub fn reads(&self, reg: MachineRegister) -> bool {
        self.facts.uses.contains(&reg)
    }

    /// Whether its vector writes happen only in the lanes active in EXEC: every VALU and
    /// vector-memory instruction reads EXEC for that. `v_writelane` writes one lane and
    /// `v_readlane`/`v_readfirstlane` write scalars, whatever EXEC is.
    pub fn writes_under_exec(&self) -> bool {
        (self.reads(MachineRegister::ExecLo) || self.reads(MachineRegister::ExecHi))
            && !self.has_prefix(Prefix::VWritelane)
    }

    /// Whether its LLVM opcode name starts with `prefix`, compared without case
    /// (`is("s_getpc_b64")`, `is("s_add")`): works whether or not the text was decoded.
    pub fn is(&self, prefix: &str) -> bool {
        name_has_prefix(self.facts.opcode_name, prefix)
    }

    /// [`Instruction::is`] for the prefixes the checks ask of every instruction, without
    /// reading the name.
    #[inline]
    pub(crate) fn has_prefix(&self, prefix: Prefix) -> bool {
        self.facts.prefixes & (1 << prefix as u8) != 0
    }
}

/// Registers an instruction names at most, as the shim reports them (the widest operands
/// are 16-dword tuples; a few instructions name several).
const MAX_OPERAND_REGISTERS: usize = 64;
/// An encoding of at most 16 bytes, as a cache key: its bytes and its size.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct EncodingKey(u128, u8);

impl EncodingKey {
    /// The first `size` bytes of `bytes` (`size` at most 16), if there are that many.
    fn of(bytes: &[u8], size: usize) -> Option<EncodingKey> {
        let b = bytes.get(..size).filter(|_| size <= 16)?;
        let mut word = [0u8; 16];
        word[..size].copy_from_slice(b);
        Some(EncodingKey(u128::from_le_bytes(word), size as u8))
    }
}

/// Whether the dword at the start of `bytes` encodes a whole instruction on every AMDGPU
/// processor, if it encodes one: a VOP1, VOP2 or VOPC whose first source is no literal (255),
/// DPP (250, 233, 234) or SDWA (249) marker, or a scalar SOP1, SOP2, SOPC, SOPK or SOPP
/// without a literal source (AMD's ISA manuals, "Microcode Formats"; the first bits tell the
/// format apart from every 64-bit one on every generation). An instruction whose operands
/// need more bytes anyway (`v_madmk`'s constant, `s_setreg_imm32_b32`) fails to decode from
/// four bytes and is decoded again whole.
fn dword_alone(bytes: &[u8]) -> bool {
    let Some(&[a, b, c, d]) = bytes.get(..4) else {
        return false;
    };
    let w = u32::from_le_bytes([a, b, c, d]);
    let vector_src0 = |w: u32| !matches!(w & 0x1ff, 233 | 234 | 249 | 250 | 255);
    let scalar = |field: u32| (w >> (8 * field)) & 0xff != 255;
    if w >> 31 == 0 || matches!(w >> 25, 0x3e | 0x3f) {
        vector_src0(w)
    } else if w >> 30 == 0b10 {
        match w >> 23 {
            0x17d => scalar(0),              // SOP1
            0x17e => scalar(0) && scalar(1), // SOPC
            0x17f => true,                   // SOPP
            _ if w >> 28 == 0b1011 => true,  // SOPK
            _ => scalar(0) && scalar(1),     // SOP2
        }
    } else {
        false
    }
}

/// The most distinct encodings one disassembler keeps the facts of.
const MAX_CACHED_FACTS: usize = 1 << 20;
/// The longest instruction text kept.
const MAX_TEXT: usize = 512;

/// A disassembler for one processor and wave size. Not shared between threads: LLVM's
/// AMDGPU disassembler keeps state between calls.
pub struct Disassembler {
    #[cfg(has_llvm)]
    raw: std::ptr::NonNull<std::ffi::c_void>,
    #[cfg(has_llvm)]
    shim: &'static crate::ffi::Shim,
    processor: String,
    wave_size: u32,
    /// Per LLVM register number: the 32-bit registers it is made of, worked out once.
    leaves: Vec<OnceCell<Box<[MachineRegister]>>>,
    /// Facts of instructions decoded without text, by their bytes: code repeats itself
    /// (rocRAND gfx90a: 17 015 distinct encodings among 54 967 instructions), and LLVM's
    /// decoder costs about a microsecond an instruction.
    facts:
        std::cell::RefCell<hetdwarf::fast_hash::SeededHashMap<EncodingKey, Arc<InstructionFacts>>>,
    /// The processor's family, where its instruction formats are known ([`crate::shape`]).
    family: Option<Family>,
    /// What is known of each instruction shape met so far.
    templates: std::cell::RefCell<hetdwarf::fast_hash::SeededHashMap<ShapeKey, ShapeState>>,
    /// How many times LLVM was asked to decode.
    llvm_decodes: std::cell::Cell<u64>,
}

// The LLVM objects are owned by this value alone and used by one thread at a time.
#[cfg(has_llvm)]
unsafe impl Send for Disassembler {}

impl std::fmt::Debug for Disassembler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Disassembler")
            .field("processor", &self.processor)
            .field("wave_size", &self.wave_size)
            .finish_non_exhaustive()
    }
}

/// Whether this build can decode machine code: it was built against LLVM 22 and its
/// shim loads.
pub fn available() -> bool {
    #[cfg(has_llvm)]
    {
        crate::ffi::shim().is_ok()
    }
    #[cfg(not(has_llvm))]
    {
        false
    }
}

/// The LLVM subtarget features (`-mattr`) under which `processor` runs waves of
/// `wave_size`: GFX10 and later default to wave32 in LLVM, so wave64 is asked for (as
/// `llvm-objdump --mattr=+wavefrontsize64` would be); earlier ones only have wave64.
pub fn llvm_features(processor: &str, wave_size: u32) -> String {
    let gfx10_or_later = processor
        .strip_prefix("gfx")
        .is_some_and(|v| v.len() >= 4 && v.as_bytes()[0] != b'9' && v.as_bytes()[0] != b'8');
    if gfx10_or_later && wave_size == 64 {
        "+wavefrontsize64".to_string()
    } else {
        String::new()
    }
}

impl Disassembler {
    /// A disassembler for `processor` (`gfx90a`) running waves of `wave_size` lanes.
    pub fn new(processor: &str, wave_size: u32) -> Result<Disassembler, McError> {
        #[cfg(has_llvm)]
        {
            use std::ffi::CString;
            let bad = |reason: String| McError::Processor {
                processor: processor.to_string(),
                reason,
            };
            let cpu = CString::new(processor).map_err(|_| bad("a NUL in the name".into()))?;
            let features = CString::new(llvm_features(processor, wave_size)).unwrap_or_default();
            let mut error = vec![0u8; 512];
            // SAFETY: both strings are NUL-terminated; the error buffer is writable for
            // its length.
            let shim = crate::ffi::shim().map_err(bad)?;
            let raw = unsafe {
                (shim.new)(
                    cpu.as_ptr(),
                    features.as_ptr(),
                    error.as_mut_ptr().cast(),
                    error.len(),
                )
            };
            let Some(raw) = std::ptr::NonNull::new(raw) else {
                let end = error.iter().position(|&b| b == 0).unwrap_or(error.len());
                return Err(bad(String::from_utf8_lossy(&error[..end]).into_owned()));
            };
            // SAFETY: `raw` is a live disassembler.
            let count = unsafe { (shim.register_count)(raw.as_ptr()) } as usize;
            Ok(Disassembler {
                raw,
                shim,
                processor: processor.to_string(),
                wave_size,
                leaves: (0..count).map(|_| OnceCell::new()).collect(),
                facts: Default::default(),
                family: Family::of(processor),
                templates: Default::default(),
                llvm_decodes: Default::default(),
            })
        }
        #[cfg(not(has_llvm))]
        {
            let _ = (processor, wave_size);
            Err(McError::Unavailable)
        }
    }

    /// The processor it decodes for.
    pub fn processor(&self) -> &str {
        &self.processor
    }

    /// The wave size it decodes for.
    pub fn wave_size(&self) -> u32 {
        self.wave_size
    }

    /// How many times this disassembler asked LLVM to decode bytes (what the facts cache and
    /// the shapes spare).
    #[doc(hidden)]
    pub fn llvm_decodes(&self) -> u64 {
        self.llvm_decodes.get()
    }

    /// The 32-bit registers LLVM register `id` is made of.
    #[cfg(has_llvm)]
    fn leaves(&self, id: u32) -> &[MachineRegister] {
        let Some(cell) = self.leaves.get(id as usize) else {
            return &[];
        };
        cell.get_or_init(|| {
            let mut roots = [0u32; 64];
            // SAFETY: `roots` is writable for its length; the shim writes at most `cap`.
            let n = unsafe {
                (self.shim.register_leaves)(
                    self.raw.as_ptr(),
                    id,
                    roots.as_mut_ptr(),
                    roots.len() as u32,
                )
            } as usize;
            let mut out: Vec<MachineRegister> = Vec::new();
            for &root in &roots[..n.min(roots.len())] {
                // SAFETY: the shim returns a NUL-terminated name from LLVM's static
                // register table, which lives as long as the (linked, never unloaded)
                // library: for the whole program.
                let name: &'static std::ffi::CStr = unsafe {
                    std::ffi::CStr::from_ptr((self.shim.register_name)(self.raw.as_ptr(), root))
                };
                let reg = MachineRegister::from_llvm_name(name.to_str().unwrap_or("?"));
                if !out.contains(&reg) {
                    out.push(reg);
                }
            }
            out.into_boxed_slice()
        })
    }

    /// Decodes the instruction at the start of `bytes`, which sits at `address`. Never
    /// fails: bytes that are no instruction give an `<unknown>` instruction of 4 bytes
    /// (or what is left, if less), as `llvm-objdump` steps over them. `bytes` must not be
    /// empty.
    pub fn decode(&self, bytes: &[u8], address: u64) -> Instruction {
        self.decode_as(bytes, address, true)
    }

    /// [`Disassembler::decode`] without the text (empty), which costs most of the time:
    /// what the checks decode with.
    pub fn decode_facts(&self, bytes: &[u8], address: u64) -> Instruction {
        self.decode_as(bytes, address, false)
    }

    /// [`Disassembler::decode`] with all of `bytes` offered to LLVM at once, never a lone
    /// dword first: what the tests and the `mc_decode` fuzz target compare it with.
    #[doc(hidden)]
    pub fn decode_whole(&self, bytes: &[u8], address: u64) -> Instruction {
        self.decode_exact(bytes, address, true)
    }

    fn decode_as(&self, bytes: &[u8], address: u64, with_text: bool) -> Instruction {
        // LLVM tries every 64-bit table before the 32-bit ones whenever 8 bytes are there
        // (most of its cost); a dword that can only start a 32-bit instruction is offered
        // alone first. Bytes LLVM cannot decode from it alone (a literal it did not show)
        // are decoded again in full, so the answer is the same.
        if bytes.len() >= 8 && dword_alone(bytes) {
            let inst = self.decode_exact(&bytes[..4], address, with_text);
            if !inst.facts.flags.is_invalid() {
                return inst;
            }
        }
        self.decode_exact(bytes, address, with_text)
    }

    fn decode_exact(&self, bytes: &[u8], address: u64, with_text: bool) -> Instruction {
        #[cfg(has_llvm)]
        {
            self.llvm_decodes.set(self.llvm_decodes.get() + 1);
            let mut raw = crate::ffi::RawInstruction::default();
            let mut text = [0u8; MAX_TEXT];
            let mut defs = [0u32; MAX_OPERAND_REGISTERS];
            let mut uses = [0u32; MAX_OPERAND_REGISTERS];
            // SAFETY: every buffer is writable for the length given; `bytes` is readable.
            unsafe {
                (self.shim.decode)(
                    self.raw.as_ptr(),
                    bytes.as_ptr(),
                    bytes.len(),
                    address,
                    &mut raw,
                    text.as_mut_ptr().cast(),
                    if with_text { text.len() } else { 0 },
                    defs.as_mut_ptr(),
                    uses.as_mut_ptr(),
                    MAX_OPERAND_REGISTERS as u32,
                )
            };
            let flags = InstructionFlags(raw.flags);
            let mut size = raw.size as usize;
            if flags.is_invalid() || size == 0 {
                size = if size == 0 { 4 } else { size };
            }
            let size = size.clamp(1, bytes.len().max(1)) as u32;
            let end = text.iter().position(|&b| b == 0).unwrap_or(text.len());
            let collect = |ids: &[u32], n: u32| -> Registers {
                let mut out: Vec<MachineRegister> = Vec::new();
                for &id in &ids[..(n as usize).min(ids.len())] {
                    for &leaf in self.leaves(id) {
                        if !out.contains(&leaf) {
                            out.push(leaf);
                        }
                    }
                }
                out.into()
            };
            // SAFETY: the shim returns a NUL-terminated name from LLVM's static opcode
            // table, alive as long as the never-unloaded library.
            let opcode_name: &'static std::ffi::CStr = unsafe {
                std::ffi::CStr::from_ptr((self.shim.opcode_name)(self.raw.as_ptr(), raw.opcode))
            };
            let opcode_name = if flags.is_invalid() {
                ""
            } else {
                opcode_name.to_str().unwrap_or("")
            };
            Instruction {
                address,
                text: if with_text {
                    String::from_utf8_lossy(&text[..end]).into_owned()
                } else {
                    String::new()
                },
                facts: Arc::new(InstructionFacts {
                    size,
                    opcode: raw.opcode,
                    opcode_name,
                    immediate: (raw.has_imm != 0).then_some(raw.imm),
                    flags,
                    defs: collect(&defs, raw.n_defs),
                    uses: collect(&uses, raw.n_uses),
                    prefixes: Prefix::set_of(opcode_name),
                }),
            }
        }
        #[cfg(not(has_llvm))]
        {
            let _ = (&self.leaves, MAX_TEXT, MAX_OPERAND_REGISTERS);
            Instruction {
                address,
                text: if with_text {
                    "<unknown>".to_string()
                } else {
                    String::new()
                },
                facts: Arc::new(InstructionFacts {
                    size: bytes.len().clamp(1, 4) as u32,
                    opcode: 0,
                    opcode_name: "",
                    immediate: None,
                    flags: InstructionFlags(InstructionFlags::INVALID),
                    defs: Registers::new(),
                    uses: Registers::new(),
                    prefixes: 0,
                }),
            }
        }
    }

    /// [`Disassembler::decode_facts`], answered from the facts of the same bytes decoded
    /// before where there are some. An instruction's facts depend on its own bytes alone
    /// (AMDGPU encodings are prefix-free, and branch offsets are relative), so the first
    /// cached encoding that `bytes` starts with is this instruction. Bytes that are no
    /// instruction are not cached.
    fn decode_facts_cached(&self, bytes: &[u8], address: u64) -> Instruction {
        let known = |facts: &Arc<InstructionFacts>| Instruction {
            address,
            text: String::new(),
            facts: Arc::clone(facts),
        };
        // An instruction of a known shape is looked up at the shape's size, and then built
        // from its template: one lookup each instead of one per possible size.
        let shape = self.family.and_then(|family| Shape::of(family, bytes));
        if let Some(shape) = &shape {
            let key = EncodingKey(u128::from(shape.bits()), shape.size() as u8);
            if let Some(facts) = self.facts.borrow().get(&key) {
                return known(facts);
            }
            if let Some(inst) = self.decode_by_template(shape, address) {
                self.remember(key, &inst.facts);
                return inst;
            }
        }
        {
            let facts = self.facts.borrow();
            for size in [4usize, 8, 12, 16] {
                if let Some(key) = EncodingKey::of(bytes, size)
                    && let Some(facts) = facts.get(&key)
                {
                    return known(facts);
                }
            }
        }
        let inst = self.decode_as(bytes, address, false);
        // Bytes that are no instruction teach nothing: other register numbers may make a
        // valid instruction of the shape.
        if let Some(shape) = &shape
            && !inst.facts.flags.is_invalid()
        {
            let state = self.templates.borrow().get(&shape.key()).cloned();
            let next = match state {
                None => Some(ShapeState::Seen),
                Some(ShapeState::Seen) => Some(match self.learn(shape, &inst) {
                    Some(learned) => ShapeState::Learned(Arc::new(learned)),
                    None => ShapeState::Unlearnable,
                }),
                Some(_) => None,
            };
            let mut templates = self.templates.borrow_mut();
            if let Some(next) = next
                && templates.len() < MAX_CACHED_FACTS
            {
                templates.insert(shape.key(), next);
            }
        }
        if !inst.facts.flags.is_invalid()
            && let Some(key) = EncodingKey::of(bytes, inst.facts.size as usize)
        {
            self.remember(key, &inst.facts);
        }
        inst
    }

    /// Keeps the facts of an encoding (up to [`MAX_CACHED_FACTS`] of them).
    fn remember(&self, key: EncodingKey, facts: &Arc<InstructionFacts>) {
        let mut cache = self.facts.borrow_mut();
        if cache.len() < MAX_CACHED_FACTS {
            cache.insert(key, Arc::clone(facts));
        }
    }

    /// The facts of the instruction of `shape` from its shape's template, if one was
    /// learned and answers for its registers.
    fn decode_by_template(&self, shape: &Shape, address: u64) -> Option<Instruction> {
        let Some(ShapeState::Learned(template)) =
            self.templates.borrow().get(&shape.key()).cloned()
        else {
            return None;
        };
        let (defs, uses) = template.template.apply(shape, self.family?)?;
        Some(Instruction {
            address,
            text: String::new(),
            facts: Arc::new(InstructionFacts {
                defs,
                uses,
                ..template.facts.clone()
            }),
        })
    }

    /// The template of `shape`, whose instruction LLVM decoded as `inst`, if a probe shows
    /// where each register comes from and the template gives back `inst`'s facts.
    fn learn(&self, shape: &Shape, inst: &Instruction) -> Option<Learned> {
        let size = shape.size();
        if inst.facts.size as usize != size {
            return None;
        }
        let (probe, _) = shape.probe(0);
        let probed = self.decode_exact(&probe[..size], inst.address, false);
        let shared = |a: &InstructionFacts, b: &InstructionFacts| {
            a.size == b.size
                && a.opcode == b.opcode
                && a.flags == b.flags
                && a.immediate == b.immediate
        };
        if !shared(&inst.facts, &probed.facts) {
            return None;
        }
        let template = Template::learn(shape, &probed.facts.defs, &probed.facts.uses)?;
        let family = self.family?;
        // What the template gives `shape`, if it answers for its registers, against LLVM's
        // `facts`.
        let gives = |shape: &Shape, facts: &InstructionFacts| {
            template
                .apply(shape, family)
                .map(|(defs, uses)| defs == facts.defs && uses == facts.uses)
        };
        // The instruction itself may have registers the template leaves to LLVM (a tuple
        // out of alignment, which LLVM decodes with a warning): the probes decide then.
        if gives(shape, &inst.facts) == Some(false) {
            return None;
        }
        let (second, second_shape) = shape.probe(1);
        let second_probed = self.decode_exact(&second[..size], inst.address, false);
        (shared(&inst.facts, &second_probed.facts)
            && gives(&second_shape, &second_probed.facts) == Some(true))
        .then(|| Learned {
            facts: facts_without_registers(&inst.facts),
            template,
        })
    }

    /// Decodes `bytes` (at `address`) from start to end, one instruction after another;
    /// at most `limit` instructions.
    pub fn decode_all(
        &self,
        bytes: &[u8],
        address: u64,
        limit: usize,
        what: &str,
        with_text: bool,
    ) -> Result<Vec<Instruction>, McError> {
        let mut out = Vec::new();
        self.decode_into(bytes, address, limit, what, with_text, &mut out)?;
        Ok(out)
    }

    /// [`Disassembler::decode_all`] appending to `out`, which then holds at most `limit`
    /// instructions.
    pub(crate) fn decode_into(
        &self,
        bytes: &[u8],
        address: u64,
        limit: usize,
        what: &str,
        with_text: bool,
        out: &mut Vec<Instruction>,
    ) -> Result<(), McError> {
        // Every instruction is at least 4 bytes but for a short tail: room for all of these
        // at once (a caller appending many pieces, as a listing does, has reserved for all
        // of them, and this asks for nothing more).
        out.reserve((bytes.len() / 4 + 1).min(limit.saturating_sub(out.len())));
        let mut at = 0usize;
        while at < bytes.len() {
            if out.len() >= limit {
                return Err(McError::TooMany {
                    what: what.to_string(),
                    limit,
                });
            }
            let here = address.wrapping_add(at as u64);
            let inst = if with_text {
                self.decode_as(&bytes[at..], here, true)
            } else {
                self.decode_facts_cached(&bytes[at..], here)
            };
            at += inst.facts.size as usize;
            out.push(inst);
        }
        Ok(())
    }
}

impl Drop for Disassembler {
    fn drop(&mut self) {
        #[cfg(has_llvm)]
        // SAFETY: `raw` came from hd_mc_new and is freed once.
        unsafe {
            (self.shim.free)(self.raw.as_ptr())
        };
    }
}

/// What the decoding tests share: the corpus's objects, opened, and random numbers.
#[cfg(all(test, has_llvm))]
mod test_support {
    use super::Disassembler;

    include!("../tests/common/corpus.rs");

    /// Calls `f` with every corpus object LLVM has a disassembler for (its path, the code
    /// object and a fresh disassembler); returns how many there were.
    pub(super) fn each_object(
        mut f: impl FnMut(&std::path::Path, &hetdwarf_amdgpu::CodeObject<'_>, Disassembler),
    ) -> usize {
        let mut objects = 0;
        for path in corpus_objects() {
            let Ok(input) = hetdwarf_amdgpu::Input::read(&path, None) else {
                continue;
            };
            let Ok(co) = input.code_object(None) else {
                continue;
            };
            let Ok(dis) = crate::listing::disassembler_for(&co) else {
                continue;
            };
            objects += 1;
            f(&path, &co, dis);
        }
        objects
    }

    /// A xorshift generator started at `state` (not zero).
    pub(super) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }
}

// The shapes' templates held against LLVM's answers.
#[cfg(all(test, has_llvm))]
mod shape_tests;

#[cfg(all(test, has_llvm))]
mod tests {
    use super::test_support::{each_object, xorshift};
    use super::*;

    /// Offering LLVM a lone dword first changes no instruction: every instruction of the
    /// corpus decodes to the same text, size, opcode, flags, immediate, definitions and
    /// uses as when LLVM is given all the bytes at once.
    #[test]
    fn a_lone_dword_decodes_as_the_whole_bytes_do() {
        let (mut alone, mut total) = (0, 0);
        let objects = each_object(|path, co, dis| {
            for section in co.code_sections() {
                let mut at = 0;
                while at < section.bytes.len() {
                    let bytes = &section.bytes[at..];
                    let address = section.address + at as u64;
                    let hinted = dis.decode_as(bytes, address, true);
                    let whole = dis.decode_exact(bytes, address, true);
                    assert_eq!(hinted, whole, "{} at {address:#x}", path.display());
                    alone += usize::from(bytes.len() >= 8 && dword_alone(bytes));
                    total += 1;
                    at += whole.facts.size as usize;
                }
            }
        });
        eprintln!("{objects} objects: {alone} of {total} instructions offered as a lone dword");
        assert!(
            objects > 100 && alone > total / 3,
            "{objects} objects, {alone} of {total}"
        );
    }

    /// The same for random bytes whose first dword is one [`dword_alone`] accepts, on a
    /// processor of each generation: no 64-bit encoding LLVM knows starts with such a dword.
    #[test]
    fn random_lone_dwords_decode_as_the_whole_bytes_do() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for (processor, wave) in [
            ("gfx803", 64),
            ("gfx90a", 64),
            ("gfx942", 64),
            ("gfx1030", 32),
            ("gfx1100", 32),
            ("gfx1201", 32),
        ] {
            let dis = Disassembler::new(processor, wave).unwrap();
            let mut checked = 0;
            while checked < 40_000 {
                let mut bytes = [0u8; 16];
                bytes[..8].copy_from_slice(&next().to_le_bytes());
                bytes[8..].copy_from_slice(&next().to_le_bytes());
                if !dword_alone(&bytes) {
                    continue;
                }
                checked += 1;
                let hinted = dis.decode_as(&bytes, 0x1000, true);
                let whole = dis.decode_exact(&bytes, 0x1000, true);
                assert_eq!(hinted, whole, "{processor}: {bytes:02x?}");
            }
        }
    }
}
