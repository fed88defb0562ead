#![no_main]
//! libFuzzer target `roundtrip`: see `seega_fuzz::targets::roundtrip`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| seega_fuzz::targets::roundtrip(data));
