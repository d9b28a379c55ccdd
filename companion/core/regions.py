"""Page regions: what each part of a seat's page reads from that seat's view.

A game lists its regions; each names a partial template and the keys of the view it reads
(its slice). The page is the regions in order. A region is rendered only when its slice
changed, and the rendering is shared by every seat whose slice is equal (a cache keyed by
the slice's hash), so a push never replaces a region whose slice did not change: what a
person is reading or typing stays put.

No Flask here: the web layer turns a slice into HTML.
"""

import hashlib
import marshal
from dataclasses import dataclass

from .table import DISPLAY, HOST, PLAYER

ROLES = (HOST, PLAYER, DISPLAY)


@dataclass(frozen=True)
class Region:
    id: str                        # the element's id is "r-" + id (+ "-" + index for `each`)
    partial: str                   # a template path, "games/<game>/<part>.html"
    reads: tuple[str, ...]         # the view's keys the partial reads (as `v.<key>`); "a.b" reads v.a.b only
    roles: tuple[str, ...] = ROLES  # the pages it is on (by the role the seat acts as)
    each: str | None = None        # one region per item of this list in the view (`v.item`, `v.index`)


@dataclass(frozen=True)
class Slice:
    id: str          # the element id, without the "r-" prefix
    partial: str
    data: dict       # exactly what the partial may read
    key: str         # the hash of (partial, data): equal keys render the same HTML


def fingerprint(*parts) -> str:
    """A short hash of plain data, by its content: marshal's format 2 writes equal dicts, lists,
    strings and numbers built alike as equal bytes, whatever objects they share or whether a
    string is interned, and tells True from 1 and 1 from 1.0 (which render differently); it is
    several times quicker than repr. A dict built in another order only costs a needless
    re-render, never a wrong one. Anything marshal cannot write is hashed by its repr."""
    try:
        raw = marshal.dumps(parts, 2)
    except ValueError:
        raw = repr(parts).encode()
    return hashlib.blake2b(raw, digest_size=10).hexdigest()


def pick(view: dict, keys) -> dict:
    """The part of a view named by keys; a dotted key takes one field of a nested dict."""
    out: dict = {}
    for key in keys:
        if "." not in key:
            out[key] = view.get(key)
            continue
        head, field = key.split(".", 1)
        out.setdefault(head, {})[field] = (view.get(head) or {}).get(field)
    return out


def leaf(view: dict, key: str):
    """The value a read names: a key of the view, or with a dot one field of a nested dict."""
    if "." not in key:
        return view.get(key)
    head, field = key.split(".", 1)
    return (view.get(head) or {}).get(field)


_DOTTED: dict[tuple[str, ...], bool] = {}  # a region's reads -> whether one of them is dotted


_READS: dict[tuple, tuple] = {}  # (regions, role) -> (every view key its regions read, without repeats)


def _reads(regions, role: str) -> tuple[str, ...]:
    """The view's top-level keys that the regions a `role` sees read (an `each` list among them)."""
    ident = (id(regions), role)
    kept = _READS.get(ident)
    if kept is not None and kept[0] is regions:
        return kept[1]
    keys: dict[str, None] = {}
    for r in regions:
        if role in r.roles:
            for k in (*r.reads, *((r.each,) if r.each else ())):
                keys[k.split(".", 1)[0]] = None
    _READS[ident] = (regions, tuple(keys))  # the regions held: their id is never reused meanwhile
    return _READS[ident][1]


def slices(regions, view: dict, role: str, memo: dict | None = None) -> list[Slice]:
    """The slices of a page, in order, for a seat acting as `role`. With a memo (one per table,
    shared by its seats), a region whose read values are the very same objects as in a slice
    made before keeps that slice without hashing again: views share their unchanged parts
    between seats and versions, so a table's seats hash each distinct slice once. A whole list
    of regions whose every read value is the same objects as before keeps its slices at once
    (one look-up, not one a region: most of a page after a roll). Views are never changed in
    place (core.views), so the same objects are the same values."""
    if memo is None:
        return _slices(regions, view, role, None)
    values = tuple(map(view.get, _reads(regions, role)))
    key = ("page", id(regions), role, tuple(map(id, values)))
    kept = memo.get(key) or _older(memo, key)
    if kept is not None:
        return kept[1]
    out = _slices(regions, view, role, memo)
    memo[key] = (values, out)  # holding the values keeps their ids from being reused
    return out


def _slices(regions, view: dict, role: str, memo: dict | None) -> list[Slice]:
    out = []
    get = view.get
    for r in regions:
        if role not in r.roles:
            continue
        reads = r.reads
        dotted = _DOTTED.get(reads)
        if dotted is None:
            dotted = _DOTTED[reads] = any("." in k for k in reads)
        values = tuple(leaf(view, k) for k in reads) if dotted else tuple(map(get, reads))
        if r.each is None:
            if memo is not None:  # the common case, without a call: a slice made before from these objects
                kept = memo.get((r.id, r.partial, tuple(map(id, values))))
                if kept is not None:
                    out.append(kept[1])
                    continue
            out.append(_slice(memo, r, r.id, values, lambda r=r: pick(view, r.reads)))
            continue
        for i, item in enumerate(view.get(r.each) or ()):
            def data(r=r, i=i, item=item):
                return {**pick(view, r.reads), "item": item, "index": i}
            out.append(_slice(memo, r, f"{r.id}-{i}", (*values, item), data))
    return out


def _slice(memo, r: Region, sid: str, values: tuple, data) -> Slice:
    if memo is None:
        made = data()
        return Slice(sid, r.partial, made, fingerprint(r.partial, made))
    key = (sid, r.partial, tuple(map(id, values)))  # ids of objects the entry holds: never reused meanwhile
    kept = memo.get(key) or _older(memo, key)
    if kept is not None:
        return kept[1]
    made = data()
    out = Slice(sid, r.partial, made, fingerprint(r.partial, made))
    memo[key] = (values, out)  # holding the values keeps their ids from being reused
    return out


OLDER = object()  # a memo's key for the entries it held before it was last renewed


def _older(memo: dict, key):
    """An entry of the memo's previous round, brought into this one (None: none)."""
    older = memo.get(OLDER)
    kept = older.get(key) if older is not None else None
    if kept is not None:
        memo[key] = kept
    return kept


def renew(memo: dict, limit: int) -> None:
    """A memo past `limit` entries starts a new round: the entries of the round before are
    dropped, this round's are kept aside, and those still asked for come back into the new one
    (emptying it whole would make every seat's next page hash every slice again)."""
    if len(memo) > limit:
        now = dict(memo)
        now.pop(OLDER, None)
        memo.clear()
        memo[OLDER] = now


def layout(page: list[Slice]) -> str:
    """The page's shape: which regions, in which order. When it changes the page is rebuilt."""
    return fingerprint([s.id for s in page])
