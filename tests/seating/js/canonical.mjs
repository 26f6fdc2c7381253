// Canonical JSON and SHA-256, docs/tirage.md « Le JSON canonique ».
//
// The text is that of Python's json.dumps(document, sort_keys=True, separators=(",", ":"),
// ensure_ascii=True); kept in its own module so that draw.mjs and verify.mjs share it.

import { createHash } from 'node:crypto';

// Compare two strings by Unicode code point (Python's str order), not by UTF-16 code unit
// (JavaScript's default), which differ for characters above U+FFFF against U+E000–U+FFFF.
export function compareCodePoints(a, b) {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const cx = x.value.codePointAt(0);
    const cy = y.value.codePointAt(0);
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

const NAMED = { 0x22: '\\"', 0x5c: '\\\\', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x08: '\\b', 0x0c: '\\f' };

// A string: `"` and `\` escaped, the control characters by their short names or \u00XX,
// every character outside U+0020–U+007E (DEL included) as \uXXXX in lowercase hex, a character
// above U+FFFF as its UTF-16 surrogate pair; `/` as is.  Walking UTF-16 code units gives the
// surrogate pairs directly.
function quote(text) {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (NAMED[c] !== undefined) out += NAMED[c];
    else if (c >= 0x20 && c <= 0x7e) out += text[i];
    else out += '\\u' + c.toString(16).padStart(4, '0');
  }
  return out + '"';
}

export function canonicalJson(value) {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') {
    // All numbers of the documents are integers (docs/tirage.md): decimal, no exponent.
    if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${value}`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return '[' + value.map(canonicalJson).join(',') + ']';
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort(compareCodePoints);
    return '{' + keys.map((k) => quote(k) + ':' + canonicalJson(value[k])).join(',') + '}';
  }
  throw new TypeError(`cannot write ${typeof value} in canonical JSON`);
}

// SHA-256 of a text encoded in UTF-8, 64 lowercase hex digits.
export function sha256(text) {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

// The fingerprint (« empreinte ») of a document or of a plan: SHA-256 of its canonical JSON.
export function fingerprint(value) {
  return sha256(canonicalJson(value));
}
