// JSON API client: every failure becomes an ApiError with the server's reason, in the page's language
// where the server gives it in every language (``reason``), else its English ``detail``.
// Every call carries X-Klaverjas: 1, which a cross-site form cannot send: the server refuses changes
// without it (or a JSON body). A token goes in the Authorization header, never in the address.
// A server out of reach is an ApiError with code 'network' and the one offline text, in the page's language.
import { getLang, t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, body) {
    const reason = (body && body.reason) || null;
    super((reason && reason[getLang()]) || (body && body.detail) || `HTTP ${status}`);
    this.reason = reason;
    this.status = status;
    this.code = (body && body.code) || 'http';
    this.errors = (body && body.errors) || [];
  }
}

function request(method, token, body) {
  const opts = { method, headers: { accept: 'application/json', 'x-klaverjas': '1' } };
  if (token) opts.headers.authorization = `Bearer ${token}`;
  if (body !== undefined) {
    opts.headers['content-type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  return opts;
}

async function send(url, opts) {
  try {
    return await fetch(url, opts);
  } catch {
    throw new ApiError(0, { detail: t('common.offline'), code: 'network' });
  }
}

async function failure(r) {
  let data;
  try {
    data = await r.json();
  } catch {
    data = { detail: r.statusText, code: 'http' };
  }
  return new ApiError(r.status, data);
}

// options.token: a token for the Authorization header (a sheet's, a club's or a club table's).
export async function api(method, url, body, options = {}) {
  const r = await send(url, request(method, options.token, body));
  if (r.status === 204) return null;
  if (!r.ok) throw await failure(r);
  try {
    return await r.json();
  } catch {
    throw new ApiError(r.status, { detail: r.statusText, code: 'http' });
  }
}

// A file from the API saved under `filename` (a link cannot send the token header).
export async function download(url, filename, options = {}) {
  const r = await send(url, request('GET', options.token));
  if (!r.ok) throw await failure(r);
  const href = URL.createObjectURL(await r.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
