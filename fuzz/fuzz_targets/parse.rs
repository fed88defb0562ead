#![no_main]
//! libFuzzer target `parse`: see `seega_fuzz::targets::parse`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| seega_fuzz::targets::parse(data));
