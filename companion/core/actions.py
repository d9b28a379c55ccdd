"""Action validation: every action, from a tap or a script, passes one pydantic model.

The same models produce the OpenAPI document, so the contract and the check cannot drift.
"""

from functools import cache
from typing import Annotated, Literal, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .errors import BadInput
from .i18n import LOCALES, N_, _
from .names import why_not_name

MEMO_MAX = 2000
NAME_MAX = 40


class Action(BaseModel):
    """Base of every action: unknown fields are refused, so a typo is never silently ignored."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    expected_version: int | None = Field(default=None, description="Refuse with 409 if the table has moved on.")


class Roll(Action):
    """Roll dice on the server; every seat sees the result in `rolls`."""

    type: Literal["roll"]
    dice: str = Field(default="d6", max_length=10, title=N_("The dice to roll"), description="d6, 2d6, d3 or NdM (up to 20 dice of up to 100 faces)")
    purpose: str | None = Field(default=None, max_length=80, description="What the roll is for (shown in the log).")


class Memo(Action):
    """Keep private free text that only this seat sees."""

    type: Literal["memo"]
    text: str = Field(max_length=MEMO_MAX, title=N_("A note"))


class Language(Action):
    """The host sets the table's language: the narration, the display and the shared log use it
    (each phone still shows its own pages in its own language)."""

    type: Literal["language"]
    language: Literal[LOCALES] = Field(title=N_("The table's language"), description="A language tag: " + ", ".join(LOCALES))


COMMON = (Roll, Memo, Language)

def _shown_as_a_name(value: str) -> str:
    why = why_not_name(value)
    if why:
        raise ValueError(why)
    return value


Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX), AfterValidator(_shown_as_a_name)]


@cache
def adapter(models: tuple) -> TypeAdapter:
    union = Annotated[Union[models], Field(discriminator="type")]  # noqa: UP007
    return TypeAdapter(union)


ACTION, OPTIONS = "this action", "this game's options"  # what a refusal's value belongs to (`explain`'s whole)
_NUMBER = N_("{name} must be a number.")
_WHOLE = N_("{name} must be a whole number.")
_SWITCH = N_("{name} must be yes or no.")
_GROUP = N_("{name} must be a group of values.")
KINDS = {  # pydantic's error type -> the sentence saying what the value must be, said plainly
    "int_type": _WHOLE, "int_from_float": _WHOLE, "int_parsing": _WHOLE,
    "float_type": _NUMBER, "float_parsing": _NUMBER, "bool_type": _SWITCH, "bool_parsing": _SWITCH,
    "string_type": N_("{name} must be text."), "list_type": N_("{name} must be a list."), "dict_type": _GROUP,
    "model_type": _GROUP, "model_attributes_type": _GROUP,
}
BOUNDS = {"less_than_equal": ("le", N_("{name} can be at most {n}.")), "less_than": ("lt", N_("{name} must be less than {n}.")),
          "greater_than_equal": ("ge", N_("{name} must be at least {n}.")),
          "greater_than": ("gt", N_("{name} must be more than {n}."))}


def _field(models, tag, loc):
    """The model field a location names, following nested models (an action's options, say); a
    list's index is named by the list's field; a key no model declares names no field."""
    model = models[0] if tag is None and len(models) == 1 else next((m for m in models if tag in _tags(m)), None)
    field = None
    for part in loc:
        if not isinstance(part, str):
            break
        fields = getattr(model, "model_fields", None) or {}
        if part not in fields:
            return None
        field = fields[part]
        model = next((t for t in (field.annotation, *getattr(field.annotation, "__args__", ()))
                      if isinstance(t, type) and issubclass(t, BaseModel)), None)
    return field


def _tags(model) -> tuple:
    f = model.model_fields.get("type")
    return getattr(f.annotation, "__args__", ()) if f is not None else ()


def label(where: str, field=None) -> str:
    """How a refusal names a value: the game's own words (a field's title), else its name quoted."""
    if field is not None and field.title:
        return _(field.title)  # the game's own words, marked N_ where they are declared
    # TRANSLATORS: a value's name as the request wrote it, quoted
    return _("“{name}”", name=where.replace("_", " ")) if where else _("the value")


def explain(err: ValidationError, tag: str | None = None, whole: str = ACTION, models: tuple = ()) -> str:
    """The first problem of a validation error as one sentence in people's words: what is wrong and
    the limit, never a validator's wording (no "field", no "input should")."""
    e = err.errors()[0]
    loc = list(e["loc"])
    if tag is not None and loc and loc[0] == tag:
        loc = loc[1:]  # the action's own type, which the union of actions puts first
    where = ".".join(str(p) for p in loc if not (isinstance(p, str) and p[:1].isupper()))
    field = _field(models, tag, loc)
    name = label(where, field)
    cap = name if name.startswith(("“", "«")) else name[0].upper() + name[1:]
    kind, ctx = e["type"], e.get("ctx") or {}
    if kind == "union_tag_invalid":
        return (_("This game has no action called {type}.", type=repr(e["input"].get("type")))
                if isinstance(e.get("input"), dict) else _("This game has no such action."))
    if kind == "union_tag_not_found":
        return _("An action must say what it is (its 'type').")
    if kind == "missing":
        return _("{name} is needed and was not given.", name=cap)
    if kind == "extra_forbidden":
        if whole == OPTIONS:
            return _("{name} is not something this game's options takes.", name=cap)
        return _("{name} is not something this action takes.", name=cap)
    if kind in KINDS:
        return _(KINDS[kind], name=cap)
    if kind in BOUNDS:
        key, words = BOUNDS[kind]
        return _(words, name=cap, n=ctx.get(key))
    if kind == "string_too_long":
        return _("{name} can be at most {n} characters long.", name=cap, n=ctx.get("max_length"))
    if kind == "too_long":
        return _("{name} can hold at most {n} items.", name=cap, n=ctx.get("max_length"))
    if kind in ("string_too_short", "too_short"):
        if ctx.get("min_length") == 1:
            return _("{name} cannot be empty.", name=cap)
        return _("{name} needs at least {n}.", name=cap, n=ctx.get("min_length"))
    if kind in ("literal_error", "enum"):
        return _("{name} must be one of {choices}.", name=cap, choices=ctx.get("expected"))
    msg = e["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ").rstrip(".")
    if kind in ("value_error", "assertion_error"):  # our own sentence, raised by a check of ours (in the reader's words)
        if field is not None and field.title:
            # TRANSLATORS: a value's name, then why it was refused
            return _("{name}: {why}.", name=_(field.title), why=msg[0].lower() + msg[1:])
        return f"{msg[0].upper() + msg[1:]}."
    return _("{name} was not understood: {why}.", name=cap, why=msg[0].lower() + msg[1:])


def parse(models: tuple, body) -> dict:
    """Validate a raw body against the game's actions; return the clean action as plain data.

    Strictly: a number is a JSON number (not true, not "3", and an integer field takes no 1.0), a
    switch is true or false, in every field of every action, nested options included. The page
    forms send typed values too (`json:` fields, see web/forms.py)."""
    if not isinstance(body, dict):
        raise BadInput(_("The action must be a JSON object with a 'type'."))
    if not isinstance(body.get("type"), str):
        raise BadInput(_("The action needs a 'type'."))
    try:
        model = adapter(models).validate_python(body, strict=True)
    except ValidationError as err:
        raise BadInput(explain(err, body["type"], models=models)) from None
    return model.model_dump(mode="json", exclude={"expected_version"})
