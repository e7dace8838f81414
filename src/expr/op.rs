//! The operation vocabulary: one enum for every DWARF expression operation hetdwarf knows,
//! independent of how it was encoded (DWARF 5, GNU, or either encoding of the LLVM
//! heterogeneous-debugging extensions).
//!
//! Decoding maps bytes to [`Op`]; encoding maps [`Op`] back to bytes under an
//! [`Encoding`] convention; the evaluator executes [`Op`]s. Variants keep enough of the
//! original spelling (for instance `DW_OP_const2u` versus `DW_OP_constu`, or the GNU and
//! DWARF 5 forms of `entry_value`) that `decode(encode(op)) == op` holds for every op.
//!
//! [`Op`] and the [`opcode`] constants are generated from the table of operations
//! (`table.rs`), which is where an operation is added.

/// How the LLVM heterogeneous-debugging operations are encoded in a code object.
///
/// The current scheme prefixes a ULEB128 sub-opcode with `DW_OP_LLVM_user` (0xe9); older
/// ROCm producers used one-byte opcodes 0xe1..0xec, where 0xe9 means
/// `DW_OP_LLVM_aspace_implicit_pointer`. The two cannot be told apart byte by byte, so the
/// convention is chosen per code object and reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// `DW_OP_LLVM_user` (0xe9) followed by a ULEB128 sub-opcode.
    User,
    /// The legacy one-byte opcodes 0xe1..0xec.
    Legacy,
}

/// Which of two spellings of the same operation was used.
///
/// DWARF 5 standardised several GNU extensions under new opcodes; both appear in real
/// objects, and a faithful round trip must keep the one that was there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spelling {
    /// The DWARF 5 opcode (`DW_OP_entry_value`, `DW_OP_convert`, ...).
    Dwarf5,
    /// The GNU opcode (`DW_OP_GNU_entry_value`, `DW_OP_GNU_convert`, ...).
    Gnu,
}

/// The width and signedness of a fixed-size constant operation (`DW_OP_const1u` ... `DW_OP_const8s`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConstForm {
    /// `DW_OP_const1u`
    U1,
    /// `DW_OP_const1s`
    S1,
    /// `DW_OP_const2u`
    U2,
    /// `DW_OP_const2s`
    S2,
    /// `DW_OP_const4u`
    U4,
    /// `DW_OP_const4s`
    S4,
    /// `DW_OP_const8u`
    U8,
    /// `DW_OP_const8s`
    S8,
}

impl ConstForm {
    /// The form of opcode `code`, one of `DW_OP_const1u` ... `DW_OP_const8s`.
    pub fn of_opcode(code: u8) -> Option<ConstForm> {
        use opcode as c;
        Some(match code {
            c::CONST1U => ConstForm::U1,
            c::CONST1S => ConstForm::S1,
            c::CONST2U => ConstForm::U2,
            c::CONST2S => ConstForm::S2,
            c::CONST4U => ConstForm::U4,
            c::CONST4S => ConstForm::S4,
            c::CONST8U => ConstForm::U8,
            c::CONST8S => ConstForm::S8,
            _ => return None,
        })
    }

    /// Operand size in bytes.
    pub fn size(self) -> u8 {
        match self {
            ConstForm::U1 | ConstForm::S1 => 1,
            ConstForm::U2 | ConstForm::S2 => 2,
            ConstForm::U4 | ConstForm::S4 => 4,
            ConstForm::U8 | ConstForm::S8 => 8,
        }
    }

    /// Whether the operand is sign-extended to the generic type.
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            ConstForm::S1 | ConstForm::S2 | ConstForm::S4 | ConstForm::S8
        )
    }
}

/// A reference to a DIE as it appears in an operand.
///
/// `DW_OP_call2`/`call4`, `convert`, `const_type` and friends use offsets relative to the
/// current compilation unit; `call_ref`, `implicit_pointer` and `variable_value` use offsets
/// into `.debug_info`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DieRef {
    /// Offset from the start of the current unit's header.
    Unit(u64),
    /// Offset into `.debug_info`.
    Info(u64),
}

/// Generates [`Op`] from the table.
macro_rules! define_op {
    ($(
        $(#[$attr:meta])*
        $V:ident
        $( ( $tb:ident : $tty:ty = $tk:ident $($tl:literal)? ) )?
        $( { $(
            $(#[$fattr0:meta])* $f0:ident : $t0:ty = $k0:ident $($l0:literal)?
            $( , $(#[$fattr:meta])* $f:ident : $t:ty = $k:ident $($l:literal)? )*
            $(,)?
        )? } )?
        [
            $( $name:literal $space:ident $code:tt
               $( { $( $fixed:ident : $value:path ),* } )? $( $llvm22:ident )? ),* $(,)?
        ]
    )*) => {
        /// One DWARF expression operation.
        ///
        /// Branch operations keep their raw signed byte displacement; the decoded
        /// [`Expr`](super::Expr) resolves it to an operation index once.
        #[derive(Clone, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Op {
            $(
                $(#[$attr])*
                $V
                $( ($tty) )?
                $( $( {
                    $(#[$fattr0])* $f0: $t0,
                    $( $(#[$fattr])* $f: $t, )*
                } )? )?,
            )*
        }
    };
}

/// Generates [`Op::name`] and the [`opcode`] constants from the table.
macro_rules! define_op_extras {
    ($(
        $(#[$attr:meta])*
        $V:ident $fields:tt [
            $( $name:literal $space:ident $code:tt
               $( { $( $fixed:ident : $value:path ),* } )? $( $llvm22:ident )? ),* $(,)?
        ]
    )*) => {
        impl Op {
            /// The operation's DWARF name as `llvm-dwarfdump` prints it, in the spelling
            /// this op records (`DW_OP_GNU_entry_value`, `DW_OP_const2s`, `DW_OP_breg7`).
            /// A `DW_OP_LLVM_user` operation's name is the sub-operation's
            /// (`DW_OP_LLVM_push_lane`).
            pub fn name(&self) -> &'static str {
                // An operation with several encodings (`DW_OP_LLVM_user` and legacy) has
                // the same name in each: the first row answers.
                #[allow(unreachable_patterns)]
                match self {
                    $($(
                        op_name_pattern!($V $space $fields { $($( $fixed: $value ),*)? })
                            => op_name!($name $space $fields),
                    )*)*
                }
            }
        }

        /// Opcode constants: the DWARF 5 and GNU opcodes, and in [`user`](opcode::user) and
        /// [`legacy`](opcode::legacy) the two encodings of the LLVM heterogeneous
        /// operations.
        pub mod opcode {
            $($( opcode_const!(dwarf; $name $space $code); )*)*
            /// `DW_OP_LLVM_user`: a ULEB128 sub-opcode follows (AMD's legacy encoding uses
            /// this byte for `DW_OP_LLVM_aspace_implicit_pointer`).
            pub const LLVM_USER: u8 = 0xe9;
            /// `DW_OP_GNU_encoded_addr`, which hetdwarf does not decode.
            pub const GNU_ENCODED_ADDR: u8 = 0xf1;

            /// `DW_OP_LLVM_user` sub-opcodes (ULEB128 after 0xe9).
            pub mod user {
                $($( opcode_const!(user; $name $space $code); )*)*
                /// `DW_OP_LLVM_NVIDIA_mux`: a second-level multiplexer whose operand layout is
                /// unknown, so expressions containing it cannot be decoded past it.
                pub const NVIDIA_MUX: u64 = 0x0d;
            }

            /// The legacy one-byte heterogeneous opcodes.
            pub mod legacy {
                $($( opcode_const!(legacy; $name $space $code); )*)*
            }
        }
    };
}

/// The pattern of one encoding's operations, for [`Op::name`]: the fixed fields as the
/// encoding sets them, and for a `range` encoding the number.
macro_rules! op_name_pattern {
    ($V:ident range ( $b:ident : $($rest:tt)* ) $fixed:tt) => {
        Op::$V($b)
    };
    ($V:ident range { $(#[$m:meta])* $b:ident : $($rest:tt)* } $fixed:tt) => {
        Op::$V { $b, .. }
    };
    ($V:ident $space:ident $fields:tt { $( $fixed:ident : $value:path ),* }) => {
        Op::$V { $( $fixed: $value, )* .. }
    };
}

/// The name of one encoding: the table's, numbered for a `range` encoding.
macro_rules! op_name {
    ($name:literal range ( $b:ident : $($rest:tt)* )) => {
        op_name!(@numbered $name $b)
    };
    ($name:literal range { $(#[$m:meta])* $b:ident : $($rest:tt)* }) => {
        op_name!(@numbered $name $b)
    };
    (@numbered $name:literal $b:ident) => {{
        const NAMES: [&str; 32] = super::table::numbered_names!($name);
        NAMES.get(usize::from(*$b)).copied().unwrap_or($name)
    }};
    ($name:literal $space:ident $($rest:tt)*) => {
        $name
    };
}

/// One opcode constant, in the module of its space (`$want`).
macro_rules! opcode_const {
    (dwarf; $name:literal dwarf ($c:ident = $v:literal)) => {
        #[doc = concat!("`", $name, "`")]
        pub const $c: u8 = $v;
    };
    (dwarf; $name:literal range ($c0:ident = $v0:literal ..= $c1:ident = $v1:literal)) => {
        #[doc = concat!("`", $name, "0`")]
        pub const $c0: u8 = $v0;
        #[doc = concat!("`", $name, "31`")]
        pub const $c1: u8 = $v1;
    };
    (user; $name:literal user ($c:ident = $v:literal)) => {
        #[doc = concat!("`DW_OP_LLVM_user ", $name, "`")]
        pub const $c: u64 = $v;
    };
    (legacy; $name:literal legacy ($c:ident = $v:literal)) => {
        #[doc = concat!("`", $name, "` in AMD's legacy encoding")]
        pub const $c: u8 = $v;
    };
    ($want:ident; $name:literal $space:ident $code:tt) => {};
}

super::table::operations!(define_op);
super::table::operations!(define_op_extras);

impl Op {
    /// Whether this is one of the LLVM heterogeneous-debugging operations
    /// (`DW_OP_LLVM_*`), in either encoding.
    pub fn is_heterogeneous(&self) -> bool {
        self.name().starts_with("DW_OP_LLVM_")
    }
}
