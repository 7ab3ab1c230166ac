// The learning pages: rules per preset, glossary, lessons. Plain ES module, no build step.
// All content comes from /api/learn/...; text always goes in as text, never as HTML.
import { $, h as el } from './dom.js';
import { api as request } from './api.js';
import { cardName, cardSvg, dutchLetters, face as cardFace, rankText as rankOf, suitText } from './cards.js';
import { findIn, fold, GLOSSARY_WORDS, matchIn, meaningOf, searchTerms, termLink, termRanges } from './glossary.js';
import { getLang, onLangChange, t } from './i18n.js';
import { onCardsChange, pageTitle, renderHeader } from './layout.js';

// The ranks are written as the card setting says (B, V, H or J, Q, K), as on every page.
const dutch = () => dutchLetters();
const rankText = (rank) => rankOf(rank, dutch());
const face = (name, extra = '') => cardFace(name, { dutch: dutch(), extra });
// A {en, nl} text, its terms linked to the glossary; `seen` (a Set) shares the links' first mentions between texts.
const said = (text, seen = new Set()) => rich(text[getLang()], { links: termRanges(text[getLang()], getLang(), { seen }) });
const named = (text) => text[getLang()];

// A suit symbol in a sentence takes its colour on the cards (red hearts and diamonds; with four colours blue
// diamonds and green clubs). A screen reader hears the suit's name in the page's language instead of the symbol
// ("black heart suit"): "B♥" reads "B harten"; a symbol already followed by its name ("♥ harten") is only hidden.
const SUIT_OF = { '♣': 'C', '♦': 'D', '♥': 'H', '♠': 'S' };
// The part [from, to) of `text`; the name after a symbol is looked for in the whole text, which a link or a
// search's mark may cut.
function suited(text, from = 0, to = text.length) {
  const out = [];
  let at = from;
  for (const m of text.slice(from, to).matchAll(/[♣♦♥♠]/gu)) {
    const i = from + m.index;
    const suit = SUIT_OF[m[0]];
    const name = t(`common.suit.${suit}`);
    const spoken = text.slice(i + 1).toLowerCase().startsWith(` ${name.toLowerCase()}`);
    const space = i > 0 && !/\s/.test(text[i - 1]) ? ' ' : '';
    out.push(text.slice(at, i),
      el('span', { class: 'suit-sign', 'data-suit': suit },
        el('span', { 'aria-hidden': 'true' }, m[0]), spoken ? null : el('span', { class: 'sr-only' }, space + name)));
    at = i + 1;
  }
  out.push(text.slice(at, to));
  return out.filter((part) => part !== '');
}

// A text as the page shows it: `links` ([start, end) with a glossary id) as links to the glossary, `marks`
// (a search's matches) marked, also inside a link, and the suit symbols in colour. Only text nodes are made.
function rich(text, { links = [], marks = [] } = {}) {
  const source = String(text);
  const cuts = [...new Set([0, source.length, ...[...links, ...marks].flatMap((r) => [r.start, r.end])])].sort((a, b) => a - b);
  const out = [];
  let open = null;  // the link being filled: {range, node}
  for (let i = 0; i + 1 < cuts.length; i += 1) {
    const [a, b] = [cuts[i], cuts[i + 1]];
    const piece = suited(source, a, b);
    const content = marks.some((r) => r.start <= a && b <= r.end) ? [el('mark', {}, piece)] : piece;
    const range = links.find((r) => r.start <= a && b <= r.end);
    if (!range) {
      open = null;
      out.push(...content);
      continue;
    }
    if (open?.range !== range) {
      open = { range, node: termLink(range.id, '') };
      out.push(open.node);
    }
    open.node.append(...content);
  }
  return out;
}

const api = (path) => request('GET', path);

// --- routing ---------------------------------------------------------------------------------
async function route({ followed = false } = {}) {
  const main = $('learn');
  const path = location.pathname.replace(/\/+$/, '');
  let m;
  try {
    if (path === '/learn') await indexPage(main);
    else if (path === '/learn/glossary') await glossaryPage(main, followed);
    else if ((m = path.match(/^\/learn\/rules\/([a-z]+)$/))) await rulesPage(main, m[1]);
    else if ((m = path.match(/^\/learn\/lessons\/([a-z0-9-]+)$/))) await lessonPage(main, m[1]);
    else main.replaceChildren(el('p', {}, t('learn.not_found')));
  } catch (err) {
    main.replaceChildren(el('p', { class: 'error', role: 'alert' }, t('learn.error', { detail: err.message })));
  }
  document.body.dataset.ready = path;
}

// --- progress on this device -------------------------------------------------------------------
// The ids of the lessons finished on this device, a JSON list. Anything else found under the key (a
// hand edit, another format, storage turned off) counts as nothing done instead of breaking the page.
const DONE_KEY = 'klaverjas.learn.done';
const LESSON_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

function doneLessons() {
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(DONE_KEY) || '[]');
  } catch {
    return new Set();
  }
  if (!Array.isArray(stored)) return new Set();
  return new Set(stored.filter((id) => typeof id === 'string' && LESSON_ID.test(id)));
}

function markDone(id) {
  const done = doneLessons();
  done.add(id);
  try {
    localStorage.setItem(DONE_KEY, JSON.stringify([...done]));
  } catch {
    // Storage full or refused: the lesson still ends, it is just not remembered.
  }
}

const backLink = (href, text) => el('p', { class: 'back' },
  el('a', { href }, el('span', { 'aria-hidden': 'true' }, '‹ '), text));

// --- index -------------------------------------------------------------------------------------
async function indexPage(main) {
  const [presets, lessons] = await Promise.all([api('/api/learn/rules'), api('/api/learn/lessons')]);
  const done = doneLessons();
  const next = lessons.find((l) => !done.has(l.id));
  pageTitle(t('learn.learn'));
  main.replaceChildren(
    el('h1', {}, t('learn.learn')),
    el('p', { class: 'lead' }, t('learn.intro')),
    progressPanel(lessons, done, next),
    el('section', { class: 'panel', 'aria-labelledby': 'lessons-title' },
      el('h2', { id: 'lessons-title' }, t('learn.lessons')),
      el('p', { class: 'hint' }, t('learn.lessons_intro')),
      el('ol', { class: 'lesson-list' }, lessons.map((l, i) => lessonTile(l, i, done.has(l.id))))),
    el('section', { class: 'panel', 'aria-labelledby': 'rules-title' },
      el('h2', { id: 'rules-title' }, t('learn.rules')),
      el('p', { class: 'hint' }, t('learn.rules_list')),
      el('ul', { class: 'entries' },
        presets.map((p) => el('li', {}, entry(`/learn/rules/${p.preset}`, named(p.name), named(p.summary), { 'data-preset': p.preset }))),
        el('li', {}, entry('/learn/rules/amsterdam#compare', t('learn.compare'), t('learn.compare_line'), { id: 'to-compare' })))),
    el('section', { class: 'panel', 'aria-labelledby': 'glossary-title' },
      el('h2', { id: 'glossary-title' }, t('learn.glossary')),
      el('ul', { class: 'entries' },
        el('li', {}, entry('/learn/glossary', t('learn.glossary_all'), t('learn.glossary_line'), { id: 'to-glossary' })))),
    el('section', { class: 'panel practice', 'aria-labelledby': 'practice-title' },
      el('h2', { id: 'practice-title' }, t('learn.practice')),
      el('p', {}, t('learn.practice_intro')),
      el('a', { class: 'button primary', href: '/play?practice=1', id: 'to-practice' }, t('learn.practice_go'))));
}

// How far this device got, and the way on: the first lesson not done (the list stays in lesson order).
function progressPanel(lessons, done, next) {
  const count = lessons.filter((l) => done.has(l.id)).length;
  const parts = [
    el('p', { class: 'progress-count', id: 'progress-count' }, t('learn.progress', { n: count, of: lessons.length })),
    el('progress', { max: String(lessons.length), value: String(count), 'aria-labelledby': 'progress-count' }),
  ];
  if (next) {
    const vars = { n: lessons.indexOf(next) + 1, title: named(next.title) };
    parts.push(el('a', { class: 'button primary big', id: 'continue', href: `/learn/lessons/${next.id}`, 'data-lesson': next.id },
      t(count ? 'learn.continue_with' : 'learn.start_with', vars)));
  } else {
    parts.push(el('p', { id: 'all-done' }, t('learn.all_done')));
  }
  return el('section', { class: 'panel progress-panel', 'aria-label': t('learn.your_progress') }, parts);
}

// A lesson as a tile: its number, title and length; done ones carry a tick and say so to screen readers.
function lessonTile(l, i, isDone) {
  return el('li', { 'data-lesson': l.id, class: isDone ? 'done' : null },
    el('a', { class: 'lesson-tile', href: `/learn/lessons/${l.id}` },
      el('span', { class: 'lesson-num' }, String(i + 1)), ' ',
      el('span', { class: 'lesson-text' }, el('span', { class: 'lesson-title' }, named(l.title)), ' ',
        el('span', { class: 'lesson-meta' }, t('learn.steps_n', { n: l.steps }))),
      isDone ? el('span', { class: 'lesson-mark' }, el('span', { 'aria-hidden': 'true' }, '✓'),
        el('span', { class: 'sr-only' }, `, ${t('learn.done')}`)) : null));
}

function entry(href, title, line, attrs = {}) {
  return el('a', { class: 'entry', href, ...attrs },
    el('span', { class: 'entry-title' }, title), ' ', el('span', { class: 'entry-line' }, line));
}

// --- glossary ----------------------------------------------------------------------------------
// The search: what is typed filters the terms at once and goes into the address (?q=pit), so a looked-up term
// can be shared; a link to one term (#nat) still marks it. Matches are marked in the names and explanations.
const GLOSSARY = '/learn/glossary';

// others: more words for the terms in the page's language (GLOSSARY_WORDS, each term's `also`), [word, id].
function termEntry(term, typed, loose, others) {
  const lang = getLang();
  const name = (text) => {
    const hit = typed ? matchIn(text, typed, { loose }) : null;
    return rich(text, { marks: hit ? [hit] : [] });
  };
  const meaning = meaningOf(term, lang);
  // Each word typed is marked where it starts a word of the explanation (the first place after the word before).
  const marks = [];
  if (typed) {
    let from = 0;
    for (const word of fold(typed, loose).split(' ')) {
      const hit = findIn(meaning.slice(from), word, { wordStart: true, loose });
      if (!hit) continue;
      marks.push({ start: from + hit.start, end: from + hit.end });
      from += hit.end;
    }
  }
  // The other terms it names link to their entries, the first mention of each; the term itself is not linked.
  const links = termRanges(meaning, lang, { skip: term.id, extra: others });
  const also = term.also || [];
  return el('div', { class: 'term-entry', id: term.id, 'data-games': term.games },
    el('dt', {}, el('span', { lang: 'nl' }, name(term.nl)), ' · ', el('span', { lang: 'en' }, name(term.en)),
      term.af ? [' · ', el('span', { lang: 'af', class: 'af', title: t('learn.afrikaans') }, name(term.af))] : null,
      term.games === 'sa' ? el('small', { class: 'tag' }, t('learn.sa_only')) : null),
    el('dd', {}, rich(meaning, { links, marks })),
    also.length ? el('dd', { class: 'also' }, `${t('learn.also_said')}: `, also.map((a, i) => [i ? ', ' : '',
      el('span', { lang: a.lang }, name(a.word)), a.lang === lang ? '' : ` (${t(a.lang === 'nl' ? 'learn.dutch' : 'learn.english')})`])) : null);
}

// followed: a link on the page itself led here (one entry to another), so the focus goes on to the entry.
async function glossaryPage(main, followed = false) {
  const terms = await api('/api/learn/glossary');
  const others = [...GLOSSARY_WORDS[getLang()] || [],
    ...terms.flatMap((term) => (term.also || []).filter((a) => a.lang === getLang()).map((a) => [a.word, term.id]))];
  pageTitle(t('learn.glossary'));
  const hadFocus = document.activeElement?.id === 'glossary-q';
  const list = el('dl', { class: 'glossary', id: 'glossary-list' });
  const legend = el('p', { class: 'legend' }, `${t('learn.dutch')} · ${t('learn.english')} · ${t('learn.afrikaans')}`);
  const status = el('p', { class: 'search-status', id: 'glossary-status', role: 'status', 'aria-live': 'polite' });
  const showAll = el('button', { type: 'button', id: 'glossary-all', hidden: '' }, t('learn.show_all'));
  const clear = el('button', { type: 'button', class: 'clear', id: 'glossary-clear', 'aria-label': t('learn.search_clear'),
    title: t('learn.search_clear'), hidden: '' }, el('span', { 'aria-hidden': 'true' }, '×'));
  const input = el('input', { type: 'search', id: 'glossary-q', name: 'q', autocomplete: 'off', spellcheck: 'false',
    autocapitalize: 'none', enterkeyhint: 'search', placeholder: t('learn.search_hint'), 'aria-controls': 'glossary-list',
    'aria-describedby': 'glossary-status' });
  input.value = new URLSearchParams(location.search).get('q') || '';

  let said = '';
  let announce = null;
  const show = () => {
    const typed = input.value;
    const { found, loose } = searchTerms(terms, typed, getLang());
    list.replaceChildren(...found.map((r) => termEntry(r.term, fold(typed) ? typed : '', loose, others)));
    list.hidden = !found.length;
    legend.hidden = !found.length;
    clear.hidden = !typed;
    showAll.hidden = found.length > 0;
    const text = found.length ? t('learn.found_n', { n: found.length }) : t('learn.found_none', { q: typed.trim() });
    // The count is said once typing pauses, not for every letter.
    clearTimeout(announce);
    if (text !== said) announce = setTimeout(() => { status.textContent = text; said = text; }, said ? 250 : 0);
  };
  const keep = () => {
    const q = input.value.trim();
    history.replaceState(null, '', q ? `${GLOSSARY}?q=${encodeURIComponent(q)}` : GLOSSARY);
  };
  const reset = () => {
    input.value = '';
    show();
    keep();
    input.focus();
  };
  input.addEventListener('input', () => { show(); keep(); });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && input.value) {
      e.preventDefault();
      reset();
    }
  });
  clear.addEventListener('click', reset);
  showAll.addEventListener('click', reset);
  // Enter closes a phone's keyboard; the results are already there.
  const form = el('form', { class: 'glossary-search', role: 'search', onsubmit: (e) => { e.preventDefault(); input.blur(); } },
    el('label', { for: 'glossary-q' }, t('learn.search_label')),
    el('div', { class: 'search-row' }, input, clear),
    el('div', { class: 'search-result' }, status, showAll));

  main.replaceChildren(backLink('/learn', t('learn.learn')), el('h1', {}, t('learn.glossary')), form, legend, list);
  show();
  if (hadFocus) input.focus();
  const target = decodeURIComponent(location.hash.slice(1));
  if (target && document.getElementById(target)) {
    const node = document.getElementById(target);
    node.classList.add('target');
    node.scrollIntoView({ block: 'center' });
    if (followed) {
      node.tabIndex = -1;
      node.focus({ preventScroll: true });
    }
  }
}

// --- rules -------------------------------------------------------------------------------------
function trickView(trick, extra = {}) {
  return el('div', { class: 'mini-trick', ...extra }, trick.map((p) => el('span', { class: 'played' },
    el('small', {}, t(`common.seat.${p.seat}`)), face(p.card))));
}

function handView(hand, legal) {
  const ok = new Set(legal);
  return el('div', { class: 'mini-hand', role: 'group', 'aria-label': t('learn.your_hand') },
    hand.map((c) => face(c, ok.has(c) ? 'legal' : 'not-legal')));
}

function situation(s, attrs = {}, say = said) {
  return el('div', { class: 'situation', 'data-situation': s.id, 'data-kind': s.kind, 'data-legal': s.legal.join(' '), ...attrs },
    el('p', { class: 'says' }, say(s.says)), trickView(s.trick), handView(s.hand, s.legal),
    el('p', { class: 'rule' }, say(s.rule)),
    el('p', { class: 'allowed' }, `${t('learn.may_play')}: `, s.legal.map((c) => [face(c), ' '])));
}

// A section of the rules page: a panel with its heading, or (for lists of examples) the heading on the page.
const RULES_SECTIONS = ['direction', 'values', 'choosing', 'legal', 'compare', 'roem', 'scoring', 'match-end'];
const SECTION_TITLE = { direction: 'learn.direction', values: 'learn.values', choosing: 'learn.choosing', legal: 'learn.legal_play',
  compare: 'learn.compare', roem: 'learn.roem', scoring: 'learn.scoring', 'match-end': 'learn.match_end' };

function panelSection(id, ...content) {
  return el('section', { class: 'panel rules-part', 'aria-labelledby': id }, el('h2', { id }, t(SECTION_TITLE[id])), content);
}

function listSection(id, ...content) {
  return el('section', { class: 'rules-list', 'aria-labelledby': id }, el('h2', { id }, t(SECTION_TITLE[id])), content);
}

async function rulesPage(main, preset) {
  const [r, presets] = await Promise.all([api(`/api/learn/rules/${encodeURIComponent(preset)}`), api('/api/learn/rules')]);
  const nameOf = Object.fromEntries(presets.map((p) => [p.preset, named(p.name)]));
  pageTitle(`${t('learn.rules')} ${named(r.name)}`);
  const v = r.values;
  const valueRow = (row) => el('tr', {}, el('th', { scope: 'row' }, t('learn.card_row')), row.map((x) => el('td', {}, rankText(x.rank))));
  const pointRow = (row) => el('tr', {}, el('th', { scope: 'row' }, t('learn.points_row')), row.map((x) => el('td', {}, String(x.points))));
  const shown = RULES_SECTIONS.filter((id) => id !== 'compare' || (r.compare && r.compare.length));
  // A term is linked at its first mention in a section, not in each of its texts (some fifty Tab stops else).
  const section = () => { const seen = new Set(); return (text) => said(text, seen); };
  const legal = section();
  const parts = [
    backLink('/learn', t('learn.learn')),
    el('h1', {}, `${t('learn.rules')}: ${named(r.name)}`),
    el('nav', { class: 'variants', 'aria-label': t('learn.variants') }, el('ul', {}, presets.map((p) => el('li', {},
      el('a', { href: `/learn/rules/${p.preset}`, class: 'chip', 'aria-current': p.preset === r.preset ? 'page' : null }, named(p.name)))))),
    el('p', { class: 'lead' }, t('learn.rules_intro')),
    el('nav', { class: 'panel on-page', 'aria-labelledby': 'on-page' }, el('h2', { id: 'on-page' }, t('learn.on_page')),
      el('ul', {}, shown.map((id) => el('li', {}, el('a', { href: `#${id}` }, t(SECTION_TITLE[id])))))),
    panelSection('direction', el('p', {}, said(r.direction))),
    panelSection('values',
      el('table', { class: 'values', 'data-values': 'trump' }, el('caption', {}, t('learn.trump_col')), el('tbody', {}, valueRow(v.trump), pointRow(v.trump))),
      el('table', { class: 'values', 'data-values': 'plain' }, el('caption', {}, t('learn.plain_col')), el('tbody', {}, valueRow(v.plain), pointRow(v.plain))),
      el('p', { 'data-total': String(v.total) }, said(v.text))),
    panelSection('choosing', el('p', {}, said(r.trump_selection))),
    listSection('legal', el('p', {}, t('learn.legal_intro')), el('div', { class: 'situations' }, r.situations.map((s) => situation(s, {}, legal)))),
  ];
  if (shown.includes('compare')) {
    const say = section();
    const side = (row, name) => el('div', { 'data-side': name }, el('h3', {}, nameOf[name] || name), trickView(row[name].trick),
      handView(row[name].hand, row[name].legal), el('p', { class: 'rule' }, say(row[name].rule)));
    parts.push(listSection('compare', el('div', { class: 'compare' }, r.compare.map((row) =>
      el('div', { class: 'compare-row', 'data-compare': row.id }, el('p', { class: 'says' }, say(row.amsterdam.says)),
        el('div', { class: 'columns' }, side(row, 'amsterdam'), side(row, 'rotterdam')))))));
  }
  const roem = section();
  parts.push(panelSection('roem', el('p', {}, roem(r.roem.text)), el('p', {}, roem(r.roem.claim)),
    el('ul', { class: 'roem' }, r.roem.examples.map((e) => el('li', { 'data-roem': String(e.roem), 'data-cards': e.cards.join(' ') },
      el('span', { class: 'roem-label' }, `${named(e.label)}:`), ' ',
      el('span', { class: 'roem-cards' }, e.cards.map((c) => [face(c), ' ']), el('span', { class: 'worth' }, `= ${t('learn.roem_of', { n: e.roem })}`))))),
    el('p', {}, roem(r.roem.pit))));
  if (r.scoring.kind === 'makers') {
    const scored = new Set();
    const text = el('p', {}, said(r.scoring.text, scored));
    // 'nat' linked once in the section: in the text, or else at the first case that goes nat.
    const nat = () => (scored.has('nat') ? t('learn.nat') : (scored.add('nat'), termLink('nat', t('learn.nat'))));
    parts.push(panelSection('scoring', text,
      el('ul', { class: 'scores' }, r.scoring.cases.map((c) => el('li', { 'data-score': c.score.join(' '), 'data-nat': String(c.nat) },
        `${named(c.label)} → ${t('learn.score_line', { a: c.score[0], b: c.score[1] })}`, c.nat ? [' (', nat(), ')'] : '')))));
  } else {
    parts.push(panelSection('scoring', el('p', {}, said(r.scoring.text)),
      el('ul', { class: 'scores' }, r.scoring.cases.map((c) => el('li', { 'data-strokes': String(c.strokes) },
        `${named(c.label)} → ${c.strokes ? t('learn.strokes_n', { n: c.strokes }) : t('learn.no_stroke')}`)))));
  }
  parts.push(panelSection('match-end', el('p', {}, said(r.match_end))));
  main.replaceChildren(...parts);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();  // rendered after load
}

// --- lessons -----------------------------------------------------------------------------------
// result: the server's answer to the current step, kept so that a language or card switch redraws it.
const lesson = { data: null, all: [], step: 0, result: null, picked: null, busy: false };

async function lessonPage(main, id) {
  const [data, all] = await Promise.all([api(`/api/learn/lessons/${encodeURIComponent(id)}`), api('/api/learn/lessons')]);
  Object.assign(lesson, { data, all, step: 0, result: null, picked: null });
  renderLesson(main);
}

function renderLesson(main) {
  const d = lesson.data;
  const number = lesson.all.findIndex((l) => l.id === d.id) + 1;
  pageTitle(named(d.title));
  const step = d.steps_data[lesson.step];
  const eyebrow = [t('learn.lesson_of', { n: number, of: lesson.all.length })];
  if (doneLessons().has(d.id)) eyebrow.push(' · ', el('span', { class: 'done-mark' }, el('span', { 'aria-hidden': 'true' }, '✓ '), t('learn.done')));
  main.replaceChildren(
    backLink('/learn', t('learn.all_lessons')),
    el('p', { class: 'eyebrow' }, eyebrow),
    el('h1', {}, named(d.title)),
    el('p', { class: 'intro' }, said(d.intro)),
    el('p', { class: 'terms' }, `${t('learn.terms')}: `, d.terms.map((id, i) => [i ? ', ' : '', termLink(id, (d.term_names[id] || {})[getLang()] || id)])),
    el('section', { class: 'panel step-panel', 'aria-labelledby': 'step-title' },
      el('div', { class: 'step-head' },
        el('h2', { class: 'progress', id: 'step-title', tabindex: '-1', 'data-step': String(lesson.step) },
          t('learn.step_of', { n: lesson.step + 1, of: d.steps })),
        d.steps > 1 ? el('span', { class: 'dots', 'aria-hidden': 'true' }, d.steps_data.map((_, i) =>
          el('span', { class: i < lesson.step ? 'dot past' : i === lesson.step ? 'dot now' : 'dot' }))) : null),
      el('div', { class: 'step', id: 'step' }, renderStep(step))),
    el('div', { id: 'feedback', class: 'feedback', role: 'status' }));
  if (lesson.result) showResult(lesson.result);
}

function renderStep(step) {
  const parts = [el('p', { class: 'ask' }, said(step.ask))];
  if (step.kind === 'card') {
    const info = [`${t('learn.trump')}: ${suitText(step.trump)}`];
    // "Playing: West" read as West's turn; the maker is who chose trump.
    if (step.maker) info.push(t('learn.chosen_by', { seat: t(`common.seat.${step.maker}`) }));
    parts.push(el('p', { class: 'info' }, suited(info.join(' · '))));
    if (step.tricks.length) {
      parts.push(el('details', {}, el('summary', {}, t('learn.played_tricks')), step.tricks.map((done) =>
        el('p', {}, done.cards.map((c) => [face(c), ' ']), ` → ${t(`common.seat.${done.winner}`)}`))));
    }
    if (step.trick.length) parts.push(trickView(step.trick, { id: 'lesson-trick' }));
    parts.push(el('div', { class: 'hand', id: 'lesson-hand', role: 'group', 'aria-label': t('learn.your_hand') },
      step.hand.map((c) => el('button', { type: 'button', class: `card suit-${c[1]}`, 'data-card': c, 'aria-label': cardName(c), onclick: () => answer({ card: c }) },
        cardSvg(c)))));
  } else {
    if (step.question.cards) parts.push(el('div', { class: 'mini-trick' }, step.question.cards.map((c) => face(c))));
    parts.push(el('div', { class: 'choices', role: 'group', 'aria-label': t('learn.answers') }, step.choices.map((n) =>
      el('button', { type: 'button', class: 'choice', 'data-choice': String(n), onclick: () => answer({ choice: n }) }, String(n)))));
  }
  return parts;
}

async function answer(what) {
  if (lesson.busy) return;
  lesson.busy = true;
  try {
    const r = await request('POST', `/api/learn/lessons/${encodeURIComponent(lesson.data.id)}/answer`, { step: lesson.step, ...what });
    lesson.result = r;
    lesson.picked = what;
    if (r.done && r.last) markDone(lesson.data.id);
    showResult(r);
    // The card or answer button just pressed is disabled now: keyboard focus goes on to the way forward.
    if (r.done) (document.getElementById('next-step') || document.getElementById('next-lesson') || document.getElementById('lesson-practice'))?.focus();
  } catch (err) {
    $('feedback').replaceChildren(el('p', { class: 'error', role: 'alert' }, t('learn.error', { detail: err.message })));
  } finally {
    lesson.busy = false;
  }
}

function showResult(r) {
  const box = $('feedback');
  box.replaceChildren(...feedback(r));
  box.dataset.result = r.done ? 'good' : r.legal === false ? 'illegal' : 'wrong';
  // The answer given stays marked, so the disabled buttons still show which one it was.
  const picked = lesson.picked || {};
  for (const b of document.querySelectorAll('#step button')) {
    const mine = b.dataset.card ? b.dataset.card === picked.card : Number(b.dataset.choice) === picked.choice;
    b.classList.toggle('picked', mine);
    b.dataset.verdict = mine ? box.dataset.result : '';
  }
  if (!r.done) return;
  for (const b of document.querySelectorAll('#step button')) b.disabled = true;
  if (r.last) box.append(lessonEnd());
  else box.append(el('button', { type: 'button', class: 'primary big', id: 'next-step', onclick: nextStep }, t('learn.next_step')));
}

function nextStep() {
  lesson.step += 1;
  lesson.result = null;
  lesson.picked = null;
  renderLesson($('learn'));
  $('step-title').focus();
}

function feedback(r) {
  const out = [];
  if ('card' in r) {
    const verdict = !r.legal ? t('learn.illegal') : r.good ? t('learn.good') : t('learn.not_best');
    out.push(el('p', { class: `verdict ${r.good ? 'ok' : 'bad'}`, 'data-verdict': !r.legal ? 'illegal' : r.good ? 'good' : 'legal' }, face(r.card), ' ', verdict));
    if (r.refusal) out.push(el('p', { class: 'refusal', 'data-refusal': r.refusal_code }, said(r.refusal)));
    out.push(el('p', { class: 'explain' }, said(r.explain)));
    if (r.yours && !r.good) out.push(el('p', { class: 'yours' }, `${t('learn.your_card')}: `, said(r.yours.why)));
    if (r.done || r.legal === false || r.yours) {
      // The card ends its own line: a face inside a sentence would open a gap between the sentence's lines.
      out.push(el('p', { class: 'advice', 'data-advice': r.advice.card }, `${t('learn.advice')} `, face(r.advice.card)),
        el('p', { class: 'advice-why' }, said(r.advice.why)));
    }
  } else {
    out.push(el('p', { class: `verdict ${r.correct ? 'ok' : 'bad'}`, 'data-verdict': r.correct ? 'good' : 'wrong' }, r.correct ? t('learn.correct') : t('learn.wrong')));
    out.push(el('p', { class: 'explain' }, said(r.explain)));
    if (r.why) out.push(el('p', { class: 'why' }, said(r.why)));
    if (r.hint) out.push(el('p', { class: 'hint' }, said(r.hint)));
  }
  return out;
}

// The end of a lesson: on to the next one in order, or after the last one to a practice game.
function lessonEnd() {
  const ids = lesson.all.map((l) => l.id);
  const next = lesson.all[ids.indexOf(lesson.data.id) + 1];
  const done = doneLessons();
  const left = lesson.all.filter((l) => !done.has(l.id)).length;
  return el('div', { class: 'lesson-end', id: 'lesson-complete' },
    el('p', { class: 'complete' }, el('span', { 'aria-hidden': 'true' }, '✓ '), t('learn.lesson_done')),
    left ? null : el('p', { id: 'all-done' }, t('learn.all_done')),
    el('div', { class: 'end-actions' },
      next ? el('a', { href: `/learn/lessons/${next.id}`, class: 'button primary big', id: 'next-lesson', 'data-lesson': next.id },
        t('learn.next_lesson', { title: named(next.title) }))
        : el('a', { href: '/play?practice=1', class: 'button primary big', id: 'lesson-practice' }, t('learn.practice_go')),
      el('a', { href: '/learn', class: 'button', id: 'to-index' }, t('learn.all_lessons'))));
}

renderHeader({ current: 'learn' });
const redraw = () => {
  if (lesson.data && location.pathname.startsWith('/learn/lessons/')) renderLesson($('learn'));  // keep the step
  else route();
};
onLangChange(redraw);
onCardsChange(redraw);
window.addEventListener('hashchange', () => { if (location.pathname === GLOSSARY) route({ followed: true }); });
route();
