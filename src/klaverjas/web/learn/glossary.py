"""The glossary: Klaverjas terms in Dutch and English, and for the South African game Afrikaans (S001, S000).

``id`` is the anchor other pages link to (``/learn/glossary#nat``); js/glossary.js maps the words
that appear in the app's texts to these ids, and a test checks that every id it uses exists here.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Term(NamedTuple):
    id: str
    nl: str
    en: str
    af: str  # the Afrikaans word in South African Klawerjas (S000), "" when the term is Dutch only
    def_nl: str
    def_en: str
    games: str  # "nl", "sa" or "both"


TERMS: tuple[Term, ...] = (
    Term("troef", "troef", "trump", "troef",
         "De kleur die alle andere kleuren slaat. De hoogste troef wint de slag.",
         "The suit that beats all other suits. The highest trump wins the trick.", "both"),
    Term("jas", "jas (troefboer)", "jack of trumps", "boer",
         "De boer van troef, de hoogste kaart van het spel: 20 punten.",
         "The jack of trumps, the highest card in the game: 20 points.", "both"),
    Term("nel", "nel", "nine of trumps", "manel",
         "De negen van troef, de op één na hoogste troef: 14 punten.",
         "The nine of trumps, the second highest trump: 14 points.", "both"),
    Term("slag", "slag", "trick", "slaggie",
         "De vier kaarten die de spelers om de beurt opleggen; wie de hoogste legt, neemt de slag.",
         "The four cards played in turn; whoever plays the highest takes the trick.", "both"),
    Term("bekennen", "bekennen", "follow suit", "",
         "Een kaart spelen van de kleur die gevraagd is. Heb je die kleur, dan moet het.",
         "Play a card of the suit led. If you hold that suit, you must.", "both"),
    Term("introeven", "introeven", "trump in", "",
         "Troef spelen als je de gevraagde kleur niet hebt.",
         "Play a trump when you cannot follow suit.", "both"),
    Term("overtroeven", "overtroeven", "overtrump", "",
         "Een hogere troef spelen dan de troef die al in de slag ligt.",
         "Play a higher trump than the trump already in the trick.", "both"),
    Term("ondertroeven", "ondertroeven", "undertrump", "",
         "Een lagere troef spelen dan de troef die al in de slag ligt. In Amsterdam alleen als je niets anders "
         "hebt; in Rotterdam verplicht als je niet kunt overtroeven.",
         "Play a lower trump than the trump already in the trick. In Amsterdam only if you hold nothing else; in "
         "Rotterdam compulsory when you cannot overtrump.", "nl"),
    Term("verzaken", "verzaken", "renege", "versak",
         "Een kaart spelen die de regels niet toestaan, bijvoorbeeld niet bekennen terwijl het kan.",
         "Play a card the rules do not allow, for example not following suit when you can.", "both"),
    Term("roem", "roem", "roem (bonus points)", "roem",
         "Bonuspunten voor reeksen, stuk en vier gelijke kaarten in één slag.",
         "Bonus points for runs, stuk and four of a kind in one trick.", "both"),
    Term("stuk", "stuk", "stuk (king and queen of trumps)", "sturk",
         "Heer en vrouw van troef in dezelfde slag: 20 roem. In Zuid-Afrika (sturk) in één hand.",
         "King and queen of trumps in the same trick: 20 roem. In South Africa (sturk) in one hand.", "both"),
    Term("roemte", "roemte", "roemte (declared set)", "roemte",
         "In Zuid-Afrikaans klawerjas: een reeks of vier gelijke uit je hand, gemeld bij je eerste kaart.",
         "In South African Klawerjas: a run or four of a kind in your hand, declared with your first card.", "sa"),
    Term("overroem", "overroemen", "overroem", "oorroem",
         "Een betere roemte melden dan de tegenstander, zodat alleen die van jouw team telt.",
         "Declare a better roemte than the opponent's, so that only your team's count.", "sa"),
    Term("nat", "nat (beet)", "nat (going down)", "",
         "Het spelende team haalt niet meer dan de tegenpartij: het krijgt 0 en de tegenpartij alle punten en "
         "alle roem.",
         "The playing team does not score more than the defenders: it scores 0 and the defenders get all points "
         "and all roem.", "nl"),
    Term("pit", "pit (mars)", "pit (all tricks)", "",
         "Alle acht slagen halen: 100 roem extra.",
         "Taking all eight tricks: 100 extra roem.", "nl"),
    Term("spelen", "spelen / gaan", "playing team (makers)", "",
         "Het team van de speler die troef koos; het moet meer halen dan de tegenpartij.",
         "The team of the player who chose trump; it must score more than the defenders.", "nl"),
    Term("wij-zij", "wij / zij", "us / them", "",
         "De twee kolommen van het scorebord: je eigen team en de tegenpartij.",
         "The two columns of the score sheet: your own team and the opponents.", "nl"),
    Term("maat", "maat", "partner", "maat",
         "De speler tegenover je; jullie spelen samen.",
         "The player opposite you; you play together.", "both"),
    Term("voorhand", "voorhand", "first leader", "",
         "De speler die de eerste slag uitkomt: links van de deler.",
         "The player who leads the first trick: left of the dealer.", "nl"),
    Term("boom", "boom", "match (16 deals)", "boem",
         "Een partij van 16 spellen. In Zuid-Afrika is de boem de stand in strepen: wie eerst vijf heeft wint.",
         "A match of 16 deals. In South Africa the boem is the tally of strokes: the first to five wins.", "both"),
    Term("seinen", "seinen", "signalling", "",
         "Met je bijgooi je maat iets vertellen: een lage kaart betekent dat je de aas hebt, een plaatje vraagt "
         "die kleur niet te spelen (afseinen).",
         "Telling your partner something with a discard: a low card says you hold the ace, a face card asks not "
         "to lead that suit (afseinen).", "nl"),
    Term("troeftrekken", "troef trekken", "drawing trumps", "",
         "Troef uitkomen om de troeven van de tegenpartij eruit te halen, liefst met de hoogste troef.",
         "Leading trumps to take the opponents' trumps out, preferably with the highest trump.", "both"),
    Term("telman", "teller", "scorer", "telman",
         "In Zuid-Afrikaans klawerjas de speler die voor zijn team telt en de roemtes bijhoudt.",
         "In South African Klawerjas the player who keeps his team's count and roemtes.", "sa"),
    Term("byspeler", "meespeler", "partner of the scorer", "byspeler",
         "De maat van de telman.", "The telman's partner.", "sa"),
    Term("ou-jol", "oud spel", "old play", "ou jol",
         "Niemand haalde 100: er wordt opnieuw gedeeld en beide standen lopen door.",
         "Nobody reached 100: a new deal, and both totals carry over.", "sa"),
    Term("streep", "streep", "stroke", "streep",
         "Wie 100 haalt gaat op met één streep, twee als de anderen onder de 50 zitten.",
         "A team that reaches 100 goes on one stroke, two if the others have less than 50.", "sa"),
    Term("laas-trek", "laatste slag", "last trick", "laas trek",
         "De laatste slag telt extra: 10 punten (Nederlands) of 5 (vyf laas trek, Zuid-Afrikaans).",
         "The last trick counts extra: 10 points (Dutch) or 5 (vyf laas trek, South African).", "both"),
    Term("baaskaart", "hoogste kaart", "master card", "baaskaart",
         "De hoogste kaart van een kleur die nog in het spel is.",
         "The highest card of a suit still in play.", "sa"),
    Term("pak-dik", "bijgooien (punten)", "smearing", "pak dik",
         "Veel punten bijgooien op een slag die je maat gaat winnen.",
         "Throwing many points on a trick your partner will win.", "both"),
)

TERM_IDS = frozenset(t.id for t in TERMS)


def glossary_json() -> list[dict[str, Any]]:
    return [t._asdict() for t in TERMS]
