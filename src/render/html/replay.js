// The positions of a game of the replay page, from its start and each turn's recorded effect
// (spec/replay.md): no rule is judged here, every effect was decided by seega's referee.
// Pure functions only, so that a test can run them outside a browser.
var SeegaReplay = (function () {
  'use strict';

  // The position string of spec/notation.md: the ranks from the top, each from file a with
  // a run of empty squares written as its length; the side to move; then the hands, the pass
  // and the count, each written when it or a later one says something.
  function positionString(b, n, side, hand, o, q) {
    var ranks = [];
    for (var r = n - 1; r >= 0; r--) {
      var s = '', empty = 0;
      for (var f = 0; f < n; f++) {
        var c = b[r * n + f];
        if (c !== 'b' && c !== 'w') { empty++; continue; }
        if (empty) { s += empty; empty = 0; }
        s += c;
      }
      ranks.push(empty ? s + empty : s);
    }
    var p = ranks.join('/') + ' ' + side;
    if (hand[0] || hand[1] || o || q) {
      p += ' ' + hand[0] + '/' + hand[1];
      if (o || q) p += ' -' + (o ? '-' : '') + (q ? ' ' + q : '');
    }
    return p;
  }

  function count(b, c) {
    var k = 0;
    for (var i = 0; i < b.length; i++) if (b[i] === c) k++;
    return k;
  }

  // The turn's effect on the board `b` and the hands, played by `side`: the placed squares
  // get its pieces out of its hand, the captured squares are emptied, then the piece on the
  // path's start goes to its end; a board or hands the turn carries replace them.
  function apply(t, side, b, hand) {
    var p = t.p || [], x = t.x || [], m = t.m || [];
    p.forEach(function (s) { b[s] = side; });
    if (p.length) hand[side === 'b' ? 0 : 1] -= p.length;
    x.forEach(function (s) { b[s] = '.'; });
    if (m.length) {
      var from = m[0], to = m[m.length - 1], piece = b[from];
      if (piece === 'b' || piece === 'w') { b[from] = '.'; b[to] = piece; }
    }
    if (t.b) b.splice.apply(b, [0, b.length].concat(t.b.split('')));
    if (t.hand) { hand[0] = t.hand[0]; hand[1] = t.hand[1]; }
  }

  // Every position of game `g`, the start first, as the page shows them; `arrows` is the
  // page's table of path arrows. None for a game that cannot be set up.
  function positions(g, arrows) {
    if (!g.start) return [];
    var s = g.start, out = [];
    play(g.size, g, 0, s.b.split(''), s.hand.slice(), [s.o, s.q], arrows, g.end, out);
    return out;
  }

  // The positions along the variation `line` (a `v` of a turn of the line whose positions are
  // `base`), which branches at `base[from]`, the position before the turn it replaces: the
  // positions of `base` up to it, then those after each of its turns.
  function branch(g, line, from, base, arrows) {
    var at = base[from], out = base.slice(0, from + 1);
    line = { mv: line.mv, turns: line.turns, c: (line.c || []).map(function (x) { return [x[0] + from, x[1]]; }) };
    play(g.size, line, from, at.b.split(''), at.hand.slice(), [at.o, at.q], arrows, '', out);
    return out;
  }

  // Appends to `out` the positions after each turn of `line` (its `mv`, `turns` and `c`), the
  // first of them position `k0 + 1`, played from the board `b`, the hands `hand` and the
  // opening and count `oq` of position `k0` (itself appended when `out` does not hold it yet);
  // `end` is shown on the last.
  function play(n, line, k0, b, hand, oq, arrows, end, out) {
    var comments = {};
    line.c.forEach(function (c) { (comments[c[0]] = comments[c[0]] || []).push(c[1]); });
    var last = k0 + line.turns.length;
    var snap = function (k, t, o, q) {
      var side = line.mv.charAt(k - k0), m = t && t.m;
      out.push({
        p: positionString(b, n, side, hand, o, q),
        b: b.join(''),
        o: o, q: q,
        phase: hand[0] || hand[1] ? 'placement' : 'movement',
        mv: side === 'b' ? 'black' : 'white',
        on: [count(b, 'b'), count(b, 'w')],
        hand: hand.slice(),
        c: comments[k] || [],
        t: t ? (t.p || m || []) : [],
        x: (t && t.x) || [],
        a: m && m.length > 1 ? (arrows[n] || {})[m.join(',')] || null : null,
        end: k === last ? end : ''
      });
    };
    if (out.length === k0) snap(k0, null, oq[0], oq[1]);
    line.turns.forEach(function (t, i) {
      apply(t, line.mv.charAt(i), b, hand);
      snap(k0 + i + 1, t, t.o, t.q);
    });
  }

  // Turn `k` (from 1) of `g`, or of its variation `line` (whose first turn is `k0 + 1`): its
  // number, side and notation, and the move number written before it in a list (`3.` before
  // a pair's first turn, `3...` before a list or a line that opens on a pair's second, or when
  // `opens` says the list opens again there, else empty).
  function turn(g, k, line, k0, opens) {
    line = line || g; k0 = k0 || 0;
    var n = g.first + k - 1, pair = Math.ceil(n / 2), second = n % 2 === 0;
    return {
      n: n,
      side: line.mv.charAt(k - k0 - 1),
      t: line.turns[k - k0 - 1].t,
      m: !second ? pair + '.' : k === k0 + 1 || opens ? pair + '...' : ''
    };
  }

  return { positions: positions, branch: branch, positionString: positionString, turn: turn };
})();
