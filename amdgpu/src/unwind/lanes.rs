//! Lanes of a frame: wave size, `DW_AT_LLVM_lanes`, per-lane PCs and the active-lane mask.
