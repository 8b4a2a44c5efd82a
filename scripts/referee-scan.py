#!/usr/bin/env python3
"""Referee scan of lost games (the SGF files `pbrain-match --sgf` writes).

A strong Gomocup brain (Rapfi with its fitted tables, say) values every position from the
6th move on, from the side to move; each of our moves is then scored by how much it lost
in the referee's eyes (its value before the move, less its value after, both for us), and
the three worst are printed per game, with the referee's own move. Mate scores ("-M16")
count as +-(20000 - plies). A short referee time makes its horizon look like our blunders:
re-ask a flagged position with seconds a move before believing it.

Each game also gets its point of no return: the first of our moves after which the
referee's value for us stays below -300 to the end, how many plies before the end it came,
and our value just before it; the last line gives their medians over the games. A point far
from the end with a value already low before it is a slide, one near the end from an even
position a horizon miss.

    scripts/referee-scan.py BRAIN MS RULE OUR-NAME GAME.sgf...

RULE is the Gomocup rule number (0 freestyle, 1 exactly five, 4 Renju); OUR-NAME is the
player name our brain has in the files (PB/PW); only the games it lost are scanned.
"""
import importlib.util
import os
import re
import statistics
import sys

# One way to talk to the brain: audit-defences.py's.
_SPEC = importlib.util.spec_from_file_location(
    'audit_defences', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'audit-defences.py'))
AUDIT = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(AUDIT)

def parse(path):
    t = open(path).read()
    pb = re.search(r'PB\[([^\]]*)\]', t).group(1)
    re_ = re.search(r'RE\[([^\]]*)\]', t).group(1)
    mv = [(ord(a) - 97, ord(b) - 97) for a, b in re.findall(r';[BW]\[([a-o])([a-o])\]', t)]
    return pb, re_, mv

def val(ev):
    if ev is None: return None
    m = re.fullmatch(r'([+-]?)M(\d+)', ev)
    if m: return (20000 - int(m.group(2))) * (-1 if m.group(1) == '-' else 1)
    try: return int(ev)
    except ValueError: return None

def ask(brain, ms, rule, order):
    """The referee's value for the side to move after `order`, and its move."""
    ev, mv = AUDIT.ask(brain, ms, rule, order, len(order) % 2 == 0)
    return val(ev), tuple(map(int, mv.split(','))) if mv else None


def name(p): return 'abcdefghijklmno'[p[0]] + str(p[1] + 1)

# Our value after the move below which the game counts as lost (a pawn and a half of
# Rapfi's scale: about a fifth of the games' expected score).
LOST_BELOW = -300


def no_return(out):
    """The first of our moves (in `out`'s tuples) after which our value stays below
    LOST_BELOW, or None."""
    moves = sorted(out, key=lambda o: o[1])
    for i, o in enumerate(moves):
        if all(later[3] < LOST_BELOW for later in moves[i:]):
            return o
    return None


brain, ms, rule, ours = os.path.abspath(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
points = []
for path in sys.argv[5:]:
    pb, res, mv = parse(path)
    we_black = pb == ours
    lost = res.startswith('W') if we_black else res.startswith('B')
    if not lost: continue
    vals = []
    for k in range(5, len(mv)):  # from the 6th move: the openings have up to 5 stones
        vals.append((k,) + ask(brain, ms, rule, mv[:k]))
    out = []
    for (k, v, best), (_, v2, _) in zip(vals, vals[1:]):
        ours_to_move = (k % 2 == 0) == we_black
        if not ours_to_move or v is None or v2 is None: continue
        drop = v + v2
        out.append((drop, k, v, -v2, mv[k], best))
    out.sort(reverse=True)
    print('%s: we are %s, %d moves; first evals (our side): %s' % (os.path.basename(path), 'Black' if we_black else 'White', len(mv),
          ' '.join(str(v if ((k % 2 == 0) == we_black) else -v) for k, v, _ in vals[:12] if v is not None)), flush=True)
    for drop, k, v, after, m, best in out[:3]:
        print('   move %d: %s played, %d -> %d (drop %d); referee plays %s' % (k + 1, name(m), v, after, drop, name(best) if best else '?'), flush=True)
    point = no_return(out)
    if point:
        _, k, v, after, m, best = point
        points.append((len(mv) - k, v))
        print('   no return from move %d (%d plies before the end): %s played, %d -> %d' % (k + 1, len(mv) - k, name(m), v, after), flush=True)
if points:
    def spread(xs):
        # Quartiles need a few games.
        q = ', quartiles %g and %g' % tuple(statistics.quantiles(xs, n=4)[::2]) if len(xs) >= 4 else ''
        return 'a median %g%s' % (statistics.median(xs), q)
    plies = [p for p, _ in points]
    # A mate counts as +-2000 here, so that it does not swamp the medians.
    before = [max(-2000, min(2000, v)) for _, v in points]
    print('%d games with a point of no return: %s plies before the end; our value before it %s' % (
        len(points), spread(plies), spread(before)))
