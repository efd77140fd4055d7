"""French names in running text (pure): a name with its article (« la Macédoine », « les pirates
illyriens », « l’Égypte lagide », or none for a person or a city: « Rhodes »), the article contracted with
« de » and « à » (« du Pont », « des Nabatéens », « d’Antioche », « au Gandhara », « aux Paropamisades »),
« en » before a country (« en Médie », « au Pont », « à Rhodes »), and a sentence whose subject is plural
agreed with it (« les pirates illyriens lancent un raid », « les Nabatéens perçoivent … de leurs
provinces »).

The scenario gives each name that takes an article its running form (`french:`, docs/rules/symmachia.md
S 1.2); a name it does not list is a proper name, without article. `compose` fills a French report
template: « de %(x)s », « à %(x)s », « en %(x)s » and « %(x)s » become the forms of the name `x`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

VOWELS = "aeiouyhàâäéèêëîïôöûüAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜ"
ELIDED = ("l’", "l'")
ARTICLES = ("le", "la", "les")
GENDERS = ("m", "f")


@dataclass(frozen=True)
class Noun:
    """A name as a sentence says it: its article (`le`, `la`, `les`, `l’`, or none) and the name after it."""

    name: str
    article: str = ""
    feminine: bool = True

    @property
    def plural(self) -> bool:
        return self.article == "les"

    def the(self) -> str:
        """« la Macédoine », « l’Épire », « les Nabatéens », « Rhodes »."""
        if self.article == "l’":
            return f"l’{self.name}"
        return f"{self.article} {self.name}" if self.article else self.name

    def of(self) -> str:
        """« de la Macédoine », « du Pont », « des Nabatéens », « de l’Épire », « d’Antioche »."""
        if self.article == "le":
            return f"du {self.name}"
        if self.article == "les":
            return f"des {self.name}"
        if not self.article and self.name[:1] in VOWELS:
            return f"d’{self.name}"
        return f"de {self.the()}"

    def to(self) -> str:
        """« à la Macédoine », « au Pont », « aux Nabatéens », « à l’Épire », « à Rhodes »."""
        if self.article == "le":
            return f"au {self.name}"
        if self.article == "les":
            return f"aux {self.name}"
        return f"à {self.the()}"

    def in_(self) -> str:
        """Where: « en Médie », « en Épire », « en mer Ionienne », « au Pont », « aux Paropamisades », « à Rhodes »."""
        if self.article in ("la", "l’"):
            return f"en {self.name}"
        if self.article in ("le", "les"):
            return self.to()
        return f"à {self.name}"


def noun(text: str, gender: str | None = None) -> Noun:
    """A name's running form (« la Macédoine », « l’Indus ») read into its article and name; `gender`
    (`m` or `f`) where « l’ » or « les » hides it (a name with no article is a proper name)."""
    text = text.strip()
    for elided in ELIDED:
        if text.lower().startswith(elided):
            return Noun(text[len(elided) :], "l’", gender != "m")
    head, _, rest = text.partition(" ")
    if head.lower() in ARTICLES and rest:
        article = head.lower()
        return Noun(rest, article, article == "la" or (article == "les" and gender == "f"))
    return Noun(text, "", gender != "m")


def form_problem(text: str, gender: str | None) -> str | None:
    """Why a name's running form cannot be read (None: it can)."""
    if not text.strip():
        return "expected the name with its article, such as 'la Macédoine' or 'les Nabatéens'"
    if gender is not None and gender not in GENDERS:
        return f"the gender is 'm' or 'f', found {gender!r}"
    made = noun(text, gender)
    if not made.article:
        return f"{text!r} has no article (le, la, les, l’): a name without one is a proper name and needs no entry"
    return None


# The verbs of the report's French sentences, third person: singular to plural (others: -e adds -nt).
PLURALS = {
    "est": "sont",
    "a": "ont",
    "va": "vont",
    "fait": "font",
    "perçoit": "perçoivent",
    "prend": "prennent",
    "reprend": "reprennent",
    "bat": "battent",
    "peut": "peuvent",
    "sort": "sortent",
    "vieillit": "vieillissent",
    "pourrit": "pourrissent",
    "revient": "reviennent",
    "entretient": "entretiennent",
    "construit": "construisent",
    "rejoint": "rejoignent",
}
POSSESSIVES = {"son": "leur", "sa": "leur", "ses": "leurs"}
_PLACEHOLDER = re.compile(r"(?:\b(de|à|en) )?%\((\w+)\)s")


def plural_verb(word: str) -> str:
    """« lance » → « lancent », « perçoit » → « perçoivent »; a word not known as a verb is left."""
    if word in PLURALS:
        return PLURALS[word]
    return word + "nt" if word.endswith("e") and len(word) > 2 else word


def agreed(rest: str, subject: Noun, plural: bool) -> str:
    """What follows a subject at the head of a sentence, agreed with it: for a plural subject the verb
    (after « ne », « se », « n’ », « s’ ») and the possessives; the participle after « est » or « sont »
    in its gender and number (the templates write it feminine singular, as « l’armée … est détruite »)."""
    words = rest.split(" ")
    i = 1 if words and words[0] == "" else 0  # the space after the subject
    while i < len(words) and words[i] in ("ne", "se"):
        i += 1
    if i >= len(words):
        return rest
    word = words[i]
    prefix = word[:2] if word[:2] in ("n’", "s’") else ""
    verb = word[len(prefix) :]
    if plural:
        verb = plural_verb(verb)
        words[i] = "ne sont" if prefix == "n’" and verb == "sont" else prefix + verb
    if verb in ("est", "sont") and i + 1 < len(words):
        words[i + 1] = _participle(words[i + 1], subject.feminine, plural)
    if plural:
        words = [POSSESSIVES.get(w, w) for w in words]
    return " ".join(words)


def _participle(word: str, feminine: bool, plural: bool) -> str:
    """« détruite » as its subject asks: « détruit », « détruites », « détruits »; « libre » stays; a
    punctuation after it stays."""
    core = word.rstrip(".,;:")
    tail = word[len(core) :]
    if not core.endswith(("ée", "ue", "te", "ie")):
        return word
    if not feminine:
        core = core[:-1]
    return core + ("s" if plural else "") + tail


def compose(
    template: str,
    values: Mapping[str, str],
    nouns: Mapping[str, Sequence[Noun]],
    join: Callable[[list[str]], str],
) -> str:
    """A French template filled: each `%(x)s` whose name is in `nouns` (one or several names) in the form
    its preposition asks (« de », « à », « en », or none: with its article), the others from `values`;
    a sentence that begins with a plural subject agreed with it."""

    def filled(match: re.Match[str]) -> str:
        prep, key = match.group(1), match.group(2)
        if key not in nouns or not nouns[key]:
            value = values.get(key, "?")
            return f"{prep} {value}" if prep else value
        form = {"de": Noun.of, "à": Noun.to, "en": Noun.in_}.get(prep or "", Noun.the)
        return join([form(n) for n in nouns[key]])

    head = re.match(r"%\((\w+)\)s", template)
    subject = nouns.get(head.group(1)) if head else None
    if head and subject and subject[0].article:
        plural = len(subject) > 1 or subject[0].plural
        if plural or not subject[0].feminine:
            template = template[: head.end()] + agreed(template[head.end() :], subject[0], plural)
    return _PLACEHOLDER.sub(filled, template)
