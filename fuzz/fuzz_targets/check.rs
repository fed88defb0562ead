#![no_main]
//! libFuzzer target `check`: see `seega_fuzz::targets::check`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| seega_fuzz::targets::check(data));
