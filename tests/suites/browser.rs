//! The replay page in a real browser (Debian's chromium through WebDriver).
//!
//! One test binary of several files (each a module below), so that the dependencies are
//! linked once for all of them.

#[path = "../common/mod.rs"]
mod common;

#[path = "../browser.rs"]
mod browser;
