#![no_main]
//! libFuzzer target `json`: see `seega_fuzz::targets::json`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| seega_fuzz::targets::json(data));
