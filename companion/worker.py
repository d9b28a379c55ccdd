"""The background worker: reads tasks as JSON lines on stdin, writes results on stdout.

Run by companion.background; each task is a pure function of its payload.
"""

import json
import os
import sys


def main():
    if "--nice" in sys.argv:  # the slow lane gives way to the server and the fast lane
        os.nice(int(sys.argv[sys.argv.index("--nice") + 1]))
    from . import games
    tasks = games.tasks()
    for line in sys.stdin:
        try:
            msg = json.loads(line)
            result = tasks[msg["task"]](msg["payload"])
        except Exception as err:  # a bad task answers with its error rather than killing the worker
            result = {"error": repr(err)}
            msg = msg if isinstance(msg, dict) else {"task": "?", "key": "?"}
        sys.stdout.write(json.dumps({"task": msg.get("task"), "key": msg.get("key"), "result": result}) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
