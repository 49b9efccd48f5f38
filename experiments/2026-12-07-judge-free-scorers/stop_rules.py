"""Stop rules for the cluster chooser, simulated on the committed pools (issue 81 item 3, settings chosen on dev before any search run).

    PYTHONPATH=. python experiments/2026-12-07-judge-free-scorers/stop_rules.py [MODEL ...]   (needs eval.py's caches under /tmp/i81)

Each problem's pool is replayed in its draw order (`index`; the greedy answer first), at most ten draws. After each draw a rule
may stop; then it submits a program, and the row counts whether it is right (hidden label, read only to score) and how many
draws it took. Rules:
- first: stop at the first program that passes every visible test and submit it (mcts-balanced's rule with a perfect reward);
- all: draw all ten, submit from the largest behaviour cluster (corner + mutated inputs, exceptions alike);
- agree-m: stop when m visible-passing draws fall in one cluster, else at ten; submit from the largest cluster.
Ties between clusters and within the chosen one are broken by likelihood (`/lik`, as `ClustersVerifier` does) or by draw
order (`/order`: the earliest drawn). The rule with the most right submissions on dev is chosen, then the fewest draws,
then draw order over likelihood (on dev it is never worse under any rule, and better under four of eight).
With no visible-passing draw, the draw passing the most visible tests is submitted (the first of the tied).
This is a replay of DATA_COLLECTION pools, not of the search: the search's later draws depend on its tree."""
from __future__ import annotations
import json, sys
from collections import defaultdict
from pathlib import Path
from mcts_codegen.learn.verifier import visible_all, label_of
from mcts_codegen.learn.scorers import same_errors
from mcts_codegen.bench.stats import mcnemar
sys.path.insert(0, str(Path(__file__).parent))
from pools import pools
from corners import corner_sigs

HERE, N = Path(__file__).parent, 10
MODELS = ['qwen2.5-coder-1.5b', 'qwen2.5-coder-0.5b']

def choose(draws:list[dict], sig, tie:str='lik') -> dict:
    "A program of the largest cluster among the visible-passing `draws` (clusters by `sig`); ties by likelihood ('lik') or draw order ('order')."
    groups = defaultdict(list)
    for d in draws: groups[sig(d)].append(d)
    lik = lambda d: d.get('logprob_mean') or -99
    if tie == 'order': return next(d for d in draws if len(groups[sig(d)]) == max(map(len, groups.values())))
    best = max(groups.values(), key=lambda g: (len(g), max(map(lik, g))))
    return max(best, key=lik)

def replay(pool:list[dict], vis:list[bool], sig, rule:str) -> tuple[bool, int]:
    "Whether `rule` submits a right program from `pool` (in draw order), and how many draws it took."
    rule, tie = (rule.split('/') + ['lik'])[:2]
    ok = []
    for k, (d, v) in enumerate(zip(pool[:N], vis[:N]), 1):
        if v: ok.append(d)
        if rule == 'first' and ok: return label_of(ok[0]), k
        if rule.startswith('agree-') and ok:
            m = int(rule.split('-')[1])
            sizes = defaultdict(int)
            for o in ok: sizes[sig(o)] += 1
            if max(sizes.values()) >= m: return label_of(choose(ok, sig, tie)), k
    n = min(N, len(pool))
    if ok: return label_of(choose(ok, sig, tie)), n
    best = max(pool[:N], key=lambda d: (d.get('n_passed') or 0))
    return label_of(best), n

def table(model:str) -> list[dict]:
    rows = [r for r in pools(model) if label_of(r) is not None and r['split'] in ('dev', 'test')]
    cs2 = corner_sigs(rows, model, mutate=True)  # cached by eval.py: every visible-passing program's behaviour
    sig = lambda r: same_errors(cs2.get((r['problem_id'], r['code'])))
    vis_of = dict(zip(map(id, rows), visible_all(rows)))
    units = defaultdict(list)
    for r in rows: units[r['split'], r['problem_id']].append(r)
    pools_of = {sp: [sorted(u, key=lambda r: int(r['index'])) for (s, _), u in units.items() if s == sp] for sp in ('dev', 'test')}
    play = lambda sp, rule: [replay(p, [vis_of[id(r)] for r in p], sig, rule) for p in pools_of[sp]]
    first = {sp: play(sp, 'first') for sp in pools_of}  # the baseline every rule is paired with
    out = []
    for rule in ['first'] + [f'{r}/{t}' for r in ('agree-2', 'agree-3', 'agree-4', 'all') for t in ('lik', 'order')]:
        for sp in ('dev', 'test'):
            res, base = play(sp, rule), first[sp]
            right_drawn = sum(any(label_of(r) and vis_of[id(r)] for r in p[:N]) for p in pools_of[sp])
            won, lost = sum(a and not f for (a, _), (f, _) in zip(res, base)), sum(f and not a for (a, _), (f, _) in zip(res, base))
            out.append(dict(model=model, rule=rule, split=sp, problems=len(res), solved=sum(a for a, _ in res), right_in_draws=right_drawn,
                            mean_draws=round(sum(b for _, b in res) / len(res), 2), vs_first=dict(won=won, lost=lost, p=round(mcnemar([f for f, _ in base], [a for a, _ in res]), 3))))
    dev = [o for o in out if o['split'] == 'dev']
    pick = max(dev, key=lambda o: (o['solved'], -o['mean_draws'], o['rule'].endswith('/order')))['rule']
    for o in out: o['chosen_on_dev'] = o['rule'] == pick
    return out

if __name__ == '__main__':
    out = [o for m in (sys.argv[1:] or MODELS) for o in table(m)]
    (HERE/'stop_rules.jsonl').write_text(''.join(json.dumps(o) + '\n' for o in out))
    print('| model | rule | dev: solved / right in draws / mean draws | test: solved / right in draws / mean draws | test against first: won / lost, p |\n|---|---|---|---|---|')
    by = {(o['model'], o['rule'], o['split']): o for o in out}
    for (m, r, sp), o in by.items():
        if sp == 'dev': t = by[m, r, 'test']; print(f"| {m} | {r}{' (chosen on dev)' if o['chosen_on_dev'] else ''} | {o['solved']} / {o['right_in_draws']} / {o['mean_draws']} | {t['solved']} / {t['right_in_draws']} / {t['mean_draws']} | {t['vs_first']['won']} / {t['vs_first']['lost']}, {t['vs_first']['p']} |")
