//! `hetdwarf dap`: a Debug Adapter Protocol server that replays a saved wave in any IDE.
//! The active lanes of the wave are the threads (`id` = lane + 1), so every stock client
//! shows lanes without extensions; the scope "All lanes" shows each variable in every
//! lane at once. Everything shown comes from the paths the CLI's `backtrace`, `locals` and
//! `print` use, so the IDE and the terminal never disagree.

mod memory;
mod server;
mod wire;

use std::io::BufReader;
use std::path::PathBuf;

use crate::failure::Failure;

/// Arguments of `hetdwarf dap`.
#[derive(clap::Args)]
pub struct DapArgs {
    /// Serve one client on 127.0.0.1:PORT instead of standard input and output (0: a free
    /// port). Once it listens it says so on standard error: `hetdwarf dap: listening on
    /// 127.0.0.1:PORT`.
    #[arg(long)]
    port: Option<u16>,
    /// Append every message received and sent to FILE (for debugging a client).
    #[arg(long)]
    log: Option<PathBuf>,
}

/// Runs the server until the client disconnects or closes the stream.
pub fn run(args: &DapArgs) -> Result<String, Failure> {
    let log = match &args.log {
        None => None,
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| {
                    Failure::new(hetdwarf::ErrorKind::Io, format!("{}: {e}", p.display()))
                })?,
        ),
    };
    let io = |e: std::io::Error| Failure::new(hetdwarf::ErrorKind::Io, format!("dap: {e}"));
    match args.port {
        // The protocol's bytes go to the real standard output, unfiltered: the CLI's
        // output filter would escape what a client must read as it is.
        None => server::serve(
            BufReader::new(std::io::stdin().lock()),
            std::io::stdout().lock(),
            log,
        ),
        Some(port) => {
            let listener = std::net::TcpListener::bind(("127.0.0.1", port)).map_err(io)?;
            // Said once bound, so that whoever starts the server knows when (and, for
            // port 0, where) to connect.
            eprintln!(
                "hetdwarf dap: listening on {}",
                listener.local_addr().map_err(io)?
            );
            let (stream, _) = listener.accept().map_err(io)?;
            let reader = BufReader::new(stream.try_clone().map_err(io)?);
            server::serve(reader, stream, log)
        }
    }?;
    Ok(String::new())
}
