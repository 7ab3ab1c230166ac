// Practice mode of the play page: after each of your cards, the advice the computer player would
// have given for that decision, and the double-dummy review when the deal ends.
// The advice is asked for before you play, with the play socket's existing "hint" message.
import { h } from './dom.js';
import { face } from './cards.js';
import { linkTerms } from './glossary.js';
import { applyTexts, getLang, t } from './i18n.js';

const hooks = { send: () => {}, openReview: () => {} };
const state = { gameId: null, enabled: false, asked: null, options: null, waiting: false, reviewed: new Set() };
const key = (id) => `klaverjas.practice.${id}`;

// The new-game form gets a checkbox; /play?practice=1 ticks it.
export function init(given) {
  Object.assign(hooks, given);
  const form = document.getElementById('new-game');
  const start = document.getElementById('start');
  if (!form || !start || form.elements.practice) return;
  const checked = new URLSearchParams(location.search).get('practice') === '1';
  // data-i18n: play.js fills it again after a language switch (applyTexts).
  const label = h('label', { class: 'toggle' },
    h('input', { type: 'checkbox', name: 'practice', value: '1', id: 'practice-box', checked }), ' ',
    h('span', { 'data-i18n': 'practice.toggle' }));
  applyTexts(label);
  start.before(label);
}

export function remember(gameId, form) {
  if (form.get('practice')) localStorage.setItem(key(gameId), '1');
}

// Another match with the same settings is practised as the last one was.
export function carryOver(fromId, toId) {
  if (localStorage.getItem(key(fromId)) === '1') localStorage.setItem(key(toId), '1');
}

function panel() {
  let node = document.getElementById('practice');
  if (!node) {
    node = h('div', { id: 'practice', class: 'panel', hidden: true, 'aria-live': 'polite' });
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
  const lang = getLang();
  const node = panel();
  node.hidden = false;
  const why = (option) => linkTerms(option.why[lang], lang);
  const parts = [h('h2', {}, t('practice.title')), h('p', {}, `${t('practice.you_played')} `, face(card))];
  const options = state.options || [];
  const best = options[0];
  const mine = options.find((o) => o.card === card);
  node.dataset.played = card;
  node.dataset.best = best ? best.card : '';
  if (!best) parts.push(h('p', {}, t('practice.no_advice')));
  else if (best.card === card) parts.push(h('p', {}, t('practice.same')), h('p', {}, why(best)));
  else {
    // The card ends its own line: a face in the middle of a sentence would open a gap between its lines.
    parts.push(h('p', { class: 'practice-best' }, `${t('practice.advice')} `, face(best.card)), h('p', {}, why(best)));
    if (mine) parts.push(h('p', {}, `${t('practice.yours')}: `, why(mine)));
  }
  node.replaceChildren(...parts);
  state.waiting = false;
}
