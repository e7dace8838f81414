//! Instruction shapes: the facts of an instruction from those of another that differs only
//! in its register numbers, so that LLVM decodes each shape once rather than each encoding.
//!
//! Two encodings of the same format whose bits agree everywhere but in their register
//! fields, and whose register fields name the same kind of register (a scalar, a vector
//! register, or the same special register or constant), are the same instruction with other
//! registers: same opcode, size, flags and immediate, and registers that move with the
//! fields. LLVM decodes the first instruction of a shape; at the second (most shapes of a
//! small object occur once) it also decodes a *probe*: the same bits with each register
//! field set to a number of its own (16 apart), which shows which field each register LLVM
//! reports comes from and how wide the operand is. The resulting [`Template`] must give
//! back LLVM's answers for that instruction and for a second probe (every field 8 registers
//! further, which unmasks a field that is no register, such as `s_atc_probe`'s probe
//! number, read as one), or the shape is left to LLVM; and it answers only for register
//! numbers that LLVM decodes as such (in the register file, aligned as tuples must be).
//! Everything else, and every format not listed here, is decoded by LLVM. The tests
//! (`decode/shape_tests.rs`) hold the templates' answers against LLVM's for every corpus
//! instruction, for random register numbers in them and for random instructions.
//!
//! Field positions are from AMD's ISA manuals ("Microcode Formats"), for GFX8 to GFX12
//! ([`Family`]); formats not described (images after GFX9, GFX11's VOPD, GFX12's memory
//! formats but DS, exports, interpolation) are LLVM's alone.

// Without LLVM nothing is decoded, so nothing learns a template.
#![cfg_attr(not(has_llvm), allow(dead_code))]

use crate::register::{MachineRegister, Registers};

/// A family of processors whose instructions share their formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// GFX8 and GFX9: gfx801 … gfx810, gfx900 … gfx950.
    Gfx8And9,
    /// GFX10: gfx1010 … gfx1036.
    Gfx10,
    /// GFX11: gfx1100 … gfx1153.
    Gfx11,
    /// GFX12: gfx1200 and gfx1201 (its memory formats but DS are not described).
    Gfx12,
}

impl Family {
    /// The family of `processor` (`gfx90a`), if its formats are described here.
    pub(crate) fn of(processor: &str) -> Option<Family> {
        let version = processor.strip_prefix("gfx")?;
        if !version.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return None;
        }
        match (version.len(), version.as_bytes()[0]) {
            (3, b'8' | b'9') => Some(Family::Gfx8And9),
            (4, _) if version.starts_with("10") => Some(Family::Gfx10),
            (4, _) if version.starts_with("11") => Some(Family::Gfx11),
            (4, _) if version == "1200" || version == "1201" => Some(Family::Gfx12),
            _ => None,
        }
    }

    /// How many scalar registers a field can name (GFX8/9: s0–s101, as 102 and on are
    /// FLAT_SCRATCH, XNACK_MASK, VCC, ...; GFX10 and later s0–s105).
    fn scalar_registers(self) -> u16 {
        match self {
            Family::Gfx8And9 => 102,
            Family::Gfx10 | Family::Gfx11 | Family::Gfx12 => 106,
        }
    }

    /// The format of the instruction whose first dword is `w`, if described.
    fn format(self, w: u32) -> Option<&'static Format> {
        // The 32-bit formats are laid out alike on every generation.
        if w >> 31 == 0 {
            let t16 = matches!(self, Family::Gfx11 | Family::Gfx12);
            return Some(match (w >> 25, t16) {
                (0x3e, false) => &VOPC,
                (0x3f, false) => &VOP1,
                (_, false) => &VOP2,
                (0x3e, true) => &VOPC_T16,
                (0x3f, true) => &VOP1_T16,
                (_, true) => &VOP2_T16,
            });
        }
        if w >> 30 == 0b10 {
            return Some(match w >> 23 {
                0x17d => &SOP1,
                0x17e => &SOPC,
                0x17f => &SOPP,
                _ if w >> 28 == 0b1011 => &SOPK,
                _ => &SOP2,
            });
        }
        match self {
            Family::Gfx8And9 => Some(match w >> 26 {
                0b110000 => &SMEM,
                // The VOP3 opcodes whose bits 8–14 are a scalar destination (VOP3b): the
                // carry arithmetic, v_div_scale_f32/f64, v_mad_u64_u32 and v_mad_i64_i32.
                0b110100 => match (w >> 16) & 0x3ff {
                    0x119..=0x11e | 0x1e0 | 0x1e1 | 0x1e8 | 0x1e9 => &VOP3_SDST,
                    _ => &VOP3,
                },
                0b110110 => &DS,
                0b110111 => &FLAT,
                0b111000 | 0b111010 => &BUFFER,
                0b111100 => &IMAGE,
                _ => return None,
            }),
            // GFX10 and later move SMEM and VOP3 and add VOP3P at 0xcc; bits 8–14 of a
            // VOP3 stay in the shape (the VOP3b opcodes are not listed for them), and
            // images (with NSA addresses of varying size) are left to LLVM, as are GFX12's
            // memory formats other than DS.
            Family::Gfx10 | Family::Gfx11 | Family::Gfx12 => Some(match w >> 26 {
                // GFX12's SMEM reads some of its register fields as counts
                // (`s_prefetch_inst`), which LLVM refuses for some values.
                0b111101 if self != Family::Gfx12 => &SMEM,
                0b110101 => &VOP3,
                0b110011 if w >> 24 == 0xcc => &VOP3,
                0b110110 => &DS,
                0b110111 if self != Family::Gfx12 => &FLAT,
                0b111000 | 0b111010 if self != Family::Gfx12 => &BUFFER,
                _ => return None,
            }),
        }
    }
}

/// How a field's value names a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A 9-bit vector-ALU source: 0–101 scalars, 256–511 vector registers, the rest special
    /// registers and constants.
    Source9,
    /// An 8-bit scalar source (SOP*, a buffer's `soffset`): 0–101 scalars.
    Scalar8,
    /// A 7-bit scalar (SOP* destination, SMEM data and `soffset`, FLAT `saddr`): 0–101.
    Scalar7,
    /// An 8-bit register number of a file the opcode decides (a VGPR, an AGPR, or the
    /// scalar destination of a VOP3 compare).
    Register8,
    /// [`Kind::Source9`] where 384–511 (v128–v255) stay in the shape: on GFX11 and later a
    /// 16-bit VOP1/VOP2/VOPC reads bit 7 of a vector register's number as its half
    /// (`v5.h` is 256 + 133).
    Source9Low,
    /// [`Kind::Register8`] where 128–255 stay in the shape, for the same reason.
    Register8Low,
    /// SMEM's `sbase`: a pair of scalars, numbered in pairs.
    ScalarPair6,
    /// A buffer's or image's resource or sampler: four scalars, numbered in fours.
    ScalarQuad5,
}

impl Kind {
    fn bits(self) -> u32 {
        match self {
            Kind::Source9 | Kind::Source9Low => 9,
            Kind::Scalar8 | Kind::Register8 | Kind::Register8Low => 8,
            Kind::Scalar7 => 7,
            Kind::ScalarPair6 => 6,
            Kind::ScalarQuad5 => 5,
        }
    }

    /// The kind of register `value` names, and its number in its file.
    fn class(self, value: u16, family: Family) -> (Class, u16) {
        let scalars = family.scalar_registers();
        let scalar = |n: u16| {
            if n < scalars {
                (Class::Scalar, n)
            } else {
                (Class::Exact, 0)
            }
        };
        match self {
            Kind::Source9Low if value >= 384 => (Class::Exact, 0),
            Kind::Register8Low if value >= 128 => (Class::Exact, 0),
            Kind::Source9 | Kind::Source9Low if value >= 256 => (Class::Vector, value - 256),
            Kind::Source9 | Kind::Source9Low | Kind::Scalar8 | Kind::Scalar7 => scalar(value),
            Kind::Register8 | Kind::Register8Low => (Class::Any, value),
            Kind::ScalarPair6 => scalar(value * 2),
            Kind::ScalarQuad5 => scalar(value * 4),
        }
    }

    /// The value that names register number `n` of `class`.
    fn value(self, class: Class, n: u16) -> u16 {
        match (self, class) {
            (Kind::Source9 | Kind::Source9Low, Class::Vector) => 256 + n,
            (Kind::ScalarPair6, _) => n / 2,
            (Kind::ScalarQuad5, _) => n / 4,
            _ => n,
        }
    }
}

/// What kind of register a field's value names; [`Class::Exact`] values stay part of the
/// shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// A special register or a constant: the shape keeps the value itself.
    Exact = 0,
    /// A scalar register.
    Scalar = 1,
    /// A vector (or accumulation) register.
    Vector = 2,
    /// A register of the file the opcode decides.
    Any = 3,
}

/// A register field: its first bit in the instruction and its kind.
#[derive(Clone, Copy, Debug)]
struct Field {
    at: u8,
    kind: Kind,
}

const fn field(at: u8, kind: Kind) -> Field {
    Field { at, kind }
}

impl Field {
    /// `bits` with this field set to `value` (cut to the field's width).
    fn set(self, bits: u64, value: u64) -> u64 {
        let mask = (1u64 << self.kind.bits()) - 1;
        (bits & !(mask << self.at)) | ((value & mask) << self.at)
    }
}

/// The most register fields a format has.
const MAX_FIELDS: usize = 5;

/// A format: its number (part of the key), its size without a literal, and its register
/// fields.
#[derive(Debug)]
struct Format {
    id: u8,
    size: u8,
    fields: &'static [Field],
}

use Kind::*;

const VOP2: Format = Format {
    id: 1,
    size: 4,
    fields: &[field(0, Source9), field(9, Register8), field(17, Register8)],
};
const VOP1: Format = Format {
    id: 2,
    size: 4,
    fields: &[field(0, Source9), field(17, Register8)],
};
const VOPC: Format = Format {
    id: 3,
    size: 4,
    fields: &[field(0, Source9), field(9, Register8)],
};
const VOP2_T16: Format = Format {
    id: 16,
    size: 4,
    fields: &[
        field(0, Source9Low),
        field(9, Register8Low),
        field(17, Register8Low),
    ],
};
const VOP1_T16: Format = Format {
    id: 17,
    size: 4,
    fields: &[field(0, Source9Low), field(17, Register8Low)],
};
const VOPC_T16: Format = Format {
    id: 18,
    size: 4,
    fields: &[field(0, Source9Low), field(9, Register8Low)],
};
const SOP2: Format = Format {
    id: 4,
    size: 4,
    fields: &[field(0, Scalar8), field(8, Scalar8), field(16, Scalar7)],
};
const SOPK: Format = Format {
    id: 5,
    size: 4,
    fields: &[field(16, Scalar7)],
};
const SOP1: Format = Format {
    id: 6,
    size: 4,
    fields: &[field(0, Scalar8), field(16, Scalar7)],
};
const SOPC: Format = Format {
    id: 7,
    size: 4,
    fields: &[field(0, Scalar8), field(8, Scalar8)],
};
const SOPP: Format = Format {
    id: 8,
    size: 4,
    fields: &[],
};
const SMEM: Format = Format {
    id: 9,
    size: 8,
    fields: &[field(0, ScalarPair6), field(6, Scalar7), field(57, Scalar7)],
};
const VOP3: Format = Format {
    id: 10,
    size: 8,
    fields: &[
        field(0, Register8),
        field(32, Source9),
        field(41, Source9),
        field(50, Source9),
    ],
};
/// VOP3 with a scalar carry-out or condition (`v_add_co_u32_e64`, `v_div_scale_f32`) where
/// the other VOP3s have `abs` and `op_sel`.
const VOP3_SDST: Format = Format {
    id: 11,
    size: 8,
    fields: &[
        field(0, Register8),
        field(8, Scalar7),
        field(32, Source9),
        field(41, Source9),
        field(50, Source9),
    ],
};
const DS: Format = Format {
    id: 12,
    size: 8,
    fields: &[
        field(32, Register8),
        field(40, Register8),
        field(48, Register8),
        field(56, Register8),
    ],
};
const FLAT: Format = Format {
    id: 13,
    size: 8,
    fields: &[
        field(32, Register8),
        field(40, Register8),
        field(48, Scalar7),
        field(56, Register8),
    ],
};
const BUFFER: Format = Format {
    id: 14,
    size: 8,
    fields: &[
        field(32, Register8),
        field(40, Register8),
        field(48, ScalarQuad5),
        field(56, Scalar8),
    ],
};
const IMAGE: Format = Format {
    id: 15,
    size: 8,
    fields: &[
        field(32, Register8),
        field(40, Register8),
        field(48, ScalarQuad5),
        field(53, ScalarQuad5),
    ],
};

/// What identifies a shape: the format, the instruction's bits with its register fields
/// cleared, and the class of each field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ShapeKey {
    masked: u64,
    classes: u16,
    format: u8,
}

/// An instruction seen as a shape and the register numbers in its fields.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    key: ShapeKey,
    bits: u64,
    format: &'static Format,
    classes: [Class; MAX_FIELDS],
    numbers: [u16; MAX_FIELDS],
}

impl Shape {
    /// The shape of the instruction at the start of `bytes`, if its format is one
    /// described here and all of its bytes (without a literal) are there.
    pub(crate) fn of(family: Family, bytes: &[u8]) -> Option<Shape> {
        let first = u32::from_le_bytes(bytes.get(..4)?.try_into().ok()?);
        let format = family.format(first)?;
        let size = usize::from(format.size);
        let mut word = [0u8; 8];
        word[..size].copy_from_slice(bytes.get(..size)?);
        let bits = u64::from_le_bytes(word);
        let mut masked = bits;
        let mut classes = [Class::Exact; MAX_FIELDS];
        let mut numbers = [0u16; MAX_FIELDS];
        let mut class_bits = 0u16;
        for (i, f) in format.fields.iter().enumerate() {
            let mask = (1u64 << f.kind.bits()) - 1;
            let value = ((bits >> f.at) & mask) as u16;
            let (class, number) = f.kind.class(value, family);
            if class != Class::Exact {
                masked &= !(mask << f.at);
            }
            classes[i] = class;
            numbers[i] = number;
            class_bits |= (class as u16) << (2 * i);
        }
        Some(Shape {
            key: ShapeKey {
                masked,
                classes: class_bits,
                format: format.id,
            },
            bits,
            format,
            classes,
            numbers,
        })
    }

    /// What identifies its shape.
    pub(crate) fn key(&self) -> ShapeKey {
        self.key
    }

    /// Its bits (the first [`Shape::size`] bytes, little-endian).
    pub(crate) fn bits(&self) -> u64 {
        self.bits
    }

    /// Its size in bytes (without a literal, which a learned shape never has).
    pub(crate) fn size(&self) -> usize {
        usize::from(self.format.size)
    }

    /// Its bits (the first [`Shape::size`] bytes) with each of its format's register fields
    /// set to `value(width)`, cut to the field's width: the tests' random registers.
    #[cfg(test)]
    pub(crate) fn with_registers(&self, mut value: impl FnMut(u32) -> u64) -> [u8; 8] {
        let bits = self
            .format
            .fields
            .iter()
            .fold(self.bits, |bits, f| f.set(bits, value(f.kind.bits())));
        bits.to_le_bytes()
    }

    /// The register number probe `which` (0 or 1) gives field `i`: 16 apart, so that the
    /// registers of fields of up to 16 dwords never meet (and aligned for every tuple);
    /// the second probe 8 further, so that no field has the same number in both.
    fn probe_number(which: u16, i: usize) -> u16 {
        16 * i as u16 + 8 * which
    }

    /// The same instruction with each register field set to its number in probe `which`
    /// (0 or 1), and the shape of that.
    pub(crate) fn probe(&self, which: u16) -> ([u8; 8], Shape) {
        let mut shape = *self;
        for (i, f) in self.format.fields.iter().enumerate() {
            if self.classes[i] == Class::Exact {
                continue;
            }
            let number = Self::probe_number(which, i);
            let value = f.kind.value(self.classes[i], number);
            shape.bits = f.set(shape.bits, u64::from(value));
            shape.numbers[i] = number;
        }
        (shape.bits.to_le_bytes(), shape)
    }
}

/// A register file a field's registers are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum File {
    Sgpr,
    Vgpr,
    Agpr,
}

/// Where one register of an instruction's definitions or uses comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// Always this register (an implicit one, or one a special field value names).
    Fixed(MachineRegister),
    /// The register `offset` after the one field `field` names, in `file`.
    Field { field: u8, offset: u8, file: File },
}

/// The registers of every instruction of a shape, learned from LLVM's answer for a probe.
#[derive(Debug)]
pub(crate) struct Template {
    defs: Box<[Slot]>,
    uses: Box<[Slot]>,
    /// Per field, its file and how many registers the instruction takes from it (0: the
    /// opcode does not use it).
    operands: [(File, u8); MAX_FIELDS],
}

impl Template {
    /// The template of `shape` from the registers LLVM reports for its probe; `None` when
    /// a register cannot be told to come from one field.
    pub(crate) fn learn(
        shape: &Shape,
        probe_defs: &[MachineRegister],
        probe_uses: &[MachineRegister],
    ) -> Option<Template> {
        let mut operands = [(File::Sgpr, 0u8); MAX_FIELDS];
        let mut slot_of = |reg: MachineRegister| -> Option<Slot> {
            let (file, n) = match reg {
                MachineRegister::Sgpr(n) => (File::Sgpr, n),
                MachineRegister::Vgpr(n) => (File::Vgpr, n),
                MachineRegister::Agpr(n) => (File::Agpr, n),
                other => return Some(Slot::Fixed(other)),
            };
            let i = usize::from(n / 16);
            let fits = match shape.classes.get(i)? {
                Class::Scalar => file == File::Sgpr,
                Class::Vector => file != File::Sgpr,
                Class::Any => true,
                Class::Exact => false,
            };
            if !fits || i >= shape.format.fields.len() {
                return None;
            }
            let offset = (n - Shape::probe_number(0, i)) as u8;
            let operand = &mut operands[i];
            if operand.1 > 0 && operand.0 != file {
                return None;
            }
            *operand = (file, operand.1.max(offset + 1));
            Some(Slot::Field {
                field: i as u8,
                offset,
                file,
            })
        };
        let defs = probe_defs
            .iter()
            .map(|&r| slot_of(r))
            .collect::<Option<Box<[Slot]>>>()?;
        let uses = probe_uses
            .iter()
            .map(|&r| slot_of(r))
            .collect::<Option<Box<[Slot]>>>()?;
        Some(Template {
            defs,
            uses,
            operands,
        })
    }

    /// The registers `shape` (of this template's shape) writes and reads, each once, in
    /// LLVM's order; `None` where its register numbers are ones LLVM would not decode as
    /// this template's registers (past the end of the file, or a tuple out of alignment).
    pub(crate) fn apply(&self, shape: &Shape, family: Family) -> Option<(Registers, Registers)> {
        for (i, &(file, width)) in self.operands.iter().enumerate() {
            if width == 0 {
                continue;
            }
            let (n, width) = (shape.numbers[i], u16::from(width));
            let (registers, align) = match file {
                File::Sgpr => (family.scalar_registers(), width.min(4)),
                File::Vgpr | File::Agpr => (256, width.min(2)),
            };
            let align = if align == 3 { 4 } else { align };
            if n + width > registers || n % align != 0 {
                return None;
            }
        }
        let registers = |slots: &[Slot]| -> Registers {
            // The widest operands are 16 dwords, and few instructions name more than a
            // handful of registers: a template of more is rare enough to allocate.
            let mut small = [MachineRegister::Scc; 32];
            let mut heap: Vec<MachineRegister> = Vec::new();
            let mut n = 0;
            for slot in slots {
                let reg = match *slot {
                    Slot::Fixed(reg) => reg,
                    Slot::Field {
                        field,
                        offset,
                        file,
                    } => {
                        let n = shape.numbers[usize::from(field)] + u16::from(offset);
                        match file {
                            File::Sgpr => MachineRegister::Sgpr(n),
                            File::Vgpr => MachineRegister::Vgpr(n),
                            File::Agpr => MachineRegister::Agpr(n),
                        }
                    }
                };
                if slots.len() <= small.len() {
                    if !small[..n].contains(&reg) {
                        small[n] = reg;
                        n += 1;
                    }
                } else if !heap.contains(&reg) {
                    heap.push(reg);
                }
            }
            if slots.len() <= small.len() {
                Registers::from(&small[..n])
            } else {
                Registers::from(heap)
            }
        };
        Some((registers(&self.defs), registers(&self.uses)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A VOP2 on GFX8/9: `op vdst, src0, vsrc1`.
    fn vop2(op: u32, vdst: u32, src0: u32, vsrc1: u32) -> [u8; 4] {
        (op << 25 | vdst << 17 | vsrc1 << 9 | src0).to_le_bytes()
    }

    #[test]
    fn register_fields_leave_the_key_and_special_values_stay() {
        let shape = |bytes: [u8; 4]| Shape::of(Family::Gfx8And9, &bytes).unwrap();
        // v_add_f32_e32 v1, v2, v3 and v_add_f32_e32 v7, v9, v0: one shape.
        let a = shape(vop2(1, 1, 256 + 2, 3));
        let b = shape(vop2(1, 7, 256 + 9, 0));
        assert_eq!(a.key(), b.key());
        assert_eq!((a.classes[0], a.numbers[0]), (Class::Vector, 2));
        // v_add_f32_e32 v1, s2, v3: a scalar first source is another shape.
        let c = shape(vop2(1, 1, 2, 3));
        assert_ne!(a.key(), c.key());
        assert_eq!((c.classes[0], c.numbers[0]), (Class::Scalar, 2));
        // vcc_lo (106) and the constant 1.0 (242) stay in the key.
        let d = shape(vop2(1, 1, 106, 3));
        let e = shape(vop2(1, 1, 242, 3));
        assert_eq!(d.classes[0], Class::Exact);
        assert_ne!(d.key(), e.key());
        assert_eq!(d.key().masked & 0x1ff, 106);
        // The probes put each register field 16 registers from the last.
        let probe = |which| u32::from_le_bytes(a.probe(which).0[..4].try_into().unwrap());
        assert_eq!(probe(0), u32::from_le_bytes(vop2(1, 32, 256, 16)));
        assert_eq!(probe(1), u32::from_le_bytes(vop2(1, 40, 256 + 8, 24)));
        assert_eq!(Family::of("gfx90a"), Some(Family::Gfx8And9));
        assert_eq!(Family::of("gfx1030"), Some(Family::Gfx10));
        assert_eq!(Family::of("gfx1250"), None);
        assert_eq!(Family::of("gfx9-generic"), None);
    }
}
