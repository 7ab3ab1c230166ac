"""Refusal reasons in words, Dutch and English (RULES.md section 3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import cards_of

if TYPE_CHECKING:
    from .play import Refusal

LANGS = ("en", "nl")

_RANK_WORDS = {
    "en": ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    "nl": ("zeven", "acht", "negen", "tien", "boer", "vrouw", "heer", "aas"),
}
_SUIT_WORDS = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "nl": ("klaveren", "ruiten", "harten", "schoppen"),
}
_SEAT_WORDS = {
    "en": ("North", "East", "South", "West"),
    "nl": ("Noord", "Oost", "Zuid", "West"),
}


def card_words(card: int, lang: str = "en") -> str:
    """``the queen of hearts`` / ``harten vrouw``."""
    rank, suit = _RANK_WORDS[lang][card & 7], _SUIT_WORDS[lang][card >> 3]
    return f"the {rank} of {suit}" if lang == "en" else f"{suit} {rank}"


def card_label(card: int, lang: str = "en") -> str:
    """Accessible name of a card button: ``Jack of hearts`` / ``Harten boer``."""
    words = card_words(card, lang)
    words = words[4:] if lang == "en" else words
    return words[0].upper() + words[1:]


def suit_words(suit: int, lang: str = "en") -> str:
    return _SUIT_WORDS[lang][suit]


def seat_words(seat: int, lang: str = "en") -> str:
    return _SEAT_WORDS[lang][seat]


def _only(allowed: int, lang: str) -> str:
    cards = [card_words(c, lang) for c in cards_of(allowed)]
    if lang == "nl":
        if len(cards) == 1:
            return f"alleen {cards[0]} mag"
        return "je mag " + ", ".join(cards[:-1]) + " of " + cards[-1] + " spelen"
    if len(cards) == 1:
        return f"only {cards[0]} does"
    return "you may play " + ", ".join(cards[:-1]) + " or " + cards[-1]


def render(r: Refusal, lang: str = "en") -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected en or nl")
    nl = lang == "nl"
    led = suit_words(r.led, lang) if r.led >= 0 else ""
    trump = suit_words(r.trump, lang)
    win = card_words(r.win, lang) if r.win >= 0 else ""
    only = _only(r.allowed, lang) if r.allowed else ""
    if r.win_seat >= 0:
        who = seat_words(r.win_seat, lang)
        if r.partner_winning:
            who = f"je maat {who}" if nl else f"your partner {who}"
    else:
        mate, opponent = ("je maat", "de tegenpartij") if nl else ("your partner", "the opponent")
        who = mate if r.partner_winning else opponent
    code = r.code
    if code == "not_in_hand":
        return f"Je hebt {card_words(r.card, lang)} niet." if nl else f"You do not hold {card_words(r.card, lang)}."
    if code == "trump_led_follow":
        return (f"Er is troef ({trump}) gevraagd en je hebt troef, dus je moet troef bekennen: {only}."
                if nl else f"Trump ({trump}) was led and you hold trumps, so you must play a trump: {only}.")
    if code == "trump_led_go_higher":
        return (f"Er is troef gevraagd; {who} ligt hoog met {win} en jij kunt daar overheen, "
                f"dus je moet hoger troeven (ook over je maat): {only}." if nl else
                f"Trump was led; {who} is highest with {win} and you can go over it, "
                f"so you must play a higher trump (even over your partner): {only}.")
    if code == "follow_suit":
        return (f"Je hebt {led}, dus je moet bekennen: {only}." if nl
                else f"You hold {led}, so you must follow suit: {only}.")
    if code == "follow_or_trump":
        return (f"Je hebt {led}, dus je moet bekennen of troeven: {only}." if nl
                else f"You hold {led}, so you must follow suit or play a trump: {only}.")
    if code == "head_plain":
        return (f"Er ligt geen troef en {who} ligt hoog met {win}; jij kunt die slaan, dus je moet "
                f"de slag nemen (ook van je maat): {only}." if nl else
                f"No trump is in the trick and {who} is winning with {win}; you can beat it, so you must "
                f"head the trick (even over your partner): {only}.")
    if code == "must_trump":
        return (f"Je hebt geen {led}; {who} ligt hoog met {win}, dus je moet introeven: {only}." if nl
                else f"You have no {led}; {who} is winning with {win}, so you must trump: {only}.")
    if code == "must_trump_partner":
        return (f"Je hebt geen {led}; ook al ligt {who} hoog, in deze regels moet je introeven: {only}." if nl
                else f"You have no {led}; even though {who} is winning, under these rules you must trump: {only}.")
    if code == "must_overtrump":
        return (f"Je hebt geen {led}; {who} ligt hoog met {win}, en dat is troef, dus je moet overtroeven: {only}."
                if nl else
                f"You have no {led}; {who} is winning with {win}, which is trump, so you must overtrump: {only}.")
    if code == "must_overtrump_partner":
        return (f"Je hebt geen {led}; {who} ligt hoog met {win}, en dat is troef; in deze regels moet je toch "
                f"troeven en overtroeven als je kunt: {only}." if nl else
                f"You have no {led}; {who} is winning with {win}, which is trump; under these rules you must "
                f"still trump, higher if you can: {only}.")
    if code == "must_undertrump":
        return (f"Je hebt geen {led} en kunt niet over {win} heen; in deze regels moet je toch troeven "
                f"(ondertroeven is verplicht): {only}." if nl else
                f"You have no {led} and cannot go over {win}; under these rules you must still play a trump "
                f"(undertrumping is compulsory): {only}.")
    if code == "no_undertrump":
        return (f"Je hebt geen {led}; {who} ligt hoog met {win}, en dat is troef; je kunt niet overtroeven, en "
                f"ondertroeven mag niet zolang je andere kaarten hebt: {only}." if nl else
                f"You have no {led}; {who} is winning with {win}, which is trump; you cannot overtrump, and you "
                f"may not undertrump while you hold other cards: {only}.")
    if code == "no_undertrump_partner":
        return (f"Je hebt geen {led}; {who} ligt hoog met {win}, en dat is troef; je mag een andere kaart "
                f"bijgooien of overtroeven, maar ondertroeven mag niet zolang je andere kaarten hebt: {only}."
                if nl else
                f"You have no {led}; {who} is winning with {win}, which is trump; you may discard or "
                f"overtrump, but you may not undertrump while you hold other cards: {only}.")
    raise AssertionError(f"no text for refusal code {code}")
