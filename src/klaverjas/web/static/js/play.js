// Playing against computer players: the table page. Plain ES module, no build step.
// The server holds the deal; this page renders the state it is sent for our seat.
import { TEXTS, initialLang } from './play-i18n.js';
import { linkTerms } from './glossary.js';
import * as practice from './learn-practice.js';

const SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };
const RANK = { T: '10' };
let lang = initialLang();
const t = () => TEXTS[lang];

const game = { id: null, token: null, socket: null, lastSeq: 0, state: null, closing: false, retry: 0 };
const $ = (id) => document.getElementById(id);

// Build DOM nodes; text always goes in as text, never as HTML.
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function face(name) {
  const suit = name[1];
  return el('span', { class: `face suit-${suit}` }, (RANK[name[0]] || name[0]) + SYMBOL[suit]);
}

function seatName(seat) {
  const st = game.state;
  if (st && seat === st.seat) return t().you;
  const info = st && st.seats ? st.seats.find((s) => s.seat === seat) : null;
  if (info && info.kind === 'human' && info.name) return info.name;
  return t().seats[seat];
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

function applyTexts() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll('[data-t]')) {
    const text = t()[node.dataset.t];
    if (typeof text === 'string') node.textContent = text;
  }
  $('lang-button').textContent = lang === 'nl' ? 'English' : 'Nederlands';
  $('table').setAttribute('aria-label', lang === 'nl' ? 'Tafel' : 'Table');
  if (game.state) render(game.state);
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
    const label = `${g.rules} · ${g.deals} ${t().deal.toLowerCase()} · ${g.phase === 'match_over' ? t().finished : t().in_play}`;
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
    name: form.get('name') || t().you, seat: form.get('seat'), pace: Number(form.get('pace')),
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
  if (!response.ok) { $('setup').hidden = false; $('message').textContent = t().no_table; return; }
  const info = await response.json();
  if (localStorage.getItem(`klaverjas.play.${info.id}`)) { openGame(info.id); return; }
  const T = t();
  $('join').hidden = false;
  $('join-info').textContent = `${T.code} ${info.code} · ${info.rules}`;
  const box = $('join-seats');
  box.replaceChildren(el('span', {}, T.take_seat));
  for (const s of info.seats) {
    const free = s.kind === 'open' || (info.started && s.kind === 'bot' && !s.name);
    if (!free) continue;
    box.append(el('button', { type: 'button', class: 'primary', 'data-seat': s.seat, onclick: () => joinTable(info.code, s.seat) },
      T.seats[s.seat]));
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
    $('status').textContent = t().reconnecting;
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
    const reason = message.reason ? message.reason[lang] : message.message;
    $('message').replaceChildren(linkTerms(reason, lang));  // terms link to /learn/glossary
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
  if (event.type === 'verzaakt') text = `${t().call_verzaakt} ${event.team}`;
  if (!text) return;
  box.textContent = text;
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => { box.textContent = ''; }, 1800);
}

// --- rendering -------------------------------------------------------------------------
function myTeam(st) { return st.seat === 'N' || st.seat === 'S' ? 'NS' : 'EW'; }

function render(st) {
  const T = t();
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
  status.append(item(T.deal, String(st.deal)));
  if (st.trump) status.append(item(T.trump, `${SYMBOL[st.trump]} ${T.suits[st.trump]}`));
  else if (st.proposed) status.append(item(T.proposed, `${SYMBOL[st.proposed]} ${T.suits[st.proposed]}`));
  if (st.dealer) status.append(item(T.dealer, seatName(st.dealer)));
  if (st.makers) status.append(item(T.playing, st.makers === myTeam(st) ? T.we : T.they));
  if (st.to_move) status.append(item(T.turn, st.to_move === me ? T.your_turn : seatName(st.to_move)));

  for (const node of document.querySelectorAll('.felt .seat')) {
    const seat = seatAt(node.dataset.pos);
    node.dataset.seat = seat;
    const info = st.seats.find((s) => s.seat === seat);
    const details = [];
    if (info && info.kind === 'bot') details.push(T['lv_' + info.level] || info.level);
    if (info && info.replaced) details.push(T.away);
    if (st.dealer === seat) details.push(T.dealer);
    if (st.hand_counts) details.push(`${st.hand_counts[seat]} ${T.cards}`);
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
  const T = t();
  const link = `${location.origin}/t/${st.code}`;
  const items = st.seats.map((s) => el('li', { 'data-seat': s.seat }, `${T.seats[s.seat]}: `,
    s.kind === 'human' ? el('b', {}, s.name) : el('i', {}, T.open_seat)));
  const parts = [el('h1', {}, T.join_table), el('p', {}, `${T.code}: `, el('span', { class: 'code', id: 'table-code' }, st.code)),
    el('label', { class: 'share' }, T.share, el('input', { id: 'share-link', readonly: true, value: link })),
    el('ul', { class: 'seats' }, items)];
  if (st.seat && st.host === st.seat) {
    parts.push(el('button', { type: 'button', class: 'primary', id: 'start-table', onclick: () => send({ type: 'start' }) }, T.start_table));
  } else {
    parts.push(el('p', {}, st.seat ? T.waiting_host : T.spectating));
  }
  $('lobby').replaceChildren(...parts, $('chat'));
}

function renderChat(st) {
  const panel = $('chat');
  if (!st.code) { panel.hidden = true; return; }
  panel.hidden = false;
  const T = t();
  const lines = (st.chat || []).map((m) => el('p', { class: 'chat-line' }, el('b', {}, `${m.name || T.seats[m.seat] || ''}: `), m.text));
  const children = [el('h2', {}, T.chat), ...lines];
  if (st.seat) {
    const input = el('input', { name: 'text', maxlength: '200', 'aria-label': T.chat, autocomplete: 'off' });
    children.push(el('form', { onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) send({ type: 'chat', text: input.value }); input.value = ''; } },
      input, el('button', { type: 'submit' }, T.send)));
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
  hand.setAttribute('aria-label', lang === 'nl' ? 'Je kaarten' : 'Your cards');
  hand.replaceChildren(...(st.hand || []).map((c, i) => {
    const name = c.card;
    const classes = ['card', `suit-${name[1]}`];
    if (st.trump === name[1]) classes.push('trump');
    if (myTurn) classes.push(legal.has(name) ? 'playable' : 'illegal');
    return el('button', { type: 'button', class: classes.join(' '), 'data-card': name, 'aria-label': c.label[lang],
      'data-key': String(i + 1), onclick: () => playCard(name) }, (RANK[name[0]] || name[0]) + SYMBOL[name[1]]);
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
  const T = t();
  if (st.phase === 'trump') {
    const said = (st.bids || []).map((b) => `${seatName(b.seat)} ${b.action === 'pass' ? T.says_pass
      : b.action === 'play' ? T.says_play : `${T.chose} ${SYMBOL[b.suit]}`}`);
    if (said.length) box.append(el('p', {}, said.join(' · ')));
    if (st.to_move === st.seat && st.options) {
      for (const option of st.options) {
        const label = option.action === 'choose' ? `${T.choose} ${SYMBOL[option.suit]} ${T.suits[option.suit]}`
          : option.action === 'play' ? `${T.play} ${st.proposed ? SYMBOL[st.proposed] : ''}` : T.pass;
        box.append(el('button', { type: 'button', class: 'primary', 'data-action': option.action,
          'data-suit': option.suit || null, onclick: () => send({ type: 'trump', ...option }) }, label));
      }
    }
  }
  if (st.phase === 'play' && st.claim_team && st.claim_team === myTeam(st)) {
    box.append(el('span', {}, `${T.claim}: `));
    for (const amount of [20, 40, 50, 70, 100, 200]) {
      box.append(el('button', { type: 'button', 'data-claim': String(amount),
        onclick: () => send({ type: 'claim', roem: amount }) }, String(amount)));
    }
  }
}

function renderLast(st) {
  const panel = $('last');
  panel.replaceChildren(el('h2', {}, t().last_trick));
  if (!st.last_trick) { panel.append(el('p', {}, t().nothing_to_show)); return; }
  const lt = st.last_trick;
  const step = st.direction === 'clockwise' ? 1 : 3;
  const seats = ['N', 'E', 'S', 'W'];
  const start = seats.indexOf(lt.leader);
  panel.append(el('p', {}, ...lt.cards.map((c, i) => el('span', { class: 'played-last' },
    `${seatName(seats[(start + i * step) % 4])} `, face(c), ' '))),
  el('p', {}, `${seatName(lt.winner)} ${t().took}: ${lt.points} ${t().points}${lt.roem ? ` + ${lt.roem} ${t().roem}` : ''}`));
}

function renderSheet(st) {
  const T = t();
  const panel = $('sheet');
  const we = myTeam(st);
  const they = we === 'NS' ? 'EW' : 'NS';
  const rows = st.sheet.rows.map((r, i) => el('tr', {}, el('td', {}, el('button', { type: 'button', class: 'small',
    'data-review': String(i + 1), 'aria-label': `${T.review} ${T.deal.toLowerCase()} ${i + 1}`,
    onclick: () => openReview(i + 1) }, String(i + 1))),
    el('td', { class: r.nat && r[we] === 0 ? 'mark' : null }, `${r[we]}${r.pit === we ? ` (${T.pit})` : ''}${r.nat && r[we] === 0 ? ` (${T.nat})` : ''}`),
    el('td', { class: r.nat && r[they] === 0 ? 'mark' : null }, `${r[they]}${r.pit === they ? ` (${T.pit})` : ''}${r.nat && r[they] === 0 ? ` (${T.nat})` : ''}`)));
  panel.replaceChildren(el('h2', {}, T.sheet), el('table', {},
    el('thead', {}, el('tr', {}, el('th', {}, T.deal), el('th', {}, T.we), el('th', {}, T.they))),
    el('tbody', {}, rows),
    el('tfoot', {}, el('tr', {}, el('th', {}, T.total), el('th', { 'data-total': 'we' }, String(st.sheet.totals[we])),
      el('th', { 'data-total': 'they' }, String(st.sheet.totals[they]))))));
  if (st.sheet.strokes && (st.sheet.strokes.NS || st.sheet.strokes.EW)) {
    panel.append(el('p', {}, `${T.we}: ${st.sheet.strokes[we]} · ${T.they}: ${st.sheet.strokes[they]}`));
  }
}

function renderResult(st) {
  const panel = $('result');
  const T = t();
  if (!(st.phase === 'deal_over' || st.phase === 'match_over') || !st.result) { panel.hidden = true; return; }
  panel.hidden = false;
  const r = st.result;
  const we = myTeam(st);
  const they = we === 'NS' ? 'EW' : 'NS';
  const lines = [el('h2', {}, `${T.deal} ${r.deal}`)];
  lines.push(el('p', {}, `${T.points}: ${T.we} ${r.points[we]} · ${T.they} ${r.points[they]}; ${T.roem}: ${T.we} ${r.roem[we]} · ${T.they} ${r.roem[they]}`));
  if (r.score) {
    let marks = '';
    if (r.nat) marks += ` — ${T.nat}`;
    if (r.pit) marks += ` — ${T.pit} ${r.pit === we ? T.we : T.they}`;
    if (r.verzaakt) marks += ` — ${T.verzaakt_by} ${r.verzaakt === we ? T.we : T.they}`;
    lines.push(el('p', { 'data-result': 'score' }, `${T.score}: ${T.we} ${r.score[we]} · ${T.they} ${r.score[they]}${marks}`));
  }
  if (r.went_on) lines.push(el('p', {}, `${r.went_on.team === we ? T.we : T.they} ${T.went_on} ${r.went_on.strokes} ${T.strokes}`));
  if (st.phase === 'match_over') {
    const w = st.sheet.winner;
    lines.push(el('p', { class: 'match-over', 'data-match': 'over' }, `${T.match_over}. ${w === null ? T.draw : w === we ? T.winner_we : T.winner_they}`));
    const rows = st.sheet.rows;
    const count = (f) => rows.filter(f).length;
    lines.push(el('p', { 'data-summary': 'match' }, `${T.total}: ${T.we} ${st.sheet.totals[we]} · ${T.they} ${st.sheet.totals[they]}. ` +
      `${T.deals_won}: ${count((r) => r[we] > r[they])}/${rows.length}. ${T.nat}: ${T.we} ${count((r) => r.nat && r[we] === 0)} · ` +
      `${T.they} ${count((r) => r.nat && r[they] === 0)}. ${T.pit}: ${T.we} ${count((r) => r.pit === we)} · ${T.they} ${count((r) => r.pit === they)}.`));
    lines.push(el('a', { href: '/play', class: 'button' }, T.new_game));
  } else {
    lines.push(el('button', { type: 'button', class: 'primary', id: 'next-button', onclick: () => send({ type: 'next' }) }, T.next_deal));
  }
  lines.push(el('button', { type: 'button', id: 'review-button', onclick: () => openReview(r.deal) }, T.review));
  panel.replaceChildren(...lines);
}

function showHints(options) {
  const panel = $('hints');
  panel.hidden = false;
  const T = t();
  panel.replaceChildren(el('h2', {}, T.hint), el('ol', {}, options.map((o) => {
    const what = o.card ? face(o.card) : o.action === 'choose' ? `${T.choose} ${SYMBOL[o.suit]}` : o.action ? T[o.action] : String(o.claim);
    return el('li', { 'data-option': o.card || o.action || '' }, what, ' — ', o.why[lang]);
  })));
}

async function openReview(number, attempt = 0) {
  const panel = $('review');
  panel.hidden = false;
  if (!attempt) panel.replaceChildren(el('h2', {}, `${t().review} ${number}`), el('p', {}, '…'));
  const query = game.token ? `?token=${encodeURIComponent(game.token)}` : '';
  const response = await fetch(`/api/play/${encodeURIComponent(game.id)}/review/${number}${query}`);
  const data = await response.json();
  const T = t();
  const body = [el('h2', {}, `${T.review} — ${T.deal} ${number}`)];
  const plays = data.record ? data.record.plays : [];
  const byIndex = new Map((data.cards || []).map((c) => [c.index, c]));
  const me = game.state ? game.state.seat : null;
  const tricks = [];
  for (let i = 0, n = 1; i < plays.length; i += 4, n += 1) {
    const box = el('div', { class: 'review-trick', 'data-trick': String(n) }, el('h3', {}, `${T.trick} ${n}`));
    for (let j = i; j < Math.min(i + 4, plays.length); j++) {
      const info = byIndex.get(j);
      const loss = info && info.loss > 0;
      const mine = info && info.seat === me;
      const best = info ? info.best.map((c) => (RANK[c[0]] || c[0]) + SYMBOL[c[1]]).join(' / ') : '';
      box.append(el('div', { class: `review-card${loss ? ' loss' : ''}${mine ? ' mine' : ''}`, 'data-loss': info ? String(info.loss) : null },
        info ? `${seatName(info.seat)} ` : '', face(plays[j]), loss ? ` ${T.loses} ${info.loss} — ${T.best}: ${best}` : ''));
    }
    tricks.push(box);
  }
  if (data.pending) body.push(el('p', { 'data-review': 'pending' }, T.analysing));
  else if (!data.available) body.push(el('p', {}, T.no_review));
  if (data.summary && data.summary[lang]) body.push(el('p', { 'data-review': 'summary' }, data.summary[lang]));
  body.push(...tricks, el('button', { type: 'button', onclick: () => { panel.hidden = true; } }, T.close));
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
  practice.init({ send, openReview, getLang: () => lang });
  applyTexts();
  const four = localStorage.getItem('klaverjas.four') === '1';
  $('four-colour').checked = four;
  document.body.classList.toggle('four', four);
  $('four-colour').addEventListener('change', (e) => {
    localStorage.setItem('klaverjas.four', e.target.checked ? '1' : '0');
    document.body.classList.toggle('four', e.target.checked);
  });
  $('lang-button').addEventListener('click', () => {
    lang = lang === 'nl' ? 'en' : 'nl';
    localStorage.setItem('klaverjas.lang', lang);
    applyTexts();
  });
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
