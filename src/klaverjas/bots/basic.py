"""The ``basic`` level: the Dutch rules of thumb of docs/bots.md, each decision explained by its rule.

Every decision is made by scoring all options with the same rules that explain
them, so the advice ranking and the bot's choice never disagree: the bot plays
the top option.  Explanations state facts of the position (which card is the
highest left, how many trumps are out, who signalled what); the tests check
those facts against the view.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import SUIT_MASKS, TABLES, TrumpAction, cards_of, choose, trick_view
from ..core.cards import ACE, JACK, NINE, RANK_MASKS
from ..core.roem import quartet_values, trick_roem, trick_roem_parts
from ..core.trump import PASS, PLAY
from .base import Bot, Option, last_trick_roem
from .texts import SEAT_WORDS, SIGNAL_WORDS, both
from .view import View

# --- trump -----------------------------------------------------------------


@dataclass(frozen=True)
class TrumpFit:
    """How a hand meets the rule of thumb for playing a suit as trump."""

    suit: int
    code: str | None  # trump_jack_nel_ace | trump_jack_ace_four | trump_six | None (too weak)
    n: int  # trumps held
    points: int  # their trump points
    facts: dict[str, int]


def trump_fit(hand: int, suit: int, values: str = "dutch") -> TrumpFit:
    trumps = hand & SUIT_MASKS[suit]
    n = trumps.bit_count()
    pts = sum(TABLES[values].points[suit][c] for c in cards_of(trumps))
    jack, nel = 8 * suit + JACK, 8 * suit + NINE
    aces = cards_of(hand & RANK_MASKS[ACE])
    # Name a side ace when there is one: it is the card the rule adds to the trumps.
    side = [a for a in aces if a >> 3 != suit]
    ace = (side or aces or [-1])[0]
    has_j, has_n = bool(hand >> jack & 1), bool(hand >> nel & 1)
    if has_j and has_n and aces:
        return TrumpFit(suit, "trump_jack_nel_ace", n, pts, {"c_jack": jack, "c_nel": nel, "c_ace": ace})
    if has_j and aces and n >= 4:
        return TrumpFit(suit, "trump_jack_ace_four", n, pts, {"c_jack": jack, "c_ace": ace, "n": n})
    if n >= 6:
        return TrumpFit(suit, "trump_six", n, pts, {"n": n})
    return TrumpFit(suit, None, n, pts, {})


def _weak_facts(fit: TrumpFit, hand: int) -> dict[str, object]:
    missing_en, missing_nl = [], []
    if not hand >> (8 * fit.suit + JACK) & 1:
        missing_en.append("not the jack")
        missing_nl.append("niet de boer")
    if not hand >> (8 * fit.suit + NINE) & 1:
        missing_en.append("not the nel")
        missing_nl.append("niet de nel")
    if not hand & RANK_MASKS[ACE]:
        missing_en.append("no ace")
        missing_nl.append("geen aas")
    return {"s_suit": fit.suit, "n": fit.n,
            "missing_en": (" (" + ", ".join(missing_en) + ")") if missing_en else "",
            "missing_nl": (" (" + ", ".join(missing_nl) + ")") if missing_nl else ""}


def _fit_option(action: TrumpAction, fit: TrumpFit, hand: int, verb_en: str, verb_nl: str, score: float) -> Option:
    if fit.code is not None:
        return Option(action, score, both(fit.code, verb_en=verb_en, verb_nl=verb_nl, s_suit=fit.suit, **fit.facts),
                      fit.code)
    return Option(action, score, both("trump_weak", verb_en=verb_en, verb_nl=verb_nl, **_weak_facts(fit, hand)),
                  "trump_weak")


def _key(fit: TrumpFit) -> tuple[int, int]:
    return (fit.n, fit.points)


def trump_options(view: View) -> list[Option]:
    hand, values = view.hand, view.rules.values
    options = list(view.options)
    fits = {s: trump_fit(hand, s, values) for s in range(4)}
    out: list[Option] = []
    if PLAY in options:
        assert view.proposed is not None
        fit = fits[view.proposed]
        n, pts = _key(fit)
        if fit.code:
            out.append(_fit_option(PLAY, fit, hand, "Play", "Spelen", 1000 + 10 * n + pts / 100))
            out.append(Option(PASS, 0, both("pass_forgo", s_best=fit.suit), "pass_forgo"))
        else:
            out.append(_fit_option(PLAY, fit, hand, "Do not play", "Niet spelen", -100 + n))
            out.append(_fit_option(PASS, fit, hand, "Pass", "Passen", 0))
    elif PASS in options:
        playable = [fits[a.suit] for a in options if a.suit is not None and fits[a.suit].code]
        for a in options:
            if a.suit is None:
                continue
            fit = fits[a.suit]
            name_en, name_nl = suit_names(a.suit)
            if fit.code:
                out.append(_fit_option(a, fit, hand, f"Choose {name_en}", f"Kies {name_nl}",
                                       1000 + 10 * fit.n + fit.points / 100))
            else:
                out.append(_fit_option(a, fit, hand, f"Do not choose {name_en}", f"Kies geen {name_nl}",
                                       -100 + fit.n))
        if playable:
            best = max(playable, key=_key)
            out.append(Option(PASS, 0, both("pass_forgo", s_best=best.suit), "pass_forgo"))
        else:
            out.append(Option(PASS, 0, both("pass_weak"), "pass_weak"))
    else:  # forced: name a suit
        allowed = [fits[a.suit] for a in options if a.suit is not None]
        best = max(allowed, key=_key)
        for fit in allowed:
            action = choose(fit.suit)
            if fit is best:
                top_en = top_nl = ""
                if hand >> (8 * fit.suit + JACK) & 1:
                    top_en, top_nl = ", the jack among them", ", met de boer erbij"
                out.append(Option(action, 1000 + 10 * fit.n + fit.points / 100,
                                  both("forced_best", s_suit=fit.suit, n=fit.n, top_en=top_en, top_nl=top_nl),
                                  "forced_best"))
            else:
                out.append(Option(action, 10 * fit.n + fit.points / 100,
                                  both("forced_other", s_suit=fit.suit, n=fit.n, s_best=best.suit), "forced_other"))
    out.sort(key=lambda o: -o.score)
    return out


def suit_names(suit: int) -> tuple[str, str]:
    """The suit's name in English and Dutch (for "Choose hearts" / "Kies harten")."""
    from ..core.reasons import suit_words
    return suit_words(suit, "en"), suit_words(suit, "nl")


# --- cards -----------------------------------------------------------------


class Table:
    """Trump-dependent lookups and public card knowledge for one view."""

    def __init__(self, view: View):
        self.view = view
        tab = TABLES[view.rules.values]
        self.trump = view.trump
        self.st = tab.strength[view.trump]
        self.pts = tab.points[view.trump]
        self.above = tab.above[view.trump]
        self.tm = SUIT_MASKS[view.trump]
        self.quartets = quartet_values(view.rules)
        # Roem made in a trick counts only where the rules count trick roem: South African roemtes come from the hand.
        self.trick_roem = view.rules.roem == "trick"

    def beats(self, card: int, head: int) -> bool:
        return bool(self.above[head] >> card & 1) or (card >> 3 == self.trump and head >> 3 != self.trump)

    def roem(self, cards: tuple[int, ...]) -> int:
        return trick_roem(cards, self.trump, self.quartets) if cards and self.trick_roem else 0

    def lowest(self, mask: int) -> int:
        return min(cards_of(mask), key=lambda c: self.st[c])

    def highest(self, mask: int) -> int:
        return max(cards_of(mask), key=lambda c: self.st[c])

    def threat(self, head: int, led: int, later_opponents: list[int]) -> int:
        """A card a later opponent may hold that beats ``head`` (the strongest), or -1.

        Same-suit cards count whenever the opponent may hold them; a trump against a plain
        card only when that opponent has shown to be out of the suit led."""
        v = self.view
        threats = 0
        for o in later_opponents:
            may = v.may_hold(o)
            threats |= may & self.above[head]
            if head >> 3 != self.trump and v.void(o, led):
                threats |= may & self.tm
        return self.highest(threats) if threats else -1


def _signal_card(view: View, t: Table, led: int) -> tuple[int, str, dict[str, int]] | None:
    """The discard that tells partner most (same-suit signals), shortest suit first."""
    hand = view.hand
    best: tuple[tuple[int, int], tuple[int, str, dict[str, int]]] | None = None
    for s in range(4):
        cards = hand & SUIT_MASKS[s]
        if s == t.trump or s == led or not cards:
            continue
        top = view.highest_left(s)
        rest = SUIT_MASKS[s] & ~view.played & ~(1 << top)
        second = t.highest(rest) if rest else -1
        candidate: tuple[int, str, dict[str, int]] | None = None
        if hand >> top & 1 and second >= 0 and hand >> second & 1:
            candidate = (top, "signal_second", {"c_next": second})
        elif hand >> top & 1 and cards & ~(1 << top) & RANK_MASKS_LOW:
            candidate = (t.lowest(cards & RANK_MASKS_LOW), "signal_ace", {"c_top": top})
        elif not hand >> top & 1 and cards & RANK_MASKS_FACE:
            candidate = (t.highest(cards & RANK_MASKS_FACE), "signal_stop", {})
        if candidate is not None:
            key = (("signal_second", "signal_ace", "signal_stop").index(candidate[1]), cards.bit_count())
            if best is None or key < best[0]:
                best = (key, candidate)
    return None if best is None else best[1]


RANK_MASKS_LOW = RANK_MASKS[0] | RANK_MASKS[1] | RANK_MASKS[2]  # 7 8 9
RANK_MASKS_FACE = RANK_MASKS[4] | RANK_MASKS[5] | RANK_MASKS[6]  # J Q K


Scored = list[tuple[float, str, dict[str, object]]]  # per legal card, in order: (score, rule code, facts)


def lead_scores(view: View, t: Table) -> tuple[Scored, bool]:
    """The score of every legal lead, and whether no rule but "lead low" applies (nothing to cash or draw)."""
    hand, trump, pts, st = view.hand, t.trump, t.pts, t.st
    opponents = [view.seat ^ 1, view.seat ^ 3]
    opp_trumps = any(view.may_hold(o) & t.tm for o in opponents)
    my_trumps = hand & t.tm
    draw = view.makers == view.team and bool(my_trumps) and opp_trumps
    trumps_out = (view.unseen & t.tm).bit_count()
    top_trump = view.highest_left(trump)
    # Side suits headed by a winner, and whether an opponent who showed out may trump them.
    masters: dict[int, int] = {}
    ruffer: dict[int, int] = {}
    for s in range(4):
        if s == trump or not hand & SUIT_MASKS[s]:
            continue
        top = view.highest_left(s)
        if hand >> top & 1:
            masters[s] = top
            for o in opponents:
                if view.void(o, s) and view.may_hold(o) & t.tm:
                    ruffer[s] = o
    cashable = [s for s in masters if s not in ruffer]
    length = {s: (hand & SUIT_MASKS[s]).bit_count() for s in range(4)}
    cash_suit = min(cashable, key=lambda s: (length[s], -pts[masters[s]])) if cashable else -1
    side_lengths = [length[s] for s in range(4) if s != trump and length[s]]
    to_partner: dict[int, str] = {}
    stops: set[int] = set()
    for sig in view.signals:
        if sig.seat != view.partner:
            continue
        s = sig.card >> 3
        if sig.kind == "stop":
            stops.add(s)
        elif view.highest_left(s) >= 0 and not hand >> view.highest_left(s) & 1 \
                and not view.void(view.partner, s):
            to_partner[s] = sig.kind

    scored: list[tuple[float, str, dict[str, object]]] = []
    for c in cards_of(view.legal):
        s = c >> 3
        if s == trump:
            if draw and c == top_trump:
                scored.append((900, "draw_top", {"n": trumps_out}))
            elif draw and not hand >> top_trump & 1 and c == t.lowest(my_trumps):
                scored.append((800, "draw_low", {"n": trumps_out, "c_top": top_trump}))
            elif view.makers is not None and view.makers != view.team:
                scored.append((200 - st[c], "trump_defending", {}))
            else:
                scored.append((250 - st[c], "trump_keep", {}))
        elif masters.get(s) == c:
            if s in ruffer:
                o = ruffer[s]
                scored.append((300 + pts[c] / 100, "cash_ruffed",
                               {"s_suit": s, "seat_en": SEAT_WORDS["en"][o], "seat_nl": SEAT_WORDS["nl"][o]}))
            elif s == cash_suit:
                code = "cash_shortest" if length[s] == min(side_lengths) else "cash"
                scored.append((700, code, {"s_suit": s}))
            else:
                scored.append((650 - length[s], "cash_longer", {"s_suit": s}))
        elif s in to_partner and c == t.lowest(hand & SUIT_MASKS[s]):
            kind = to_partner[s]
            scored.append((600, "to_partner", {"s_suit": s, "signal_en": SIGNAL_WORDS[kind]["en"],
                                               "signal_nl": SIGNAL_WORDS[kind]["nl"]}))
        elif s in stops:
            scored.append((150 - pts[c], "partner_stop", {"s_suit": s}))
        elif pts[c] >= 10 and view.unseen & t.above[c]:
            scored.append((100 - pts[c], "lead_exposed",
                           {"s_suit": s, "c_top": view.highest_left(s), "p": pts[c]}))
        else:
            scored.append((400 - 5 * pts[c] - st[c], "lead_other", {"p": pts[c]}))
    return scored, not cashable and not draw


def lead_options(view: View, t: Table) -> list[Option]:
    scored, plain = lead_scores(view, t)
    pts = t.pts
    options = [Option(c, score, both(code, c_card=c, **facts), code)
               for c, (score, code, facts) in zip(cards_of(view.legal), scored, strict=True)]
    options.sort(key=lambda o: -o.score)
    first = options[0]
    if first.code == "lead_other" and plain:
        assert isinstance(first.action, int)
        options[0] = Option(first.action, first.score, both("lead_low", c_card=first.action, p=pts[first.action]),
                            "lead_low")
    return options


def follow_scores(view: View, t: Table) -> tuple[Scored, bool]:
    """The score of every legal card following to the trick, and whether any of them beats the trick's head
    (when none does, the best card is simply the cheapest to give)."""
    trick, st, pts = view.trick, t.st, t.pts
    tv = trick_view(trick, t.trump, TABLES[view.rules.values])
    head = tv.win
    head_seat = view.seat_at(view.leader, tv.win_pos)
    partner_heads = head_seat == view.partner
    led = trick[0] >> 3
    later = [view.seat_at(view.leader, k) for k in range(len(trick) + 1, 4)]
    later_opps = [s for s in later if s & 1 != view.team]
    last = not later
    before_roem = t.roem(trick)
    legal = cards_of(view.legal)
    signal = _signal_card(view, t, led) if partner_heads and not view.hand & SUIT_MASKS[led] else None
    sure_winners = [c for c in legal if t.beats(c, head) and not partner_heads and t.threat(c, led, later_opps) < 0]
    any_winner = any(t.beats(c, head) for c in legal) and not partner_heads
    scored: list[tuple[float, str, dict[str, object]]] = []
    for c in legal:
        wins = t.beats(c, head)
        new_head, new_seat = (c, view.seat) if wins else (head, head_seat)
        ours = new_seat & 1 == view.team
        threat = t.threat(new_head, led, later_opps) if ours else -1
        gain = t.roem((*trick, c)) - before_roem
        trick_pts = sum(pts[x] for x in trick) + pts[c]
        if partner_heads and wins:
            scored.append((450 + gain - st[c], "overtake", {}))
        elif ours and threat < 0 and partner_heads:
            if gain > 0:
                scored.append((900 + gain, "roem_ours", {"r": gain}))
            elif signal is not None and c == signal[0]:
                scored.append((800, signal[1], {"s_suit": c >> 3, "p": pts[c], **signal[2]}))
            elif c >> 3 != t.trump and c == view.highest_left(c >> 3) and view.hand & SUIT_MASKS[c >> 3] != 1 << c:
                scored.append((300 + pts[c], "keep_winner", {"s_suit": c >> 3}))
            elif c >> 3 == t.trump and st[c] >= 13:
                scored.append((200 - st[c], "keep_trump", {}))
            else:
                safe_en, safe_nl = (" (you play last)", " (je speelt als laatste)") if last else \
                    (" (no opponent after you can hold a higher card of its suit)",
                     " (geen tegenstander na je kan een hogere kaart van die kleur hebben)")
                scored.append((600 + 3 * pts[c] - st[c] / 16, "smear" if pts[c] else "smear_none",
                               {"p": pts[c], "safe_en": safe_en, "safe_nl": safe_nl}))
        elif ours and threat < 0:
            cheapest = min(st[x] for x in sure_winners) == st[c]
            if last:
                sure_en, sure_nl = "you play last", "je speelt als laatste"
            else:
                sure_en = "no opponent after you can hold a higher card of its suit"
                sure_nl = "geen tegenstander na je kan een hogere kaart van die kleur hebben"
            cheap_en, cheap_nl = (" and it is your cheapest winner", " en het is je goedkoopste winnaar") \
                if cheapest else ("", "")
            scored.append((850 + 2 * gain - st[c], "win_sure",
                           {"p": trick_pts, "sure_en": sure_en, "sure_nl": sure_nl, "cheap_en": cheap_en,
                            "cheap_nl": cheap_nl}))
        elif ours and not partner_heads:
            if c >> 3 == t.trump and led != t.trump and head >> 3 != t.trump:
                scored.append((750 - st[c], "trump_in", {"s_led": led}))
            else:
                scored.append((350 - pts[c], "win_unsure", {"c_threat": threat}))
        elif ours:
            scored.append((500 - 3 * pts[c] - st[c] / 16, "low_partner", {"c_threat": threat, "p": pts[c]}))
        else:
            cost = 3 * pts[c] + 3 * gain + st[c] / 16
            roem_en = f" and {gain} roem" if gain else ""
            roem_nl = f" en {gain} roem" if gain else ""
            scored.append((500 - cost, "gives", {"p": pts[c], "roem_en": roem_en, "roem_nl": roem_nl}))
    return scored, any_winner


def follow_options(view: View, t: Table) -> list[Option]:
    scored, any_winner = follow_scores(view, t)
    pts, legal = t.pts, cards_of(view.legal)
    options = [Option(c, score, both(code, c_card=c, **facts), code)
               for c, (score, code, facts) in zip(legal, scored, strict=True)]
    options.sort(key=lambda o: -o.score)
    top = options[0]
    if top.code == "gives" and not any_winner:
        assert isinstance(top.action, int)
        options[0] = Option(top.action, top.score, both("low", c_card=top.action, p=pts[top.action]), "low")
    return options


def _legal_cards(view: View) -> list[int]:
    legal = cards_of(view.legal)
    if not legal:
        raise ValueError("no card to play: it is not this seat's turn")
    return legal


def card_choice(view: View) -> int:
    """The card ``basic`` plays, without the explanations (the sampler models other players by it)."""
    legal = _legal_cards(view)
    if len(legal) == 1:
        return legal[0]
    t = Table(view)
    scored = lead_scores(view, t)[0] if not view.trick else follow_scores(view, t)[0]
    best = 0
    for i in range(1, len(legal)):
        if scored[i][0] > scored[best][0]:  # the first of equals, as the stable sort of card_options
            best = i
    return legal[best]


SIGNAL_CODES = ("signal_second", "signal_ace", "signal_stop")


def signal_choice(view: View) -> int | None:
    """The same-suit signal the rules of thumb give here (a discard on partner's safe trick that tells
    partner something, docs/bots.md), or None where they give none: the card a partner who signals
    plays, so a discard says something only where this is not None."""
    if not view.trick or not view.legal & (view.legal - 1):
        return None
    scored = follow_scores(view, Table(view))[0]
    score, code, _ = max(scored, key=lambda s: s[0])
    if code not in SIGNAL_CODES:
        return None
    return next(c for c, s in zip(cards_of(view.legal), scored, strict=True) if s[0] == score)


def card_options(view: View) -> list[Option]:
    legal = _legal_cards(view)
    if len(legal) == 1:
        return [Option(legal[0], 1000, both("only", c_card=legal[0]), "only")]
    t = Table(view)
    return lead_options(view, t) if not view.trick else follow_options(view, t)


def claim_options(view: View) -> list[Option]:
    roem = last_trick_roem(view)
    if not roem:
        return [Option(0, 1, both("claim_none"), "claim_none")]
    parts = trick_roem_parts(view.tricks[-1].cards, view.trump, quartet_values(view.rules))
    names_en = {"run": "a run worth {v}", "stuk": "stuk (king and queen of trumps) worth {v}",
                "four": "four of a kind worth {v}"}
    names_nl = {"run": "een reeks van {v}", "stuk": "stuk (heer en vrouw van troef) van {v}",
                "four": "vier gelijke van {v}"}
    what_en = " and ".join(names_en[k].format(v=v) for k, v in parts)
    what_nl = " en ".join(names_nl[k].format(v=v) for k, v in parts)
    return [Option(roem, 1, both("claim", r=roem, what_en=what_en, what_nl=what_nl), "claim"),
            Option(0, 0, both("claim_skip", r=roem), "claim_skip")]


class BasicBot(Bot):
    name = "basic"

    def trump(self, view: View) -> TrumpAction:
        action = trump_options(view)[0].action
        assert isinstance(action, TrumpAction)
        return action

    def card(self, view: View) -> int:
        return card_choice(view)

    def advise(self, view: View) -> list[Option]:
        if view.phase == "trump":
            return trump_options(view)
        if view.phase == "play":
            return card_options(view)
        if view.phase == "claim":
            return claim_options(view)
        raise ValueError(f"no decision in phase {view.phase!r}")
