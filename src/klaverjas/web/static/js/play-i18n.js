// Texts of the play page in Dutch and English; the language is shared with the score keeper.
export const TEXTS = {
  nl: {
    home: 'Klaverjas', four_colour: '4 kleuren', new_game: 'Nieuw spel', rules: 'Regels',
    trump_selection: 'Troef kiezen', ts_proposed: 'Voorgesteld (willekeurig)', ts_free: 'Vrij',
    ts_utrecht: 'Utrechts (verplicht)', ts_turned: 'Omgedraaide kaart', match_end: 'Einde',
    me_16: '16 spellen (boom)', me_1500: '1500 punten', roem_claim: 'Roem', rc_auto: 'Automatisch geteld',
    rc_claimed: 'Zelf melden', illegal_cards: 'Verkeerde kaarten', ic_refuse: 'Weigeren met uitleg',
    ic_allow: 'Toestaan (verzaakt roepen)', pace: 'Tempo', pace_slow: 'Rustig', pace_normal: 'Normaal',
    pace_fast: 'Snel', pace_instant: 'Direct', level_n: 'Maat (Noord)', level_e: 'Oost', level_w: 'West',
    lv_basic: 'Gewoon', lv_strong: 'Sterk', lv_random: 'Willekeurig', your_name: 'Je naam', start: 'Start',
    your_games: 'Je spellen', hint: 'Hint', undo: 'Terug', last_trick: 'Laatste slag', sheet: 'Wij / Zij',
    call_verzaakt: 'Verzaakt!', seats: { N: 'Noord', E: 'Oost', S: 'Zuid', W: 'West' }, you: 'Jij',
    partner: 'maat', dealer: 'deler', trump: 'Troef', playing: 'Spelend', turn: 'Aan de beurt',
    your_turn: 'Jij bent aan de beurt', play: 'Spelen', pass: 'Passen', choose: 'Kies',
    suits: { C: 'klaveren', D: 'ruiten', H: 'harten', S: 'schoppen' }, proposed: 'Voorgesteld',
    we: 'Wij', they: 'Zij', total: 'Totaal', deal: 'Spel', nat: 'nat', pit: 'pit', next_deal: 'Volgend spel',
    review: 'Bespreking', points: 'punten', roem: 'roem', score: 'Score', match_over: 'De partij is uit',
    winner_we: 'Wij winnen!', winner_they: 'Zij winnen.', draw: 'Gelijkspel.', claim: 'Roem melden',
    no_claim: 'Geen roem', took: 'neemt de slag', resume: 'Verder', finished: 'uit', in_play: 'bezig',
    reconnecting: 'Verbinding herstellen…', verzaakt_by: 'Verzaakt door', went_on: 'gaat op met',
    strokes: 'streep', loses: 'kost', kept: 'had gehouden', best: 'beste kaart', no_review: 'Geen analyse beschikbaar.',
    trick: 'Slag', prev: 'Vorige', next: 'Volgende', close: 'Sluiten', why: 'Waarom', chose: 'koos',
    says_pass: 'past', says_play: 'speelt', nothing_to_show: 'Nog geen slag gespeeld.',
  },
  en: {
    home: 'Klaverjas', four_colour: '4 colours', new_game: 'New game', rules: 'Rules',
    trump_selection: 'Choosing trump', ts_proposed: 'Proposed (random)', ts_free: 'Free',
    ts_utrecht: 'Utrecht (compulsory)', ts_turned: 'Turned card', match_end: 'End',
    me_16: '16 deals', me_1500: '1500 points', roem_claim: 'Roem', rc_auto: 'Counted automatically',
    rc_claimed: 'Claim it yourself', illegal_cards: 'Illegal cards', ic_refuse: 'Refuse and explain',
    ic_allow: 'Allow (call verzaakt)', pace: 'Pace', pace_slow: 'Relaxed', pace_normal: 'Normal',
    pace_fast: 'Fast', pace_instant: 'Instant', level_n: 'Partner (North)', level_e: 'East', level_w: 'West',
    lv_basic: 'Basic', lv_strong: 'Strong', lv_random: 'Random', your_name: 'Your name', start: 'Start',
    your_games: 'Your games', hint: 'Hint', undo: 'Undo', last_trick: 'Last trick', sheet: 'Us / Them',
    call_verzaakt: 'Renege!', seats: { N: 'North', E: 'East', S: 'South', W: 'West' }, you: 'You',
    partner: 'partner', dealer: 'dealer', trump: 'Trump', playing: 'Playing', turn: 'To move',
    your_turn: 'Your turn', play: 'Play', pass: 'Pass', choose: 'Choose',
    suits: { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' }, proposed: 'Proposed',
    we: 'Us', they: 'Them', total: 'Total', deal: 'Deal', nat: 'nat', pit: 'pit', next_deal: 'Next deal',
    review: 'Review', points: 'points', roem: 'roem', score: 'Score', match_over: 'The match is over',
    winner_we: 'We win!', winner_they: 'They win.', draw: 'A draw.', claim: 'Claim roem',
    no_claim: 'No roem', took: 'takes the trick', resume: 'Continue', finished: 'finished', in_play: 'in play',
    reconnecting: 'Reconnecting…', verzaakt_by: 'Reneged by', went_on: 'goes on with',
    strokes: 'stroke(s)', loses: 'cost', kept: 'would have kept', best: 'best card', no_review: 'No analysis available.',
    trick: 'Trick', prev: 'Previous', next: 'Next', close: 'Close', why: 'Why', chose: 'chose',
    says_pass: 'passes', says_play: 'plays', nothing_to_show: 'No trick played yet.',
  },
};

export function initialLang() {
  const saved = localStorage.getItem('klaverjas.lang');
  if (saved === 'nl' || saved === 'en') return saved;
  return (navigator.language || 'nl').toLowerCase().startsWith('en') ? 'en' : 'nl';
}
