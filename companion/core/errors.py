"""Refusals. Each carries a sentence a person understands, an HTTP status and a machine code."""


class Refusal(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code


class BadInput(Refusal):
    status, code = 400, "bad_request"


class Unauthorized(Refusal):
    status, code = 401, "unauthorized"


class Forbidden(Refusal):
    status, code = 403, "forbidden"


class NotFound(Refusal):
    status, code = 404, "not_found"


class Stale(Refusal):
    status, code = 409, "stale_version"


class RuleError(Refusal):
    """The rules forbid this now."""

    status, code = 422, "rule"


class Unavailable(Refusal):
    """The database did not answer (a restart, a dropped connection): try again in a moment."""

    status, code = 503, "unavailable"


class TooMany(Refusal):
    status, code = 429, "too_many_requests"
