//! The DIOp operations: the 29 of AMD's fork plus the two the seed spells differently
//! (`DIOpOffset`, `DIOpShr`), with their names and input counts.

use super::literal::Literal;
use super::types::Type;

/// One DIOp operation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Op {
    /// `DIOpReferrer(T)`: the referrer's location.
    Referrer(Type),
    /// `DIOpArg(N, T)`: the location of argument `N`.
    Arg {
        /// Argument index.
        index: u32,
        /// Its type.
        ty: Type,
    },
    /// `DIOpTypeObject(T)`: the object a type property describes.
    TypeObject(Type),
    /// `DIOpConstant(T V)`.
    Constant(Literal),
    /// `DIOpConvert(T')`.
    Convert(Type),
    /// `DIOpZExt(T')`.
    ZExt(Type),
    /// `DIOpSExt(T')`.
    SExt(Type),
    /// `DIOpReinterpret(T')`.
    Reinterpret(Type),
    /// `DIOpBitOffset(T')`.
    BitOffset(Type),
    /// `DIOpByteOffset(T')`.
    ByteOffset(Type),
    /// `DIOpComposite(N, T)`.
    Composite {
        /// Number of parts.
        count: u32,
        /// Result type.
        ty: Type,
    },
    /// `DIOpExtend(N)`: a vector of `N` copies.
    Extend(u32),
    /// `DIOpSelect()`.
    Select,
    /// `DIOpAddrOf(N)`: an implicit address in LLVM address space `N`.
    AddrOf(u32),
    /// `DIOpDeref(T)`; the seed's `DIOpDeref()` (`None`) takes the typed pointer's pointee.
    Deref(Option<Type>),
    /// `DIOpRead()`.
    Read,
    /// `DIOpAdd()`.
    Add,
    /// `DIOpSub()`.
    Sub,
    /// `DIOpMul()`.
    Mul,
    /// `DIOpDiv()`.
    Div,
    /// `DIOpMod()`.
    Mod,
    /// `DIOpLShr()`.
    LShr,
    /// `DIOpAShr()`.
    AShr,
    /// `DIOpShl()`.
    Shl,
    /// `DIOpAnd()`.
    And,
    /// `DIOpOr()`.
    Or,
    /// `DIOpXor()`.
    Xor,
    /// `DIOpPushLane(T)`: the current lane number.
    PushLane(Type),
    /// `DIOpFragment(BitOffset, BitSize)`: the expression describes these bits of the variable.
    Fragment {
        /// First bit of the variable described.
        offset: u32,
        /// How many bits.
        size: u32,
    },
    /// The seed's `DIOpOffset()`: `ByteOffset` to the input's own type.
    Offset,
    /// The seed's `DIOpShr()` (before the fork split it into `LShr`/`AShr`): logical.
    Shr,
}

impl Op {
    /// The textual name (`DIOpArg`).
    pub fn name(&self) -> &'static str {
        match self {
            Op::Referrer(_) => "DIOpReferrer",
            Op::Arg { .. } => "DIOpArg",
            Op::TypeObject(_) => "DIOpTypeObject",
            Op::Constant(_) => "DIOpConstant",
            Op::Convert(_) => "DIOpConvert",
            Op::ZExt(_) => "DIOpZExt",
            Op::SExt(_) => "DIOpSExt",
            Op::Reinterpret(_) => "DIOpReinterpret",
            Op::BitOffset(_) => "DIOpBitOffset",
            Op::ByteOffset(_) => "DIOpByteOffset",
            Op::Composite { .. } => "DIOpComposite",
            Op::Extend(_) => "DIOpExtend",
            Op::Select => "DIOpSelect",
            Op::AddrOf(_) => "DIOpAddrOf",
            Op::Deref(_) => "DIOpDeref",
            Op::Read => "DIOpRead",
            Op::Add => "DIOpAdd",
            Op::Sub => "DIOpSub",
            Op::Mul => "DIOpMul",
            Op::Div => "DIOpDiv",
            Op::Mod => "DIOpMod",
            Op::LShr => "DIOpLShr",
            Op::AShr => "DIOpAShr",
            Op::Shl => "DIOpShl",
            Op::And => "DIOpAnd",
            Op::Or => "DIOpOr",
            Op::Xor => "DIOpXor",
            Op::PushLane(_) => "DIOpPushLane",
            Op::Fragment { .. } => "DIOpFragment",
            Op::Offset => "DIOpOffset",
            Op::Shr => "DIOpShr",
        }
    }

    /// How many stack entries the operation pops.
    pub fn inputs(&self) -> usize {
        match self {
            Op::Referrer(_)
            | Op::Arg { .. }
            | Op::TypeObject(_)
            | Op::Constant(_)
            | Op::PushLane(_)
            | Op::Fragment { .. } => 0,
            Op::Convert(_)
            | Op::ZExt(_)
            | Op::SExt(_)
            | Op::Reinterpret(_)
            | Op::Extend(_)
            | Op::AddrOf(_)
            | Op::Deref(_)
            | Op::Read => 1,
            Op::BitOffset(_)
            | Op::ByteOffset(_)
            | Op::Offset
            | Op::Add
            | Op::Sub
            | Op::Mul
            | Op::Div
            | Op::Mod
            | Op::LShr
            | Op::AShr
            | Op::Shl
            | Op::And
            | Op::Or
            | Op::Xor
            | Op::Shr => 2,
            Op::Select => 3,
            Op::Composite { count, .. } => *count as usize,
        }
    }

    /// Whether the operation belongs to the seed's spelling only.
    pub fn is_seed_only(&self) -> bool {
        matches!(self, Op::Offset | Op::Shr | Op::Deref(None))
    }

    /// Every operation name the parser knows (the fork's 29, then the seed's two).
    pub const NAMES: [&'static str; 31] = [
        "DIOpReferrer",
        "DIOpArg",
        "DIOpTypeObject",
        "DIOpConstant",
        "DIOpConvert",
        "DIOpZExt",
        "DIOpSExt",
        "DIOpReinterpret",
        "DIOpBitOffset",
        "DIOpByteOffset",
        "DIOpComposite",
        "DIOpExtend",
        "DIOpSelect",
        "DIOpAddrOf",
        "DIOpDeref",
        "DIOpRead",
        "DIOpAdd",
        "DIOpSub",
        "DIOpMul",
        "DIOpDiv",
        "DIOpMod",
        "DIOpLShr",
        "DIOpAShr",
        "DIOpShl",
        "DIOpAnd",
        "DIOpOr",
        "DIOpXor",
        "DIOpPushLane",
        "DIOpFragment",
        "DIOpOffset",
        "DIOpShr",
    ];
}
