"""Trajan's rules, split by phase: setup, turn, the six actions, end of round and quarter.

Every function here changes a state it is given, which `TrajanEngine.apply` has already
cloned.
"""
