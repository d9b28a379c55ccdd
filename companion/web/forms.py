"""Turns an htmx form into an action, so pages and the JSON API share one validation.

  name=value          a string
  json:name=value     a JSON value (true, 3, null, ["a"])
  a.b=value           nested: {"a": {"b": value}}
  name[]=v1&name[]=v2 a list
  rows.0.name=..     numbered rows become a list, in order; a row whose name is left blank
                     is left out (the empty lines of a setup form)
Empty fields are left out, so an optional choice left blank is simply absent.
"""

import json

from ..core.errors import BadInput


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
                try:
                    v = json.loads(v)
                except ValueError:
                    raise BadInput(f"The field '{name}' is not valid.") from None
            parsed.append(v)
        if not parsed and not (as_list and not is_json):
            continue
        value = parsed if as_list else parsed[-1]
        node = out
        *path, last = name.split(".")
        for part in path:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise BadInput(f"The field '{name}' is not valid.")
        node[last] = value
    return _rows(out)


def _rows(node):
    if not isinstance(node, dict):
        return node
    node = {k: _rows(v) for k, v in node.items()}
    if node and all(k.isdigit() for k in node):
        rows = [node[k] for k in sorted(node, key=int)]
        return [r for r in rows if not (isinstance(r, dict) and "name" not in r)]
    return node
