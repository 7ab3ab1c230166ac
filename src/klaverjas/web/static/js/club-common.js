// What every club page shares: the link's token (read from the address fragment, kept on this device,
// and the fragment removed at once; api.js sends it), errors shown with role=alert, and the standings table.
import { h } from './dom.js';
import { getLang, has, t } from './i18n.js';
import { pageTitle } from './layout.js';

// Replace the page's main content; arrays are flattened and absent parts (null) left out.
// The tab's title is the page's heading ('Drive · Klaverjas'), so it follows the language and names the club or
// evening instead of the file's fixed Dutch title.
export function showMain(...nodes) {
  const app = document.getElementById('app');
  app.replaceChildren(...nodes.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false));
  const heading = app.querySelector('h1')?.textContent.replace(/[♣♦♥♠]/gu, '').trim();
  if (heading) pageTitle(heading);
}

// The token of `key` (a club id, or 'table'): from #token=... when the link was just opened, else as kept.
export function takeToken(key) {
  const storageKey = `klaverjas.club.${key}`;
  const match = location.hash.match(/token=([^&]+)/);
  if (match) {
    localStorage.setItem(storageKey, decodeURIComponent(match[1]));
    history.replaceState(null, '', location.pathname + location.search);
  }
  return localStorage.getItem(storageKey);
}

export function keepToken(key, token) { localStorage.setItem(`klaverjas.club.${key}`, token); }

// A paragraph for a form's or a page's errors: screen readers announce what lands in it.
export function alertBox(testid = 'error') {
  return h('p', { class: 'error', role: 'alert', 'data-testid': testid, hidden: true });
}

// The server's reason in the page's language. With `sheetVars` (a table's deal form) a deal's refusal is
// said in the score keeper's own words; a server out of reach in api.js's offline sentence, whole;
// otherwise the reason follows a lead-in.
export function reasonText(err) {
  return (err.reason && err.reason[getLang()]) || err.message;
}

export function showError(box, err, sheetVars) {
  box.hidden = false;
  const key = `keeper.err.${err.code}`;
  if (err.code === 'network') box.textContent = err.message;
  else box.textContent = sheetVars && has(key) ? t(key, sheetVars) : t('club.refused', { detail: reasonText(err) });
}

export function clearError(box) { box.hidden = true; box.textContent = ''; }

// A wide table scrolls sideways inside its panel, not the page. While it does, the box is a named region
// and a keyboard focus stop, so the arrow keys can scroll it (a table that fits adds no tab stop), and the
// rank and name columns stay in view (club.css), the name's column starting where the rank's ends. The region
// is named after the table's caption, or `name` for a table without one.
export function scrollBox(table, name = '') {
  const box = h('div', { class: 'scroll-x' }, table);
  const caption = table.querySelector('caption');
  if (caption) caption.replaceChildren(h('span', {}, ...caption.childNodes));  // a caption box cannot stick, its text can
  const fit = () => {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle('scrolls', scrolls);
    if (scrolls) {
      box.setAttribute('tabindex', '0');
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', t('club.scrolls', { name: caption?.textContent || name }));
      box.style.setProperty('--rank-width', `${table.querySelector('tr > :first-child')?.offsetWidth || 0}px`);
    } else {
      for (const attr of ['tabindex', 'role', 'aria-label']) box.removeAttribute(attr);
    }
  };
  const watch = new ResizeObserver(fit);
  watch.observe(box);
  watch.observe(table);
  return box;
}

export function entrantName(line) {
  return line.players ? `${line.entrant} (${line.players.join(' & ')})` : line.entrant;
}

// The evening's standings: rank, name, a score per round, total; prizes marked (none before any result).
export function standingsTable(evening, { caption } = {}) {
  const st = evening.standings;
  const rounds = evening.played.length;
  const byeMark = (line, k) => (line.byes.includes(k + 1) ? ` (${t('club.bye_short')})` : '');
  return scrollBox(h('table', { class: 'standings', 'data-testid': 'standings' },
    h('caption', {}, caption || t('club.standings')),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, t('club.rank')), h('th', { scope: 'col' }, t('club.name')),
      Array.from({ length: rounds }, (_, k) => h('th', { scope: 'col', class: 'num' }, t('club.round_short', { n: k + 1 }))),
      h('th', { scope: 'col', class: 'num' }, evening.strokes ? t('club.strokes') : t('club.total')))),
    h('tbody', {}, st.lines.map((line) => h('tr', { class: line.prize ? 'prize' : null, 'data-entrant': line.entrant },
      h('td', {}, String(line.rank), line.prize ? h('span', { class: 'prize-mark', title: t('club.prize') },
        h('span', { 'aria-hidden': 'true' }, ' ★'), h('span', { class: 'sr-only' }, ` ${t('club.prize')}`)) : null),
      h('th', { scope: 'row' }, entrantName(line)),
      line.scores.map((s, k) => h('td', { class: 'num' }, s === null ? '–' : `${s}${byeMark(line, k)}`)),
      h('td', { class: 'num total', 'data-testid': `total-${line.entrant}` }, String(line.total)))))));
}

// Poedel, best round and the tie rule under the standings.
export function standingsNotes(evening) {
  const st = evening.standings;
  const notes = [];
  if (st.best_round.length) {
    notes.push(h('li', {}, t('club.best_round', { score: st.best_round[0].score,
      who: st.best_round.map((b) => `${b.entrant} (${t('club.round_short', { n: b.round })})`).join(', ') })));
  }
  if (st.poedel) notes.push(h('li', {}, t('club.poedel', { name: st.poedel })));
  notes.push(h('li', { class: 'hint' }, t('club.tie_rule')));
  return h('ul', { class: 'notes' }, notes);
}

export function formatText(evening) {
  const [kind, n] = evening.match_end.split(':');
  const end = t(kind === 'deals' ? 'club.deals_n' : kind === 'strokes' ? 'club.strokes_n' : 'club.points_n', { n });
  const bye = evening.bye.kind === 'fixed'
    ? t(evening.strokes ? 'club.bye_fixed_strokes' : 'club.bye_fixed', { n: evening.bye.points }) : t('club.bye_average');
  return [t(`club.format.${evening.format}`), evening.movement === 'mitchell' ? t('club.movement.mitchell') : null,
    t('club.rounds_n', { n: evening.rounds }), end, t(`club.preset.${evening.rules}`), bye].filter(Boolean).join(' · ');
}

// A stay/move round: the pair of side 1 stays at its table, the pair of side 2 goes on to the next.
export function movementText(table) {
  const moves = table.moves_to ? t('club.moves_to', { n: table.moves_to }) : t('club.moves_out');
  return `${t('club.stays', { name: table.stays })} · ${table.sides[1].join(' & ')} ${moves}`;
}

// A season: each entrant's evening totals (dropped ones marked), the counted total, the rank.
export function seasonTable(s, names) {
  return scrollBox(h('table', { class: 'standings season', 'data-testid': 'season' }, h('caption', {}, t('club.season_standings')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('club.rank')), h('th', { scope: 'col' }, t('club.name')),
      names.map((n) => h('th', { scope: 'col', class: 'num' }, n)), h('th', { scope: 'col', class: 'num' }, t('club.total')))),
    h('tbody', {}, s.lines.map((ln) => h('tr', {}, h('td', {}, String(ln.rank)), h('th', { scope: 'row' }, ln.entrant),
      ln.evenings.map((v, i) => h('td', { class: `num${ln.dropped.includes(i) ? ' dropped' : ''}`,
        title: ln.dropped.includes(i) ? t('club.dropped') : null }, v === null ? '–' : String(v))),
      h('td', { class: 'num total' }, String(ln.total)))))));
}
