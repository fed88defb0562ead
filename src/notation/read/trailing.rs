//! Where a game ends after its result: the comments that follow it and are the game's own.

use crate::notation::lex::same_line_comments;

use super::{Visitor, comment, comment_end, skip_space};

/// Where the game whose result ends at `end` of `text` ends, its trailing comments handed to
/// `v`. Comments that start on the result's line are the game's own: the game ends after
/// them. Comments on later lines belong to the next game, unless nothing but comments follows:
/// then they are the text's trailing comments and belong to this game too, which ends after
/// the last (a visitor that does not recover gives up at them, and at a `{` left open after
/// the result). The comments of the next game are read again as that game's.
#[inline(always)]
pub(crate) fn after_result<'t, V: Visitor<'t>>(
    text: &'t str,
    end: usize,
    v: &mut V,
) -> Option<usize> {
    let b = text.as_bytes();
    let end = same_line_comments(b, end, |from, to| {
        v.trailing(comment(text, from, to));
    });
    let mut next = skip_space(b, end);
    let mut comments = false;
    while matches!(b.get(next), Some(b'{' | b';')) {
        comments = true;
        match comment_end(b, next) {
            Ok(after) => next = skip_space(b, after),
            // A comment left open is the next game's, which reports it.
            Err(_) => return V::RECOVERS.then_some(end),
        }
    }
    if !comments || next < b.len() {
        return Some(end);
    }
    if !V::RECOVERS {
        return None;
    }
    text_trailing(text, end, v)
}

/// Hands `v` the text's trailing comments after `end`; returns where the last ends.
#[cold]
#[inline(never)]
fn text_trailing<'t, V: Visitor<'t>>(text: &'t str, end: usize, v: &mut V) -> Option<usize> {
    let b = text.as_bytes();
    let (mut at, mut last) = (skip_space(b, end), end);
    while at < b.len() {
        let after = comment_end(b, at).ok()?;
        v.trailing(comment(text, at, after));
        (last, at) = (after, skip_space(b, after));
    }
    Some(last)
}
