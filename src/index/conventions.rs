//! Producer conventions: named, documented rules chosen from `DW_AT_producer` and from
//! what the object contains, never by silent guessing.
//!
//! | rule | meaning |
//! |---|---|
//! | `attributes-current` / `attributes-old` | `DW_AT_LLVM_lanes`, `lane_pc`, `vector_size` at 0x3e11.. (LLVM ≥ 19 `Dwarf.def`) or at 0x3e0a.. (original AMD extension document) |
//! | `address-class-clang-legacy` | clang ≤ 19 OpenCL: `DW_AT_address_class` and the literal before `DW_OP_swap DW_OP_xderef` use 1 = private, 2 = local; pointers with no address class (global and generic alike) are read as generic |
//! | `address-class-dwarf-aspace` | the literal and `DW_AT_address_class` are `DW_ASPACE_AMDGPU_*` numbers (1 = generic, 3 = local, 5 = private_lane) |
//! | `pointer-unmarked-generic` | clang ≤ 19 HIP (and other non-OpenCL languages) marks no pointer with an address class although HIP pointers are generic; pointers with no address class are read as generic (a global address is the same address in the generic space) |
//! | `xderef-suffix` | upstream clang appends `lit<N> swap xderef` to locations of values with an address space, including register-promoted values (a producer bug the verifier reports) |
//! | `frame-base-implicit-zero` | subprograms use `DW_OP_fbreg` without `DW_AT_frame_base`; the base is taken as private_wave address 0 |

use super::{DebugInfo, IndexError, Statistics};
use crate::expr::{DecodeParams, EncodingDecision, Expr, Op, detect_encoding};

/// What the location expressions of an object contain, for choosing conventions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpressionProfile {
    /// Which encoding of the heterogeneous operations the object uses, and why.
    pub encoding: EncodingDecision,
    /// Location expressions (exprloc attributes and location-list entries).
    pub expressions: usize,
    /// Of those, how many contain `DW_OP_xderef*`.
    pub with_xderef: usize,
    /// Of those, how many contain a heterogeneous (`DW_OP_LLVM_*`) operation.
    pub with_llvm_ops: usize,
    /// How many do not decode under the chosen encoding.
    pub undecodable: usize,
}

/// A producer convention in force for an object or a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Convention {
    /// The rule's stable name (see the module documentation).
    pub rule: &'static str,
    /// `.debug_info` offset of the unit it applies to; `None` for the whole object.
    pub unit: Option<u64>,
    /// Why it was chosen.
    pub why: String,
}

impl DebugInfo<'_> {
    /// Decodes every location expression once to see which conventions the object needs.
    pub fn expression_profile(&self) -> Result<ExpressionProfile, IndexError> {
        let mut exprs: Vec<&[u8]> = Vec::new();
        for site in self.location_sites()? {
            for entry in self.site_entries(&site)? {
                exprs.push(entry.expr);
            }
        }
        let producer = self.units().iter().find_map(|u| u.producer.as_deref());
        let encoding = detect_encoding(exprs.iter().copied(), producer);
        let params = DecodeParams::amdgpu(encoding.encoding);
        let (mut with_xderef, mut with_llvm_ops, mut undecodable) = (0, 0, 0);
        for bytes in &exprs {
            match Expr::decode(bytes, params) {
                Ok(e) => {
                    if e.ops().iter().any(|op| {
                        matches!(op, Op::Xderef | Op::XderefSize(_) | Op::XderefType { .. })
                    }) {
                        with_xderef += 1;
                    }
                    if e.ops().iter().any(Op::is_heterogeneous) {
                        with_llvm_ops += 1;
                    }
                }
                Err(_) => undecodable += 1,
            }
        }
        Ok(ExpressionProfile {
            encoding,
            expressions: exprs.len(),
            with_xderef,
            with_llvm_ops,
            undecodable,
        })
    }

    /// The conventions detected for this object, from producers and contents.
    pub fn conventions(&self, stats: &Statistics, profile: &ExpressionProfile) -> Vec<Convention> {
        let mut out = vec![Convention {
            rule: match profile.encoding.encoding {
                crate::expr::Encoding::User => "expression-encoding-user",
                crate::expr::Encoding::Legacy => "expression-encoding-legacy",
            },
            unit: None,
            why: profile.encoding.reason.clone(),
        }];
        let (rule, why) = if stats.old_llvm_attributes > 0 && stats.current_llvm_attributes == 0 {
            (
                "attributes-old",
                format!(
                    "{} DIEs carry DW_AT_LLVM_* at the original AMD numbers 0x3e08..0x3e0c and none at 0x3e0f..0x3e13",
                    stats.old_llvm_attributes
                ),
            )
        } else {
            (
                "attributes-current",
                "DW_AT_LLVM_* read at the LLVM 19+ numbers 0x3e0f..0x3e13".to_string(),
            )
        };
        out.push(Convention {
            rule,
            unit: None,
            why,
        });
        for u in self.units() {
            let Some(p) = u.producer.as_deref().map(Producer::parse) else {
                continue;
            };
            let unit = Some(u.offset);
            if p.uses_legacy_address_classes(u.language) {
                out.push(Convention {
                    rule: "address-class-clang-legacy",
                    unit,
                    why: format!(
                        "{}: OpenCL from clang <= 19, address class 1 = private, 2 = local, none = generic (global or generic)",
                        p.text
                    ),
                });
            } else {
                out.push(Convention {
                    rule: "address-class-dwarf-aspace",
                    unit,
                    why: "address classes and xderef literals are DW_ASPACE_AMDGPU_* numbers"
                        .into(),
                });
                if p.leaves_generic_pointers_unmarked() {
                    out.push(Convention {
                        rule: "pointer-unmarked-generic",
                        unit,
                        why: format!(
                            "{}: clang <= 19 marks no pointer with an address class; unmarked pointers are generic",
                            p.text
                        ),
                    });
                }
            }
            if p.appends_xderef_suffix() && profile.with_xderef > 0 {
                out.push(Convention {
                    rule: "xderef-suffix",
                    unit,
                    why: format!(
                        "{}: upstream clang appends `lit<N> swap xderef` to address-space locations ({} expressions use xderef)",
                        p.text, profile.with_xderef
                    ),
                });
            }
        }
        if stats.subprograms_without_frame_base > 0 {
            out.push(Convention {
                rule: "frame-base-implicit-zero",
                unit: None,
                why: format!(
                    "{} subprograms have code but no DW_AT_frame_base; DW_OP_fbreg there is relative to private_wave address 0",
                    stats.subprograms_without_frame_base
                ),
            });
        }
        out
    }
}

/// Which compiler produced a unit, as far as `DW_AT_producer` tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Producer {
    /// The producer string.
    pub text: String,
    /// `clang` (upstream or a distribution's build), `amd-clang` (AMD's LLVM), or `other`.
    pub family: ProducerFamily,
    /// Major version, when the string has one.
    pub major: Option<u32>,
}

/// Compiler families with distinct DWARF habits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProducerFamily {
    /// Upstream or distribution clang / LLVM.
    Clang,
    /// AMD's LLVM fork (ROCm), which emits the heterogeneous extensions.
    AmdClang,
    /// Anything else.
    Other,
}

impl Producer {
    /// Parses a `DW_AT_producer` string.
    pub fn parse(text: &str) -> Producer {
        let lower = text.to_ascii_lowercase();
        let family = if lower.contains("amd clang")
            || lower.contains("amd llvm")
            || lower.contains("amd-llvm")
            || lower.contains("rocm")
        {
            ProducerFamily::AmdClang
        } else if lower.contains("clang") || lower.contains("llvm") {
            ProducerFamily::Clang
        } else {
            ProducerFamily::Other
        };
        let major = lower
            .find("version ")
            .map(|i| &lower[i + "version ".len()..])
            .and_then(|rest| {
                let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
                digits.parse().ok()
            });
        Producer {
            text: text.to_string(),
            family,
            major,
        }
    }

    /// Whether this producer writes clang's legacy address-class numbers
    /// (1 = private, 2 = local) for OpenCL: upstream clang up to 19.
    pub fn uses_legacy_address_classes(&self, language: Option<gimli::DwLang>) -> bool {
        self.family == ProducerFamily::Clang
            && self.major.is_some_and(|m| m <= 19)
            && language == Some(gimli::DW_LANG_OpenCL)
    }

    /// Whether this producer leaves generic pointers without an address class (upstream
    /// clang up to 19, every language; clang 20 marks them `DW_ASPACE_AMDGPU_generic`).
    pub fn leaves_generic_pointers_unmarked(&self) -> bool {
        self.family == ProducerFamily::Clang && self.major.is_some_and(|m| m <= 19)
    }

    /// Whether this producer appends `lit<N> swap xderef` address-space suffixes.
    pub fn appends_xderef_suffix(&self) -> bool {
        self.family == ProducerFamily::Clang
    }
}
