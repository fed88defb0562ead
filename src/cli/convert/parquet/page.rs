//! A column chunk encoded from its [`Leaf`] pieces: data pages of format v1 (levels in the
//! RLE/bit-packed hybrid, encoded as each piece brings them, `levels.rs`; values through a
//! dictionary or plain), a dictionary page first, each page compressed (zstd, or Snappy for
//! the turns table's positions); the page headers are written by the `parquet` crate's
//! [`SerializedPageWriter`], and the chunk is handed back with the metadata the crate's row
//! group writer appends it with ([`ColumnCloseResult`]).

use std::ops::Range;

use bytes::Bytes;
use parquet::basic::{Compression, Encoding, Type, ZstdLevel};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::data_type::ByteArray;
use parquet::errors::ParquetError;
use parquet::file::metadata::ColumnChunkMetaData;
use parquet::file::statistics::Statistics;
use parquet::file::writer::{SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;

use super::delta;
use super::dictionary::Dictionary;
use super::levels::LevelWriter;
use super::rle;
use seega::table::{Leaf, Values};

/// A data page is ended once its levels and values reach about this many bytes.
const PAGE_BYTES: usize = 1 << 20;

/// A column chunk of one page whose levels, values and dictionary come to at most this many
/// bytes is written uncompressed: zstd would save a few bytes of it, if any, for a call that
/// costs about 13,000 instructions whatever the size (most of the games table's columns are
/// such in most row groups: tags seldom written, rules, errors).
const SMALL_CHUNK: usize = 1 << 10;

/// A dictionary that grows past this many bytes is given up: the rest of the chunk is plain.
const DICTIONARY_BYTES: usize = 1 << 20;

/// How a column is written.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Through a dictionary (else plain).
    pub dictionary: bool,
    /// With the chunk's minimum, maximum and null count.
    pub statistics: bool,
    /// Without a dictionary, `DELTA_BINARY_PACKED` (integers that count up; for integers
    /// only).
    pub delta: bool,
    /// The codec of its pages.
    pub codec: Codec,
}

/// The codec a column's pages are compressed with (`spec/parquet.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codec {
    /// zstd at the `parquet` crate's default level: the smaller pages.
    Zstd,
    /// Snappy: about a third of zstd's instructions on the turns table's positions, whose
    /// many short repeats are most of zstd's work, for pages about 1.7 times as large.
    Snappy,
}

/// Where text `i` begins among texts that end at `ends`.
fn text_start(ends: &[u32], i: usize) -> u32 {
    i.checked_sub(1).map_or(0, |k| ends[k])
}

/// A column's minimum and maximum so far.
#[derive(Debug, Default)]
struct Bounds {
    ints: Option<(i64, i64)>,
    bools: Option<(bool, bool)>,
    texts: Option<(Vec<u8>, Vec<u8>)>,
    nulls: u64,
}

impl Bounds {
    fn int(&mut self, n: i64) {
        let (lo, hi) = self.ints.get_or_insert((n, n));
        *lo = (*lo).min(n);
        *hi = (*hi).max(n);
    }

    fn text(&mut self, s: &[u8]) {
        match &mut self.texts {
            None => self.texts = Some((s.to_vec(), s.to_vec())),
            Some((lo, hi)) => {
                if s < lo.as_slice() {
                    *lo = s.to_vec();
                } else if s > hi.as_slice() {
                    *hi = s.to_vec();
                }
            }
        }
    }

    fn statistics(self, physical: Type) -> Statistics {
        let nulls = Some(self.nulls);
        match physical {
            Type::INT64 => {
                let (lo, hi) = self.ints.unzip();
                Statistics::int64(lo, hi, None, nulls, false)
            }
            Type::BOOLEAN => {
                let (lo, hi) = self.bools.unzip();
                Statistics::boolean(lo, hi, None, nulls, false)
            }
            _ => {
                let (lo, hi) = self.texts.unzip();
                let b = |v: Option<Vec<u8>>| v.map(ByteArray::from);
                Statistics::byte_array(b(lo), b(hi), None, nulls, false)
            }
        }
    }
}

/// One column chunk being encoded.
pub struct ChunkEncoder {
    descr: ColumnDescPtr,
    /// The column's plan, and the chunk's (without a dictionary once it grew too big).
    column: Plan,
    plan: Plan,
    /// Whether values still go through the dictionary.
    dictionary: Option<Dictionary>,
    /// The page being filled: its levels (encoded as they come), its dictionary indices or
    /// plain values.
    rep: LevelWriter,
    def: LevelWriter,
    indices: Vec<u32>,
    plain: Vec<u8>,
    bools: Vec<bool>,
    ints: Vec<i64>,
    entries: usize,
    /// Encoded data pages.
    pages: TrackedWrite<Vec<u8>>,
    page_bytes: usize,
    uncompressed: i64,
    values: i64,
    rows: u64,
    bounds: Bounds,
    encodings: Vec<Encoding>,
    /// A page's bytes before compression.
    buffer: Vec<u8>,
}

impl ChunkEncoder {
    /// An empty chunk of the column `descr`, written as `plan` says.
    pub fn new(descr: ColumnDescPtr, mut plan: Plan) -> ChunkEncoder {
        // Booleans are always plain, one bit each.
        plan.dictionary &= descr.physical_type() != Type::BOOLEAN && !plan.delta;
        plan.delta &= descr.physical_type() == Type::INT64;
        let dictionary = plan.dictionary.then(Dictionary::default);
        // Levels are at most 255 (a schema is far shallower).
        let level = |max: i16| LevelWriter::new(u8::try_from(max).unwrap_or(u8::MAX));
        ChunkEncoder {
            rep: level(descr.max_rep_level()),
            def: level(descr.max_def_level()),
            descr,
            column: plan,
            plan,
            dictionary,
            indices: Vec::new(),
            plain: Vec::new(),
            bools: Vec::new(),
            ints: Vec::new(),
            entries: 0,
            pages: TrackedWrite::new(Vec::new()),
            page_bytes: 0,
            uncompressed: 0,
            values: 0,
            rows: 0,
            bounds: Bounds::default(),
            encodings: vec![Encoding::RLE, Encoding::PLAIN],
            buffer: Vec::new(),
        }
    }

    /// Adds the entries `entries` of `leaf`, whose values are `values` and which hold `rows`
    /// rows.
    pub fn write(
        &mut self,
        leaf: &Leaf,
        (entries, values): (Range<usize>, Range<usize>),
        rows: usize,
        z: &mut Scratch,
    ) -> Result<(), ParquetError> {
        let (max_rep, max_def) = (self.descr.max_rep_level(), self.descr.max_def_level());
        if i16::from(leaf.max_rep) != max_rep || i16::from(leaf.max_def) != max_def {
            return Err(ParquetError::General(format!(
                "the leaf of {} has other levels than its column",
                self.descr.path()
            )));
        }
        self.rows += rows as u64;
        if max_rep > 0 {
            self.rep.push(&leaf.rep[entries.clone()]);
        }
        if max_def > 0 {
            let def = &leaf.def[entries.clone()];
            self.def.push(def);
            if self.plan.statistics {
                // The entries without a value (their definition level below the column's).
                self.bounds.nulls += (entries.len() - values.len()) as u64;
            }
        }
        self.entries += entries.len();
        self.values(&leaf.values, values);
        self.page_bytes = self.rep.len() + self.def.len() + self.indices.len() + self.plain.len();
        self.page_bytes += self.bools.len() / 8 + self.ints.len() * 2;
        if self.page_bytes >= PAGE_BYTES {
            self.page(z, false)?;
        }
        let big = (self.dictionary.as_ref()).is_some_and(|d| d.plain.len() > DICTIONARY_BYTES);
        if big && self.entries > 0 {
            // Pages written so far keep their indices; the rest of the chunk is plain.
            self.page(z, false)?;
        }
        if big {
            self.plan.dictionary = false;
        }
        Ok(())
    }

    /// Adds the values `r` of `values` to the page.
    fn values(&mut self, values: &Values, r: Range<usize>) {
        let stats = self.plan.statistics;
        match (values, self.plan.dictionary) {
            (Values::Int(v), _) if stats => v[r.clone()].iter().for_each(|&n| self.bounds.int(n)),
            (Values::Bool(v), _) => {
                let v = &v[r];
                if stats && !v.is_empty() {
                    let (any, all) = (v.iter().any(|b| *b), v.iter().all(|b| *b));
                    let (lo, hi) = self.bounds.bools.get_or_insert((all, any));
                    *lo &= all;
                    *hi |= any;
                }
                self.bools.extend_from_slice(v);
                return;
            }
            (Values::Text { .. } | Values::Coded { .. }, false) if stats => {
                r.clone().for_each(|i| self.bounds.text(values.text(i)));
            }
            _ => {}
        }
        if let (true, Values::Int(v)) = (self.plan.delta, values) {
            self.ints.extend_from_slice(&v[r]);
            return;
        }
        match (values, &mut self.dictionary) {
            (Values::Int(v), Some(d)) if self.plan.dictionary => {
                self.indices.extend(v[r].iter().map(|&n| d.int(n)));
            }
            (Values::Text { bytes, ends }, Some(d)) if self.plan.dictionary => {
                let start = text_start(ends, r.start);
                d.texts(bytes, &ends[r], start as usize, &mut self.indices);
            }
            (
                Values::Coded {
                    names,
                    codes,
                    other,
                },
                Some(d),
            ) if self.plan.dictionary => {
                d.codes(*names, &codes[r], other, &mut self.indices);
            }
            (Values::Coded { .. }, _) => {
                for i in r {
                    let s = values.text(i);
                    let len = u32::try_from(s.len()).unwrap_or(u32::MAX);
                    self.plain.extend_from_slice(&len.to_le_bytes());
                    self.plain.extend_from_slice(s);
                }
            }
            (Values::Int(v), _) => v[r].iter().for_each(|n| self.plain.extend(n.to_le_bytes())),
            (Values::Text { bytes, ends }, _) => {
                let mut start = text_start(ends, r.start);
                for &end in &ends[r] {
                    self.plain.extend_from_slice(&(end - start).to_le_bytes());
                    self.plain
                        .extend_from_slice(&bytes[start as usize..end as usize]);
                    start = end;
                }
            }
            (Values::Bool(_), _) => {}
        }
    }

    /// Encodes the page filled so far, compressed unless `only` (the chunk's only page) says
    /// it is small enough, with the dictionary, to be left as it is ([`SMALL_CHUNK`]); whether
    /// it was compressed.
    fn page(&mut self, z: &mut Scratch, only: bool) -> Result<bool, ParquetError> {
        let buf = &mut self.buffer;
        buf.clear();
        let (max_rep, max_def) = (self.descr.max_rep_level(), self.descr.max_def_level());
        if max_rep > 0 {
            self.rep.finish(buf);
        }
        if max_def > 0 {
            self.def.finish(buf);
        }
        let encoding = if !self.bools.is_empty() || self.descr.physical_type() == Type::BOOLEAN {
            rle::booleans(&self.bools, buf);
            Encoding::PLAIN
        } else if self.plan.delta {
            delta::binary_packed(&self.ints, buf);
            self.ints.clear();
            Encoding::DELTA_BINARY_PACKED
        } else if let (Some(d), true) = (&self.dictionary, self.plan.dictionary) {
            let width = rle::bit_width(d.len.saturating_sub(1)).max(1);
            buf.push(width);
            rle::hybrid(&self.indices, width, buf);
            Encoding::RLE_DICTIONARY
        } else {
            buf.extend_from_slice(&self.plain);
            Encoding::PLAIN
        };
        if !self.encodings.contains(&encoding) {
            self.encodings.push(encoding);
        }
        let dictionary = self.dictionary.as_ref().map_or(0, |d| d.plain.len());
        let compress = !only || buf.len() + dictionary > SMALL_CHUNK;
        let page = Page::DataPage {
            buf: z.compress(buf, compress.then_some(self.plan.codec))?,
            num_values: u32::try_from(self.entries).unwrap_or(u32::MAX),
            encoding,
            def_level_encoding: Encoding::RLE,
            rep_level_encoding: Encoding::RLE,
            statistics: None,
        };
        let spec = SerializedPageWriter::new(&mut self.pages)
            .write_page(CompressedPage::new(page, self.buffer.len()))?;
        self.uncompressed += spec.uncompressed_size as i64;
        self.values += self.entries as i64;
        self.entries = 0;
        self.indices.clear();
        self.plain.clear();
        self.bools.clear();
        Ok(compress)
    }

    /// The chunk's bytes (the dictionary page, then the data pages) and what the row group
    /// writer appends it with; the encoder is left empty, for the next chunk of its column.
    pub fn close(&mut self, z: &mut Scratch) -> Result<(Bytes, ColumnCloseResult), ParquetError> {
        let small = if self.pages.bytes_written() == 0 {
            !self.page(z, true)?
        } else {
            if self.entries > 0 {
                self.page(z, false)?;
            }
            false
        };
        // The chunk's codec: none for a small chunk.
        let codec = (!small).then_some(self.plan.codec);
        let mut chunk = TrackedWrite::new(Vec::new());
        let mut dictionary_offset = None;
        let physical = self.descr.physical_type();
        if let Some(d) = &self.dictionary {
            dictionary_offset = Some(0);
            if self.plan.statistics && physical == Type::BYTE_ARRAY {
                let mut at = 0;
                while at + 4 <= d.plain.len() {
                    let len =
                        u32::from_le_bytes(d.plain[at..at + 4].try_into().unwrap_or_default());
                    let end = at + 4 + len as usize;
                    self.bounds.text(&d.plain[at + 4..end]);
                    at = end;
                }
            }
            let page = Page::DictionaryPage {
                buf: z.compress(&d.plain, codec)?,
                num_values: d.len,
                encoding: Encoding::PLAIN,
                is_sorted: false,
            };
            let spec = SerializedPageWriter::new(&mut chunk)
                .write_page(CompressedPage::new(page, d.plain.len()))?;
            self.uncompressed += spec.uncompressed_size as i64;
        }
        let data_offset = chunk.bytes_written() as i64;
        // A chunk without a dictionary page is its pages, not a copy of them.
        let pages = std::mem::replace(&mut self.pages, TrackedWrite::new(Vec::new()));
        let pages = pages.into_inner()?;
        let bytes = if data_offset == 0 {
            pages
        } else {
            let mut bytes = chunk.into_inner()?;
            bytes.extend_from_slice(&pages);
            bytes
        };
        let encodings =
            std::mem::replace(&mut self.encodings, vec![Encoding::RLE, Encoding::PLAIN]);
        let mut meta = ColumnChunkMetaData::builder(self.descr.clone())
            .set_compression(match codec {
                None => Compression::UNCOMPRESSED,
                Some(Codec::Zstd) => Compression::ZSTD(ZstdLevel::default()),
                Some(Codec::Snappy) => Compression::SNAPPY,
            })
            .set_encodings(encodings)
            .set_total_compressed_size(bytes.len() as i64)
            .set_total_uncompressed_size(self.uncompressed)
            .set_num_values(self.values)
            .set_data_page_offset(data_offset)
            .set_dictionary_page_offset(dictionary_offset);
        if self.plan.statistics {
            meta = meta.set_statistics(std::mem::take(&mut self.bounds).statistics(physical));
        }
        let close = ColumnCloseResult {
            bytes_written: bytes.len() as u64,
            rows_written: std::mem::take(&mut self.rows),
            metadata: meta.build()?,
            bloom_filter: None,
            column_index: None,
            offset_index: None,
        };
        self.plan = self.column;
        self.uncompressed = 0;
        self.values = 0;
        if let Some(d) = &mut self.dictionary {
            d.clear();
        } else {
            self.dictionary = self.column.dictionary.then(Dictionary::default);
        }
        Ok((Bytes::from(bytes), close))
    }
}

/// What an encoding thread keeps from page to page: a zstd compressor at the crate's default
/// level and a Snappy one.
pub struct Scratch {
    zstd: zstd::bulk::Compressor<'static>,
    snappy: snap::raw::Encoder,
    /// Snappy's output, kept: made anew for each page, its room would be zeroed each time.
    snappy_out: Vec<u8>,
}

impl Scratch {
    /// The compressors.
    pub fn new() -> Result<Scratch, ParquetError> {
        let level = ZstdLevel::default().compression_level();
        Ok(Scratch {
            zstd: zstd::bulk::Compressor::new(level)?,
            snappy: snap::raw::Encoder::new(),
            snappy_out: Vec::new(),
        })
    }

    /// `data` compressed with `codec`, or as it is without one.
    fn compress(&mut self, data: &[u8], codec: Option<Codec>) -> Result<Bytes, ParquetError> {
        Ok(match codec {
            None => Bytes::copy_from_slice(data),
            Some(Codec::Zstd) => Bytes::from(self.zstd.compress(data)?),
            Some(Codec::Snappy) => {
                let room = snap::raw::max_compress_len(data.len());
                if self.snappy_out.len() < room {
                    self.snappy_out.resize(room, 0);
                }
                let written = (self.snappy.compress(data, &mut self.snappy_out))
                    .map_err(|e| ParquetError::External(e.into()))?;
                Bytes::copy_from_slice(&self.snappy_out[..written])
            }
        })
    }
}
