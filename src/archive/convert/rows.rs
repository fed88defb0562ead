//! What a printer that makes rows (Parquet's) hands the workers of `convert`: a maker of each
//! chunk's rows, and the rows, to which each game of the chunk is handed as a
//! [`GameVisitor`].

use std::any::Any;

use crate::render::game_view::GameVisitor;

/// The rows a printer makes of one chunk's games, on the chunk's worker: each game is handed
/// to it as a [`GameVisitor`] ([`crate::render::game_view`]), numbered in the chunk, in order,
/// from what the fast lane kept of a clean game or from the game object of any other.
pub trait ChunkRows: GameVisitor + Send + std::fmt::Debug {
    /// The rows as `Any`, for the printer to take back its own type.
    fn into_any(self: Box<Self>) -> Box<dyn Any + Send>;
}

/// Makes the [`ChunkRows`] of each chunk ([`super::ConvertWork::with_rows`]).
pub trait RowMaker: Sync + std::fmt::Debug {
    /// Empty rows for a chunk.
    fn chunk_rows(&self) -> Box<dyn ChunkRows>;

    /// Empty rows for a chunk of `bytes` bytes of text, with room for its games if the maker
    /// knows how much they take ([`RowMaker::chunk_rows`] unless it says otherwise).
    fn rows_for(&self, bytes: usize) -> Box<dyn ChunkRows> {
        let _ = bytes;
        self.chunk_rows()
    }

    /// The size of the chunks its rows are made from, about, in bytes of text (64 KiB unless
    /// it says otherwise): larger chunks hand rows between threads less often, for more
    /// memory. The same whatever the threads, so that what is made of the rows does not
    /// follow them.
    fn block(&self) -> usize {
        super::CONVERT_BLOCK
    }
}
