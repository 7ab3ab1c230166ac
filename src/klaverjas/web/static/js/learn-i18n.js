// The learning pages' texts as {nl, en} tables, read from the same JSON as every page (js/i18n.js).
// Pages use t('learn.…') instead; this module only keeps the tables importable under their old name.
import { LANGUAGES, section } from './i18n.js';

const bothLanguages = (name) => Object.fromEntries(LANGUAGES.map((code) => [code, section(name, code)]));
export const TEXTS = bothLanguages('learn');
export const PRACTICE = bothLanguages('practice');
