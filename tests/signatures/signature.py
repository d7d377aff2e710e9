#!/usr/bin/env python3
"""The seeded signature: what shipped configs give, kept in the repository.

Usage: signature.py SNGSIM_BINARY SOURCE_DIR           check (the ctest)
       signature.py SNGSIM_BINARY SOURCE_DIR --write   write them anew

Runs each config of SIGNATURES at its seed and tournament count and compares
its summary.json, without `provenance` (version, commit, config hash,
threads, wall time: where the result came from, not what it is), with
tests/signatures/<name>.json. The comparison is of the canonical text
(json.dumps with the file's key order, indent 1), so a difference shows as a
line diff.

Results are bit-identical for the same config and seed whatever the threads,
shards or ranks (README): a difference is a change of results. A commit that
writes the signatures anew (scripts/update-signatures.sh) must say in its
message why the results changed.
"""
import difflib, json, os, subprocess, sys, tempfile

# name: (config under configs/, tournaments). The seed is the config's.
SIGNATURES = {
    'bench': ('bench.yaml', 20000),
    'quickstart': ('quickstart.yaml', 5000),
}


def canonical(summary_path):
    with open(summary_path, encoding='utf-8') as f:
        summary = json.load(f)
    summary.pop('provenance', None)
    return json.dumps(summary, indent=1, ensure_ascii=False) + '\n'


def play(binary, source_dir, config, tournaments, scratch):
    out = os.path.join(scratch, os.path.splitext(config)[0])
    subprocess.run([binary, 'run', os.path.join(source_dir, 'configs', config), '--tournaments', str(tournaments),
                    '--threads', '2', '--quiet', '--force', '--out', out], check=True, stdout=subprocess.DEVNULL)
    return canonical(os.path.join(out, 'summary.json'))


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != '--write'):
        print(__doc__, file=sys.stderr)
        return 2
    binary, source_dir, write = argv[1], argv[2], len(argv) == 4
    folder = os.path.join(source_dir, 'tests', 'signatures')
    failed = []
    with tempfile.TemporaryDirectory(prefix='sngsim-signature-') as scratch:
        for name, (config, tournaments) in SIGNATURES.items():
            got = play(binary, source_dir, config, tournaments, scratch)
            path = os.path.join(folder, name + '.json')
            if write:
                with open(path, 'w', encoding='utf-8') as f:
                    f.write(got)
                print(f'wrote {path}: configs/{config} at {tournaments} tournaments')
                continue
            with open(path, encoding='utf-8') as f:
                want = f.read()
            if got == want:
                print(f'{name}: configs/{config} at {tournaments} tournaments gives its signature')
                continue
            failed.append(name)
            print(f'{name}: configs/{config} at {tournaments} tournaments differs from {path}:')
            sys.stdout.writelines(difflib.unified_diff(want.splitlines(True), got.splitlines(True),
                                                       'signature', 'this build', n=2))
    if failed:
        print('The results changed. If that is meant, run scripts/update-signatures.sh and say why in the '
              'commit message.')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
