"""Shared by the hostile test engines: reads commands and answers the start-up ones properly."""
import sys


def lines():
    for line in sys.stdin:
        yield line.strip()


def say(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def answer_setup(line):
    """Answers START and ABOUT; True when the line was one of them (or needs no answer)."""
    word = line.split(" ")[0].upper()
    if word == "START":
        say("OK")
        return True
    if word == "ABOUT":
        say('name="Hostile", version="1"')
        return True
    return word in ("INFO", "BOARD", "YXBOARD") or "," in line
