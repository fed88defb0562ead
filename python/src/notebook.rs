//! What a notebook shows of the package's values and what learning code reads of them: a
//! position's diagram (`_repr_svg_`), a game's replay page (`_repr_html_`), a position's
//! planes as a NumPy array (`to_array`). The drawings are the library's renderers
//! (`seega::render`), the ones `seega show --svg` and `seega show --html` write.

use std::path::Path;

use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use seega::render::game_json::GameObject;
use seega::render::html::{PageGame, archive_title, embedded, page};
use seega::{Color, GameState};

/// The height in pixels of the frame a game's replay page is shown in.
const PAGE_HEIGHT: u32 = 720;

/// The planes of [`planes`]: black's pieces, white's, the empty squares, black's pieces in
/// hand, white's.
pub const PLANES: usize = 5;

/// The diagram of `state`, as `seega show --svg --position STRING` draws its position string.
pub fn svg(state: &GameState) -> String {
    seega::render::svg::position_svg(state)
}

/// The replay page of the game `game` (its object, read from the file named `file`) alone, as
/// `seega show --html --game N FILE` writes it, inside an `<iframe>`
/// (`seega::render::html::embedded`): the page, its style and its script stay apart from the
/// notebook's.
pub fn page_frame(game: &GameObject, file: &str) -> String {
    let title = archive_title(Some(Path::new(file)));
    let page = page(&title, &[PageGame::from_object(game, game.game)]);
    embedded(&page, PAGE_HEIGHT)
}

/// The planes of `state`'s position, `PLANES` planes of `size × size` bytes one after the
/// other, each rank N first and file a first (as `Position.board()` lists the squares): 1
/// where black has a piece, where white has one, where the square is empty; then black's and
/// white's pieces in hand, the count on every square.
pub fn planes(state: &GameState) -> (Vec<u8>, usize) {
    let pos = state.position();
    let n = usize::from(pos.size().get());
    let mut data = vec![0u8; PLANES * n * n];
    for (r, row) in pos.rows().iter().enumerate() {
        for (f, cell) in row.iter().enumerate() {
            let plane = match cell {
                Some(Color::Black) => 0,
                Some(Color::White) => 1,
                None => 2,
            };
            data[plane * n * n + r * n + f] = 1;
        }
    }
    for (plane, side) in [(3, Color::Black), (4, Color::White)] {
        data[plane * n * n..(plane + 1) * n * n].fill(pos.in_hand(side));
    }
    (data, n)
}

/// The planes of `state` as a writable NumPy array of shape `(PLANES, size, size)`, of `uint8`
/// or of `dtype` when given; an `ImportError` saying how to install NumPy when it is missing.
pub fn to_array<'py>(
    py: Python<'py>,
    state: &GameState,
    dtype: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy").map_err(|e| {
        if !e.is_instance_of::<PyImportError>(py) {
            return e;
        }
        let err = PyImportError::new_err(
            "to_array needs numpy, which is not installed: pip install seega[numpy] (or pip install numpy)",
        );
        err.set_cause(py, Some(e));
        err
    })?;
    let (data, n) = planes(state);
    // A bytearray, so that the array NumPy makes over it is writable.
    let buffer = PyByteArray::new(py, &data);
    let array = numpy
        .call_method1("frombuffer", (buffer, numpy.getattr("uint8")?))?
        .call_method1("reshape", ((PLANES, n, n),))?;
    match dtype {
        Some(d) if !d.is_none() => array.call_method1("astype", (d,)),
        _ => Ok(array),
    }
}
