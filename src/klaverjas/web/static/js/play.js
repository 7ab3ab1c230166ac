// Playing against computer players: the table page. Plain ES module, no build step.
// The server holds the deal; this page renders the state it is sent for our seat.
import { $, h as el } from './dom.js';
import { SUIT_SYMBOL as SYMBOL, cardText, face, suitText } from './cards.js';
import { linkTerms } from './glossary.js';
import { applyTexts, getLang, has, onLangChange, t } from './i18n.js';
import { renderHeader } from './layout.js';
import * as practice from './learn-practice.js';

const game = { id: null, token: null, socket: null, lastSeq: 0, state: null, closing: false, retry: 0 };

function seatName(seat) {
  const st = game.state;
  if (st && seat === st.seat) return t('play.you');
  const info = st && st.seats ? st.seats.find((s) => s.seat === seat) : null;
  if (info && info.kind === 'human' && info.name) return info.name;
  return t(`common.seat.${seat}`);
}

// The table turns so that our own seat is at the bottom (spectators see South there).
const ORDER = ['N', 'E', 'S', 'W'];
const POSITIONS = ['bottom', 'left', 'top', 'right'];
function posOf(seat) {
  const me = (game.state && game.state.seat) || 'S';
  return POSITIONS[(ORDER.indexOf(seat) - ORDER.indexOf(me) + 4) % 4];
}
function seatAt(pos) {
  const me = (game.state && game.state.seat) || 'S';
  return ORDER[(ORDER.indexOf(me) + POSITIONS.indexOf(pos)) % 4];
}

function relabel() {
  applyTexts();
  if (game.state) render(game.state);
}

// The four-colour deck (blue diamonds, green clubs) is a header control of this page only.
function fourColourToggle() {
  const on = localStorage.getItem('klaverjas.four') === '1';
  document.body.classList.toggle('four', on);
  return el('label', { class: 'toggle' },
    el('input', { type: 'checkbox', id: 'four-colour', checked: on, onchange: (e) => {
      localStorage.setItem('klaverjas.four', e.target.checked ? '1' : '0');
      document.body.classList.toggle('four', e.target.checked);
    } }), ' ', el('span', {}, t('play.four_colour')));
}

// --- setup ------------------------------------------------------------------------
async function loadGames() {
  const list = $('games');
  list.replaceChildren();
  let games = [];
  try { games = await (await fetch('/api/play')).json(); } catch { return; }
  for (const g of games) {
    const mine = localStorage.getItem(`klaverjas.play.${g.id}`);
    if (!mine) continue;
    const label = `${g.rules} · ${g.deals} ${t('play.deal').toLowerCase()} · ${g.phase === 'match_over' ? t('play.finished') : t('play.in_play')}`;
    list.append(el('li', {}, el('a', { href: `/play?game=${encodeURIComponent(g.id)}` }, label)));
  }
}

async function startGame(event) {
  event.preventDefault();
  const form = new FormData(event.target);
  if (event.submitter && event.submitter.id === 'create-table') return createTable(form);
  const body = {
    preset: form.get('preset'), trump_selection: form.get('trump_selection'), match_end: form.get('match_end'),
    roem_claim: form.get('roem_claim'), illegal_cards: form.get('illegal_cards'),
    levels: [form.get('level_n'), form.get('level_e'), form.get('level_w')],
    name: form.get('name') || '', pace: Number(form.get('pace')),
  };
  const response = await fetch('/api/play', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body) });
  const created = await response.json();
  if (!response.ok) { $('message').textContent = created.detail || 'error'; return; }
  localStorage.setItem(`klaverjas.play.${created.id}`, created.token);
  practice.remember(created.id, form);
  history.pushState({}, '', `/play?game=${encodeURIComponent(created.id)}`);
  openGame(created.id);
}

async function createTable(form) {
  const body = {
    preset: form.get('preset'), trump_selection: form.get('trump_selection'), match_end: form.get('match_end'),
    roem_claim: form.get('roem_claim'), illegal_cards: form.get('illegal_cards'), level: form.get('level_e'),
    name: form.get('name') || t('play.you'), seat: form.get('seat'), pace: Number(form.get('pace')),
    away_limit: Number(form.get('away_limit') || 60),
  };
  const response = await fetch('/api/tables', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body) });
  const created = await response.json();
  if (!response.ok) { $('message').textContent = created.detail || 'error'; return; }
  rememberSeat(created);
  location.assign(created.link);
}

function rememberSeat(joined) {
  localStorage.setItem(`klaverjas.play.${joined.id}`, joined.token);
  localStorage.setItem(`klaverjas.table.${joined.code}`, joined.id);
}

async function openTable(code) {
  const response = await fetch(`/api/tables/${encodeURIComponent(code)}`);
  if (!response.ok) { $('setup').hidden = false; $('message').textContent = t('play.no_table'); return; }
  const info = await response.json();
  if (localStorage.getItem(`klaverjas.play.${info.id}`)) { openGame(info.id); return; }
  $('join').hidden = false;
  $('join-info').textContent = `${t('play.code')} ${info.code} · ${info.rules}`;
  const box = $('join-seats');
  box.replaceChildren(el('span', {}, t('play.take_seat')));
  for (const s of info.seats) {
    const free = s.kind === 'open' || (info.started && s.kind === 'bot' && !s.name);
    if (!free) continue;
    box.append(el('button', { type: 'button', class: 'primary', 'data-seat': s.seat, onclick: () => joinTable(info.code, s.seat) },
      t(`common.seat.${s.seat}`)));
  }
  $('watch-link').onclick = (e) => { e.preventDefault(); $('join').hidden = true; openGame(info.id); };
}

async function joinTable(code, seat) {
  const name = $('join-form').elements.name.value.trim();
  if (!name) { $('join-form').elements.name.focus(); $('join-form').reportValidity(); return; }
  const response = await fetch(`/api/tables/${encodeURIComponent(code)}/join`, { method: 'POST',
    headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, seat }) });
  const joined = await response.json();
  if (!response.ok) { $('join-info').textContent = joined.detail || 'error'; openTable(code); return; }
  rememberSeat(joined);
  $('join').hidden = true;
  openGame(joined.id);
}

// --- connection -----------------------------------------------------------------------
function openGame(id) {
  game.id = id;
  game.token = localStorage.getItem(`klaverjas.play.${id}`);
  game.lastSeq = Number(sessionStorage.getItem(`klaverjas.seq.${id}`) || 0);
  $('setup').hidden = true;
  $('join').hidden = true;
  $('table').hidden = false;
  connect();
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ since: String(game.lastSeq) });
  if (game.token) query.set('token', game.token);
  const socket = new WebSocket(`${proto}://${location.host}/ws/play/${encodeURIComponent(game.id)}?${query}`);
  game.socket = socket;
  socket.addEventListener('open', () => { game.retry = 0; });
  socket.addEventListener('message', (e) => receive(JSON.parse(e.data)));
  socket.addEventListener('close', () => {
    if (game.closing || game.socket !== socket) return;
    $('status').textContent = t('play.reconnecting');
    game.retry = Math.min(game.retry + 1, 6);
    setTimeout(connect, 250 * 2 ** game.retry);
  });
}

function send(message) {
  if (game.socket && game.socket.readyState === WebSocket.OPEN) game.socket.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === 'state' || message.type === 'update') {
    for (const event of message.events || []) announce(event, message.type === 'state');
    game.state = message.state;
    game.lastSeq = message.state.seq;
    sessionStorage.setItem(`klaverjas.seq.${game.id}`, String(game.lastSeq));
    render(message.state);
  } else if (message.type === 'error') {
    const reason = message.reason ? message.reason[getLang()] : message.message;
    $('message').replaceChildren(linkTerms(reason, getLang()));  // terms link to /learn/glossary
  } else if (message.type === 'hint') {
    if (!practice.onHint(message.options)) showHints(message.options);
  }
}

function announce(event, catchingUp) {
  if (catchingUp) return;
  const box = $('announce');
  let text = '';
  if (event.type === 'trick' && event.announce && event.announce.length && !event.claimed) text = event.announce.join(' + ');
  if (event.type === 'claim') text = `${seatName(event.seat)}: ${event.roem}`;
  if (event.type === 'verzaakt') text = `${t('play.call_verzaakt')} ${event.team}`;
  if (!text) return;
  box.textContent = text;
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => { box.textContent = ''; }, 1800);
}

// --- rendering -------------------------------------------------------------------------
function myTeam(st) { return st.seat === 'N' || st.seat === 'S' ? 'NS' : 'EW'; }

function render(st) {
  const me = st.seat;
  const inLobby = st.phase === 'lobby';
  $('lobby').hidden = !inLobby;
  $('table').hidden = inLobby;
  if (inLobby) renderLobby(st);
  renderChat(st);
  // Exposed for tests and styling: which phase, whose turn, which event we are at.
  document.body.dataset.phase = st.phase;
  document.body.dataset.toMove = st.to_move || '';
  document.body.dataset.me = st.seat || '';
  document.body.dataset.seq = String(st.seq);
  const status = $('status');
  status.replaceChildren();
  const item = (label, value) => el('span', {}, `${label}: `, el('b', {}, value));
  status.append(item(t('play.deal'), String(st.deal)));
  if (st.trump) status.append(item(t('play.trump'), suitText(st.trump)));
  else if (st.proposed) status.append(item(t('play.proposed'), suitText(st.proposed)));
  if (st.dealer) status.append(item(t('play.dealer'), seatName(st.dealer)));
  if (st.makers) status.append(item(t('play.playing'), st.makers === myTeam(st) ? t('play.we') : t('play.they')));
  if (st.to_move) status.append(item(t('play.turn'), st.to_move === me ? t('play.your_turn') : seatName(st.to_move)));

  for (const node of document.querySelectorAll('.felt .seat')) {
    const seat = seatAt(node.dataset.pos);
    node.dataset.seat = seat;
    const info = st.seats.find((s) => s.seat === seat);
    const details = [];
    if (info && info.kind === 'bot') details.push(has(`play.lv_${info.level}`) ? t(`play.lv_${info.level}`) : info.level);
    if (info && info.replaced) details.push(t('play.away'));
    if (st.dealer === seat) details.push(t('play.dealer'));
    if (st.hand_counts) details.push(`${st.hand_counts[seat]} ${t('play.cards')}`);
    node.replaceChildren(el('b', {}, seatName(seat)), el('br'), el('small', {}, details.join(' · ')));
    node.classList.toggle('to-move', st.to_move === seat);
  }

  const trick = $('trick');
  trick.replaceChildren(...(st.trick || []).map((p) => el('div', { class: `played ${posOf(p.seat)}`, 'data-card': p.card },
    face(p.card), el('span', {}, seatName(p.seat)))));

  renderHand(st);
  renderDecision(st);
  $('undo-button').disabled = !st.can_undo;
  $('hint-button').disabled = !(st.to_move === me && (st.phase === 'play' || st.phase === 'trump'));
  $('verzaakt-button').hidden = !(st.rules || '').includes('illegal_cards=allow');
  renderLast(st);
  renderSheet(st);
  renderResult(st);
  practice.onState(st);
}

function renderLobby(st) {
  const link = `${location.origin}/t/${st.code}`;
  const items = st.seats.map((s) => el('li', { 'data-seat': s.seat }, `${t(`common.seat.${s.seat}`)}: `,
    s.kind === 'human' ? el('b', {}, s.name) : el('i', {}, t('play.open_seat'))));
  const parts = [el('h1', {}, t('play.join_table')), el('p', {}, `${t('play.code')}: `, el('span', { class: 'code', id: 'table-code' }, st.code)),
    el('label', { class: 'share' }, t('play.share'), el('input', { id: 'share-link', readonly: true, value: link })),
    el('ul', { class: 'seats' }, items)];
  if (st.seat && st.host === st.seat) {
    parts.push(el('button', { type: 'button', class: 'primary', id: 'start-table', onclick: () => send({ type: 'start' }) }, t('play.start_table')));
  } else {
    parts.push(el('p', {}, st.seat ? t('play.waiting_host') : t('play.spectating')));
  }
  $('lobby').replaceChildren(...parts, $('chat'));
}

function renderChat(st) {
  const panel = $('chat');
  if (!st.code) { panel.hidden = true; return; }
  panel.hidden = false;
  const lines = (st.chat || []).map((m) => el('p', { class: 'chat-line' }, el('b', {}, `${m.name || (m.seat ? t(`common.seat.${m.seat}`) : '')}: `), m.text));
  const children = [el('h2', {}, t('play.chat')), ...lines];
  if (st.seat) {
    const input = el('input', { name: 'text', maxlength: '200', 'aria-label': t('play.chat'), autocomplete: 'off' });
    children.push(el('form', { onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) send({ type: 'chat', text: input.value }); input.value = ''; } },
      input, el('button', { type: 'submit' }, t('play.send'))));
  }
  const focused = document.activeElement && panel.contains(document.activeElement);
  panel.replaceChildren(...children);
  if (focused) panel.querySelector('input')?.focus();
  if ($('lobby').hidden && panel.parentElement !== $('table')) $('table').append(panel);
}

function renderHand(st) {
  const hand = $('hand');
  const myTurn = st.phase === 'play' && st.to_move === st.seat;
  const legal = new Set(st.legal || []);
  hand.setAttribute('aria-label', t('play.your_cards'));
  hand.replaceChildren(...(st.hand || []).map((c, i) => {
    const name = c.card;
    const classes = ['card', `suit-${name[1]}`];
    if (st.trump === name[1]) classes.push('trump');
    if (myTurn) classes.push(legal.has(name) ? 'playable' : 'illegal');
    return el('button', { type: 'button', class: classes.join(' '), 'data-card': name, 'aria-label': c.label[getLang()],
      'data-key': String(i + 1), onclick: () => playCard(name) }, cardText(name));
  }));
}

function playCard(name) {
  $('message').textContent = '';
  $('hints').hidden = true;
  practice.onPlay(name, game.state);
  send({ type: 'card', card: name });
}

function renderDecision(st) {
  const box = $('decision');
  box.replaceChildren();
  if (st.phase === 'trump') {
    const said = (st.bids || []).map((b) => `${seatName(b.seat)} ${b.action === 'pass' ? t('play.says_pass')
      : b.action === 'play' ? t('play.says_play') : `${t('play.chose')} ${SYMBOL[b.suit]}`}`);
    if (said.length) box.append(el('p', {}, said.join(' · ')));
    if (st.to_move === st.seat && st.options) {
      for (const option of st.options) {
        const label = option.action === 'choose' ? `${t('play.choose')} ${suitText(option.suit)}`
          : option.action === 'play' ? `${t('play.play')} ${st.proposed ? SYMBOL[st.proposed] : ''}` : t('play.pass');
        box.append(el('button', { type: 'button', class: 'primary', 'data-action': option.action,
          'data-suit': option.suit || null, onclick: () => send({ type: 'trump', ...option }) }, label));
      }
    }
  }
  if (st.phase === 'play' && st.claim_team && st.claim_team === myTeam(st)) {
    box.append(el('span', {}, `${t('play.claim')}: `));
    for (const amount of [20, 40, 50, 70, 100, 200]) {
      box.append(el('button', { type: 'button', 'data-claim': String(amount),
        onclick: () => send({ type: 'claim', roem: amount }) }, String(amount)));
    }
  }
}

function renderLast(st) {
  const panel = $('last');
  panel.replaceChildren(el('h2', {}, t('play.last_trick')));
  if (!st.last_trick) { panel.append(el('p', {}, t('play.nothing_to_show'))); return; }
  const lt = st.last_trick;
  const step = st.direction === 'clockwise' ? 1 : 3;
  const seats = ['N', 'E', 'S', 'W'];
  const start = seats.indexOf(lt.leader);
  panel.append(el('p', {}, ...lt.cards.map((c, i) => el('span', { class: 'played-last' },
    `${seatName(seats[(start + i * step) % 4])} `, face(c), ' '))),
  el('p', {}, `${seatName(lt.winner)} ${t('play.took')}: ${lt.points} ${t('play.points')}${lt.roem ? ` + ${lt.roem} ${t('play.roem')}` : ''}`));
}

function renderSheet(st) {
  const panel = $('sheet');
  const we = myTeam(st);
  const they = we === 'NS' ? 'EW' : 'NS';
  const rows = st.sheet.rows.map((r, i) => el('tr', {}, el('td', {}, el('button', { type: 'button', class: 'small',
    'data-review': String(i + 1), 'aria-label': `${t('play.review')} ${t('play.deal').toLowerCase()} ${i + 1}`,
    onclick: () => openReview(i + 1) }, String(i + 1))),
    el('td', { class: r.nat && r[we] === 0 ? 'mark' : null }, `${r[we]}${r.pit === we ? ` (${t('play.pit')})` : ''}${r.nat && r[we] === 0 ? ` (${t('play.nat')})` : ''}`),
    el('td', { class: r.nat && r[they] === 0 ? 'mark' : null }, `${r[they]}${r.pit === they ? ` (${t('play.pit')})` : ''}${r.nat && r[they] === 0 ? ` (${t('play.nat')})` : ''}`)));
  panel.replaceChildren(el('h2', {}, t('play.sheet')), el('table', {},
    el('thead', {}, el('tr', {}, el('th', {}, t('play.deal')), el('th', {}, t('play.we')), el('th', {}, t('play.they')))),
    el('tbody', {}, rows),
    el('tfoot', {}, el('tr', {}, el('th', {}, t('play.total')), el('th', { 'data-total': 'we' }, String(st.sheet.totals[we])),
      el('th', { 'data-total': 'they' }, String(st.sheet.totals[they]))))));
  if (st.sheet.strokes && (st.sheet.strokes.NS || st.sheet.strokes.EW)) {
    panel.append(el('p', {}, `${t('play.we')}: ${st.sheet.strokes[we]} · ${t('play.they')}: ${st.sheet.strokes[they]}`));
  }
}

function renderResult(st) {
  const panel = $('result');
  if (!(st.phase === 'deal_over' || st.phase === 'match_over') || !st.result) { panel.hidden = true; return; }
  panel.hidden = false;
  const r = st.result;
  const we = myTeam(st);
  const they = we === 'NS' ? 'EW' : 'NS';
  const lines = [el('h2', {}, `${t('play.deal')} ${r.deal}`)];
  lines.push(el('p', {}, `${t('play.points')}: ${t('play.we')} ${r.points[we]} · ${t('play.they')} ${r.points[they]}; ${t('play.roem')}: ${t('play.we')} ${r.roem[we]} · ${t('play.they')} ${r.roem[they]}`));
  if (r.score) {
    let marks = '';
    if (r.nat) marks += ` — ${t('play.nat')}`;
    if (r.pit) marks += ` — ${t('play.pit')} ${r.pit === we ? t('play.we') : t('play.they')}`;
    if (r.verzaakt) marks += ` — ${t('play.verzaakt_by')} ${r.verzaakt === we ? t('play.we') : t('play.they')}`;
    lines.push(el('p', { 'data-result': 'score' }, `${t('play.score')}: ${t('play.we')} ${r.score[we]} · ${t('play.they')} ${r.score[they]}${marks}`));
  }
  if (r.went_on) lines.push(el('p', {}, `${r.went_on.team === we ? t('play.we') : t('play.they')} ${t('play.went_on')} ${r.went_on.strokes} ${t('play.strokes')}`));
  if (st.phase === 'match_over') {
    const w = st.sheet.winner;
    lines.push(el('p', { class: 'match-over', 'data-match': 'over' }, `${t('play.match_over')}. ${w === null ? t('play.draw') : w === we ? t('play.winner_we') : t('play.winner_they')}`));
    const rows = st.sheet.rows;
    const count = (f) => rows.filter(f).length;
    lines.push(el('p', { 'data-summary': 'match' }, `${t('play.total')}: ${t('play.we')} ${st.sheet.totals[we]} · ${t('play.they')} ${st.sheet.totals[they]}. ` +
      `${t('play.deals_won')}: ${count((r) => r[we] > r[they])}/${rows.length}. ${t('play.nat')}: ${t('play.we')} ${count((r) => r.nat && r[we] === 0)} · ` +
      `${t('play.they')} ${count((r) => r.nat && r[they] === 0)}. ${t('play.pit')}: ${t('play.we')} ${count((r) => r.pit === we)} · ${t('play.they')} ${count((r) => r.pit === they)}.`));
    lines.push(el('a', { href: '/play', class: 'button' }, t('play.new_game')));
  } else {
    lines.push(el('button', { type: 'button', class: 'primary', id: 'next-button', onclick: () => send({ type: 'next' }) }, t('play.next_deal')));
  }
  lines.push(el('button', { type: 'button', id: 'review-button', onclick: () => openReview(r.deal) }, t('play.review')));
  panel.replaceChildren(...lines);
}

function showHints(options) {
  const panel = $('hints');
  panel.hidden = false;
  panel.replaceChildren(el('h2', {}, t('play.hint')), el('ol', {}, options.map((o) => {
    const what = o.card ? face(o.card) : o.action === 'choose' ? `${t('play.choose')} ${SYMBOL[o.suit]}` : o.action === 'play' ? t('play.play') : o.action === 'pass' ? t('play.pass') : String(o.claim);
    return el('li', { 'data-option': o.card || o.action || '' }, what, ' — ', o.why[getLang()]);
  })));
}

async function openReview(number, attempt = 0) {
  const panel = $('review');
  panel.hidden = false;
  if (!attempt) panel.replaceChildren(el('h2', {}, `${t('play.review')} ${number}`), el('p', {}, '…'));
  const query = game.token ? `?token=${encodeURIComponent(game.token)}` : '';
  const response = await fetch(`/api/play/${encodeURIComponent(game.id)}/review/${number}${query}`);
  const data = await response.json();
  const body = [el('h2', {}, `${t('play.review')} — ${t('play.deal')} ${number}`)];
  const plays = data.record ? data.record.plays : [];
  const byIndex = new Map((data.cards || []).map((c) => [c.index, c]));
  const me = game.state ? game.state.seat : null;
  const tricks = [];
  for (let i = 0, n = 1; i < plays.length; i += 4, n += 1) {
    const box = el('div', { class: 'review-trick', 'data-trick': String(n) }, el('h3', {}, `${t('play.trick')} ${n}`));
    for (let j = i; j < Math.min(i + 4, plays.length); j++) {
      const info = byIndex.get(j);
      const loss = info && info.loss > 0;
      const mine = info && info.seat === me;
      const best = info ? info.best.map((c) => cardText(c)).join(' / ') : '';
      box.append(el('div', { class: `review-card${loss ? ' loss' : ''}${mine ? ' mine' : ''}`, 'data-loss': info ? String(info.loss) : null },
        info ? `${seatName(info.seat)} ` : '', face(plays[j]), loss ? ` ${t('play.loses')} ${info.loss} — ${t('play.best')}: ${best}` : ''));
    }
    tricks.push(box);
  }
  if (data.pending) body.push(el('p', { 'data-review': 'pending' }, t('play.analysing')));
  else if (!data.available) body.push(el('p', {}, t('play.no_review')));
  if (data.summary && data.summary[getLang()]) body.push(el('p', { 'data-review': 'summary' }, data.summary[getLang()]));
  body.push(...tricks, el('button', { type: 'button', onclick: () => { panel.hidden = true; } }, t('play.close')));
  panel.replaceChildren(...body);
  if (data.pending && attempt < 120 && !panel.hidden) setTimeout(() => openReview(number, attempt + 1), 1500);
}

function toggle(id) { const p = $(id); p.hidden = !p.hidden; }

function keys(event) {
  if (event.target.closest('input, select, textarea') || event.ctrlKey || event.metaKey || event.altKey) return;
  const st = game.state;
  if (!st) return;
  if (/^[1-8]$/.test(event.key)) {
    const button = document.querySelector(`#hand .card[data-key="${event.key}"]`);
    if (button) { button.focus(); playCard(button.dataset.card); }
  } else if (event.key === 'h') send({ type: 'hint' });
  else if (event.key === 'u') send({ type: 'undo' });
  else if (event.key === 'l') toggle('last');
  else if (event.key === 's') toggle('sheet');
  else if (event.key === 'n' && st.phase === 'deal_over') send({ type: 'next' });
}

function init() {
  renderHeader({ current: 'play', extras: fourColourToggle });
  practice.init({ send, openReview });
  applyTexts();
  onLangChange(relabel);
  $('new-game').addEventListener('submit', startGame);
  $('hint-button').addEventListener('click', () => send({ type: 'hint' }));
  $('undo-button').addEventListener('click', () => send({ type: 'undo' }));
  $('last-button').addEventListener('click', () => toggle('last'));
  $('sheet-button').addEventListener('click', () => toggle('sheet'));
  $('verzaakt-button').addEventListener('click', () => send({ type: 'verzaakt' }));
  document.addEventListener('keydown', keys);
  const code = location.pathname.match(/^\/t\/([A-Za-z0-9]{6})$/);
  const id = new URLSearchParams(location.search).get('game');
  if (code) openTable(code[1].toUpperCase());
  else if (id) openGame(id);
  else { $('setup').hidden = false; loadGames(); }
}

init();
