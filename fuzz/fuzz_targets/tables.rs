#![no_main]
//! libFuzzer target `tables`: see `seega_fuzz::targets::tables`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| seega_fuzz::targets::tables(data));
