"""The translation catalogs: extract every marked sentence with Babel, keep each language's `.po` up
to date, and say what is left to translate.

    python -m companion.catalogs update     # extract, then merge into every language's messages.po
    python -m companion.catalogs check      # list sentences with no translation (exit 1 if any)

One catalog per domain: `app` (the shared pages, the engine, the web layer, app.js) and one per game
package (its Python, its partials, its scripts, the strings of its rules_data file whose keys are
listed in the package's `translations/json-keys.txt`).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.pofile import read_po, write_po

from .core import i18n

ROOT = Path(__file__).resolve().parent.parent  # the project
PKG = ROOT / "companion"
COMMENT_TAGS = ("TRANSLATORS:",)
METHODS = {".py": "python", ".html": "jinja2.ext:babel_extract", ".js": "javascript", ".json": "companion.catalogs:extract_json"}


@dataclass
class Domain:
    name: str
    translations: Path  # the translations/ folder the catalogs live in
    files: list[Path]
    json_keys: frozenset[str] = frozenset()

    def po(self, locale: str) -> Path:
        return self.translations / locale / "LC_MESSAGES" / "messages.po"


def domains() -> list[Domain]:
    from . import games

    game_files: set[Path] = set()
    found = []
    for package in games.PACKAGES:
        game = import_module(f"companion.games.{package}").GAME
        folder = PKG / "games" / package
        files = sorted(folder.rglob("*.py"))
        files += sorted((ROOT / "templates" / game.templates).glob("*.html"))
        files += [ROOT / "static" / s for s in game.scripts if s.endswith(".js")]
        data = ROOT / "rules_data" / f"{package}.json"
        keys_file = folder / "translations" / "json-keys.txt"
        keys = frozenset()
        if keys_file.is_file() and data.is_file():
            keys = frozenset(k.strip() for k in keys_file.read_text().split() if k.strip())
            files.append(data)
        game_files.update(files)
        found.append(Domain(package, folder / "translations", files, keys))
    shared = sorted(p for p in PKG.rglob("*.py") if p not in game_files and p.parent.name != "translations"
                    and (p.relative_to(PKG).parts[0] != "games" or p.parent == PKG / "games"))  # games/kernel.py is shared
    shared += sorted((ROOT / "templates").glob("*.html"))
    shared += sorted(p for p in (ROOT / "static" / "js").glob("*.js") if p not in game_files)
    return [Domain("app", PKG / "translations", shared)] + found


def extract_json(fileobj, keywords, comment_tags, options):
    """Babel extraction method for rules_data files: every string (or list of strings) under one of
    the keys in `options["keys"]`, wherever it sits in the document."""
    keys = set(options.get("keys", ()))
    doc = json.load(fileobj)

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in keys and isinstance(v, str) and v.strip():
                    yield v, f"{path}.{k}"
                elif k in keys and isinstance(v, list) and all(isinstance(x, str) for x in v):
                    for i, x in enumerate(v):
                        if x.strip():
                            yield x, f"{path}.{k}[{i}]"
                else:
                    yield from walk(v, f"{path}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from walk(v, f"{path}[{i}]")

    for text, where in walk(doc, "$"):
        yield 0, None, text, [where]


def extract(domain: Domain) -> Catalog:
    catalog = Catalog(project="table-companion", domain=domain.name, charset="utf-8")
    for path in domain.files:
        method = METHODS[path.suffix]
        options = {"keys": domain.json_keys} if path.suffix == ".json" else {}
        if path.suffix == ".html":
            options = {"extensions": "jinja2.ext.i18n", "trimmed": "true"}
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                method, path, keywords=DEFAULT_KEYWORDS, comment_tags=COMMENT_TAGS, options=options,
                strip_comment_tags=True):
            catalog.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return catalog


def update(locales=None) -> None:
    for domain in domains():
        template = extract(domain)
        for locale in locales or [x for x in i18n.LOCALES if x != i18n.SOURCE]:
            po = domain.po(locale)
            if po.is_file():
                with po.open("rb") as fp:
                    catalog = read_po(fp, locale=locale)
                catalog.update(template, update_header_comment=False)
            else:
                catalog = Catalog(locale=locale, domain=domain.name, project="table-companion", charset="utf-8")
                catalog.update(template)
            po.parent.mkdir(parents=True, exist_ok=True)
            with po.open("wb") as fp:
                write_po(fp, catalog, width=100, omit_header=False, sort_output=False, ignore_obsolete=True)
    i18n.reload()


def missing(locale: str) -> list[tuple[str, str, str]]:
    """(domain, where, message) for every marked sentence with no checked translation."""
    left = []
    for domain in domains():
        template = extract(domain)
        po = domain.po(locale)
        have = {}
        if po.is_file():
            with po.open("rb") as fp:
                have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in read_po(fp, locale=locale) if m.id}
        for message in template:
            if not message.id:
                continue
            key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
            got = have.get(key)
            strings = got and (got.string if isinstance(got.string, (list, tuple)) else [got.string])
            if not got or got.fuzzy or not strings or not all(strings):
                where = ", ".join(f"{f}:{n}" for f, n in message.locations[:1])
                left.append((domain.name, where, key[1]))
    return left


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else "check"
    if command == "update":
        update(args[1:] or None)
        return 0
    if command == "check":
        bad = 0
        for locale in args[1:] or [x for x in i18n.LOCALES if x != i18n.SOURCE]:
            for domain, where, message in missing(locale):
                print(f"{locale} {domain} {where}: {message}")
                bad += 1
        print(f"{bad} sentence(s) without a translation")
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
