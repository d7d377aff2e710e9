#!/usr/bin/env python3
"""Every hand history sngsim exports, replayed by pokerkit, hand for hand.

Usage: replay_exports.py SNGSIM_BINARY SOURCE_DIR [HANDS_PER_CELL] [--part K/N]

With --part K/N every run is still played, but only the K-th of each N
files is replayed: ctest runs the parts side by side, as pokerkit's Python
is most of the suite's time and one core's worth.

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
A refusal counts as explained only where the rules part: with the short
blinds topped up to the full blind pokerkit takes every action (R15), or
it refuses no action before the first V2 one. Besides the shipped configs'
seeds, every hand of configs/limit-sng.yaml at seed 4711 (60 tournaments,
1,664 hands, 56 refused) is replayed.
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


def limit_rule_event(hand):
    # V2: the index of the first action of a fixed-limit hand after which
    # sngsim and pokerkit size and reopen differently (someone raised all-in
    # by less than the fixed size, or a round that began heads-up went past
    # the cap); None when there is none.
    if not hand['variant'].startswith('F'):
        return None
    n = len(hand['starting_stacks'])
    stacks = [s - a for s, a in zip(hand['starting_stacks'], hand['antes'])]
    bets = [min(b, s) for b, s in zip(hand['blinds_or_straddles'], stacks)]
    stacks = [s - b for s, b in zip(stacks, bets)]
    highest, boards = max(hand['blinds_or_straddles']), 0
    raises = [0] * 4  # bets and raises per round; preflop the big blind is the bet
    for index, action in enumerate(hand['actions']):
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
                return index
            raises[boards] += 1
            if raises[boards] > (3 if boards == 0 else 4):
                return index  # beyond the cap: lifted heads-up
            stacks[p] -= to - bets[p]
            bets[p], highest = to, max(highest, to)
    return None


def limit_rule_decision(hand):
    return limit_rule_event(hand) is not None


def pokerkit_text(hand):
    text = '\n'.join(f'{k} = {v!r}' for k, v in hand.items() if k in FIELDS)
    return text.replace('True', 'true').replace('False', 'false') + '\nante_trimming_status = false\n'


def refused_action(HandHistory, hand):
    # The index of the first action pokerkit refuses; None if it takes them all.
    history = HandHistory.loads(pokerkit_text(hand))
    applied = 0
    try:
        for _, action in history.state_actions:
            applied += action is not None
    except ValueError:
        return applied
    return None


def with_full_blinds(hand):
    # The hand with every short blind topped up to the full blind: the bet
    # pokerkit then asks the others to match is the one R15 asks.
    topped = dict(hand)
    topped['starting_stacks'] = [max(stack, ante + blind) if 0 < stack - ante < blind else stack
                                 for blind, stack, ante in
                                 zip(hand['blinds_or_straddles'], hand['starting_stacks'], hand['antes'])]
    return topped


def explain_refusal(HandHistory, hand, refused):
    # Which rule decision explains why pokerkit refuses action `refused`, or
    # None. R15: with the short blinds topped up, pokerkit takes every action
    # (or refuses only later, where V2 explains it). V2: pokerkit refuses no
    # action before the first one where the fixed-limit rules part.
    if short_big_blind(hand):
        topped = with_full_blinds(hand)
        refused_topped = refused_action(HandHistory, topped)
        if refused_topped is None:
            return 'R15'
        event = limit_rule_event(topped)
        return 'R15' if event is not None and refused_topped >= event else None
    event = limit_rule_event(hand)
    return 'V2' if event is not None and refused >= event else None


def odd_chip_only(got, want):
    # R17: the same split, the odd chips given to other winners.
    return sum(got) == sum(want) and sum(abs(g - w) for g, w in zip(got, want)) <= 2 * len(got)


def main():
    arguments = sys.argv[1:]
    part, parts = 1, 1
    if '--part' in arguments:
        at = arguments.index('--part')
        part, parts = (int(x) for x in arguments[at + 1].split('/'))
        del arguments[at:at + 2]
    binary, source = arguments[0], arguments[1]
    per_cell = arguments[2] if len(arguments) > 2 else '20'
    files = 0  # the files of every run so far, in order: --part picks among them
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
        runs = []  # (name, config, arguments after the config's)
        for config in configs:
            name = os.path.splitext(os.path.basename(config))[0]
            if name == 'soak':
                continue  # the same bots as the others, a million times
            with open(config) as fh:
                cash = any(line.split('#')[0].strip() == 'format: cash' for line in fh)
            runs.append((name, config, ['--hh-tournaments', '3' if cash else per_cell]))
        # Every hand of 60 fixed-limit tournaments at a seed where pokerkit
        # refuses 56 of 1,664 (short blinds, R15; all-in raises below the
        # fixed size and caps lifted heads-up, V2): each refusal must be one
        # of these, at the action where the rules part.
        runs.append(('limit-sng-4711', os.path.join(source, 'configs', 'limit-sng.yaml'),
                     ['--seed', '4711', '--hh-tournaments', '60']))
        for name, config, arguments in runs:
            hh = os.path.join(work, name)
            run = subprocess.run([binary, 'run', config, '-n', '60', '-t', '2', '-q', '-f',
                                  '-o', os.path.join(work, name + '-out'), '--hand-history', hh] + arguments,
                                 capture_output=True, text=True, cwd=source)
            if run.returncode != 0:
                failures.append(f'{name}: sngsim run failed: {run.stderr.strip()[-300:]}')
                continue
            for path in sorted(glob.glob(os.path.join(hh, '**', '*.phh*'), recursive=True)):
                files += 1
                if files % parts != part % parts:
                    continue
                with open(path, 'rb') as fh:
                    document = tomllib.load(fh)
                session_stacks = {}  # cash: seat -> stack after the previous hand
                for key, hand in document.items():
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
                        for state in HandHistory.loads(pokerkit_text(hand)):
                            pass
                        got = list(state.stacks)
                    except Exception as error:  # noqa: BLE001
                        # A refusal is explained only by a rule decision
                        # that parts the rules at or before the refused action.
                        refused = refused_action(HandHistory, hand) if isinstance(error, ValueError) else None
                        rule = explain_refusal(HandHistory, hand, refused) if refused is not None else None
                        if rule is not None:
                            counts[rule] += 1
                            counts['refused, explained'] += 1
                            continue
                        counts['refused'] += 1
                        failures.append(f'{path} hand {key}: pokerkit refuses it'
                                        f'{"" if refused is None else " at action " + str(refused)}: {str(error)[:160]}')
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
    total = sum(counts.values()) - counts['cash'] - counts['refused, explained']
    print(f'{total} hands ({counts["cash"]} of cash sessions): {counts["agree"]} agree; rule decisions: {counts["R15"]} R15, {counts["R17"]} R17, '
          f'{counts["V2"]} V2 ({counts["refused, explained"]} of them refused by pokerkit, at or after the action '
          f'where the rules part); {counts["differ"]} differ, {counts["refused"]} refused unexplained')
    for line in failures[:10]:
        print('FAIL', line)
    if counts['cash'] == 0:
        failures.append('no cash session was exported')
    return 1 if failures or total == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
