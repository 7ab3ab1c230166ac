// The start page: what the site offers, a panel each (playing, the score keeper, club evenings, learning),
// and above them the way back to a game in play on this device.
import { $, h } from './dom.js';
import { cardSvg } from './cards.js';
import { onLangChange, t } from './i18n.js';
import { onCardsChange, renderHeader } from './layout.js';
import { gameHref, gamesOfThisBrowser } from './links.js';

let going = null; // this device's game in play changed last, once the server has said

const button = (href, label, testid, primary = false) =>
  h('a', { href, class: primary ? 'button primary' : 'button', 'data-testid': testid }, label);

function panel(id, title, text, ...actions) {
  return h('section', { class: 'panel home-panel', 'aria-labelledby': `home-${id}` },
    h('h2', { id: `home-${id}` }, title), h('p', {}, text), h('p', { class: 'buttons' }, actions));
}

function render() {
  document.title = t('common.app');
  $('app').replaceChildren(
    h('div', { class: 'hero-fan', 'aria-hidden': 'true' }, ['JC', '9C', 'AC', 'TC', 'KC'].map((c, i) =>
      h('span', { class: 'hero-card', style: `--i:${i}` }, cardSvg(c)))),
    h('h1', {}, t('common.app')),
    h('p', { class: 'home-lead' }, t('home.lead')),
    ...(going ? [h('a', { href: gameHref(going), class: 'continue', 'data-testid': 'to-continue' },
      h('strong', {}, t('play.continue')), h('span', {}, t('home.continue_what')))] : []),
    h('div', { class: 'home-panels' },
      panel('play', t('home.play_title'), t('home.play_text'),
        button('/play', t('home.play'), 'to-play', true), button('/play#with-friends', t('home.friends'), 'to-friends')),
      panel('keeper', t('home.keeper_title'), t('home.intro'), button('/keeper', t('home.keeper'), 'to-keeper', true)),
      panel('club', t('home.club_title'), t('home.club_text'), button('/club', t('home.club'), 'to-club')),
      panel('learn', t('home.learn_title'), t('home.learn_text'), button('/learn', t('home.learn'), 'to-learn'))));
}

// The games of this device's seat tokens only (the server lists no one else's); none, or a server out of reach:
// no way back is offered.
async function findGameInPlay() {
  try {
    going = (await gamesOfThisBrowser()).find((g) => g.phase !== 'match_over') || null;
  } catch { return; }
  if (going) render();
}

renderHeader({ current: 'home' });
onLangChange(render);
onCardsChange(render);
render();
findGameInPlay();
