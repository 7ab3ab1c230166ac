// A table's phone at a club evening (/club/table#token=...): the link is bound to one table of one
// round. The phone keeps that table's sheet deal by deal, like the score keeper; every score, nat,
// pit and total comes from the server (the score keeper's sheet), the page only shows them.
import { h, $ } from './dom.js';
import { onLangChange, t } from './i18n.js';
import { renderHeader } from './layout.js';
import { api } from './api.js';
import { alertBox, clearError, showError, showMain, takeToken } from './club-common.js';

const token = takeToken('table');
const TEAMS = ['NS', 'EW'];
let state = null;
let editing = null; // the deal number being corrected, or null for a new deal

const show = showMain;

function sideName(team) { return state.sheet.teams[team]; }

async function load() {
  state = await api('GET', '/api/clubs/table', undefined, { token });
  render();
}

async function send(method, url, body, err) {
  clearError(err);
  try {
    state = await api(method, url, body, { token });
    editing = null;
    render();
    // The next deal's first field; once the sheet is over there is none, so the status that says so.
    ($('points-NS') || $('table-status'))?.focus();
  } catch (x) { showError(err, x, { total: state.sheet.total }); }
}

function radios(name, legend, options, checked) {
  return h('fieldset', { class: 'choices', 'data-testid': name }, h('legend', {}, legend),
    h('div', { class: 'options' }, options.map(([value, label]) => h('label', { class: 'choice' },
      h('input', { type: 'radio', name, value, checked: value === checked }), label))));
}

function checked(form, name) {
  const input = form.querySelector(`input[name="${name}"]:checked`);
  return input && input.value ? input.value : null;
}

function dealForm() {
  const sheet = state.sheet;
  const old = editing ? sheet.deals[editing - 1] : null;
  const err = alertBox('deal-error');
  const points = (team) => h('input', { type: 'number', inputmode: 'numeric', id: `points-${team}`, name: `points-${team}`,
    min: 0, max: sheet.total, value: old ? String(old.points[team]) : '', 'data-testid': `points-${team}` });
  const roem = (team) => h('input', { type: 'number', inputmode: 'numeric', id: `roem-${team}`, name: `roem-${team}`,
    min: 0, step: 10, value: old ? String(old.roem[team]) : '0', 'data-testid': `roem-${team}` });
  const none = [['', t('club.nobody')]];
  const sides = TEAMS.map((team) => [team, sideName(team)]);
  // South African (strokes): no playing side, no pit, no verzaken; a deal may stop when a team goes on.
  const sa = sheet.scoring === 'strokes';
  const stopped = h('input', { type: 'checkbox', id: 'stopped', name: 'stopped', checked: Boolean(old && old.stopped),
    'data-testid': 'stopped' });
  const form = h('form', { class: 'panel deal-form', 'data-testid': 'deal-form', novalidate: true, onsubmit: (e) => {
    e.preventDefault();
    const num = (id) => (form.querySelector(`#${id}`).value === '' ? null : Number(form.querySelector(`#${id}`).value));
    const body = { makers: sa ? null : checked(form, 'makers'), points: { NS: num('points-NS'), EW: num('points-EW') },
      roem: { NS: num('roem-NS') || 0, EW: num('roem-EW') || 0 }, pit: sa ? null : checked(form, 'pit'),
      verzaakt: sa ? null : checked(form, 'verzaakt'), stopped: sa ? stopped.checked : false };
    send(editing ? 'PUT' : 'POST', editing ? `/api/clubs/table/deals/${editing}` : '/api/clubs/table/deals', body, err);
  } },
  h('h2', {}, editing ? t('club.edit_deal', { n: editing }) : t('club.deal_n', { n: sheet.deals.length + 1 })),
  sa ? null : radios('makers', t('club.makers'), sides, old ? old.makers : null),
  h('div', { class: 'grid two' }, TEAMS.map((team) => h('div', { class: 'field' },
    h('label', { for: `points-${team}` }, t('club.points_of', { side: sideName(team) })), points(team)))),
  h('p', { class: 'hint' }, t('club.points_hint', { total: sheet.total })),
  h('div', { class: 'grid two' }, TEAMS.map((team) => h('div', { class: 'field' },
    h('label', { for: `roem-${team}` }, t('club.roem_of', { side: sideName(team) })), roem(team)))),
  // Ticked by tapping its whole line, as in the score keeper's deal form.
  sa ? h('div', { class: 'field check' }, h('label', { class: 'choice' }, stopped, h('span', {}, t('club.stopped')))) : null,
  sa ? null : radios('pit', t('club.pit'), [...none, ...sides], old ? old.pit || '' : ''),
  sa ? null : radios('verzaakt', t('club.verzaakt'), [...none, ...sides], old ? old.verzaakt || '' : ''),
  err,
  h('div', { class: 'buttons' },
    h('button', { type: 'submit', class: 'primary big', 'data-testid': 'save-deal' }, editing ? t('club.save') : t('club.add_deal')),
    editing ? h('button', { type: 'button', onclick: () => {
      const number = editing;
      editing = null;
      render();
      ($(`edit-${number}`) || $('table-status'))?.focus();
    } }, t('club.cancel')) : null,
    editing ? h('button', { type: 'button', class: 'danger', 'data-testid': 'delete-deal',
      onclick: () => send('DELETE', `/api/clubs/table/deals/${editing}`, undefined, err) }, t('club.delete_deal')) : null));
  return form;
}

function sheetTable() {
  const sheet = state.sheet;
  const mark = (d, team) => [
    d.makers === team ? h('span', { class: 'mark makers', title: t('club.plays'), 'aria-label': t('club.plays') }, '●') : null,
    d.nat && d.makers === team ? h('span', { class: 'mark nat', 'data-testid': 'nat' }, t('club.nat')) : null,
    d.pit === team ? h('span', { class: 'mark pit' }, t('club.pit_mark')) : null,
    d.verzaakt === team ? h('span', { class: 'mark verzaakt' }, t('club.verzaakt_mark')) : null];
  const canEdit = !state.evening_closed;
  return h('table', { class: 'sheet', 'data-testid': 'sheet' },
    h('caption', { class: 'sr-only' }, t('club.sheet')),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), TEAMS.map((team) => h('th', { scope: 'col', class: 'num' }, sideName(team))))),
    h('tbody', {}, sheet.deals.map((d) => h('tr', { 'data-testid': `deal-${d.number}`, class: d.nat ? 'nat' : null },
      h('td', {}, canEdit ? h('button', { type: 'button', class: 'small', id: `edit-${d.number}`,
        'aria-label': t('club.edit_deal', { n: d.number }),
        onclick: () => { editing = d.number; render(); $('points-NS')?.focus(); } }, String(d.number)) : String(d.number)),
      TEAMS.map((team) => h('td', { class: 'num' }, String(d.score[team]), mark(d, team)))))),
    h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, t('club.total')),
      TEAMS.map((team) => h('td', { class: 'num', 'data-testid': `total-${team}` }, String(sheet.totals[team])))),
    sheet.scoring === 'strokes' ? h('tr', {}, h('th', { scope: 'row' }, t('club.strokes')),
      TEAMS.map((team) => h('td', { class: 'num', 'data-testid': `strokes-${team}` }, String(sheet.strokes[team])))) : null));
}

function dealerPicker() {
  const sheet = state.sheet;
  const err = alertBox('dealer-error');
  return h('div', { class: 'field' }, h('label', { for: 'first-dealer' }, t('club.first_dealer')),
    h('select', { id: 'first-dealer', onchange: (e) => send('PUT', '/api/clubs/table/dealer', { first_dealer: Number(e.target.value) }, err) },
      sheet.players.map((p, k) => h('option', { value: String(k), selected: k === sheet.first_dealer }, p))), err);
}

function render() {
  const sheet = state.sheet;
  const of = sheet.match_end.startsWith('deals:') ? Number(sheet.match_end.slice(6)) : null;
  let status;
  const strokes = sheet.scoring === 'strokes';
  if (state.typed) status = t('club.typed_by_organiser');
  else if (state.complete && strokes) status = t('club.sheet_complete_strokes', { a: sheet.strokes.NS, b: sheet.strokes.EW });
  else if (state.complete) status = t('club.sheet_complete', { a: sheet.totals.NS, b: sheet.totals.EW });
  else if (strokes) status = t('club.to_strokes', { n: sheet.match_end.slice(8), a: sheet.strokes.NS, b: sheet.strokes.EW });
  else if (of) status = t('club.deal_of', { n: sheet.deals.length + 1, of });
  else status = t('club.to_points', { n: sheet.match_end.slice(7) });
  const open = !state.evening_closed && !state.typed;
  show(h('p', { class: 'meta' }, [state.club_name, state.evening_title].filter(Boolean).join(' · ')),
    h('h1', { 'data-testid': 'table-title' }, t('club.round_table', { round: state.round, table: state.table })),
    h('p', { class: 'sides big-sides' }, h('span', {}, sideName('NS')), h('span', { class: 'vs' }, ' – '), h('span', {}, sideName('EW'))),
    h('p', { class: 'status', role: 'status', id: 'table-status', tabindex: '-1', 'data-testid': 'table-status' }, status),
    // Typed totals replace the sheet: no one deals any more, and an empty sheet's 0 – 0 is not the result.
    sheet.next_dealer_name && !state.typed ? h('p', { 'data-testid': 'dealer-now' }, t('club.dealer_now', { name: sheet.next_dealer_name })) : null,
    open && !sheet.deals.length ? dealerPicker() : null,
    state.typed && !sheet.deals.length ? null : sheetTable(),
    open && (editing || !sheet.over) ? dealForm() : null,
    state.round_closed ? h('p', { class: 'hint' }, t('club.round_closed_hint')) : null,
    h('p', {}, h('button', { type: 'button', onclick: () => load().catch(fail) }, t('club.refresh'))));
}

function fail(x) {
  const box = alertBox();
  show(h('h1', {}, t('club.table_page')), box);
  showError(box, x);
}

renderHeader({ current: 'club' });
onLangChange(() => (state ? render() : null));
if (!token) fail(new Error(t('club.no_table_token')));
else load().catch(fail);
