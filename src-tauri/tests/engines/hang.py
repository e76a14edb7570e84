#!/usr/bin/env python3
"""Answers START and ABOUT, then never answers a move (but keeps reading)."""
from common import answer_setup, lines

for line in lines():
    answer_setup(line)
