// A thin C interface over LLVM's MC layer for AMDGPU: decode one instruction, print it as
// llvm-objdump does, and report its register operands split into definitions and uses
// (implicit ones included) from LLVM's own instruction descriptions. Everything that
// interprets those facts lives in Rust; this file only carries them across.

#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCInstrDesc.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUDisassembler();
}

namespace {

std::once_flag initialized;

// LLVM 22's AMDGPU disassembler dereferences a dangling pointer while wording a warning
// for some invalid encodings (an MTBUF with an out-of-range register, among random
// bytes): llvm-objdump-22 and llvm-mc-22 die of SIGSEGV on them. Bytes must never end the
// process, so a fault inside a decode jumps back to it, which then reports the bytes as
// no instruction. A fault anywhere else goes to the handler that was there before.
thread_local sigjmp_buf *decode_jump = nullptr;
// Set once an instruction is decoded and its facts written, before it is printed: a fault
// after that is the printer's (LLVM 22 faults printing some instructions it decodes), and
// the instruction is kept.
thread_local volatile int decoded_before_fault = 0;
struct sigaction previous_segv, previous_bus;

void on_fault(int sig, siginfo_t *info, void *context) {
  if (sigjmp_buf *jump = decode_jump) {
    decode_jump = nullptr;
    siglongjmp(*jump, 1);
  }
  struct sigaction &previous = sig == SIGSEGV ? previous_segv : previous_bus;
  if (previous.sa_flags & SA_SIGINFO) {
    if (previous.sa_sigaction) {
      previous.sa_sigaction(sig, info, context);
      return;
    }
  } else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
    return;
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

void install_fault_handler() {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_sigaction = on_fault;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  sigaction(SIGSEGV, &action, &previous_segv);
  sigaction(SIGBUS, &action, &previous_bus);
}

void copy_text(const std::string &text, char *out, size_t cap) {
  if (cap == 0)
    return;
  size_t n = text.size() < cap - 1 ? text.size() : cap - 1;
  std::memcpy(out, text.data(), n);
  out[n] = 0;
}

} // namespace

struct hd_mc;
struct hd_mc_inst;
namespace {
void decode(const hd_mc *mc, const uint8_t *bytes, size_t len, uint64_t address,
            hd_mc_inst *inst, char *text, size_t text_cap, uint32_t *defs, uint32_t *uses,
            uint32_t cap);
}

struct hd_mc {
  llvm::Triple triple;
  std::unique_ptr<const llvm::MCRegisterInfo> mri;
  std::unique_ptr<const llvm::MCAsmInfo> mai;
  std::unique_ptr<const llvm::MCSubtargetInfo> sti;
  std::unique_ptr<const llvm::MCInstrInfo> mii;
  std::unique_ptr<llvm::MCContext> ctx;
  std::unique_ptr<const llvm::MCDisassembler> disassembler;
  std::unique_ptr<llvm::MCInstPrinter> printer;
};

// Facts of one decoded instruction. Register numbers are LLVM's (MCRegister ids).
struct hd_mc_inst {
  uint32_t size;     // bytes consumed; 0 when nothing could be decoded
  uint32_t opcode;   // LLVM opcode number
  uint32_t flags;    // HD_MC_* below
  uint32_t n_defs;   // registers written, explicit then implicit
  uint32_t n_uses;   // registers read, explicit then implicit (tied uses included)
  uint32_t has_imm;  // whether `imm` holds the first immediate operand
  int64_t imm;       // the first immediate operand (s_clause's count, a branch's offset)
};

enum : uint32_t {
  HD_MC_CALL = 1,
  HD_MC_RETURN = 2,
  HD_MC_BRANCH = 4,
  HD_MC_INDIRECT_BRANCH = 8,
  HD_MC_BARRIER = 16,
  HD_MC_MAY_LOAD = 32,
  HD_MC_MAY_STORE = 64,
  HD_MC_INVALID = 128,
  HD_MC_CONDITIONAL = 256,
  HD_MC_TERMINATOR = 512,
  HD_MC_FAULT = 1024,  // LLVM faulted decoding or printing these bytes (see on_fault)
};

extern "C" {

// Builds a disassembler for `cpu` (gfx90a) with `features` (+wavefrontsize64,...). On
// failure returns null and writes the reason into `error`.
hd_mc *hd_mc_new(const char *cpu, const char *features, char *error, size_t error_cap) {
  std::call_once(initialized, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUDisassembler();
    install_fault_handler();
  });
  auto mc = std::make_unique<hd_mc>();
  mc->triple = llvm::Triple("amdgcn-amd-amdhsa");
  std::string why;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(mc->triple, why);
  if (!target) {
    copy_text("LLVM has no AMDGPU target: " + why, error, error_cap);
    return nullptr;
  }
  mc->mri.reset(target->createMCRegInfo(mc->triple));
  llvm::MCTargetOptions options;
  if (mc->mri)
    mc->mai.reset(target->createMCAsmInfo(*mc->mri, mc->triple, options));
  mc->sti.reset(target->createMCSubtargetInfo(mc->triple, cpu, features));
  mc->mii.reset(target->createMCInstrInfo());
  if (!mc->mri || !mc->mai || !mc->sti || !mc->mii) {
    copy_text("LLVM could not describe AMDGPU processor " + std::string(cpu), error, error_cap);
    return nullptr;
  }
  if (!mc->sti->isCPUStringValid(cpu)) {
    copy_text("LLVM 22 does not know processor " + std::string(cpu), error, error_cap);
    return nullptr;
  }
  mc->ctx = std::make_unique<llvm::MCContext>(mc->triple, mc->mai.get(), mc->mri.get(),
                                              mc->sti.get());
  mc->disassembler.reset(target->createMCDisassembler(*mc->sti, *mc->ctx));
  mc->printer.reset(target->createMCInstPrinter(mc->triple, mc->mai->getAssemblerDialect(),
                                                *mc->mai, *mc->mii, *mc->mri));
  if (!mc->disassembler || !mc->printer) {
    copy_text("LLVM could not build an AMDGPU disassembler for " + std::string(cpu), error,
              error_cap);
    return nullptr;
  }
  return mc.release();
}

void hd_mc_free(hd_mc *mc) { delete mc; }

// LLVM's name of an opcode (S_GETPC_B64_vi), from its static table.
const char *hd_mc_opcode_name(const hd_mc *mc, uint32_t opcode) {
  if (opcode >= mc->mii->getNumOpcodes())
    return "";
  return mc->mii->getName(opcode).data();
}

// Number of LLVM register ids (ids are below it).
uint32_t hd_mc_register_count(const hd_mc *mc) { return mc->mri->getNumRegs(); }

// The register's LLVM name (SGPR4_SGPR5, VGPR3_LO16, EXEC).
const char *hd_mc_register_name(const hd_mc *mc, uint32_t reg) {
  if (reg == 0 || reg >= mc->mri->getNumRegs())
    return "";
  return mc->mri->getName(llvm::MCRegister(reg));
}

// The smallest registers that make up `reg` (the roots of its register units), at most
// `cap` of them written; returns how many there are.
uint32_t hd_mc_register_leaves(const hd_mc *mc, uint32_t reg, uint32_t *out, uint32_t cap) {
  if (reg == 0 || reg >= mc->mri->getNumRegs())
    return 0;
  uint32_t n = 0;
  for (llvm::MCRegUnit unit : mc->mri->regunits(llvm::MCRegister(reg))) {
    for (llvm::MCRegUnitRootIterator root(unit, mc->mri.get()); root.isValid(); ++root) {
      if (n < cap)
        out[n] = *root;
      ++n;
    }
  }
  return n;
}

// Decodes the instruction at `bytes` (`len` bytes available, at `address`). Fills `inst`,
// the printed text (without a leading tab) into `text`, and the register ids into `defs`
// and `uses` (at most `cap` each; the counts say how many there are).
void hd_mc_decode(const hd_mc *mc, const uint8_t *bytes, size_t len, uint64_t address,
                  hd_mc_inst *inst, char *text, size_t text_cap, uint32_t *defs,
                  uint32_t *uses, uint32_t cap) {
  std::memset(inst, 0, sizeof *inst);
  sigjmp_buf jump;
  // The mask is not saved: the handler runs with SA_NODEFER, so the fault leaves it as it
  // was, and saving it would cost a system call on every decode.
  if (sigsetjmp(jump, 0) != 0) {
    // Back from a fault inside LLVM: what it allocated for this decode is lost (a few
    // bytes), its disassembler resets its state on the next call.
    if (decoded_before_fault) {
      // The printer faulted: the instruction and its facts stand, its text says so.
      inst->flags |= HD_MC_FAULT;
      if (text_cap > 0)
        copy_text(std::string("<unprintable: LLVM 22 faulted printing ") +
                      mc->mii->getName(inst->opcode).str() + ">",
                  text, text_cap);
      return;
    }
    inst->size = len < 4 ? static_cast<uint32_t>(len) : 4;
    inst->opcode = 0;
    inst->flags = HD_MC_INVALID | HD_MC_FAULT;
    inst->n_defs = inst->n_uses = inst->has_imm = 0;
    if (text_cap > 0)
      copy_text("<unknown>", text, text_cap);
    return;
  }
  decoded_before_fault = 0;
  decode_jump = &jump;
  decode(mc, bytes, len, address, inst, text, text_cap, defs, uses, cap);
  decode_jump = nullptr;
}

} // extern "C"

namespace {
void decode(const hd_mc *mc, const uint8_t *bytes, size_t len, uint64_t address,
            hd_mc_inst *inst, char *text, size_t text_cap, uint32_t *defs, uint32_t *uses,
            uint32_t cap) {
  llvm::MCInst mi;
  uint64_t size = 0;
  std::string comments;
  llvm::raw_string_ostream comment_stream(comments);
  auto status = mc->disassembler->getInstruction(mi, size, llvm::ArrayRef<uint8_t>(bytes, len),
                                                 address, comment_stream);
  if (status == llvm::MCDisassembler::Fail) {
    inst->size = static_cast<uint32_t>(size);
    inst->flags = HD_MC_INVALID;
    if (text_cap > 0)
      copy_text("<unknown>", text, text_cap);
    return;
  }
  inst->size = static_cast<uint32_t>(size);
  inst->opcode = mi.getOpcode();
  // A literal LLVM marks as such (`lit(0xffffffff)`) is an expression operand.
  for (unsigned i = 0; i < mi.getNumOperands(); ++i) {
    const llvm::MCOperand &op = mi.getOperand(i);
    int64_t value = 0;
    if (op.isImm()) {
      value = op.getImm();
    } else if (!(op.isExpr() && op.getExpr()->evaluateAsAbsolute(value))) {
      continue;
    }
    inst->has_imm = 1;
    inst->imm = value;
    break;
  }

  const llvm::MCInstrDesc &desc = mc->mii->get(mi.getOpcode());
  uint32_t flags = 0;
  if (desc.isCall())
    flags |= HD_MC_CALL;
  if (desc.isReturn())
    flags |= HD_MC_RETURN;
  if (desc.isBranch())
    flags |= HD_MC_BRANCH;
  if (desc.isIndirectBranch())
    flags |= HD_MC_INDIRECT_BRANCH;
  if (desc.isBarrier())
    flags |= HD_MC_BARRIER;
  if (desc.mayLoad())
    flags |= HD_MC_MAY_LOAD;
  if (desc.mayStore())
    flags |= HD_MC_MAY_STORE;
  if (desc.isConditionalBranch())
    flags |= HD_MC_CONDITIONAL;
  if (desc.isTerminator())
    flags |= HD_MC_TERMINATOR;
  inst->flags = flags;

  uint32_t nd = 0, nu = 0;
  auto def = [&](unsigned r) {
    if (r == 0)
      return;
    if (nd < cap)
      defs[nd] = r;
    ++nd;
  };
  auto use = [&](unsigned r) {
    if (r == 0)
      return;
    if (nu < cap)
      uses[nu] = r;
    ++nu;
  };
  // Operands before getNumDefs() are written; the rest are read. A register both written
  // and read (a tied operand such as v_mac's accumulator, or s_add_u32 s4, s4, ...) appears
  // in both lists, which is how Rust tells an update in place from a fresh value.
  unsigned explicit_defs = desc.getNumDefs();
  for (unsigned i = 0; i < explicit_defs && i < mi.getNumOperands(); ++i) {
    const llvm::MCOperand &op = mi.getOperand(i);
    if (op.isReg())
      def(op.getReg().id());
  }
  for (llvm::MCPhysReg r : desc.implicit_defs())
    def(r);
  for (unsigned i = explicit_defs; i < mi.getNumOperands(); ++i) {
    const llvm::MCOperand &op = mi.getOperand(i);
    if (op.isReg())
      use(op.getReg().id());
  }
  for (llvm::MCPhysReg r : desc.implicit_uses())
    use(r);
  inst->n_defs = nd;
  inst->n_uses = nu;
  decoded_before_fault = 1;
  // Printing is most of the cost of decoding: a caller that needs no text asks for none.
  if (text_cap > 0) {
    std::string printed;
    llvm::raw_string_ostream out(printed);
    mc->printer->printInst(&mi, address, "", *mc->sti, out);
    out.flush();
    size_t start = 0;
    while (start < printed.size() && (printed[start] == '\t' || printed[start] == ' '))
      ++start;
    copy_text(printed.substr(start), text, text_cap);
  }
}
} // namespace
