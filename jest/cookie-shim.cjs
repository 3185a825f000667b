'use strict';
// Jest cannot require() an ESM-only package from CommonJS (cookie@2 is ESM-only; light-my-request,
// behind Fastify's app.inject, requires it). Node itself can (require(esm) since 20.19), so this shim is
// for tests only: it provides what light-my-request and @fastify/cookie use, with cookie@2's encoding.
function stringifySetCookie(cookie) {
  let out = `${cookie.name}=${encodeURIComponent(cookie.value ?? '')}`;
  if (cookie.maxAge !== undefined) out += `; Max-Age=${Math.floor(cookie.maxAge)}`;
  if (cookie.domain) out += `; Domain=${cookie.domain}`;
  if (cookie.path) out += `; Path=${cookie.path}`;
  if (cookie.expires) out += `; Expires=${cookie.expires.toUTCString()}`;
  if (cookie.httpOnly) out += '; HttpOnly';
  if (cookie.secure) out += '; Secure';
  if (cookie.sameSite)
    out += `; SameSite=${cookie.sameSite === true ? 'Strict' : cookie.sameSite[0].toUpperCase() + cookie.sameSite.slice(1)}`;
  return out;
}
function parseCookie(header) {
  const out = {};
  if (typeof header !== 'string') return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || Object.prototype.hasOwnProperty.call(out, name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}
module.exports = { stringifySetCookie, parseCookie, parse: parseCookie };
