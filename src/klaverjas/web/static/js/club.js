// The organiser's pages: /club (make a club), /club/{id} (members, seasons, evenings),
// /club/{id}/evenings/{n} (sign in, draw, the tables' links and QR codes, totals, close a round,
// the standings) and /club/{id}/seasons/{n} (best N of M). A public link shows the same pages
// without their controls; the server decides what a token may do.
import { h, $ } from './dom.js';
import { dateWords, onLangChange, t } from './i18n.js';
import { renderHeader } from './layout.js';
import { api, download } from './api.js';
import {
  alertBox, clearError, formatText, keepToken, movementText, seasonTable, showError, showMain,
  standingsNotes, standingsTable, takeToken,
} from './club-common.js';

const parts = location.pathname.split('/').filter(Boolean); // ['club', id, 'evenings', n]
const clubId = parts[1] || null;
// The way back to the club, as the learning pages' way back: '‹ name', small, 44 px to tap.
const backLink = (name) => h('p', { class: 'back' },
  h('a', { href: `/club/${clubId}`, 'data-testid': 'back' }, h('span', { 'aria-hidden': 'true' }, '‹ '), name));

const token = clubId ? takeToken(clubId) : null;
// A request to the club's API with the club's token (organiser or public).
const request = (method, url, body) => api(method, url, body, { token });
const KNOWN = 'klaverjas.club.known';
let redraw = () => {};
let pollTimer = null;

function known() {
  try { return JSON.parse(localStorage.getItem(KNOWN) || '{}'); } catch { return {}; }
}

function remember(id, name) {
  localStorage.setItem(KNOWN, JSON.stringify({ ...known(), [id]: name }));
}

const show = showMain;

function field(id, label, input) {
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

function numberInput(name, value, attrs = {}) {
  return h('input', { type: 'number', inputmode: 'numeric', name, value: String(value), ...attrs });
}

// --- /club: a new club -----------------------------------------------------------------------------
function homeView() {
  const err = alertBox();
  const name = h('input', { type: 'text', name: 'name', required: true, maxlength: 60, autocomplete: 'organization' });
  const form = h('form', { class: 'panel', 'data-testid': 'new-club', onsubmit: async (e) => {
    e.preventDefault();
    clearError(err);
    try {
      const club = await api('POST', '/api/clubs', { name: name.value });
      keepToken(club.id, club.organiser_token);
      remember(club.id, club.name);
      location.assign(`/club/${club.id}`);
    } catch (x) { showError(err, x); }
  } }, h('h2', {}, t('club.new_club')), field('club-name', t('club.club_name'), name), err,
  h('button', { type: 'submit', class: 'primary big' }, t('club.create_club')));
  const mine = Object.entries(known());
  show(h('h1', {}, t('club.title')), h('p', {}, t('club.intro')),
    mine.length ? h('section', { class: 'panel' }, h('h2', {}, t('club.my_clubs')),
      h('ul', { class: 'links' }, mine.map(([id, n]) => h('li', {}, h('a', { href: `/club/${id}` }, n))))) : null,
    form);
}

// --- /club/{id} ------------------------------------------------------------------------------------
async function clubView() {
  const club = await request('GET', `/api/clubs/${clubId}`);
  remember(club.id, club.name);
  const organiser = club.role === 'organiser';
  const err = alertBox();
  const act = async (fn) => {
    clearError(err);
    try { await fn(); await clubView(); } catch (x) { showError(err, x); }
  };
  const origin = location.origin;
  const links = organiser ? h('section', { class: 'panel' }, h('h2', {}, t('club.links')),
    h('p', {}, t('club.organiser_link_hint')),
    h('p', {}, h('a', { href: `/club/${club.id}#token=${token}`, 'data-testid': 'organiser-link' }, t('club.organiser_link'))),
    h('p', {}, t('club.public_link_hint')),
    h('p', {}, h('input', { type: 'text', readonly: true, value: origin + club.public_link, 'aria-label': t('club.public_link'),
      class: 'copy', 'data-testid': 'public-link' })),
    h('p', {}, h('button', { type: 'button', 'data-testid': 'renew-public',
      onclick: () => { if (window.confirm(t('club.renew_public_confirm'))) act(() => request('POST', `/api/clubs/${clubId}/public-link`)); },
    }, t('club.renew_public')))) : h('p', { class: 'hint' }, t('club.public_view'));

  const memberName = h('input', { type: 'text', maxlength: 60, required: true });
  const memberNumber = h('input', { type: 'text', maxlength: 20 });
  const members = h('section', { class: 'panel' }, h('h2', {}, t('club.members_n', { n: club.members.length })),
    h('ul', { class: 'members', 'data-testid': 'members' }, club.members.map((m) => h('li', {},
      h('span', {}, m.number ? `${m.name} (${m.number})` : m.name),
      organiser ? h('button', { type: 'button', class: 'small', 'aria-label': t('club.remove_member', { name: m.name }),
        onclick: () => act(() => request('DELETE', `/api/clubs/${clubId}/members/${m.id}`)) }, '✕') : null))),
    organiser ? h('form', { class: 'inline', onsubmit: (e) => { e.preventDefault();
      act(() => request('POST', `/api/clubs/${clubId}/members`, { name: memberName.value, number: memberNumber.value || null }));
    } }, field('member-name', t('club.name'), memberName), field('member-number', t('club.number'), memberNumber),
    h('button', { type: 'submit' }, t('club.add_member'))) : null);

  const seasonName = h('input', { type: 'text', maxlength: 60, required: true });
  const seasonBest = numberInput('best', 5, { min: 1, max: 100 });
  const seasons = h('section', { class: 'panel' }, h('h2', {}, t('club.seasons')),
    h('ul', { class: 'links' }, club.seasons.map((s) => h('li', {},
      h('a', { href: `/club/${clubId}/seasons/${s.id}` }, `${s.name} · ${t('club.best_of', { n: s.best })}`)))),
    organiser ? h('form', { class: 'inline', onsubmit: (e) => { e.preventDefault();
      act(() => request('POST', `/api/clubs/${clubId}/seasons`, { name: seasonName.value, best: Number(seasonBest.value) }));
    } }, field('season-name', t('club.season_name'), seasonName), field('season-best', t('club.season_best'), seasonBest),
    h('button', { type: 'submit' }, t('club.add_season'))) : null);

  const evenings = h('section', { class: 'panel' }, h('h2', {}, t('club.evenings')),
    h('ul', { class: 'links', 'data-testid': 'evenings' }, club.evenings.map((e) => h('li', {},
      h('a', { href: `/club/${clubId}/evenings/${e.id}` }, [dateWords(e.date), e.title || t('club.evening_n', { n: e.id })].filter(Boolean).join(' · ')),
      h('span', { class: 'meta' }, ` ${t('club.rounds_played', { n: e.rounds_played, of: e.rounds })}${e.closed ? ` · ${t('club.closed')}` : ''}`)))));

  // The new evening's form is a panel of its own under the list, not a panel inside a panel.
  show(h('h1', {}, club.name), err, links, evenings, organiser ? eveningForm(club, err) : null, members, seasons,
    h('p', {}, h('button', { type: 'button', onclick: () => download(`/api/clubs/${clubId}/export.csv`,
      `klaverjas-club-${clubId}.csv`, { token }).catch((x) => showError(err, x)) }, t('club.export_all'))));
}

function eveningForm(club, err) {
  const select = (name, options, value) => h('select', { name }, options.map(([v, label]) =>
    h('option', { value: v, selected: v === value }, label)));
  const title = h('input', { type: 'text', name: 'title', maxlength: 80 });
  const date = h('input', { type: 'date', name: 'date', value: new Date().toISOString().slice(0, 10) });
  const season = select('season', [['', t('club.no_season')], ...club.seasons.map((s) => [String(s.id), s.name])],
    club.seasons.length ? String(club.seasons[club.seasons.length - 1].id) : '');
  const format = select('format', [['individual', t('club.format.individual')], ['pairs', t('club.format.pairs')]], 'individual');
  const movement = select('movement', [['circle', t('club.movement.circle')], ['mitchell', t('club.movement.mitchell')]], 'circle');
  const movementField = field('ev-movement', t('club.movement_label'), movement);
  const rounds = numberInput('rounds', 5, { min: 1, max: 12 });
  const dutchEnds = [['deals:16', t('club.deals_n', { n: 16 })], ['deals:12', t('club.deals_n', { n: 12 })],
    ['points:1500', t('club.points_n', { n: 1500 })]];
  const saEnds = [['strokes:5', t('club.strokes_n', { n: 5 })]];
  const deals = select('deals', dutchEnds, 'deals:16');
  const rules = select('rules', [['amsterdam', t('club.preset.amsterdam')], ['rotterdam', t('club.preset.rotterdam')],
    ['sa', t('club.preset.sa')]], 'amsterdam');
  // Under the label 'bye score' the option need not say 'bye' again: so it shows whole at 320 px.
  const byeKind = select('bye', [['fixed', t('club.bye_kind_fixed')], ['average', t('club.bye_kind_average')]], 'fixed');
  const byePoints = numberInput('bye_points', 1600, { min: 0 });
  // Fixed pairs choose their movement; a South African table plays to strokes and its bye counts in strokes.
  const sync = () => { movementField.hidden = format.value !== 'pairs'; };
  format.addEventListener('change', sync);
  rules.addEventListener('change', () => {
    const sa = rules.value === 'sa';
    deals.replaceChildren(...(sa ? saEnds : dutchEnds).map(([v, label]) => h('option', { value: v }, label)));
    byeKind.value = sa ? 'average' : 'fixed';
    byePoints.value = sa ? '3' : '1600';
  });
  sync();
  const first = numberInput('prize_first', 4, { min: 0 });
  const every = numberInput('prize_every', 4, { min: 0 });
  return h('form', { class: 'panel', 'data-testid': 'new-evening', onsubmit: async (e) => {
    e.preventDefault();
    clearError(err);
    try {
      const ev = await request('POST', `/api/clubs/${clubId}/evenings`, {
        title: title.value, date: date.value, season_id: season.value ? Number(season.value) : null, format: format.value,
        movement: format.value === 'pairs' ? movement.value : 'circle',
        rounds: Number(rounds.value), match_end: deals.value, rules: rules.value,
        bye: { kind: byeKind.value, points: Number(byePoints.value) },
        prizes: { first: Number(first.value), then_every: Number(every.value) } });
      location.assign(`/club/${clubId}/evenings/${ev.id}`);
    } catch (x) { showError(err, x); }
  } }, h('h2', {}, t('club.new_evening')),
  h('div', { class: 'grid evening-fields' }, field('ev-title', t('club.evening_title'), title), field('ev-date', t('club.date'), date),
    field('ev-season', t('club.season'), season), field('ev-format', t('club.format_label'), format), movementField,
    field('ev-rounds', t('club.rounds'), rounds), field('ev-deals', t('club.per_round'), deals),
    field('ev-rules', t('club.rules'), rules), field('ev-bye', t('club.bye'), byeKind),
    field('ev-bye-points', t('club.bye_points'), byePoints), field('ev-prize-first', t('club.prize_first'), first),
    field('ev-prize-every', t('club.prize_every'), every)),
  h('button', { type: 'submit', class: 'primary big', 'data-testid': 'create-evening' }, t('club.create_evening')));
}

// --- /club/{id}/evenings/{n} -----------------------------------------------------------------------
const eveningId = parts[2] === 'evenings' ? Number(parts[3]) : null;
const base = () => `/api/clubs/${clubId}/evenings/${eveningId}`;

async function eveningView() {
  const ev = await request('GET', base());
  const organiser = ev.role === 'organiser';
  const err = alertBox();
  const act = async (fn) => {
    clearError(err);
    try { await fn(); await eveningView(); } catch (x) { showError(err, x); }
  };
  const current = ev.current_round ? ev.played[ev.current_round - 1] : null;
  const nextNumber = ev.played.length + 1;

  // Who is present: sign in at the door (a member's name is offered), leave between rounds.
  const name = h('input', { type: 'text', maxlength: 60, list: 'club-members', autocomplete: 'off', 'data-testid': 'sign-in-name' });
  const pairInputs = ev.format === 'pairs'
    ? [h('input', { type: 'text', maxlength: 60, list: 'club-members' }), h('input', { type: 'text', maxlength: 60, list: 'club-members' })] : [];
  const club = organiser ? await request('GET', `/api/clubs/${clubId}`) : null;
  const signIn = organiser && !ev.closed ? h('form', { class: 'inline', 'data-testid': 'sign-in', onsubmit: (e) => {
    e.preventDefault();
    const body = { name: name.value };
    if (pairInputs.length) body.members = pairInputs.map((i) => i.value);
    act(async () => { await request('POST', `${base()}/present`, body); setTimeout(() => $('sign-in-name')?.focus(), 0); });
  } }, field('sign-in-name', ev.format === 'pairs' ? t('club.pair_name') : t('club.player_name'), name),
  pairInputs.map((input, k) => field(`pair-${k}`, t('club.pair_player', { n: k + 1 }), input)),
  h('datalist', { id: 'club-members' }, (club ? club.members : []).map((m) => h('option', { value: m.name }))),
  h('button', { type: 'submit', 'data-testid': 'sign-in-button' }, t('club.sign_in'))) : null;
  const present = h('section', { class: 'panel' }, h('h2', {}, t('club.present_n', { n: ev.present.length })), signIn,
    h('ul', { class: 'present', 'data-testid': 'present' }, ev.present.map((p) => h('li', {},
      h('span', {}, ev.members[p] ? `${p} (${ev.members[p].join(' & ')})` : p),
      organiser && !ev.closed ? h('button', { type: 'button', class: 'small', 'aria-label': t('club.leave', { name: p }),
        onclick: () => act(() => request('POST', `${base()}/leave`, { name: p })) }, '✕') : null))));

  // The round being played: each table with its link, QR code and result; or the button to draw the next.
  let roundPart = null;
  if (current) {
    const links = organiser ? await request('GET', `${base()}/rounds/${current.number}/links`) : [];
    roundPart = h('section', { class: 'panel', 'data-testid': 'round' }, h('h2', {}, t('club.round_of', { n: current.number, of: ev.rounds })),
      current.byes.length ? h('p', {}, t('club.byes', { names: current.byes.join(', ') }),
        current.movement === 'mitchell' ? ` · ${t('club.comes_to', { n: 1 })}` : '') : null,
      current.movement === 'mitchell' ? h('p', { class: 'hint' }, t('club.movement_hint')) : null,
      h('ol', { class: 'tables' }, current.tables.map((table) => tableCard(ev, current, table,
        links.find((l) => l.table === table.number), act))),
      organiser ? h('p', {}, h('button', { type: 'button', class: 'primary big', 'data-testid': 'close-round',
        onclick: () => act(() => request('POST', `${base()}/rounds/${current.number}/close`)) },
      t('club.close_round', { n: current.number }))) : null);
  } else if (organiser && !ev.closed && nextNumber <= ev.rounds) {
    roundPart = h('section', {}, h('p', {}, h('button', { type: 'button', class: 'primary big', 'data-testid': 'draw',
      onclick: () => act(() => request('POST', `${base()}/rounds`, {})) }, t('club.draw_round', { n: nextNumber }))),
    ownDraw(ev, nextNumber));
  }
  const closeEvening = organiser && !ev.closed && !current && ev.played.length
    ? h('p', {}, h('button', { type: 'button', 'data-testid': 'close-evening', onclick: () => {
      if (confirm(t('club.confirm_close'))) act(() => request('POST', `${base()}/close`));
    } }, t('club.close_evening'))) : null;

  const earlier = ev.played.filter((p) => p !== current);
  const log = ev.log.length ? h('section', { class: 'panel' }, h('h2', {}, t('club.corrections')),
    h('ul', { 'data-testid': 'log' }, ev.log.map((c) => h('li', {}, t('club.correction', {
      round: c.round, table: c.table, by: c.by, before: c.before.join('–'), after: (c.after || []).join('–') }))))) : null;

  show(backLink(ev.club_name),
    h('h1', {}, ev.title || t('club.evening_n', { n: ev.id })),
    h('p', { class: 'meta' }, [dateWords(ev.date), formatText(ev), ev.closed ? t('club.closed') : null].filter(Boolean).join(' · ')),
    err,
    h('p', { class: 'views' },
      h('a', { class: 'button', href: `/club/${clubId}/evenings/${eveningId}/projector`, 'data-testid': 'projector-link' }, t('club.projector')),
      h('a', { class: 'button', href: `/club/${clubId}/evenings/${eveningId}/print` }, t('club.print')),
      h('button', { type: 'button', onclick: () => download(`${base()}/export.csv`, `klaverjas-evening-${eveningId}.csv`, { token })
        .catch((x) => showError(err, x)) }, t('club.export'))),
    roundPart, closeEvening, present,
    h('section', { class: 'panel standings-panel' }, standingsTable(ev), standingsNotes(ev)),
    earlier.length ? h('section', { class: 'panel' }, h('h2', {}, t('club.earlier_rounds')), earlier.map((p) => h('details', {},
      h('summary', {}, t('club.round_n', { n: p.number })),
      h('ol', { class: 'tables' }, p.tables.map((table) => tableCard(ev, p, table, null, act)))))) : null,
    log);
  // While tables are playing, their progress comes in by itself (unless the organiser is typing).
  clearTimeout(pollTimer);
  if (current) {
    pollTimer = setTimeout(() => {
      if (!$('app').contains(document.activeElement) || document.activeElement.tagName === 'BUTTON' || document.activeElement === $('app')) redraw();
      else pollTimer = setTimeout(redraw, 5000);
    }, 5000);
  }
}

function tableCard(ev, rnd, table, link, act) {
  const organiser = ev.role === 'organiser';
  const sides = table.sides.map((s) => s.join(' & '));
  const status = table.complete ? t('club.table_done', { a: table.totals[0], b: table.totals[1] })
    : table.deals ? t('club.table_progress', { n: table.deals, of: ev.deals_per_round || '…' }) : t('club.table_waiting');
  const a = numberInput('total_1', table.totals ? table.totals[0] : '', { min: 0, 'aria-label': t('club.total_of', { side: sides[0] }) });
  const b = numberInput('total_2', table.totals ? table.totals[1] : '', { min: 0, 'aria-label': t('club.total_of', { side: sides[1] }) });
  const totals = organiser && !ev.closed ? h('details', { class: 'type-totals' }, h('summary', {}, t('club.type_totals')),
    h('form', { class: 'inline', onsubmit: (e) => { e.preventDefault();
      act(() => request('PUT', `${base()}/rounds/${rnd.number}/tables/${table.number}/totals`,
        { totals: [Number(a.value), Number(b.value)] }));
    } }, a, b, h('button', { type: 'submit' }, t('club.save')))) : null;
  return h('li', { class: `table-card${table.complete ? ' done' : ''}`, 'data-testid': `table-${table.number}` },
    h('h3', {}, t('club.table_n', { n: table.number })),
    h('p', { class: 'sides' }, h('span', {}, sides[0]), h('span', { class: 'vs' }, ' – '), h('span', {}, sides[1])),
    table.stays ? h('p', { class: 'movement', 'data-testid': `movement-${table.number}` }, movementText(table)) : null,
    h('p', { class: 'status', 'data-testid': `status-${table.number}` }, status),
    link ? h('div', { class: 'qr' }, h('img', { src: link.qr_svg, alt: t('club.qr_alt', { n: table.number }), width: 132, height: 132 }),
      h('a', { href: link.link, target: '_blank', rel: 'noopener', 'data-testid': `table-link-${table.number}` }, t('club.table_link'))) : null,
    totals);
}

// The organiser's own seating of the next round: each table's seats typed (present names offered), and
// who sits out. The server checks it as it checks a drawn round; a refusal shows here, in the page's language.
function ownDraw(ev, number) {
  const side = ev.format === 'pairs' ? 1 : 2;
  const err = alertBox('own-draw-error');
  const count = numberInput('own_tables', Math.max(1, Math.floor(ev.present.length / (2 * side))), { min: 1, max: 40,
    id: 'own-tables', 'data-testid': 'own-tables' });
  const rows = h('ol', { class: 'own-tables' });
  const byes = h('input', { type: 'text', id: 'own-byes', 'data-testid': 'own-byes', autocomplete: 'off',
    placeholder: t('club.own_byes_hint') });
  const seat = (k, s, p) => h('input', { type: 'text', maxlength: 60, list: 'club-present', autocomplete: 'off',
    'data-testid': `own-${k}-${s}-${p}`, 'aria-label': t('club.own_seat', { table: k, side: s, n: p }) });
  const fill = () => {
    const n = Math.max(1, Math.min(40, Number(count.value) || 1));
    while (rows.children.length > n) rows.lastChild.remove();
    for (let k = rows.children.length + 1; k <= n; k += 1) {
      rows.append(h('li', { class: 'own-table', 'data-table': String(k) }, h('span', { class: 'label' }, t('club.table_n', { n: k })),
        [1, 2].map((s) => h('span', { class: 'own-side' }, Array.from({ length: side }, (_, p) => seat(k, s, p + 1))))));
    }
  };
  count.addEventListener('input', fill);
  fill();
  const names = (text) => text.split(',').map((x) => x.trim()).filter(Boolean);
  return h('details', { class: 'panel own-draw', 'data-testid': 'own-draw' }, h('summary', {}, t('club.own_draw', { n: number })),
    h('form', { onsubmit: async (e) => {
      e.preventDefault();
      clearError(err);
      const tables = [...rows.children].map((row) => [1, 2].map((s) => [...row.querySelectorAll(`[data-testid^="own-${row.dataset.table}-${s}-"]`)]
        .map((input) => input.value.trim()).filter(Boolean)));
      try {
        await request('POST', `${base()}/rounds`, { tables, byes: names(byes.value) });
        await eveningView();
      } catch (x) { showError(err, x); }
    } }, h('p', { class: 'hint' }, t('club.own_draw_hint')),
    field('own-tables', t('club.own_tables'), count), rows,
    h('datalist', { id: 'club-present' }, ev.present.map((p) => h('option', { value: p }))),
    field('own-byes', t('club.own_byes'), byes), err,
    h('button', { type: 'submit', class: 'primary', 'data-testid': 'own-draw-submit' }, t('club.own_draw_save'))));
}

// --- /club/{id}/seasons/{n} ------------------------------------------------------------------------
const seasonId = parts[2] === 'seasons' ? Number(parts[3]) : null;

async function seasonView() {
  // The club's name makes the way back a link a screen reader can name, as on the evening page.
  const [s, club] = await Promise.all([request('GET', `/api/clubs/${clubId}/seasons/${seasonId}`),
    request('GET', `/api/clubs/${clubId}`)]);
  const names = s.evenings.map((e, k) => dateWords(e.date, true) || e.title || t('club.evening_n', { n: k + 1 }));
  show(backLink(club.name),
    h('h1', {}, s.name), h('p', { class: 'meta' }, t('club.best_of_m', { n: s.best, m: s.evenings.length })),
    h('p', {}, h('a', { class: 'button', href: `/club/${clubId}/seasons/${seasonId}/print` }, t('club.print'))),
    h('section', { class: 'panel standings-panel' }, seasonTable(s, names), h('p', { class: 'hint' }, t('club.season_tie_rule'))));
}

// --- start -----------------------------------------------------------------------------------------
async function start() {
  try {
    if (!clubId) return homeView();
    document.body.classList.add('club-open');  // the club's tables may take a desktop's width (club.css)
    if (!token) {
      show(h('h1', {}, t('club.title')), h('p', { role: 'alert', class: 'error' }, t('club.no_token')));
      return undefined;
    }
    if (eveningId) return await eveningView();
    if (seasonId) return await seasonView();
    return await clubView();
  } catch (x) {
    const box = alertBox();
    show(h('h1', {}, t('club.title')), box);
    showError(box, x);
    return undefined;
  }
}

redraw = start;
renderHeader({ current: 'club' });
onLangChange(() => redraw());
start();
