// Secrets of the play page: seat tokens, invitations and spectator links. They travel in an address's
// fragment (a browser never sends it to a server nor puts it in a Referer); the page takes them out at
// once and keeps them in this browser's localStorage, so "Je spellen" can ask for this browser's games only.
import { api } from './api.js';

const SEAT = 'klaverjas.play.';    // + game id -> seat token
const TABLE = 'klaverjas.table.';  // + table code -> game id
const WATCH = 'klaverjas.watch.';  // + table code -> spectator token

// Reads token=, invite= and watch= from the fragment and removes the fragment from the address (and history).
export function takeFragment() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  const found = { token: params.get('token'), invite: params.get('invite'), watch: params.get('watch') };
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  return found;
}

export const seatToken = (id) => localStorage.getItem(SEAT + id);
export const tableGame = (code) => localStorage.getItem(TABLE + code);
export const watchToken = (code) => localStorage.getItem(WATCH + code);

export function rememberSeat(id, token, code = null) {
  localStorage.setItem(SEAT + id, token);
  if (code) localStorage.setItem(TABLE + code, id);
}

export function rememberWatch(code, token) { localStorage.setItem(WATCH + code, token); }

// A spectator link the host has replaced: forget it, so the table's page no longer offers to watch.
export function forgetWatch(token) {
  for (let i = localStorage.length - 1; i >= 0; i--) {
    const key = localStorage.key(i);
    if (key && key.startsWith(WATCH) && localStorage.getItem(key) === token) localStorage.removeItem(key);
  }
}

// Every seat token this browser holds (the games it may list), most recent keys last.
export function seatTokens() {
  const tokens = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(SEAT)) tokens.push(localStorage.getItem(key));
  }
  return tokens.filter(Boolean);
}

// This browser's games, the most recently changed first: the server lists the games of the seat tokens sent,
// nobody else's (an ApiError when it cannot be asked).
export async function gamesOfThisBrowser() {
  const tokens = seatTokens().slice(-100);  // the server reads at most 100
  if (!tokens.length) return [];
  return api('GET', `/api/play?${new URLSearchParams(tokens.map((token) => ['token', token]))}`);
}

// The address of a game of the list: a table with friends by its code, a game against the computer by its id.
export const gameHref = (g) => (g.code ? `/t/${encodeURIComponent(g.code)}` : `/play/${encodeURIComponent(g.id)}`);

// A request only the host may make: his seat token as the bearer.
export const asHost = (url, token, body) => api('POST', url, body, { token });

// The full address of a link the server gave as a path with its fragment.
export const fullLink = (link) => `${location.origin}${link}`;
