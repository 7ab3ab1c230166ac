// The learning pages: rules per preset, glossary, lessons. Plain ES module, no build step.
// All content comes from /api/learn/...; text always goes in as text, never as HTML.
import { TEXTS, initialLang } from './learn-i18n.js';
import { linkTerms, termLink } from './glossary.js';

const SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };
const RANK = { T: '10' };
const RANK_NL = { J: 'B', Q: 'V', K: 'H', A: 'A', T: '10' };
let lang = initialLang();
const T = () => TEXTS[lang];
const $ = (id) => document.getElementById(id);
const fill = (text, vars) => text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const rankText = (r) => (lang === 'nl' ? RANK_NL[r] || r : RANK[r] || r);
function face(name, extra = '') {
  return el('span', { class: `face suit-${name[1]} ${extra}`.trim(), 'data-card': name }, rankText(name[0]) + SYMBOL[name[1]]);
}
const said = (text) => linkTerms(text[lang], lang);  // a {en, nl} text with its terms linked

async function api(path, options) {
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.detail || String(response.status));
  return data;
}

// --- routing ---------------------------------------------------------------------------------
async function route() {
  document.documentElement.lang = lang;
  $('lang-button').textContent = T().other_lang;
  $('learn-home').textContent = T().learn;
  const main = $('learn');
  const path = location.pathname.replace(/\/+$/, '');
  let m;
  try {
    if (path === '/learn') await indexPage(main);
    else if (path === '/learn/glossary') await glossaryPage(main);
    else if ((m = path.match(/^\/learn\/rules\/([a-z]+)$/))) await rulesPage(main, m[1]);
    else if ((m = path.match(/^\/learn\/lessons\/([a-z0-9-]+)$/))) await lessonPage(main, m[1]);
    else main.replaceChildren(el('p', {}, T().not_found));
  } catch (err) {
    main.replaceChildren(el('p', { class: 'error', role: 'alert' }, fill(T().error, { detail: err.message })));
  }
  document.body.dataset.ready = path;
}

function doneLessons() {
  try { return new Set(JSON.parse(localStorage.getItem('klaverjas.learn.done') || '[]')); } catch { return new Set(); }
}

// --- index -------------------------------------------------------------------------------------
async function indexPage(main) {
  const [presets, lessons] = await Promise.all([api('/api/learn/rules'), api('/api/learn/lessons')]);
  const done = doneLessons();
  document.title = `Klaverjas – ${T().learn}`;
  main.replaceChildren(
    el('h1', {}, T().learn),
    el('section', {}, el('h2', {}, T().rules), el('p', {}, T().rules_list),
      el('ul', { class: 'links' }, presets.map((p) => el('li', {}, el('a', { href: `/learn/rules/${p.preset}`, 'data-preset': p.preset }, p.name[lang]))),
        el('li', {}, el('a', { href: '/learn/rules/amsterdam#compare', id: 'to-compare' }, T().compare)))),
    el('section', {}, el('h2', {}, T().glossary), el('p', {}, el('a', { href: '/learn/glossary', id: 'to-glossary' }, T().glossary))),
    el('section', {}, el('h2', {}, T().lessons), el('p', {}, T().lessons_intro),
      el('ol', { class: 'lessons' }, lessons.map((l) => el('li', { 'data-lesson': l.id, class: done.has(l.id) ? 'done' : null },
        el('a', { href: `/learn/lessons/${l.id}` }, l.title[lang]), done.has(l.id) ? ` ✓ ${T().done}` : '')))),
    el('section', {}, el('h2', {}, T().practice), el('p', {}, T().practice_intro),
      el('p', {}, el('a', { class: 'button primary', href: '/play?practice=1', id: 'to-practice' }, T().practice_go))));
}

// --- glossary ----------------------------------------------------------------------------------
async function glossaryPage(main) {
  const terms = await api('/api/learn/glossary');
  document.title = `Klaverjas – ${T().glossary}`;
  const items = terms.map((t) => el('div', { class: 'term-entry', id: t.id, 'data-games': t.games },
    el('dt', {}, el('span', { lang: 'nl' }, t.nl), ' · ', el('span', { lang: 'en' }, t.en),
      t.af ? [' · ', el('span', { lang: 'af', class: 'af', title: T().afrikaans }, t.af)] : null,
      t.games === 'sa' ? el('small', { class: 'tag' }, T().sa_only) : null),
    el('dd', {}, lang === 'nl' ? t.def_nl : t.def_en)));
  main.replaceChildren(el('h1', {}, T().glossary),
    el('p', { class: 'legend' }, `${T().dutch} · ${T().english} · ${T().afrikaans}`), el('dl', { class: 'glossary' }, items));
  const target = decodeURIComponent(location.hash.slice(1));
  if (target && document.getElementById(target)) {
    const node = document.getElementById(target);
    node.classList.add('target');
    node.scrollIntoView({ block: 'center' });
  }
}

// --- rules -------------------------------------------------------------------------------------
function trickView(trick, extra = {}) {
  return el('div', { class: 'mini-trick', ...extra }, trick.map((p) => el('span', { class: 'played' },
    el('small', {}, T().seats[p.seat]), face(p.card))));
}

function handView(hand, legal) {
  const ok = new Set(legal);
  return el('div', { class: 'mini-hand', 'aria-label': T().your_hand }, hand.map((c) => face(c, ok.has(c) ? 'legal' : 'not-legal')));
}

function situation(s, attrs = {}) {
  return el('div', { class: 'situation', 'data-situation': s.id, 'data-kind': s.kind, 'data-legal': s.legal.join(' '), ...attrs },
    el('p', { class: 'says' }, said(s.says)), trickView(s.trick), handView(s.hand, s.legal),
    el('p', { class: 'rule' }, said(s.rule)),
    el('p', { class: 'allowed' }, `${T().may_play}: `, s.legal.map((c) => [face(c), ' '])));
}

async function rulesPage(main, preset) {
  const r = await api(`/api/learn/rules/${encodeURIComponent(preset)}`);
  document.title = `Klaverjas – ${T().rules} ${r.name[lang]}`;
  const v = r.values;
  const valueRow = (row) => el('tr', {}, row.map((x) => el('td', {}, rankText(x.rank))));
  const pointRow = (row) => el('tr', {}, row.map((x) => el('td', {}, String(x.points))));
  const parts = [
    el('h1', {}, `${T().rules}: ${r.name[lang]}`),
    el('p', {}, T().rules_intro, ' ', el('code', {}, r.rules)),
    el('h2', {}, T().direction), el('p', {}, said(r.direction)),
    el('h2', {}, T().values),
    el('table', { class: 'values', 'data-values': 'trump' }, el('caption', {}, T().trump_col), valueRow(v.trump), pointRow(v.trump)),
    el('table', { class: 'values', 'data-values': 'plain' }, el('caption', {}, T().plain_col), valueRow(v.plain), pointRow(v.plain)),
    el('p', { 'data-total': String(v.total) }, said(v.text)),
    el('h2', {}, T().choosing), el('p', {}, said(r.trump_selection)),
    el('h2', {}, T().legal_play), el('p', {}, T().legal_intro),
    el('div', { class: 'situations' }, r.situations.map((s) => situation(s))),
  ];
  if (r.compare && r.compare.length) {
    parts.push(el('h2', { id: 'compare' }, T().compare), el('div', { class: 'compare' }, r.compare.map((row) =>
      el('div', { class: 'compare-row', 'data-compare': row.id }, el('p', { class: 'says' }, said(row.amsterdam.says)),
        el('div', { class: 'columns' },
          el('div', { 'data-side': 'amsterdam' }, el('h3', {}, 'Amsterdam'), trickView(row.amsterdam.trick), handView(row.amsterdam.hand, row.amsterdam.legal),
            el('p', { class: 'rule' }, said(row.amsterdam.rule))),
          el('div', { 'data-side': 'rotterdam' }, el('h3', {}, 'Rotterdam'), trickView(row.rotterdam.trick), handView(row.rotterdam.hand, row.rotterdam.legal),
            el('p', { class: 'rule' }, said(row.rotterdam.rule))))))));
  }
  parts.push(el('h2', {}, T().roem), el('p', {}, said(r.roem.text)), el('p', {}, said(r.roem.claim)),
    el('ul', { class: 'roem' }, r.roem.examples.map((e) => el('li', { 'data-roem': String(e.roem), 'data-cards': e.cards.join(' ') },
      e.label[lang], ': ', e.cards.map((c) => [face(c), ' ']), ` = ${fill(T().roem_of, { n: e.roem })}`))),
    el('p', {}, said(r.roem.pit)));
  parts.push(el('h2', {}, T().scoring), el('p', {}, said(r.scoring.text)));
  if (r.scoring.kind === 'makers') {
    parts.push(el('ul', { class: 'scores' }, r.scoring.cases.map((c) => el('li', { 'data-score': c.score.join(' '), 'data-nat': String(c.nat) },
      `${c.label[lang]} → ${fill(T().score_line, { a: c.score[0], b: c.score[1] })}`, c.nat ? [' (', termLink('nat', T().nat), ')'] : ''))));
  } else {
    parts.push(el('ul', { class: 'scores' }, r.scoring.cases.map((c) => el('li', { 'data-strokes': String(c.strokes) },
      `${c.label[lang]} → ${c.strokes ? `${c.strokes} ${T().strokes}` : T().no_stroke}`))));
  }
  parts.push(el('h2', {}, T().match_end), el('p', {}, said(r.match_end)));
  main.replaceChildren(...parts);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();  // rendered after load
}

// --- lessons -----------------------------------------------------------------------------------
const lesson = { data: null, step: 0, busy: false };

async function lessonPage(main, id) {
  const [data, all] = await Promise.all([api(`/api/learn/lessons/${encodeURIComponent(id)}`), api('/api/learn/lessons')]);
  lesson.data = data;
  lesson.all = all;
  lesson.step = 0;
  renderLesson(main);
}

function renderLesson(main) {
  const d = lesson.data;
  document.title = `Klaverjas – ${d.title[lang]}`;
  const step = d.steps_data[lesson.step];
  main.replaceChildren(
    el('p', {}, el('a', { href: '/learn' }, T().all_lessons)),
    el('h1', {}, d.title[lang]),
    el('p', { class: 'intro' }, said(d.intro)),
    el('p', { class: 'terms' }, `${T().terms}: `, d.terms.map((t, i) => [i ? ', ' : '', termLink(t, (d.term_names[t] || {})[lang] || t)])),
    el('p', { class: 'progress', 'data-step': String(lesson.step) }, fill(T().step_of, { n: lesson.step + 1, of: d.steps })),
    el('section', { class: 'step', id: 'step' }, renderStep(step)),
    el('div', { id: 'feedback', class: 'feedback', role: 'status' }));
}

function renderStep(step) {
  const parts = [el('p', { class: 'ask' }, said(step.ask))];
  if (step.kind === 'card') {
    const info = [`${T().trump}: ${SYMBOL[step.trump]} ${T().suits[step.trump]}`];
    if (step.maker) info.push(`${T().maker_label}: ${T().seats[step.maker]}`);
    parts.push(el('p', { class: 'info' }, info.join(' · ')));
    if (step.tricks.length) {
      parts.push(el('details', {}, el('summary', {}, T().played_tricks), step.tricks.map((t) =>
        el('p', {}, t.cards.map((c) => [face(c), ' ']), ` → ${T().seats[t.winner]}`))));
    }
    if (step.trick.length) parts.push(trickView(step.trick, { id: 'lesson-trick' }));
    parts.push(el('div', { class: 'hand', id: 'lesson-hand', role: 'group', 'aria-label': T().your_hand },
      step.hand.map((c) => el('button', { type: 'button', class: `card suit-${c[1]}`, 'data-card': c, onclick: () => answer({ card: c }) },
        rankText(c[0]) + SYMBOL[c[1]]))));
  } else {
    if (step.question.cards) parts.push(el('div', { class: 'mini-trick' }, step.question.cards.map((c) => face(c))));
    parts.push(el('div', { class: 'choices', role: 'group' }, step.choices.map((n) =>
      el('button', { type: 'button', class: 'choice', 'data-choice': String(n), onclick: () => answer({ choice: n }) }, String(n)))));
  }
  return parts;
}

async function answer(what) {
  if (lesson.busy) return;
  lesson.busy = true;
  const box = $('feedback');
  try {
    const r = await api(`/api/learn/lessons/${encodeURIComponent(lesson.data.id)}/answer`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ step: lesson.step, ...what }) });
    box.replaceChildren(...feedback(r));
    box.dataset.result = r.done ? 'good' : r.legal === false ? 'illegal' : 'wrong';
    if (r.done) {
      for (const b of document.querySelectorAll('#step button')) b.disabled = true;
      if (r.last) finishLesson(box);
      else box.append(el('button', { type: 'button', class: 'primary', id: 'next-step', onclick: () => { lesson.step += 1; renderLesson($('learn')); } }, T().next_step));
    }
  } catch (err) {
    box.replaceChildren(el('p', { class: 'error', role: 'alert' }, fill(T().error, { detail: err.message })));
  } finally {
    lesson.busy = false;
  }
}

function feedback(r) {
  const out = [];
  if ('card' in r) {
    const verdict = !r.legal ? T().illegal : r.good ? T().good : T().not_best;
    out.push(el('p', { class: `verdict ${r.good ? 'ok' : 'bad'}`, 'data-verdict': !r.legal ? 'illegal' : r.good ? 'good' : 'legal' }, face(r.card), ' ', verdict));
    if (r.refusal) out.push(el('p', { class: 'refusal', 'data-refusal': r.refusal_code }, said(r.refusal)));
    out.push(el('p', { class: 'explain' }, said(r.explain)));
    if (r.yours && !r.good) out.push(el('p', { class: 'yours' }, `${T().your_card}: `, said(r.yours.why)));
    if (r.done || r.legal === false || r.yours) {
      out.push(el('p', { class: 'advice', 'data-advice': r.advice.card }, `${T().advice} `, face(r.advice.card), ': ', said(r.advice.why)));
    }
  } else {
    out.push(el('p', { class: `verdict ${r.correct ? 'ok' : 'bad'}`, 'data-verdict': r.correct ? 'good' : 'wrong' }, r.correct ? T().correct : T().wrong));
    out.push(el('p', { class: 'explain' }, said(r.explain)));
    if (r.why) out.push(el('p', { class: 'why' }, said(r.why)));
    if (r.hint) out.push(el('p', { class: 'hint' }, said(r.hint)));
  }
  return out;
}

function finishLesson(box) {
  const done = doneLessons();
  done.add(lesson.data.id);
  localStorage.setItem('klaverjas.learn.done', JSON.stringify([...done]));
  const ids = lesson.all.map((l) => l.id);
  const next = ids[ids.indexOf(lesson.data.id) + 1];
  box.append(el('p', { class: 'complete', id: 'lesson-complete' }, T().lesson_done),
    next ? el('p', {}, el('a', { href: `/learn/lessons/${next}`, class: 'button primary', id: 'next-lesson' }, T().next_lesson)) : null,
    el('p', {}, el('a', { href: '/learn' }, T().all_lessons)));
}

$('lang-button').addEventListener('click', () => {
  lang = lang === 'nl' ? 'en' : 'nl';
  localStorage.setItem('klaverjas.lang', lang);
  if (lesson.data && location.pathname.startsWith('/learn/lessons/')) {
    document.documentElement.lang = lang;
    $('lang-button').textContent = T().other_lang;
    $('learn-home').textContent = T().learn;
    renderLesson($('learn'));  // keep the step the player is on
  } else route();
});
window.addEventListener('hashchange', () => { if (location.pathname === '/learn/glossary') route(); });
route();
