// How cards look on every page: suit symbols, rank letters, card faces and backs.
// A card is named as the server names it: rank then suit, 'TH' is the ten of hearts.
// Two settings hold for every page (the header's menu changes them): the index letters, Dutch
// B/V/H (boer, vrouw, heer) or English J/Q/K, and the four-colour deck.
import { h } from './dom.js';
import { cardBack, cardFace } from './cardfaces.js';
import { getLang, t } from './i18n.js';

export const SUIT_SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };
const RANK = { T: '10' };
const RANK_NL = { J: 'B', Q: 'V', K: 'H', T: '10' };
const LETTERS_KEY = 'klaverjas.letters';
const FOUR_KEY = 'klaverjas.four';

// 'nl' or 'en' as chosen; unset, the letters follow the page's language.
export function letters() {
  const saved = localStorage.getItem(LETTERS_KEY);
  return saved === 'nl' || saved === 'en' ? saved : getLang();
}
export function setLetters(code) { localStorage.setItem(LETTERS_KEY, code); }
export function dutchLetters() { return letters() === 'nl'; }

export function fourColours() { return localStorage.getItem(FOUR_KEY) === '1'; }
export function setFourColours(on) {
  localStorage.setItem(FOUR_KEY, on ? '1' : '0');
  document.body.classList.toggle('four', on);
}

export function rankText(rank, dutch = dutchLetters()) {
  return (dutch ? RANK_NL[rank] : RANK[rank]) || rank;
}

export function cardText(name, dutch = dutchLetters()) {
  return rankText(name[0], dutch) + SUIT_SYMBOL[name[1]];
}

// '♥ harten': the symbol and the suit's name in the current language.
export function suitText(suit) {
  return `${SUIT_SYMBOL[suit]} ${t(`common.suit.${suit}`)}`;
}

// 'the jack of hearts' / 'harten boer' in the current language.
export function cardName(name) {
  return t('common.card_name', { rank: t(`common.rank.${name[0]}`), suit: t(`common.suit.${name[1]}`) });
}

// The SVG face of a card (aria-hidden: the element holding it carries the name).
export function cardSvg(name) { return cardFace(name, { dutch: dutchLetters() }); }
export function backSvg() { return cardBack(); }

// A small card face for text: an SVG card with the card's name for screen readers.
export function face(name, { dutch = dutchLetters(), extra = '' } = {}) {
  return h('span', { class: `face suit-${name[1]} ${extra}`.trim(), 'data-card': name, role: 'img', 'aria-label': cardName(name) },
    cardFace(name, { dutch }));
}

// Cards as a player sorts a hand: trumps first, then the other suits alternating red and black, each suit from
// its highest card down (in trumps the jack and the nine first). The four suits keep one order for a trump, so
// a suit running out never moves the others. Without a trump: spades, hearts, clubs, diamonds.
const SUIT_ORDER = { '': 'SHCD', H: 'HSDC', D: 'DSHC', S: 'SHCD', C: 'CHSD' };
export function sortCards(cards, trump = '') {
  const suits = SUIT_ORDER[trump || ''];
  const place = (c) => suits.indexOf(c[1]) * 8 + (c[1] === trump ? 'J9ATKQ87' : 'ATKQJ987').indexOf(c[0]);
  return cards.slice().sort((a, b) => place(a) - place(b));
}
