//! `hetdwarf dap` through Microsoft's own client: runs the DebugClient suite
//! (`tools/dap-client`, `@vscode/debugadapter-testsupport` on Node.js, installed with the
//! protocol's JSON schema by `tools/setup.sh`) against the adapter built here. Every state of
//! `corpora/states` is replayed and compared with the CLI, and every message in both
//! directions is checked against the protocol's schema; see the suite's files for what each
//! test asserts.

use std::path::Path;
use std::process::Command;

#[test]
fn the_debugclient_suite_passes() {
    let suite = Path::new(env!("CARGO_MANIFEST_DIR")).join("dap-client");
    for needed in [
        "node_modules/@vscode/debugadapter-testsupport",
        "schema/debugProtocol.json",
    ] {
        assert!(
            suite.join(needed).exists(),
            "{} is missing: run tools/setup.sh (npm ci in tools/dap-client, fetch-schema.sh)",
            suite.join(needed).display()
        );
    }
    let out = Command::new("node")
        .args(["--test", "--test-reporter=tap", "test/"])
        .current_dir(&suite)
        .env("HETDWARF", env!("CARGO_BIN_EXE_hetdwarf"))
        .output()
        .expect("run node (tools/setup.sh installs Node.js)");
    let report = String::from_utf8_lossy(&out.stdout);
    let count = |what: &str| -> u32 {
        report
            .lines()
            .find_map(|l| l.strip_prefix(&format!("# {what} ")))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or(0)
    };
    let failures: Vec<&str> = report
        .lines()
        .filter(|l| l.starts_with("not ok") || l.contains("error:"))
        .collect();
    assert!(
        out.status.success() && count("fail") == 0,
        "DebugClient suite failed:\n{}\n{}\n{}",
        failures.join("\n"),
        report,
        String::from_utf8_lossy(&out.stderr)
    );
    // Each file's tests ran: one per corpus state, and the session tests.
    assert!(count("pass") >= 35, "{report}");
    eprintln!(
        "{}",
        report
            .lines()
            .filter(|l| l.contains("checked over") || l.starts_with("# pass"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
