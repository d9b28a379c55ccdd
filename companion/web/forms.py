"""Turns an htmx form into an action, so pages and the JSON API share one validation.

  name=value          a string
  json:name=value     a JSON value (true, 3, null, ["a"]): numbers and switches are sent this way,
                      since every action is validated strictly (a number is never the text "3")
  a.b=value           nested: {"a": {"b": value}}
  name[]=v1&name[]=v2 a list
  rows.0.name=..     numbered rows become a list, in order; a row whose name is left blank
                     is left out (the empty lines of a setup form). Row numbers are ASCII digits.
Empty fields are left out, so an optional choice left blank is simply absent.

`loads` is the one JSON reader of the API's bodies and of the forms' `json:` fields: it refuses
anything nested deeper than MAX_DEPTH.
"""

import json
import re

from ..core.errors import BadInput
from ..core.i18n import _

MAX_DEPTH = 32  # nesting of JSON arrays and objects (no action needs more than a handful)
MAX_PATH = 8  # parts of a dotted form field name
MAX_ROW = 999  # the highest row number of a form
SIGNED = re.compile(r"\s*([+\-\u2212])\s*(\d+)\s*")  # "+3", "- 3", "−3" (a typographic minus) as people type them


def depth(value) -> int:
    """How deeply a parsed JSON value nests (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, d)
            if d > MAX_DEPTH:
                return d
            stack.extend((child, d + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def loads(text, what: str | None = None):
    """Parse JSON; a refusal (400) for anything malformed or nested too deeply. `what`: the form
    field's name (None: the request's body)."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise BadInput(too_deep(what)) from None
    except ValueError:
        raise BadInput(_("The body could not be read (it must be JSON).") if what is None else
                       _("{name} could not be read (it must be JSON).", name=what)) from None
    if depth(value) > MAX_DEPTH:
        raise BadInput(too_deep(what))
    return value


def too_deep(what: str | None) -> str:
    if what is None:
        return _("The body is nested too deeply (at most {n} levels).", n=MAX_DEPTH)
    return _("{name} is nested too deeply (at most {n} levels).", name=what, n=MAX_DEPTH)


def is_row(key: str) -> bool:
    return key.isascii() and key.isdigit() and len(key) <= 3 and int(key) <= MAX_ROW


def decode(form) -> dict:
    out: dict = {}
    for key in form.keys():
        values = form.getlist(key)
        is_json = key.startswith("json:")
        name = key[5:] if is_json else key
        as_list = name.endswith("[]")
        name = name[:-2] if as_list else name
        parsed = []
        for v in values:
            if v == "" and name != "text":
                continue
            if is_json:
                signed = SIGNED.fullmatch(v)
                if signed:  # a number field's "+3" is 3, its "−3" is -3
                    v = ("-" if signed[1] != "+" else "") + signed[2]
                v = loads(v, f"“{name[:40]}”")
            parsed.append(v)
        if not parsed and not (as_list and not is_json):
            continue
        value = parsed if as_list else parsed[-1]
        node = out
        *path, last = name.split(".")
        if len(path) >= MAX_PATH:
            raise BadInput(_("“{name}” is not a name this form can send.", name=name[:40]))
        for part in path:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise BadInput(_("“{name}” is not a name this form can send.", name=name[:40]))
        node[last] = value
    return _rows(out)


def _rows(node, level: int = 0):
    if not isinstance(node, dict) or level > MAX_PATH:
        return node
    node = {k: _rows(v, level + 1) for k, v in node.items()}
    if node and all(isinstance(k, str) and k.isdigit() for k in node):
        if not all(is_row(k) for k in node):
            raise BadInput(_("A form's row numbers are plain digits (0 to 999)."))
        rows = [node[k] for k in sorted(node, key=int)]
        return [r for r in rows if not (isinstance(r, dict) and "name" not in r)]
    return node
