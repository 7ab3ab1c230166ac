// Card faces and backs drawn as SVG by our own code: no image files, no network, any size.
// A face has its corner indices (rank and suit, the bottom one turned), pips in the traditional
// pattern for 7 to 10, one large pip for the ace, and a double-headed figure for the court cards.
// The suit shapes and the back pattern are defined once per document and used by reference.
import { h } from './dom.js';

const W = 60;
const H = 84;

// Suit shapes in a 10 x 10 box; the fill is the suit colour (currentColor, set by .suit-X in css).
const SHAPES = {
  H: 'M5 9.6C4.2 8.5 0 5.9 0 3 0 1.3 1.3 0 2.9 0 3.9 0 4.6.6 5 1.5 5.4.6 6.1 0 7.1 0 8.7 0 10 1.3 10 3 10 5.9 5.8 8.5 5 9.6Z',
  D: 'M5 0 8.6 5 5 10 1.4 5Z',
  S: 'M5 0C4.2 1.2 0 3.9 0 6.2 0 7.8 1.2 8.8 2.6 8.8 3.5 8.8 4.2 8.4 4.6 7.8 4.5 8.7 4.1 9.4 3.4 10H6.6C5.9 9.4 5.5 8.7 5.4 7.8 5.8 8.4 6.5 8.8 7.4 8.8 8.8 8.8 10 7.8 10 6.2 10 3.9 5.8 1.2 5 0Z',
  C: 'M5 0A2.45 2.45 0 0 0 3.3 4.3 2.45 2.45 0 1 0 4.6 7.6C4.5 8.6 4.1 9.4 3.4 10H6.6C5.9 9.4 5.5 8.6 5.4 7.6A2.45 2.45 0 1 0 6.7 4.3 2.45 2.45 0 0 0 5 0Z',
};

const RANK_EN = { T: '10', J: 'J', Q: 'Q', K: 'K', A: 'A' };
const RANK_NL = { T: '10', J: 'B', Q: 'V', K: 'H', A: 'A' };

// Pip centres (x, y) on the 60 x 84 face; those below the middle are drawn upside down.
const L = 19; const C = 30; const R = 41;
const PIPS = {
  7: [[L, 18], [R, 18], [C, 30], [L, 42], [R, 42], [L, 66], [R, 66]],
  8: [[L, 18], [R, 18], [C, 30], [L, 42], [R, 42], [C, 54], [L, 66], [R, 66]],
  9: [[L, 18], [R, 18], [L, 34], [R, 34], [C, 42], [L, 50], [R, 50], [L, 66], [R, 66]],
  T: [[L, 18], [R, 18], [C, 26], [L, 34], [R, 34], [L, 50], [R, 50], [C, 58], [L, 66], [R, 66]],
};

function s(tag, props, ...children) { return h(`svg:${tag}`, props, ...children); }

// The shared <defs>: one hidden svg in the body holding the suit symbols and the back pattern.
function ensureDefs() {
  if (document.getElementById('kj-defs')) return;
  const symbols = Object.entries(SHAPES).map(([suit, d]) =>
    s('symbol', { id: `kj-suit-${suit}`, viewBox: '0 0 10 10' }, s('path', { d })));
  const back = s('pattern', { id: 'kj-back', width: '8', height: '8', patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
    s('rect', { width: '8', height: '8', class: 'back-ground' }),
    s('path', { d: 'M0 4H8M4 0V8', class: 'back-line' }),
    s('circle', { cx: '4', cy: '4', r: '1.3', class: 'back-dot' }));
  const defs = s('svg', { id: 'kj-defs', width: '0', height: '0', 'aria-hidden': 'true', focusable: 'false',
    style: 'position:absolute;width:0;height:0;overflow:hidden' }, s('defs', {}, ...symbols, back));
  document.body.prepend(defs);
}

function pip(suit, x, y, size, turned = false) {
  const half = size / 2;
  const transform = turned ? `rotate(180 ${x} ${y})` : null;
  return s('use', { href: `#kj-suit-${suit}`, x: String(x - half), y: String(y - half), width: String(size), height: String(size), transform });
}

function corner(rank, suit, dutch) {
  const text = (dutch ? RANK_NL : RANK_EN)[rank] || rank;
  const narrow = text.length > 1;
  return s('g', { class: 'index' },
    s('text', { x: '6.5', y: '13', 'text-anchor': 'middle', 'font-size': narrow ? '10.5' : '12.5', 'font-weight': '700',
      'letter-spacing': narrow ? '-1' : null, 'font-family': 'Georgia, "DejaVu Serif", serif' }, text),
    pip(suit, 6.5, 20, 7));
}

// A court card's figure: a double-headed portrait in a frame, hat by rank (crown, tiara, cap).
function figure(rank, suit) {
  const half = (turned) => {
    const hat = rank === 'K'
      ? s('path', { class: 'gold', d: 'M23 20 25 12 28 17 30 10 32 17 35 12 37 20Z' })
      : rank === 'Q'
        ? s('path', { class: 'gold', d: 'M24 20C24 15 27 13 30 13 33 13 36 15 36 20Z' })
        : s('path', { class: 'cap', d: 'M23 20C23 15 27 13 31 13 35 13 38 16 39 19Z' });
    const parts = [
      s('path', { class: 'robe', d: 'M17 42C17 33 22 28 30 28 38 28 43 33 43 42Z' }),
      s('path', { class: 'trim', d: 'M30 28V42M22 34H38' }),
      s('circle', { class: 'skin', cx: '30', cy: '23.5', r: '5.5' }),
      hat,
      s('path', { class: 'line', d: 'M28 23.5h.1M32 23.5h.1M28.5 26.2c1 .7 2 .7 3 0' }),
      pip(suit, 38.5, 31.5, 6),
    ];
    if (rank === 'K') parts.push(s('path', { class: 'line', d: 'M26.5 27.5C28 30.5 32 30.5 33.5 27.5' }));
    if (rank === 'Q') parts.push(s('circle', { class: 'gold', cx: '21.5', cy: '35', r: '2.2' }));
    if (rank === 'J') parts.push(s('path', { class: 'line', d: 'M20 41 20 29' }));
    return s('g', { transform: turned ? `rotate(180 ${W / 2} ${H / 2})` : null }, ...parts);
  };
  return s('g', { class: 'figure' },
    s('rect', { class: 'frame', x: '15', y: '10', width: '30', height: '64', rx: '2' }),
    half(false), half(true),
    s('path', { class: 'line', d: 'M15 42H45' }));
}

// One card face: name 'JH' (rank, suit); dutch chooses B/V/H over J/Q/K on the indices.
export function cardFace(name, { dutch = false } = {}) {
  ensureDefs();
  const [rank, suit] = name;
  const body = [s('rect', { class: 'paper', x: '.5', y: '.5', width: String(W - 1), height: String(H - 1), rx: '4.5' })];
  if (rank === 'A') body.push(pip(suit, C, 42, 24));
  else if (PIPS[rank]) for (const [x, y] of PIPS[rank]) body.push(pip(suit, x, y, 10.5, y > 42));
  else body.push(figure(rank, suit));
  body.push(corner(rank, suit, dutch), s('g', { transform: `rotate(180 ${W / 2} ${H / 2})` }, corner(rank, suit, dutch)));
  const svg = s('svg', { class: `card-svg suit-${suit}`, viewBox: `0 0 ${W} ${H}`, 'aria-hidden': 'true', focusable: 'false' }, ...body);
  return svg;
}

// The back of a card: a lattice in the back colour inside a white border.
export function cardBack() {
  ensureDefs();
  return s('svg', { class: 'card-svg back', viewBox: `0 0 ${W} ${H}`, 'aria-hidden': 'true', focusable: 'false' },
    s('rect', { class: 'paper', x: '.5', y: '.5', width: String(W - 1), height: String(H - 1), rx: '4.5' }),
    s('rect', { x: '4', y: '4', width: String(W - 8), height: String(H - 8), rx: '3', fill: 'url(#kj-back)' }),
    s('rect', { class: 'back-frame', x: '4', y: '4', width: String(W - 8), height: String(H - 8), rx: '3' }));
}

