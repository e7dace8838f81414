//! Cross-module tests: round trips, printing, assembling, corpus regression.
