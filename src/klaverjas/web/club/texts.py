"""Every refusal of the club's evening and API, in every language (:mod:`klaverjas.core.texts`).

A refusal is a key of :data:`TEXTS` with its facts; :func:`say` renders it in every language.  A fact
whose name ends in ``_en`` / ``_nl`` is already in that language (an inner refusal wrapped in an outer
one passes both).  The texts are parts of sentences, lower case first, as the API has always answered
them in English (``detail``); the error body carries them per language as ``reason``.
"""

from __future__ import annotations

from typing import Any

from klaverjas.core.texts import LANGS, Table, Text, entry, fill

TEXTS: Table = {
    # -- the evening's settings --------------------------------------------------------------------------
    "format": entry("format must be {choices_en}, not {value}", "de vorm moet {choices_nl} zijn, niet {value}"),
    "movement": entry("movement must be {choices_en}, not {value}",
                      "de wisseling moet {choices_nl} zijn, niet {value}"),
    "movement_pairs": entry("a movement of fixed pairs needs the pairs format",
                            "een wisseling van vaste paren kan alleen bij vaste paren"),
    "rounds": entry("an evening has 1 to {most} rounds, not {value}",
                    "een avond heeft 1 tot {most} rondes, niet {value}"),
    "rules": entry("rules must be {choices_en} for a club evening, not {value}",
                   "de regels moeten {choices_nl} zijn voor een clubavond, niet {value}"),
    "match_end": entry("a round ends after deals:N or at points:N, not {value}",
                       "een ronde eindigt na deals:N of bij points:N, niet {value}"),
    "match_end_sa": entry("a South African round ends at strokes:N, not {value}",
                          "een Zuid-Afrikaanse ronde eindigt bij strokes:N, niet {value}"),
    "sheet_settings": entry("{detail_en}", "de instellingen van de lijst kloppen niet: {detail_nl}"),
    "bye_kind": entry("bye score must be {choices_en}, not {value}",
                      "de score bij vrij moet {choices_nl} zijn, niet {value}"),
    "bye_points": entry("a fixed bye score must be a whole number 0 or more, not {value}",
                        "een vaste score bij vrij moet een heel getal van 0 of meer zijn, niet {value}"),
    "bye_strokes": entry("a fixed bye score of a South African evening is in strokes: 0 to {most}, not {value}",
                         "een vaste score bij vrij is bij Zuid-Afrikaans in streken: 0 tot {most}, niet {value}"),
    "prize_number": entry("prize formula: {name} must be a whole number 0 or more, not {value}",
                          "prijsformule: {name} moet een heel getal van 0 of meer zijn, niet {value}"),
    "field_size": entry("a field cannot have {n} entrants", "een veld kan geen {n} deelnemers hebben"),
    "season_best": entry("at least one evening must count, not {n}", "er moet minstens één avond tellen, niet {n}"),
    "stored_version": entry("stored evening has format version {version}; this program reads {reads}",
                            "de opgeslagen avond heeft versie {version}; dit programma leest {reads}"),
    "stored_round": entry("stored round {k} is numbered {number}", "opgeslagen ronde {k} heeft nummer {number}"),
    "stored_invalid": entry("stored evening is not valid: {detail_en}",
                            "de opgeslagen avond is niet geldig: {detail_nl}"),
    # -- who is present ----------------------------------------------------------------------------------
    "name": entry("a name needs 1 to {most} characters", "een naam heeft 1 tot {most} tekens nodig"),
    "signed_in": entry("{name} is already signed in", "{name} is al aangemeld"),
    "pair_players": entry("pair {name} needs the names of its two players",
                          "paar {name} heeft de namen van zijn twee spelers nodig"),
    "pair_twice": entry("pair {name} lists {player} twice", "paar {name} noemt {player} twee keer"),
    "pair_taken": entry("{player} already plays in pair {pair}", "{player} speelt al in paar {pair}"),
    "alone": entry("players of an individual evening sign in alone; partners are drawn",
                   "bij een individuele avond meldt iedereen zich alleen aan; de maat wordt geloot"),
    "not_signed_in": entry("{name} is not signed in", "{name} is niet aangemeld"),
    "leave_table": entry("{name} plays at table {table} in round {round}; leave once the round is closed",
                         "{name} speelt aan tafel {table} in ronde {round}; naar huis kan pas als de ronde "
                         "gesloten is"),
    "leave_bye": entry("{name} has a bye in round {round}; leave once the round is closed",
                       "{name} is vrij in ronde {round}; naar huis kan pas als de ronde gesloten is"),
    # -- the draw ----------------------------------------------------------------------------------------
    "table_numbers": entry("round {round}: tables must be numbered 1 to {n} in order",
                           "ronde {round}: de tafels moeten op volgorde 1 tot {n} genummerd zijn"),
    "side_size": entry("round {round}: {place_en} has a side of {size}; each side needs {need}",
                       "ronde {round}: {place_nl} heeft een kant van {size}; elke kant heeft er {need} nodig"),
    "twice_at": entry("round {round}: {name} is twice at {place_en}", "ronde {round}: {name} staat twee keer bij "
                      "{place_nl}"),
    "both_at": entry("round {round}: {name} is both at {seen_en} and at {place_en}",
                     "ronde {round}: {name} staat zowel bij {seen_nl} als bij {place_nl}"),
    "not_present": entry("round {round}: {name} is not present", "ronde {round}: {name} is niet aanwezig"),
    "unplaced": entry("round {round}: {name} is present but neither seated nor on a bye",
                      "ronde {round}: {name} is aanwezig maar zit nergens aan tafel en is niet vrij"),
    "two_sides": entry("each table has two sides", "elke tafel heeft twee kanten"),
    "listed_twice": entry("{name} is listed twice among the {what_en}", "{name} staat twee keer bij de {what_nl}"),
    "four_players": entry("a table needs four players; {n} present", "een tafel heeft vier spelers nodig; er zijn er "
                          "{n}"),
    "two_pairs": entry("a table needs two pairs; {n} present", "een tafel heeft twee paren nodig; er zijn er {n}"),
    # -- rounds ------------------------------------------------------------------------------------------
    "closed": entry("the evening is closed; nothing can change any more",
                    "de avond is gesloten; er kan niets meer veranderen"),
    "still_playing": entry("round {n} is still being played: close it before drawing round {next}",
                           "ronde {n} wordt nog gespeeld: sluit die af voordat je ronde {next} loot"),
    "all_drawn": entry("the evening has {n:# round|# rounds}; all are drawn",
                       "de avond heeft {n:# ronde|# rondes}; ze zijn alle geloot"),
    "cannot_draw": entry("round {n} cannot be drawn: {detail_en}", "ronde {n} kan niet geloot worden: {detail_nl}"),
    "not_drawn": entry("round {n} has not been drawn ({drawn_en})", "ronde {n} is nog niet geloot ({drawn_nl})"),
    "not_drawn_short": entry("round {n} has not been drawn", "ronde {n} is nog niet geloot"),
    "drawn_so_far": entry("rounds 1 to {n} are drawn", "rondes 1 tot {n} zijn geloot"),
    "none_drawn": entry("no round is drawn yet", "er is nog geen ronde geloot"),
    "no_table": entry("round {round} has no table {table} (it has tables 1 to {n})",
                      "ronde {round} heeft geen tafel {table} (er zijn tafels 1 tot {n})"),
    "not_current": entry("round {n} is not the round being played", "ronde {n} is niet de ronde die gespeeld wordt"),
    "missing_one": entry("round {n} cannot close: table {tables} has no complete result",
                         "ronde {n} kan niet sluiten: tafel {tables} heeft geen volledige uitslag"),
    "missing_many": entry("round {n} cannot close: tables {tables} have no complete result",
                          "ronde {n} kan niet sluiten: tafels {tables} hebben geen volledige uitslag"),
    "close_first": entry("round {n} is still being played; close it first", "ronde {n} wordt nog gespeeld; sluit die "
                         "eerst af"),
    "none_played": entry("no round has been played", "er is nog geen ronde gespeeld"),
    # -- a table's result --------------------------------------------------------------------------------
    "two_totals": entry("table {table} of round {round}: give two whole-number totals",
                        "tafel {table} van ronde {round}: geef twee hele getallen als totaal"),
    "totals_range": entry("table {table} of round {round}: totals must be 0 to {most}",
                          "tafel {table} van ronde {round}: totalen moeten tussen 0 en {most} liggen"),
    "strokes_result": entry("table {table} of round {round}: a South African result is strokes, one side {target} "
                            "or {more} and the other under {target}",
                            "tafel {table} van ronde {round}: een Zuid-Afrikaanse uitslag is in streken, één kant "
                            "{target} of {more} en de andere onder {target}"),
    "too_many_deals": entry("table {table} of round {round} entered {n} deals; a round has {limit}",
                            "tafel {table} van ronde {round} voerde {n} spellen in; een ronde heeft er {limit}"),
    "sheet_refused": entry("table {table} of round {round}: {detail_en}",
                           "tafel {table} van ronde {round}: {detail_nl}"),
    "closed_round_incomplete": entry("round {round} is closed: table {table} needs a complete result",
                                     "ronde {round} is gesloten: tafel {table} moet een volledige uitslag houden"),
    "typed": entry("the organiser typed the totals of table {table}; ask the organiser to change them",
                   "de organisator heeft de totalen van tafel {table} ingevoerd; vraag de organisator ze te "
                   "veranderen"),
    "no_deal": entry("the sheet has no deal {n} (it has {count})", "de lijst heeft geen spel {n} (er zijn er {count})"),
    # -- who is asking -----------------------------------------------------------------------------------
    "intent": entry("a request that changes something must send the header X-Klaverjas: 1",
                    "een verzoek dat iets verandert moet de kop X-Klaverjas: 1 meesturen"),
    "no_token": entry("send the club's link token as the header Authorization: Bearer <token>",
                      "stuur het token van de clublink mee als de kop Authorization: Bearer <token>"),
    "bad_token": entry("this token does not open club {club}", "dit token opent club {club} niet"),
    "not_a_table": entry("this is not a table's link (or the evening was deleted); scan the table's QR code again",
                         "dit is geen link van een tafel (of de avond is verwijderd); scan de QR-code van de tafel "
                         "opnieuw"),
    "public_link": entry("the public link can only look; changes need the organiser link",
                         "met de openbare link kun je alleen kijken; veranderen kan met de organisatorlink"),
    "round_gone": entry("round {round} of this evening is no longer there", "ronde {round} van deze avond is er niet "
                        "meer"),
    "table_gone": entry("round {round} has no table {table}", "ronde {round} heeft geen tafel {table}"),
    # -- the store (404, 409) ----------------------------------------------------------------------------
    "no_club": entry("club {club} does not exist", "club {club} bestaat niet"),
    "no_member": entry("the club has no member {n}", "de club heeft geen lid {n}"),
    "no_season": entry("the club has no season {n}", "de club heeft geen seizoen {n}"),
    "no_evening": entry("the club has no evening {n}", "de club heeft geen avond {n}"),
    "member_exists": entry("the club already has a member called {name}", "de club heeft al een lid met de naam "
                           "{name}"),
    # -- request bodies the schema refuses ---------------------------------------------------------------
    "invalid": entry("invalid request: {detail}", "ongeldig verzoek: {detail}"),
}

# What the club's page calls a place in a round, and the sets of entrants.
PLACES: dict[str, Text] = {
    "table": entry("table {n}", "tafel {n}"),
    "byes": entry("the bye list", "de vrije lijst"),
    "players": entry("players", "spelers"),
    "pairs": entry("pairs", "paren"),
    "or": entry("or", "of"),
}

# The score keeper's field and conflict codes (klaverjas.web.keeper.sheet), in Dutch as its page says them; the
# English is the keeper's own message.
KEEPER_NL: dict[str, str] = {
    "points_range": "kaartpunten moeten tussen 0 en {total} liggen",
    "points_sum": "de punten samen moeten {total} zijn",
    "points_sum_stopped": "samen kunnen het niet meer dan {total} punten zijn",
    "points_missing": "vul de punten van een van beide teams in",
    "roem_multiple": "roem is altijd een tiental (20, 50, 100, …)",
    "roem_range": "roem moet tussen 0 en 2000 liggen",
    "pit_points": "pit betekent alle {total} punten voor dat team",
    "makers_missing": "kies welk team speelt",
    "makers_sa": "Zuid-Afrikaans heeft geen spelend team",
    "verzaakt_sa": "verzaken telt niet op een Zuid-Afrikaanse lijst",
    "stopped_dutch": "alleen een Zuid-Afrikaans spel stopt halverwege",
    "stopped_not_on": "niemand haalde 100, dus het spel kan niet gestopt zijn",
    "match_over": "de partij is afgelopen: er kan geen spel meer bij",
    "match_over_earlier": "met deze correctie is de partij eerder afgelopen; verwijder eerst de latere spellen",
    "match_end_kind": "kies een geldig einde",
    "match_end_number": "kies een geldig einde",
    "rules_unknown": "onbekende regels",
    "first_dealer_range": "de eerste gever is stoel 0 tot 3",
    "score_error": "dit spel kan zo niet gescoord worden",
}


def say(key: str, **facts: Any) -> Text:
    """The refusal ``key`` with its facts, in every language."""
    # Not core.texts.phrase: its own parameters (table, key, lang) are facts here too ("table 2").
    return {lang: fill(TEXTS[key][lang], lang, facts) for lang in LANGS}


def place(key: str, **facts: Any) -> dict[str, str]:
    """A place or a word as ``<name>_en`` / ``<name>_nl`` facts is made by :func:`both`."""
    return {lang: PLACES[key][lang].format(**facts) for lang in LANGS}


def both(name: str, text: Text) -> dict[str, str]:
    """``text`` as the facts ``name_en`` and ``name_nl`` of another text."""
    return {f"{name}_{lang}": text[lang] for lang in LANGS}


def choices(values: tuple[str, ...]) -> dict[str, str]:
    """``a, b or c`` in every language, as the facts ``choices_en`` / ``choices_nl``."""
    out = {}
    for lang in LANGS:
        head, last = values[:-1], values[-1]
        out[f"choices_{lang}"] = f"{', '.join(head)} {PLACES['or'][lang]} {last}" if head else last
    return out


def keeper_reason(code: str, english: str, total: int) -> Text:
    """A refusal of the score keeper's sheet (field or conflict ``code``) in every language."""
    dutch = KEEPER_NL.get(code)
    nl = dutch.format(total=total) if dutch else f"de lijst weigert dit: {english}"
    if code == "score_error":
        nl = f"{nl} ({english})"
    return entry(en=english, nl=nl)
