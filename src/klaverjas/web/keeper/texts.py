"""What the score keeper refuses, in every language: the ``reason`` of its error bodies.

:data:`REFUSALS` are whole refusals (a token, a sheet or deal that is gone, the sheet's state), said as
sentences.  :data:`FIELDS` say what is wrong with one field of a deal or of the sheet's settings, as parts of a
sentence: each error item's ``message`` is the English part, as the API has always answered it, and a refusal
of several fields says its parts in one sentence (:func:`sentence`).  The page that keeps the sheet says a
field's refusal at the field in its own words (``keeper.err.<code>`` in static/i18n); a deal is a *ronde*
there, so it is here too.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from klaverjas.core.texts import LANGS, Table, Text, as_sentence, entry, render_all

REFUSALS: Table = {
    # -- who is asking (401, 403) ------------------------------------------------------------------------
    # A program learns what to send from the code, WWW-Authenticate: Bearer and the schema: these are for people.
    "needs_token": entry("This sheet opens only with one of its links.",
                         "Deze lijst opent alleen met een van haar links."),
    "unknown_token": entry("This link opens no sheet: it was withdrawn, or never made on this server.",
                           "Deze link opent geen lijst: hij is ingetrokken, of nooit op deze server gemaakt."),
    "other_sheet": entry("This link opens another sheet, not sheet {n}.",
                         "Deze link opent een andere lijst, niet lijst {n}."),
    "read_only": entry("This link may only view the sheet, not change it.",
                       "Met deze link kun je de lijst alleen bekijken, niet veranderen."),
    "owner_only": entry("Only the sheet's owner may do this.", "Dit mag alleen de eigenaar van de lijst."),
    "list_needs_token": entry("The list shows the sheets of the links sent with it.",
                              "De lijst toont de lijsten van de links die meekomen."),
    "list_no_sheet": entry("None of these links opens a sheet: deleted, withdrawn or never made here.",
                           "Geen van deze links opent een lijst: verwijderd, ingetrokken of hier nooit gemaakt."),
    # -- what is gone (404) ------------------------------------------------------------------------------
    "no_sheet": entry("Sheet {n} does not exist (any more).", "Lijst {n} bestaat niet (meer)."),
    "no_deal": entry("Sheet {n} has no deal with id {deal} (any more).",
                     "Lijst {n} heeft geen ronde met id {deal} (meer)."),
    "no_share": entry("Sheet {n} has no share link {share}.", "Lijst {n} heeft geen gedeelde link {share}."),
    "share_gone": entry("Sheet {n} has no share link {share}: withdrawn already?",
                        "Lijst {n} heeft geen gedeelde link {share}: al ingetrokken?"),
    # -- the sheet's state (409) -------------------------------------------------------------------------
    "nothing_to_undo": entry("There is nothing to undo on this sheet.",
                             "Er valt op deze lijst niets ongedaan te maken."),
    "match_over": entry("The match is over: no more deals.", "De partij is afgelopen: er kan geen ronde meer bij."),
    "over_before": entry("The match is already over before deal {n}.",
                         "De partij is al afgelopen vóór ronde {n}."),
    "end_too_soon": entry("With this match end the match is over before deal {n}: delete the later deals first, "
                          "or choose another end.",
                          "Met dit einde is de partij al afgelopen vóór ronde {n}: verwijder eerst de latere "
                          "rondes, of kies een ander einde."),
    "match_over_earlier": entry("With this correction the match ends before the later deals: delete those first.",
                                "Met deze correctie is de partij eerder afgelopen: verwijder eerst de latere "
                                "rondes."),
    # -- a body the schema refuses (422); ``detail_*`` names each field ----------------------------------
    "invalid": entry("invalid request: {detail_en}", "ongeldig verzoek: {detail_nl}"),
}

FIELDS: Table = {
    # -- the sheet's settings ----------------------------------------------------------------------------
    "rules_unknown": entry("rules must be one of {choices}", "de regels moeten een van {choices} zijn"),
    "match_end_kind": entry("match end for {rules} must be {kinds_en}", "het einde moet bij {rules} {kinds_nl} zijn"),
    "match_end_rules": entry("{detail}", "dit einde past niet bij de regels: {detail}"),
    "match_end_number": entry("{kind} needs a number from 1 to {most}",
                              "{kind} vraagt een getal van 1 tot en met {most}"),
    "open_number": entry("open takes no number", "open krijgt geen getal"),
    "first_dealer_range": entry("first dealer must be seat 0..3", "de eerste gever is stoel 0 tot en met 3"),
    # -- a deal ------------------------------------------------------------------------------------------
    "makers_sa": entry("South African Klawerjas has no playing side",
                       "Zuid-Afrikaans klawerjas kent geen spelend team"),
    "verzaakt_sa": entry("verzaken is not scored on a South African sheet",
                         "verzaken telt niet op een Zuid-Afrikaanse lijst"),
    "makers_missing": entry("choose the playing side", "kies welk team speelt"),
    "stopped_dutch": entry("only a South African deal stops when a team goes on",
                           "alleen een Zuid-Afrikaanse ronde stopt als een team opgaat"),
    "points_range": entry("card points must be 0 to {total}", "kaartpunten moeten tussen 0 en {total} liggen"),
    "roem_range": entry("roem must be 0 to {most}", "roem moet tussen 0 en {most} liggen"),
    "roem_multiple": entry("roem must be a multiple of 10", "roem is altijd een veelvoud van 10"),
    "points_missing": entry("enter the card points of one side", "vul de kaartpunten van een van beide teams in"),
    "points_sum_stopped": entry("points add up to {sum}, more than {total}",
                                "de punten zijn samen {sum}, meer dan {total}"),
    "points_sum": entry("points add up to {sum}, not {total}", "de punten zijn samen {sum} en niet {total}"),
    "pit_points": entry("pit needs all {total} card points for {team}",
                        "pit vraagt alle {total} kaartpunten voor {team}"),
    "score_error": entry("deal {n}: {detail}", "ronde {n} kan zo niet geteld worden ({detail})"),
    "stopped_not_on": entry("deal {n}: nobody reached 100, so the deal cannot have stopped",
                            "ronde {n}: niemand haalde 100, dus de ronde kan niet gestopt zijn"),
    # -- what the schema refuses that a person can type --------------------------------------------------
    "not_whole": entry("enter a whole number", "vul een heel getal in"),
    "bad_name": entry("a name may not hold invisible or control characters",
                      "een naam mag geen onzichtbare tekens of stuurtekens bevatten"),
}


def say(key: str, **facts: Any) -> Text:
    """The refusal ``key`` with its facts, in every language."""
    return render_all(REFUSALS, key, **facts)


def sentence(parts: Iterable[Text]) -> Text:
    """Parts of a sentence (each field's refusal) as one sentence in every language, each part said once."""
    said = list(parts)
    out = {}
    for lang in LANGS:
        out[lang] = as_sentence("; ".join(dict.fromkeys(part[lang] for part in said)))
    return out


class Refused(Exception):
    """A refusal of the score keeper in every language (``reason``); its message is the English, unless given."""

    def __init__(self, reason: Text, message: str | None = None) -> None:
        super().__init__(reason["en"] if message is None else message)
        self.reason = reason
