#!/usr/bin/env python3
"""Answers START and ABOUT, then answers moves with nonsense."""
from common import answer_setup, lines, say

for line in lines():
    if line.upper() == "DONE":
        say("banana, split")
    else:
        answer_setup(line)
