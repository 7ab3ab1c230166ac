// Texts of the learning pages in Dutch and English; the language is shared with the other pages.
export const TEXTS = {
  nl: {
    home: 'Klaverjas', learn: 'Leren', other_lang: 'English', rules: 'Regels', rules_intro: 'De regels per variant, gemaakt uit dezelfde instellingen als de spelcomputer: de voorbeelden hieronder zijn door de spelregels berekend.',
    rules_list: 'De regels per variant, met voorbeelden die de spelregels zelf berekenen.',
    glossary: 'Woordenlijst', lessons: 'Lessen', lessons_intro: 'Korte oefeningen: speel de kaart of kies het antwoord, en de app zegt of het mocht, of het goed was, en waarom.',
    practice: 'Oefenen aan tafel', practice_intro: 'Speel een spel tegen de computer met na elke kaart het advies van de computerspeler en aan het eind de bespreking.',
    practice_go: 'Oefenspel starten', done: 'gedaan', steps: 'stappen',
    direction: 'Speelrichting', values: 'Kaarten en punten', trump_col: 'Troef (hoog → laag)', plain_col: 'Andere kleuren (hoog → laag)',
    points: 'punten', rank: 'kaart', choosing: 'Troef kiezen', legal_play: 'Welke kaart mag je spelen?',
    legal_intro: 'Harten is troef; jij (Zuid) speelt als laatste. De kaarten die mogen zijn gemarkeerd.',
    compare: 'Amsterdams en Rotterdams naast elkaar', roem: 'Roem', scoring: 'Score', match_end: 'Einde van de partij',
    may_play: 'Mag', your_hand: 'Je kaarten', trick: 'Slag', nat: 'nat', not_nat: 'niet nat', strokes: 'strepen', no_stroke: 'niemand gaat op',
    seats: { N: 'Noord', E: 'Oost', S: 'Zuid', W: 'West' }, you: 'Jij',
    suits: { C: 'klaveren', D: 'ruiten', H: 'harten', S: 'schoppen' }, trump: 'Troef', maker_label: 'Speelt',
    we: 'Wij', they: 'Zij', dutch: 'Nederlands', english: 'Engels', afrikaans: 'Afrikaans', sa_only: 'Zuid-Afrikaans',
    legal: 'Mag', illegal: 'Mag niet', good: 'Goed!', not_best: 'Mag, maar niet de beste', advice: 'De computerspeler zou spelen',
    your_card: 'Over jouw kaart', next_step: 'Volgende', lesson_done: 'Les voltooid!', next_lesson: 'Volgende les',
    all_lessons: 'Alle lessen', step_of: 'Stap {n} van {of}', correct: 'Goed!', wrong: 'Fout', terms: 'Begrippen',
    not_found: 'Niet gevonden.', error: 'Er ging iets mis: {detail}', leads: 'komt uit', played_tricks: 'Eerdere slagen',
    roem_of: '{n} roem', score_line: 'Wij {a} · Zij {b}', makers: 'spelers',
  },
  en: {
    home: 'Klaverjas', learn: 'Learn', other_lang: 'Nederlands', rules: 'Rules', rules_intro: 'The rules of each variant, made from the same settings the game engine uses: the examples below are computed by the rules engine.',
    rules_list: 'The rules of each variant, with examples computed by the rules engine itself.',
    glossary: 'Glossary', lessons: 'Lessons', lessons_intro: 'Short exercises: play the card or pick the answer, and the app says whether it was allowed, whether it was good, and why.',
    practice: 'Practice at the table', practice_intro: 'Play a deal against the computer with the computer player\'s advice after every card and the review at the end.',
    practice_go: 'Start a practice game', done: 'done', steps: 'steps',
    direction: 'Direction of play', values: 'Cards and points', trump_col: 'Trump (high → low)', plain_col: 'Other suits (high → low)',
    points: 'points', rank: 'card', choosing: 'Choosing trump', legal_play: 'Which card may you play?',
    legal_intro: 'Hearts are trump; you (South) play last. The cards you may play are marked.',
    compare: 'Amsterdam and Rotterdam side by side', roem: 'Roem', scoring: 'Scoring', match_end: 'End of the match',
    may_play: 'Allowed', your_hand: 'Your cards', trick: 'Trick', nat: 'nat', not_nat: 'not nat', strokes: 'strokes', no_stroke: 'nobody goes on',
    seats: { N: 'North', E: 'East', S: 'South', W: 'West' }, you: 'You',
    suits: { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' }, trump: 'Trump', maker_label: 'Playing',
    we: 'Us', they: 'Them', dutch: 'Dutch', english: 'English', afrikaans: 'Afrikaans', sa_only: 'South African',
    legal: 'Allowed', illegal: 'Not allowed', good: 'Good!', not_best: 'Allowed, but not the best', advice: 'The computer player would play',
    your_card: 'About your card', next_step: 'Next', lesson_done: 'Lesson complete!', next_lesson: 'Next lesson',
    all_lessons: 'All lessons', step_of: 'Step {n} of {of}', correct: 'Right!', wrong: 'Wrong', terms: 'Terms',
    not_found: 'Not found.', error: 'Something went wrong: {detail}', leads: 'leads', played_tricks: 'Earlier tricks',
    roem_of: '{n} roem', score_line: 'Us {a} · Them {b}', makers: 'playing team',
  },
};

// The practice mode of the play page (js/learn-practice.js).
export const PRACTICE = {
  nl: { toggle: 'Oefenen: advies na elke kaart', title: 'Advies', you_played: 'Jij speelde', advice: 'De computerspeler zou spelen',
    same: 'Dat is ook wat de computerspeler zou spelen.', why: 'Waarom', yours: 'Over jouw kaart', no_advice: 'Geen advies voor deze kaart.' },
  en: { toggle: 'Practice: advice after every card', title: 'Advice', you_played: 'You played', advice: 'The computer player would play',
    same: 'That is what the computer player would play too.', why: 'Why', yours: 'About your card', no_advice: 'No advice for this card.' },
};

export function initialLang() {
  const saved = localStorage.getItem('klaverjas.lang');
  if (saved === 'nl' || saved === 'en') return saved;
  return (navigator.language || 'nl').toLowerCase().startsWith('en') ? 'en' : 'nl';
}
