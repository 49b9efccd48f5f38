"""Markdown tables of committed benchmark results: scores with both budgets (completions and tokens) and cache-free seconds,
paired comparisons, and the shortfall against oracle@N; for HumanEval, the dev half (0-81), the test half (82-163) and all 164.

    python bench/report.py results/humaneval/qwen2.5-coder-0.5b [more folders] [--allow-mixed]
    python bench/report.py results/humaneval-v2/qwen2.5-coder-0.5b --readme results/neweval-v2/qwen2.5-coder-0.5b [--write README.md]
        (the README's fixed-protocol section; --write puts it between the README's markers)

A strategy whose rows come from several engine versions is refused (rerun it on every problem), unless --allow-mixed,
and then its engine column says so. Rows written before versions were recorded are version `legacy`.
"""
import argparse, sys
from pathlib import Path
from mcts_codegen.benchmark import hindsight, load_results, paired, shortfall, subset, HUMANEVAL_SPLITS

ORDER = ['greedy', 'sample', 'best-of-n', 'reflexion', 'mcts-fast', 'mcts-balanced', 'mcts-thorough', 'mcts-plan', 'mcts-repair', 'mcts-select', 'mcts-levers', 'oracle']

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

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('folders', nargs='+', type=Path)
    ap.add_argument('--allow-mixed', action='store_true', help="accept a strategy whose rows come from several engine versions")
    ap.add_argument('--readme', type=Path, default=None, metavar='NEWEVAL', help="print the README's fixed-protocol section for the one HumanEval folder, with NEWEVAL's rows")
    ap.add_argument('--write', type=Path, default=None, metavar='README', help="with --readme: put the section between README's fixed-protocol markers")
    a = ap.parse_args(argv)
    if a.readme is not None:
        lines = readme_section(a.folders[0], a.readme)
        if a.write is None: return print('\n'.join(lines))
        return splice(a.write, lines)
    for folder in a.folders:
        try: res = load_results(folder, allow_mixed=a.allow_mixed)
        except ValueError as e: sys.exit(f"{folder}: {e}")
        for name, part in splits(res).items():
            print(f"\n### {folder.name} · {name}\n")
            table(part); comparisons(part); gaps(part)


# ---- The README's fixed-protocol section: every line below is generated here, and bench/readme_numbers.py asserts each one.
MAIN = ['greedy', 'best-of-n', 'reflexion', 'mcts-balanced', 'oracle']
PLAN4 = ('0-81', ' (mcts-balanced drawing fresh programs from plans once four completions of plain code have failed, '
                 '`--set search.fresh=plan --set search.plan_after=4`)')  # issue 13's lever 2 where samples fail, on both models' development halves
NAMES = {'greedy': 'greedy', 'best-of-n': 'best-of-n (N=10)', 'reflexion': 'reflexion (≤10 calls)', 'mcts-balanced': 'mcts-balanced (≤10 calls)',
         'mcts-levers': 'mcts-levers (≤10 calls)', 'auto': 'auto (router, ≤10 calls)', 'oracle': 'oracle@10 (upper bound)',
         'hrm': 'hrm (≤10 calls)', 'trm': 'trm (≤10 calls)', 'mcts-tree': 'mcts-tree (≤10 calls)', 'mcts-par8': 'mcts-par8 (≤10 calls)', 'mcts-pw': 'mcts-pw (≤10 calls)', 'mcts-rave': 'mcts-rave (≤10 calls)', 'mcts-select': 'mcts-select (≤10 calls)', 'mcts-plan': 'mcts-plan (≤10 calls)',
         'mcts-nets': 'mcts-nets (≤10 calls)', 'mcts-plan4': 'mcts-plan4 (≤10 calls)', 'mcts-rag1': 'mcts-rag1 (≤10 calls)'}
HALF_ARMS = {'mcts-levers': ('0-81', ' (plan-level branching, targeted repair and choice by agreement on model-written inputs, all on)'),  # the ablation arm: dev half
             'hrm': ('82-163', ''), 'trm': ('82-163', ''),  # agents run alone on the test half (issue 16)
             'mcts-tree': ('0-81', ' (mcts-balanced with prefix-tree sampling, `--set llm.tree_sample=1`)'),  # lever 1 of issue 13: dev half
             'mcts-par8': ('0-81', ' (mcts-balanced allowing 8 expansions in flight under virtual loss, `--set search.parallel=8`)'),  # issue 15's paired check
             'mcts-pw': ('0-81', ' (mcts-balanced with progressive widening, at most ⌈1.5·N^0.5⌉ children, in place of the widen arm, `--set search.widening=pw`)'),  # issue 15's ablation
             'mcts-rave': ('0-81', ' (mcts-balanced with RAVE over expansion kinds, `--set search.rave=10`)'),  # issue 15's ablation
             # lever 5 of issue 13 on the test half: the networks learnt from searches of problems 0-81 (visible tests only), so 82-163 is held out
             'mcts-nets': ('82-163', ' (mcts-balanced with the trained networks: the value network in the reward where the LLM reflector would be, the policy network as priors; '
                                     '`--set search.nets=results/nets/qwen2.5-coder-0.5b/best.pt --set search.reflector_weight=0.5`, fitted on searches of problems 0–81)'),
             'mcts-plan4': PLAN4,
             # lever 5's retrieval on the test half: the index remembers problems 0-81 only (programs that passed their visible tests; `rag.admit`)
             'mcts-rag1': ('82-163', " (mcts-balanced with retrieval only after a failure: the greedy answer's prompt stays plain, and every prompt after it carries "
                                     "retrieved context, similar problems of 0–81 with a program from the 0.5B model's runs that passed their visible tests, and standard-library notes; "
                                     "`--rag --set search.rag_after=1`)")}
SIBLINGS = {'mcts-tree': ('tree_sample-1', 'mcts-balanced'), 'mcts-par8': ('parallel-8', 'mcts-balanced'), 'mcts-pw': ('widening-pw', 'mcts-balanced'), 'mcts-rave': ('rave-10', 'mcts-balanced'),
            'mcts-nv1': ('n_variants-1', 'mcts-balanced'), 'mcts-nv1-par8': ('n_variants-1_parallel-8', 'mcts-balanced'),
            'mcts-nets': ('nets', 'mcts-balanced'), 'mcts-plan4': ('plan-after-4', 'mcts-balanced'), 'mcts-rag1': ('rag-after-1', 'mcts-balanced')}
# SIBLINGS: arms whose rows sit in a sibling folder `<model>+<tag>/`, name -> (tag, strategy there); mcts-nv1 and mcts-nv1-par8 are issue 15's pair, in prose only

def numbers(ts) -> str:
    "Task ids as the README lists them: their numbers in order, comma-separated ('none' if there are none)."
    return ', '.join(t.split('/')[-1] for t in sorted(ts, key=lambda t: int(t.split('/')[-1]))) or 'none'

def solved(b) -> set[str]:
    "Task ids `b` passed."
    return {r.task_id for r in b.per_problem if r.passed}

def planned(b) -> set[str]:
    "Task ids where `b`'s search drew at least one program from a plan."
    return {r.task_id for r in b.per_problem if r.stats.get('plan', 0)}

def _cell(b): return '—' if b is None else f"{100 * b.pass_at_1:.1f}% ({b.solved}/{b.problems})"

def readme_table(res:dict, names=MAIN, halves:bool=True) -> list[str]:
    "Markdown lines: one row per strategy, solve rate by half (HumanEval) or overall, both budgets, cache-free seconds, engine."
    cols = list(HUMANEVAL_SPLITS.items()) if halves else [('all', None)]
    head = ' | '.join(k.replace('-', '–') for k, _ in cols)
    out = [f"| strategy | {head} | completions mean / max | tokens mean / max | s / problem on cache misses | engine |",
           '|---' * (len(cols) + 5) + '|']
    for s in names:
        if s not in res: continue
        b = res[s]
        full = not halves or b.problems == 164  # an arm run on one half only gets no 'all' cell
        cells = ' | '.join(_cell(b if rng is None else subset(b, rng)) if (full or rng != '0-163') else '—' for _, rng in cols)
        out.append(f"| {NAMES.get(s, s)} | {cells} | {b.calls_mean:.2f} / {b.calls_max} | {b.tokens_mean:.0f} / {b.tokens_max} | "
                   f"{secs(b.time_nocache)} | `{b.engine}` |")
    return out

def readme_pairs(res:dict, pairs, halves:bool=True) -> list[str]:
    "Markdown lines: paired A vs B by half, as 'A−B points (A only / B only, exact McNemar p)'."
    cols = list(HUMANEVAL_SPLITS.items()) if halves else [('all', None)]
    out = ["| A vs B | " + ' | '.join(k.replace('-', '–') for k, _ in cols) + " |", '|---' * (len(cols) + 1) + '|']
    for a, b in pairs:
        if a not in res or b not in res: continue
        cells = []
        for _, rng in cols:
            x, y = (res[a], res[b]) if rng is None else (subset(res[a], rng), subset(res[b], rng))
            if x is None or y is None or (rng == '0-163' and not x.problems == y.problems == 164): cells.append('—'); continue
            p = paired(x, y)
            cells.append(f"{p['diff_pts']:+.1f} pts ({p['wins']} / {p['losses']}, p = {p['p_mcnemar']:.2g}, {p['problems']} problems)")
        out.append(f"| {a} vs {b} | " + ' | '.join(cells) + " |")
    return out if len(out) > 2 else []

def readme_shortfall(res:dict, s:str='mcts-balanced') -> list[str]:
    "One line: the problems oracle@10 solves and `s` does not, by cause, with their ids."
    if s not in res or 'oracle' not in res: return []
    g = shortfall(res[s], res['oracle'])
    ids = lambda k: numbers(g[k])
    n = sum(map(len, g.values()))
    return [f"Of the {n} problem{'' if n == 1 else 's'} oracle@10 solves and {s} does not: {len(g['visible tests fooled'])} where the visible tests passed "
            f"a program the hidden tests reject ({ids('visible tests fooled')}), {len(g['no visible pass found'])} where no program passing the visible "
            f"tests was found within 10 calls ({ids('no visible pass found')}), {len(g['no visible tests'])} without visible tests ({ids('no visible tests')})."]

def readme_goals(res:dict) -> list[str]:
    "Sentences stating issue 13's 0.5B goals as met or missed, on all 164 and on the test half; only for strategies run on every problem."
    need = ('mcts-balanced', 'best-of-n', 'oracle')
    if not all(s in res and res[s].problems == 164 for s in need): return []
    out = []
    for name, rng in (('all 164', None), ('the test half 82–163', '82-163')):
        m, b, o = (res[s] if rng is None else subset(res[s], rng) for s in need)
        p = paired(m, b)
        ok = lambda x: 'met' if x else 'missed'
        out.append(f"On {name}: mcts-balanced passes {m.solved}/{m.problems} against oracle@10's {o.solved} (beat the oracle: {ok(m.solved > o.solved)}) "
                   f"and best-of-n's {b.solved} ({p['wins']} won, {p['losses']} lost, exact McNemar p = {p['p_mcnemar']:.2g}; p < 0.05: {ok(p['p_mcnemar'] < 0.05 and p['wins'] > p['losses'])}), "
                   f"generating {m.tokens_mean:.0f} tokens per problem against best-of-n's {b.tokens_mean:.0f} (no more: {ok(m.tokens_mean <= b.tokens_mean)}).")
    return out

BEGIN, END = '<!-- fixed-protocol:begin (generated by bench/report.py --readme; do not edit) -->', '<!-- fixed-protocol:end -->'

def splice(readme:Path, lines:list[str]):
    "Replace what lies between the README's fixed-protocol markers with `lines`; the rest of the file is untouched."
    if not readme.is_file(): raise SystemExit(f"{readme}: no such file; give the README to write into")
    text = readme.read_text()
    if BEGIN not in text or END not in text: raise SystemExit(f"{readme}: no fixed-protocol markers; put these two lines where the section goes:\n{BEGIN}\n{END}")
    head, rest = text.split(BEGIN, 1)
    readme.write_text(head + BEGIN + '\n' + '\n'.join(lines).strip('\n') + '\n' + END + rest.split(END, 1)[1])

def readme_why(res:dict) -> list[str]:
    "One sentence on where the search's wins over best-of-n come from, computed from the rows."
    if not all(s in res for s in ('mcts-balanced', 'best-of-n', 'greedy', 'oracle')): return []
    from mcts_codegen.engine import code_key
    m, b, g, o = ({r.task_id: r for r in res[s].per_problem} for s in ('mcts-balanced', 'best-of-n', 'greedy', 'oracle'))
    same = lambda x, y: x.code is not None and y.code is not None and code_key(x.code) == code_key(y.code)
    wins = [t for t in m if m[t].passed and not b[t].passed]
    beyond = [t for t in m if m[t].passed and not o[t].passed]
    fresh = sum(r.stats.get('fresh', 0) for r in m.values()) - len(m)  # each search's first fresh node is its greedy answer
    return [f"Of the {len(wins)} problems mcts-balanced solves and best-of-n does not, {sum(same(m[t], g[t]) for t in wins)} are solved by the greedy answer, "
            f"which the search tries first and best-of-n (temperature-0.8 samples only) never draws; of the {len(beyond)} it solves beyond oracle@10, "
            f"{sum(same(m[t], g[t]) for t in beyond)} come from the greedy answer and {sum(not same(m[t], g[t]) and m[t].stats.get('refine', 0) > 0 for t in beyond)} "
            f"from refinements. Over all 164 searches it made {sum(r.stats.get('refine', 0) for r in m.values())} refinements against {fresh} fresh samples besides the {len(m)} greedy answers."]

def readme_cached(res:dict, at:float=0.99, part:float=0.5) -> list[str]:
    "Notes under the table for strategies whose completions came from the response cache: all of them (their seconds measure no model time), or at least `part` of them."
    full = [s for s, b in res.items() if b.cache_hits >= at * b.calls_mean * b.problems]
    some = [(s, b.cache_hits / (b.calls_mean * b.problems)) for s, b in res.items() if s not in full and b.calls_mean and b.cache_hits >= part * b.calls_mean * b.problems]
    out = ['', f"{' and '.join(full)} ran after the strategies whose requests {'it repeats' if len(full) == 1 else 'they repeat'} and found every completion "
           f"in the response cache: completions and tokens count at full cost, but the seconds measure no model time."] if full else []
    for s, f in some:
        out += ['', f"{s} found {100 * f:.0f}% of its completions in the response cache: completions and tokens count at full cost, "
                    f"but its seconds are the model time of the other {100 * (1 - f):.0f}% spread over every problem, a lower bound on a cache-free run."]
    return out

def readme_route_goals(res:dict) -> list[str]:
    "Sentences stating the router's goals (issue 16) as met or missed, on all 164 and on the test half."
    singles = [s for s in ('greedy', 'best-of-n', 'reflexion', 'mcts-balanced') if s in res and res[s].problems == 164]
    if 'auto' not in res or res['auto'].problems != 164 or 'mcts-balanced' not in singles: return []
    out, ok = [], lambda x: 'met' if x else 'missed'
    for name, rng in (('all 164', None), ('the test half 82–163', '82-163')):
        part = {s: res[s] if rng is None else subset(res[s], rng) for s in singles + ['auto']}
        a, m = part['auto'], part['mcts-balanced']
        best = max(singles, key=lambda s: part[s].solved)
        fewer = 1 - a.calls_mean / m.calls_mean
        p = paired(a, part[best])
        out.append(f"On {name}: auto passes {a.solved}/{a.problems} against the best single strategy's {part[best].solved} ({best}; reach it: {ok(a.solved >= part[best].solved)}; "
                   f"beat every single strategy: {ok(all(a.solved > part[s].solved for s in singles))}, {p['wins']} won, {p['losses']} lost against {best}, exact McNemar p = {p['p_mcnemar']:.2g}) "
                   f"at {a.calls_mean:.2f} completions per problem against mcts-balanced's {m.calls_mean:.2f} ({100 * fewer:.0f}% fewer; 40% fewer: {ok(fewer >= 0.4)}).")
        h = hindsight({s: part[s] for s in singles})
        out[-1] += (f" A router with hindsight (each problem sent to the cheapest of {', '.join(singles)} that solves it, and stopped after the greedy answer where none does) "
                    f"would pass {h['solved']}/{a.problems} at {h['calls_mean']:.2f} completions ({100 * (1 - h['calls_mean'] / m.calls_mean):.0f}% fewer than mcts-balanced): "
                    f"the headroom a learned router works within.")
    return out

def readme_goals_15(res:dict, s:str='mcts-balanced') -> list[str]:
    "Sentences stating issue 13's 1.5B goal (>= 145/164 within ten completions per problem, and the same ordering on the test half) as met or missed, for search `s`."
    need = (s, 'best-of-n', 'greedy')
    if not all(x in res and res[x].problems == 164 for x in need): return []
    ok = lambda x: 'met' if x else 'missed'
    m, b, g = (res[x] for x in need)
    out = [f"On all 164: {s} passes {m.solved}/164 ({100 * m.pass_at_1:.1f}%; at least 145, 88%: {ok(m.solved >= 145)}) with at most {m.calls_max} "
           f"completions per problem (within ten completions' worth: {ok(m.calls_max <= 10)}), generating {m.tokens_mean:.0f} tokens per problem against best-of-n's {b.tokens_mean:.0f}."]
    mt, bt, gt = (subset(x, '82-163') for x in (m, b, g))
    sign = lambda xs: [(x.solved > y.solved) - (x.solved < y.solved) for x, y in ((xs[0], xs[1]), (xs[0], xs[2]), (xs[1], xs[2]))]  # each pair: ahead, level or behind
    out.append(f"On the test half 82–163: {s} {mt.solved}/82, best-of-n {bt.solved}, greedy {gt.solved} (the same ordering as on all 164: "
               f"{ok(sign((mt, bt, gt)) == sign((m, b, g)))}).")
    return out

def readme_half_arms(res:dict, base:str='mcts-balanced', arms:dict|None=None) -> list[str]:
    "Notes under the table for the arms run on one half only (`arms`, default `HALF_ARMS`): score and budgets against `base` on the same problems, and what only the arm solves."
    out = []
    for arm, (rng, what) in (HALF_ARMS if arms is None else arms).items():
        if arm not in res or base not in res or res[arm].problems == 164: continue
        a, m = subset(res[arm], rng), subset(res[base], rng)
        p = paired(a, m)
        others = [x for k, b in res.items() if k not in (arm, 'oracle') and (x := subset(b, rng)) is not None and x.problems == a.problems]
        only = solved(a) - set().union(*map(solved, others))
        out += ['', f"{arm}{what} ran on problems {rng.replace('-', '–')} only, so its budget columns are means over them: there it passes {a.solved}/{a.problems} "
                    f"against {base}'s {m.solved} ({p['wins']} won, {p['losses']} lost, exact McNemar p = {p['p_mcnemar']:.2g}) at {a.calls_mean:.2f} completions "
                    f"and {a.tokens_mean:.0f} tokens per problem against {m.calls_mean:.2f} and {m.tokens_mean:.0f} ({a.tokens_mean / m.tokens_mean:.1f}× the tokens); "
                    f"problems it solves that no other strategy in the table does (oracle@10 aside): {len(only)} ({numbers(only)})."]
    return out

def load_arms(humaneval:Path) -> dict:
    "The strategies of a results folder, with the arms of `SIBLINGS` from their sibling folders."
    res = load_results(humaneval)
    for arm, (tag, strategy) in SIBLINGS.items():
        if (f := Path(f"{humaneval}".rstrip('/') + f"+{tag}")).is_dir() and strategy in (r := load_results(f)): res[arm] = r[strategy]
    return res

def readme_section(humaneval:Path, neweval:Path|None=None) -> list[str]:
    "The generated lines of the README's fixed-protocol section (tables and computed sentences), in order."
    res = load_arms(humaneval)
    # a strategy enters the README once it has run on all 164, or an arm of `HALF_ARMS` on the whole of its half
    res = entered(res, HALF_ARMS)
    out = readme_table(res, list(dict.fromkeys(MAIN[:-1] + ['auto', *HALF_ARMS, 'oracle']))) + readme_cached(res) + readme_half_arms(res) + ['']
    out += readme_pairs(res, [('mcts-balanced', 'best-of-n'), ('mcts-balanced', 'greedy'), ('mcts-balanced', 'reflexion'),
                              ('mcts-balanced', 'oracle'), ('best-of-n', 'greedy'), ('auto', 'mcts-balanced'), ('auto', 'best-of-n'),
                              ('mcts-levers', 'mcts-balanced'), ('hrm', 'mcts-balanced'), ('trm', 'mcts-balanced'), ('mcts-tree', 'mcts-balanced'),
                              ('mcts-par8', 'mcts-balanced'), ('mcts-pw', 'mcts-balanced'), ('mcts-rave', 'mcts-balanced'),
                              ('mcts-nets', 'mcts-balanced'), ('mcts-plan4', 'mcts-balanced'), ('mcts-rag1', 'mcts-balanced')]) + ['']
    out += readme_shortfall(res) + [''] + readme_why(res) + [''] + readme_goals(res) + [''] + readme_route_goals(res)
    ne = load_results(neweval) if neweval is not None and Path(neweval).exists() else {}
    full = max((b.problems for b in ne.values()), default=0)  # NewEval's size: the most problems a strategy ran
    if ne: out += [''] + readme_neweval(ne, full)
    h15, n15 = humaneval.parent / LARGE, None if neweval is None else Path(neweval).parent / LARGE
    if h15 != humaneval and h15.is_dir() and (r15 := entered(load_arms(h15), ARMS_15)):
        out += ['', f"The 1.5B model on the same protocol (`bash bench/protocol_v2.sh {LARGE}`; rows in `results/humaneval-v2/{LARGE}/`), the strategies run on all 164 so far:", '']
        out += readme_table(r15, MAIN[:-1] + ['auto', *ARMS_15, 'oracle']) + readme_cached(r15) + readme_half_arms(r15, arms=ARMS_15) + ['']
        out += readme_pairs(r15, [('mcts-balanced', 'best-of-n'), ('mcts-balanced', 'greedy'), ('best-of-n', 'greedy'), ('mcts-balanced', 'oracle'),
                                  ('auto', 'mcts-balanced'), ('auto', 'best-of-n'), *((a, b) for a in ARMS_15 for b in ('mcts-balanced', 'best-of-n', 'oracle'))])
        out += [''] + readme_shortfall(r15) + [l for a in ARMS_15 if a in r15 and r15[a].problems == 164 for l in readme_shortfall(r15, a)]
        out += [''] + readme_goals_15(r15) + [l for a in ARMS_15 for l in readme_goals_15(r15, a)] + readme_choice(r15)
        if route := readme_route_goals(r15): out += ['', "auto on this model routes with the router the package ships, fitted on the 0.5B model's rows of problems 0–81:"] + route
        if n15 is not None and n15.is_dir() and (ne15 := readme_neweval(load_arms(n15), full)): out += ['', 'NewEval, 1.5B (the strategies run on every problem so far):', ''] + ne15
    return out

LARGE = 'qwen2.5-coder-1.5b'
ARMS_15 = {'mcts-select': ('0-81', ' (the SELECT preset: mcts-balanced searching on until three distinct programs pass the visible tests, `search.pass_k=3`, '
                                   'and choosing among them by agreement on model-written inputs, `search.agreement=ties`)'),  # issue 13's lever 3
           'mcts-plan4': PLAN4}  # an arm that has run all 164 is a row like the others

def readme_choice(res:dict, arm:str='mcts-select', rng:str='0-81') -> list[str]:
    "What choosing by agreement did on the half `arm` ran: on the problems whose visible tests fooled mcts-balanced (oracle@10 solving them), and over all."
    if arm not in res or not all(s in res for s in ('mcts-balanced', 'oracle')) or (a := subset(res[arm], rng)) is None: return []
    fooled = shortfall(subset(res['mcts-balanced'], rng), subset(res['oracle'], rng))['visible tests fooled']
    rows, num = {r.task_id: r for r in a.per_problem}, numbers
    ag = lambda t: rows[t].stats.get('agreement') or {}
    tie = [t for t in fooled if ag(t)]
    fixed, lone = [t for t in tie if rows[t].passed], [t for t in fooled if not ag(t)]
    ran = [r for r in a.per_problem if r.stats.get('agreement')]
    changed = [r.task_id for r in ran if r.stats['agreement']['changed']]
    return ['', f"Where {arm}'s choice went on problems {rng.replace('-', '–')}: of the {len(fooled)} problems whose visible tests mcts-balanced's submission fooled "
                f"(oracle@10 solving them), it had a tie to break on {len(tie)} and fixed {len(fixed)} ({num(fixed)}); on {len(lone)} it found no second program "
                f"passing the visible tests within the budget ({num(lone)}). Over all {a.problems} it broke {len(ran)} ties, and in "
                f"{sum(r.stats['agreement']['clusters'] == 1 for r in ran)} of them every candidate behaved the same on the model's inputs; agreement changed "
                f"the submission on {len(changed)} problems ({num(changed)}), and {arm} passes {sum(rows[t].passed for t in changed)} of them."]

def entered(res:dict, arms:dict) -> dict:
    "The strategies that enter a README table: those run on all 164, and the arms of `arms` run on the whole of their half."
    return {s: b for s, b in res.items() if b.problems == 164 or (s in arms and (t := subset(b, arms[s][0])) is not None and t.problems == b.problems == 82)}

def readme_neweval(ne:dict, full:int) -> list[str]:
    "The NewEval table and pairs of one model's results: the strategies that ran all `full` problems."
    ne = {s: b for s, b in ne.items() if b.problems == full}
    if not ne: return []
    out = readme_table(ne, MAIN[:-1] + ['auto', 'mcts-select', 'mcts-plan', 'mcts-plan4', 'oracle'], halves=False) + readme_cached(ne) + [''] + readme_pairs(ne, [('mcts-balanced', 'best-of-n'), ('mcts-balanced', 'greedy'),
                                                                                                       ('auto', 'mcts-balanced'), ('auto', 'best-of-n'),
                                                                                                       ('mcts-select', 'mcts-balanced'), ('mcts-select', 'best-of-n'), ('mcts-plan', 'mcts-balanced'),
                                                                                                       ('mcts-plan4', 'mcts-balanced'), ('mcts-plan4', 'best-of-n')], halves=False)
    short = [l for s in ('mcts-balanced', 'mcts-select') if s in ne and 'oracle' in ne and ne['oracle'].solved > ne[s].solved for l in readme_shortfall(ne, s)]
    return out + ([''] + short if short else []) + readme_plan(ne) + readme_plan(ne, 'mcts-plan4')

PLAN_WHAT = {'mcts-plan': "plan-level branching: a short plan, then its code, in one completion; `search.fresh=plan`, `fix=replan`",
             'mcts-plan4': "plans only once four completions of plain code have failed; `search.fresh=plan`, `plan_after=4`"}

def readme_plan(ne:dict, arm:str='mcts-plan') -> list[str]:
    "One line on what a plan arm finds that ten samples do not, and what it loses against mcts-balanced."
    if not all(s in ne for s in (arm, 'mcts-balanced', 'oracle')): return []
    ok, num = lambda s: solved(ne[s]), numbers
    new, lost = ok(arm) - ok('oracle') - ok('mcts-balanced'), ok('mcts-balanced') - ok(arm)
    return ['', f"{arm} ({PLAN_WHAT[arm]}) solves {len(new)} "
                f"problem{'' if len(new) == 1 else 's'} that neither mcts-balanced nor any of oracle@10's samples solves ({num(new)}), and loses {len(lost)} that mcts-balanced solves ({num(lost)})."]

if __name__ == '__main__': main()
