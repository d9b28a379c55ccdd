"""The table of moves: every action type with its named handler `(state, action, seat)`, the
roles that may make it and the moment it is accepted (the kernel checks both before the
handler runs); and what is drawn before an action is kept (the deal, the clock)."""

from ...core.i18n import N_, _
from ...core.table import HOST, PLAYER
from .. import kernel
from . import cards, day, night
from . import corrections as fix
from .narration import do_beat, do_script, open_group
from .players import game_over
from .setup import do_deal, do_options, do_setup, draw_deal

NARRATES = N_("Only the narrator enters that.")
NARRATOR, ANYONE = (HOST,), (HOST, PLAYER)


def at_step(kind: str):
    """When an action of the game's flow is accepted: the step the game waits for (the
    Queen of Hearts' accusation also while the vote is open), never after the end."""
    def when(state) -> str | None:
        if state["phase"] == "over":
            return game_over(state)
        allowed = {state["step"], "off_with_their_head", "accuse"} if state["step"] == "vote" else {state["step"]}
        if kind not in allowed:
            return _("The game now waits for '{step}', not '{kind}'.", step=state["step"], kind=kind)
        return None
    return when


def flow(kind: str, handler) -> kernel.Move:
    """A step of the game's flow: the narrator's, at its step."""
    return kernel.Move(handler, NARRATOR, at_step(kind), NARRATES)


MOVES = {
    "setup": flow("setup", do_setup),
    "deal": flow("deal", do_deal),
    "mischief_members": flow("mischief_members", night.do_mischief_members),
    "spy": flow("spy", night.do_spy),
    "lock_away": flow("lock_away", night.do_lock_away),
    "mischief_target": flow("mischief_target", night.do_mischief_target),
    "hades": flow("hades", night.do_hades),
    "mirror": flow("mirror", night.do_mirror),
    "crown_successor": flow("crown_successor", day.do_crown_successor),
    "prisoner": flow("prisoner", day.do_prisoner),
    "off_with_their_head": flow("off_with_their_head", day.do_off_with_their_head),
    "accuse": flow("accuse", day.do_accuse),
    "vote": flow("vote", day.do_vote),
    "crown_decides": flow("crown_decides", day.do_crown_decides),
    "ballot": kernel.Move(day.do_ballot, ANYONE),
    "thumb": kernel.Move(day.do_thumb, ANYONE),
    "beat": kernel.Move(do_beat, NARRATOR, refusal=NARRATES),
    "script": kernel.Move(do_script, NARRATOR, refusal=NARRATES),
    "options": kernel.Move(do_options, NARRATOR, refusal=NARRATES),
    "timer_start": kernel.Move(day.do_timer_start, NARRATOR, refusal=NARRATES),
    "timer_pause": kernel.Move(day.do_timer_pause, NARRATOR, day.timer_set, NARRATES),
    "timer_resume": kernel.Move(day.do_timer_resume, NARRATOR, day.timer_set, NARRATES),
    "timer_add": kernel.Move(day.do_timer_add, NARRATOR, day.timer_set, NARRATES),
    "timer_stop": kernel.Move(day.do_timer_stop, NARRATOR, day.timer_set, NARRATES),
    "show_card": kernel.Move(cards.do_show_card, NARRATOR, cards.dealt, NARRATES),
    "card_seen": kernel.Move(cards.do_card_seen, NARRATOR, cards.dealt, NARRATES),
    "correct_fallen": kernel.Move(fix.do_correct_fallen, NARRATOR, fix.playing, NARRATES),
    "correct_back": kernel.Move(fix.do_correct_back, NARRATOR, fix.playing, NARRATES),
    "correct_claw_add": kernel.Move(fix.do_correct_claw_add, NARRATOR, fix.playing, NARRATES),
    "correct_claw_remove": kernel.Move(fix.do_correct_claw_remove, NARRATOR, fix.playing, NARRATES),
    "correct_crown": kernel.Move(fix.do_correct_crown, NARRATOR, fix.playing, NARRATES),
    "correct_prisoner": kernel.Move(fix.do_correct_prisoner, NARRATOR, fix.daytime, NARRATES),
}


def apply(state: dict, action: dict, seat) -> dict:
    before = open_group(state)  # what this action says is one group for the voice
    out = kernel.dispatch(MOVES, state, action, seat)
    if not out["say"]["parts"]:
        out["say"] = before  # it said nothing: the voice has nothing new to read
    return out


def prepare(state, action, seat, rng):
    """Deals and the clock are drawn here, so the event records them and a replay is exact."""
    kind = action["type"]
    if kind == "deal" and state["step"] == "deal":
        return draw_deal(state, action, rng)
    if kind.startswith("timer_"):
        return day.stamp(action)
    return action
