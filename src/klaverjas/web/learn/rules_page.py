"""The rules page of a preset, built from the same ``Rules`` value and tables the engine uses.

Nothing here states a rule by hand: every sentence is picked from a field of the
``Rules`` value, and every legal-play sentence is picked by classifying what
``legal_for`` answers for a small example trick, so the page says what the engine does.
The sentences are tables of :mod:`klaverjas.core.texts`, keyed by what picks them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from klaverjas.core import (
    HEARTS,
    PRESETS,
    SOUTH,
    SUIT_MASKS,
    TABLES,
    Rules,
    card_name,
    cards_of,
    going_on,
    legal_for,
    parse_card,
    parse_cards,
    parse_hand,
    score_deal,
    trick_roem,
    trick_view,
)
from klaverjas.core.roem import hand_roemtes, has_sturk, quartet_values
from klaverjas.core.seats import next_seat
from klaverjas.core.texts import Table, Text, entry, render_all

# --- legal play: example situations --------------------------------------------------------------

@dataclass(frozen=True)
class Situation:
    id: str
    trick: tuple[str, ...]  # opponent leads, partner second, opponent third; South plays fourth
    hand: str
    says: Text  # the situation in words


# Hearts are trump in every example (the worked example of docs/rules.md §3 is the fourth situation).
SITUATIONS: tuple[Situation, ...] = (
    Situation("plain_follow", ("QS", "7S", "8S"), "KS 9S 8C AD TD 7H JH 9C",
              entry("Spades are led and you hold spades.", "Er is schoppen gevraagd en je hebt schoppen.")),
    Situation("trump_led", ("QH", "8H", "KH"), "JH 7H 8C AD TD KS 9S 9C",
              entry("Trump is led, an opponent is highest with the king of trumps, and you hold the jack and the 7 "
                    "of trumps.",
                    "Er is troef gevraagd, een tegenstander ligt hoog met troef heer, en je hebt troef boer en "
                    "troef zeven.")),
    Situation("void_opponent", ("AS", "7S", "8S"), "7H JH 8C KC KD AD TD 9C",
              entry("Spades are led, an opponent is winning with the ace, you have no spades but do hold trumps.",
                    "Er is schoppen gevraagd, een tegenstander ligt hoog met de aas, je hebt geen schoppen maar wel "
                    "troef.")),
    Situation("void_overtrump", ("AS", "7S", "QH"), "7H JH 8C KC KD AD TD 9C",
              entry("Spades are led and an opponent has trumped with the queen; you have no spades and hold the jack "
                    "and the 7 of trumps.",
                    "Er is schoppen gevraagd en een tegenstander heeft ingetroefd met de vrouw; je hebt geen schoppen "
                    "en wel troef boer en troef zeven.")),
    Situation("void_lower_trump", ("AS", "7S", "QH"), "7H 8C KC KD AD TD 9C QD",
              entry("Spades are led and an opponent has trumped with the queen; you have no spades, and your only "
                    "trump is the 7.",
                    "Er is schoppen gevraagd en een tegenstander heeft ingetroefd met de vrouw; je hebt geen schoppen, "
                    "en je enige troef is de zeven.")),
    Situation("partner_winning", ("8S", "AS", "7S"), "7H JH 8C KC KD AD TD 9C",
              entry("Spades are led and your partner is winning with the ace; you have no spades but do hold trumps.",
                    "Er is schoppen gevraagd en je maat ligt hoog met de aas; je hebt geen schoppen maar wel troef.")),
    Situation("partner_trumped", ("AS", "QH", "7S"), "7H JH 8C KC KD AD TD 9C",
              entry("Spades are led and your partner has trumped with the queen; you have no spades and hold the jack "
                    "and the 7 of trumps.",
                    "Er is schoppen gevraagd en je maat heeft ingetroefd met de vrouw; je hebt geen schoppen en wel "
                    "troef boer en troef zeven.")),
    Situation("partner_trumped_lower", ("AS", "QH", "7S"), "7H 8C KC KD AD TD 9C QD",
              entry("Spades are led and your partner has trumped with the queen; you have no spades, and your only "
                    "trump is the 7.",
                    "Er is schoppen gevraagd en je maat heeft ingetroefd met de vrouw; je hebt geen schoppen, en je "
                    "enige troef is de zeven.")),
    Situation("only_lower_trumps", ("AS", "7S", "QH"), "7H 8H",
              entry("Late in the deal: spades are led, an opponent has trumped with the queen, and you hold only the "
                    "7 and the 8 of trumps.",
                    "Laat in het spel: er is schoppen gevraagd, een tegenstander heeft ingetroefd met de vrouw, en je "
                    "hebt alleen nog troef zeven en troef acht.")),
)

# What a set of legal cards means.  The tests check every kind against the table of docs/rules.md §3;
# a situation whose legal cards fit none of these is an error, never a guess.
KIND_TEXTS: Table = {
    "follow": entry("You must follow suit: any card of that suit, you need not win the trick.",
                    "Je moet bekennen: elke kaart van die kleur, je hoeft de slag niet te nemen."),
    "follow_head": entry("You must follow suit and beat the highest card if you can, even your partner's.",
                         "Je moet bekennen en de hoogste kaart slaan als je kunt, ook die van je maat."),
    "follow_or_trump": entry("You may follow suit or play a trump.", "Je mag bekennen of troeven."),
    "trump_higher": entry("You must play a higher trump if you have one, even over your partner.",
                          "Je moet een hogere troef spelen als je die hebt, ook over je maat heen."),
    "trump_any": entry("You must play a trump; any trump will do.", "Je moet troef bekennen; elke troef mag."),
    "must_trump": entry("You must trump (trump in); any trump will do.", "Je moet introeven; elke troef mag."),
    "overtrump": entry("You must play a higher trump (overtrump).", "Je moet hoger troeven (overtroeven)."),
    "undertrump": entry("You must still play a trump, even a lower one (undertrump).",
                        "Je moet toch troef spelen, ook een lagere (ondertroeven)."),
    "discard": entry("You may not undertrump: discard a card of another suit.",
                     "Ondertroeven mag niet: gooi een kaart van een andere kleur bij."),
    "discard_or_overtrump": entry("You may discard a card of another suit or overtrump, but not undertrump.",
                                  "Je mag een andere kleur bijgooien of overtroeven, maar niet ondertroeven."),
    "any": entry("You may play any card.", "Je mag elke kaart spelen."),
}


def trick_seats(rules: Rules) -> list[int]:
    """Seats of the three cards before South, in playing order: South plays fourth."""
    leader = next_seat(SOUTH, rules.direction)
    return [next_seat(leader, rules.direction, i) for i in range(3)]


def classify(rules: Rules, trump: int, hand: int, trick: Sequence[int], legal: int) -> str:
    """Name the legal set in the words of docs/rules.md §3."""
    tables = TABLES[rules.values]
    view = trick_view(trick, trump, tables)
    above = tables.above[trump]
    tm = SUIT_MASKS[trump]
    follow = hand & SUIT_MASKS[view.led]
    trumps = hand & tm
    trump_in = view.win >> 3 == trump
    higher = trumps & above[view.win] if trump_in else 0
    candidates: dict[str, int]
    if follow and view.led == trump:
        candidates = {"trump_higher": higher, "trump_any": trumps}
    elif follow:
        head = follow & above[view.win] if not trump_in else 0
        candidates = {"follow_head": head, "follow": follow, "follow_or_trump": follow | trumps}
    elif not trump_in:
        candidates = {"must_trump": trumps}
    else:
        candidates = {"overtrump": higher, "undertrump": trumps, "discard": hand & ~tm,
                      "discard_or_overtrump": (hand & ~tm) | higher}
    candidates["any"] = hand
    for kind, mask in candidates.items():
        if mask and mask == legal:
            return kind
    raise ValueError(f"legal cards {legal:#x} fit no kind")


def situation_json(rules: Rules, s: Situation, trump: int = HEARTS) -> dict[str, Any]:
    trick = parse_cards(s.trick)
    hand = parse_hand(s.hand)
    legal = legal_for(rules, trump, hand, trick)
    kind = classify(rules, trump, hand, trick, legal)
    seats = trick_seats(rules)
    return {"id": s.id, "trump": "CDHS"[trump], "trick": [{"seat": "NESW"[seat], "card": c}
                                                         for seat, c in zip(seats, s.trick, strict=True)],
            "hand": [card_name(c) for c in cards_of(hand)], "legal": [card_name(c) for c in cards_of(legal)],
            "kind": kind, "says": s.says, "rule": render_all(KIND_TEXTS, kind)}


# --- card values ---------------------------------------------------------------------------------

def card_values(rules: Rules) -> dict[str, Any]:
    tables = TABLES[rules.values]
    # Points of hearts as trump and of spades as a plain suit, read from the engine's tables.
    pts = tables.points[HEARTS]
    trump: list[dict[str, Any]] = [{"rank": "789TJQKA"[r], "points": pts[8 * HEARTS + r]}
                                   for r in reversed(tables.trump_order)]
    plain: list[dict[str, Any]] = [{"rank": "789TJQKA"[r], "points": pts[8 * 3 + r]}
                                   for r in reversed(tables.plain_order)]
    trump_sum = sum(pts[8 * HEARTS + r] for r in tables.trump_order)
    plain_sum = sum(pts[8 * 3 + r] for r in tables.plain_order)
    total = trump_sum + 3 * plain_sum + tables.last_trick
    return {"trump": trump, "plain": plain, "trump_sum": trump_sum, "plain_sum": plain_sum,
            "last_trick": tables.last_trick, "total": total,
            "text": render_all(PAGE_TEXTS, "values", trump_sum=trump_sum, plain_sum=plain_sum,
                               last_trick=tables.last_trick, total=total)}


# --- fields in words -----------------------------------------------------------------------------

DIRECTION: Table = {
    "clockwise": entry("Play goes clockwise; the player to the dealer's left leads the first trick, and the deal "
                       "passes to the left.",
                       "Er wordt met de klok mee gespeeld; de speler links van de deler komt uit, en de deling gaat "
                       "naar links."),
    "anticlockwise": entry("Play goes anticlockwise; the player to the dealer's right leads the first trick, and the "
                           "deal passes to the right.",
                           "Er wordt tegen de klok in gespeeld; de speler rechts van de deler komt uit, en de deling "
                           "gaat naar rechts."),
}

# The line under a variant's name on the learning index: how its play differs, keyed by the play field.
# A test checks each claim against the variant's worked examples.
PLAY_SUMMARY: Table = {
    "amsterdam": entry("If your partner is winning you need not trump; you undertrump only when you hold nothing "
                       "else.",
                       "Ligt je maat hoog, dan hoef je niet in te troeven; ondertroeven alleen als je niets anders "
                       "hebt."),
    "rotterdam": entry("Always trump in and overtrump, even over your partner; if you cannot go higher, you "
                       "undertrump.",
                       "Altijd introeven en overtroeven, ook over je maat heen; kun je niet hoger, dan ondertroef je."),
    "sa": entry("You may trump instead of following suit, and play any card when you cannot follow.",
                "Je mag troeven in plaats van bekennen, en elke kaart spelen als je niet kunt bekennen."),
    "strict": entry("Follow suit and beat the highest card if you can, even your partner's; trump in and overtrump "
                    "as in Rotterdam.",
                    "Bekennen en de hoogste kaart overnemen als je kunt, ook die van je maat; introeven en "
                    "overtroeven zoals in Rotterdam."),
}

TRUMP_SELECTION: Table = {
    "proposed": entry("A trump suit is proposed at random; from the first leader on, each player says play or pass; "
                      "the first to play takes it. If all pass, the first leader must choose another suit.",
                      "Er wordt willekeurig een troefkleur voorgesteld; vanaf de voorhand zegt ieder spelen of passen; "
                      "wie als eerste speelt, neemt hem. Past iedereen, dan moet de voorhand een andere kleur kiezen."),
    "free": entry("From the first leader on, each player names a suit or passes; if all four pass, the first leader "
                  "must name one.",
                  "Vanaf de voorhand noemt ieder een kleur of past; passen alle vier, dan moet de voorhand er een "
                  "noemen."),
    "utrecht": entry("The first leader must name a trump suit at once (Utrecht, compulsory).",
                     "De voorhand moet meteen een troefkleur noemen (Utrechts, verplicht)."),
    "turned": entry("A turned card shows a suit; from the first leader on, each plays or passes; if all pass, the "
                    "first leader names another suit.",
                    "Een omgedraaide kaart toont een kleur; vanaf de voorhand speelt of past ieder; past iedereen, dan "
                    "noemt de voorhand een andere kleur."),
    "last_card": entry("The dealer's last card is dealt face up and its suit is trump; nobody chooses, and there is "
                       "no playing team.",
                       "De laatste kaart van de deler ligt open en die kleur is troef; niemand kiest, en er is geen "
                       "spelend team."),
    "bid": entry("From the seat after the dealer each names a suit or passes; after three passes the dealer must "
                 "name one.",
                 "Vanaf de speler na de deler noemt ieder een kleur of past; na drie keer passen moet de deler er een "
                 "noemen."),
}


MATCH_END: Table = {
    "deals": entry("A match (a boom) is {n} deals; the higher total wins.",
                   "Een partij (een boom) is {n} spellen; het hoogste totaal wint."),
    "points": entry("The first team to reach {n} points wins; if both reach it in the same deal the higher total "
                    "wins.",
                    "Het eerste team dat {n} punten haalt wint; halen beide het in hetzelfde spel, dan wint het "
                    "hoogste totaal."),
    "strokes": entry("A team that reaches 100 goes on one stroke, two if the others have less than 50; the first to "
                     "{n} strokes wins the boem. Nobody at 100 after a deal: ou jol, totals carry over.",
                     "Een team dat 100 haalt gaat op met één streep, twee als de anderen onder de 50 zitten; wie "
                     "eerst {n} strepen heeft wint de boem. Niemand op 100 na een spel: ou jol, de standen lopen "
                     "door."),
    "open": entry("The match has no set end.", "De partij heeft geen vast einde."),
}


def match_end_text(rules: Rules) -> Text:
    kind, n = rules.match_end_kind
    return render_all(MATCH_END, kind, n=n)


# --- sentences of the page with facts of the rules -----------------------------------------------

PAGE_TEXTS: Table = {
    "values": entry("Trump is worth {trump_sum}, each other suit {plain_sum}; the last trick adds {last_trick}: "
                    "{total} points a deal.",
                    "Troef is {trump_sum} punten waard, elke andere kleur {plain_sum}; de laatste slag telt "
                    "{last_trick} extra: {total} punten per spel."),
    "roem_trick": entry("Roem counts within one trick (the four cards on the table) and goes to the team that wins "
                        "that trick. Runs use the natural order 7 8 9 10 J Q K A, also in trumps.",
                        "Roem telt binnen één slag (de vier kaarten op tafel) en gaat naar het team dat die slag "
                        "wint. Reeksen gaan in de gewone volgorde 7 8 9 10 B V H A, ook in troef."),
    "claim_by_team": entry("The team that wins the trick must claim its roem before the next card, or it is lost.",
                           "Het team dat de slag wint moet de roem melden voor de volgende kaart, anders vervalt "
                           "die."),
    "claim_by_app": entry("The app counts roem automatically.", "De app telt de roem automatisch."),
    "pit": entry("Pit (mars): a team that takes all eight tricks gets {pit_bonus} extra roem.",
                 "Pit (mars): een team dat alle acht slagen haalt krijgt {pit_bonus} roem extra."),
    "no_pit": entry("There is no pit bonus.", "Er is geen pitbonus."),
    "roem_hand": entry("Roemtes are declared from the hand with your first card. Only the team holding the single "
                       "best roemte scores its roemtes; Sturk always counts for its holder (this project's values, "
                       "as the South African rules give none).",
                       "Roemtes meld je uit je hand bij je eerste kaart. Alleen het team met de beste roemte telt "
                       "zijn roemtes; Sturk telt altijd voor wie hem heeft (waarden van dit project; de "
                       "Zuid-Afrikaanse regels noemen er geen)."),
    "claim_roemtes": entry("The app declares roemtes automatically.", "De app meldt roemtes automatisch."),
    "sturk": entry("Sturk: king and queen of trumps", "Sturk: heer en vrouw van troef"),
    "score_makers": entry("The playing team must score more than the defenders, roem included (without roem at "
                          "least {half} of {total}). If not, also at a tie, it goes nat: it scores 0 and the "
                          "defenders get {total} plus all roem of the deal.",
                          "Het spelende team moet meer halen dan de tegenpartij, roem meegeteld (zonder roem "
                          "minstens {half} van de {total}). Lukt dat niet, ook bij gelijkspel, dan gaat het nat: het "
                          "krijgt 0 en de tegenpartij {total} plus alle roem van het spel."),
    "score_strokes": entry("There is no playing team and nobody goes nat. Each team counts its card points "
                           "({total} a deal with the last trick) and its roem; the first to 100 goes on.",
                           "Er is geen spelend team en niemand gaat nat. Elk team telt zijn kaartpunten "
                           "({total} per spel met de laatste slag) en zijn roem; wie eerst 100 haalt gaat op."),
}


# --- roem and scoring ----------------------------------------------------------------------------

ROEM_TRICKS: tuple[tuple[str, str, Text], ...] = (
    ("KH QH 7C 8D", "H", entry("King and queen of trumps (stuk)", "Heer en vrouw van troef (stuk)")),
    ("9S TS JS 7C", "H", entry("Three in a row", "Drie op een rij")),
    ("JH QH KH 7S", "H", entry("Three in a row in trumps with stuk", "Drie op een rij in troef met stuk")),
    ("9S TS JS QS", "H", entry("Four in a row", "Vier op een rij")),
    ("JC JD JH JS", "H", entry("Four jacks", "Vier boeren")),
    ("QC QD QH QS", "H", entry("Four queens", "Vier vrouwen")),
    ("7C 7D 7H 7S", "H", entry("Four sevens", "Vier zevens")),
)

ROEMTE_HANDS: tuple[tuple[str, Text], ...] = (
    ("TD JD QD 7C 8S 9H AS KC", entry("Three in a row (a twenty)", "Drie op een rij (een twintig)")),
    ("7C 8C 9C TC AD KS QH 8D", entry("Four in a row (a fifty)", "Vier op een rij (een vijftig)")),
    ("9S TS JS QS KS 7D 8H AC", entry("Five in a row", "Vijf op een rij")),
    ("JC JD JH JS 7D 8H 9C AS", entry("Four jacks (four boere)", "Vier boeren (vier boere)")),
)


def roem_json(rules: Rules) -> dict[str, Any]:
    quartets = quartet_values(rules)
    if rules.roem == "trick":
        examples = []
        for cards, trump, label in ROEM_TRICKS:
            t = "CDHS".index(trump)
            examples.append({"cards": cards.split(), "trump": trump, "label": label,
                             "roem": trick_roem(parse_cards(cards), t, quartets)})
        claim = "claim_by_team" if rules.roem_claim == "claimed" else "claim_by_app"
        return {"kind": "trick", "examples": examples, "pit_bonus": rules.pit_bonus,
                "text": render_all(PAGE_TEXTS, "roem_trick"), "claim": render_all(PAGE_TEXTS, claim),
                "pit": render_all(PAGE_TEXTS, "pit", pit_bonus=rules.pit_bonus) if rules.pit_bonus
                else render_all(PAGE_TEXTS, "no_pit")}
    examples = []
    for cards, label in ROEMTE_HANDS:
        found = hand_roemtes(parse_hand(cards), 0, 0, HEARTS)
        examples.append({"cards": cards.split(), "trump": "H", "label": label, "roem": sum(r.value for r in found)})
    sturk_hand = "KH QH 7C 9D JS AS 8C TD"
    examples.append({"cards": sturk_hand.split(), "trump": "H", "label": render_all(PAGE_TEXTS, "sturk"),
                     "roem": 20 if has_sturk(parse_hand(sturk_hand), HEARTS) else 0})
    return {"kind": "hand", "examples": examples, "pit_bonus": rules.pit_bonus,
            "text": render_all(PAGE_TEXTS, "roem_hand"), "claim": render_all(PAGE_TEXTS, "claim_roemtes"),
            "pit": render_all(PAGE_TEXTS, "no_pit")}


SCORE_CASES: tuple[tuple[tuple[int, int], tuple[int, int], bool, Text], ...] = (
    ((82, 80), (0, 20), False, entry("Playing team 82, defenders 80 and 20 roem",
                                     "Spelers 82, tegenpartij 80 en 20 roem")),
    ((81, 81), (0, 0), False, entry("81 to 81, no roem", "81 tegen 81, geen roem")),
    ((91, 71), (20, 0), False, entry("Playing team 91 and 20 roem, defenders 71",
                                     "Spelers 91 en 20 roem, tegenpartij 71")),
    ((162, 0), (40, 0), True, entry("Playing team takes every trick, with 40 roem",
                                    "Spelers halen alle slagen, met 40 roem")),
)

STROKE_CASES: tuple[tuple[tuple[int, int], Text], ...] = (
    ((104, 33), entry("Us 104, them 33", "Wij 104, zij 33")),
    ((117, 82), entry("Us 117, them 82", "Wij 117, zij 82")),
    ((91, 55), entry("Us 91, them 55", "Wij 91, zij 55")),
)


def scoring_json(rules: Rules) -> dict[str, Any]:
    if rules.has_makers:
        cases = []
        for points, roem, pit, label in SCORE_CASES:
            score = score_deal(rules, 0, points, roem, 0 if pit else None)
            cases.append({"label": label, "points": list(points), "roem": list(roem), "pit": pit,
                          "score": list(score.scores), "nat": score.nat})
        half = rules.total // 2 + 1
        return {"kind": "makers", "cases": cases,
                "text": render_all(PAGE_TEXTS, "score_makers", half=half, total=rules.total)}
    goes = []
    for running, label in STROKE_CASES:
        on = going_on(rules, running)
        goes.append({"label": label, "running": list(running),
                     "strokes": 0 if on is None else on[1], "team": None if on is None else "NS EW".split()[on[0]]})
    return {"kind": "strokes", "cases": goes,
            "text": render_all(PAGE_TEXTS, "score_strokes", total=rules.total)}


PRESET_NAMES: Table = {
    "amsterdam": entry("Amsterdam", "Amsterdams"), "rotterdam": entry("Rotterdam", "Rotterdams"),
    "sa": entry("South African Klawerjas", "Zuid-Afrikaans (Klawerjas)"), "strict": entry("Strict", "Streng"),
}


def rules_page(preset: str) -> dict[str, Any]:
    rules = PRESETS[preset]
    situations = [situation_json(rules, s) for s in SITUATIONS]
    out: dict[str, Any] = {
        "preset": preset, "rules": str(rules), "name": render_all(PRESET_NAMES, preset),
        "summary": render_all(PLAY_SUMMARY, rules.play), "fields": rules.as_dict(),
        "direction": render_all(DIRECTION, rules.direction), "values": card_values(rules),
        "trump_selection": render_all(TRUMP_SELECTION, rules.trump_selection), "situations": situations,
        "roem": roem_json(rules), "scoring": scoring_json(rules), "match_end": match_end_text(rules),
    }
    if preset in ("amsterdam", "rotterdam"):
        out["compare"] = compare("amsterdam", "rotterdam")
    return out


def compare(a: str, b: str) -> list[dict[str, Any]]:
    """The situations where two presets' legal cards differ, side by side."""
    ra, rb = PRESETS[a], PRESETS[b]
    rows = []
    for s in SITUATIONS:
        left, right = situation_json(ra, s), situation_json(rb, s)
        if left["legal"] != right["legal"]:
            rows.append({"id": s.id, a: left, b: right})
    return rows


# Every text of the page, by table: the sentences picked by a field or a kind, and the labels of the examples
# keyed by their cards (the text tests check each in every language).
TEXT_TABLES: dict[str, Table] = {
    "kinds": KIND_TEXTS, "direction": DIRECTION, "trump_selection": TRUMP_SELECTION, "match_end": MATCH_END,
    "page": PAGE_TEXTS, "preset_names": PRESET_NAMES, "play_summary": PLAY_SUMMARY,
    "situations": {s.id: s.says for s in SITUATIONS},
    "roem_tricks": {cards: label for cards, _, label in ROEM_TRICKS},
    "roemte_hands": {cards: label for cards, label in ROEMTE_HANDS},
    "score_cases": {f"{points}{roem}": label for points, roem, _, label in SCORE_CASES},
    "stroke_cases": {str(running): label for running, label in STROKE_CASES},
}

__all__ = ["rules_page", "compare", "classify", "SITUATIONS", "KIND_TEXTS", "TEXT_TABLES", "parse_card"]
