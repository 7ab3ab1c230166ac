// Links Klaverjas terms to the glossary (/learn/glossary#id). Import from any page:
//   import { linkTerms, termLink } from './glossary.js';
//   box.replaceChildren(linkTerms(text, lang));
// Text always goes into the page as text nodes; only the <a> elements are built here.
// Every id below must exist in the glossary (src/klaverjas/web/learn/glossary.py; a test checks this).

// Word stems per language: a stem matches at the start of a word and takes any ending
// ("overtroeven", "overtrumping"). Longer stems first, so "ondertroeven" is not taken for "troef".
export const TERM_WORDS = {
  nl: [
    ['overtroe', 'overtroeven'], ['ondertroe', 'ondertroeven'], ['introe', 'introeven'], ['bekenn', 'bekennen'],
    ['verzaa', 'verzaken'], ['nat', 'nat'], ['pit', 'pit'], ['roemte', 'roemte'], ['roem', 'roem'], ['stuk', 'stuk'],
    ['troef', 'troef'], ['seinen', 'seinen'], ['afseinen', 'seinen'], ['maat', 'maat'], ['nel', 'nel'],
    ['boom', 'boom'], ['manel', 'nel'], ['ou jol', 'ou-jol'], ['telman', 'telman'], ['slaggie', 'slag'], ['sturk', 'stuk'],
  ],
  en: [
    ['overtrump', 'overtroeven'], ['undertrump', 'ondertroeven'], ['trump in', 'introeven'],
    ['follow suit', 'bekennen'], ['reneg', 'verzaken'], ['verzaa', 'verzaken'], ['nat', 'nat'], ['pit', 'pit'],
    ['roemte', 'roemte'], ['roem', 'roem'], ['stuk', 'stuk'], ['trump', 'troef'], ['signal', 'seinen'],
    ['partner', 'maat'], ['nel', 'nel'], ['manel', 'nel'], ['ou jol', 'ou-jol'], ['telman', 'telman'], ['slaggie', 'slag'],
    ['sturk', 'stuk'],
  ],
};

// Words linked in the glossary's own explanations only: in a lesson nearly every sentence says "slag".
export const GLOSSARY_WORDS = {
  nl: [['slag', 'slag'], ['streep', 'streep'], ['strepen', 'streep']],
  en: [['trick', 'slag'], ['stroke', 'streep']],
};

// Words that must match whole (short words that start many unrelated words: "nat" in "nation", "pit" in "pitch").
const WHOLE = new Set(['nat', 'pit', 'nel', 'maat', 'stuk', 'boom', 'roem', 'partner']);

export function termLink(id, text) {
  const a = document.createElement('a');
  a.href = `/learn/glossary#${encodeURIComponent(id)}`;
  a.className = 'term';
  a.dataset.term = id;
  a.textContent = text;
  return a;
}

const escaped = (word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

// The words to look for in `lang`, longest first, and one expression that finds any of them where a word starts.
// `extra` adds [word, id] pairs (the glossary's other words for its terms), taken as stems like the rest.
const patterns = {};
function patternFor(lang, extra = []) {
  const key = `${lang}|${extra.map(([w, id]) => `${w}=${id}`).join('|')}`;
  if (!patterns[key]) {
    const words = [...(TERM_WORDS[lang] || TERM_WORDS.en), ...extra.map(([w, id]) => [w.toLowerCase(), id])]
      .sort((a, b) => b[0].length - a[0].length);
    const alternatives = words.map(([stem]) => escaped(stem) + (WHOLE.has(stem) ? '(?![\\p{L}])' : '\\p{L}*'));
    patterns[key] = { re: new RegExp(`(?<![\\p{L}])(?:${alternatives.join('|')})`, 'giu'), words };
  }
  return patterns[key];
}

// Where the text names a known term, the first mention of each: [{start, end, id}] in text order. Mentions of
// `skip` (the term a glossary entry explains, under any of its words) are left alone. `seen`, a Set shared by
// several texts, links a term in the first of them only (once per section of a page); it is filled as it goes.
export function termRanges(text, lang = 'nl', { skip = null, extra = [], seen = new Set() } = {}) {
  const { re, words } = patternFor(lang, extra);
  if (skip) seen.add(skip);
  const found = [];
  for (const match of String(text).matchAll(re)) {
    const low = match[0].toLowerCase().replace(/\s+/g, ' ');
    const entry = words.find(([stem]) => (WHOLE.has(stem) ? low === stem : low.startsWith(stem)));
    if (!entry || seen.has(entry[1])) continue;
    seen.add(entry[1]);
    found.push({ start: match.index, end: match.index + match[0].length, id: entry[1] });
  }
  return found;
}

// A fragment of text nodes with the first mention of each known term linked to the glossary.
export function linkTerms(text, lang = 'nl', options = {}) {
  const frag = document.createDocumentFragment();
  const source = String(text);
  let at = 0;
  for (const { start, end, id } of termRanges(source, lang, options)) {
    frag.append(document.createTextNode(source.slice(at, start)), termLink(id, source.slice(start, end)));
    at = end;
  }
  frag.append(document.createTextNode(source.slice(at)));
  return frag;
}

// --- search ------------------------------------------------------------------------------------
// A text folded for matching, with for each folded character the index of the character it came from, so
// that a match found in the folded text can be marked in the text as shown. Folding drops case and accents
// ("Één" → "een") and makes hyphens and runs of spaces one space ("ou-jol" is found as "ou jol"). Loosely
// folded, a doubled vowel counts once: Dutch spells one word "verzaak" and "verzaken", "maat" and "maten".
function folded(text, loose = false) {
  let out = '';
  const from = [];
  const source = String(text);
  for (let i = 0; i < source.length; i += 1) {
    let part = source[i].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[-\s]/u, ' ');
    if (part === ' ' && (out === '' || out.endsWith(' '))) part = '';
    for (const c of part) {
      if (loose && 'aeiou'.includes(c) && out.endsWith(c)) continue;
      out += c;
      from.push(i);
    }
  }
  return { out, from };
}

export const fold = (text, loose = false) => folded(text, loose).out.trim();

const startsWord = (hay, at) => at === 0 || !/[\p{L}\p{N}]/u.test(hay[at - 1]);

// Where `query` (folded the same way) occurs in `text`, as [start, end) in the text as shown, or null. A match
// at the start of a word is preferred over one inside a word ("pit" in "pit (mars)" before "spitsen").
export function findIn(text, query, { wordStart = false, loose = false } = {}) {
  if (!query) return null;
  const { out, from } = folded(text, loose);
  let at = out.indexOf(query);
  let inside = null;
  while (at >= 0 && !startsWord(out, at)) {
    inside ??= at;
    at = out.indexOf(query, at + 1);
  }
  if (at < 0) {
    if (wordStart || inside === null) return null;
    at = inside;
  }
  return { start: from[at], end: from[at + query.length - 1] + 1, atWord: startsWord(out, at), atStart: at === 0 };
}

// Where the typed text occurs in `text`, folded strictly or loosely (see folded).
export function matchIn(text, typed, { wordStart = false, loose = false } = {}) {
  return findIn(text, fold(typed, loose), { wordStart, loose });
}

const namesOf = (term) => [term.nl, term.en, term.af, ...(term.also || []).map((a) => a.word)].filter(Boolean);
export const meaningOf = (term, lang) => (lang === 'nl' ? term.def_nl : term.def_en);

function ranked(terms, typed, lang, loose) {
  const words = fold(typed, loose).split(' ');
  const found = [];
  terms.forEach((term, order) => {
    let rank = 4;
    for (const name of namesOf(term)) {
      const hit = matchIn(name, typed, { loose });
      if (hit) rank = Math.min(rank, hit.atStart ? 0 : hit.atWord ? 1 : 2);
    }
    if (rank === 4 && words.every((word) => findIn(meaningOf(term, lang), word, { wordStart: true, loose }))) rank = 3;
    if (rank < 4) found.push({ term, rank, order });
  });
  return found.sort((a, b) => a.rank - b.rank || a.order - b.order);
}

// The terms that match what was typed, best first: a name (the term in Dutch, English or Afrikaans, or one of
// its other words) beginning with it, then a word of a name beginning with it, then a name holding it, and
// last the terms whose explanation in the page's language has a word beginning with each word typed; glossary
// order within each. When no name holds it as typed, it is looked up loosely ("verzaak" finds "verzaken").
// `loose` says which was done, so that the page marks the same matches.
export function searchTerms(terms, typed, lang) {
  if (!fold(typed)) return { found: terms.map((term) => ({ term, rank: 0 })), loose: false };
  const strict = ranked(terms, typed, lang, false);
  if (strict.some((r) => r.rank < 3)) return { found: strict, loose: false };
  const loose = ranked(terms, typed, lang, true);
  return loose.some((r) => r.rank < 3) ? { found: loose, loose: true } : { found: strict, loose: false };
}
