// The replay page of seega: shows the games of its data (one JSON element a game, and the
// path arrows in #seega-arrows), their positions replayed by SeegaReplay (replay.js) for the
// game shown. It builds every element from that data with textContent, never from HTML text.
(function () {
  'use strict';
  var games = Array.prototype.map.call(document.querySelectorAll('script.seega-game'),
    function (e) { return JSON.parse(e.textContent); });
  var arrows = JSON.parse(document.getElementById('seega-arrows').textContent);
  var replayed = { g: -1, lines: {}, pos: {} };
  // The lines of game `gi` by path (the main line's is ''): each with its turns, `from` the
  // position before its first turn and `parent` the path of the line it branches from.
  function linesOf(gi) {
    if (replayed.g === gi) return replayed.lines;
    var g = games[gi], lines = { '': { path: '', turns: g.turns, mv: g.mv, from: 0, parent: null } };
    var walk = function (line) {
      line.turns.forEach(function (t, i) {
        (t.v || []).forEach(function (v) {
          var l = { path: v.path, turns: v.turns, mv: v.mv, c: v.c, from: line.from + i, parent: line.path };
          lines[v.path] = l;
          walk(l);
        });
      });
    };
    walk(lines['']);
    replayed = { g: gi, lines: lines, pos: {} };
    return lines;
  }
  // The positions along line `path` of game `gi`, replayed when first shown (one game's at a
  // time): those of the line it branches from up to its branch, then its own.
  function positionsOf(gi, path) {
    var lines = linesOf(gi), l = lines[path || ''];
    if (!replayed.pos[l.path]) {
      replayed.pos[l.path] = l.parent === null ? SeegaReplay.positions(games[gi], arrows)
        : SeegaReplay.branch(games[gi], l, l.from, positionsOf(gi, l.parent), arrows);
    }
    return replayed.pos[l.path];
  }
  var $ = function (id) { return document.getElementById(id); };
  var board = $('board'), slider = $('slider');
  var state = { g: 0, line: '', k: 0, flipped: false, size: 0 };
  // the live board's elements: squares, crosses, pieces, arrow, start mark
  var parts = null;

  function el(tag, text) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function players(g) {
    if (g.black || g.white) return (g.black || '?') + ' vs ' + (g.white || '?');
    return 'game ' + g.n;
  }
  function fragment(g, k, path) {
    return 'game=' + games[g].n + (path ? '&line=' + path : '') + '&turn=' + k;
  }

  function gameList() {
    var list = $('game-list');
    games.forEach(function (g, i) {
      var li = el('li'), a = el('a');
      a.href = '#' + fragment(i, 0);
      a.textContent = players(g) + (g.event ? ', ' + g.event : '') + ' \u2014 ' + g.result + ' (' + g.ending + ')';
      li.appendChild(a);
      list.appendChild(li);
    });
  }

  function useBoard(size) {
    if (state.size === size && parts) return;
    var t = document.querySelector('template[data-size="' + size + '"]');
    board.textContent = '';
    board.appendChild(document.importNode(t.content, true));
    var svg = board.querySelector('svg');
    parts = {
      svg: svg,
      turn: svg.querySelector('.turn'),
      sq: svg.querySelectorAll('.sq'),
      cr: svg.querySelectorAll('.cr'),
      pc: svg.querySelectorAll('.pc'),
      arrow: svg.querySelector('.arrow'),
      from: svg.querySelector('.from'),
      files: svg.querySelectorAll('[data-file]'),
      ranks: svg.querySelectorAll('[data-rank]')
    };
    state.size = size;
    flip(state.flipped);
  }

  function flip(on) {
    state.flipped = on;
    $('flip').setAttribute('aria-pressed', on ? 'true' : 'false');
    if (!parts) return;
    var t = parts.turn, n = state.size;
    if (on) t.setAttribute('transform', 'rotate(180 ' + t.getAttribute('data-cx') + ' ' + t.getAttribute('data-cy') + ')');
    else t.removeAttribute('transform');
    Array.prototype.forEach.call(parts.files, function (e) {
      var i = +e.getAttribute('data-file');
      e.textContent = String.fromCharCode(97 + (on ? n - 1 - i : i));
    });
    Array.prototype.forEach.call(parts.ranks, function (e) {
      var i = +e.getAttribute('data-rank');
      e.textContent = String(on ? n - i : i + 1);
    });
  }

  function drawBoard(p) {
    var b = p ? p.b : '', t = {}, x = {};
    if (p) { p.t.forEach(function (i) { t[i] = 1; }); p.x.forEach(function (i) { x[i] = 1; }); }
    for (var i = 0; i < parts.sq.length; i++) {
      var c = b.charAt(i), piece = c === 'b' || c === 'w' ? c : '';
      var sq = parts.sq[i];
      sq.setAttribute('data-piece', piece);
      sq.setAttribute('class', 'sq' + (x[i] ? ' x' : t[i] ? ' t' : ''));
      parts.pc[i].setAttribute('class', 'pc' + (piece ? ' ' + piece : ''));
      parts.cr[i].setAttribute('class', 'cr' + (x[i] && !piece ? ' on' : ''));
    }
    var names = { b: [], w: [] };
    for (var j = 0; j < parts.sq.length; j++) {
      var at = b.charAt(j);
      if (names[at]) names[at].push(parts.sq[j].getAttribute('data-square'));
    }
    parts.svg.setAttribute('aria-label', 'Board. Black: ' + (names.b.join(', ') || 'none') +
      '. White: ' + (names.w.join(', ') || 'none') + '.');
    var a = p && p.a;
    parts.arrow.setAttribute('class', 'arrow' + (a ? ' on' : ''));
    parts.from.setAttribute('class', 'from' + (a ? ' on' : '') + (a && a.ring ? ' ring' : ''));
    if (a) {
      parts.arrow.setAttribute('d', a.d);
      parts.from.setAttribute('cx', a.s[0]);
      parts.from.setAttribute('cy', a.s[1]);
      parts.from.setAttribute('r', a.r);
    }
  }

  function movesList(gi) {
    var list = $('moves');
    list.textContent = '';
    turnsOf(gi, linesOf(gi)[''], list, 'li');
  }
  // The turns of `line` as links into `into`, each in an element `tag`, each turn's
  // variations after it in parentheses (each one its own item of the main line's list).
  function turnsOf(gi, line, into, tag) {
    var g = games[gi], lines = linesOf(gi), opens = false;
    line.turns.forEach(function (turn, i) {
      var k = line.from + i + 1, t = SeegaReplay.turn(g, k, line, line.from, opens), item = el(tag);
      if (t.m) {
        item.appendChild(el('span', t.m));
        item.firstChild.className = 'num';
      }
      var a = el('a', t.t);
      a.href = '#' + fragment(gi, k, line.path);
      a.setAttribute('data-k', k);
      if (line.path) a.setAttribute('data-line', line.path);
      a.setAttribute('aria-label', (line.path ? 'variation ' + line.path + ', ' : '') + 'turn ' + t.n + ', ' + (t.side === 'b' ? 'black' : 'white') + ': ' + t.t);
      item.appendChild(a);
      into.appendChild(item);
      opens = !!(turn.v && turn.v.length);
      (turn.v || []).forEach(function (v) {
        var box = el(tag), inner = el('span');
        box.className = 'var';
        box.appendChild(el('span', '('));
        turnsOf(gi, lines[v.path], inner, 'span');
        if (v.result) inner.appendChild(el('span', v.result));
        box.appendChild(inner);
        box.appendChild(el('span', ')'));
        into.appendChild(box);
      });
    });
  }

  function facts(p, last) {
    var dl = $('facts');
    dl.textContent = '';
    var add = function (k, v) { dl.appendChild(el('dt', k)); dl.appendChild(el('dd', v)); };
    if (!p) return;
    add('Phase', p.phase);
    add('To move', p.end ? '\u2014' : p.mv);
    add('Black', p.on[0] + ' on board, ' + p.hand[0] + ' in hand');
    add('White', p.on[1] + ' on board, ' + p.hand[1] + ' in hand');
    add('Position', p.p);
    if (p.end) add('Outcome', p.end);
    else if (last) add('Result', games[state.g].result + ' (' + games[state.g].ending + ')');
  }

  function when(g, k, line) {
    if (k === 0) return 'start';
    var t = SeegaReplay.turn(g, k, line, line.from);
    return (line.path ? 'variation ' + line.path + ', ' : '') + 'after turn ' + t.n + ' (' + (t.side === 'b' ? 'black' : 'white') + '): ' + t.t;
  }

  // Shows position `k` along line `path` of game `gi`; a position the line shares with the
  // line it branches from (its branch and before) is shown as that line's.
  function show(gi, k, path) {
    var g = games[gi], lines = linesOf(gi), line = lines[path || ''] || lines[''];
    while (line.parent !== null && k <= line.from) line = lines[line.parent];
    var pos = positionsOf(gi, line.path);
    var last = Math.max(pos.length - 1, 0);
    k = Math.max(0, Math.min(k, last));
    var changed = gi !== state.g || !parts;
    state.g = gi; state.k = k; state.line = line.path;
    useBoard(g.size);
    if (changed) {
      movesList(gi);
      $('game-title').textContent = 'Game ' + g.n + ': ' + players(g) + (g.event ? ', ' + g.event : '');
      $('game-details').textContent = [g.details, g.result + ' (' + g.ending + ')'].filter(Boolean).join(' \u2014 ');
      var err = $('error');
      var main = positionsOf(gi, '');
      err.textContent = g.error + (g.error && main.length ? ' (positions stop after turn ' + (main.length - 1) + ', the last legal one)' : '');
      err.hidden = !g.error;
      var nav = $('games');
      Array.prototype.forEach.call($('game-list').querySelectorAll('a'), function (a, i) {
        if (i !== gi) { a.removeAttribute('aria-current'); return; }
        a.setAttribute('aria-current', 'true');
        // the list scrolls on its own (not the page) to show the game
        if (nav.scrollHeight > nav.clientHeight) nav.scrollTop = a.offsetTop - nav.clientHeight / 2;
      });
    }
    slider.max = last;
    var p = pos[k];
    drawBoard(p);
    board.setAttribute('data-game', g.n);
    board.setAttribute('data-turn', p ? k : '');
    board.setAttribute('data-line', line.path);
    board.setAttribute('data-position', p ? p.p : '');
    slider.value = k;
    slider.setAttribute('aria-valuetext', when(g, k, line));
    $('first').disabled = $('prev').disabled = k === 0;
    $('next').disabled = $('last').disabled = k === last;
    Array.prototype.forEach.call($('moves').querySelectorAll('a'), function (a) {
      if (+a.getAttribute('data-k') === k && (a.getAttribute('data-line') || '') === line.path) a.setAttribute('aria-current', 'step');
      else a.removeAttribute('aria-current');
    });
    facts(p, k === last);
    var cs = $('comments');
    cs.textContent = '';
    (p ? p.c : []).forEach(function (c) { cs.appendChild(el('p', c)); });
    $('status').textContent = 'Game ' + g.n + ', ' + when(g, k, line) + (p ? (p.end ? '; ' + p.end : '; ' + p.mv + ' to move, ' + p.phase + ' phase') : '');
    var frag = '#' + fragment(gi, k, line.path);
    // A page in a srcdoc frame has no address of its own: a fragment would resolve against
    // the host page's address and load that into the frame.
    if (location.protocol !== 'about:' && location.hash !== frag) location.replace(frag);
  }

  function fromHash() {
    var m = /^#game=(\d+)(?:&line=([0-9./]+))?(?:&turn=(\d+))?$/.exec(location.hash);
    var gi = -1, k = 0, path = '';
    if (m) {
      for (var i = 0; i < games.length; i++) if (String(games[i].n) === m[1]) gi = i;
      k = m[3] === undefined ? 0 : parseInt(m[3], 10);
      path = m[2] || '';
    }
    // a game the page does not hold opens the first game's start, a line the game does not
    // have the game's start
    if (gi < 0) { gi = 0; k = 0; path = ''; }
    if (path && !linesOf(gi)[path]) { k = 0; path = ''; }
    if (!m || gi !== state.g || k !== state.k || path !== state.line || !parts) show(gi, k, path);
  }

  function step(d) { show(state.g, state.k + d, state.line); }
  // Into the first variation of the turn shown (its first turn, instead of that turn), or out
  // of the variation shown (to the turn it replaces).
  function enter() {
    var line = linesOf(state.g)[state.line], t = line.turns[state.k - line.from - 1];
    if (t && t.v && t.v.length) show(state.g, state.k, t.v[0].path);
  }
  function leave() {
    var line = linesOf(state.g)[state.line];
    if (line.parent !== null) show(state.g, line.from + 1, line.parent);
  }
  $('first').addEventListener('click', function () { show(state.g, 0); });
  $('prev').addEventListener('click', function () { step(-1); });
  $('next').addEventListener('click', function () { step(1); });
  $('last').addEventListener('click', function () { show(state.g, positionsOf(state.g, state.line).length - 1, state.line); });
  $('flip').addEventListener('click', function () { flip(!state.flipped); });
  slider.addEventListener('input', function () { show(state.g, parseInt(slider.value, 10), state.line); });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === slider) return;
    var keys = { ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in keys) step(keys[e.key]);
    else if (e.key === 'ArrowDown') enter();
    else if (e.key === 'ArrowUp') leave();
    else if (e.key === 'Home') show(state.g, 0);
    else if (e.key === 'End') show(state.g, positionsOf(state.g, state.line).length - 1, state.line);
    else if (e.key === 'f' || e.key === 'F') flip(!state.flipped);
    else return;
    e.preventDefault();
  });
  window.addEventListener('hashchange', fromHash);
  gameList();
  if (games.length) fromHash();
})();
