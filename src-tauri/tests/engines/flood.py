#!/usr/bin/env python3
"""Answers START and ABOUT, then answers a move with one 10 MB line."""
import sys
from common import answer_setup, lines

for line in lines():
    if line.upper() == "DONE":
        sys.stdout.write("7" * (10 * 1024 * 1024) + "\n")
        sys.stdout.flush()
    else:
        answer_setup(line)
