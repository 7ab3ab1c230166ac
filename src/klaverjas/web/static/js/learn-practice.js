// Practice mode of the play page (issue 8): after each of your cards, the advice the computer
// player would have given for that decision, and the double-dummy review when the deal ends.
// The advice is asked for before you play, with the play socket's existing "hint" message.
import { PRACTICE } from './learn-i18n.js';
import { linkTerms } from './glossary.js';

const SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };
const face = (name) => {
  const span = document.createElement('span');
  span.className = `face suit-${name[1]}`;
  span.textContent = (name[0] === 'T' ? '10' : name[0]) + SYMBOL[name[1]];
  return span;
};

const hooks = { send: () => {}, openReview: () => {}, getLang: () => 'nl' };
const state = { gameId: null, enabled: false, asked: null, options: null, waiting: false, reviewed: new Set() };
const key = (id) => `klaverjas.practice.${id}`;

// The new-game form gets a checkbox; /play?practice=1 ticks it.
export function init(h) {
  Object.assign(hooks, h);
  const form = document.getElementById('new-game');
  const start = document.getElementById('start');
  if (!form || !start || form.elements.practice) return;
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.name = 'practice';
  box.value = '1';
  box.id = 'practice-box';
  box.checked = new URLSearchParams(location.search).get('practice') === '1';
  const label = document.createElement('label');
  label.className = 'toggle';
  label.append(box, ' ', PRACTICE[hooks.getLang()].toggle);
  start.before(label);
  // play.js switches the language on the same button; relabel once it has.
  document.getElementById('lang-button')?.addEventListener('click', () => setTimeout(() => {
    label.lastChild.textContent = PRACTICE[hooks.getLang()].toggle;
  }));
}

export function remember(gameId, form) {
  if (form.get('practice')) localStorage.setItem(key(gameId), '1');
}

function panel() {
  let node = document.getElementById('practice');
  if (!node) {
    node = document.createElement('div');
    node.id = 'practice';
    node.className = 'panel';
    node.hidden = true;
    node.setAttribute('aria-live', 'polite');
    document.getElementById('message').after(node);
  }
  return node;
}

// Called with every state: ask for advice when it is our turn to play a card; review a finished deal.
export function onState(st) {
  if (st.table !== state.gameId) {
    state.gameId = st.table;
    state.enabled = localStorage.getItem(key(st.table)) === '1';
    state.reviewed = new Set();
  }
  if (!state.enabled) return;
  document.body.dataset.practice = '1';
  if (st.phase === 'play' && st.to_move && st.to_move === st.seat && state.asked !== st.seq && !st.claim_team) {
    state.asked = st.seq;
    state.options = null;
    state.waiting = true;
    delete document.body.dataset.adviceReady;
    hooks.send({ type: 'hint' });
  }
  if ((st.phase === 'deal_over' || st.phase === 'match_over') && st.result && !state.reviewed.has(st.result.deal)) {
    state.reviewed.add(st.result.deal);
    hooks.openReview(st.result.deal);
  }
}

// A hint frame: ours if we asked for it (then it is kept for after the card), else the page shows it.
export function onHint(options) {
  if (!state.enabled || !state.waiting) return false;
  state.waiting = false;
  state.options = options;
  document.body.dataset.adviceReady = String(state.asked);
  return true;
}

// A card clicked: if the rules allow it, show what the advice was for this decision.
export function onPlay(card, st) {
  if (!state.enabled || !st || st.phase !== 'play' || st.to_move !== st.seat || !(st.legal || []).includes(card)) return;
  const T = PRACTICE[hooks.getLang()];
  const lang = hooks.getLang();
  const node = panel();
  node.hidden = false;
  const p = (...children) => { const e = document.createElement('p'); e.append(...children); return e; };
  const title = document.createElement('h2');
  title.textContent = T.title;
  const parts = [title, p(`${T.you_played} `, face(card))];
  const options = state.options || [];
  const best = options[0];
  const mine = options.find((o) => o.card === card);
  node.dataset.played = card;
  node.dataset.best = best ? best.card : '';
  if (!best) parts.push(p(T.no_advice));
  else if (best.card === card) parts.push(p(T.same), p(linkTerms(best.why[lang], lang)));
  else {
    const adv = p(`${T.advice} `, face(best.card), ': ');
    adv.append(linkTerms(best.why[lang], lang));
    adv.className = 'practice-best';
    parts.push(adv);
    if (mine) { const y = p(`${T.yours}: `); y.append(linkTerms(mine.why[lang], lang)); parts.push(y); }
  }
  node.replaceChildren(...parts);
  state.waiting = false;
}
