// How cards look on every page: suit symbols, rank letters, the small card face.
// A card is named as the server names it: rank then suit, 'TH' is the ten of hearts.
import { h } from './dom.js';
import { t } from './i18n.js';

export const SUIT_SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };
const RANK = { T: '10' };
// The learning pages write the Dutch letters: boer, vrouw, heer.
const RANK_NL = { J: 'B', Q: 'V', K: 'H', T: '10' };

export function rankText(rank, dutch = false) {
  return (dutch ? RANK_NL[rank] : RANK[rank]) || rank;
}

export function cardText(name, dutch = false) {
  return rankText(name[0], dutch) + SUIT_SYMBOL[name[1]];
}

// '♥ harten': the symbol and the suit's name in the current language.
export function suitText(suit) {
  return `${SUIT_SYMBOL[suit]} ${t(`common.suit.${suit}`)}`;
}

// A card face as a span coloured by its suit (css: .face, .suit-H ...).
export function face(name, { dutch = false, extra = '' } = {}) {
  return h('span', { class: `face suit-${name[1]} ${extra}`.trim(), 'data-card': name }, cardText(name, dutch));
}
