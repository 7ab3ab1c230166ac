// The review of a finished deal as an analysis board: the four hands open around the table, a stepper
// (buttons and arrow keys) through the deal card by card, at each step the cards of the seat to move
// marked with their double-dummy value, the card played with its cost and its player's reason;
// beside it a grid of the eight tricks and the deal's total cost per seat.
import { h as el } from './dom.js';
import { api } from './api.js';
import { cardName, cardSvg, face, sortCards } from './cards.js';
import { getLang, t } from './i18n.js';

const ORDER = ['N', 'E', 'S', 'W'];
const POSITIONS = ['bottom', 'left', 'top', 'right'];
const words = (texts) => (texts && typeof texts === 'object' ? texts[getLang()] || texts.en || '' : texts || '');

let current = null;  // { panel, data, step, ... } of the open review

export async function openReview({ panel, gameId, token, number, me, seatName, onClose }, attempt = 0) {
  panel.hidden = false;
  if (!attempt) {
    current = { panel, number, me, seatName, onClose, step: 0, data: null };
    panel.replaceChildren(el('h2', {}, `${t('play.review')} — ${t('play.deal')} ${number}`), el('p', {}, '…'));
  }
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  let data;
  try { data = await api('GET', `/api/play/${encodeURIComponent(gameId)}/review/${number}${query}`); } catch (e) {
    panel.replaceChildren(el('p', { role: 'alert' }, e.message), closeButton());
    return;
  }
  if (!current || current.panel !== panel || current.number !== number) return;
  current.data = data;
  if (data.pending && attempt < 120) {
    draw();
    setTimeout(() => { if (!panel.hidden && current && current.number === number) openReview({ panel, gameId, token, number, me, seatName, onClose }, attempt + 1); }, 1500);
    return;
  }
  current.step = 0;
  draw();
  panel.querySelector('.stepper')?.focus();
}

function closeButton() {
  return el('button', { type: 'button', class: 'close', onclick: () => {
    current.panel.hidden = true;
    if (current.onClose) current.onClose();
  } }, t('play.close'));
}

function posOf(seat) {
  const me = current.me || 'S';
  return POSITIONS[(ORDER.indexOf(seat) - ORDER.indexOf(me) + 4) % 4];
}

function cardsOf(text) { return (text || '').split(/\s+/).filter(Boolean); }

function go(step) {
  const plays = current.data.record ? current.data.record.plays : [];
  current.step = Math.max(0, Math.min(plays.length, step));
  draw();
  current.panel.querySelector('.stepper')?.focus();
}

function draw() {
  const { panel, data, number, seatName } = current;
  const body = [el('h2', {}, `${t('play.review')} — ${t('play.deal')} ${number}`)];
  if (data && data.pending) body.push(el('p', { 'data-review': 'pending' }, t('play.analysing')));
  else if (data && !data.available) body.push(el('p', {}, t('play.no_review')));
  if (data && data.summary && words(data.summary)) body.push(el('p', { 'data-review': 'summary' }, words(data.summary)));
  if (!data || !data.record) { panel.replaceChildren(...body, closeButton()); return; }
  const plays = data.record.plays || [];
  const infos = new Map((data.cards || []).map((c) => [c.index, c]));
  const step = current.step;
  // The seat of each card: from the analysis, or worked out trick by trick from the record.
  const seatOf = (i) => (infos.get(i) ? infos.get(i).seat : null);

  // The board: each seat's cards still in hand at this step, the trick on the table.
  const hands = Object.fromEntries(ORDER.map((s) => [s, sortCards(cardsOf(data.record.hands[s]), data.record.trump)]));
  for (let i = 0; i < step; i++) {
    const seat = seatOf(i) || ORDER.find((s) => hands[s].includes(plays[i]));
    hands[seat] = hands[seat].filter((c) => c !== plays[i]);
  }
  const next = infos.get(step);
  // Every legal card of the seat to move with its double-dummy value, seen from that seat's side (more is
  // better for it; the server's values are N/S minus E/W), and what it would cost against the best card.
  const legal = new Map(((next && next.legal) || []).map((l) => [l.card, l]));
  const side = (v) => (next && (next.seat === 'N' || next.seat === 'S') ? v : -v);
  const trickStart = step === 0 ? 0 : Math.floor((step - 1) / 4) * 4;
  const onTable = step === 0 ? [] : plays.slice(trickStart, step).map((c, j) => ({ card: c, seat: seatOf(trickStart + j) }));
  const seatBox = (seat) => {
    const toMove = next && next.seat === seat;
    const cards = hands[seat].map((c) => {
      const mark = toMove ? legal.get(c) : null;
      let cls = 'rv-card';
      if (mark) cls += mark.loss > 0 ? ' legal' : ' legal best';
      if (toMove && c === next.card) cls += next.loss > 0 ? ' played costly' : ' played';
      const value = mark ? side(mark.value) : null;
      const label = mark ? `${cardName(c)}: ${t('play.review_value', { n: value })}${mark.loss > 0 ? ` (−${mark.loss})` : ''}` : cardName(c);
      return el('span', { class: cls, 'data-card': c, role: 'img', 'aria-label': label,
        'data-value': mark ? String(value) : null, 'data-loss': mark ? String(mark.loss) : null },
      cardSvg(c), mark ? el('span', { class: 'value', 'aria-hidden': 'true' }, String(value)) : null);
    });
    return el('div', { class: `rv-seat ${posOf(seat)}${toMove ? ' to-move' : ''}`, 'data-rv-seat': seat },
      el('b', {}, seatName(seat)), el('div', { class: 'rv-hand' }, cards));
  };
  const trick = el('div', { class: 'rv-trick' }, onTable.map((p) => el('span', { class: `played ${p.seat ? posOf(p.seat) : ''}`,
    'data-card': p.card, role: 'img', 'aria-label': p.seat ? t('play.played_card', { seat: seatName(p.seat), card: cardName(p.card) }) : cardName(p.card) },
  cardSvg(p.card))));
  const board = el('div', { class: 'rv-board' }, ORDER.map(seatBox), trick);

  // What the card about to be played did: its value against the best, and its player's reason.
  let note;
  if (next) {
    const lost = next.loss > 0;
    note = el('div', { class: `rv-note${lost ? ' costly' : ''}`, 'data-step-card': next.card, 'data-step-loss': String(next.loss) },
      el('p', {}, el('b', {}, `${seatName(next.seat)}: `), face(next.card), ' ',
        lost ? t('play.review_cost', { n: next.loss, best: next.best.map((c) => cardName(c)).join(' / ') }) : t('play.review_best')),
      next.why ? el('p', { class: 'rv-why', 'data-why': '' }, `${t('play.reason')}: ${words(next.why)}`) : null);
  } else {
    note = el('div', { class: 'rv-note' }, el('p', {}, step >= plays.length ? t('play.review_end') : ''));
  }
  const stepper = el('div', { class: 'stepper', tabindex: '0', role: 'group', 'aria-label': t('play.stepper'),
    onkeydown: (e) => {
      if (e.key === 'ArrowRight') { e.preventDefault(); go(current.step + 1); }
      else if (e.key === 'ArrowLeft') { e.preventDefault(); go(current.step - 1); }
      else if (e.key === 'Home') { e.preventDefault(); go(0); }
      else if (e.key === 'End') { e.preventDefault(); go(plays.length); }
      else if (e.key === 'Escape') { current.panel.hidden = true; if (current.onClose) current.onClose(); }
    } },
  el('button', { type: 'button', 'data-step': 'first', 'aria-label': t('play.step_first'), onclick: () => go(0) }, '«'),
  el('button', { type: 'button', 'data-step': 'prev', 'aria-label': t('play.step_prev'), onclick: () => go(current.step - 1) }, '◀'),
  el('span', { class: 'step-count', 'data-step-at': String(step), 'aria-live': 'polite' }, `${step} / ${plays.length}`),
  el('button', { type: 'button', 'data-step': 'next', 'aria-label': t('play.step_next'), onclick: () => go(current.step + 1) }, '▶'),
  el('button', { type: 'button', 'data-step': 'last', 'aria-label': t('play.step_last'), onclick: () => go(plays.length) }, '»'));

  // The 8 x 4 grid: one row per trick, each card with its cost; the row of the current step marked.
  const rows = [];
  for (let i = 0, n = 1; i < plays.length; i += 4, n += 1) {
    const cells = [];
    for (let j = i; j < Math.min(i + 4, plays.length); j++) {
      const info = infos.get(j);
      const loss = info && info.loss > 0;
      cells.push(el('button', { type: 'button', class: `review-card${loss ? ' loss' : ''}${j === step ? ' now' : ''}${info && info.seat === current.me ? ' mine' : ''}`,
        'data-loss': info ? String(info.loss) : null, 'data-index': String(j), title: info && info.why ? words(info.why) : null,
        'aria-label': `${info ? seatName(info.seat) : ''} ${cardName(plays[j])}${loss ? ` −${info.loss}` : ''}`, onclick: () => go(j) },
      el('small', {}, info ? seatName(info.seat).slice(0, 1) : ''), face(plays[j]), loss ? el('span', { class: 'cost' }, `−${info.loss}`) : ''));
    }
    rows.push(el('div', { class: `review-trick${step > i && step <= i + 4 ? ' now' : ''}`, 'data-trick': String(n) }, el('span', { class: 'n' }, String(n)), cells));
  }
  // The deal's total cost per seat as the server adds it up (summed here for an answer without it).
  const costs = data.cost || Object.fromEntries(ORDER.map((s) => [s, 0]));
  if (!data.cost) for (const c of data.cards || []) costs[c.seat] += c.loss;
  const totals = el('p', { class: 'rv-costs', 'data-costs': '' }, `${t('play.review_costs')}: `,
    ORDER.map((s) => el('span', { 'data-cost-seat': s, 'data-cost': String(costs[s]) }, `${seatName(s)} ${costs[s]}`)).flatMap((x, i) => (i ? [' · ', x] : [x])));
  body.push(el('div', { class: 'rv-layout' }, el('div', { class: 'rv-main' }, board, stepper, note),
    el('div', { class: 'rv-side' }, el('div', { class: 'rv-grid' }, rows), totals)), closeButton());
  panel.replaceChildren(...body);
}
