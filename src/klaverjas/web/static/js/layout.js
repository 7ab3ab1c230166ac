// The header of every page: the name leading home, the three parts of the site, a slot for the
// page's own controls, and the language switch. One function, so every page shows the same bar.
import { h } from './dom.js';
import { onLangChange, otherLang, setLang, t } from './i18n.js';

const SECTIONS = [['keeper', '/keeper'], ['play', '/play'], ['learn', '/learn'], ['club', '/club']];

// current: which section this page is ('home', 'keeper', 'play', 'learn'); extras: a function
// returning the page's own header controls, called again after a language switch.
// Pages redraw their own texts with onLangChange (js/i18n.js).
export function renderHeader({ current, extras = () => [] }) {
  const header = document.getElementById('site-header');
  const draw = () => header.replaceChildren(h('nav', { id: 'topbar', 'aria-label': t('common.nav.main') },
    h('a', { href: '/', class: 'brand', 'aria-current': current === 'home' ? 'page' : null }, t('common.app')),
    h('span', { class: 'sections' }, SECTIONS.map(([name, href]) =>
      h('a', { href, class: 'section', 'aria-current': current === name ? 'page' : null }, t(`common.nav.${name}`)))),
    h('span', { class: 'extras' }, extras()),
    h('button', { type: 'button', id: 'lang-button', class: 'lang small', lang: otherLang(), 'data-testid': 'lang',
      onclick: () => setLang(otherLang()) }, t('common.other_lang'))));
  draw();
  onLangChange(draw);
}
