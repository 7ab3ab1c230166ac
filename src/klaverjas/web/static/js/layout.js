// The header of every page: the name leading home, the parts of the site, a slot for the page's own
// controls, the card settings (index letters, four colours, the card table's sound) and the language switch.
// One function, so every page shows the same bar and the same cards.
import { h } from './dom.js';
import { dutchLetters, fourColours, letters, setFourColours, setLetters } from './cards.js';
import { onLangChange, otherLang, setLang, t } from './i18n.js';
import { setSound, soundOn } from './sound.js';

const SECTIONS = [['keeper', '/keeper'], ['play', '/play'], ['learn', '/learn'], ['club', '/club']];
const redraws = [];

// The tab's title: what the page shows, then the site's name ('Drive · Klaverjas'), so tabs are told apart.
export function pageTitle(name) { document.title = `${name} · ${t('common.app')}`; }

// Pages that draw cards call this to redraw them when a card setting changes.
export function onCardsChange(fn) { redraws.push(fn); }

function cardSettings() {
  const letterChoice = (code, label) => h('label', { class: 'toggle' },
    h('input', { type: 'radio', name: 'letters', value: code, checked: letters() === code,
      onchange: () => { setLetters(code); for (const fn of redraws) fn(); } }), ' ', label);
  return h('details', { class: 'settings' },
    h('summary', { 'aria-label': t('common.settings') }, '♠♥'),
    h('div', { class: 'settings-box' },
      h('fieldset', {}, h('legend', {}, t('common.letters')), letterChoice('nl', 'B V H'), letterChoice('en', 'J Q K')),
      h('label', { class: 'toggle' }, h('input', { type: 'checkbox', id: 'four-colour', checked: fourColours(),
        onchange: (e) => { setFourColours(e.target.checked); for (const fn of redraws) fn(); } }), ' ', t('common.four_colour')),
      h('label', { class: 'toggle' }, h('input', { type: 'checkbox', id: 'sound', checked: soundOn(),
        onchange: (e) => setSound(e.target.checked) }), ' ', t('common.sound'))));
}

// current: which section this page is ('home', 'keeper', 'play', 'learn'); extras: a function
// returning the page's own header controls, called again after a language switch.
// Pages redraw their own texts with onLangChange (js/i18n.js).
export function renderHeader({ current, extras = () => [] }) {
  document.body.classList.toggle('four', fourColours());
  document.body.dataset.letters = dutchLetters() ? 'nl' : 'en';
  const header = document.getElementById('site-header');
  const draw = () => header.replaceChildren(h('nav', { id: 'topbar', 'aria-label': t('common.nav.main') },
    h('a', { href: '/', class: 'brand', 'aria-current': current === 'home' ? 'page' : null },
      h('span', { class: 'logo', 'aria-hidden': 'true' }, '♣'), t('common.app')),
    h('span', { class: 'extras' }, cardSettings()),
    h('button', { type: 'button', id: 'lang-button', class: 'lang small', lang: otherLang(), 'data-testid': 'lang',
      // The switch redraws the header and the page: the focus comes back to the new button, where the
      // keyboard left it, so a second press switches back.
      onclick: () => { setLang(otherLang()); document.getElementById('lang-button').focus(); } },
    t('common.other_lang')),
    // Last, as a phone shows them (a row under the brand's); base.css moves them beside the brand where there is room.
    h('span', { class: 'sections' }, SECTIONS.map(([name, href]) =>
      h('a', { href, class: 'section', 'aria-current': current === name ? 'page' : null }, t(`common.nav.${name}`))),
      h('span', { class: 'page-extras' }, extras()))));
  draw();
  onLangChange(draw);
  onCardsChange(() => { document.body.dataset.letters = dutchLetters() ? 'nl' : 'en'; });
}
