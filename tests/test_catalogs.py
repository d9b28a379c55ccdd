"""Every sentence the app can show has its translation (issue 26): for each domain (the shared
`app` and each game package) and each language, every message extracted from the code, the
partials, the scripts and the game data has a checked (not fuzzy) translation in every plural
form, with the same placeholders as the English. One test per domain and language, so a
domain that is not finished fails on its own.

To bring a catalog up to date: `python -m companion.catalogs update`, translate, remove the
`#, fuzzy` flags, then `python -m companion.catalogs check`."""

import re

import pytest
from babel.messages.pofile import read_po

from companion import catalogs
from companion.core import i18n

PLACEHOLDER = re.compile(r"\{(\w*)\}")
LANGUAGES = [x for x in i18n.LOCALES if x != i18n.SOURCE]
DOMAINS = {d.name: d for d in catalogs.domains()}


def names(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(domain, locale: str) -> list[str]:
    template = catalogs.extract(domain)
    po = domain.po(locale)
    if not po.is_file():
        return [f"{po} is missing"]
    with po.open("rb") as fp:
        have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in read_po(fp, locale=locale) if m.id}
    out = []
    for message in template:
        if not message.id:
            continue
        ids = list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]
        key = (message.context, ids[0])
        where = ", ".join(f"{f}:{n}" for f, n in message.locations[:1])
        got = have.get(key)
        strings = [] if got is None else (list(got.string) if isinstance(got.string, (list, tuple)) else [got.string])
        if got is None or not strings or not all(strings):
            out.append(f"untranslated ({where}): {ids[0]!r}")
            continue
        if got.fuzzy:
            out.append(f"fuzzy, not checked yet ({where}): {ids[0]!r}")
            continue
        for i, said in enumerate(strings):
            source = ids[0] if i == 0 or len(ids) == 1 else ids[1]
            wanted, found = names(source) - {"n"}, names(said) - {"n"}
            if wanted != found or ("n" in names(said) and "n" not in names(source) and len(ids) == 1):
                out.append(f"placeholders differ ({where}): {source!r} -> {said!r}")
    return out


@pytest.mark.parametrize("locale", LANGUAGES)
@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_every_message_of_the_domain_is_translated(domain, locale):
    left = problems(DOMAINS[domain], locale)
    assert left == [], f"{len(left)} message(s) of {domain} in {locale}:\n" + "\n".join(left[:40])


def test_the_catalogs_plural_rule_is_the_one_every_domain_shares():
    """The catalogs of one language are merged at start: one plural rule for them all."""
    for locale in LANGUAGES:
        rules = set()
        for domain in DOMAINS.values():
            po = domain.po(locale)
            if po.is_file():
                with po.open("rb") as fp:
                    rules.add(read_po(fp, locale=locale).plural_forms)
        assert len(rules) == 1, rules


@pytest.mark.parametrize("locale", LANGUAGES)
def test_a_sentence_in_two_catalogs_is_translated_one_way(locale):
    """The catalogs are merged when read, so the same English (and context) in two domains has one
    translation whatever the order: a game that needs other words for it gives it a context."""
    seen: dict = {}
    for domain in DOMAINS.values():
        po = domain.po(locale)
        if not po.is_file():
            continue
        with po.open("rb") as fp:
            for m in read_po(fp, locale=locale):
                if m.id and m.string:
                    key = (m.context, m.id if isinstance(m.id, str) else m.id[0])
                    seen.setdefault(key, {})[domain.name] = str(m.string)
    twice = {key: where for key, where in seen.items() if len(set(where.values())) > 1}
    assert not twice, twice
