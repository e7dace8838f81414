//! Builds the C++ shim over LLVM's MC layer when LLVM 22's development files are installed
//! (Debian's `llvm-22-dev`), and says so with the `has_llvm` cfg. Without them the crate
//! still builds; every decoding call then answers that machine code is unavailable.
//!
//! `HETDWARF_LLVM_CONFIG` names the `llvm-config` to use; `HETDWARF_NO_LLVM=1` builds
//! without LLVM even where it is installed (to test that build).

use std::path::PathBuf;
use std::process::Command;

fn llvm_config(config: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(config).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    println!("cargo::rustc-check-cfg=cfg(has_llvm)");
    println!("cargo::rerun-if-changed=shim/amdgpu_mc.cpp");
    println!("cargo::rerun-if-env-changed=HETDWARF_LLVM_CONFIG");
    println!("cargo::rerun-if-env-changed=HETDWARF_NO_LLVM");
    if std::env::var_os("HETDWARF_NO_LLVM").is_some_and(|v| v != "0") {
        println!("cargo::warning=HETDWARF_NO_LLVM is set: machine code will be unavailable");
        return;
    }
    let candidates = match std::env::var("HETDWARF_LLVM_CONFIG") {
        Ok(c) => vec![c],
        Err(_) => vec![
            "llvm-config-22".to_string(),
            "/usr/lib/llvm-22/bin/llvm-config".to_string(),
        ],
    };
    let Some((config, version)) = candidates
        .iter()
        .find_map(|c| llvm_config(c, &["--version"]).map(|v| (c.clone(), v)))
    else {
        println!(
            "cargo::warning=LLVM 22 (llvm-config-22) not found: hetdwarf-mc builds without \
             machine code (install llvm-22-dev, or run tools/setup.sh)"
        );
        return;
    };
    // The shim uses LLVM 22's MC interfaces (MCRegister ids, Triple-taking factories).
    if !version.starts_with("22.") {
        println!("cargo::warning={config} is LLVM {version}, not 22: machine code unavailable");
        return;
    }
    let (Some(include), Some(libdir)) = (
        llvm_config(&config, &["--includedir"]),
        llvm_config(&config, &["--libdir"]),
    ) else {
        println!("cargo::warning={config} did not answer --includedir/--libdir");
        return;
    };
    // The shim is its own shared library, loaded (with LLVM behind it) only when machine
    // code is first decoded: linking libLLVM into every binary cost each command some
    // 50 MiB of resident memory at start-up, decoding or not.
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .pic(true)
        .file("shim/amdgpu_mc.cpp")
        .include(&include)
        .flag("-std=c++17")
        .flag("-fno-exceptions")
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .warnings(false)
        .cargo_metadata(false);
    if llvm_config(&config, &["--has-rtti"]).as_deref() == Some("NO") {
        build.flag("-fno-rtti");
    }
    let objects = build.compile_intermediates();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let shim = out.join("libhetdwarf_mc_shim.so");
    // Only the shim's functions are exported: LLVM's symbols stay inside it, so another
    // LLVM in the same process (a Python program that also loads Triton's or Numba's)
    // neither interposes on it nor shares its command-line option registry.
    let exports = out.join("exports.map");
    if std::fs::write(&exports, "{ global: hd_mc_*; local: *; };\n").is_err() {
        println!("cargo::warning=could not write {}", exports.display());
        return;
    }
    let link = |libraries: &[String]| {
        build
            .get_compiler()
            .to_command()
            .arg("-shared")
            .arg("-o")
            .arg(&shim)
            .args(&objects)
            .arg(format!("-L{libdir}"))
            .arg(format!("-Wl,-rpath,{libdir}"))
            .arg("-Wl,--gc-sections")
            .arg("-Wl,--no-undefined")
            .arg(format!("-Wl,--version-script={}", exports.display()))
            .args(libraries)
            .status()
            .is_ok_and(|s| s.success())
    };
    // LLVM's static libraries of the AMDGPU disassembler and the MC layer under it, where
    // llvm-22-dev has them (Debian's does): the shim then holds only what it uses (some
    // 13 MB), and loading it costs about 1 ms instead of the 13 ms that loading all of
    // libLLVM (every target, every pass, and their static constructors) took on the first
    // decode, e.g. `hetdwarf verify` of a small object 18 -> 5.5 ms. Else libLLVM itself.
    const COMPONENTS: [&str; 5] = [
        "amdgpudisassembler",
        "amdgpudesc",
        "amdgpuinfo",
        "mc",
        "mcdisassembler",
    ];
    let words = |s: String| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let static_libs = llvm_config(
        &config,
        &[&["--libs", "--link-static"][..], &COMPONENTS[..]].concat(),
    )
    .map(words)
    .filter(|l| !l.is_empty());
    let linked = static_libs.is_some_and(|libs| link(&libs)) || {
        let shared = llvm_config(&config, &["--libs", "--link-shared"])
            .and_then(|l| l.split_whitespace().next().map(|s| s.to_string()))
            .unwrap_or_else(|| "-lLLVM-22".to_string());
        link(&[shared])
    };
    if !linked {
        println!("cargo::warning=linking the LLVM shim failed: machine code unavailable");
        return;
    }
    println!("cargo::rustc-env=HETDWARF_MC_SHIM={}", shim.display());
    println!("cargo::rustc-cfg=has_llvm");
}
