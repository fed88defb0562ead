#![no_main]
//! libFuzzer target `ludii`: see `seega_fuzz::targets::ludii`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| seega_fuzz::targets::ludii(data));
