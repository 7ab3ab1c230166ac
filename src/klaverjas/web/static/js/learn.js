// The learning pages: rules per preset, glossary, lessons. Plain ES module, no build step.
// All content comes from /api/learn/...; text always goes in as text, never as HTML.
import { $, h as el } from './dom.js';
import { api as request } from './api.js';
import { cardName, cardSvg, dutchLetters, face as cardFace, rankText as rankOf, suitText } from './cards.js';
import { linkTerms, termLink } from './glossary.js';
import { getLang, onLangChange, t } from './i18n.js';
import { onCardsChange, renderHeader } from './layout.js';

// The ranks are written as the card setting says (B, V, H or J, Q, K), as on every page.
const dutch = () => dutchLetters();
const rankText = (rank) => rankOf(rank, dutch());
const face = (name, extra = '') => cardFace(name, { dutch: dutch(), extra });
const said = (text) => linkTerms(text[getLang()], getLang());  // a {en, nl} text with its terms linked

const api = (path) => request('GET', path);

// --- routing ---------------------------------------------------------------------------------
async function route() {
  const main = $('learn');
  const path = location.pathname.replace(/\/+$/, '');
  let m;
  try {
    if (path === '/learn') await indexPage(main);
    else if (path === '/learn/glossary') await glossaryPage(main);
    else if ((m = path.match(/^\/learn\/rules\/([a-z]+)$/))) await rulesPage(main, m[1]);
    else if ((m = path.match(/^\/learn\/lessons\/([a-z0-9-]+)$/))) await lessonPage(main, m[1]);
    else main.replaceChildren(el('p', {}, t('learn.not_found')));
  } catch (err) {
    main.replaceChildren(el('p', { class: 'error', role: 'alert' }, t('learn.error', { detail: err.message })));
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
  document.title = `${t('common.app')} – ${t('learn.learn')}`;
  main.replaceChildren(
    el('h1', {}, t('learn.learn')),
    el('section', {}, el('h2', {}, t('learn.rules')), el('p', {}, t('learn.rules_list')),
      el('ul', { class: 'links' }, presets.map((p) => el('li', {}, el('a', { href: `/learn/rules/${p.preset}`, 'data-preset': p.preset }, p.name[getLang()]))),
        el('li', {}, el('a', { href: '/learn/rules/amsterdam#compare', id: 'to-compare' }, t('learn.compare'))))),
    el('section', {}, el('h2', {}, t('learn.glossary')), el('p', {}, el('a', { href: '/learn/glossary', id: 'to-glossary' }, t('learn.glossary')))),
    el('section', {}, el('h2', {}, t('learn.lessons')), el('p', {}, t('learn.lessons_intro')),
      el('ol', { class: 'lessons' }, lessons.map((l) => el('li', { 'data-lesson': l.id, class: done.has(l.id) ? 'done' : null },
        el('a', { href: `/learn/lessons/${l.id}` }, l.title[getLang()]), done.has(l.id) ? ` ✓ ${t('learn.done')}` : '')))),
    el('section', {}, el('h2', {}, t('learn.practice')), el('p', {}, t('learn.practice_intro')),
      el('p', {}, el('a', { class: 'button primary', href: '/play?practice=1', id: 'to-practice' }, t('learn.practice_go')))));
}

// --- glossary ----------------------------------------------------------------------------------
async function glossaryPage(main) {
  const terms = await api('/api/learn/glossary');
  document.title = `${t('common.app')} – ${t('learn.glossary')}`;
  const items = terms.map((term) => el('div', { class: 'term-entry', id: term.id, 'data-games': term.games },
    el('dt', {}, el('span', { lang: 'nl' }, term.nl), ' · ', el('span', { lang: 'en' }, term.en),
      term.af ? [' · ', el('span', { lang: 'af', class: 'af', title: t('learn.afrikaans') }, term.af)] : null,
      term.games === 'sa' ? el('small', { class: 'tag' }, t('learn.sa_only')) : null),
    el('dd', {}, dutch() ? term.def_nl : term.def_en)));
  main.replaceChildren(el('h1', {}, t('learn.glossary')),
    el('p', { class: 'legend' }, `${t('learn.dutch')} · ${t('learn.english')} · ${t('learn.afrikaans')}`), el('dl', { class: 'glossary' }, items));
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
    el('small', {}, t(`common.seat.${p.seat}`)), face(p.card))));
}

function handView(hand, legal) {
  const ok = new Set(legal);
  return el('div', { class: 'mini-hand', 'aria-label': t('learn.your_hand') }, hand.map((c) => face(c, ok.has(c) ? 'legal' : 'not-legal')));
}

function situation(s, attrs = {}) {
  return el('div', { class: 'situation', 'data-situation': s.id, 'data-kind': s.kind, 'data-legal': s.legal.join(' '), ...attrs },
    el('p', { class: 'says' }, said(s.says)), trickView(s.trick), handView(s.hand, s.legal),
    el('p', { class: 'rule' }, said(s.rule)),
    el('p', { class: 'allowed' }, `${t('learn.may_play')}: `, s.legal.map((c) => [face(c), ' '])));
}

async function rulesPage(main, preset) {
  const r = await api(`/api/learn/rules/${encodeURIComponent(preset)}`);
  document.title = `${t('common.app')} – ${t('learn.rules')} ${r.name[getLang()]}`;
  const v = r.values;
  const valueRow = (row) => el('tr', {}, row.map((x) => el('td', {}, rankText(x.rank))));
  const pointRow = (row) => el('tr', {}, row.map((x) => el('td', {}, String(x.points))));
  const parts = [
    el('h1', {}, `${t('learn.rules')}: ${r.name[getLang()]}`),
    el('p', {}, t('learn.rules_intro')),
    el('h2', {}, t('learn.direction')), el('p', {}, said(r.direction)),
    el('h2', {}, t('learn.values')),
    el('table', { class: 'values', 'data-values': 'trump' }, el('caption', {}, t('learn.trump_col')), valueRow(v.trump), pointRow(v.trump)),
    el('table', { class: 'values', 'data-values': 'plain' }, el('caption', {}, t('learn.plain_col')), valueRow(v.plain), pointRow(v.plain)),
    el('p', { 'data-total': String(v.total) }, said(v.text)),
    el('h2', {}, t('learn.choosing')), el('p', {}, said(r.trump_selection)),
    el('h2', {}, t('learn.legal_play')), el('p', {}, t('learn.legal_intro')),
    el('div', { class: 'situations' }, r.situations.map((s) => situation(s))),
  ];
  if (r.compare && r.compare.length) {
    parts.push(el('h2', { id: 'compare' }, t('learn.compare')), el('div', { class: 'compare' }, r.compare.map((row) =>
      el('div', { class: 'compare-row', 'data-compare': row.id }, el('p', { class: 'says' }, said(row.amsterdam.says)),
        el('div', { class: 'columns' },
          el('div', { 'data-side': 'amsterdam' }, el('h3', {}, 'Amsterdam'), trickView(row.amsterdam.trick), handView(row.amsterdam.hand, row.amsterdam.legal),
            el('p', { class: 'rule' }, said(row.amsterdam.rule))),
          el('div', { 'data-side': 'rotterdam' }, el('h3', {}, 'Rotterdam'), trickView(row.rotterdam.trick), handView(row.rotterdam.hand, row.rotterdam.legal),
            el('p', { class: 'rule' }, said(row.rotterdam.rule))))))));
  }
  parts.push(el('h2', {}, t('learn.roem')), el('p', {}, said(r.roem.text)), el('p', {}, said(r.roem.claim)),
    el('ul', { class: 'roem' }, r.roem.examples.map((e) => el('li', { 'data-roem': String(e.roem), 'data-cards': e.cards.join(' ') },
      e.label[getLang()], ': ', e.cards.map((c) => [face(c), ' ']), ` = ${t('learn.roem_of', { n: e.roem })}`))),
    el('p', {}, said(r.roem.pit)));
  parts.push(el('h2', {}, t('learn.scoring')), el('p', {}, said(r.scoring.text)));
  if (r.scoring.kind === 'makers') {
    parts.push(el('ul', { class: 'scores' }, r.scoring.cases.map((c) => el('li', { 'data-score': c.score.join(' '), 'data-nat': String(c.nat) },
      `${c.label[getLang()]} → ${t('learn.score_line', { a: c.score[0], b: c.score[1] })}`, c.nat ? [' (', termLink('nat', t('learn.nat')), ')'] : ''))));
  } else {
    parts.push(el('ul', { class: 'scores' }, r.scoring.cases.map((c) => el('li', { 'data-strokes': String(c.strokes) },
      `${c.label[getLang()]} → ${c.strokes ? t('learn.strokes_n', { n: c.strokes }) : t('learn.no_stroke')}`))));
  }
  parts.push(el('h2', {}, t('learn.match_end')), el('p', {}, said(r.match_end)));
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
  document.title = `${t('common.app')} – ${d.title[getLang()]}`;
  const step = d.steps_data[lesson.step];
  main.replaceChildren(
    el('p', {}, el('a', { href: '/learn' }, t('learn.all_lessons'))),
    el('h1', {}, d.title[getLang()]),
    el('p', { class: 'intro' }, said(d.intro)),
    el('p', { class: 'terms' }, `${t('learn.terms')}: `, d.terms.map((id, i) => [i ? ', ' : '', termLink(id, (d.term_names[id] || {})[getLang()] || id)])),
    el('p', { class: 'progress', 'data-step': String(lesson.step) }, t('learn.step_of', { n: lesson.step + 1, of: d.steps })),
    el('section', { class: 'step', id: 'step' }, renderStep(step)),
    el('div', { id: 'feedback', class: 'feedback', role: 'status' }));
}

function renderStep(step) {
  const parts = [el('p', { class: 'ask' }, said(step.ask))];
  if (step.kind === 'card') {
    const info = [`${t('learn.trump')}: ${suitText(step.trump)}`];
    if (step.maker) info.push(`${t('learn.maker_label')}: ${t(`common.seat.${step.maker}`)}`);
    parts.push(el('p', { class: 'info' }, info.join(' · ')));
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
    const r = await request('POST', `/api/learn/lessons/${encodeURIComponent(lesson.data.id)}/answer`, { step: lesson.step, ...what });
    box.replaceChildren(...feedback(r));
    box.dataset.result = r.done ? 'good' : r.legal === false ? 'illegal' : 'wrong';
    if (r.done) {
      for (const b of document.querySelectorAll('#step button')) b.disabled = true;
      if (r.last) finishLesson(box);
      else box.append(el('button', { type: 'button', class: 'primary', id: 'next-step', onclick: () => { lesson.step += 1; renderLesson($('learn')); } }, t('learn.next_step')));
    }
  } catch (err) {
    box.replaceChildren(el('p', { class: 'error', role: 'alert' }, t('learn.error', { detail: err.message })));
  } finally {
    lesson.busy = false;
  }
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
      out.push(el('p', { class: 'advice', 'data-advice': r.advice.card }, `${t('learn.advice')} `, face(r.advice.card), ': ', said(r.advice.why)));
    }
  } else {
    out.push(el('p', { class: `verdict ${r.correct ? 'ok' : 'bad'}`, 'data-verdict': r.correct ? 'good' : 'wrong' }, r.correct ? t('learn.correct') : t('learn.wrong')));
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
  box.append(el('p', { class: 'complete', id: 'lesson-complete' }, t('learn.lesson_done')),
    next ? el('p', {}, el('a', { href: `/learn/lessons/${next}`, class: 'button primary', id: 'next-lesson' }, t('learn.next_lesson'))) : null,
    el('p', {}, el('a', { href: '/learn' }, t('learn.all_lessons'))));
}

renderHeader({ current: 'learn' });
const redraw = () => {
  if (lesson.data && location.pathname.startsWith('/learn/lessons/')) renderLesson($('learn'));  // keep the step
  else route();
};
onLangChange(redraw);
onCardsChange(redraw);
window.addEventListener('hashchange', () => { if (location.pathname === '/learn/glossary') route(); });
route();
