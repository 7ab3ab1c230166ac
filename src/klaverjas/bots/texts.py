"""Advice sentences in English and Dutch: the bots' table of :mod:`klaverjas.core.texts`.

Templates take named facts; a fact named ``c_*`` is a card, ``s_*`` a suit and
``cs_*`` a list of cards, rendered in words for the language (``the jack of
hearts`` / ``harten boer``); a fact ending in ``_en``/``_nl`` is used by that
language's template only; anything else is printed as is.

A reason is said to the table while the deal is on only if it tells nothing of the
speaker's hidden hand: :data:`PUBLIC` lists the texts that speak of public facts alone
(the cards played, the trick, the score, what was bid aloud) apart from the cards they
name, and :func:`is_public` adds that every card named must already be on the table.
Every other text is private: the server holds it back until the deal is over.
"""

from __future__ import annotations

from typing import Any

from ..core import texts
from ..core.texts import LANGS, Table, Text, entry, seat_words

TEXTS: Table = {
    # --- trump -------------------------------------------------------------
    "trump_jack_nel_ace": entry(
        "{verb_en}: you hold {c_jack}, the nel ({c_nel}) and {c_ace}.",
        "{verb_nl}: je hebt {c_jack}, de nel ({c_nel}) en {c_ace}."),
    "trump_jack_ace_four": entry(
        "{verb_en}: you hold {c_jack}, {c_ace} and {n} trumps in {s_suit}.",
        "{verb_nl}: je hebt {c_jack}, {c_ace} en {n} troeven in {s_suit}."),
    "trump_six": entry(
        "{verb_en}: you hold {n} cards of {s_suit}, six or more trumps are enough to play.",
        "{verb_nl}: je hebt {n} kaarten in {s_suit}; zes of meer troeven is genoeg om te spelen."),
    "trump_weak": entry(
        "{verb_en}: with {s_suit} as trump you would hold {n:# trump|# trumps}{missing_en}; that is not the jack, "
        "the nel and an ace, nor the jack, an ace and four trumps, nor six trumps.",
        "{verb_nl}: met {s_suit} als troef heb je {n:# troef|# troeven}{missing_nl}; dat is niet de boer, de nel en "
        "een aas, niet de boer, een aas en vier troeven, en ook geen zes troeven."),
    "pass_weak": entry(
        "Pass: no suit gives you the jack, the nel and an ace, the jack, an ace and four trumps, or six trumps.",
        "Passen: in geen kleur heb je de boer, de nel en een aas, de boer, een aas en vier troeven, of zes "
        "troeven."),
    "pass_forgo": entry(
        "Pass: you give up playing in {s_best}, where you hold enough to play.",
        "Passen: je laat {s_best} schieten, terwijl je daar genoeg hebt om te spelen."),
    "forced_best": entry(
        "Choose {s_suit}: you must name a suit, and {s_suit} is your longest and strongest with {n} cards"
        "{top_en}.",
        "Kies {s_suit}: je moet een kleur noemen, en {s_suit} is je langste en sterkste met {n} kaarten"
        "{top_nl}."),
    "forced_other": entry(
        "Choose {s_suit}: you must name a suit; you hold {n} cards of {s_suit}, fewer or weaker than in "
        "{s_best}.",
        "Kies {s_suit}: je moet een kleur noemen; je hebt {n} kaarten in {s_suit}, minder of zwakker dan in "
        "{s_best}."),
    # --- leading -------------------------------------------------------------
    "draw_top": entry(
        "Lead {c_card}: your team plays, it is the highest trump left, and {n:# trump is|# trumps are} still out: "
        "draw them.",
        "Kom uit met {c_card}: jullie spelen, het is de hoogste troef die nog in het spel is, en er "
        "{n:zit nog # troef|zitten nog # troeven} buiten: trek ze."),
    "draw_low": entry(
        "Lead {c_card}: your team plays and {n:# trump is|# trumps are} still out; you do not hold the highest "
        "trump ({c_top}), so draw with a low one.",
        "Kom uit met {c_card}: jullie spelen en er {n:zit nog # troef|zitten nog # troeven} buiten; de hoogste "
        "troef ({c_top}) heb je niet, dus trek met een lage."),
    "cash_shortest": entry(
        "Lead {c_card}: it is the highest card of {s_suit} left and {s_suit} is your shortest suit.",
        "Kom uit met {c_card}: het is de hoogste {s_suit} die nog in het spel is en {s_suit} is je kortste "
        "kleur."),
    "cash": entry(
        "Lead {c_card}: it is the highest card of {s_suit} left; of the suits in which you hold the top card, "
        "{s_suit} is the shortest.",
        "Kom uit met {c_card}: het is de hoogste {s_suit} die nog in het spel is; van de kleuren waarin je de "
        "hoogste kaart hebt, is {s_suit} de kortste."),
    "cash_longer": entry(
        "{c_card} is the highest card of {s_suit} left too, but {s_suit} is a longer suit: cash the shorter "
        "suit first.",
        "{c_card} is ook de hoogste {s_suit} die nog in het spel is, maar {s_suit} is langer: haal eerst de "
        "kortere kleur op."),
    "cash_ruffed": entry(
        "{c_card} is the highest card of {s_suit} left, but {seat_en} has shown no {s_suit} and may trump it.",
        "{c_card} is de hoogste {s_suit} die nog in het spel is, maar {seat_nl} bekende geen {s_suit} en kan "
        "hem introeven."),
    "to_partner": entry(
        "Lead {c_card}: your partner signalled {signal_en} in {s_suit}, so lead that suit to them.",
        "Kom uit met {c_card}: je maat seinde {signal_nl} in {s_suit}, dus speel die kleur naar je maat."),
    "lead_low": entry(
        "Lead {c_card}: you have no sure winner to cash, and a low card gives away the fewest points ({p}).",
        "Kom uit met {c_card}: je hebt geen vaste slag om op te halen, en een lage kaart geeft de minste punten "
        "weg ({p})."),
    "lead_exposed": entry(
        "{c_card} is not the highest card of {s_suit} left ({c_top} is still out), so leading it risks {p} "
        "points.",
        "{c_card} is niet de hoogste {s_suit} ({c_top} zit nog buiten), dus uitkomen ermee kost mogelijk {p} "
        "punten."),
    "partner_stop": entry(
        "{c_card}: your partner signalled not to lead {s_suit}.",
        "{c_card}: je maat seinde dat je geen {s_suit} moet spelen."),
    "trump_defending": entry(
        "{c_card} is a trump: leading trumps as a defender helps the playing team draw them.",
        "{c_card} is troef: als tegenpartij troef spelen helpt de spelers hun troeven te trekken."),
    "trump_keep": entry(
        "{c_card} is a trump: keep it for drawing or trumping later.",
        "{c_card} is troef: bewaar die om later troef te trekken of in te troeven."),
    "lead_other": entry(
        "{c_card} gives away {p:# point|# points} if the opponents take the trick.",
        "{c_card} geeft {p:# punt|# punten} weg als de tegenpartij de slag neemt."),
    # --- following -----------------------------------------------------------
    "roem_ours": entry(
        "Play {c_card}: your side wins this trick and the card makes {r} roem in it.",
        "Speel {c_card}: jullie winnen deze slag en deze kaart maakt er {r} roem in."),
    "win_sure": entry(
        "Play {c_card}: it wins this trick for sure ({sure_en}){cheap_en}; the trick is worth {p:# point|# points} "
        "so far.",
        "Speel {c_card}: die wint deze slag zeker ({sure_nl}){cheap_nl}; de slag is tot nu toe {p:# punt|# punten} "
        "waard."),
    "trump_in": entry(
        "Play {c_card}: you cannot follow {s_led} and the opponents are winning; a low trump is enough to take "
        "the trick.",
        "Speel {c_card}: je kunt geen {s_led} bekennen en de tegenpartij ligt hoog; een lage troef is genoeg om "
        "de slag te nemen."),
    "win_unsure": entry(
        "{c_card} heads the trick now, but {c_threat} is still out and may beat it.",
        "{c_card} ligt nu hoog, maar {c_threat} zit nog buiten en kan hem slaan."),
    "smear": entry(
        "Play {c_card}: your partner wins this trick{safe_en}, so add points: {p} for your side.",
        "Speel {c_card}: je maat wint deze slag{safe_nl}, dus gooi punten bij: {p} voor jullie."),
    "smear_none": entry(
        "Play {c_card}: your partner wins this trick{safe_en}, but this card adds no points.",
        "Speel {c_card}: je maat wint deze slag{safe_nl}, maar deze kaart levert geen punten op."),
    "signal_ace": entry(
        "Play {c_card}: your partner wins this trick; a low card of {s_suit} signals that you hold the highest "
        "card of {s_suit} ({c_top}).",
        "Speel {c_card}: je maat wint deze slag; een lage {s_suit} seint dat je de hoogste {s_suit} hebt "
        "({c_top})."),
    "signal_second": entry(
        "Play {c_card}: your partner wins this trick; discarding your highest {s_suit} signals that you also "
        "hold the next one ({c_next}), and adds {p:# point|# points}.",
        "Speel {c_card}: je maat wint deze slag; je hoogste {s_suit} bijgooien seint dat je ook de volgende "
        "({c_next}) hebt, en levert {p:# punt|# punten} op."),
    "signal_stop": entry(
        "Play {c_card}: your partner wins this trick; a face card of {s_suit} signals not to lead {s_suit} "
        "to you, and adds {p:# point|# points}.",
        "Speel {c_card}: je maat wint deze slag; een plaatje in {s_suit} seint dat je maat geen {s_suit} moet "
        "spelen (afseinen), en levert {p:# punt|# punten} op."),
    "keep_winner": entry(
        "{c_card} is the highest card of {s_suit} left: keep it to win a trick of its own.",
        "{c_card} is de hoogste {s_suit} die nog in het spel is: bewaar die voor een eigen slag."),
    "keep_trump": entry(
        "{c_card} is a high trump: keep it rather than waste it on your partner's trick.",
        "{c_card} is een hoge troef: bewaar die liever dan hem op de slag van je maat te gooien."),
    "low": entry(
        "Play {c_card}: you cannot win this trick, and it gives away the fewest points ({p}).",
        "Speel {c_card}: je kunt deze slag niet winnen, en deze kaart geeft de minste punten weg ({p})."),
    "low_partner": entry(
        "Play {c_card}: your partner leads the trick but {c_threat} may still beat it, so give little ({p}).",
        "Speel {c_card}: je maat ligt hoog maar {c_threat} kan die nog slaan, dus geef weinig ({p})."),
    "gives": entry(
        "{c_card} gives away {p:# point|# points}{roem_en} in a trick the opponents may take.",
        "{c_card} geeft {p:# punt|# punten}{roem_nl} weg in een slag die de tegenpartij kan nemen."),
    "overtake": entry(
        "{c_card} would take the trick from your partner.",
        "{c_card} zou de slag van je maat overnemen."),
    "only": entry(
        "Play {c_card}: it is your only legal card.",
        "Speel {c_card}: het is je enige kaart die mag."),
    # --- the random level and players without advice --------------------
    "random_card": entry(
        "A random choice among your {n} legal cards: this player does not think.",
        "Een willekeurige keuze uit je {n} kaarten die mogen: deze speler denkt niet na."),
    "random_trump": entry(
        "A random choice among the {n} answers you may give: this player does not think.",
        "Een willekeurige keuze uit de {n} antwoorden die je mag geven: deze speler denkt niet na."),
    "no_reason": entry(
        "The {name} player gives no reason for its choice.",
        "De speler {name} geeft geen reden voor zijn keuze."),
    # --- claims --------------------------------------------------------------
    "claim": entry(
        "Claim {r} roem: your side won the last trick and it holds {what_en}.",
        "Roem {r}: jullie wonnen de laatste slag en daarin zit {what_nl}."),
    "claim_none": entry(
        "Claim nothing: the last trick holds no roem for your side.",
        "Niets roemen: de laatste slag bevat geen roem voor jullie."),
    "claim_skip": entry(
        "Claim nothing: the {r} roem in the last trick would be lost.",
        "Niets roemen: de {r} roem in de laatste slag gaat dan verloren."),
    # --- calling a renege ----------------------------------------------------
    "call_renege": entry(
        "Verzaakt! {seat_en} played {c_card} in trick {trick}, a card the rules did not allow there.",
        "Verzaakt! {seat_nl} speelde {c_card} in slag {trick}, een kaart die daar niet mocht."),
    # --- search (strong level) -----------------------------------------------
    # {wins}: the likely deals in which, after this card, your side heads the trick and no opponent still
    # to play holds a legal card that beats it: one count, so the sentence cannot contradict itself.
    "search_best": entry(
        "With {c_card} this trick is sure for your side in {wins} of {n:# likely deal|# likely deals}, "
        "and {c_card} keeps {x_diff} points more on average than {c_next}.",
        "Met {c_card} is deze slag zeker voor jullie in {wins} van de "
        "{n:# waarschijnlijke verdeling|# waarschijnlijke verdelingen}, en "
        "{c_card} levert gemiddeld {x_diff} punten meer op dan {c_next}."),
    "search_other": entry(
        "With {c_card} this trick is sure for your side in {wins} of {n:# likely deal|# likely deals}, "
        "and {c_card} scores {x_diff} points less on average than {c_best}.",
        "Met {c_card} is deze slag zeker voor jullie in {wins} van de "
        "{n:# waarschijnlijke verdeling|# waarschijnlijke verdelingen}, en "
        "{c_card} levert gemiddeld {x_diff} punten minder op dan {c_best}."),
    # Two cards whose means differ by less than the tenth of a point the figures show.
    "search_even": entry(
        "With {c_card} this trick is sure for your side in {wins} of {n:# likely deal|# likely deals}, "
        "and {c_card} scores as much on average as {c_other}.",
        "Met {c_card} is deze slag zeker voor jullie in {wins} van de "
        "{n:# waarschijnlijke verdeling|# waarschijnlijke verdelingen}, en "
        "{c_card} levert gemiddeld evenveel op als {c_other}."),
    "search_signal": entry(
        "With {c_card} this trick is sure for your side in {wins} of {n:# likely deal|# likely deals}; it scores "
        "{x_diff} points less on average than {c_best}, little enough to give your partner a signal.",
        "Met {c_card} is deze slag zeker voor jullie in {wins} van de "
        "{n:# waarschijnlijke verdeling|# waarschijnlijke verdelingen}; het levert gemiddeld "
        "{x_diff} punten minder op dan {c_best}, weinig genoeg om je maat een sein te geven."),
    # {lead_en}/{lead_nl}: how far ahead of or behind the other team, from the "lead_*" texts (lead_words).
    "estimate_play": entry(
        "{verb_en}: with {s_suit} as trump your team is estimated to finish {lead_en} the other team (an "
        "average over solved deals with hands like yours), more than the {t} a pass is worth here.",
        "{verb_nl}: met {s_suit} als troef eindigt jullie team naar schatting {lead_nl} de tegenpartij (een "
        "gemiddelde over opgeloste spellen met zulke handen), meer dan de {t} die passen hier waard is."),
    "estimate_weak": entry(
        "{verb_en}: with {s_suit} as trump your team is estimated to finish {lead_en} the other team (an "
        "average over solved deals with hands like yours), not more than the {t} a pass is worth here.",
        "{verb_nl}: met {s_suit} als troef eindigt jullie team naar schatting {lead_nl} de tegenpartij (een "
        "gemiddelde over opgeloste spellen met zulke handen), niet meer dan de {t} die passen hier waard is."),
    "estimate_pass": entry(
        "Pass: your best trump, {s_best}, is estimated at {v} for your team, not more than the {t} a pass is "
        "worth here.",
        "Passen: je beste troefkleur, {s_best}, levert naar schatting {v} op voor jullie team, niet meer dan "
        "de {t} die passen hier waard is."),
    "estimate_forgo": entry(
        "Pass: you give up {s_best}, estimated at {v} for your team, more than the {t} a pass is worth here.",
        "Passen: je laat {s_best} schieten, naar schatting {v} voor jullie team, meer dan de {t} die passen "
        "hier waard is."),
    "estimate_forced": entry(
        "Choose {s_suit}: you must name a suit, and with {s_suit} your team is estimated to finish {lead_en} "
        "the other team (an average over solved deals with hands like yours).",
        "Kies {s_suit}: je moet een kleur noemen, en met {s_suit} eindigt jullie team naar schatting {lead_nl} "
        "de tegenpartij (een gemiddelde over opgeloste spellen met zulke handen)."),
    "lead_ahead": entry("{points:# point|# points} ahead of", "{points:# punt|# punten} voor op"),
    "lead_behind": entry("{points:# point|# points} behind", "{points:# punt|# punten} achter op"),
    "lead_level": entry("level with", "gelijk met"),
    "search_rule": entry(
        " Rule of thumb: {rule}",
        " Vuistregel: {rule}"),
    # --- said live instead of a reason that would tell of a hidden hand ---------
    "held_back": entry(
        "Reason shown after the deal.",
        "Reden volgt na het spel."),
}

# Texts that tell nothing of the speaker's hand beyond the cards they name (checked separately): the card
# just played and its points, the trick, signals and bids everyone saw, the rules.  Any text not listed
# here is private, so a new text is held back until someone decides otherwise.  Private for a reason:
# "you hold", "n trumps are still out" (says how many you hold), "your shortest suit", "your only legal
# card", "you cannot win" / "your cheapest winner" / "no opponent after you can hold a higher card" (say
# which cards you hold or lack), "may trump it" (you do not hold every trump left), every search figure
# and estimate (computed from your hand).
PUBLIC: frozenset[str] = frozenset({
    "to_partner", "partner_stop", "trump_defending", "trump_keep", "lead_other",
    "keep_winner", "keep_trump", "gives", "overtake", "random_trump", "no_reason",
    "claim", "claim_none", "claim_skip", "call_renege", "search_rule", "held_back",
})


class Reason(dict[str, str]):
    """A reason in every language (a :data:`Text`) that remembers what it says: per text it is made of,
    the text's id and the cards it names, so the server can tell whether a seat may read it now."""

    def __init__(self, text: Text, parts: tuple[tuple[str, frozenset[int]], ...]):
        super().__init__(text)
        self.parts = parts


def cards_named(facts: dict[str, Any]) -> frozenset[int]:
    """The cards among a text's facts (``c_*`` one card, ``cs_*`` a list; -1 is no card)."""
    named: set[int] = set()
    for key, value in facts.items():
        if key.startswith("c_"):
            named.add(int(value))
        elif key.startswith("cs_"):
            named.update(int(c) for c in value)
    return frozenset(c for c in named if c >= 0)


def is_public(why: Text, shown: int) -> bool:
    """Whether a reason may be said to every seat now: each of its texts is :data:`PUBLIC` and names only
    cards in ``shown`` (a mask of the cards face up on the table or already played).  A text that does not
    say what it is made of (not a :class:`Reason`) is private."""
    if not isinstance(why, Reason):
        return False
    return all(code in PUBLIC and all(shown >> c & 1 for c in cards) for code, cards in why.parts)


SIGNAL_WORDS: Table = {
    "ace": entry("the highest card", "de hoogste kaart"),
    "second": entry("the two highest cards", "de twee hoogste kaarten"),
}

SEAT_WORDS = {lang: tuple(seat_words(seat, lang) for seat in range(4)) for lang in LANGS}


def render(code: str, lang: str, **facts: Any) -> str:
    """The advice sentence ``code`` in ``lang``."""
    return texts.render(TEXTS, code, lang, **facts)


def lead_words(v: float) -> dict[str, str]:
    """The facts ``lead_en``, ``lead_nl``, ... of a finish ``v`` points ahead of the other team (behind when
    negative): "176 points ahead of" / "58 points behind" / "level with"."""
    points = round(abs(v))
    code = "lead_level" if points == 0 else "lead_ahead" if v > 0 else "lead_behind"
    return {f"lead_{lang}": texts.phrase(TEXTS, code, lang, points=points) for lang in LANGS}


def both(code: str, **facts: Any) -> Reason:
    """The sentence in every language; a template uses the facts ending in its own ``_en``/``_nl``."""
    return Reason(texts.render_all(TEXTS, code, **facts), ((code, cards_named(facts)),))


__all__ = ["LANGS", "TEXTS", "SIGNAL_WORDS", "SEAT_WORDS", "PUBLIC", "Reason", "render", "both", "lead_words",
           "cards_named", "is_public"]
