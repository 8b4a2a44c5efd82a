#!/usr/bin/env python3
"""Referee check of the missed-defence suite (tests/support/suite/missed_defences.rs).

For each entry, a strong Gomocup brain (Rapfi with its fitted tables, say) values the
position, then each move the entry accepts, from the opponent's side: "+M13" after a move
means the opponent wins in 13 plies, so that move is no defence. An entry whose root is
already lost ("-M..") can only ask for the longest resistance.

    scripts/audit-defences.py DIR-OF-PBRAIN [MS-PER-MOVE [NAME-PART]]

DIR holds the brain as `pbrain-*` (Rapfi reads its config.toml from there). Reads only the
suite file of this repository; prints one line per position and per accepted move.
"""
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = os.path.join(HERE, '..', 'tests', 'support', 'suite', 'missed_defences.rs')
ENTRY = re.compile(r't!\(\s*"([^"]+)",\s*(\w+),\s*(\w+),\s*&\[(.*?)\],\s*&\[(.*?)\],'
                   r'\s*(\w+)\(&\[(.*?)\]\)', re.S)
RULES = {'Freestyle': 0, 'Standard': 1, 'Renju': 4}


def points(text):
    return [tuple(map(int, m)) for m in re.findall(r'\((\d+),\s*(\d+)\)', text)]


def ask(brain, ms, rule, order, me_black):
    """The brain's last `Eval` and its move; `order` is Black first, the side to move `me`."""
    lines = ['START 15', 'INFO rule %d' % rule, 'INFO timeout_turn %d' % ms,
             'INFO timeout_match 0', 'INFO max_memory 350000000', 'BOARD']
    # Stones in move order (Renju brains tell the colours from it), own 1, the other 2.
    for i, (x, y) in enumerate(order):
        lines.append('%d,%d,%d' % (x, y, 1 if (i % 2 == 0) == me_black else 2))
    lines.append('DONE')
    p = subprocess.Popen([brain], cwd=os.path.dirname(brain), stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    p.stdin.write('\n'.join(lines) + '\n')
    p.stdin.flush()
    ev, mv = None, None
    for line in p.stdout:
        line = line.strip()
        m = re.search(r'Eval (\S+)', line)
        if m:
            ev = m.group(1)
        if re.fullmatch(r'\d+,\d+', line):
            mv = line
            break
    p.stdin.write('END\n')
    p.stdin.flush()
    p.wait()
    return ev or 'forced', mv


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    found = sorted(glob.glob(os.path.join(sys.argv[1], 'pbrain-*')))
    if not found:
        sys.exit('no pbrain-* in %s' % sys.argv[1])
    brain = os.path.abspath(found[0])
    ms = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
    part = sys.argv[3] if len(sys.argv) > 3 else ''
    text = re.sub(r'//[^\n]*', '', open(SUITE).read())
    for name, rule, side, b, w, kind, accepted in ENTRY.findall(text):
        if part not in name:
            continue
        b, w = points(b), points(w)
        order = [s for pair in zip(b, w) for s in pair] + b[len(w):] + w[len(b):]
        me_black = side == 'Black'
        ev, mv = ask(brain, ms, RULES[rule], order, me_black)
        print('%s (%s, %s to move): %s, plays %s' % (name, rule, side, ev, mv), flush=True)
        for d in points(accepted):
            ev, mv = ask(brain, ms, RULES[rule], order + [d], not me_black)
            print('    %s %s: the opponent %s, answers %s' % (kind, d, ev, mv), flush=True)


if __name__ == '__main__':
    main()
