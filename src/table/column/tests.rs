//! How the leaves split and route rows.

use super::*;

#[test]
fn rows_are_split_where_their_lists_start() {
    // Lists of texts, one optional level below: [a, b], [], [c], [null], [d, e, f].
    let mut leaf = Leaf::texts(1, 2);
    leaf.text(0, "a");
    leaf.text(1, "b");
    leaf.null(0, 0);
    leaf.text(0, "c");
    leaf.null(0, 1);
    leaf.text(0, "d");
    leaf.text(1, "e");
    leaf.text(1, "f");
    for rows in 0..=6 {
        let mut rest = leaf.clone();
        let front = rest.split_rows(rows);
        let starts = |l: &Leaf| l.rep.iter().filter(|r| **r == 0).count();
        assert_eq!(starts(&front), rows.min(5));
        assert_eq!(starts(&front) + starts(&rest), 5);
        assert_eq!(front.values.len() + rest.values.len(), 6);
        let texts: Vec<&[u8]> = (0..rest.values.len())
            .map(|i| rest.values.text(i))
            .collect();
        let want: &[&[u8]] = &[b"a", b"b", b"c", b"d", b"e", b"f"];
        assert_eq!(texts, want[front.values.len()..]);
    }
}

/// Each row's entries of `l`: a text, or `None` for a null (at any level).
fn rows(l: &Leaf) -> Vec<Vec<Option<Vec<u8>>>> {
    let (mut out, mut value): (Vec<Vec<Option<Vec<u8>>>>, usize) = (Vec::new(), 0);
    for e in 0..l.entries() {
        if l.max_rep == 0 || l.rep[e] == 0 {
            out.push(Vec::new());
        }
        let present = l.max_def == 0 || l.def[e] == l.max_def;
        let text = present.then(|| {
            value += 1;
            l.values.text(value - 1).to_vec()
        });
        if let Some(row) = out.last_mut() {
            row.push(text);
        }
    }
    out
}

#[test]
fn rows_routed_to_leaves_keep_their_lists_and_values() {
    // The lists of `rows_are_split_where_their_lists_start`, and coded squares one a row with
    // a null and a text that names no square.
    let mut list = Leaf::texts(1, 2);
    for (rep, text) in [(0, "a"), (1, "b")] {
        list.text(rep, text);
    }
    list.null(0, 0);
    list.text(0, "c");
    list.null(0, 1);
    for (rep, text) in [(0, "d"), (1, "e"), (1, "f")] {
        list.text(rep, text);
    }
    let mut squares = Leaf::coded(0, 1, Names::Squares);
    for s in [Some("a1"), None, Some("zz"), Some("e5"), Some("b2")] {
        squares.opt_text(0, s);
    }
    let to = [1, 0, 1, 1, 0];
    for original in [list, squares] {
        let mut outs = [original.empty_like(), original.empty_like()];
        original.route(&to, &mut outs);
        let all = rows(&original);
        assert_eq!(all.len(), 5);
        for (k, out) in outs.iter().enumerate() {
            let want: Vec<_> = (all.iter().zip(&to))
                .filter(|(_, t)| **t == k)
                .map(|(r, _)| r.clone())
                .collect();
            assert_eq!(rows(out), want, "leaf {k}");
        }
    }
    let mut sides = Leaf::coded(0, 1, Names::Sides);
    sides.opt_text(0, Some("black"));
    sides.opt_text(0, None);
    let mut sizes = Leaf::ints(0, 1);
    sizes.opt_int(0, Some(7));
    let shown = |l: &Leaf| -> Vec<Option<String>> {
        (l.row_values().into_iter())
            .map(|v| v.map(|i| l.values.shown(i)))
            .collect()
    };
    assert_eq!(shown(&sides), [Some("black".to_owned()), None]);
    assert_eq!(shown(&sizes), [Some("7".to_owned())]);
    sides.opt_text(0, Some("black"));
    assert!(sides.values.same(0, 1));
}
