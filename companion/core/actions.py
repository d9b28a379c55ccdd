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
    dice: str = Field(default="d6", max_length=10, description="d6, 2d6, d3 or NdM (up to 20 dice of up to 100 faces)")
    purpose: str | None = Field(default=None, max_length=80, description="What the roll is for (shown in the log).")


class Memo(Action):
    """Keep private free text that only this seat sees."""

    type: Literal["memo"]
    text: str = Field(max_length=MEMO_MAX)


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


KINDS = {  # pydantic's error type -> what the field must be, said plainly
    "int_type": "a whole number", "int_from_float": "a whole number", "int_parsing": "a whole number",
    "float_type": "a number", "bool_type": "true or false", "string_type": "text", "list_type": "a list",
    "dict_type": "an object", "model_type": "an object", "model_attributes_type": "an object",
}


def explain(err: ValidationError, tag: str | None = None, whole: str = "this action") -> str:
    """The first problem of a validation error as one sentence."""
    e = err.errors()[0]
    loc = list(e["loc"])
    if tag is not None and loc and loc[0] == tag:
        loc = loc[1:]  # the action's own type, which the union of actions puts first
    where = ".".join(str(p) for p in loc if not (isinstance(p, str) and p[:1].isupper()))
    kind = e["type"]
    if kind == "union_tag_invalid":
        return f"Unknown action type {e['input'].get('type')!r} for this game." if isinstance(e.get("input"), dict) else "Unknown action type."
    if kind == "union_tag_not_found":
        return "The action needs a 'type'."
    if kind == "missing":
        return f"The field '{where}' is missing."
    if kind == "extra_forbidden":
        return f"The field '{where}' is not part of {whole}."
    if kind in KINDS and where:
        return f"The field '{where}' must be {KINDS[kind]}."
    msg = e["msg"].removeprefix("Value error, ").rstrip(".")
    return f"The field '{where}' is wrong: {msg[0].lower() + msg[1:]}." if where else f"{msg}."


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
        raise BadInput(explain(err, body["type"])) from None
    return model.model_dump(mode="json", exclude={"expected_version"})
