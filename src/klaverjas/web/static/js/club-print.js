// The print view (A4): an evening's draw per round and its standings, or a season's standings.
import { h } from './dom.js';
import { dateWords, t } from './i18n.js';
import { api } from './api.js';
import {
  alertBox, formatText, movementText, scrollBox, seasonTable, showError, showMain, standingsNotes, standingsTable, takeToken,
} from './club-common.js';

const parts = location.pathname.split('/').filter(Boolean); // club, id, evenings|seasons, n, print
const clubId = parts[1];
const token = takeToken(clubId);

function printButton() {
  return h('p', { class: 'no-print' }, h('button', { type: 'button', class: 'primary', onclick: () => window.print() }, t('club.print_now')));
}

async function evening() {
  const ev = await api('GET', `/api/clubs/${clubId}/evenings/${parts[3]}`, undefined, { token });
  const title = [ev.club_name, ev.title, dateWords(ev.date)].filter(Boolean).join(' · ');
  showMain(printButton(),
    ev.played.map((p) => {
      // A stay/move round says who stays at each table and where the other pair goes next. On a phone its
      // five columns may not fit: the draw then scrolls in its box, not the page (printed, it is whole).
      const moving = p.movement === 'mitchell';
      const round = t('club.round_n', { n: p.number });
      return h('section', { class: 'print-round' }, h('h1', {}, title), h('h2', {}, round),
        scrollBox(h('table', { class: 'draw' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('club.table')),
          h('th', { scope: 'col' }, t('club.side_n', { n: 1 })), h('th', { scope: 'col' }, t('club.side_n', { n: 2 })),
          moving ? h('th', { scope: 'col' }, t('club.movement_label')) : null,
          h('th', { scope: 'col', class: 'num' }, t('club.result')))),
        h('tbody', {}, p.tables.map((x) => h('tr', {}, h('td', {}, String(x.number)), h('td', {}, x.sides[0].join(' & ')),
          h('td', {}, x.sides[1].join(' & ')), moving ? h('td', { 'data-testid': `print-movement-${x.number}` }, movementText(x)) : null,
          h('td', { class: 'num' }, x.totals ? `${x.totals[0]} – ${x.totals[1]}` : ''))))), round),
        p.byes.length ? h('p', {}, t('club.byes', { names: p.byes.join(', ') }), moving ? ` · ${t('club.comes_to', { n: 1 })}` : '') : null);
    }),
    h('section', { class: 'print-standings' }, h('h1', {}, title), h('p', {}, formatText(ev)), standingsTable(ev), standingsNotes(ev)));
}

async function season() {
  const s = await api('GET', `/api/clubs/${clubId}/seasons/${parts[3]}`, undefined, { token });
  showMain(printButton(), h('h1', {}, s.name), h('p', {}, t('club.best_of_m', { n: s.best, m: s.evenings.length })),
    seasonTable(s, s.evenings.map((e, k) => dateWords(e.date, true) || e.title || t('club.evening_n', { n: k + 1 }))),
    h('p', {}, t('club.season_tie_rule')));
}

// Opened on another device without the club's link, the page says what to ask for (not the API's header).
if (!token) showMain(h('p', { role: 'alert', class: 'error', 'data-testid': 'error' }, t('club.no_token')));
else (parts[2] === 'seasons' ? season() : evening()).catch((x) => {
  const box = alertBox();
  showMain(box);
  showError(box, x);
});
