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

const patterns = {};
function patternFor(lang) {
  if (!patterns[lang]) {
    const words = [...(TERM_WORDS[lang] || TERM_WORDS.en)].sort((a, b) => b[0].length - a[0].length);
    const alternatives = words.map(([stem]) => stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(' ', '\\s+')
      + (WHOLE.has(stem) ? '(?![\\p{L}])' : '\\p{L}*'));
    patterns[lang] = { re: new RegExp(`(?<![\\p{L}])(?:${alternatives.join('|')})`, 'giu'), words };
  }
  return patterns[lang];
}

// A fragment of text nodes with the first mention of each known term linked to the glossary.
export function linkTerms(text, lang = 'nl') {
  const frag = document.createDocumentFragment();
  const { re, words } = patternFor(lang);
  const seen = new Set();
  let at = 0;
  for (const match of String(text).matchAll(re)) {
    const low = match[0].toLowerCase().replace(/\s+/g, ' ');
    const entry = words.find(([stem]) => (WHOLE.has(stem) ? low === stem : low.startsWith(stem)));
    if (!entry || seen.has(entry[1])) continue;
    seen.add(entry[1]);
    frag.append(document.createTextNode(text.slice(at, match.index)), termLink(entry[1], match[0]));
    at = match.index + match[0].length;
  }
  frag.append(document.createTextNode(String(text).slice(at)));
  return frag;
}
