"""Action validation: every action, from a tap or a script, passes one pydantic model.

The same models produce the OpenAPI document, so the contract and the check cannot drift.
"""

from functools import cache
from typing import Annotated, Literal, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .errors import BadInput
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
    dice: str = Field(default="d6", max_length=10, title="The dice to roll", description="d6, 2d6, d3 or NdM (up to 20 dice of up to 100 faces)")
    purpose: str | None = Field(default=None, max_length=80, description="What the roll is for (shown in the log).")


class Memo(Action):
    """Keep private free text that only this seat sees."""

    type: Literal["memo"]
    text: str = Field(max_length=MEMO_MAX, title="A note")


COMMON = (Roll, Memo)

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


KINDS = {  # pydantic's error type -> what the value must be, said plainly
    "int_type": "a whole number", "int_from_float": "a whole number", "int_parsing": "a whole number",
    "float_type": "a number", "float_parsing": "a number", "bool_type": "yes or no", "bool_parsing": "yes or no",
    "string_type": "text", "list_type": "a list", "dict_type": "a group of values", "model_type": "a group of values",
    "model_attributes_type": "a group of values",
}
BOUNDS = {"less_than_equal": ("le", "can be at most {}"), "less_than": ("lt", "must be less than {}"),
          "greater_than_equal": ("ge", "must be at least {}"), "greater_than": ("gt", "must be more than {}")}


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
        return field.title
    return f"“{where.replace('_', ' ')}”" if where else "the value"


def explain(err: ValidationError, tag: str | None = None, whole: str = "this action", models: tuple = ()) -> str:
    """The first problem of a validation error as one sentence in people's words: what is wrong and
    the limit, never a validator's wording (no "field", no "input should")."""
    e = err.errors()[0]
    loc = list(e["loc"])
    if tag is not None and loc and loc[0] == tag:
        loc = loc[1:]  # the action's own type, which the union of actions puts first
    where = ".".join(str(p) for p in loc if not (isinstance(p, str) and p[:1].isupper()))
    field = _field(models, tag, loc)
    name = label(where, field)
    cap = name if name.startswith("“") else name[0].upper() + name[1:]
    kind, ctx = e["type"], e.get("ctx") or {}
    if kind == "union_tag_invalid":
        return (f"This game has no action called {e['input'].get('type')!r}." if isinstance(e.get("input"), dict)
                else "This game has no such action.")
    if kind == "union_tag_not_found":
        return "An action must say what it is (its 'type')."
    if kind == "missing":
        return f"{cap} is needed and was not given."
    if kind == "extra_forbidden":
        return f"{cap} is not something {whole} takes."
    if kind in KINDS:
        return f"{cap} must be {KINDS[kind]}."
    if kind in BOUNDS:
        key, words = BOUNDS[kind]
        return f"{cap} {words.format(ctx.get(key))}."
    if kind in ("string_too_long", "too_long"):
        unit = "characters" if kind == "string_too_long" else "items"
        return f"{cap} can be at most {ctx.get('max_length')} {unit} long." if unit == "characters" else f"{cap} can hold at most {ctx.get('max_length')} {unit}."
    if kind in ("string_too_short", "too_short"):
        return f"{cap} cannot be empty." if ctx.get("min_length") == 1 else f"{cap} needs at least {ctx.get('min_length')}."
    if kind in ("literal_error", "enum"):
        return f"{cap} must be one of {ctx.get('expected')}."
    msg = e["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ").rstrip(".")
    if kind in ("value_error", "assertion_error"):  # our own sentence, raised by a check of ours
        return f"{field.title}: {msg[0].lower() + msg[1:]}." if field is not None and field.title else f"{msg[0].upper() + msg[1:]}."
    return f"{cap} was not understood: {msg[0].lower() + msg[1:]}."


def parse(models: tuple, body) -> dict:
    """Validate a raw body against the game's actions; return the clean action as plain data.

    Strictly: a number is a JSON number (not true, not "3", and an integer field takes no 1.0), a
    switch is true or false, in every field of every action, nested options included. The page
    forms send typed values too (`json:` fields, see web/forms.py)."""
    if not isinstance(body, dict):
        raise BadInput("The action must be a JSON object with a 'type'.")
    if not isinstance(body.get("type"), str):
        raise BadInput("The action needs a 'type'.")
    try:
        model = adapter(models).validate_python(body, strict=True)
    except ValidationError as err:
        raise BadInput(explain(err, body["type"], models=models)) from None
    return model.model_dump(mode="json", exclude={"expected_version"})
