// Secrets of the play page: seat tokens, invitations and spectator links. They travel in an address's
// fragment (a browser never sends it to a server nor puts it in a Referer); the page takes them out at
// once and keeps them in this browser's localStorage, so "Je spellen" can ask for this browser's games only.
import { ApiError } from './api.js';

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

// A request only the host may make: his seat token as a bearer, JSON body, the intent header.
export async function asHost(url, token, body) {
  let r;
  try {
    r = await fetch(url, { method: 'POST', body: JSON.stringify(body), headers: {
      accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-klaverjas': '1' } });
  } catch (e) {
    throw new ApiError(0, { detail: String(e), code: 'network' });
  }
  let data;
  try { data = await r.json(); } catch { data = { detail: r.statusText, code: 'http' }; }
  if (!r.ok) throw new ApiError(r.status, data);
  return data;
}

// The full address of a link the server gave as a path with its fragment.
export const fullLink = (link) => `${location.origin}${link}`;
