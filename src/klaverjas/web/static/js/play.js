// Playing against computer players: the card table page. Plain ES module, no build step.
// The server holds the deal; this page renders the state it is sent for our seat: the felt with the
// other hands as fanned backs, a player plate at each seat, the trick, our hand, the score bar.
import { $, h as el } from './dom.js';
import { api } from './api.js';
import { SUIT_SYMBOL as SYMBOL, backSvg, cardName, cardSvg, cardText, face, sortCards, suitText } from './cards.js';
import { linkTerms } from './glossary.js';
import { applyTexts, getLang, has, onLangChange, t } from './i18n.js';
import { onCardsChange, pageTitle, renderHeader } from './layout.js';
import { openReview as reviewBoard } from './review.js';
import { keepChoices, keepName, keptName, restoreChoices } from './choices.js';
import { asHost, forgetWatch, fullLink, gameHref, gamesOfThisBrowser, rememberSeat as keepSeat, rememberWatch, seatToken, takeFragment, watchToken } from './links.js';
import * as practice from './learn-practice.js';
import * as sound from './sound.js';

const game = {
  id: null, token: null, socket: null, lastSeq: 0, state: null, closing: false, retry: 0, online: false,
  log: [], why: new Map(), bidWhy: new Map(), reviewDeal: null, chatSaid: null, reviewAt: null, sweeping: null, held: new Set(), resultWaits: false,
  shown: new Set(), invites: {}, games: null, joining: null, pageError: null, lastOpener: null, hostError: null, keysBack: null,
  boardPending: false, handDeal: null, dealtAt: null, resyncing: false, endSound: false,
};
const ORDER = ['N', 'E', 'S', 'W'];
const POSITIONS = ['bottom', 'left', 'top', 'right'];
const motion = () => !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const words = (texts) => (texts && typeof texts === 'object' ? texts[getLang()] || texts.en || '' : texts || '');

function seatName(seat) {
  const st = game.state;
  if (st && seat === st.seat) return t('play.you');
  const info = st && st.seats ? st.seats.find((s) => s.seat === seat) : null;
  if (info && info.kind === 'human' && info.name) return info.name;
  return t(`common.seat.${seat}`);
}

// The table turns so that our own seat is at the bottom (spectators see South there).
function posOf(seat) {
  const me = (game.state && game.state.seat) || 'S';
  return POSITIONS[(ORDER.indexOf(seat) - ORDER.indexOf(me) + 4) % 4];
}
function seatAt(pos) {
  const me = (game.state && game.state.seat) || 'S';
  return ORDER[(ORDER.indexOf(me) + POSITIONS.indexOf(pos)) % 4];
}
function teamOf(seat) { return seat === 'N' || seat === 'S' ? 'NS' : 'EW'; }
function myTeam(st) { return teamOf(st.seat || 'S'); }
// The rules in words in the page's language (never the rule string meant for programs).
function rulesWords(info) { return words(info.rules_words); }

// The tab's title as every page's: what it shows, then the site. A table with friends is named as its screens
// name it (by its host, else by its code), so such a tab is told apart from a game against the computer.
function retitle() {
  const info = game.state || (game.joining && game.joining.info);
  const host = info && info.seats ? hostName(info) : null;
  const code = info && info.code;
  pageTitle(host ? t('play.table_of', { name: host }) : code ? `${t('play.table')} ${code}` : t('common.nav.play'));
}

function relabel() {
  applyTexts();
  retitle();
  showPageError(game.pageError);
  if (!$('setup').hidden) { drawGames(); describeMore(); }
  if (!$('join').hidden && game.joining) drawJoin();
  if (game.state) render(game.state);
}

// The page's own message above the screen; given as a function it is said again after a language switch.
function showPageError(text) {
  game.pageError = text || null;
  const said = typeof text === 'function' ? text() : text;
  $('page-message').replaceChildren(said ? el('p', { class: 'error' }, said) : '');
}

// A refusal in the page's language whenever it is shown (ApiError keeps the server's reason in every language;
// a server out of reach is said in the page's words).
const refusal = (error) => () => (error.reason && error.reason[getLang()])
  || (error.code === 'network' ? t('common.offline') : error.message);

// --- setup ------------------------------------------------------------------------
// This browser's games only: the server lists the games of the seat tokens sent, nobody else's.
// With none, the list says so; it says nothing while the server is asked or when it cannot be reached.
async function loadGames() {
  game.games = null;
  drawGames();
  let games;
  try { games = await gamesOfThisBrowser(); } catch { return; }
  game.games = games;
  drawGames();
}

// deals counts the finished ones: a match in play is at the next deal, a finished one says how many it had.
function gameWords(g) {
  const over = g.phase === 'match_over';
  return [g.code ? t('play.with_friends_short') : null, rulesWords(g),
    over ? t('play.deals_played', { n: g.deals }) : t('play.deal_n', { n: g.deals + 1 })].filter(Boolean).join(' · ');
}

// The list, and above the new game the way back to the game in play changed last (the server lists the most
// recently changed first), as a card room seats you at your table again before offering a new one.
function drawGames() {
  const games = game.games;
  $('no-games').hidden = !games || games.length > 0;
  $('games').replaceChildren(...(games || []).map((g) => el('li', { 'data-game': g.id },
    el('a', { href: gameHref(g) }, `${gameWords(g)} · ${g.phase === 'match_over' ? t('play.finished') : t('play.in_play')}`))));
  const going = (games || []).find((g) => g.phase !== 'match_over');
  $('continue').hidden = !going;
  if (!going) return;
  $('continue').href = gameHref(going);
  $('continue').dataset.game = going.id;
  $('continue-what').textContent = gameWords(going);
}

// The four jacks by each screen's title (the jack of trumps is the game's highest card), in the letters and
// colours chosen for the cards.
const JACKS = ['JH', 'JC', 'JD', 'JS'];
const jackCards = () => JACKS.map((c, i) => el('span', { style: `--i:${i}` }, cardSvg(c)));
const jacks = () => el('span', { class: 'jacks', 'aria-hidden': 'true' }, jackCards());
function drawJacks() { for (const box of document.querySelectorAll('.jacks')) box.replaceChildren(...jackCards()); }

// The one level choice sets the three computer players; a seat set on its own under More settings leaves
// that choice empty unless the three agree again.
const SEAT_LEVELS = ['level_n', 'level_e', 'level_w'];
function levelsChanged(event) {
  if (event && event.target.name !== 'level' && !SEAT_LEVELS.includes(event.target.name)) return;
  const form = $('new-game');
  const seats = SEAT_LEVELS.map((name) => form.elements[name]);
  if (event && event.target.name === 'level') for (const select of seats) select.value = event.target.value;
  const values = new Set(seats.map((select) => select.value));
  for (const radio of form.querySelectorAll('input[name=level]')) radio.checked = values.size === 1 && values.has(radio.value);
}

// What under More settings differs from today's game, said on its closed summary: a kept choice is never
// out of sight.
function describeMore() {
  const changed = [...$('more-settings').querySelectorAll('select')].filter((select) => {
    const standard = [...select.options].find((o) => o.defaultSelected) || select.options[0];
    return select.value !== standard.value;
  }).map((select) => `${select.labels[0].querySelector('span').textContent}: ${select.selectedOptions[0].textContent}`);
  $('more-summary').textContent = changed.join(' · ');
}

function choicesChanged(event) {
  levelsChanged(event);
  describeMore();
  keepChoices($('new-game'));
}

function settingsFrom(form) {
  return {
    preset: form.get('preset'), trump_selection: form.get('trump_selection'), match_end: form.get('match_end'),
    roem_claim: form.get('roem_claim'), illegal_cards: form.get('illegal_cards'), pace: Number(form.get('pace')),
  };
}

async function startGame(event) {
  event.preventDefault();
  keepChoices(event.target);
  const form = new FormData(event.target);
  if (event.submitter && event.submitter.id === 'create-table') return createTable(form);
  const body = { ...settingsFrom(form), levels: [form.get('level_n'), form.get('level_e'), form.get('level_w')],
    name: form.get('name') || '' };
  let created;
  try { created = await api('POST', '/api/play', body); } catch (e) { showPageError(refusal(e)); return; }
  showPageError('');
  keepSeat(created.id, created.token);
  practice.remember(created.id, form);
  history.pushState({}, '', `/play/${encodeURIComponent(created.id)}`);
  openGame(created.id);
}

async function createTable(form) {
  const body = { ...settingsFrom(form), level: form.get('level_e'), name: form.get('name') || t('play.you'),
    seat: form.get('seat'), away_limit: Number(form.get('away_limit') || 60) };
  let created;
  try { created = await api('POST', '/api/tables', body); } catch (e) { showPageError(refusal(e)); return; }
  showPageError('');
  rememberSeat(created);
  history.pushState({}, '', `/t/${encodeURIComponent(created.code)}`);
  openGame(created.id);
}

function rememberSeat(joined) { keepSeat(joined.id, joined.token, joined.code); }

// --- a table with friends: joining, and the lobby until the host starts ----------------------------
// The four chairs as round a table: North at the top, South at the bottom, partners facing each other.
// `chair(info)` fills each; the list items carry `attrs(seat)`.
function chairs(seats, chair, attrs = () => ({})) {
  const bySeat = Object.fromEntries(seats.map((s) => [s.seat, s]));
  const items = ['N', 'W', 'E', 'S'].map((seat) => {
    const { class: extra, ...more } = attrs(seat);
    return el('li', { ...more, class: `chair chair-${seat}${extra ? ` ${extra}` : ''}` }, chair(bySeat[seat] || { seat, kind: 'open', name: '' }));
  });
  return [...items, el('li', { class: 'chair-felt', 'aria-hidden': 'true' })];
}

// Who sits in a taken chair: the name, or a computer player and its level; the host and an absent player marked.
function occupant(info, host, mine) {
  const notes = [];
  if (info.seat === mine) notes.push(t('play.you'));
  if (info.seat === host) notes.push(t('play.host'));
  if (info.kind === 'bot') notes.push(has(`play.lv_${info.level}`) ? t(`play.lv_${info.level}`) : info.level);
  if (info.replaced) notes.push(t('play.away'));
  const who = info.kind === 'bot' ? t('play.computer') : info.kind === 'human' ? info.name : t('play.open_seat');
  return [el('span', { class: 'seat-name' }, t(`common.seat.${info.seat}`)),
    el('b', { class: `who-sits${info.kind === 'open' ? ' open' : ''}` }, who),
    notes.length ? el('small', {}, notes.join(' · ')) : null];
}

const hostName = (info) => {
  const host = info.seats.find((s) => s.seat === info.host);
  return host && host.kind === 'human' && host.name ? host.name : null;
};

// /t/CODE: with a seat token (ours, or from a #token= link) the table opens; with an invitation (#invite=)
// only the name is asked, the seat is the invitation's; with a spectator link (#watch=) it opens to watch.
async function openTable(code, secrets) {
  let info;
  try { info = await api('GET', `/api/tables/${encodeURIComponent(code)}`); } catch {
    $('setup').hidden = false;
    showPageError(() => t('play.no_table'));
    loadGames();
    return;
  }
  if (secrets.token) rememberSeat({ id: info.id, code: info.code, token: secrets.token });
  if (secrets.watch) rememberWatch(info.code, secrets.watch);
  if (secrets.invite) game.invites[info.code] = secrets.invite;
  let invite = game.invites[info.code] || sessionStorage.getItem(`klaverjas.invite.${info.code}`);
  if (invite) sessionStorage.setItem(`klaverjas.invite.${info.code}`, invite);
  // The invitation's seat is named before a name is typed; a used or replaced one is said up front, and the
  // screen is the code's (free chairs, if any). Another failure (the network) leaves it to Join to say.
  let invited = null;
  if (invite) {
    try {
      invited = (await api('POST', `/api/tables/${encodeURIComponent(info.code)}/invitation`, { invite })).seat;
    } catch (e) {
      if (e.status === 403 || e.status === 409) {
        forgetInvite(info.code);
        invite = null;
        showPageError(refusal(e));
      }
    }
  }
  const mine = seatToken(info.id);
  if (mine && !invite) { openGame(info.id, mine); return; }
  const watching = watchToken(info.code);
  if (secrets.watch && !invite) { openGame(info.id, watching); return; }
  const first = !game.joining;
  game.joining = { info, invite, invited, watching };
  $('join').hidden = false;
  const name = $('join-form').elements.name;
  if (first && !name.value) name.value = keptName();
  drawJoin();
  $('join-form').onsubmit = (e) => { e.preventDefault(); joinByEnter(); };
  $('watch-link').onclick = (e) => { e.preventDefault(); $('join').hidden = true; openGame(info.id, watching); };
}

// The join screen from the table's public facts: a free chair is a button named by its seat; a taken one
// says who sits there. With an invitation the seat is the invitation's, so only Take the seat is offered.
function drawJoin() {
  const { info, invite, invited, watching } = game.joining;
  const host = hostName(info);
  $('join-title').textContent = host ? t('play.table_of', { name: host }) : t('play.join_table');
  retitle();
  $('join-info').textContent = `${rulesWords(info)} · ${t('play.code')} ${info.code}`;
  const free = invite ? [] : info.free;
  $('join-legend').textContent = invite ? t('play.who_sits') : free.length ? t('play.choose_seat') : t('play.no_free_seat');
  $('join-seats').replaceChildren(...chairs(info.seats, (s) => (free.includes(s.seat)
    ? el('button', { type: 'button', class: 'primary seat-button', 'data-seat': s.seat, onclick: () => joinTable(info.code, { seat: s.seat }) },
      el('span', { class: 'seat-name' }, t(`common.seat.${s.seat}`)), el('small', {}, t('play.open_seat')))
    : occupant(s, info.host)), (seat) => ({ 'data-chair': seat, class: seat === invited ? 'mine' : '' })));
  $('join-invited-seat').hidden = !invited;
  $('join-invited-seat').textContent = invited ? t('play.invited_to', { seat: t(`common.seat.${invited}`) }) : '';
  $('join-invited').hidden = !invite;
  $('join-name').hidden = !invite && !free.length;  // nothing to join: no name to ask
  $('watch-link').parentElement.hidden = !watching;  // watching needs the host's spectator link
  if (!$('join-name-error').hidden) markName(true);
}

// Enter in the name field: the invitation's seat, the one free chair, else on to the chairs to choose one.
function joinByEnter() {
  const { info, invite } = game.joining;
  if (invite) joinTable(info.code, { invite });
  else if (info.free.length === 1) joinTable(info.code, { seat: info.free[0] });
  else if (nameGiven()) $('join-seats').querySelector('button')?.focus();
}

// A name is needed to sit down: said at the field in the page's language (a browser's own bubble is in its).
function markName(missing) {
  const input = $('join-form').elements.name;
  $('join-name-error').hidden = !missing;
  $('join-name-error').textContent = missing ? t('play.name_needed') : '';
  if (missing) input.setAttribute('aria-invalid', 'true'); else input.removeAttribute('aria-invalid');
}

function nameGiven() {
  const input = $('join-form').elements.name;
  markName(!input.value.trim());
  if (!input.value.trim()) input.focus();
  return Boolean(input.value.trim());
}

function forgetInvite(code) {
  delete game.invites[code];
  sessionStorage.removeItem(`klaverjas.invite.${code}`);
}

async function joinTable(code, how) {
  if (!nameGiven()) return;
  const name = $('join-form').elements.name.value.trim();
  keepName(name);
  let joined;
  try { joined = await api('POST', `/api/tables/${encodeURIComponent(code)}/join`, { name, ...how }); } catch (e) {
    showPageError(refusal(e));
    if (how.invite) forgetInvite(code);
    openTable(code, {});
    return;
  }
  if (how.invite) forgetInvite(code);
  showPageError('');
  rememberSeat(joined);
  $('join').hidden = true;
  game.joining = null;
  openGame(joined.id, joined.token);
}

// --- connection -----------------------------------------------------------------------
function openGame(id, token = null) {
  game.id = id;
  game.token = token || seatToken(id);
  game.lastSeq = Number(sessionStorage.getItem(`klaverjas.seq.${id}`) || 0);
  $('setup').hidden = true;
  $('join').hidden = true;
  $('table').hidden = false;
  game.boardPending = true;  // its board is brought into view once drawn (boardIntoView)
  game.handDeal = null;  // its first deal comes into the hand as dealt, whatever the game before reached
  game.endSound = false;
  if (window.matchMedia('(min-width: 64rem)').matches) $('log-box').open = true;
  connect();
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ since: String(game.lastSeq) });
  if (game.token) query.set('token', game.token);
  const socket = new WebSocket(`${proto}://${location.host}/ws/play/${encodeURIComponent(game.id)}?${query}`);
  game.socket = socket;
  socket.addEventListener('open', () => { game.retry = 0; game.online = true; document.body.dataset.online = '1'; connectionBanner(false); });
  socket.addEventListener('message', (e) => receive(JSON.parse(e.data)));
  socket.addEventListener('close', () => {
    if (game.closing || game.socket !== socket) return;
    game.online = false;
    document.body.dataset.online = '0';
    connectionBanner(true);
    game.retry = Math.min(game.retry + 1, 6);
    setTimeout(connect, 250 * 2 ** game.retry);
  });
}

// While the connection is down the felt's announcement strip says so (a move tried then says it too).
function connectionBanner(down) {
  const box = $('announce');
  box.classList.toggle('offline', down);
  if (down) box.textContent = t('play.reconnecting');
  else if (box.textContent === t('play.reconnecting')) box.textContent = '';
}

// Sends a move; while the connection is down the move is not lost silently: we say so, and the
// card stays in the hand to be played again once the table is back.
function send(message) {
  if (game.socket && game.socket.readyState === WebSocket.OPEN) { game.socket.send(JSON.stringify(message)); return true; }
  showMessage(t('play.reconnecting'));
  return false;
}

function showMessage(text) {
  const box = $('message');
  if (!text) { box.replaceChildren(); return; }
  box.replaceChildren(el('p', {}, typeof text === 'string' ? linkTerms(text, getLang()) : text));
  logToEnd();  // sideways the message takes height from the log's row
}

function receive(message) {
  if (message.type === 'state' || message.type === 'update') {
    const before = game.state;
    const catchingUp = message.type === 'state';
    if (catchingUp && $('message').textContent === t('play.reconnecting')) showMessage('');
    // The host started the next match here: each seat goes there by itself, as soon as it hears so (also after a
    // reconnect); a table opened afresh, which had not been followed here, shows the way instead (anotherMatch).
    const rematch = (message.events || []).find((e) => e.type === 'rematch' && e.link);
    const followed = !catchingUp || game.lastSeq > 0;
    for (const event of message.events || []) remember(event, catchingUp);
    sweepTrick(before, message.events || [], catchingUp);
    if (!catchingUp) soundsOf(before, message.events || [], message.state);
    game.state = message.state;
    game.lastSeq = message.state.seq;
    sessionStorage.setItem(`klaverjas.seq.${game.id}`, String(game.lastSeq));
    // A state after a reconnect brings what was missed all at once: drawn in silence. (The first state of a game
    // opened here is no resync: its hand comes in as dealt, with the riffle.)
    game.resyncing = catchingUp && game.handDeal !== null;
    render(message.state);
    game.resyncing = false;
    if (rematch && followed && !game.closing) goToRematch(rematch);
  } else if (message.type === 'error' && message.code === 'watch_withdrawn') {
    // The host made a new spectator link: this one opens nothing any more, so stop knocking.
    game.closing = true;
    forgetWatch(game.token);
    showMessage(t('play.watch_withdrawn'));
  } else if (message.type === 'error' && (message.code === 'no_game' || message.code === 'bad_token')) {
    // The server closes the socket for good: no game here, or not for this token. Stop knocking and offer
    // the start screen with the reason, as an unknown table code does.
    game.closing = true;
    connectionBanner(false);
    $('table').hidden = true;
    $('setup').hidden = false;
    showPageError(() => (message.reason ? words(message.reason) : message.message));
    loadGames();
  } else if (message.type === 'error') {
    showMessage(message.reason ? words(message.reason) : message.message);
  } else if (message.type === 'hint') {
    if (!practice.onHint(message.options)) showHints(message.options);
  }
}

// Events feed the game log, the reasons computer players give, and the announcements.
function remember(event, catchingUp) {
  const line = (who, text, why) => {
    game.log.push({ who, text, why, seq: event.seq, type: event.type, card: event.card });
    if (game.log.length > 200) game.log.shift();
  };
  if (event.type === 'deal') {
    game.why.clear(); game.bidWhy.clear();
    line(null, () => t('play.log_deal', { n: event.deal, dealer: seatName(event.dealer) }));
  } else if (event.type === 'bid') {
    if (event.why) game.bidWhy.set(event.seat, event.why);
    line(event.seat, () => bidText(event), event.why);
  } else if (event.type === 'trump') {
    line(null, () => `${t('play.trump')}: ${suitText(event.trump)}`);
  } else if (event.type === 'card') {
    if (event.why) game.why.set(event.card, { seat: event.seat, why: event.why });
    line(event.seat, () => cardText(event.card), event.why);
  } else if (event.type === 'trick') {
    line(event.winner, () => `${t('play.took')} (${event.points}${event.roem ? ` + ${event.roem} ${t('play.roem')}` : ''})`);
  } else if (event.type === 'claim') {
    line(event.seat, () => `${t('play.claim')}: ${event.roem || t('play.no_roem')}`, event.why);
  } else if (event.type === 'verzaakt') {
    line(event.seat, () => `${t('play.call_verzaakt')} ${event.team}`, event.why);
  } else if (event.type === 'deal_end') {
    fillReasons(event.reasons);
    line(null, () => t('play.log_deal_end', { n: event.deal }));
  }
  if (!catchingUp) announce(event);
}

// A reason that would have shown a hidden hand is held back during the deal (the live event's `why` says so)
// and comes with the deal's end as `reasons: [{seq, why}]`: it replaces the placeholder in the log and on the felt.
function fillReasons(reasons) {
  for (const { seq, why } of reasons || []) {
    const entry = game.log.find((e) => e.seq === seq);
    if (!entry || !why) continue;
    entry.why = why;
    if (entry.type === 'bid') game.bidWhy.set(entry.who, why);
    if (entry.type === 'card') game.why.set(entry.card, { seat: entry.who, why });
  }
}

function bidText(b) {
  if (b.action === 'pass') return t('play.says_pass');
  if (b.action === 'play') return `${t('play.says_play')}${b.suit ? ` ${SYMBOL[b.suit]}` : ''}`;
  return `${t('play.chose')} ${SYMBOL[b.suit]}`;
}

// Roem, claims and calls in a strip of the felt kept free for them: never over the trick or the hand.
function announce(event) {
  const box = $('announce');
  let text = '';
  // Said as at the table, "20 roem", with the seat whose trick it was (the roem goes to its side).
  if (event.type === 'trick' && event.announce && event.announce.length && !event.claimed) {
    text = `${seatName(event.winner)}: ${event.announce.map((a) => (/^\d+$/.test(a) ? t('play.roem_n', { n: a }) : a)).join(' + ')}`;
  }
  if (event.type === 'claim') text = `${seatName(event.seat)}: ${event.roem || t('play.no_roem')}`;
  if (event.type === 'verzaakt') text = `${t('play.call_verzaakt')} ${event.team}`;
  if (!text) return;
  box.textContent = text;
  box.classList.add('on');
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => { box.textContent = ''; box.classList.remove('on'); }, 2200);
}

// The table's sounds (js/sound.js) for the events of an update: a snap for each card played, spaced when several
// come at once; the deal's end, sounded when its result opens (renderResult); and a chime when the turn comes to
// us after others have played (not after our own card, not at a new deal, which has its riffle, nor on a take-back).
// A trick's swish goes with its sweep (gather), the riffle with the hand's cards coming in (renderHand).
const SNAP_GAP = 0.07;  // seconds between the snaps of cards that come in one update, so they never blur together
function soundsOf(before, events, st) {
  const cards = events.filter((e) => e.type === 'card').length;
  for (let i = 0; i < Math.min(cards, 8); i++) sound.card(i * SNAP_GAP);
  if (events.some((e) => e.type === 'deal_end')) game.endSound = true;
  const ours = (s) => Boolean(s && s.seat && s.to_move === s.seat && (s.phase === 'play' || s.phase === 'trump'));
  if (before && ours(st) && !ours(before) && before.deal === st.deal && !events.some((e) => e.type === 'undo')) {
    const dealing = Math.max(0, (game.dealtAt ?? -1e9) + DEALING_MS - performance.now()) / 1000;  // after the riffle
    sound.turn(Math.max(cards * SNAP_GAP + 0.1, dealing));
  }
}

// A finished trick stays a moment where it lay, the winning card marked, then is gathered to its winner's plate
// (under reduced motion it stays still and goes). It is drawn in its own layer, so the state underneath is never
// held back: cards of the next trick that arrive meanwhile are in #trick at once, shown when the layer is gone.
// A card that comes while the trick still lies there cuts the wait short (see hurrySweep); `least` is how long a
// finished trick is seen even then.
const SWEEP = { hold: 750, gather: 380, still: 900, least: 400 };
function sweepTrick(before, events, catchingUp) {
  if (catchingUp) return;
  let trick = before && before.trick ? before.trick.slice() : [];
  const deal = before ? before.deal : null;
  for (const event of events) {
    if (event.type === 'card') { trick.push({ seat: event.seat, card: event.card }); hurrySweep(); }
    if (event.type === 'deal' || event.type === 'undo') { trick = []; endSweep(true); }  // a taken-back trick lies in #trick again
    if (event.type !== 'trick') continue;
    endSweep();
    const moving = motion();
    const layer = el('div', { class: 'sweep', 'aria-hidden': 'true', 'data-winner': event.winner, 'data-stage': 'shown' },
      trick.slice(-4).map((p) => {
        const fresh = moving && !game.shown.has(`${deal}:${p.card}`);  // the trick's last card still travels in
        return el('div', { class: `played ${posOf(p.seat)}${p.seat === event.winner ? ' winner' : ''}${fresh ? ' enter' : ''}`,
          'data-swept': p.card, 'data-seat-played': p.seat }, el('span', { class: 'card-face' }, cardSvg(p.card)));
      }));
    $('trick').after(layer);
    const timers = [];
    if (moving) {
      timers.push(setTimeout(() => gather(layer, event.winner), SWEEP.hold));
      timers.push(setTimeout(endSweep, SWEEP.hold + SWEEP.gather));
    } else {
      timers.push(setTimeout(endSweep, SWEEP.still));
    }
    game.sweeping = { layer, timers, winner: event.winner, moving, since: performance.now() };
    trick = [];
  }
}

// The next trick's first card has come: the finished trick is gathered now (once seen for SWEEP.least), and the
// card shows as soon as it has gone, by the same end as always; under reduced motion the still trick just goes.
function hurrySweep() {
  const sweeping = game.sweeping;
  if (!sweeping || sweeping.hurried || sweeping.layer.dataset.stage !== 'shown') return;
  sweeping.hurried = true;
  for (const timer of sweeping.timers) clearTimeout(timer);
  const wait = Math.max(0, sweeping.since + SWEEP.least - performance.now());
  sweeping.timers = sweeping.moving
    ? [setTimeout(() => gather(sweeping.layer, sweeping.winner), wait), setTimeout(endSweep, wait + SWEEP.gather)]
    : [setTimeout(endSweep, wait)];
}

// Each card of the trick flies to the centre of the winner's plate, shrinking and fading on the way.
function gather(layer, winner) {
  const plate = document.querySelector(`.felt .seat[data-seat="${winner}"] .plate`);
  const to = plate ? plate.getBoundingClientRect() : null;
  layer.dataset.stage = 'gather';
  sound.trick();
  for (const card of layer.querySelectorAll('.played')) {
    const from = card.getBoundingClientRect();
    if (to) card.style.translate = `${to.left + to.width / 2 - (from.left + from.width / 2)}px ${to.top + to.height / 2 - (from.top + from.height / 2)}px`;
    card.classList.add('gone');
  }
}

// The layer goes, and the next trick's cards that waited under it are shown (travelling in, with motion). A trick
// that goes without being gathered (under reduced motion, or ended by the next trick's) swishes as it goes, unless
// `quiet` (taken back, or a new deal).
function endSweep(quiet = false) {
  const sweeping = game.sweeping;
  if (!sweeping) return;
  game.sweeping = null;
  if (!quiet && sweeping.layer.dataset.stage === 'shown') sound.trick();
  for (const timer of sweeping.timers) clearTimeout(timer);
  sweeping.layer.remove();
  for (const card of document.querySelectorAll('#trick .played.held')) {
    card.classList.remove('held');
    if (motion()) card.classList.add('enter');
  }
  if (game.resultWaits && game.state) { game.resultWaits = false; renderResult(game.state, true); }
}

// --- rendering -------------------------------------------------------------------------
// A phone held sideways: the board is the screen's height (play.css), brought into view under the header when
// it first shows and whenever the phone is turned so.
const SIDEWAYS = window.matchMedia('(orientation: landscape) and (max-height: 31rem) and (min-width: 40rem)');
function boardIntoView() {
  if (SIDEWAYS.matches && !$('table').hidden) document.querySelector('.board').scrollIntoView({ block: 'start' });
  logToEnd();  // turned, the log has another row's height: its newest lines in view again
}

// The log shows its newest lines: after an entry, and when its box changes height (a phone turned, a message shown).
function logToEnd() { const list = $('log'); list.scrollTop = list.scrollHeight; }
SIDEWAYS.addEventListener('change', boardIntoView);

function render(st) {
  retitle();
  const inLobby = st.phase === 'lobby';
  $('lobby').hidden = !inLobby;
  $('table').hidden = inLobby;
  if (inLobby) renderLobby(st);
  renderChat(st);
  renderHost(st);
  // Exposed for tests and styling: which phase, whose turn, which event we are at.
  document.body.dataset.phase = st.phase;
  document.body.dataset.toMove = st.to_move || '';
  document.body.dataset.me = st.seat || '';
  document.body.dataset.seq = String(st.seq);
  renderStatus(st);
  renderSeats(st);
  renderTrick(st);
  const place = focusPlace();
  renderHand(st);
  renderDecision(st);
  if (game.boardPending && !inLobby) { game.boardPending = false; boardIntoView(); }
  keepPlace(place);
  $('undo-button').disabled = !st.can_undo;
  // Only a lone player may take a card back: with friends at the table the button would never work.
  $('undo-button').hidden = st.seats.filter((s) => s.kind === 'human').length > 1;
  $('hint-button').disabled = !(st.to_move === st.seat && (st.phase === 'play' || st.phase === 'trump'));
  $('verzaakt-button').hidden = st.illegal_cards !== 'allow';
  renderLast(st);
  renderSheet(st);
  renderResult(st);
  renderLog();
  // A review belongs to the deal it was opened in: the next deal closes it.
  if (game.reviewAt !== null && game.reviewAt !== dealNumber(st) && st.phase !== 'deal_over') {
    $('review').hidden = true;
    game.reviewAt = null;
  }
  practice.onState(st);
}

// The lobby: who sits where, the link to send, the chat, and for the host Start and his invitations.
function renderLobby(st) {
  const host = hostName(st);
  const seats = el('section', { class: 'panel', 'aria-labelledby': 'lobby-title' },
    el('div', {}, el('h2', { id: 'lobby-title' }, t('play.who_sits')), el('p', { class: 'hint' }, rulesWords(st))),
    el('ul', { class: 'chairs', role: 'list', 'aria-labelledby': 'lobby-title' },
      chairs(st.seats, (s) => occupant(s, st.host, st.seat), (seat) => ({ 'data-seat': seat, class: seat === st.seat ? 'mine' : null }))));
  if (st.seat && st.host === st.seat) {
    seats.append(el('button', { type: 'button', class: 'primary big', id: 'start-table', onclick: () => send({ type: 'start' }) },
      t('play.start_table')), el('p', { class: 'hint' }, t('play.start_hint')));
  } else {
    seats.append(el('p', { class: 'waiting' }, st.seat ? t('play.waiting_host') : t('play.spectating')));
  }
  const parts = [el('div', { class: 'screen-head' }, el('h1', {}, host ? t('play.table_of', { name: host }) : t('play.join_table')), jacks()), seats];
  // A spectator's state has no code: nothing to share, and never an address like /t/null.
  if (st.code) {
    const input = el('input', { id: 'share-link', readonly: true, value: `${location.origin}/t/${st.code}` });
    parts.push(el('section', { class: 'panel share', 'aria-labelledby': 'share-title' },
      el('h2', { id: 'share-title' }, t('play.share_table')),
      el('p', {}, `${t('play.code')}: `, el('span', { class: 'code', id: 'table-code' }, st.code)),
      el('div', { class: 'field' }, el('label', { for: 'share-link' }, t('play.share')),
        el('span', { class: 'copy-row' }, input, copyButton(input, 'share')))));
  }
  $('lobby').replaceChildren(...parts, $('chat'), $('host'));
}

// Copies a link's field to the clipboard and says so on the button (again after a language switch: relabelCopy).
function copyButton(input, kind) {
  const button = el('button', { type: 'button', class: 'small', 'data-copy': kind, onclick: async () => {
    input.select();
    try { await navigator.clipboard.writeText(input.value); } catch { document.execCommand('copy'); }
    button.dataset.copied = '';
    relabelCopy(button);
  } }, t('play.copy'));
  return button;
}
function relabelCopy(button) { say(button, t('copied' in button.dataset ? 'play.copied' : 'play.copy')); }

// A text set only when it changed: the host's panel is brought up to date on every state, and an alert's text
// set again would be read out again.
function say(node, text) { if (node.textContent !== text) node.textContent = text; }

const linkLabels = new WeakMap();  // a made link's row: its label's words, a function of the language

// The host's tools: an invitation for a chosen seat (one use; after the start the only way to a seat) and
// the spectator link (the public table: no code, no chat). Built once per game, so made links stay; their
// words, and a refusal's, are said again on every drawing, so they follow the language switch.
function renderHost(st) {
  const panel = $('host');
  const isHost = Boolean(st.code && st.seat && st.host === st.seat && st.phase !== 'match_over');
  panel.hidden = !isHost;
  if (isHost && panel.dataset.game !== game.id) {
    panel.dataset.game = game.id;
    game.hostError = null;
    const seats = el('select', { id: 'invite-seat' });
    const out = el('div', { id: 'host-links' });
    const status = el('p', { class: 'message', role: 'alert', id: 'host-error' });
    // Each made link keeps the words of its label (a function of the language), said by relabelHost.
    const made = (kind, label, link) => {
      const input = el('input', { readonly: true, value: fullLink(link), 'data-link': kind });
      out.querySelector(`[data-made="${kind}"]`)?.remove();
      const row = el('label', { class: 'share', 'data-made': kind }, el('span', { class: 'made-label' }),
        el('span', { class: 'copy-row' }, input, copyButton(input, kind)));
      linkLabels.set(row, label);
      out.append(row);
      if (kind === 'watch') panel.querySelector('#renew-watch').hidden = false;
      relabelHost();
    };
    const ask = async (kind, url, body, label) => {
      game.hostError = null;
      relabelHost();
      try { made(kind, label, (await asHost(url, game.token, body)).link); } catch (e) { game.hostError = refusal(e); relabelHost(); }
    };
    const code = encodeURIComponent(st.code);
    const invite = () => {
      const seat = seats.value;  // the link's label names this seat, even once the choice is another
      ask('invite', `/api/tables/${code}/invite`, { seat }, () => t('play.invite_link', { seat: t(`common.seat.${seat}`) }));
    };
    panel.replaceChildren(el('h2', { 'data-i18n': 'play.invite_title' }),
      el('div', { class: 'host-row' }, el('label', {}, el('span', { 'data-i18n': 'play.invite_seat' }), seats),
        el('button', { type: 'button', id: 'make-invite', 'data-i18n': 'play.make_invite', onclick: invite })),
      el('p', { class: 'hint', id: 'invite-none', hidden: true }),
      el('div', { class: 'host-row' },
        el('button', { type: 'button', id: 'make-watch', 'data-i18n': 'play.make_watch',
          onclick: () => ask('watch', `/api/tables/${code}/spectate`, {}, () => t('play.watch_link')) }),
        // Replacing a link means something once there is one to see: offered from then on.
        el('button', { type: 'button', id: 'renew-watch', hidden: true, 'data-i18n': 'play.renew_watch',
          onclick: () => ask('watch', `/api/tables/${code}/spectate`, { renew: true }, () => t('play.watch_link_new')) })),
      status, out);
    applyTexts(panel);  // its fixed words (data-i18n), said again by relabel after a language switch
  }
  if (isHost) { relabelHost(); offerSeats(st); }
  if (!$('lobby').hidden || panel.parentElement === $('side')) return;
  $('side').append(panel);
}

// The words of the host panel that change with what happened: the made links' labels, the copy buttons, a refusal.
function relabelHost() {
  const panel = $('host');
  for (const row of panel.querySelectorAll('[data-made]')) {
    const label = linkLabels.get(row)();
    say(row.querySelector('.made-label'), label);
    row.querySelector('input').setAttribute('aria-label', label);
  }
  for (const button of panel.querySelectorAll('[data-copy]')) relabelCopy(button);
  say($('host-error'), game.hostError ? game.hostError() : '');
}

// The invitation offers only the seats the server lets the host give away (Table.invite): an open chair, a
// computer player's, or that of someone away; never one whose player is at the table. Drawn anew only when
// that changes, so an open choice is not shut under the host's finger by every card played.
function offerSeats(st) {
  const select = $('invite-seat');
  const free = ORDER.filter((seat) => {
    const info = st.seats.find((s) => s.seat === seat) || { kind: 'open' };
    return seat !== st.host && (info.kind !== 'human' || info.replaced);
  });
  const drawn = `${getLang()} ${free.join('')}`;
  if (select.dataset.drawn === drawn) return;
  select.dataset.drawn = drawn;
  const was = select.value;
  select.replaceChildren(...free.map((s) => el('option', { value: s, selected: s === was }, t(`common.seat.${s}`))));
  select.disabled = !free.length;
  $('make-invite').disabled = !free.length;
  $('invite-none').hidden = free.length > 0;
  $('invite-none').textContent = t('play.invite_none');
}

function renderChat(st) {
  const panel = $('chat');
  if (!st.code) { panel.hidden = true; return; }
  panel.hidden = false;
  // Made once and then only brought up to date: each card played sends a new state, and a form drawn anew
  // would wipe what someone is typing.
  if (!panel.querySelector('.chat-lines')) {
    const input = el('input', { name: 'text', maxlength: '200', autocomplete: 'off' });
    panel.replaceChildren(el('h2', {}), el('div', { class: 'chat-lines' }),
      el('form', { onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) send({ type: 'chat', text: input.value }); input.value = ''; } },
        input, el('button', { type: 'submit' })));
  }
  panel.querySelector('h2').textContent = t('play.chat');
  const form = panel.querySelector('form');
  form.hidden = !st.seat;
  const input = form.querySelector('input');
  input.setAttribute('aria-label', t('play.chat'));
  input.placeholder = t('play.chat_placeholder');
  form.querySelector('button').textContent = t('play.send');
  const box = panel.querySelector('.chat-lines');
  const lines = (st.chat || []).map((m) => el('p', { class: 'chat-line' }, el('b', {}, `${m.name || (m.seat ? t(`common.seat.${m.seat}`) : '')}: `), m.text));
  const said = lines.map((n) => n.textContent).join('\n');
  // The newest line in sight: the lines scroll, the form stays under them.
  if (game.chatSaid !== said) {
    box.replaceChildren(...lines);
    game.chatSaid = said;
    box.scrollTop = box.scrollHeight;
  }
  if ($('lobby').hidden && panel.parentElement !== $('side')) $('side').append(panel);
}

// The deal being played; after the last deal of a match, the last deal (never one past it).
function dealNumber(st) {
  if (st.phase === 'match_over') return st.sheet.rows.length;
  return st.deal || 0;
}

function renderStatus(st) {
  const we = myTeam(st);
  const they = we === 'NS' ? 'EW' : 'NS';
  // data-score holds the number alone, so that readers (and tests) get the total as it is.
  const total = (team) => el('div', { class: `total ${team === we ? 'we' : 'they'}` },
    el('span', { class: 'label', id: `score-label-${team}` }, team === we ? t('play.we') : t('play.they')),
    el('strong', { 'data-score': team, 'aria-describedby': `score-label-${team}` }, String(st.sheet.totals[team])));
  const item = (label, value, attrs = {}) => el('div', { class: 'item', ...attrs }, el('span', { class: 'label' }, label), el('b', {}, value));
  const deal = dealNumber(st);
  const of = (st.match_end || '').startsWith('deals:') ? `/${st.match_end.split(':')[1]}` : '';
  const parts = [total(we), total(they), item(t('play.deal'), `${deal}${of}`, { 'data-deal': String(deal) })];
  const points = st.points || (st.result && st.result.points);
  const roem = st.roem || (st.result && st.result.roem);
  const trumpSuit = st.trump || st.proposed;
  parts.push(item(st.trump ? t('play.trump') : t('play.proposed'),
    trumpSuit ? el('span', { class: `suit-${trumpSuit}` }, SYMBOL[trumpSuit]) : '–', { 'data-trump': st.trump || '' }));
  parts.push(item(t('play.playing'), st.makers ? (st.makers === we ? t('play.we') : t('play.they')) : '–', { 'data-makers': st.makers || '' }));
  if (points && roem) {
    parts.push(item(t('play.this_deal'), `${points[we]} · ${points[they]}`, { 'data-points': '' }));
    parts.push(item(t('play.roem'), `${roem[we]} · ${roem[they]}`, { 'data-roem': '' }));
  }
  if (st.tricks_won) parts.push(item(t('play.tricks'), `${st.tricks_won[we]} · ${st.tricks_won[they]}`, { 'data-tricks': '' }));
  // Ours in words, or on the narrowest phones just "Jij" under its label, so the bar keeps to two rows there.
  const turn = !st.to_move ? '–' : st.to_move !== st.seat ? seatName(st.to_move)
    : [el('span', { class: 'long' }, t('play.your_turn')), el('span', { class: 'short' }, t('play.you'))];
  parts.push(item(t('play.turn'), turn, { class: `item turn${st.to_move === st.seat && st.seat ? ' mine' : ''}`, 'data-turn': st.to_move || '' }));
  $('status').replaceChildren(...parts);
}

function fan(count, pos) {
  const n = Math.max(count, 1);
  return el('div', { class: `fan fan-${pos}`, style: `--n:${n}` }, Array.from({ length: count }, (_, i) =>
    el('span', { class: 'back', 'data-card-back': '', style: `--i:${i}` }, backSvg())));
}

function renderSeats(st) {
  for (const node of document.querySelectorAll('.felt .seat')) {
    const seat = seatAt(node.dataset.pos);
    const pos = node.dataset.pos;
    node.dataset.seat = seat;
    const info = st.seats.find((s) => s.seat === seat) || {};
    const meta = [];
    if (info.kind === 'bot') meta.push(has(`play.lv_${info.level}`) ? t(`play.lv_${info.level}`) : info.level);
    if (info.kind === 'human') meta.push(t('play.human'));
    if (info.replaced) meta.push(t('play.away'));
    const badges = [];
    if (st.dealer === seat) badges.push(el('span', { class: 'badge dealer', title: t('play.dealer') }, t('play.dealer_short')));
    // "Speelt" on the seat that chose trump (the score bar says which side plays).
    const maker = st.maker ? st.maker === seat : st.makers && teamOf(seat) === st.makers;
    // What was said in the trump selection stays until the first trick is taken, as at a real table.
    const bids = st.last_trick ? [] : (st.bids || []).filter((b) => b.seat === seat);
    const lastBid = bids.length ? bids[bids.length - 1].action : null;
    // A maker whose last word was "speelt" shows it once: its bubble in the badge's colour, the badge after the
    // first trick.
    const saysPlays = maker && lastBid === 'play';
    if (maker && !saysPlays) badges.push(el('span', { class: 'badge makers' }, t('play.plays_badge')));
    const why = game.bidWhy.get(seat);
    // What the seat said in this deal's trump selection; a computer player's bid is a button giving its reason.
    const said = bids.map(bidText).join(', ');
    const bidClass = saysPlays ? 'bid makers' : 'bid';
    const bubble = !bids.length ? null : why
      ? el('button', { type: 'button', class: bidClass, 'data-bid': lastBid, title: words(why),
        'aria-label': `${seatName(seat)}: ${said}. ${t('play.reason')}: ${words(why)}`,
        onclick: () => showReason(seat, said, why, () => document.querySelector(`.felt .seat[data-seat="${seat}"] button.bid`)) }, said)
      : el('span', { class: bidClass, 'data-bid': lastBid }, said);
    const count = st.hand_counts ? st.hand_counts[seat] : 0;
    const showBacks = !(st.seat === seat && st.hand) && ['play', 'trump'].includes(st.phase);
    const plate = el('div', { class: 'plate' },
      el('span', { class: 'avatar', 'aria-hidden': 'true' }, seatName(seat).slice(0, 1).toUpperCase()),
      el('span', { class: 'who' }, el('b', { class: 'name' }, seatName(seat)), el('small', {}, meta.join(' · '))),
      badges, bubble);
    node.replaceChildren(plate, showBacks ? fan(count, pos) : '');
    node.classList.toggle('to-move', st.to_move === seat);
    node.setAttribute('role', 'group');
    node.setAttribute('aria-label', `${seatName(seat)}${showBacks ? ` · ${t('play.cards_n', { n: count })}` : ''}`);
  }
}

function renderTrick(st) {
  const trick = $('trick');
  const shown = new Set();
  if (!game.sweeping) game.held.clear();
  trick.replaceChildren(...(st.trick || []).map((p, i) => {
    const key = `${st.deal}:${p.card}`;
    shown.add(key);
    // A card played while the last trick is still on the felt waits under it (see sweepTrick).
    const held = game.sweeping && (!game.shown.has(key) || game.held.has(key));
    if (held) game.held.add(key);
    const isNew = !held && !game.shown.has(key) && motion();
    const reason = game.why.get(p.card);
    const label = t('play.played_card', { seat: seatName(p.seat), card: cardName(p.card) });
    const lead = i === 0 ? ' lead' : '';
    const attrs = { class: `played ${posOf(p.seat)}${lead}${isNew ? ' enter' : ''}${held ? ' held' : ''}`, 'data-card': p.card, 'data-seat-played': p.seat };
    const inner = el('span', { class: 'card-face' }, cardSvg(p.card));
    if (reason) {
      return el('button', { type: 'button', ...attrs, 'aria-label': label, title: words(reason.why),
        onclick: () => showWhy(p.seat, p.card, reason.why) }, inner);
    }
    return el('div', { ...attrs, role: 'img', 'aria-label': label }, inner);
  }));
  game.shown = shown;
}

// A panel closed gives the focus back to the control that opened it: that one if still on the page and shown,
// else `again()` (the same control drawn anew since, or a fallback); a panel opened from nowhere (the page
// itself) gives it to `again()` too, rather than back to nowhere.
function focusBack(opener, again = () => null) {
  const usable = (node) => node && node !== document.body && node.isConnected && !node.closest('[hidden]');
  const back = usable(opener) ? opener : again();
  if (usable(back)) back.focus();
}

// How to find `node` again once the page has drawn it anew (for focusBack): by its id, or as the same card in the
// hand, or the same deal's button on the sheet.
function findAgain(node) {
  const id = node && node.id;
  const card = node && node.dataset ? node.dataset.card : null;
  const deal = node && node.dataset ? node.dataset.review : null;
  return () => (id && document.getElementById(id)) || (card && $('hand').querySelector(`[data-card="${card}"]`))
    || (deal && document.querySelector(`#sheet [data-review="${deal}"]`)) || null;
}

function showWhy(seat, card, why) { showReason(seat, cardText(card), why, () => document.querySelector(`#trick button[data-card="${card}"]`)); }

// A computer player's reason in a box on the felt, until closed or the next card. Closed, the focus goes back to
// the bid or card it was asked of (`again` finds it if the felt has been drawn anew meanwhile).
function showReason(seat, what, why, again) {
  const box = $('why');
  box.hidden = false;
  const opener = document.activeElement;
  const close = () => {
    box.hidden = true;
    focusBack(opener, again);
  };
  box.replaceChildren(el('p', {}, el('b', {}, `${seatName(seat)} · ${what}: `), linkTerms(words(why), getLang())),
    el('button', { type: 'button', 'aria-label': t('play.close'), onclick: close }, '×'));
}

// Why a card may not be played now, worked out from the trick and the hand (the server refuses it
// with its own full reason if it is clicked anyway).
function illegalReason(st, card) {
  const trick = st.trick || [];
  if (!trick.length) return t('play.why_not_now');
  const led = trick[0].card[1];
  const hand = (st.hand || []).map((c) => c.card);
  if (card[1] !== led && hand.some((c) => c[1] === led)) return t('play.why_follow', { suit: t(`common.suit.${led}`) });
  if (card[1] === st.trump) return t('play.why_overtrump');
  return t('play.why_trump');
}

const DEAL_GAP = 45;  // ms between the cards coming into the hand (play.css .hand .card.dealt)
const DEALING_MS = 8 * DEAL_GAP + 320;  // the last card's delay and its way in

function renderHand(st) {
  const hand = $('hand');
  const reasons = $('hand-reasons');
  const myTurn = st.phase === 'play' && st.to_move === st.seat;
  const legal = new Set(st.legal || []);
  // Sorted as a player sorts a hand; before trump is chosen the proposed suit stands where trumps will.
  const held = st.hand || [];
  const cards = sortCards(held.map((c) => c.card), st.trump || st.proposed).map((card) => held.find((c) => c.card === card));
  hand.setAttribute('aria-label', t('play.your_cards'));
  hand.style.setProperty('--n', String(Math.max(cards.length, 1)));
  reasons.replaceChildren();
  // A new deal's eight cards come into the hand one after another, as dealt. The hand is drawn anew on every
  // state, so a drawing within the deal's first moments carries the animation on from where it is.
  // (South African deals begin in the play, with no trump choice: a new deal is a new number with eight cards.)
  if (st.deal !== game.handDeal && cards.length === 8) {
    game.dealtAt = performance.now();
    if (!game.resyncing) sound.deal(8, DEAL_GAP / 1000);
  }
  game.handDeal = st.deal;
  const since = performance.now() - (game.dealtAt ?? -1e9);
  const dealing = motion() && since < DEALING_MS;
  hand.replaceChildren(...cards.map((c, i) => {
    const name = c.card;
    const classes = ['card', `suit-${name[1]}`];
    if (st.trump === name[1]) classes.push('trump');
    let described = null;
    if (myTurn && legal.has(name)) classes.push('playable');
    else if (myTurn) {
      classes.push('illegal');
      described = `why-${name}`;
      reasons.append(el('span', { id: described }, illegalReason(st, name)));
    }
    if (dealing) classes.push('dealt');
    return el('button', { type: 'button', class: classes.join(' '), 'data-card': name, 'aria-label': c.label[getLang()],
      style: dealing ? `--i:${i};--since:${Math.round(since)}ms` : null,
      'aria-disabled': described ? 'true' : null, 'aria-describedby': described, 'data-key': String(i + 1),
      'aria-keyshortcuts': String(i + 1),  // the number key that plays it (see keys)
      onclick: () => playCard(name) }, cardSvg(name));
  }));
}

// The hand and the trump choice are drawn anew on every state, which would drop a keyboard player's focus to the
// page's top: it stays on the same card, or once that is played on the card now in its place, and after a trump
// choice goes on to the next choice offered or the hand. With no card left the deal's result takes it.
function focusPlace() {
  const active = document.activeElement;
  if ($('hand').contains(active) && active.dataset.card) return { card: active.dataset.card, at: [...$('hand').children].indexOf(active) };
  if ($('decision').contains(active)) return { decision: true };
  return null;
}

function keepPlace(place) {
  if (!place || (document.activeElement && document.activeElement !== document.body)) return;
  const cards = [...$('hand').children];
  const target = place.decision ? $('decision').querySelector('button') || cards[0]
    : cards.find((c) => c.dataset.card === place.card) || cards[Math.min(place.at, cards.length - 1)];
  if (target) target.focus({ preventScroll: true });
}

function playCard(name) {
  if (!game.online || !game.socket || game.socket.readyState !== WebSocket.OPEN) { showMessage(t('play.reconnecting')); return; }
  showMessage('');
  $('hints').hidden = true;
  $('hint-said').textContent = '';
  $('why').hidden = true;
  practice.onPlay(name, game.state);
  send({ type: 'card', card: name });
}

function renderDecision(st) {
  const box = $('decision');
  box.replaceChildren();
  if (st.phase === 'trump' && st.to_move === st.seat && st.options) {
    box.append(el('span', { class: 'ask' }, st.proposed ? t('play.ask_play', { suit: suitText(st.proposed) }) : t('play.ask_choose')));
    for (const option of st.options) {
      const label = option.action === 'choose'
        ? [el('span', { class: 'verb' }, `${t('play.choose')} `), el('span', { class: 'symbol' }, SYMBOL[option.suit]),
          el('span', { class: 'suit-name' }, ` ${t(`common.suit.${option.suit}`)}`)]
        : option.action === 'play' ? `${t('play.play')} ${st.proposed ? SYMBOL[st.proposed] : ''}` : t('play.pass');
      box.append(el('button', { type: 'button', class: option.action === 'pass' ? '' : 'primary', 'data-action': option.action,
        'data-suit': option.suit || null, onclick: () => send({ type: 'trump', ...option }) }, label));
    }
  }
  // The server offers a claim after every trick our side wins, roem or not, so the offer gives nothing away.
  if (st.phase === 'play' && st.claim_offer) {
    box.append(el('span', { class: 'ask', 'data-claim-trick': String(st.claim_offer.trick) }, `${t('play.claim')}: `));
    for (const amount of [0, 20, 40, 50, 70, 100, 120, 150, 200]) {
      box.append(el('button', { type: 'button', 'data-claim': String(amount),
        onclick: () => send({ type: 'claim', roem: amount }) }, amount ? String(amount) : t('play.no_roem')));
    }
  }
}

// The last trick: over the trick during a deal; once a deal is over, inside the result under its buttons, so it
// never covers the result's figures or controls. Open, it takes the focus; closed, the focus goes back.
function showLast(open) {
  const panel = $('last');
  if (open === !panel.hidden) return;
  const opener = document.activeElement;
  if (open && game.resultWaits) endSweep();  // asked for during the deal's last sweep: the result opens first
  panel.hidden = !open;
  $('last-button').setAttribute('aria-expanded', String(open));
  if (open) {
    game.lastOpener = opener;
    panel.scrollIntoView({ block: 'nearest' });
    panel.focus({ preventScroll: true });
  } else if (panel.contains(document.activeElement) || document.activeElement === document.body) {
    focusBack(game.lastOpener, () => $('last-button'));
  }
}

function renderLast(st) {
  const panel = $('last');
  const close = el('button', { type: 'button', class: 'small', onclick: () => showLast(false) }, t('play.close'));
  const title = el('h2', { id: 'last-title' }, t('play.last_trick'));
  const lt = st.last_trick;
  if (!lt) { panel.replaceChildren(title, el('p', {}, t('play.nothing_to_show')), close); return; }
  const step = st.direction === 'clockwise' ? 1 : 3;
  const start = ORDER.indexOf(lt.leader);
  panel.replaceChildren(title,
    el('div', { class: 'last-cards' }, ...lt.cards.map((c, i) => el('span', { class: 'played-last' },
      el('small', {}, seatName(ORDER[(start + i * step) % 4])), face(c)))),
    el('p', {}, `${seatName(lt.winner)} ${t('play.took')}: ${t('play.points_n', { n: lt.points })}${lt.roem ? ` + ${lt.roem} ${t('play.roem')}` : ''}`),
    close);
}

function renderSheet(st) {
  const panel = $('sheet');
  const we = myTeam(st);
  const they = we === 'NS' ? 'EW' : 'NS';
  const cell = (r, team) => el('td', { class: r.nat && r[team] === 0 ? 'mark' : null },
    `${r[team]}${r.pit === team ? ` (${t('play.pit')})` : ''}${r.nat && r[team] === 0 ? ` (${t('play.nat')})` : ''}`);
  const rows = st.sheet.rows.map((r, i) => {
    // Who played the deal and its roem, as the server's sheet row says.
    const makers = r.makers;
    const roem = r.roem ? `${r.roem[we]} · ${r.roem[they]}` : '';
    return el('tr', {}, el('td', {}, el('button', { type: 'button', class: 'small',
      'data-review': String(i + 1), 'aria-label': `${t('play.review')} ${t('play.deal').toLowerCase()} ${i + 1}`,
      onclick: () => openReview(i + 1) }, String(i + 1))),
    el('td', { 'data-makers': makers || '' }, makers ? (makers === we ? t('play.we') : t('play.they')) : ''),
    cell(r, we), cell(r, they), el('td', { 'data-roem': '' }, roem));
  });
  panel.replaceChildren(el('h2', {}, t('play.sheet')), el('table', {},
    el('thead', {}, el('tr', {}, el('th', {}, t('play.deal')), el('th', {}, t('play.makers')), el('th', {}, t('play.we')),
      el('th', {}, t('play.they')), el('th', {}, t('play.row_roem')))),
    el('tbody', {}, rows),
    el('tfoot', {}, el('tr', {}, el('th', {}, t('play.total')), el('td', {}), el('th', { 'data-total': 'we' }, String(st.sheet.totals[we])),
      el('th', { 'data-total': 'they' }, String(st.sheet.totals[they])), el('td', {})))));
  if (st.sheet.strokes && (st.sheet.strokes.NS || st.sheet.strokes.EW)) {
    panel.append(el('p', {}, `${t('play.we')}: ${st.sheet.strokes[we]} · ${t('play.they')}: ${st.sheet.strokes[they]}`));
  }
}

function renderResult(st, late = false) {
  const panel = $('result');
  const last = $('last');
  if (!(st.phase === 'deal_over' || st.phase === 'match_over') || !st.result) {
    const leaving = !panel.hidden && panel.contains(document.activeElement);
    panel.hidden = true;
    if (last.parentElement === panel) panel.after(last);  // back over the trick for the next deal
    // The next deal asked from the result: the keyboard goes on at its trump choice or hand, not the page's top.
    if (leaving) ($('decision').querySelector('button') || $('hand').querySelector('button'))?.focus({ preventScroll: true });
    return;
  }
  if (last.parentElement !== panel) panel.append(last);
  const opening = panel.hidden;
  // The last trick is seen taken before the result lies over it: the result opens when the sweep is done.
  if (opening && game.sweeping) { game.resultWaits = true; return; }
  const kept = panel.contains(document.activeElement) && !last.contains(document.activeElement) ? document.activeElement.id : null;
  panel.hidden = false;
  const r = st.result;
  const we = myTeam(st);
  const they = we === 'NS' ? 'EW' : 'NS';
  if (opening && game.endSound) { game.endSound = false; sound.dealEnd(dealMood(r, we)); }
  const lines = [el('h2', {}, `${t('play.deal')} ${r.deal}`)];
  const row = (label, a, b, attrs = {}) => el('tr', attrs, el('th', { scope: 'row' }, label), el('td', {}, String(a)), el('td', {}, String(b)));
  const table = el('table', { class: 'result-table' }, el('thead', {}, el('tr', {}, el('td', {}), el('th', {}, t('play.we')), el('th', {}, t('play.they')))),
    el('tbody', {}, row(t('play.row_points'), r.points[we], r.points[they], { 'data-result': 'points' }),
      row(t('play.row_roem'), r.roem[we], r.roem[they], { 'data-result': 'roem' }),
      r.score ? row(t('play.row_score'), r.score[we], r.score[they], { 'data-result': 'score' }) : null));
  lines.push(table);
  const marks = [];
  if (r.nat) marks.push(r.makers ? t(r.makers === we ? 'play.nat_we' : 'play.nat_they') : t('play.nat'));
  if (r.pit) marks.push(t(r.pit === we ? 'play.pit_we' : 'play.pit_they'));
  if (r.verzaakt) marks.push(t(r.verzaakt === we ? 'play.reneged_we' : 'play.reneged_they'));
  // A sentence of its own: capital first letter (the words themselves are also used inside other sentences).
  if (marks.length) lines.push(el('p', { class: 'marks' }, capital(marks.join(' — '))));
  if (r.went_on) lines.push(el('p', {}, t(r.went_on.team === we ? 'play.went_on_we' : 'play.went_on_they', { n: r.went_on.strokes })));
  const buttons = el('div', { class: 'buttons' });
  if (st.phase === 'match_over') {
    const w = st.sheet.winner;
    lines.push(el('p', { class: 'match-over', 'data-match': 'over' }, `${t('play.match_over')}. ${w === null ? t('play.draw') : w === we ? t('play.winner_we') : t('play.winner_they')}`));
    // The match in figures, a row each and a column per side, like the deal's own table above.
    const rows = st.sheet.rows;
    const count = (f) => rows.filter(f).length;
    const sides = (f) => [count((x) => f(x, we, they)), count((x) => f(x, they, we))];
    const figures = [[t('play.total'), [st.sheet.totals[we], st.sheet.totals[they]], 'total'],
      [t('play.deals_won'), sides((x, side, other) => x[side] > x[other]), 'won'],
      [t('play.sum_nat'), sides((x, side) => x.nat && x[side] === 0), 'nat'],
      [t('play.sum_pit'), sides((x, side) => x.pit === side), 'pit']];
    lines.push(el('table', { class: 'result-table', 'data-summary': 'match' },
      el('caption', {}, t('play.match_figures', { n: rows.length })),
      el('thead', {}, el('tr', {}, el('td', {}), el('th', { scope: 'col' }, t('play.we')), el('th', { scope: 'col' }, t('play.they')))),
      el('tbody', {}, figures.map(([label, [a, b], key]) => row(label, a, b, { 'data-figure': key })))));
    buttons.append(...anotherMatch(st));
  } else {
    buttons.append(el('button', { type: 'button', class: 'primary', id: 'next-button', onclick: () => send({ type: 'next' }) }, t('play.next_deal')));
  }
  buttons.append(el('button', { type: 'button', id: 'review-button', onclick: () => openReview(r.deal) }, t('play.review')));
  lines.push(buttons);
  // The figures in a body of their own: the last trick after them stays in place (and keeps its focus).
  let body = panel.querySelector(':scope > .result-body');
  if (!body) { body = el('div', { class: 'result-body' }); panel.prepend(body); }
  body.replaceChildren(...lines);
  // The card that ended the deal is gone from the hand: a keyboard user goes on from the result's first control
  // (or the one they were on when the panel was drawn again), not from the top of the page.
  // Opened late (after the last sweep), it takes the focus only from nowhere: not from what was used meanwhile.
  const typing = document.activeElement && document.activeElement.closest('input, textarea, select');
  const elsewhere = late && document.activeElement && document.activeElement !== document.body;
  if (kept || (opening && !typing && !elsewhere)) (document.getElementById(kept) || buttons.firstChild).focus();
}

// At the match's end: one button to play on. Against the computer a new game with the same settings; at a table
// with friends the host's next match at this table, which every seat is taken to by itself (the rematch event),
// or, once it is there, the way to it. A new game with other settings stays the second choice.
function anotherMatch(st) {
  const other = el('a', { href: '/play', class: 'button', id: 'new-game-link' }, t('play.new_game'));
  if (st.rematch) {
    return [el('button', { type: 'button', class: 'primary', id: 'rematch-go', onclick: () => goToRematch(st.rematch) },
      t('play.rematch_go')), other];
  }
  if (!st.seat) return [other];
  if (!st.code) {
    return [el('button', { type: 'button', class: 'primary', id: 'again-button', onclick: playAgain }, t('play.again')), other];
  }
  if (st.host === st.seat) {
    return [el('button', { type: 'button', class: 'primary', id: 'rematch-button', onclick: askRematch }, t('play.rematch')), other];
  }
  return [el('p', { class: 'waiting', id: 'rematch-wait' }, t('play.rematch_wait')), other];
}

// A new game against the computer with exactly this one's settings (the server copies them: rules, each computer
// player's level, the name, the pace), practised if this one was; opened at once, this one listed as finished.
async function playAgain(event) {
  const button = event.currentTarget;
  button.disabled = true;
  let created;
  try { created = await api('POST', `/api/play/${encodeURIComponent(game.id)}/again`, {}, { token: game.token }); } catch (e) {
    button.disabled = false;
    showMessage(refusal(e)());
    return;
  }
  keepSeat(created.id, created.token);
  practice.carryOver(game.id, created.id);
  leaveFor(`/play/${encodeURIComponent(created.id)}`);
}

// The host asks for the next match at this table; the rematch event takes him (and everyone else) there.
function askRematch(event) {
  if (!send({ type: 'rematch' })) return;
  event.currentTarget.disabled = true;
  showMessage(t('play.rematch_moving'));
}

// The next match at this table: our own seat's new token (or the new spectator link) is kept in this browser, and
// the page opens the new table, where that seat is ours without joining.
function goToRematch(rematch) {
  showMessage(t('play.rematch_moving'));
  if (rematch.token) {
    rememberSeat({ id: rematch.id, code: rematch.code, token: rematch.token });
    leaveFor(`/t/${encodeURIComponent(rematch.code)}`);
  } else {
    leaveFor(rematch.link);  // a spectator's link, its secret in the fragment (takeFragment keeps it)
  }
}

// This game's socket closes for good and the page opens another game afresh.
function leaveFor(address) {
  game.closing = true;
  if (game.socket) game.socket.close();
  location.assign(address);
}

// How a deal's end sounds to our side: 'good' when we made it or the others went nat (or reneged), 'bad' when we
// went nat (or reneged), 'plain' when the others made theirs. A South African deal has no makers: 'good' when we
// went on, else 'plain'.
function dealMood(r, we) {
  if (r.went_on !== undefined) return r.went_on && r.went_on.team === we ? 'good' : 'plain';
  if (r.verzaakt) return r.verzaakt === we ? 'bad' : 'good';
  if (r.nat && r.makers) return r.makers === we ? 'bad' : 'good';
  return r.makers === we ? 'good' : 'plain';
}

function renderLog() {
  const list = $('log');
  list.replaceChildren(...game.log.slice(-80).map((entry) => el('li', { class: entry.who ? `seat-${entry.who}` : 'event',
    'data-log': entry.type, 'data-seq': entry.seq === undefined ? null : String(entry.seq) },
    entry.who ? el('b', {}, `${seatName(entry.who)}: `) : '', entry.text(),
    entry.why ? el('span', { class: 'log-why', 'data-why': '' }, ` — ${words(entry.why)}`) : '')));
  logToEnd();
}

function showHints(options) {
  const panel = $('hints');
  panel.hidden = false;
  const option = (o, card) => (o.card ? card(o.card) : o.action === 'choose' ? `${t('play.choose')} ${SYMBOL[o.suit]}`
    : o.action === 'play' ? t('play.play') : o.action === 'pass' ? t('play.pass') : String(o.claim));
  panel.replaceChildren(el('h2', {}, t('play.hint')), el('ol', {}, options.map((o) =>
    el('li', { 'data-option': o.card || o.action || '' }, option(o, face), ' — ', words(o.why)))));
  // The panel appears out of the focus's way: a screen reader hears the hint through the status region, emptied
  // first so that the same hint asked again is read again.
  const said = $('hint-said');
  said.textContent = '';
  const text = `${t('play.hint')}: ${options.map((o) => `${option(o, cardName)} — ${words(o.why)}`).join('. ')}`;
  setTimeout(() => { said.textContent = text; }, 100);
}

// Closed, the review gives the focus back to the button that opened it (the result's or the sheet's, found again
// by its id or deal if drawn anew meanwhile), not to the page's top.
function openReview(number) {
  game.reviewAt = game.state ? dealNumber(game.state) : null;
  const opener = document.activeElement;
  const again = findAgain(opener);
  reviewBoard({ panel: $('review'), gameId: game.id, token: game.token, number, me: game.state ? game.state.seat : null,
    seatName, onClose: () => {
      game.reviewAt = null;
      focusBack(opener, again);
    } });
}

// Us / Them opens and closes below the board (beside it on wide screens, on the felt on a phone held sideways); its
// button says which it is, and Escape closes it.
function toggleSheet() {
  const panel = $('sheet');
  panel.hidden = !panel.hidden;
  $('sheet-button').setAttribute('aria-expanded', String(!panel.hidden));
  if (!panel.hidden) panel.scrollIntoView({ block: 'nearest' });
}

// The list of the table's keys (the ? key, or its line on a desktop says so). Open, it takes the focus; closed, the
// focus goes back where it was: to the same control, or the same card if the hand was drawn anew meanwhile.
function showKeys(open) {
  const panel = $('keys-help');
  if (open === !panel.hidden) return;
  if (open) {
    const opener = document.activeElement;
    game.keysBack = [opener, findAgain(opener)];
    $('keys-undo').hidden = $('undo-button').hidden;  // with friends there is no taking back
    panel.hidden = false;
    panel.focus();
  } else {
    const inside = panel.contains(document.activeElement) || document.activeElement === document.body;
    panel.hidden = true;
    if (inside) focusBack(...game.keysBack);
  }
}

function keys(event) {
  if (event.key === 'Escape' && !$('keys-help').hidden) { showKeys(false); return; }
  if (event.target.closest('input, select, textarea') || event.ctrlKey || event.metaKey || event.altKey) return;
  if (!$('review').hidden && event.target.closest('#review')) return;  // the review's stepper has the arrow keys
  if (event.key === 'Escape' && !$('sheet').hidden) {
    const inside = $('sheet').contains(document.activeElement);
    toggleSheet();
    if (inside) $('sheet-button').focus();  // not lost with the closed panel
    return;
  }
  const st = game.state;
  if (!st) return;
  const key = (event.key || '').toLowerCase();  // the list shows the letters as keys are marked: H works as h
  if (/^[1-8]$/.test(key)) {
    const button = document.querySelector(`#hand .card[data-key="${key}"]`);
    if (button) { button.focus(); playCard(button.dataset.card); }
  } else if (key === 'h') send({ type: 'hint' });
  else if (key === 'u') send({ type: 'undo' });
  else if (key === 'l') showLast($('last').hidden);
  else if (key === 's') toggleSheet();
  else if (key === 'n' && st.phase === 'deal_over') send({ type: 'next' });
  else if (key === '?' && !$('table').hidden) showKeys($('keys-help').hidden);
}

function init() {
  // Secrets in the fragment are kept and taken out of the address before anything else happens.
  const secrets = takeFragment();
  renderHeader({ current: 'play' });
  practice.init({ send, openReview });
  retitle();
  applyTexts();
  onLangChange(relabel);
  onCardsChange(() => { drawJacks(); if (game.state) render(game.state); });
  $('new-game').addEventListener('submit', startGame);
  $('new-game').addEventListener('change', choicesChanged);
  $('new-game').addEventListener('input', () => keepChoices($('new-game')));  // a name typed is kept before it is left
  drawJacks();
  restoreChoices($('new-game'));
  levelsChanged();  // the seats' levels, kept or filled in again by the browser on going back, show in the one choice
  describeMore();
  $('join-form').elements.name.addEventListener('input', (e) => { if (e.target.value.trim()) markName(false); });
  $('hint-button').addEventListener('click', () => send({ type: 'hint' }));
  $('undo-button').addEventListener('click', () => send({ type: 'undo' }));
  $('last-button').addEventListener('click', () => showLast($('last').hidden));
  $('sheet-button').addEventListener('click', toggleSheet);
  $('verzaakt-button').addEventListener('click', () => send({ type: 'verzaakt' }));
  $('keys-close').addEventListener('click', () => showKeys(false));
  document.addEventListener('keydown', keys);
  const code = location.pathname.match(/^\/t\/([A-Za-z0-9]+)\/?$/);
  const path = location.pathname.match(/^\/play\/([^/]+)\/?$/);
  const id = path ? decodeURIComponent(path[1]) : new URLSearchParams(location.search).get('game');
  if (code) openTable(code[1].toUpperCase(), secrets);
  else if (id) {
    if (secrets.token) keepSeat(id, secrets.token);
    openGame(id);
  } else { $('setup').hidden = false; loadGames(); }
}

init();
