#!/usr/bin/env python3
"""A well-behaved engine that only knows the 15x15 board: START with any other size is an ERROR."""
from common import lines, say

for line in lines():
    words = line.split(" ")
    if words[0].upper() == "START":
        say("OK" if words[1:] == ["15"] else "ERROR unsupported size")
    elif words[0].upper() == "ABOUT":
        say('name="Fifteen"')
