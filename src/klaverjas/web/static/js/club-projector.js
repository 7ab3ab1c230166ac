// The projector view of an evening: large type, the standings and the round's progress, refreshed
// every ten seconds by itself, so the room can watch without anyone touching the laptop.
import { h } from './dom.js';
import { SUIT_SYMBOL } from './cards.js';
import { onLangChange, t } from './i18n.js';
import { api } from './api.js';
import { alertBox, showError, showMain, standingsNotes, standingsTable, takeToken } from './club-common.js';

const parts = location.pathname.split('/').filter(Boolean);
const clubId = parts[1];
const eveningId = parts[3];
const token = takeToken(clubId);
const REFRESH_MS = 10000;
let last = null;

function render() {
  const ev = last;
  const current = ev.current_round ? ev.played[ev.current_round - 1] : null;
  const done = current ? current.tables.filter((x) => x.complete).length : 0;
  const progress = current ? t('club.projector_progress', { n: current.number, done, of: current.tables.length })
    : ev.closed ? t('club.final_standings') : t('club.after_round', { n: ev.played.length });
  showMain(
    h('h1', {}, `${SUIT_SYMBOL.C} ${ev.title || ev.club_name}`),
    h('p', { class: 'progress', role: 'status', 'data-testid': 'projector-status' }, progress),
    standingsTable(ev, { caption: t('club.standings') }), standingsNotes(ev));
}

async function refresh() {
  try {
    last = await api('GET', `/api/clubs/${clubId}/evenings/${eveningId}`, undefined, { token });
    render();
  } catch (x) {
    const box = alertBox();
    showMain(box);
    showError(box, x);
  }
  setTimeout(refresh, REFRESH_MS);
}

onLangChange(() => (last ? render() : null));
// Opened on another device without the club's link, the page says what to ask for (not the API's header).
if (token) refresh();
else showMain(h('p', { role: 'alert', class: 'error', 'data-testid': 'error' }, t('club.no_token')));
