// The start page: leads to the score keeper, to playing against computer players and to learning.
import { $, h } from './dom.js';
import { cardSvg } from './cards.js';
import { onLangChange, t } from './i18n.js';
import { onCardsChange, renderHeader } from './layout.js';

function render() {
  document.title = t('common.app');
  $('app').replaceChildren(
    h('div', { class: 'hero-fan', 'aria-hidden': 'true' }, ['JC', '9C', 'AC', 'TC', 'KC'].map((c, i) =>
      h('span', { class: 'hero-card', style: `--i:${i}` }, cardSvg(c)))),
    h('h1', {}, t('common.app')),
    h('p', {}, t('home.intro')),
    h('p', {}, h('a', { href: '/keeper', class: 'button primary big', 'data-testid': 'to-keeper' }, t('home.keeper'))),
    h('p', {}, h('a', { href: '/play', class: 'button primary big', 'data-testid': 'to-play' }, t('home.play'))),
    h('p', {}, h('a', { href: '/learn', class: 'button big', 'data-testid': 'to-learn' }, t('home.learn'))));
}

renderHeader({ current: 'home' });
onLangChange(render);
onCardsChange(render);
render();
