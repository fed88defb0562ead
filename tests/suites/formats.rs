//! What seega writes and reads back: JSON, JSON Lines, Parquet, notation, compressed input and
//! output, and the integrity of every file a command writes.
//!
//! One test binary of several files (each a module below), so that the dependencies are
//! linked once for all of them.

#[path = "../common/mod.rs"]
mod common;

// The library's record batches exist with its `arrow` feature (on by default).
#[cfg(feature = "arrow")]
#[path = "../arrow_batches.rs"]
mod arrow_batches;
#[path = "../compressed.rs"]
mod compressed;
#[path = "../compressed_writing.rs"]
mod compressed_writing;
#[path = "../integrity.rs"]
mod integrity;
#[path = "../json_schema.rs"]
mod json_schema;
#[path = "../json_schema_reports.rs"]
mod json_schema_reports;
#[path = "../json_writer.rs"]
mod json_writer;
#[path = "../parquet.rs"]
mod parquet;
#[path = "../parquet_partition.rs"]
mod parquet_partition;
#[path = "../parquet_refusals.rs"]
mod parquet_refusals;
#[path = "../roundtrip.rs"]
mod roundtrip;
#[path = "../writers.rs"]
mod writers;
#[path = "../writers_disk.rs"]
mod writers_disk;
