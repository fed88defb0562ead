//! The fast lane against the full path: every clean game of the corpus takes the lane
//! (`corpus`), and checking or converting with the lane gives what the full way gives
//! (`lane`).

mod corpus;
mod lane;
