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
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .file("shim/amdgpu_mc.cpp")
        .include(&include)
        .flag("-std=c++17")
        .flag("-fno-exceptions")
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .warnings(false);
    if llvm_config(&config, &["--has-rtti"]).as_deref() == Some("NO") {
        build.flag("-fno-rtti");
    }
    build.compile("hetdwarf_llvm_mc");
    println!(
        "cargo::rustc-link-search=native={}",
        PathBuf::from(&libdir).display()
    );
    // LLVM's one shared library (libLLVM-22.so on Debian); its soname is on the loader's
    // path, so binaries need no rpath.
    let lib = llvm_config(&config, &["--libs", "--link-shared"])
        .and_then(|l| {
            l.split_whitespace()
                .next()
                .map(|s| s.trim_start_matches("-l").to_string())
        })
        .unwrap_or_else(|| "LLVM-22".to_string());
    println!("cargo::rustc-link-lib=dylib={lib}");
    println!("cargo::rustc-link-lib=dylib=stdc++");
    println!("cargo::rustc-cfg=has_llvm");
}
