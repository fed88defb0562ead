//! `seega.IllegalTurn`: a turn the referee refuses, with the code and words of `seega check`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    seega,
    IllegalTurn,
    PyValueError,
    "A turn that cannot be played: `code` is the diagnostic code `seega check` gives it \
     (`seega explain CODE` tells the rule), `message` what is wrong, `help` how to fix it."
);

/// The `IllegalTurn` raised for a turn refused with `code`, `message` and `help`.
pub fn illegal_turn(py: Python<'_>, code: &str, message: &str, help: &str) -> PyErr {
    let err = IllegalTurn::new_err(message.to_owned());
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail; if it did, the
    // exception would still carry its message.
    let _ = value.setattr("code", code);
    let _ = value.setattr("message", message);
    let _ = value.setattr("help", help);
    err
}

/// The `IllegalTurn` raised for text that is no turn of the notation: its syntax code.
pub fn unreadable_turn(py: Python<'_>, e: &seega::ParseError) -> PyErr {
    let code = miette::Diagnostic::code(e).map_or_else(String::new, |c| c.to_string());
    let help = "A turn is two squares placed (`a1,b1`), a movement (`b2-b3xb4`) or a pass (`--`).";
    illegal_turn(py, &code, &e.to_string(), help)
}
