// The start page: leads to playing against computer players and to the score keeper.
import { h } from './dom.js';
import { setLang, getLang, t } from './i18n.js';

function render() {
  document.title = t('app');
  document.getElementById('topbar').replaceChildren(
    h('a', { href: '/', class: 'brand' }, t('app')),
    h('button', {
      type: 'button', class: 'lang', lang: t('other_lang_code'), 'data-testid': 'lang',
      onclick: () => { setLang(t('other_lang_code')); render(); },
    }, t('other_lang')));
  document.getElementById('app').replaceChildren(
    h('h1', {}, t('app')),
    h('p', {}, t('keeper_intro')),
    h('p', {}, h('a', { href: '/keeper', class: 'button primary big', 'data-testid': 'to-keeper' }, t('keeper'))),
    h('p', {}, h('a', { href: '/play', class: 'button primary big', 'data-testid': 'to-play' }, t('play_soon'))),
    h('p', {}, h('a', { href: '/learn', class: 'button big', 'data-testid': 'to-learn' }, t('learn'))));
}

setLang(getLang());
render();
