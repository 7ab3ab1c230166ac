// Dutch and English texts. The language is remembered per device.
const TEXTS = {
  nl: {
    lang_name: 'Nederlands', other_lang: 'English', other_lang_code: 'en',
    app: 'Klaverjas', home: 'Start', keeper: 'Scorebord', keeper_intro: 'Houd de score bij aan tafel: één telefoon, duimen genoeg.',
    play: 'Spelen', play_soon: 'Spelen tegen de computer', learn: 'Leren: regels, woordenlijst, lessen',
    sheets: 'Scorelijsten', new_sheet: 'Nieuwe lijst', no_sheets: 'Nog geen lijsten.',
    open_sheet: 'Lijst openen', deals_n: '{n} rondes', over: 'afgelopen',
    title: 'Titel (optioneel)', teams: 'Teams', team_ns: 'Team 1 (Noord/Zuid)', team_ew: 'Team 2 (Oost/West)',
    players: 'Spelers (optioneel, in zitvolgorde)', player_n: 'Speler {n}', first_dealer: 'Deelt eerst',
    rules: 'Regels', amsterdam: 'Amsterdams', rotterdam: 'Rotterdams', sa: 'Zuid-Afrikaans (strepen)',
    match_end: 'Einde', 'deals:16': '16 rondes', 'points:1500': '1500 punten', open: 'Open (geen einde)',
    'strokes:5': 'Eerst 5 strepen (boem)', create: 'Lijst maken', save: 'Opslaan', cancel: 'Annuleren',
    settings: 'Instellingen', delete_sheet: 'Lijst verwijderen', confirm_delete_sheet: 'Deze lijst helemaal verwijderen?',
    new_round: 'Nieuwe ronde', undo: 'Ongedaan maken', undone: 'Ongedaan gemaakt.', nothing_to_undo: 'Niets om ongedaan te maken.',
    export_csv: 'CSV', print: 'Afdrukken', all_sheets: 'Alle lijsten',
    round: 'Ronde', round_n: 'Ronde {n}', edit_round: 'Ronde {n} bewerken', total: 'Totaal',
    dealer_next: 'Deelt nu: {name}', winner: '{team} wint!', winner_boem: '{team} wint de boem!', draw: 'Gelijkspel.',
    progress_deals: 'Ronde {n} van {of}', progress_points: 'Tot {of} punten', progress_open: 'Open lijst',
    makers: 'Wie speelt?', card_points: 'Kaartpunten (samen {total})', points_of: 'Punten {team}',
    roem: 'Roem', roem_of: 'Roem {team}', stuk: 'stuk', clear: 'wis', add_roem: 'Roem {team} +{n}',
    add_stuk: 'Stuk voor {team} (+20)', clear_roem: 'Roem {team} op 0',
    pit: 'Pit (alle slagen)', verzaakt: 'Verzaakt', nobody: 'Niemand', stopped: 'Gestopt: een team ging op',
    stopped_hint: 'Vul de punten in tot het moment dat een team 100 haalde.',
    delete_round: 'Ronde verwijderen', nat: 'nat', pit_mark: 'pit', verzaakt_mark: 'verzaakt', plays: 'speelt',
    game_n: 'Spel {n}', went_on: '{team} gaat op: {n} streep', went_on_2: '{team} gaat op: {n} strepen',
    ou_jol: 'ou jol', boem: 'Boem', strokes: 'Strepen', game_totals: 'Stand dit spel',
    boem_label: 'Boem: {ns} {a} strepen, {ew} {b} strepen',
    error: 'Er ging iets mis: {detail}', not_found: 'Deze lijst bestaat niet (meer).',
    err: {
      points_range: 'Kaartpunten moeten tussen 0 en {total} liggen.',
      points_sum: 'De punten samen moeten {total} zijn.',
      points_sum_stopped: 'Samen kunnen het niet meer dan {total} punten zijn.',
      points_missing: 'Vul de punten van een van beide teams in.',
      roem_multiple: 'Roem is altijd een tiental (20, 50, 100, …).',
      roem_range: 'Roem moet tussen 0 en 2000 liggen.',
      pit_points: 'Pit betekent alle {total} punten voor dat team.',
      makers_missing: 'Kies welk team speelt.',
      makers_sa: 'Zuid-Afrikaans heeft geen spelend team.',
      verzaakt_sa: 'Verzaken telt niet op een Zuid-Afrikaanse lijst.',
      stopped_dutch: 'Alleen een Zuid-Afrikaanse ronde stopt halverwege.',
      stopped_not_on: 'Niemand haalde 100, dus de ronde kan niet gestopt zijn.',
      match_over: 'De partij is afgelopen: er kan geen ronde meer bij.',
      match_over_earlier: 'Met deze correctie is de partij eerder afgelopen; verwijder eerst de latere rondes.',
      invalid: 'Vul een geldig heel getal in.',
      match_end_kind: 'Kies een geldig einde.', match_end_number: 'Kies een geldig einde.',
    },
  },
  en: {
    lang_name: 'English', other_lang: 'Nederlands', other_lang_code: 'nl',
    app: 'Klaverjas', home: 'Home', keeper: 'Score keeper', keeper_intro: 'Keep the score at the table: one phone, thumbs only.',
    play: 'Play', play_soon: 'Play against the computer', learn: 'Learn: rules, glossary, lessons',
    sheets: 'Score sheets', new_sheet: 'New sheet', no_sheets: 'No sheets yet.',
    open_sheet: 'Open sheet', deals_n: '{n} deals', over: 'finished',
    title: 'Title (optional)', teams: 'Teams', team_ns: 'Team 1 (North/South)', team_ew: 'Team 2 (East/West)',
    players: 'Players (optional, in seating order)', player_n: 'Player {n}', first_dealer: 'Deals first',
    rules: 'Rules', amsterdam: 'Amsterdam', rotterdam: 'Rotterdam', sa: 'South African (strokes)',
    match_end: 'Match end', 'deals:16': '16 deals', 'points:1500': '1500 points', open: 'Open (no end)',
    'strokes:5': 'First to 5 strokes (boem)', create: 'Create sheet', save: 'Save', cancel: 'Cancel',
    settings: 'Settings', delete_sheet: 'Delete sheet', confirm_delete_sheet: 'Delete this sheet for good?',
    new_round: 'New round', undo: 'Undo', undone: 'Undone.', nothing_to_undo: 'Nothing to undo.',
    export_csv: 'CSV', print: 'Print', all_sheets: 'All sheets',
    round: 'Deal', round_n: 'Deal {n}', edit_round: 'Edit deal {n}', total: 'Total',
    dealer_next: 'Dealing now: {name}', winner: '{team} win!', winner_boem: '{team} win the boem!', draw: 'A draw.',
    progress_deals: 'Deal {n} of {of}', progress_points: 'To {of} points', progress_open: 'Open sheet',
    makers: 'Who plays?', card_points: 'Card points (together {total})', points_of: 'Points {team}',
    roem: 'Roem', roem_of: 'Roem {team}', stuk: 'stuk', clear: 'clear', add_roem: 'Roem {team} +{n}',
    add_stuk: 'Stuk for {team} (+20)', clear_roem: 'Roem {team} to 0',
    pit: 'Pit (all tricks)', verzaakt: 'Reneged (verzaakt)', nobody: 'Nobody', stopped: 'Stopped: a team went on',
    stopped_hint: 'Enter the points up to the moment a team reached 100.',
    delete_round: 'Delete deal', nat: 'nat', pit_mark: 'pit', verzaakt_mark: 'reneged', plays: 'plays',
    game_n: 'Game {n}', went_on: '{team} go on: {n} stroke', went_on_2: '{team} go on: {n} strokes',
    ou_jol: 'ou jol', boem: 'Boem', strokes: 'Strokes', game_totals: 'This game',
    boem_label: 'Boem: {ns} {a} strokes, {ew} {b} strokes',
    error: 'Something went wrong: {detail}', not_found: 'This sheet does not exist (any more).',
    err: {
      points_range: 'Card points must be between 0 and {total}.',
      points_sum: 'Both sides together must make {total}.',
      points_sum_stopped: 'Together they cannot be more than {total}.',
      points_missing: "Enter one side's points.",
      roem_multiple: 'Roem is always a multiple of 10 (20, 50, 100, …).',
      roem_range: 'Roem must be between 0 and 2000.',
      pit_points: 'Pit means all {total} points for that side.',
      makers_missing: 'Choose the playing side.',
      makers_sa: 'South African Klawerjas has no playing side.',
      verzaakt_sa: 'Reneging is not scored on a South African sheet.',
      stopped_dutch: 'Only a South African deal stops half way.',
      stopped_not_on: 'Nobody reached 100, so the deal cannot have stopped.',
      match_over: 'The match is over: no more deals.',
      match_over_earlier: 'With this correction the match ends earlier; delete the later deals first.',
      invalid: 'Enter a valid whole number.',
      match_end_kind: 'Choose a valid match end.', match_end_number: 'Choose a valid match end.',
    },
  },
};

function initial() {
  const saved = localStorage.getItem('klaverjas.lang');
  if (saved in TEXTS) return saved;
  return (navigator.language || 'nl').toLowerCase().startsWith('en') ? 'en' : 'nl';
}

let lang = initial();

export function getLang() { return lang; }

export function setLang(l) {
  lang = l in TEXTS ? l : 'nl';
  localStorage.setItem('klaverjas.lang', lang);
  document.documentElement.lang = lang;
}

function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
}

export function t(key, vars) {
  const v = TEXTS[lang][key] ?? TEXTS.nl[key] ?? key;
  return typeof v === 'string' ? fill(v, vars) : key;
}

// The message for a server error code, or null when there is none in this language.
export function errorText(code, vars) {
  const v = TEXTS[lang].err[code];
  return v ? fill(v, vars) : null;
}

document.documentElement.lang = lang;
