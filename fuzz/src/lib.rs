//! Fuzz targets for seega, shared by the libFuzzer binaries and the stable driver.

pub mod mutate;
pub mod targets;
