//! AMDGPU support for hetdwarf.
