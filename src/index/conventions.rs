//! Producer conventions: named, documented rules chosen from `DW_AT_producer` and from
//! what the object contains, never by silent guessing.
//!
//! | rule | meaning |
//! |---|---|
//! | `attributes-current` / `attributes-old` | `DW_AT_LLVM_lanes`, `lane_pc`, `vector_size` at 0x3e11.. (LLVM ≥ 19 `Dwarf.def`) or at 0x3e0a.. (original AMD extension document) |
//! | `address-class-clang-legacy` | clang ≤ 19, every language (the numbers are clang's AMDGPU target's): `DW_AT_address_class` and the literal before `DW_OP_swap DW_OP_xderef` use 1 = private, 2 = local; pointers with no address class (global and generic alike) are read as generic |
//! | `address-class-dwarf-aspace` | the literal and `DW_AT_address_class` are `DW_ASPACE_AMDGPU_*` numbers (1 = generic, 3 = local, 5 = private_lane) |
//! | `pointer-unmarked-generic` | beside `address-class-clang-legacy` for HIP (and other non-OpenCL languages): clang ≤ 19 marks no pointer with an address class although HIP pointers are generic; pointers with no address class are read as generic (a global address is the same address in the generic space) |
//! | `xderef-suffix` | upstream clang appends `lit<N> swap xderef` to locations of values with an address space, including register-promoted values (a producer bug the verifier reports) |
//! | `frame-base-implicit-zero` | subprograms use `DW_OP_fbreg` without `DW_AT_frame_base`; the base is taken as private_wave address 0 |

use super::{DwarfIndex, IndexError, LocationAttr, Reader, Statistics, UnitId};
use crate::expr::{DecodeParams, Encoding, EncodingDecision, Expr, Op, detect_encoding};

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
    /// Location lists that could not be read (a bad offset or index, a truncated list):
    /// left out of the counts above; reading the variables that name them fails, alone.
    pub unreadable_lists: usize,
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

impl DwarfIndex<'_> {
    /// What the object's location expressions contain (which conventions it needs):
    /// computed once per index, on first use (it decodes every expression), then shared.
    pub fn expression_profile(&self) -> Result<ExpressionProfile, IndexError> {
        self.profile
            .get_or_init(|| self.compute_expression_profile())
            .clone()
    }

    fn compute_expression_profile(&self) -> Result<ExpressionProfile, IndexError> {
        // One walk gives the sites and, per unit, the DIEs with lane attributes: each
        // unit's conventions evidence is counted from it below, not by two more walks.
        let mut lane_dies: Vec<Option<usize>> = vec![Some(0); self.units.len()];
        let mut sites = Vec::new();
        self.for_each_die(|id, info, entry| {
            if let Some(n) = lane_dies[id.index()].as_mut() {
                *n += usize::from(has_lane_attribute(entry));
            }
            self.push_sites(id, info, entry, &mut sites)
        })?;
        let mut exprs: Vec<&[u8]> = Vec::new();
        let mut expr_units: Vec<usize> = Vec::new();
        // A list named by many DIEs is counted once: 5 000 variables sharing one list of
        // 100 000 entries must not cost 500 million decodings.
        let mut lists_seen = std::collections::HashSet::new();
        let mut unreadable_lists = 0;
        for site in sites {
            if let LocationAttr::List(offset) = site.location
                && !lists_seen.insert((site.unit, offset))
            {
                continue;
            }
            // A list that cannot be read costs only the variables naming it: every other
            // expression still decides the encoding.
            let Ok(entries) = self.site_entries(&site) else {
                unreadable_lists += 1;
                continue;
            };
            for entry in entries {
                exprs.push(entry.expr);
                expr_units.push(site.unit.index());
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
        let pairs = expr_units.iter().copied().zip(exprs.iter().copied());
        self.seed_all_evidence(encoding.encoding, &lane_dies, pairs);
        Ok(ExpressionProfile {
            encoding,
            expressions: exprs.len(),
            with_xderef,
            with_llvm_ops,
            undecodable,
            unreadable_lists,
        })
    }

    /// Records the conventions evidence under `encoding` of each unit whose `lane_dies`
    /// (by unit index: DIEs for which [`has_lane_attribute`] holds) is known, counted by a
    /// caller that walked the units anyway (the expression profile, verify): `exprs` is
    /// every location expression of those units with its unit's index, each list once.
    /// Later questions about a unit's reading do not walk it again; a unit already counted
    /// keeps its count.
    pub(crate) fn seed_all_evidence<'b>(
        &self,
        encoding: crate::expr::Encoding,
        lane_dies: &[Option<usize>],
        exprs: impl IntoIterator<Item = (usize, &'b [u8])>,
    ) {
        let mut counters: Vec<Option<EvidenceCounter<'b>>> = (0..self.units.len())
            .map(|i| {
                let id = self.unit_id(i)?;
                let params = self.decode_params(id, encoding).ok()?;
                Some(EvidenceCounter::new(params, (*lane_dies.get(i)?)?))
            })
            .collect();
        for (unit, bytes) in exprs {
            if let Some(Some(counter)) = counters.get_mut(unit) {
                counter.expression(bytes);
            }
        }
        for (i, counter) in counters.into_iter().enumerate() {
            if let (Some(id), Some(counter)) = (self.unit_id(i), counter)
                && let Ok(info) = self.unit(id)
            {
                let _ = info.evidence.set((encoding, Ok(counter.finish())));
            }
        }
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
            if p.uses_legacy_address_classes() {
                out.push(Convention {
                    rule: "address-class-clang-legacy",
                    unit,
                    why: format!(
                        "{}: clang <= 19, address class and xderef literal 1 = private, 2 = local, none = generic (global or generic)",
                        p.text
                    ),
                });
                // The same producers leave generic pointers unmarked; said apart where the
                // language's pointers are generic.
                if u.language != Some(gimli::DW_LANG_OpenCL) {
                    out.push(Convention {
                        rule: "pointer-unmarked-generic",
                        unit,
                        why: format!(
                            "{}: clang <= 19 marks no pointer with an address class; unmarked pointers are generic",
                            p.text
                        ),
                    });
                }
            } else {
                out.push(Convention {
                    rule: "address-class-dwarf-aspace",
                    unit,
                    why: "address classes and xderef literals are DW_ASPACE_AMDGPU_* numbers"
                        .into(),
                });
            }
        }
        for (id, u) in self.unit_ids().zip(self.units()) {
            let unit = Some(u.offset);
            let Ok(c) = self.unit_conventions(id, profile.encoding.encoding) else {
                continue;
            };
            out.push(Convention {
                rule: match c.reading {
                    Reading::Upstream => "conventions-upstream",
                    Reading::Heterogeneous => "conventions-heterogeneous",
                },
                unit,
                why: c.why.clone(),
            });
            if c.reading == Reading::Upstream && c.evidence.with_xderef > 0 {
                out.push(Convention {
                    rule: "xderef-suffix",
                    unit,
                    why: format!(
                        "upstream LLVM appends `lit<N> swap xderef` to address-space locations ({} expressions of the unit use xderef)",
                        c.evidence.with_xderef
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
#[non_exhaustive]
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
    /// (1 = private, 2 = local): upstream clang up to 19, in every language, since the
    /// numbers come from clang's AMDGPU target (`getDWARFAddressSpace`), not from the
    /// language (a HIP `__shared__` array is `lit2 swap xderef`: local, not region). The
    /// same producers leave generic pointers without an address class (clang 20 marks
    /// them `DW_ASPACE_AMDGPU_generic`).
    pub fn uses_legacy_address_classes(&self) -> bool {
        self.family == ProducerFamily::Clang && self.major.is_some_and(|m| m <= 19)
    }
}

/// How bare vector registers in location expressions are read: the user's choice, with
/// [`Auto`](ConventionsChoice::Auto) deciding per unit from what the unit contains.
///
/// Set it on the index ([`DwarfIndex::set_conventions`]) for every frame made from it, or on
/// one frame ([`FrameSetup::conventions`](crate::var::FrameSetup::conventions)):
///
/// ```
/// use hetdwarf::index::{ConventionsChoice, DwarfIndex, Reading, UnitId};
/// use hetdwarf::var::{Frame, FrameSetup};
///
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpora/triton/add-gfx942.hsaco");
/// let input = hetdwarf_amdgpu::Input::open(path.as_ref()).unwrap();
/// let co = input.code_object(None).unwrap();
/// let sections = co.dwarf_sections().unwrap();
/// let mut dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
/// let encoding = dbg.expression_profile().unwrap().encoding.encoding;
///
/// // Triton's unit uses no DW_OP_LLVM_* operation: upstream DWARF, whatever its producer.
/// let decided = dbg.unit_conventions(dbg.unit_id(0).unwrap(), encoding).unwrap();
/// assert_eq!(decided.reading, Reading::Upstream);
/// assert_eq!(decided.producer.as_deref(), Some("triton"));
///
/// // The user overrides the evidence for every frame made from this index ...
/// dbg.set_conventions(ConventionsChoice::Heterogeneous);
/// let frame = Frame::at(&dbg, 0x1710, encoding).unwrap().unwrap();
/// assert_eq!(frame.conventions().reading, Reading::Heterogeneous);
///
/// // ... or for one frame.
/// let setup = FrameSetup { conventions: Some(ConventionsChoice::Auto), ..FrameSetup::at(0x1710, encoding) };
/// let frame = Frame::new(&dbg, setup).unwrap().unwrap();
/// assert_eq!(frame.conventions().reading, Reading::Upstream);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ConventionsChoice {
    /// Per unit, from evidence: a unit with no heterogeneous operation and no
    /// heterogeneous attribute is upstream DWARF; any other unit is read by the letter.
    #[default]
    Auto,
    /// Every unit as upstream LLVM means it: a bare vector register is the current lane's
    /// dword, a trailing `lit<N> swap xderef` is an address-space qualifier.
    Upstream,
    /// Every unit by the letter of the heterogeneous extensions: a bare vector register is
    /// the whole register.
    Heterogeneous,
}

impl ConventionsChoice {
    /// Every choice, in the order the CLI lists them.
    pub const ALL: [ConventionsChoice; 3] = [
        ConventionsChoice::Auto,
        ConventionsChoice::Upstream,
        ConventionsChoice::Heterogeneous,
    ];

    /// The name the CLI and reports use.
    pub fn name(self) -> &'static str {
        match self {
            ConventionsChoice::Auto => "auto",
            ConventionsChoice::Upstream => "upstream",
            ConventionsChoice::Heterogeneous => "heterogeneous",
        }
    }
}

impl std::fmt::Display for ConventionsChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ConventionsChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ConventionsChoice::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                format!("unknown conventions '{s}': expected auto, upstream or heterogeneous")
            })
    }
}

/// The reading in force for one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Upstream LLVM DWARF (see [`ConventionsChoice::Upstream`]).
    Upstream,
    /// The heterogeneous extensions by their letter.
    Heterogeneous,
}

impl Reading {
    /// The name reports use (`upstream`, `heterogeneous`).
    pub fn name(self) -> &'static str {
        match self {
            Reading::Upstream => "upstream",
            Reading::Heterogeneous => "heterogeneous",
        }
    }
}

/// What one unit contains that tells which reading applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitEvidence {
    /// Location expressions in the unit (exprloc attributes and location-list entries).
    pub expressions: usize,
    /// Of those, how many contain a heterogeneous (`DW_OP_LLVM_*`) operation, in either
    /// encoding.
    pub heterogeneous_expressions: usize,
    /// DIEs carrying `DW_AT_LLVM_lanes`, `DW_AT_LLVM_lane_pc` or `DW_AT_LLVM_vector_size`,
    /// at either numbering.
    pub heterogeneous_attributes: usize,
    /// Expressions that contain `DW_OP_xderef*`.
    pub with_xderef: usize,
    /// Expressions that decode under neither encoding.
    pub undecodable: usize,
    /// Expressions that can only have been written with `DW_OP_LLVM_user`
    /// ([`encoding_vote`](crate::expr::encoding_vote)).
    pub user_only: usize,
    /// Expressions that can only have been written with the legacy one-byte opcodes.
    pub legacy_only: usize,
}

impl UnitEvidence {
    /// Whether the unit's expressions say they were written in the other encoding than
    /// `encoding`: some can only be read the other way, none only this way.
    pub fn contradicts(&self, encoding: Encoding) -> bool {
        let (this, other) = match encoding {
            Encoding::User => (self.user_only, self.legacy_only),
            Encoding::Legacy => (self.legacy_only, self.user_only),
        };
        other > 0 && this == 0
    }

    /// The reading that the evidence alone decides.
    pub fn reading(&self) -> Reading {
        if self.heterogeneous_expressions > 0 || self.heterogeneous_attributes > 0 {
            Reading::Heterogeneous
        } else {
            Reading::Upstream
        }
    }
}

/// Counts one unit's [`UnitEvidence`] an expression at a time, from the count of DIEs with
/// lane attributes its caller's walk found: the index's own count and the counts handed
/// over by the profile and verify go through it alike.
struct EvidenceCounter<'b> {
    /// What has been counted so far.
    evidence: UnitEvidence,
    params: DecodeParams,
    other: DecodeParams,
    /// Each distinct expression's evidence: lists repeat a few expressions many times.
    classified: crate::fast_hash::HashMap<&'b [u8], UnitEvidence>,
}

impl<'b> EvidenceCounter<'b> {
    /// A counter for a unit whose expressions decode with `params` (the other encoding is
    /// tried for those that do not) and whose walk found `lane_dies` DIEs for which
    /// [`has_lane_attribute`] holds.
    fn new(params: DecodeParams, lane_dies: usize) -> Self {
        let other = DecodeParams {
            encoding: match params.encoding {
                Encoding::User => Encoding::Legacy,
                Encoding::Legacy => Encoding::User,
            },
            ..params
        };
        EvidenceCounter {
            evidence: UnitEvidence {
                heterogeneous_attributes: lane_dies,
                ..UnitEvidence::default()
            },
            params,
            other,
            classified: crate::fast_hash::HashMap::default(),
        }
    }

    /// The evidence counted.
    fn finish(self) -> UnitEvidence {
        self.evidence
    }

    /// Counts one location expression (an exprloc or one location-list entry).
    fn expression(&mut self, bytes: &'b [u8]) {
        let one = match self.classified.get(bytes) {
            Some(one) => *one,
            None => {
                let one = self.classify(bytes);
                self.classified.insert(bytes, one);
                one
            }
        };
        self.add(&one);
    }

    /// The evidence of one expression alone.
    fn classify(&self, bytes: &[u8]) -> UnitEvidence {
        let mut one = UnitEvidence {
            expressions: 1,
            ..UnitEvidence::default()
        };
        match crate::expr::encoding_vote(bytes) {
            Some(Encoding::User) => one.user_only = 1,
            Some(Encoding::Legacy) => one.legacy_only = 1,
            None => {}
        }
        let decoded = Expr::decode(bytes, self.params).or_else(|_| Expr::decode(bytes, self.other));
        let Ok(expr) = decoded else {
            one.undecodable = 1;
            return one;
        };
        let ops = expr.ops();
        one.heterogeneous_expressions = usize::from(ops.iter().any(Op::is_heterogeneous));
        one.with_xderef = usize::from(
            ops.iter()
                .any(|op| matches!(op, Op::Xderef | Op::XderefSize(_) | Op::XderefType { .. })),
        );
        one
    }

    /// Adds one expression's evidence.
    fn add(&mut self, other: &UnitEvidence) {
        let e = &mut self.evidence;
        e.expressions += other.expressions;
        e.heterogeneous_expressions += other.heterogeneous_expressions;
        e.heterogeneous_attributes += other.heterogeneous_attributes;
        e.with_xderef += other.with_xderef;
        e.undecodable += other.undecodable;
        e.user_only += other.user_only;
        e.legacy_only += other.legacy_only;
    }
}

/// Whether a DIE carries one of the lane attributes that mark heterogeneous DWARF.
pub(crate) fn has_lane_attribute(entry: &gimli::DebuggingInformationEntry<Reader<'_>>) -> bool {
    entry
        .attrs()
        .iter()
        .any(|a| is_lane_attribute(entry.tag(), a.name()))
}

/// Whether attribute `attr` on a DIE tagged `tag` is one of the lane attributes that mark
/// heterogeneous DWARF.
pub(crate) fn is_lane_attribute(tag: gimli::DwTag, attr: gimli::DwAt) -> bool {
    let old_tag = matches!(
        tag,
        gimli::DW_TAG_subprogram
            | gimli::DW_TAG_inlined_subroutine
            | gimli::DW_TAG_lexical_block
            | gimli::DW_TAG_base_type
    );
    CURRENT_LANE_ATTRIBUTES.contains(&attr.0) || (old_tag && OLD_LANE_ATTRIBUTES.contains(&attr.0))
}

/// The conventions in force for one unit, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitConventions {
    /// `.debug_info` offset of the unit.
    pub offset: u64,
    /// The reading in force.
    pub reading: Reading,
    /// The choice that produced it.
    pub choice: ConventionsChoice,
    /// What the unit contains.
    pub evidence: UnitEvidence,
    /// The unit's producer, if it names one.
    pub producer: Option<String>,
    /// One sentence: why this reading, and which option would change it.
    pub why: String,
}

/// `DW_AT_LLVM_lanes`, `lane_pc`, `vector_size` at the LLVM 19+ numbers.
const CURRENT_LANE_ATTRIBUTES: std::ops::RangeInclusive<u16> = 0x3e11..=0x3e13;
/// The same at the original AMD numbers, which collide with `DW_AT_LLVM_ptrauth_*` on
/// other tags: only counted on the tags the extension puts them on.
const OLD_LANE_ATTRIBUTES: std::ops::RangeInclusive<u16> = 0x3e0a..=0x3e0c;

impl DwarfIndex<'_> {
    /// Chooses how every frame and check made from this index reads bare vector registers.
    pub fn set_conventions(&mut self, choice: ConventionsChoice) {
        self.conventions = choice;
    }

    /// The choice in force (see [`set_conventions`](Self::set_conventions)).
    pub fn conventions_choice(&self) -> ConventionsChoice {
        self.conventions
    }

    /// What unit `id` contains that decides its reading, counted once per unit (with
    /// `encoding`, the object's heterogeneous-op encoding).
    pub fn unit_evidence(
        &self,
        id: UnitId,
        encoding: Encoding,
    ) -> Result<UnitEvidence, IndexError> {
        let cell = &self.unit(id)?.evidence;
        if let Some((counted_with, result)) = cell.get()
            && *counted_with == encoding
        {
            return result.clone();
        }
        let result = self.count_unit_evidence(id, encoding);
        // A second encoding for the same unit is rare (tools that try both); keep the first.
        let _ = cell.set((encoding, result.clone()));
        result
    }

    fn count_unit_evidence(
        &self,
        id: UnitId,
        encoding: Encoding,
    ) -> Result<UnitEvidence, IndexError> {
        let params = self.decode_params(id, encoding)?;
        // One walk: the DIEs' lane attributes and the unit's location sites.
        let mut lane_dies = 0;
        let mut sites = Vec::new();
        self.for_each_die_in(id, |id, info, entry| {
            lane_dies += usize::from(has_lane_attribute(entry));
            self.push_sites(id, info, entry, &mut sites)
        })?;
        let mut counter = EvidenceCounter::new(params, lane_dies);
        // A list named by many DIEs is counted once (see compute_expression_profile).
        let mut lists_seen = std::collections::HashSet::new();
        for site in sites {
            if let LocationAttr::List(offset) = site.location
                && !lists_seen.insert(offset)
            {
                continue;
            }
            // An unreadable list is left out of the evidence, as from the profile.
            for entry in self.site_entries(&site).into_iter().flatten() {
                counter.expression(entry.expr);
            }
        }
        Ok(counter.finish())
    }

    /// The conventions in force for unit `id` under the index's choice.
    pub fn unit_conventions(
        &self,
        id: UnitId,
        encoding: Encoding,
    ) -> Result<UnitConventions, IndexError> {
        self.unit_conventions_with(id, encoding, self.conventions)
    }

    /// How unit `id` is read under the index's choice: that choice, or for `Auto` what
    /// the unit's contents call for ([`unit_conventions`](Self::unit_conventions) says
    /// why, at the cost of its text).
    pub fn unit_reading(&self, id: UnitId, encoding: Encoding) -> Result<Reading, IndexError> {
        Ok(match self.conventions {
            ConventionsChoice::Upstream => Reading::Upstream,
            ConventionsChoice::Heterogeneous => Reading::Heterogeneous,
            ConventionsChoice::Auto => self.unit_evidence(id, encoding)?.reading(),
        })
    }

    /// The conventions in force for unit `id` under `choice`.
    pub fn unit_conventions_with(
        &self,
        id: UnitId,
        encoding: Encoding,
        choice: ConventionsChoice,
    ) -> Result<UnitConventions, IndexError> {
        let info = self.unit(id)?;
        let evidence = self.unit_evidence(id, encoding)?;
        let counts = format!(
            "{} of {} location expressions use DW_OP_LLVM_* operations, {} DIEs carry DW_AT_LLVM_lanes/lane_pc/vector_size",
            evidence.heterogeneous_expressions,
            evidence.expressions,
            evidence.heterogeneous_attributes
        );
        let (reading, why) = match choice {
            ConventionsChoice::Auto => {
                let reading = evidence.reading();
                let why = match reading {
                    Reading::Upstream => format!(
                        "{counts}: upstream DWARF, a bare vector register is the current lane's dword (--conventions heterogeneous reads it as the whole register)"
                    ),
                    Reading::Heterogeneous => format!(
                        "{counts}: heterogeneous DWARF, read by the letter (--conventions upstream reads bare vector registers per lane)"
                    ),
                };
                (reading, why)
            }
            ConventionsChoice::Upstream => (
                Reading::Upstream,
                format!("--conventions upstream ({counts}; --conventions auto decides from that)"),
            ),
            ConventionsChoice::Heterogeneous => (
                Reading::Heterogeneous,
                format!(
                    "--conventions heterogeneous ({counts}; --conventions auto decides from that)"
                ),
            ),
        };
        Ok(UnitConventions {
            offset: info.offset,
            reading,
            choice,
            evidence,
            producer: info.producer.clone(),
            why,
        })
    }
}
