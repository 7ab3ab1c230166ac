// The score keeper page: hash routes over the JSON API. The server computes
// every score (with the rules core); this page only collects input and shows it.
import { api, ApiError, download } from './api.js';
import { $, h } from './dom.js';
import { termLink } from './glossary.js';
import { getLang, has, onLangChange, t } from './i18n.js';
import { pageTitle, renderHeader } from './layout.js';

const app = $('app');
const TEAMS = ['NS', 'EW'];
const otherTeam = (team) => (team === 'NS' ? 'EW' : 'NS');
const ROEM_STEPS = [20, 50, 100, 200];
let flash = null; // a one-off status message shown on the next sheet render
let nextFocus = null; // where the next sheet render puts the focus (after a deal is saved: the next deal)

// ---------------------------------------------------------------- tokens
// A sheet opens only with its token (the owner's, or a share's). This browser keeps the tokens of its
// sheets in localStorage: { [id]: { token, access } }; the server keeps only their hashes.
const TOKENS_KEY = 'klaverjas.keeper.tokens';

function tokens() {
  try {
    const stored = JSON.parse(localStorage.getItem(TOKENS_KEY) || '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

function saveTokens(all) {
  localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
}

function tokenOf(id) {
  const held = tokens()[id];
  return held ? held.token : null;
}

function keepToken(id, token, access) {
  const all = tokens();
  all[id] = { token, access };
  saveTokens(all);
}

function forgetToken(id) {
  const all = tokens();
  delete all[id];
  saveTokens(all);
}

// The API on one sheet, with its token.
function sheetApi(method, id, path, body) {
  return api(method, `/api/sheets/${id}${path}`, body, { token: tokenOf(id) });
}

// A share link (#sheet=ID&token=T): keep its token (unless this browser holds the owner's: a link held before
// may have been withdrawn, and the owner sends a new one), then drop the token from the address at once, so
// history and bookmarks never keep it.
function takeLinkToken() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  const id = params.get('sheet');
  const token = params.get('token');
  if (!id || !/^\d+$/.test(id) || !token) return;
  const held = tokens()[id];
  if (!held || held.access !== 'owner') keepToken(id, token, null);
  history.replaceState(null, '', `${location.pathname}${location.search}#/sheet/${id}`);
}

// The sheet as this token sees it; remembers what the token may do.
async function loadSheet(id) {
  const sheet = await sheetApi('GET', id, '');
  const held = tokens()[id];
  if (held && held.access !== sheet.access) keepToken(id, held.token, sheet.access);
  return sheet;
}

function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

function show(view, focus) {
  app.replaceChildren(view);
  // Move focus to the new view so keyboard and screen-reader users land on it.
  // `focus` is a selector or a list tried in order (a disabled button cannot take focus).
  const wanted = (Array.isArray(focus) ? focus : [focus]).filter(Boolean).map((sel) => view.querySelector(sel));
  const target = wanted.find((el) => el && !el.disabled) || view.querySelector('h1');
  if (target) target.focus();
}

// The view's heading, and the tab's title with it ('Wij – Zij · Klaverjas'), so that sheets open in two tabs
// are told apart, as the club's pages are.
function heading(text) {
  pageTitle(text);
  return h('h1', { tabindex: '-1' }, text);
}

function teamName(sheet, team) {
  return sheet.teams[team];
}

function seatLabel(sheet, seat) {
  const name = sheet.players && sheet.players[seat];
  return name || `${t('keeper.player_n', { n: seat + 1 })} (${teamName(sheet, TEAMS[seat % 2])})`;
}

// A seat in a few letters, for a narrow column: the player's name, else the seat's number.
function shortSeat(sheet, seat) {
  const name = sheet.players && sheet.players[seat];
  return name || t('keeper.seat_short', { n: seat + 1 });
}

// A failure in this language: the server's reason (it gives every refusal in every language), the page's
// own words when the server could not be reached or asks to wait, else what went wrong after a lead-in.
function failureText(e) {
  if (e instanceof ApiError && e.reason) return e.message;
  if (e instanceof ApiError && e.code === 'network') return t('keeper.offline');
  if (e instanceof ApiError && ['rate_limited', 'database_unavailable'].includes(e.code)) return t('keeper.busy');
  return t('keeper.error', { detail: e.message });
}

// Points that do not add up are said as the server says them, with the sum typed: the preview says the same
// sentence, and the page's own words could only repeat the rule.
const SERVER_WORDS = new Set(['points_sum', 'points_sum_stopped']);

// One field's refusal in this language, said at the field: the page's own words, else the server's for this
// field; null when there are neither.
// The schema refuses a number that is not whole and a name with an invisible character both as `invalid`.
function fieldText(item, vars) {
  const code = item.code === 'invalid' && /^(title|teams|players)\b/.test(item.field) ? 'invalid_name' : item.code;
  const server = item.reason ? item.reason[getLang()] : null;
  if (server && SERVER_WORDS.has(code)) return server;
  return has(`keeper.err.${code}`) ? t(`keeper.err.${code}`, vars) : server;
}

// A match end ('deals:16', 'open') in words, or as the server wrote it when it is of a kind unknown here.
function endText(end) {
  const [kind, n] = end.split(':');
  return has(`keeper.end.${kind}`) ? t(`keeper.end.${kind}`, { n: Number(n) }) : end;
}

function setTitle() {
  pageTitle(t('common.nav.keeper'));
}

// ---------------------------------------------------------------- list
async function listView() {
  const held = Object.values(tokens()).map((x) => x.token).filter(Boolean);
  let sheets = [];
  try {
    if (held.length) sheets = await api('GET', '/api/sheets', undefined, { token: held.join(',') });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) throw e; // 401: none of the held sheets is left
  }
  const items = sheets.map((s) => {
    const name = s.title || `${s.teams.NS} – ${s.teams.EW}`;
    const score = s.rules === 'sa' ? `${s.strokes.NS} – ${s.strokes.EW} ${t('keeper.strokes').toLowerCase()}`
      : `${s.totals.NS} – ${s.totals.EW}`;
    const meta = [t(`keeper.preset.${s.rules}`), t('keeper.deals_n', { n: s.deals }), score];
    if (s.over) meta.push(t('keeper.over'));
    return h('li', {}, h('a', { href: `#/sheet/${s.id}`, class: 'sheet-link' },
      h('span', { class: 'sheet-name' }, name), h('span', { class: 'meta' }, meta.join(' · '))));
  });
  show(h('section', {},
    heading(t('keeper.sheets')),
    h('p', {}, t('keeper.intro')),
    h('p', {}, h('a', { href: '#/new', class: 'button primary big', 'data-testid': 'new-sheet' }, t('keeper.new_sheet'))),
    items.length ? h('ul', { class: 'sheets' }, items) : h('p', {}, t('keeper.no_sheets')),
  ));
}

// ---------------------------------------------------------------- sheet settings
function field(id, label, input, hint) {
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input,
    hint ? h('p', { class: 'hint' }, hint) : null,
    h('p', { class: 'error', id: `err-${id}`, hidden: true, 'aria-live': 'polite' }));
}

function radios(name, legend, options, checked, testid) {
  return h('fieldset', { class: 'choices', id: `fs-${name}`, 'data-testid': testid || name },
    h('legend', {}, legend),
    h('div', { class: 'options' }, options.map(([value, label]) => h('label', { class: 'choice' },
      h('input', { type: 'radio', name, value, checked: value === checked }), h('span', {}, label)))),
    h('p', { class: 'error', id: `err-${name}`, hidden: true, 'aria-live': 'polite' }));
}

function checkedValue(form, name) {
  const el = form.querySelector(`input[name="${name}"]:checked`);
  return el ? el.value : null;
}

function clearErrors(form) {
  for (const p of form.querySelectorAll('.error')) { p.hidden = true; p.textContent = ''; }
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

// Put each server error at its field (a refusal of the whole request in the form's own slot).
function showErrors(form, err, vars, slotFor) {
  clearErrors(form);
  const items = err instanceof ApiError ? err.errors : [];
  const whole = failureText(err);
  const errors = items.length ? items : [{ field: '', code: null, message: whole }];
  let first = null;
  for (const e of errors) {
    const slotId = slotFor(e.field);
    const slot = form.querySelector(`[id="err-${slotId}"]`) || form.querySelector('[id="err-form"]');
    // Without words of its own for a field, the page says the server's: the whole reason when it is this one.
    const text = (e.code && fieldText(e, vars)) || (items.length === 1 ? whole : e.message);
    slot.textContent = slot.hidden ? text : `${slot.textContent} ${text}`;
    slot.hidden = false;
    const input = form.querySelector(`[id="${slotId}"]`);
    if (input && input.matches('input, select')) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', `err-${slotId}`);
    }
    first = first || (input && input.matches('input, select') ? input : form.querySelector(`#fs-${slotId} input`)) || slot;
  }
  if (first) {
    if (!first.matches('input, select, button')) first.setAttribute('tabindex', '-1');
    first.focus();
  }
}

async function sheetFormView(sheetId) {
  const sheet = sheetId ? await loadSheet(sheetId) : null;
  if (sheet && sheet.access === 'read') { go(`#/sheet/${sheet.id}`); return; }
  const players = (sheet && sheet.players) || ['', '', '', ''];
  const rules = sheet ? sheet.rules : 'amsterdam';
  const matchEnd = sheet ? sheet.match_end : 'deals:16';
  const dutchEnds = ['deals:16', 'points:1500', 'open'];
  const ends = dutchEnds.includes(matchEnd) || !sheet ? dutchEnds : [matchEnd, ...dutchEnds];
  const form = h('form', { novalidate: true, class: 'sheet-form' },
    field('title', t('keeper.title'), h('input', { type: 'text', maxlength: 40, value: sheet ? sheet.title : '', autocomplete: 'off' })),
    h('fieldset', {}, h('legend', {}, t('keeper.teams')),
      field('teams.NS', t('keeper.team_ns'), h('input', { type: 'text', maxlength: 40, value: sheet ? sheet.teams.NS : 'Wij', autocomplete: 'off' })),
      field('teams.EW', t('keeper.team_ew'), h('input', { type: 'text', maxlength: 40, value: sheet ? sheet.teams.EW : 'Zij', autocomplete: 'off' }))),
    h('fieldset', {}, h('legend', {}, t('keeper.players')),
      players.map((p, i) => field(`players.${i}`, `${t('keeper.player_n', { n: i + 1 })} · ${i % 2 ? t('keeper.team_ew') : t('keeper.team_ns')}`,
        h('input', { type: 'text', maxlength: 40, value: p, autocomplete: 'off' })))),
    radios('first_dealer', t('keeper.first_dealer'), [0, 1, 2, 3].map((i) => [String(i), players[i] || t('keeper.player_n', { n: i + 1 })]),
      String(sheet ? sheet.first_dealer : 0)),
    sheet ? h('p', {}, `${t('keeper.rules')}: ${t(`keeper.preset.${rules}`)}`)
      : radios('rules', t('keeper.rules'), ['amsterdam', 'rotterdam', 'sa'].map((p) => [p, t(`keeper.preset.${p}`)]), rules),
    rules === 'sa' && sheet ? h('p', {}, `${t('keeper.match_end')}: ${endText(matchEnd)}`)
      : radios('match_end', t('keeper.match_end'), ends.map((e) => [e, endText(e)]), matchEnd),
    h('p', { class: 'error', id: 'err-form', hidden: true, role: 'alert' }),
    h('div', { class: 'buttons' },
      h('button', { type: 'submit', class: 'primary big' }, sheet ? t('keeper.save') : t('keeper.create')),
      h('a', { href: sheet ? `#/sheet/${sheet.id}` : '#/', class: 'button' }, t('keeper.cancel')),
      sheet && sheet.access === 'owner' ? h('button', { type: 'button', class: 'danger', onclick: () => deleteSheet(sheet.id, form) }, t('keeper.delete_sheet')) : null),
  );
  // South African sheets always play to five strokes: hide the Dutch match ends.
  const syncRules = () => {
    const fs = form.querySelector('#fs-match_end');
    if (fs && !sheet) fs.hidden = checkedValue(form, 'rules') === 'sa';
  };
  form.addEventListener('change', syncRules);
  // Who deals first is chosen by the names as they are typed.
  for (const i of [0, 1, 2, 3]) {
    form.querySelector(`[id="players.${i}"]`).addEventListener('input', (ev) => {
      const choice = form.querySelector(`input[name="first_dealer"][value="${i}"] + span`);
      choice.textContent = ev.target.value.trim() || t('keeper.player_n', { n: i + 1 });
    });
  }
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const val = (id) => form.querySelector(`[id="${id}"]`).value;
    const body = {
      title: val('title'),
      teams: { NS: val('teams.NS'), EW: val('teams.EW') },
      players: [0, 1, 2, 3].map((i) => val(`players.${i}`)),
      first_dealer: Number(checkedValue(form, 'first_dealer') || 0),
    };
    if (!body.players.some((p) => p.trim())) body.players = null;
    if (!sheet) {
      body.rules = checkedValue(form, 'rules');
      if (body.rules !== 'sa') body.match_end = checkedValue(form, 'match_end');
    } else if (form.querySelector('#fs-match_end')) {
      body.match_end = checkedValue(form, 'match_end');
    }
    try {
      const saved = sheet ? await sheetApi('PATCH', sheet.id, '', body) : await api('POST', '/api/sheets', body);
      if (!sheet) keepToken(saved.id, saved.owner_token, 'owner');
      go(`#/sheet/${saved.id}`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.status === 404) { route(); return; } // deleted on another phone: say so in place of the form
      showErrors(form, e, {}, (f) => f);
    }
  });
  syncRules();
  show(h('section', {}, heading(sheet ? t('keeper.settings') : t('keeper.new_sheet')), form));
}

async function deleteSheet(id, form) {
  if (!window.confirm(t('keeper.confirm_delete_sheet'))) return;
  try {
    await sheetApi('DELETE', id, '');
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    // Deleted already (on another phone): gone, as asked. Anything else is said in the form.
    if (e.status !== 404) { showErrors(form, e, {}, () => 'form'); return; }
  }
  forgetToken(id);
  go('#/');
}

// ---------------------------------------------------------------- the sheet
function marks(sheet, d, team) {
  const out = [];
  if (d.makers === team) {
    out.push(h('span', { class: 'mark makers', title: t('keeper.plays'), 'aria-hidden': 'true' }, '●'),
      h('span', { class: 'sr-only' }, ` (${t('keeper.plays')})`));
  }
  if (d.nat && d.makers === team) out.push(h('span', { class: 'mark nat', 'data-testid': 'nat' }, termLink('nat', t('keeper.nat'))));
  if (d.pit === team) out.push(h('span', { class: 'mark pit', 'data-testid': 'pit' }, t('keeper.pit_mark')));
  if (d.verzaakt === team) out.push(h('span', { class: 'mark verzaakt', 'data-testid': 'verzaakt' }, t('keeper.verzaakt_mark')));
  return out;
}

function boemLadder(sheet) {
  // The boem as drawn on a paper sheet: a vertical line with five rungs. The first team strokes off the
  // left tips from the bottom rung up, the second the right tips from the top down.
  const rungs = [20, 45, 70, 95, 120];
  const ns = Math.min(sheet.strokes.NS, 5);
  const ew = Math.min(sheet.strokes.EW, 5);
  const parts = [h('svg:line', { x1: 80, y1: 8, x2: 80, y2: 132, class: 'pole' })];
  for (const y of rungs) parts.push(h('svg:line', { x1: 45, y1: y, x2: 115, y2: y, class: 'rung' }));
  for (let k = 0; k < ns; k++) {
    const y = rungs[4 - k];
    parts.push(h('svg:line', { x1: 36, y1: y + 9, x2: 54, y2: y - 9, class: 'stroke ns', 'data-testid': 'stroke-NS' }));
  }
  for (let k = 0; k < ew; k++) {
    const y = rungs[k];
    parts.push(h('svg:line', { x1: 106, y1: y - 9, x2: 124, y2: y + 9, class: 'stroke ew', 'data-testid': 'stroke-EW' }));
  }
  const label = t('keeper.boem_label', { ns: sheet.teams.NS, a: sheet.strokes.NS, ew: sheet.teams.EW, b: sheet.strokes.EW });
  return h('figure', { class: 'boem' },
    h('div', { class: 'boem-row' },
      h('span', { class: 'boem-name ns', 'aria-hidden': 'true' }, sheet.teams.NS),
      h('svg:svg', { viewBox: '0 0 160 140', width: 160, height: 140, role: 'img', 'aria-label': label }, parts),
      h('span', { class: 'boem-name ew', 'aria-hidden': 'true' }, sheet.teams.EW)),
    h('figcaption', { 'data-testid': 'strokes' }, `${t('keeper.strokes')}: ${sheet.teams.NS} ${sheet.strokes.NS} – ${sheet.teams.EW} ${sheet.strokes.EW}`));
}

// A match to a number of points, not over yet: what each side still needs. Both past the target with equal
// totals play on until one is ahead (the server's rule): then `level`, with nothing to go. Worked out once per
// view of the sheet and handed to the parts that show it (status, score line, table foot).
function toGo(sheet) {
  const [kind, of] = sheet.match_end.split(':');
  if (kind !== 'points' || sheet.over) return null;
  const target = Number(of);
  if (TEAMS.every((tm) => sheet.totals[tm] >= target)) return { level: true, target };
  return { NS: Math.max(0, target - sheet.totals.NS), EW: Math.max(0, target - sheet.totals.EW), target };
}

function statusLine(sheet, left) {
  if (sheet.over) {
    if (sheet.draw) return h('p', { class: 'status winner', role: 'status', 'data-testid': 'winner' }, t('keeper.draw'));
    const team = teamName(sheet, sheet.winner);
    const loser = otherTeam(sheet.winner);
    const margin = sheet.scoring === 'strokes'
      ? t('keeper.won_strokes', { a: sheet.strokes[sheet.winner], b: sheet.strokes[loser] })
      : t('keeper.won_by', { n: sheet.totals[sheet.winner] - sheet.totals[loser] });
    return h('div', { class: 'status winner', role: 'status' },
      h('span', { 'data-testid': 'winner' }, t(sheet.scoring === 'strokes' ? 'keeper.winner_boem' : 'keeper.winner', { team })),
      h('span', { class: 'margin', 'data-testid': 'margin' }, margin));
  }
  const [kind, of] = sheet.match_end.split(':');
  let progress = t('keeper.progress_open');
  if (kind === 'deals') progress = t('keeper.progress_deals', { n: sheet.deals.length + 1, of });
  else if (kind === 'points') progress = t(left.level ? 'keeper.progress_level' : 'keeper.progress_points', { of });
  else if (kind === 'strokes') progress = `${t('keeper.game_n', { n: sheet.games.length + 1 })} · ${t('keeper.game_totals')}: ${sheet.carry.NS} – ${sheet.carry.EW}`;
  return h('div', { class: 'status', role: 'status' },
    h('span', { class: 'turn' },
      h('span', { 'data-testid': 'dealer' }, t('keeper.dealer_next', { name: seatLabel(sheet, sheet.next_dealer) })),
      h('span', { class: 'leader', 'data-testid': 'leader' }, t('keeper.leader_next', { name: seatLabel(sheet, sheet.next_leader) }))),
    h('span', { class: 'progress' }, progress));
}

function sheetTable(sheet, left) {
  const sa = sheet.scoring === 'strokes';
  const rows = [];
  sheet.deals.forEach((d, i) => {
    const cell = (team) => h('td', { class: 'num', 'data-testid': `score-${team}` },
      h('span', { class: 'score' }, String(d.score[team])), marks(sheet, d, team),
      sa ? h('span', { class: 'carry' }, `(${d.carry[team]})`) : null);
    const last = i === sheet.deals.length - 1;
    const dealt = t('keeper.dealt_by', { name: seatLabel(sheet, d.dealer) });
    rows.push(h('tr', { 'data-testid': `deal-${d.number}`, class: d.nat ? 'nat' : null },
      h('th', { scope: 'row' }, h('a', {
        href: `#/sheet/${sheet.id}/deal/${d.id}`, class: 'deal-link',
        'aria-label': t('keeper.edit_round', { n: d.number }), title: `${t('keeper.edit_round', { n: d.number })} · ${seatLabel(sheet, d.dealer)}`,
      }, String(d.number)),
      // Who dealt, as a paper sheet notes it: short under the number, whole for a screen reader.
      h('span', { class: 'dealt', 'data-testid': 'dealt', title: dealt },
        h('span', { 'aria-hidden': 'true' }, shortSeat(sheet, d.dealer)), h('span', { class: 'sr-only' }, dealt))),
      cell('NS'), cell('EW')));
    if (sa && d.went_on) {
      rows.push(h('tr', { class: 'game-end', 'data-testid': `game-${d.game}` }, h('td', { colspan: 3 },
        `${t('keeper.game_n', { n: d.game })}: ${t('keeper.went_on', { team: teamName(sheet, d.went_on.team), n: d.went_on.strokes })}`)));
    } else if (sa && !last) {
      rows.push(h('tr', { class: 'ou-jol' }, h('td', { colspan: 3 }, t('keeper.ou_jol'))));
    }
  });
  return h('table', { class: 'sheet' },
    h('caption', { class: 'sr-only' }, sheet.title || `${sheet.teams.NS} – ${sheet.teams.EW}`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#', h('span', { class: 'dealt' }, t('keeper.dealer_head'))),
      h('th', { scope: 'col', 'data-testid': 'team-NS' }, sheet.teams.NS),
      h('th', { scope: 'col', 'data-testid': 'team-EW' }, sheet.teams.EW))),
    h('tbody', {}, rows),
    h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, t('keeper.total')),
      h('td', { class: 'num', 'data-testid': 'total-NS' }, String(sheet.totals.NS)),
      h('td', { class: 'num', 'data-testid': 'total-EW' }, String(sheet.totals.EW))),
    left && !left.level ? h('tr', { class: 'to-go' }, h('th', { scope: 'row' }, t('keeper.to_go_head')),
      TEAMS.map((tm) => h('td', { class: 'num', 'data-testid': `left-${tm}` }, String(left[tm])))) : null));
}

async function returnMatch(sheet, button) {
  const last = sheet.deals[sheet.deals.length - 1];
  const body = {
    title: sheet.title, teams: sheet.teams, players: sheet.players, rules: sheet.rules,
    first_dealer: last ? last.leader : sheet.first_dealer,
  };
  if (sheet.rules !== 'sa') body.match_end = sheet.match_end;
  button.disabled = true;
  try {
    const saved = await api('POST', '/api/sheets', body);
    keepToken(saved.id, saved.owner_token, 'owner');
    flash = t('keeper.return_made');
    go(`#/sheet/${saved.id}`);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    flash = failureText(e);
    route();
  }
}

async function undo(sheet) {
  try {
    await sheetApi('POST', sheet.id, '/undo');
    // Said as what it reversed: a table hears which of its steps came back.
    flash = has(`keeper.undone_${sheet.last_action}`) ? t(`keeper.undone_${sheet.last_action}`) : t('keeper.undone');
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    flash = e.code === 'nothing_to_undo' ? t('keeper.nothing_to_undo') : failureText(e);
  }
  route(['[data-testid="undo"]', '[data-testid="new-round"]']);
}

// The owner's share dialog: a link that shows the sheet, or one that also lets its holder type deals.
function shareDialog(sheet) {
  let shown = null; // the share whose link is in the box
  const out = h('div', { class: 'share-link', hidden: true },
    h('label', { for: 'share-url' }, t('keeper.share_link')),
    h('input', { id: 'share-url', type: 'text', readonly: true, 'data-testid': 'share-url' }),
    h('button', {
      type: 'button', onclick: async () => {
        const input = dialog.querySelector('#share-url');
        input.select();
        try { await navigator.clipboard.writeText(input.value); status.textContent = t('keeper.copied'); } catch { /* selected: copy by hand */ }
      },
    }, t('keeper.copy')));
  const status = h('p', { role: 'status', class: 'flash' });
  // The links handed out so far, each with its withdraw button (their tokens are never shown again).
  const given = h('ul', { class: 'shares', 'data-testid': 'shares', 'aria-labelledby': 'shares-title' });
  const listShares = async () => {
    const shares = await sheetApi('GET', sheet.id, '/shares');
    given.replaceChildren(...(shares.length ? shares.map((x) => {
      const when = new Date(x.created).toLocaleString(getLang(), { dateStyle: 'medium', timeStyle: 'short' });
      const what = `${t(x.mode === 'edit' ? 'keeper.share_edit' : 'keeper.share_read')} · ${when}`;
      return h('li', { 'data-share': x.id }, h('span', {}, what),
        h('button', {
          type: 'button', 'data-testid': 'withdraw', 'aria-label': `${t('keeper.share_withdraw')}: ${what}`,
          onclick: () => withdraw(x.id),
        }, t('keeper.share_withdraw')));
    }) : [h('li', {}, t('keeper.shares_none'))]));
  };
  const withdraw = async (id) => {
    try {
      await sheetApi('DELETE', sheet.id, `/shares/${id}`);
      status.textContent = t('keeper.share_withdrawn');
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      status.textContent = failureText(e);
    }
    // A withdrawn link opens nothing: it is not offered for copying any more.
    if (shown === id) { shown = null; out.hidden = true; dialog.querySelector('#share-url').value = ''; }
    try { await listShares(); } catch (e) { if (!(e instanceof ApiError)) throw e; }
  };
  const make = async (mode) => {
    try {
      const share = await sheetApi('POST', sheet.id, '/shares', { mode });
      dialog.querySelector('#share-url').value = new URL(share.link, location.origin).href;
      shown = share.id;
      out.hidden = false;
      status.textContent = t(mode === 'edit' ? 'keeper.share_made_edit' : 'keeper.share_made_read');
      await listShares();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      status.textContent = failureText(e);
    }
  };
  const dialog = h('dialog', { class: 'share', 'data-testid': 'share-dialog', 'aria-labelledby': 'share-title' },
    h('h2', { id: 'share-title' }, t('keeper.share_title')),
    h('p', {}, t('keeper.share_hint')),
    h('div', { class: 'buttons' },
      h('button', { type: 'button', 'data-testid': 'share-read', onclick: () => make('read') }, t('keeper.share_read')),
      h('button', { type: 'button', 'data-testid': 'share-edit', onclick: () => make('edit') }, t('keeper.share_edit'))),
    out, status,
    h('h3', { id: 'shares-title' }, t('keeper.shares_given')), given,
    h('div', { class: 'buttons' }, h('button', { type: 'button', onclick: () => dialog.close() }, t('keeper.close'))));
  dialog.listShares = listShares;
  return dialog;
}

async function exportCsv(id) {
  try {
    await download(`/api/sheets/${id}/export.csv`, `klaverjas-${id}.csv`, { token: tokenOf(id) });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    flash = failureText(e);
    route();
  }
}

async function sheetView(id, focus) {
  const sheet = await loadSheet(id);
  const canEdit = sheet.access !== 'read';
  const dialog = sheet.access === 'owner' ? shareDialog(sheet) : null;
  const message = flash;
  flash = null;
  const title = sheet.title || `${sheet.teams.NS} – ${sheet.teams.EW}`;
  const left = toGo(sheet);
  show(h('section', { class: 'sheet-view' },
    heading(title),
    h('p', { class: 'rules-line' }, `${t(`keeper.preset.${sheet.rules}`)} · ${endText(sheet.match_end)}`),
    statusLine(sheet, left),
    // The score at a glance: the sticky action bar may cover the table's foot on a phone.
    // A match to a number of points says under each total how far that side still has to go.
    h('p', { class: 'scoreline', 'aria-hidden': 'true' },
      TEAMS.map((tm) => h('span', {}, h('span', { class: 'who' }, teamName(sheet, tm)),
        h('strong', {}, String(sheet.scoring === 'strokes' ? sheet.strokes[tm] : sheet.totals[tm])),
        sheet.scoring === 'strokes' ? h('span', { class: 'who' }, t('keeper.strokes').toLowerCase()) : null,
        left && !left.level ? h('span', { class: 'who to-go', 'data-testid': `to-go-${tm}` }, t('keeper.to_go', { n: left[tm] })) : null))),
    sheetTable(sheet, left),
    sheet.scoring === 'strokes' ? boemLadder(sheet) : null,
    h('p', { class: 'flash', role: 'status', 'data-testid': 'flash' }, message || ''),
    canEdit ? null : h('p', { class: 'read-only', 'data-testid': 'read-only' }, t('keeper.read_only')),
    canEdit ? h('div', { class: 'actions' },
      sheet.over ? h('button', { type: 'button', class: 'primary big', 'data-testid': 'return-match', onclick: (ev) => returnMatch(sheet, ev.currentTarget) }, t('keeper.return_match'))
        : h('a', { href: `#/sheet/${id}/deal/new`, class: 'button primary big', 'data-testid': 'new-round' }, t('keeper.new_round')),
      h('button', {
        type: 'button', class: 'big undo', 'data-testid': 'undo', 'aria-label': t('keeper.undo'), title: t('keeper.undo'),
        disabled: !sheet.can_undo, onclick: () => undo(sheet),
      }, '↶')) : null,
    h('div', { class: 'more' },
      canEdit ? h('a', { href: `#/sheet/${id}/settings`, class: 'button' }, t('keeper.settings')) : null,
      dialog ? h('button', {
        type: 'button', 'data-testid': 'share',
        onclick: async () => {
          dialog.showModal();
          try { await dialog.listShares(); } catch (e) { if (!(e instanceof ApiError)) throw e; }
        },
      }, t('keeper.share')) : null,
      h('button', { type: 'button', 'data-testid': 'export', onclick: () => exportCsv(id) }, t('keeper.export_csv')),
      h('button', { type: 'button', onclick: () => window.print() }, t('keeper.print'))),
    dialog,
  ), focus);
}

// ---------------------------------------------------------------- a deal
function numberInput(id, value) {
  return h('input', { id, type: 'number', inputmode: 'numeric', min: 0, value: value ?? '', autocomplete: 'off' });
}

async function dealView(sheetId, dealId) {
  const sheet = await loadSheet(sheetId);
  if (sheet.access === 'read') { go(`#/sheet/${sheetId}`); return; }
  const sa = sheet.scoring === 'strokes';
  const existing = dealId === 'new' ? null : sheet.deals.find((d) => String(d.id) === dealId);
  if (dealId !== 'new' && !existing) {
    show(h('section', {}, heading(t('common.nav.keeper')), h('p', { role: 'alert', class: 'error' }, t('keeper.deal_not_found')),
      h('p', {}, h('a', { href: `#/sheet/${sheetId}`, class: 'button' }, t('keeper.to_sheet')))));
    return;
  }
  const number = existing ? existing.number : sheet.deals.length + 1;
  const total = sheet.total;
  const name = (team) => teamName(sheet, team);
  const teamOptions = TEAMS.map((tm) => [tm, name(tm)]);
  const noneOr = [['', t('keeper.nobody')], ...teamOptions];
  // Who played is remembered by the player who took the bid: each side says who sits in it.
  const members = (tm) => {
    const named = (sheet.players || []).filter((p, i) => p && i % 2 === TEAMS.indexOf(tm));
    return named.length ? h('span', { class: 'members' }, ` · ${named.join(' & ')}`) : null;
  };
  const makersOptions = TEAMS.map((tm) => [tm, [name(tm), members(tm)]]);

  const roemBlock = (team) => {
    const input = numberInput(`roem.${team}`, existing ? existing.roem[team] : 0);
    input.step = 10;
    const bump = (n) => { input.value = String((parseInt(input.value, 10) || 0) + n); input.focus(); };
    return h('div', { class: 'roem-team' },
      field(`roem.${team}`, t('keeper.roem_of', { team: name(team) }), input),
      h('div', { class: 'quick' },
        ROEM_STEPS.map((n) => h('button', { type: 'button', 'aria-label': t('keeper.add_roem', { team: name(team), n }), onclick: () => bump(n) }, `+${n}`)),
        h('button', { type: 'button', 'aria-label': t('keeper.add_stuk', { team: name(team) }), onclick: () => bump(20) }, t('keeper.stuk')),
        h('button', { type: 'button', 'aria-label': t('keeper.clear_roem', { team: name(team) }), onclick: () => { input.value = '0'; input.focus(); } }, t('keeper.clear'))));
  };

  const form = h('form', { novalidate: true, class: 'deal-form' },
    sa ? null : radios('makers', t('keeper.makers'), makersOptions, existing ? existing.makers : null),
    h('fieldset', { id: 'fs-points' },
      h('legend', {}, t('keeper.card_points', { total })),
      h('div', { class: 'pair' },
        TEAMS.map((tm) => field(`points.${tm}`, t('keeper.points_of', { team: name(tm) }), numberInput(`points.${tm}`, existing ? existing.points[tm] : '')))),
      h('p', { class: 'error', id: 'err-points', hidden: true, 'aria-live': 'polite' })),
    h('fieldset', { id: 'fs-roem' }, h('legend', {}, t('keeper.roem')), h('div', { class: 'pair' }, TEAMS.map(roemBlock))),
    radios('pit', t('keeper.pit'), noneOr, existing && existing.pit ? existing.pit : ''),
    sa ? null : radios('verzaakt', t('keeper.verzaakt'), noneOr, existing && existing.verzaakt ? existing.verzaakt : ''),
    sa ? h('div', { class: 'field check' },
      h('label', { class: 'choice' }, h('input', { type: 'checkbox', id: 'stopped', checked: existing ? existing.stopped : false }), h('span', {}, t('keeper.stopped'))),
      h('p', { class: 'hint' }, t('keeper.stopped_hint')),
      h('p', { class: 'error', id: 'err-stopped', hidden: true, 'aria-live': 'polite' })) : null,
    // What the deal scores as typed, said by the server before it is saved (or why it cannot be saved).
    h('p', { class: 'error', id: 'err-form', hidden: true, role: 'alert' }),
    // Under the thumb, with the score beside Save: the keyboard covers most of a phone's page.
    h('div', { class: 'deal-bar' },
      h('output', { class: 'preview', 'data-testid': 'preview', 'aria-live': 'polite', for: 'points.NS points.EW roem.NS roem.EW' }),
      h('div', { class: 'buttons' },
        h('button', { type: 'submit', class: 'primary big', 'data-testid': 'save' }, t('keeper.save')),
        h('a', { href: `#/sheet/${sheetId}`, class: 'button' }, t('keeper.cancel')))),
    // Deleting a deal is rare: under the bar, not beside Save, so the bar keeps to one row on a narrow phone.
    existing ? h('div', { class: 'buttons' },
      h('button', { type: 'button', class: 'danger', 'data-testid': 'delete', onclick: () => removeDeal() }, t('keeper.delete_round'))) : null,
  );
  const input = (id) => form.querySelector(`[id="${id}"]`);
  const fillsIn = () => !(sa && input('stopped').checked) && !checkedValue(form, 'verzaakt');

  // Typing one side's card points fills in the other, unless the keeper typed that
  // one too: then both stay as typed and the server says if they do not add up.
  const typed = { NS: false, EW: false };
  // The side not typed follows the side typed; a deal that stopped half way (or a renege) leaves it
  // empty, also when that is ticked after the points were typed.
  const refill = () => {
    const from = TEAMS.find((tm) => typed[tm]);
    const to = from && otherTeam(from);
    if (!from || typed[to]) return;
    const raw = input(`points.${from}`).value;
    const v = raw === '' ? NaN : Number(raw);
    input(`points.${to}`).value = fillsIn() && Number.isInteger(v) && v >= 0 && v <= total ? String(total - v) : '';
  };
  for (const tm of TEAMS) {
    input(`points.${tm}`).addEventListener('input', () => { typed[tm] = true; refill(); });
  }
  form.addEventListener('change', (ev) => {
    if (ev.target.name === 'pit' && ev.target.value) {
      input(`points.${ev.target.value}`).value = String(total);
      input(`points.${otherTeam(ev.target.value)}`).value = '0';
    }
    if (ev.target.id === 'stopped' || ev.target.name === 'verzaakt') refill();
    schedulePreview();
  });
  form.addEventListener('input', () => schedulePreview());
  form.addEventListener('click', (ev) => { if (ev.target.closest('.quick button')) schedulePreview(); });
  // Who played is tapped first, their points are typed next: the keyboard opens there at once. Only after a
  // tap: arrow keys and Space pick a radio too, and Tab goes on from there as a keyboard user expects.
  let tapped = false;
  for (const kind of ['pointerdown', 'mousedown']) {
    form.addEventListener(kind, (ev) => { tapped = Boolean(ev.target.closest('#fs-makers')); });
  }
  form.addEventListener('keydown', () => { tapped = false; });
  form.addEventListener('change', (ev) => {
    if (ev.target.name !== 'makers' || !tapped || existing) return;
    tapped = false;
    if (input('points.NS').value === '' && input('points.EW').value === '') input(`points.${ev.target.value}`).focus();
  });

  const parse = (id) => {
    const raw = input(id).value.trim();
    if (raw === '') return null;
    const n = Number(raw);
    return Number.isInteger(n) ? n : raw; // let the server name what is wrong
  };
  const slotFor = (f) => {
    if (['points', 'makers', 'pit', 'verzaakt', 'stopped'].includes(f) || /^(points|roem)\.(NS|EW)$/.test(f)) return f;
    if (f.startsWith('points')) return 'points';
    if (f.startsWith('roem.NS')) return 'roem.NS';
    if (f.startsWith('roem.EW')) return 'roem.EW';
    return 'form';
  };
  const body = () => {
    const out = {
      points: { NS: parse('points.NS'), EW: parse('points.EW') },
      roem: { NS: parse('roem.NS') ?? 0, EW: parse('roem.EW') ?? 0 },
      pit: checkedValue(form, 'pit') || null,
    };
    if (!sa) {
      out.makers = checkedValue(form, 'makers');
      out.verzaakt = checkedValue(form, 'verzaakt') || null;
    } else {
      out.stopped = input('stopped').checked;
    }
    return out;
  };

  const preview = form.querySelector('.preview');
  let asked = 0; // the newest preview asked for: an older answer arriving late is dropped
  let timer = null;
  const schedulePreview = () => { clearTimeout(timer); timer = setTimeout(showPreview, 250); };
  async function showPreview() {
    const wanted = body();
    const ask = ++asked;
    // Nothing to say until the deal has figures (or is a renege, scored without them).
    if (wanted.points.NS === null && wanted.points.EW === null && !wanted.verzaakt) {
      preview.replaceChildren();
      preview.classList.remove('refused');
      return;
    }
    let said;
    let refused = false;
    try {
      const p = await sheetApi('POST', sheetId, `/preview${existing ? `?deal_id=${existing.id}` : ''}`, wanted);
      said = previewText(p);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      said = [failureText(e)];
      refused = true;
    }
    if (ask !== asked) return;
    preview.classList.toggle('refused', refused);
    preview.replaceChildren(...said.map((line, i) => h('span', { class: i ? 'line' : 'line first' }, line)));
  }
  const previewText = (p) => {
    const lines = [];
    const bits = TEAMS.map((tm) => `${name(tm)} ${p.score[tm]}`);
    lines.push(t('keeper.preview_scores', { scores: bits.join(' – ') }));
    const makers = checkedValue(form, 'makers');
    const verzaakt = checkedValue(form, 'verzaakt');
    const pit = checkedValue(form, 'pit');
    if (verzaakt) lines.push(t('keeper.preview_verzaakt', { team: name(verzaakt), other: name(otherTeam(verzaakt)) }));
    else if (p.nat && makers) lines.push(t('keeper.preview_nat', { team: name(makers), other: name(otherTeam(makers)) }));
    else if (pit) lines.push(t('keeper.preview_pit', { team: name(pit) }));
    if (sa) {
      lines.push(`${t('keeper.game_totals')}: ${p.carry.NS} – ${p.carry.EW}`);
      if (p.went_on) lines.push(t('keeper.went_on', { team: name(p.went_on.team), n: p.went_on.strokes }));
    } else {
      lines.push(t('keeper.preview_totals', { a: p.totals.NS, b: p.totals.EW }));
    }
    if (p.over) lines.push(p.draw ? t('keeper.draw') : t(sa ? 'keeper.winner_boem' : 'keeper.winner', { team: name(p.winner) }));
    return lines;
  };

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clearTimeout(timer);
    asked++;
    try {
      const saved = existing ? await sheetApi('PUT', sheetId, `/deals/${existing.id}`, body())
        : await sheetApi('POST', sheetId, '/deals', body());
      // What was saved, as the server scored it, said once on the sheet; the focus goes on to the next deal.
      const deal = saved.deals.find((d) => d.id === (existing ? existing.id : saved.deal_id));
      if (deal) flash = t('keeper.saved_deal', { n: deal.number, scores: TEAMS.map((tm) => `${name(tm)} ${deal.score[tm]}`).join(' – ') });
      nextFocus = ['[data-testid="new-round"]', '[data-testid="return-match"]'];
      go(`#/sheet/${sheetId}`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.status === 404) { route(); return; } // the deal or the sheet is gone: say which in place of the form
      showErrors(form, e, { total }, slotFor);
    }
  });

  async function removeDeal() {
    try {
      await sheetApi('DELETE', sheetId, `/deals/${existing.id}`);
      go(`#/sheet/${sheetId}`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.status === 404) { go(`#/sheet/${sheetId}`); return; } // gone already, as asked (or the sheet with it)
      showErrors(form, e, { total }, () => 'form');
    }
  }

  const dealer = existing ? existing.dealer : sheet.next_dealer ?? 0;
  const leader = existing ? existing.leader : sheet.next_leader ?? 1;
  show(h('section', {},
    heading(t('keeper.round_n', { n: number })),
    h('p', { class: 'turn-line', 'data-testid': 'deal-turn' },
      t('keeper.deal_turn', { dealer: seatLabel(sheet, dealer), leader: seatLabel(sheet, leader) })),
    form), sa ? '[id="points.NS"]' : ['#fs-makers input:checked', '#fs-makers input']);  // a deal corrected: its own makers
  if (existing) showPreview();
}

// ---------------------------------------------------------------- router
async function route(focus) {
  if (!focus && nextFocus) focus = nextFocus;
  nextFocus = null;
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  document.querySelector('#topbar .nav')?.toggleAttribute('hidden', onList());
  try {
    if (parts.length === 0) await listView();
    else if (parts[0] === 'new') await sheetFormView(null);
    else if (parts[0] === 'sheet' && /^\d+$/.test(parts[1] || '')) {
      if (parts.length === 2) await sheetView(parts[1], focus);
      else if (parts[2] === 'deal' && parts[3]) await dealView(parts[1], parts[3]);
      else if (parts[2] === 'settings') await sheetFormView(parts[1]);
      else go('#/');
    } else go('#/');
  } catch (e) {
    flash = null; // a message for the sheet is not for this page
    const text = e instanceof ApiError && e.status === 404 ? t('keeper.not_found') : failureText(e);
    show(h('section', {}, heading(t('common.nav.keeper')), h('p', { role: 'alert', class: 'error' }, text),
      h('p', {}, h('a', { href: '#/', class: 'button' }, t('keeper.all_sheets')))));
  }
}

// 'All sheets' in the header: hidden on the list itself, where it leads nowhere new.
const onList = () => location.hash.replace(/^#\/?/, '') === '';
renderHeader({ current: 'keeper',
  extras: () => h('a', { href: '#/', class: 'nav', hidden: onList() }, t('keeper.all_sheets')) });
onLangChange(() => { setTitle(); route(); });
setTitle();
window.addEventListener('hashchange', () => { takeLinkToken(); route(); });
takeLinkToken();
route();
