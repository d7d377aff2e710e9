#!/usr/bin/env python3
"""Every hand history sngsim exports, replayed by pokerkit, hand for hand.

Usage: replay_exports.py SNGSIM_BINARY SOURCE_DIR [HANDS_PER_CELL]

Plays a few tournaments of every shipped config with --hand-history, reads
each hand with pokerkit (the reference PHH implementation) and compares its
finishing stacks with the file's. A hand pokerkit refuses, or ends with other
stacks, fails the test unless the difference is one of the project's rule
decisions (docs/rules.md, "Exported histories and pokerkit"):
  R15  a short big blind: callers still match the full big blind;
  R17  odd chips of a split pot go one each to the first winners;
  V2   in fixed limit, an all-in raise of at least half the fixed size is a
       full raise (it reopens the betting and counts toward the cap), and
       the cap is lifted when a round begins heads-up; pokerkit knows
       neither.
Cash sessions (session-<i>.phhs; three of each cash config, a session is
hundreds of hands) are replayed the same way, hand for hand.
pokerkit is given no rake: what it ends at is each stack before the rake,
the file's finishing stack plus the player's `_rake_paid` (V10). And each
hand must start where the one before ended, plus the chips bought in
before it (`_buy_ins`, V7); a gap fails the test.
pokerkit is not part of the project. It is looked for in SNGSIM_POKERKIT, or
beside the project's folder in shared/yardsticks/pokerkit; without it the
test says so and is skipped (exit code 77).
"""
import collections, glob, os, subprocess, sys, tempfile, tomllib, warnings

SKIPPED = 77
FIELDS = ('variant', 'antes', 'blinds_or_straddles', 'min_bet', 'small_bet', 'big_bet',
          'starting_stacks', 'actions')


def pokerkit_path(source_dir):
    given = os.environ.get('SNGSIM_POKERKIT')
    if given:
        return given
    return os.path.join(os.path.dirname(os.path.abspath(source_dir)), 'shared', 'yardsticks', 'pokerkit')


def short_big_blind(hand):
    # R15: a blind posted short, from a stack smaller than the blind.
    return any(0 < stack - ante < blind for blind, stack, ante in
               zip(hand['blinds_or_straddles'], hand['starting_stacks'], hand['antes']))


def limit_rule_decision(hand):
    # V2: a fixed-limit hand in which someone raised all-in by less than the
    # fixed size, after which sngsim and pokerkit size and reopen differently.
    if not hand['variant'].startswith('F'):
        return False
    n = len(hand['starting_stacks'])
    stacks = [s - a for s, a in zip(hand['starting_stacks'], hand['antes'])]
    bets = [min(b, s) for b, s in zip(hand['blinds_or_straddles'], stacks)]
    stacks = [s - b for s, b in zip(stacks, bets)]
    highest, boards = max(hand['blinds_or_straddles']), 0
    raises = [0] * 4  # bets and raises per round; preflop the big blind is the bet
    for action in hand['actions']:
        words = action.split()
        if words[:2] == ['d', 'db']:
            boards += 1
            bets, highest = [0] * n, 0
            continue
        if words[0] == 'd' or len(words) < 2:
            continue
        p = int(words[0][1:]) - 1
        size = hand['small_bet'] if boards < 2 else hand['big_bet']
        if words[1] == 'cc':
            paid = min(highest - bets[p], stacks[p])
            bets[p] += paid
            stacks[p] -= paid
        elif words[1] == 'cbr':
            to = int(words[2])
            if stacks[p] == to - bets[p] and to - highest < size:
                return True
            raises[boards] += 1
            if raises[boards] > (3 if boards == 0 else 4):
                return True  # beyond the cap: lifted heads-up
            stacks[p] -= to - bets[p]
            bets[p], highest = to, max(highest, to)
    return False


def odd_chip_only(got, want):
    # R17: the same split, the odd chips given to other winners.
    return sum(got) == sum(want) and sum(abs(g - w) for g, w in zip(got, want)) <= 2 * len(got)


def main():
    binary, source = sys.argv[1], sys.argv[2]
    per_cell = sys.argv[3] if len(sys.argv) > 3 else '20'
    where = pokerkit_path(source)
    if not os.path.isdir(os.path.join(where, 'pokerkit')):
        print(f'SKIPPED: pokerkit not found at {where} (set SNGSIM_POKERKIT to its folder)')
        return SKIPPED
    sys.path.insert(0, where)
    warnings.filterwarnings('ignore')
    from pokerkit import HandHistory  # noqa: E402

    counts = collections.Counter()
    failures = []
    with tempfile.TemporaryDirectory() as work:
        # The shipped configs, and the test's own: a cash table with an ante
        # and a rake, and one where a bot sits out and comes back (dead small
        # blinds written as antes, live posts as negative blinds, V9), which
        # no shipped config has.
        configs = sorted(glob.glob(os.path.join(source, 'configs', '*.yaml')))
        configs += sorted(glob.glob(os.path.join(source, 'tests', 'pokerkit', '*.yaml')))
        for config in configs:
            name = os.path.splitext(os.path.basename(config))[0]
            if name == 'soak':
                continue  # the same bots as the others, a million times
            hh = os.path.join(work, name)
            with open(config) as fh:
                cash = any(line.split('#')[0].strip() == 'format: cash' for line in fh)
            run = subprocess.run([binary, 'run', config, '-n', '60', '-t', '2', '-q', '-f',
                                  '-o', os.path.join(work, name + '-out'), '--hand-history', hh,
                                  '--hh-tournaments', '3' if cash else per_cell], capture_output=True, text=True, cwd=source)
            if run.returncode != 0:
                failures.append(f'{name}: sngsim run failed: {run.stderr.strip()[-300:]}')
                continue
            for path in sorted(glob.glob(os.path.join(hh, '**', '*.phh*'), recursive=True)):
                with open(path, 'rb') as fh:
                    document = tomllib.load(fh)
                session_stacks = {}  # cash: seat -> stack after the previous hand
                for key, hand in document.items():
                    text = '\n'.join(f'{k} = {v!r}' for k, v in hand.items() if k in FIELDS)
                    text = text.replace('True', 'true').replace('False', 'false')
                    want = hand['finishing_stacks']
                    if '_session' in hand:
                        counts['cash'] += 1
                        want = [w + r for w, r in zip(want, hand['_rake_paid'])]
                        for seat, start, bought in zip(hand['seats'], hand['starting_stacks'], hand['_buy_ins']):
                            if seat in session_stacks and session_stacks[seat] + bought != start:
                                failures.append(f'{path} hand {key}: seat {seat} starts at {start}, not '
                                                f'{session_stacks[seat]} + {bought} bought in')
                        for seat, stack in zip(hand['seats'], hand['finishing_stacks']):
                            session_stacks[seat] = stack
                    try:
                        state = None
                        for state in HandHistory.loads(text + '\nante_trimming_status = false\n'):
                            pass
                        got = list(state.stacks)
                    except Exception as error:  # noqa: BLE001
                        if short_big_blind(hand):
                            counts['R15'] += 1
                            continue
                        if limit_rule_decision(hand):
                            counts['V2'] += 1
                            continue
                        counts['refused'] += 1
                        failures.append(f'{path} hand {key}: pokerkit refuses it: {str(error)[:160]}')
                        continue
                    if got == want:
                        counts['agree'] += 1
                    elif short_big_blind(hand):
                        counts['R15'] += 1
                    elif limit_rule_decision(hand):
                        counts['V2'] += 1
                    elif odd_chip_only(got, want):
                        counts['R17'] += 1
                    else:
                        counts['differ'] += 1
                        failures.append(f'{path} hand {key}: pokerkit ends at {got}, the file at {want}')
    total = sum(counts.values()) - counts['cash']
    print(f'{total} hands ({counts["cash"]} of cash sessions): {counts["agree"]} agree; rule decisions: {counts["R15"]} R15, {counts["R17"]} R17, '
          f'{counts["V2"]} V2; '
          f'{counts["differ"]} differ, {counts["refused"]} refused')
    for line in failures[:10]:
        print('FAIL', line)
    if counts['cash'] == 0:
        failures.append('no cash session was exported')
    return 1 if failures or total == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
