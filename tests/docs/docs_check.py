"""What every check of tests/docs shares: its arguments and its verdict."""

import sys


def arguments(usage_doc, count):
    """sys.argv[1:] when it holds `count` values; otherwise prints the
    usage (the first line of the script's docstring) and exits 2."""
    if len(sys.argv) != count + 1:
        print(usage_doc.strip().splitlines()[0], file=sys.stderr)
        sys.exit(2)
    return sys.argv[1:]


def verdict(problems, success):
    """Prints every problem (exit code 1), or the success line (0)."""
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(success)
    return 0
