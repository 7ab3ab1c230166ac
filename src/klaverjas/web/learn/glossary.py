"""The glossary: Klaverjas terms in Dutch and English, and for the South African game Afrikaans.

``id`` is the anchor other pages link to (``/learn/glossary#nat``); js/glossary.js maps the words
that appear in the app's texts to these ids, and a test checks that every id it uses exists here.
A term's name and meaning are texts of :mod:`klaverjas.core.texts`, one per language; ``also`` holds other
words heard at the table for it, which the glossary's search finds and shows.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from klaverjas.core.texts import Table, Text, entry


class Term(NamedTuple):
    id: str
    name: Text  # the term in each language
    af: str  # the Afrikaans word in South African Klawerjas, "" when the term is Dutch only
    meaning: Text  # what it means, in each language
    games: str  # "nl", "sa" or "both"
    also: tuple[tuple[str, str], ...] = ()  # other words for it: (language, word)

    @property
    def nl(self) -> str:
        return self.name["nl"]

    @property
    def en(self) -> str:
        return self.name["en"]

    @property
    def def_nl(self) -> str:
        return self.meaning["nl"]

    @property
    def def_en(self) -> str:
        return self.meaning["en"]


TERMS: tuple[Term, ...] = (
    Term("troef", entry("trump", "troef"), "troef",
         entry("The suit that beats all other suits. The highest trump wins the trick.",
               "De kleur die alle andere kleuren slaat. De hoogste troef wint de slag."), "both"),
    Term("jas", entry("jack of trumps", "jas (troefboer)"), "boer",
         entry("The jack of trumps, the highest card in the game: 20 points.",
               "De boer van troef, de hoogste kaart van het spel: 20 punten."), "both"),
    Term("nel", entry("nine of trumps", "nel"), "manel",
         entry("The nine of trumps, the second highest trump: 14 points.",
               "De negen van troef, de op één na hoogste troef: 14 punten."), "both"),
    Term("slag", entry("trick", "slag"), "slaggie",
         entry("The four cards played in turn; whoever plays the highest takes the trick.",
               "De vier kaarten die de spelers om de beurt opleggen; wie de hoogste legt, neemt de slag."), "both"),
    Term("bekennen", entry("follow suit", "bekennen"), "",
         entry("Play a card of the suit led. If you hold that suit, you must.",
               "Een kaart spelen van de kleur die gevraagd is. Heb je die kleur, dan moet het."), "both"),
    Term("introeven", entry("trump in", "introeven"), "",
         entry("Play a trump when you cannot follow suit.",
               "Troef spelen als je de gevraagde kleur niet hebt."), "both"),
    Term("overtroeven", entry("overtrump", "overtroeven"), "",
         entry("Play a higher trump than the trump already in the trick.",
               "Een hogere troef spelen dan de troef die al in de slag ligt."), "both"),
    Term("ondertroeven", entry("undertrump", "ondertroeven"), "",
         entry("Play a lower trump than the trump already in the trick. In Amsterdam only if you hold nothing else; "
               "in Rotterdam compulsory when you cannot overtrump.",
               "Een lagere troef spelen dan de troef die al in de slag ligt. In Amsterdam alleen als je niets "
               "anders hebt; in Rotterdam verplicht als je niet kunt overtroeven."), "nl"),
    Term("verzaken", entry("renege", "verzaken"), "versak",
         entry("Play a card the rules do not allow, for example not following suit when you can.",
               "Een kaart spelen die de regels niet toestaan, bijvoorbeeld niet bekennen terwijl het kan."), "both",
         (("en", "revoke"),)),
    Term("roem", entry("roem (bonus points)", "roem"), "roem",
         entry("Bonus points for runs, stuk and four of a kind in one trick.",
               "Bonuspunten voor reeksen, stuk en vier gelijke kaarten in één slag."), "both", (("en", "meld"),)),
    Term("roem-melden", entry("claim roem", "roem melden"), "",
         entry("Saying the roem in a trick your team won, before the next card is played. Where the rules say roem "
               "is claimed, roem not claimed in time is lost, and a wrong claim is refused.",
               "De roem noemen in een slag die je team won, voordat de volgende kaart gespeeld wordt. Waar de regels "
               "zeggen dat roem gemeld wordt, is roem die niet op tijd gemeld is weg, en een verkeerde melding "
               "wordt geweigerd."), "nl", (("en", "call roem"),)),
    Term("stuk", entry("stuk (king and queen of trumps)", "stuk"), "sturk",
         entry("King and queen of trumps in the same trick: 20 roem. In South Africa (sturk) in one hand.",
               "Heer en vrouw van troef in dezelfde slag: 20 roem. In Zuid-Afrika (sturk) in één hand."), "both"),
    Term("roemte", entry("roemte (declared set)", "roemte"), "roemte",
         entry("In South African Klawerjas: a run or four of a kind in your hand, declared with your first card.",
               "In Zuid-Afrikaans klawerjas: een reeks of vier gelijke uit je hand, gemeld bij je eerste "
               "kaart."), "sa"),
    Term("overroem", entry("overroem", "overroemen"), "oorroem",
         entry("Declare a better roemte than the opponent's, so that only your team's count.",
               "Een betere roemte melden dan de tegenstander, zodat alleen die van jouw team telt."), "sa"),
    Term("nat", entry("nat (going down)", "nat (beet)"), "",
         entry("The playing team does not score more than the defenders: it scores 0 and the defenders get all points "
               "and all roem.",
               "Het spelende team haalt niet meer dan de tegenpartij: het krijgt 0 en de tegenpartij alle "
               "punten en alle roem."), "nl"),
    Term("pit", entry("pit (all tricks)", "pit (mars)"), "",
         entry("Taking all eight tricks: 100 extra roem.",
               "Alle acht slagen halen: 100 roem extra."), "nl"),
    Term("spelen", entry("playing team (makers)", "spelen / gaan"), "",
         entry("The team of the player who chose trump; it must score more than the defenders.",
               "Het team van de speler die troef koos; het moet meer halen dan de tegenpartij."), "nl"),
    Term("wij-zij", entry("us / them", "wij / zij"), "",
         entry("The two columns of the score sheet: your own team and the opponents.",
               "De twee kolommen van het scorebord: je eigen team en de tegenpartij."), "nl"),
    Term("maat", entry("partner", "maat"), "maat",
         entry("The player opposite you; you play together.",
               "De speler tegenover je; jullie spelen samen."), "both"),
    Term("voorhand", entry("first leader", "voorhand"), "",
         entry("The player who leads the first trick: left of the dealer.",
               "De speler die de eerste slag uitkomt: links van de deler."), "nl", (("en", "eldest hand"),)),
    Term("boom", entry("match (16 deals)", "boom"), "boem",
         entry("A match of 16 deals. In South Africa the boem is the tally of strokes: the first to five wins.",
               "Een partij van 16 spellen. In Zuid-Afrika is de boem de stand in strepen: wie eerst vijf "
               "heeft wint."), "both"),
    Term("seinen", entry("signalling", "seinen"), "",
         entry("Telling your partner something with a discard: a low card says you hold the ace, a face card asks not "
               "to lead that suit (afseinen).",
               "Met je bijgooi je maat iets vertellen: een lage kaart betekent dat je de aas hebt, een "
               "plaatje vraagt die kleur niet te spelen (afseinen)."), "nl"),
    Term("troeftrekken", entry("drawing trumps", "troef trekken"), "",
         entry("Leading trumps to take the opponents' trumps out, preferably with the highest trump.",
               "Troef uitkomen om de troeven van de tegenpartij eruit te halen, liefst met de hoogste troef."), "both"),
    Term("telman", entry("scorer", "teller"), "telman",
         entry("In South African Klawerjas the player who keeps his team's count and roemtes.",
               "In Zuid-Afrikaans klawerjas de speler die voor zijn team telt en de roemtes bijhoudt."), "sa"),
    Term("byspeler", entry("partner of the scorer", "meespeler"), "byspeler",
         entry("The telman's partner.",
               "De maat van de telman."), "sa"),
    Term("ou-jol", entry("old play", "oud spel"), "ou jol",
         entry("Nobody reached 100: a new deal, and both totals carry over.",
               "Niemand haalde 100: er wordt opnieuw gedeeld en beide standen lopen door."), "sa"),
    Term("streep", entry("stroke", "streep"), "streep",
         entry("A team that reaches 100 goes on one stroke, two if the others have less than 50.",
               "Wie 100 haalt gaat op met één streep, twee als de anderen onder de 50 zitten."), "sa"),
    Term("laas-trek", entry("last trick", "laatste slag"), "laas trek",
         entry("The last trick counts extra: 10 points (Dutch) or 5 (vyf laas trek, South African).",
               "De laatste slag telt extra: 10 punten (Nederlands) of 5 (vyf laas trek, Zuid-Afrikaans)."), "both"),
    Term("baaskaart", entry("master card", "hoogste kaart"), "baaskaart",
         entry("The highest card of a suit still in play.",
               "De hoogste kaart van een kleur die nog in het spel is."), "sa"),
    Term("pak-dik", entry("smearing", "bijgooien (punten)"), "pak dik",
         entry("Throwing many points on a trick your partner will win.",
               "Veel punten bijgooien op een slag die je maat gaat winnen."), "both",
         (("nl", "spekken"), ("en", "smear"))),
)

TERM_IDS = frozenset(t.id for t in TERMS)
NAMES: Table = {t.id: t.name for t in TERMS}
MEANINGS: Table = {t.id: t.meaning for t in TERMS}


def glossary_json() -> list[dict[str, Any]]:
    return [{"id": t.id, "nl": t.nl, "en": t.en, "af": t.af, "def_nl": t.def_nl, "def_en": t.def_en,
             "games": t.games,
             "also": [{"lang": lang, "word": word} for lang, word in t.also]} for t in TERMS]
