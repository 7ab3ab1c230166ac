// JSON API client: every failure becomes an ApiError with the server's reason.
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.detail) || `HTTP ${status}`);
    this.status = status;
    this.code = (body && body.code) || 'http';
    this.errors = (body && body.errors) || [];
  }
}

export async function api(method, url, body) {
  const opts = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) {
    opts.headers['content-type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let r;
  try {
    r = await fetch(url, opts);
  } catch (e) {
    throw new ApiError(0, { detail: String(e), code: 'network' });
  }
  if (r.status === 204) return null;
  let data;
  try {
    data = await r.json();
  } catch {
    data = { detail: r.statusText, code: 'http' };
  }
  if (!r.ok) throw new ApiError(r.status, data);
  return data;
}
