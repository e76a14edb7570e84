#!/usr/bin/env python3
"""Answers START and ABOUT, then exits with an error when asked for a move."""
import sys
from common import answer_setup, lines

for line in lines():
    if line.upper() == "DONE":
        sys.exit(3)
    answer_setup(line)
