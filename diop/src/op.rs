//! The DIOp operations: the 29 of AMD's fork plus the two the seed spells differently
//! (`DIOpOffset`, `DIOpShr`), with their names and input counts.

use super::literal::Literal;
use super::types::Type;

/// One DIOp operation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiOp {
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

impl DiOp {
    /// The textual name (`DIOpArg`).
    pub fn name(&self) -> &'static str {
        match self {
            DiOp::Referrer(_) => "DIOpReferrer",
            DiOp::Arg { .. } => "DIOpArg",
            DiOp::TypeObject(_) => "DIOpTypeObject",
            DiOp::Constant(_) => "DIOpConstant",
            DiOp::Convert(_) => "DIOpConvert",
            DiOp::ZExt(_) => "DIOpZExt",
            DiOp::SExt(_) => "DIOpSExt",
            DiOp::Reinterpret(_) => "DIOpReinterpret",
            DiOp::BitOffset(_) => "DIOpBitOffset",
            DiOp::ByteOffset(_) => "DIOpByteOffset",
            DiOp::Composite { .. } => "DIOpComposite",
            DiOp::Extend(_) => "DIOpExtend",
            DiOp::Select => "DIOpSelect",
            DiOp::AddrOf(_) => "DIOpAddrOf",
            DiOp::Deref(_) => "DIOpDeref",
            DiOp::Read => "DIOpRead",
            DiOp::Add => "DIOpAdd",
            DiOp::Sub => "DIOpSub",
            DiOp::Mul => "DIOpMul",
            DiOp::Div => "DIOpDiv",
            DiOp::Mod => "DIOpMod",
            DiOp::LShr => "DIOpLShr",
            DiOp::AShr => "DIOpAShr",
            DiOp::Shl => "DIOpShl",
            DiOp::And => "DIOpAnd",
            DiOp::Or => "DIOpOr",
            DiOp::Xor => "DIOpXor",
            DiOp::PushLane(_) => "DIOpPushLane",
            DiOp::Fragment { .. } => "DIOpFragment",
            DiOp::Offset => "DIOpOffset",
            DiOp::Shr => "DIOpShr",
        }
    }

    /// How many stack entries the operation pops.
    pub fn inputs(&self) -> usize {
        match self {
            DiOp::Referrer(_)
            | DiOp::Arg { .. }
            | DiOp::TypeObject(_)
            | DiOp::Constant(_)
            | DiOp::PushLane(_)
            | DiOp::Fragment { .. } => 0,
            DiOp::Convert(_)
            | DiOp::ZExt(_)
            | DiOp::SExt(_)
            | DiOp::Reinterpret(_)
            | DiOp::Extend(_)
            | DiOp::AddrOf(_)
            | DiOp::Deref(_)
            | DiOp::Read => 1,
            DiOp::BitOffset(_)
            | DiOp::ByteOffset(_)
            | DiOp::Offset
            | DiOp::Add
            | DiOp::Sub
            | DiOp::Mul
            | DiOp::Div
            | DiOp::Mod
            | DiOp::LShr
            | DiOp::AShr
            | DiOp::Shl
            | DiOp::And
            | DiOp::Or
            | DiOp::Xor
            | DiOp::Shr => 2,
            DiOp::Select => 3,
            DiOp::Composite { count, .. } => *count as usize,
        }
    }

    /// Whether the operation belongs to the seed's spelling only.
    pub fn is_seed_only(&self) -> bool {
        matches!(self, DiOp::Offset | DiOp::Shr | DiOp::Deref(None))
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
