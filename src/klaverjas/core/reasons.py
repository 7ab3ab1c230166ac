"""Refusal reasons in words, Dutch and English (docs/rules.md §3).

The refusal sentences live here in the core, beside :func:`klaverjas.core.refusal` that picks
their codes, rather than in a text layer above: the core's ``Refusal.text`` must speak, and the
core imports nothing above itself; every front end (command line, web, lessons, bots) shows the
same engine's reason in the same words; and a new refusal code cannot ship without its sentence,
since code and sentence change together in the core and tests/test_texts.py checks every code.  The mechanism
(:mod:`klaverjas.core.texts`) is the one every layer uses; only the table is the core's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from . import texts
from .cards import cards_of
from .texts import (
    LANGS,
    Table,
    Text,
    card_label,
    card_words,
    cards_or,
    check_lang,
    entry,
    phrase,
    phrase_all,
    seat_words,
    suit_words,
)

if TYPE_CHECKING:
    from .play import Refusal

# One sentence per refusal code.  Facts: c_card (the refused card), s_led, s_trump, c_win (the card
# heading the trick), who (the player heading it) and only (the cards that may be played).
REFUSALS: Table = {
    "not_in_hand": entry("You do not hold {c_card}.", "Je hebt {c_card} niet."),
    "trump_led_follow": entry(
        "Trump ({s_trump}) was led and you hold trumps, so you must play a trump: {only}.",
        "Er is troef ({s_trump}) gevraagd en je hebt troef, dus je moet troef bekennen: {only}."),
    "trump_led_go_higher": entry(
        "Trump was led; {who} is highest with {c_win} and you can go over it, so you must play a higher trump "
        "(even over your partner): {only}.",
        "Er is troef gevraagd; {who} ligt hoog met {c_win} en jij kunt daar overheen, dus je moet hoger troeven "
        "(ook over je maat): {only}."),
    "follow_suit": entry("You hold {s_led}, so you must follow suit: {only}.",
                         "Je hebt {s_led}, dus je moet bekennen: {only}."),
    "follow_or_trump": entry("You hold {s_led}, so you must follow suit or play a trump: {only}.",
                             "Je hebt {s_led}, dus je moet bekennen of troeven: {only}."),
    "head_plain": entry(
        "No trump is in the trick and {who} is winning with {c_win}; you can beat it, so you must head the trick "
        "(even over your partner): {only}.",
        "Er ligt geen troef en {who} ligt hoog met {c_win}; jij kunt die slaan, dus je moet de slag nemen (ook van "
        "je maat): {only}."),
    "must_trump": entry("You have no {s_led}; {who} is winning with {c_win}, so you must trump: {only}.",
                        "Je hebt geen {s_led}; {who} ligt hoog met {c_win}, dus je moet introeven: {only}."),
    "must_trump_partner": entry(
        "You have no {s_led}; even though {who} is winning, under these rules you must trump: {only}.",
        "Je hebt geen {s_led}; ook al ligt {who} hoog, in deze regels moet je introeven: {only}."),
    "must_overtrump": entry(
        "You have no {s_led}; {who} is winning with {c_win}, which is trump, so you must overtrump: {only}.",
        "Je hebt geen {s_led}; {who} ligt hoog met {c_win}, en dat is troef, dus je moet overtroeven: {only}."),
    "must_overtrump_partner": entry(
        "You have no {s_led}; {who} is winning with {c_win}, which is trump; under these rules you must still "
        "trump, higher if you can: {only}.",
        "Je hebt geen {s_led}; {who} ligt hoog met {c_win}, en dat is troef; in deze regels moet je toch troeven "
        "en overtroeven als je kunt: {only}."),
    "must_undertrump": entry(
        "You have no {s_led} and cannot go over {c_win}; under these rules you must still play a trump "
        "(undertrumping is compulsory): {only}.",
        "Je hebt geen {s_led} en kunt niet over {c_win} heen; in deze regels moet je toch troeven (ondertroeven is "
        "verplicht): {only}."),
    "no_undertrump": entry(
        "You have no {s_led}; {who} is winning with {c_win}, which is trump; you cannot overtrump, and you may not "
        "undertrump while you hold other cards: {only}.",
        "Je hebt geen {s_led}; {who} ligt hoog met {c_win}, en dat is troef; je kunt niet overtroeven, en "
        "ondertroeven mag niet zolang je andere kaarten hebt: {only}."),
    "no_undertrump_partner": entry(
        "You have no {s_led}; {who} is winning with {c_win}, which is trump; you may discard or overtrump, but you "
        "may not undertrump while you hold other cards: {only}.",
        "Je hebt geen {s_led}; {who} ligt hoog met {c_win}, en dat is troef; je mag een andere kaart bijgooien of "
        "overtroeven, maar ondertroeven mag niet zolang je andere kaarten hebt: {only}."),
}

# The parts the sentences are built of: who heads the trick, and which cards may be played.
REFUSAL_PARTS: Table = {
    "who_seat": entry("{seat}", "{seat}"),
    "who_partner_seat": entry("your partner {seat}", "je maat {seat}"),
    "who_partner": entry("your partner", "je maat"),
    "who_opponent": entry("the opponent", "de tegenpartij"),
    "only_one": entry("only {c_card} does", "alleen {c_card} mag"),
    "only_many": entry("you may play {cards}", "je mag {cards} spelen"),
}


# What a deal refuses besides a card: the trump selection's calls, claims, renege calls, a finished deal.  Parts
# of a sentence, as the errors' messages were; a front end that shows one alone makes its first letter upper case.
CALL_REFUSALS: Table = {
    "trump_chosen": entry("trump has already been chosen", "de troef is al gekozen"),
    "trump_not_chosen": entry("trump has not been chosen yet", "er is nog geen troef gekozen"),
    "must_choose": entry("{seat_en} must choose a suit now: passing is no longer possible",
                         "{seat_nl} moet nu een kleur kiezen: passen kan niet meer"),
    "must_name": entry("{seat_en} must name a suit now", "{seat_nl} moet nu een kleur noemen"),
    "must_name_other": entry("{seat_en} must name a suit now other than {s_suit}",
                             "{seat_nl} moet nu een andere kleur dan {s_suit} noemen"),
    "passed_suit": entry("everyone passed on {s_suit}: a different suit must be chosen",
                         "iedereen heeft op {s_suit} gepast: er moet een andere kleur gekozen worden"),
    "suit_on_offer": entry("the suit on offer is {s_suit}: say play or pass",
                           "de voorgestelde kleur is {s_suit}: zeg spelen of passen"),
    "no_suit_on_offer": entry("there is no suit on offer: choose a suit or pass",
                              "er is geen kleur voorgesteld: kies een kleur of pas"),
    "not_possible": entry("{action} is not possible now", "{action} kan nu niet"),
    "nothing_to_undo": entry("nothing to undo in the trump selection",
                             "er valt bij het troef kiezen niets terug te nemen"),
    "deal_over": entry("the deal is over", "het spel is uit"),
    "deal_not_over": entry("the deal is not over", "het spel is nog niet uit"),
    "not_held": entry("{seat} does not hold {card}", "{seat} heeft {card} niet"),
    "no_card_to_undo": entry("no card to undo", "er is geen kaart om terug te nemen"),
    "roem_counted": entry("roem is counted automatically under these rules; nothing to claim",
                          "in deze regels wordt roem vanzelf geteld; er valt niets te melden"),
    "no_roem_in_trick": entry("the last trick holds no roem", "in de laatste slag zit geen roem"),
    "roem_too_late": entry("the roem of the last trick can no longer be claimed",
                           "de roem van de laatste slag kan niet meer gemeld worden"),
    "roem_theirs": entry("the roem belongs to {team_en}, who won the trick",
                         "de roem is van {team_nl}, die de slag won"),
    "roem_amount": entry("the last trick holds {roem} roem, not {amount}",
                         "in de laatste slag zit {roem} roem, niet {amount}"),
    "no_renege_rules": entry("illegal cards are refused under these rules, so nobody can renege",
                             "in deze regels worden verkeerde kaarten geweigerd, dus niemand kan verzaken"),
    "renege_called": entry("a renege has already been called", "er is al verzaakt geroepen"),
    "no_renege": entry("no renege by {team_en} in this deal", "{team_nl} heeft in dit spel niet verzaakt"),
}


def seat_facts(seat: int) -> dict[str, str]:
    """A seat as the facts ``seat_en`` / ``seat_nl``: North, Oost."""
    return {f"seat_{lang}": seat_words(seat, lang) for lang in LANGS}


def team_facts(team: int) -> dict[str, str]:
    """A team as the facts ``team_en`` / ``team_nl``: North-South, Oost-West."""
    return {f"team_{lang}": f"{seat_words(team, lang)}-{seat_words(team + 2, lang)}" for lang in LANGS}


class ReasonedError(ValueError):
    """A refusal a person can meet: the message in English, ``text`` the same in every language.  Made
    from a plain string it is a program's malformed input, said in English only (``text`` is None)."""

    def __init__(self, reason: str | Text) -> None:
        self.text: Text | None = None if isinstance(reason, str) else reason
        super().__init__(reason if isinstance(reason, str) else reason["en"])

    @classmethod
    def of_call(cls, key: str, **facts: Any) -> Self:
        """The refusal ``key`` of :data:`CALL_REFUSALS` with its facts."""
        return cls(phrase_all(CALL_REFUSALS, key, **facts))


def _only(allowed: int, lang: str) -> str:
    cards = cards_of(allowed)
    if len(cards) == 1:
        return phrase(REFUSAL_PARTS, "only_one", lang, c_card=cards[0])
    return phrase(REFUSAL_PARTS, "only_many", lang, cards=cards_or(cards, lang))


def _who(r: Refusal, lang: str) -> str:
    if r.win_seat >= 0:
        key = "who_partner_seat" if r.partner_winning else "who_seat"
        return phrase(REFUSAL_PARTS, key, lang, seat=seat_words(r.win_seat, lang))
    return phrase(REFUSAL_PARTS, "who_partner" if r.partner_winning else "who_opponent", lang)


def render(r: Refusal, lang: str = "en") -> str:
    """The refusal in words: why the card may not be played, and which cards may."""
    check_lang(lang)
    if r.code not in REFUSALS:
        raise AssertionError(f"no text for refusal code {r.code}")
    facts: dict[str, Any] = {"c_card": r.card, "s_trump": r.trump}
    if r.led >= 0:
        facts["s_led"] = r.led
    if r.win >= 0:
        facts.update(c_win=r.win, who=_who(r, lang))
    if r.allowed:
        facts["only"] = _only(r.allowed, lang)
    return texts.render(REFUSALS, r.code, lang, **facts)


__all__ = ["LANGS", "REFUSALS", "REFUSAL_PARTS", "CALL_REFUSALS", "ReasonedError", "seat_facts", "team_facts", "render",
           "card_words", "card_label", "suit_words", "seat_words"]
