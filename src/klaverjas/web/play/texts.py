"""What a table or its socket refuses, in every language: the ``reason`` of every error frame.

An error frame's ``message`` is the English of its reason, for programs and logs; a page shows the reason
in its own language.  The deal's own refusals (a card, a call, a claim) come from the core with their words.
"""

from __future__ import annotations

from typing import Any

from klaverjas.core.reasons import ReasonedError
from klaverjas.core.texts import LANGS, Table, Text, as_sentence, entry, render_all

REFUSALS: Table = {
    # the table
    "match_over": entry("The match is over.", "De partij is afgelopen."),
    "bad_invite": entry(
        "This invitation is not valid: it was used, replaced or is for another seat than {seat_en}.",
        "Deze uitnodiging geldt niet: ze is gebruikt, vervangen of voor een andere plaats dan {seat_nl}."),
    "seat_taken": entry("Seat {seat_en} is taken.", "De plaats {seat_nl} is bezet."),
    "seat_taken_started": entry("Seat {seat_en} is taken; after the start only the host can let someone in.",
                                "De plaats {seat_nl} is bezet; na de start laat alleen de gastheer iemand binnen."),
    "seat_here": entry("Seat {seat_en} is taken by someone who is here.",
                       "Op de plaats {seat_nl} zit iemand die er is."),
    "host_invites": entry("Only the host invites.", "Alleen de gastheer nodigt uit."),
    "host_watch_link": entry("Only the host shares the spectator link.", "Alleen de gastheer deelt de kijkerslink."),
    "started": entry("The table has already started.", "De tafel is al begonnen."),
    "host_starts": entry("Only the host starts the table.", "Alleen de gastheer start de tafel."),
    "rematch_host": entry("Only the host starts another match at this table.",
                          "Alleen de gastheer begint een nieuwe partij aan deze tafel."),
    "rematch_not_over": entry("Another match at this table starts once this match is over.",
                              "Een nieuwe partij aan deze tafel begint pas als deze partij afgelopen is."),
    "rematch_friends": entry("Another match at this table is for a table with friends; against the computer, "
                             "start a new game.",
                             "Een nieuwe partij aan deze tafel is er voor een tafel met vrienden; tegen de "
                             "computer begin je een nieuw spel."),
    "again_not_over": entry("Another match with the same settings starts once this match is over.",
                            "Een nieuwe partij met dezelfde instellingen begin je als deze partij afgelopen is."),
    "again_computer": entry("Another match with the same settings is for a game against the computer; at a table "
                            "with friends the host starts it.",
                            "Een nieuwe partij met dezelfde instellingen is er voor een spel tegen de computer; "
                            "aan een tafel met vrienden begint de gastheer die."),
    "again_seat": entry("Only the player of this game starts another match: send his token as "
                        "Authorization: Bearer <token>.",
                        "Alleen de speler van dit spel begint een nieuwe partij: stuur zijn sleutel als "
                        "Authorization: Bearer <token>."),
    "no_deal": entry("There is no deal in progress.", "Er wordt geen spel gespeeld."),
    "deal_not_over": entry("The deal is not over.", "Het spel is nog niet uit."),
    # actions
    "unknown_action": entry("Unknown action type {kind}.", "Onbekend soort actie {kind}."),
    "trump_chosen": entry("Trump has already been chosen.", "De troef is al gekozen."),
    "not_your_turn_to_speak": entry("It is not your turn to speak.", "Je bent niet aan de beurt om te bieden."),
    "choose_needs_suit": entry("Choose needs a suit: C, D, H or S.", "Kiezen vraagt een kleur: C, D, H of S."),
    "bad_suit": entry("Not a suit: {detail}.", "Geen kleur: {detail}."),
    "unknown_trump_action": entry("Unknown trump action {name}: expected pass, play or choose.",
                                  "Onbekende troefkeuze {name}: verwacht pass, play of choose."),
    "card_needs_name": entry("A card is sent by its name, such as JH.", "Een kaart stuur je met haar naam, zoals JH."),
    "bad_card": entry("Not a card: {detail}.", "Geen kaart: {detail}."),
    "trump_first": entry("Trump is still being chosen: no card can be played yet.",
                         "Er wordt nog troef gekozen: er kan nog geen kaart gespeeld worden."),
    "no_card_now": entry("No card can be played now.", "Er kan nu geen kaart gespeeld worden."),
    "not_your_turn": entry("It is {seat_en}'s turn.", "{seat_nl} is aan de beurt."),
    "not_in_hand": entry("You do not hold {c_card}.", "Je hebt {c_card} niet."),
    "roem_whole": entry("Roem is a whole number.", "Roem is een heel getal."),
    "no_deal_in_play": entry("No deal is in play.", "Er is geen spel bezig."),
    "nothing_to_take_back": entry("There is no card of yours to take back in this deal.",
                                  "Er is in dit spel geen kaart van jou om terug te nemen."),
    # the tables' and games' addresses
    "no_table": entry("No table with that code.", "Geen tafel met die code."),
    "host_only": entry("Only the host can do this: send the host's token as Authorization: Bearer <token>.",
                       "Dit kan alleen de gastheer: stuur zijn sleutel als Authorization: Bearer <token>."),
    "invite_used": entry("This invitation is not valid: it was used or replaced.",
                         "Deze uitnodiging geldt niet: ze is gebruikt of vervangen."),
    "choose_seat": entry("Choose a seat, or join with the host's invitation.",
                         "Kies een plaats, of kom binnen met de uitnodiging van de gastheer."),
    "bad_rules": entry("These rules cannot be played: {detail}.", "Deze regels kunnen niet: {detail}."),
    "deal_not_finished": entry("Deal {n} is not finished.", "Spel {n} is nog niet uit."),
    # the service and the socket
    "no_game": entry("No such game.", "Dit spel bestaat niet."),
    "chat_too_fast": entry("Too many messages: wait a few seconds.", "Te veel berichten: wacht een paar seconden."),
    "chat_empty": entry("An empty message.", "Een leeg bericht."),
    "chat_too_long": entry("A chat message has at most {n} characters.", "Een chatbericht heeft hoogstens {n} tekens."),
    "hint_on_turn": entry("A hint is given when it is your turn.", "Een hint krijg je als je aan de beurt bent."),
    "watch_withdrawn": entry("The host made a new spectator link: this one no longer opens the table.",
                             "De gastheer heeft een nieuwe kijkerslink gemaakt: deze opent de tafel niet meer."),
    "foreign_origin": entry("Sockets from {origin} are not accepted here.",
                            "Verbindingen vanaf {origin} worden hier niet aangenomen."),
    "too_many_sockets": entry("At most {n} sockets open from one address.",
                              "Hoogstens {n} verbindingen open vanaf één adres."),
    "bad_token": entry("This seat token is not valid.", "Deze plaatssleutel is niet geldig."),
    "binary_frame": entry("Send JSON text frames, not binary ones.", "Stuur JSON als tekst, niet binair."),
    "too_large": entry("A message of {size} bytes; the limit is {limit}.",
                       "Een bericht van {size} bytes; de grens is {limit}."),
    "bad_message": entry("Not a valid message: {detail}.", "Geen geldig bericht: {detail}."),
    "spectator": entry("Spectators watch: they cannot act or chat.",
                       "Kijkers kijken: ze kunnen niet spelen of chatten."),
    "too_fast": entry("Too many {kind} messages; try again in {seconds} s.",
                      "Te veel berichten ({kind}); probeer het over {seconds} s opnieuw."),
    "bad_text": entry("The message {detail}.", "Het bericht {detail}."),
}


def say(key: str, **facts: Any) -> Text:
    """The refusal ``key`` with its facts, in every language."""
    return render_all(REFUSALS, key, **facts)


def core_refusal(exc: ReasonedError) -> Text:
    """A refusal of the deal in every language, as a sentence; one said in English only (a program's malformed
    input) keeps its English in every language."""
    text = exc.text or {lang: str(exc) for lang in LANGS}
    return {lang: as_sentence(text[lang]) for lang in LANGS}

