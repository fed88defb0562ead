#![no_main]
//! libFuzzer target `variations`: see `seega_fuzz::targets::variations`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| seega_fuzz::targets::variations(data));
