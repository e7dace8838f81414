//! End-to-end tests of the evaluator.
