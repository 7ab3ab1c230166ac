// The one text loader of every page. The texts live in /static/i18n/<lang>.json, one file per
// language with a section per page area (common, home, keeper, play, learn, practice); keys are
// dotted paths into it: t('keeper.round_n', { n: 3 }). The language is remembered per device.
export const LANGUAGES = ['nl', 'en'];
const STORAGE_KEY = 'klaverjas.lang';

async function load(code) {
  const response = await fetch(`/static/i18n/${code}.json`);
  if (!response.ok) throw new Error(`i18n: /static/i18n/${code}.json answered ${response.status}`);
  return response.json();
}

// Both languages up front (a few kB each) so that switching is instant and t() stays synchronous.
const TABLES = Object.fromEntries(await Promise.all(LANGUAGES.map(async (code) => [code, await load(code)])));

function initial() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (LANGUAGES.includes(saved)) return saved;
  return (navigator.language || 'nl').toLowerCase().startsWith('en') ? 'en' : 'nl';
}

let lang = initial();
document.documentElement.lang = lang;

export function getLang() { return lang; }

const listeners = [];

// Call `fn` after every language switch (the header, then the page, redraw their texts).
export function onLangChange(fn) { listeners.push(fn); }

export function setLang(code) {
  lang = LANGUAGES.includes(code) ? code : 'nl';
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  for (const fn of listeners) fn(lang);
}

// The other language of the two, for the switch button.
export function otherLang() { return LANGUAGES.find((code) => code !== lang); }

// A date as the API gives it (YYYY-MM-DD) the way the page's language writes it: "7 december 2026",
// "7 December 2026"; `short` for a table's column ("7 dec 2026"). Anything else is shown as it is.
const DATE_LOCALES = { nl: 'nl-NL', en: 'en-GB' };
export function dateWords(iso, short = false) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || '');
  if (!match) return iso;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], { day: 'numeric', month: short ? 'short' : 'long', year: 'numeric',
    timeZone: 'UTC' }).format(day);
}

function lookup(key, code) {
  let node = TABLES[code];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

// Whether a text exists, for keys built from server data (a sheet's match end, an error code).
export function has(key) { return typeof lookup(key, lang) === 'string'; }

// {name} is the value; {name:one|many} the form for the count, # standing for it ("{n:# deal|# deals}"),
// as the server's texts do (klaverjas.core.texts).
function fill(key, text, vars) {
  return text.replace(/\{(\w+)(?::([^{}|]*)\|([^{}]*))?\}/g, (whole, name, one, many) => {
    if (!vars || !(name in vars)) {
      console.error(`i18n: "${key}" needs {${name}} and was not given it`);
      return whole;
    }
    const value = vars[name];
    if (one === undefined) return String(value);
    return (Number(value) === 1 ? one : many).replaceAll('#', String(value));
  });
}

// The text for `key` in the current language with its {named} placeholders filled in. A missing key
// is a programming error: it is logged and the key itself is shown, never a silent blank.
export function t(key, vars) {
  const text = lookup(key, lang);
  if (typeof text !== 'string') {
    console.error(`i18n: no text "${key}" in ${lang}.json`);
    return key;
  }
  return fill(key, text, vars);
}

// Fill every [data-i18n] element under `root` with its text, and [data-i18n-label] with an aria-label.
export function applyTexts(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-label]')) node.setAttribute('aria-label', t(node.dataset.i18nLabel));
}

