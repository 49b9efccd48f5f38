"""What every page shares: where the rows are, how they load, and the generic tables (scores, pairs, stamps, the headline)."""
import argparse, difflib, functools, json, math, statistics, sys
from pathlib import Path
from mcts_codegen.bench.runner import call_split, hindsight, load_results, paired, shortfall, subset, HUMANEVAL_SPLITS
from mcts_codegen.bench.stats import mcnemar
from mcts_codegen.learn.verifier import eval_name
from mcts_codegen.core.loaders import load_humaneval
ROOT = Path(__file__).resolve().parents[2]
RES = ROOT/'results'
PAGE, JOURNAL, README = ROOT/'nbs'/'results.md', ROOT/'nbs'/'journal.md', ROOT/'README.md'
EXP = ROOT/'experiments'
MOVED = {name: EXP/d/name for d, names in (('2026-11-21-solve-examples', ['solve_examples']), ('2026-11-26-body-only-generation', ['generation', 'generation-corpus']),
         ('2026-11-27-data-engine', ['collect-modes', 'candidates']), ('2026-11-27-gpu-check', ['gpu']), ('2026-12-02-learners-corpus', ['learners']),
         ('2026-12-04-sample-diversity', ['diversity', 'prefill-greedy']), ('2026-12-05-kv-reuse', ['kv-reuse'])) for name in names}  # one-off experiments' rows, kept beside their scripts
NOTES, FROZEN = Path(__file__).parent/'notes.md', Path(__file__).parent/'frozen.json'  # the journal's dated notes and each frozen note's figures
SMALL, LARGE = 'qwen2.5-coder-0.5b', 'qwen2.5-coder-1.5b'
SIZE = {SMALL: '0.5B', LARGE: '1.5B'}
LENT_TAG = '+lent'  # results/verifier/<model>+lent: a verifier fitted on both models' train candidates (`verifier train --lend`)
def lent_of(folder:str) -> tuple[str, str]:
    "The model of a results/verifier folder and the `--lend` flag its verifiers were fitted with ('' for the model's own rows only)."
    m = folder.removesuffix(LENT_TAG)
    return m, (f" --lend data/candidates/{SMALL if m == LARGE else LARGE}" if folder.endswith(LENT_TAG) else '')
def quantile(xs:list[float], q:float) -> float|None:
    "The q-quantile of `xs` (nearest rank, as experiments/2026-11-26-body-only-generation/generation.py summarises a run), None when empty."
    if not xs: return None
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]

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
       'mcts-tree': '`--set llm.tree_sample=1`', 'mcts-par8': '`--set search.parallel=8`', 'mcts-pw': '`--set experimental.widening=pw`',
       'mcts-rave': '`--set experimental.rave=10`', 'mcts-nets': '`--set experimental.nets=results/nets/qwen2.5-coder-0.5b/best.pt --set experimental.reflector_weight=0.5`',
       'mcts-plan4': '`--set experimental.fresh=plan --set experimental.plan_after=4`', 'mcts-rag1': '`--rag --set experimental.rag_after=1`',
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
                     f"{100 * b.cache_hits / max(b.calls_mean * b.problems, 1):.0f}%",
                     '(cached)' if 2 * b.cache_hits > b.calls_mean * b.problems else secs(b.time_nocache), f"`{b.engine}`"])  # mostly cached: no model time to show
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

def tally(b, key:str) -> int: return sum(r.stats.get(key, 0) for r in b.per_problem)

def mean(xs) -> float: return sum(xs) / len(xs)

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

CORPORA = {'corpus': ROOT/'data'/'corpus'/'corpus.jsonl', 'corpus_js': ROOT/'data'/'corpus'/'corpus_js.jsonl'}  # results/<folder>: its problems (the JavaScript corpus translates the Python one, splits kept)
JS_BASELINES = ('greedy', 'best-of-n', 'mcts-balanced', 'oracle')  # the JavaScript corpus's baseline strategies
JS_BENCH = ('mcts-codegen bench --n 10 --llm local:MODEL --data data/corpus/corpus_js.jsonl --out results/corpus_js --split test --no-cache --concurrency 1 --quiet '
            f"-s {','.join(JS_BASELINES)}")  # the JavaScript corpus's baselines (resumable: a rerun skips finished problems)
DAGGER = "†: on the split's problems that have a row; the rest of the split have none yet"  # an incomplete cell, on the headline and the corpus tables

def corpus_split(bench:str='corpus', split:str='test') -> set:
    "The problems of a corpus's split (`CORPORA`)."
    return {r['task_id'] for r in jsonl(CORPORA[bench]) if r['split'] == split}

def corpus_test(model:str, strategy:str, bench:str='corpus') -> tuple[str, list[str]]:
    "The headline's corpus cell (the Python corpus, or `corpus_js`): solved on the test split's problems that have a row, marked '†' while some have none ('—' without rows), and the rows' engine versions."
    f = RES/bench/model/f'{strategy}.jsonl'
    if not f.is_file(): return '—', []
    test = corpus_split(bench)
    rs = {r['task_id']: r for r in jsonl(f) if r['task_id'] in test}
    if not rs: return '—', []
    k = sum(bool(r['passed']) for r in rs.values())
    return f"{100 * k / len(rs):.1f}% ({k}/{len(rs)}){'' if len(rs) == len(test) else ' †'}", sorted({r.get('engine_version') or 'legacy' for r in rs.values()})

def headline(engines:bool=False) -> list[str]:
    "The headline table: per model, greedy, best-of-n, mcts-balanced, the best preset and oracle@10 on HumanEval, NewEval and the corpus test split."
    rows, js_missing = [], False
    for model, s, name, h, n in headline_rows():
        (c, cv), (j, jv) = corpus_test(model, s), corpus_test(model, s, 'corpus_js')
        js_missing |= j == '—' and s in JS_BASELINES
        row = [SIZE[model], name, cell(h), f"{h.calls_mean:.2f}", f"{h.tokens_mean:.0f}", cell(n),
               '—' if n is None else f"{n.calls_mean:.2f}", '—' if n is None else f"{n.tokens_mean:.0f}", c, j]
        rows.append(row + ([f"`{h.engine}`" + ('' if n is None else f" / `{n.engine}`") + ''.join(f" / corpus `{v}`" for v in cv) + ''.join(f" / JS `{v}`" for v in jv)] if engines else []))
    n_test, n_js = len(corpus_split()), len(corpus_split('corpus_js'))
    why = [w for i, w in ((8, "the corpus's problems moved into the test split by the 2026-12-07 leak fixes: `bash bench/corpus_baselines.sh MODEL` resumes"),
                          (9, f"the JavaScript corpus's baselines are not finished: `{JS_BENCH}` resumes them")) if any('†' in r[i] for r in rows)]
    part = ['', f"{DAGGER} ({'; '.join(why)})."] if why else []
    if js_missing and not any('†' in r[9] for r in rows):  # a '†' cell's note already names the command
        part += ['', f"A '—' in the JavaScript column: that baseline has no rows yet (`{JS_BENCH}` runs it and resumes where it stopped)."]
    return md(['model', 'strategy', 'HumanEval (164)', 'completions', 'tokens', 'NewEval (20)', 'completions', 'tokens', f'corpus test ({n_test})', f'JavaScript corpus test ({n_js})']
              + (['engine (HumanEval / NewEval / corpus / JS)'] if engines else []), rows) + ['', protocols_line()] + part + auto_line()

def auto_line() -> list[str]:
    "The sentence under the headline table where auto is in it: its HumanEval cell includes the half its router was fitted on, and what it solves on the other half alone."
    hs = [(m, he) for m in (SMALL, LARGE) if 'auto' in (he := protocol(m)[0]) and 'mcts-balanced' in he]
    if not hs: return []
    half = lambda b: f"{(x := subset(b, '82-163')).solved}/{x.problems}"
    return ['', "auto's HumanEval cells include problems 0–81, the development half its router was fitted on; on the test half (82–163) alone it solves "
            + ' and '.join(f"{half(he['auto'])} ({SIZE[m]})" for m, he in hs) + ", against mcts-balanced's " + ' and '.join(half(he['mcts-balanced']) for _, he in hs) + '.']

def protocols_line() -> str:
    "The sentence under the headline table: which protocol each model's HumanEval and NewEval rows come from."
    say = {'v2': "protocol v2, whole-function generation (`bash bench/protocol_v2.sh`)", 'v3': "protocol v3, body-only generation (`bash bench/protocol_v3.sh`)"}
    by = {m: protocol(m)[2] for m in (SMALL, LARGE)}
    parts = [f"{' and '.join(SIZE[m] for m in (SMALL, LARGE) if by[m] == v)}: {say[v]}" for v in dict.fromkeys(by.values())]
    return "HumanEval and NewEval rows · " + '; '.join(parts) + ". Corpus rows: body-only generation (`bash bench/corpus_baselines.sh`); JavaScript corpus rows: the same protocol on its JSDoc stubs (the results page's JavaScript corpus table)."

def jsonl(p:Path) -> list[dict]: return [json.loads(l) for l in p.read_text().splitlines() if l.strip()]

CORPUS_ORDER = {k: i for i, k in enumerate(['dev', 'test', 'all', 'easy', 'medium', 'hard', 'greedy', 'best-of-n', 'mcts-balanced', 'oracle'])}

def visible_pass(r:dict) -> bool:
    "Whether a bench row's submitted program passed every visible test (a problem without visible tests never counts)."
    return bool(r['visible_tests']) and r['visible_passed'] == r['visible_tests']

def fooled(rs:list[dict]) -> int|None:
    "How many of bench rows `rs` passed every visible test and failed the hidden one; None where no row ran the visible tests (oracle: unmeasured, not 0)."
    return sum(visible_pass(r) and not r['passed'] for r in rs) if any(r['visible_frac'] is not None for r in rs) else None

VOTES_ARM = 'verifier-votes_logprobs-true_batch_decode-true_verify_choice-true_verify_stop-true'  # mcts-balanced with `--verifier votes`, verify_choice and verify_stop
PAIRWISE_ARM = 'verifier-pairwise_logprobs-true_batch_decode-true_verify_choice-true_verify_stop-true_verify_threshold-1.0'  # the same with the pairwise verifier, every program doubted
VALUE_ARM = PAIRWISE_ARM + '_verify_weight-0.5'  # the pairwise arm with the verifier's score in the reward (experiments/2026-12-06-pairwise-verifier-search/verifier_value.sh)
EXTENDS = {VALUE_ARM: PAIRWISE_ARM}  # an arm that adds one setting to another: compared with it first
SAME_LLM = 'logprobs-true_batch_decode-true'  # mcts-balanced with the same llm settings and no verifier
LLM_SET = '--set llm.logprobs=true --set llm.batch_decode=true'  # the llm settings of the arms above (a likelihood is among their features)
CLUSTERS_ARM = 'verifier-clusters-agree2-order_verify_choice-true_verify_stop-true'  # issue 81: the cluster chooser (experiments/2026-12-07-judge-free-scorers/search_arm.sh)
ARM_LLM = {CLUSTERS_ARM: ''}  # an arm that reads no likelihood runs on the default llm settings: plain mcts-balanced is its arm without the verifier
def arm_llm(arm:str) -> str:
    "The `--set llm.…` flags verifier arm `arm` ran with ('' for the defaults)."
    return ARM_LLM.get(arm, LLM_SET)

def pairwise_verifier(model:str=LARGE) -> str:
    "The verifier a model's pairwise arm ran with (committed; experiments/2026-12-06-pairwise-verifier-search/verifier_small.sh says how the 0.5B one was trained)."
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

def corpus_split_rows(f:Path, split:str='test') -> dict:
    "The rows of bench file `f` on the corpus's `split` problems, by problem (empty without the file)."
    of = {r['task_id']: r['split'] for r in jsonl(ROOT/'data'/'corpus'/'corpus.jsonl')}
    return {r['task_id']: r for r in jsonl(f) if of.get(r['task_id']) == split} if f.is_file() else {}

def corpus_test_rows(f:Path) -> dict: return corpus_split_rows(f, 'test')
def corpus_dev_rows(f:Path) -> dict: return corpus_split_rows(f, 'dev')

def all_rows(f:Path) -> dict:
    "The rows of bench file `f`, by problem (empty without the file)."
    return {r['task_id']: r for r in jsonl(f)} if f.is_file() else {}

def he_test_rows(f:Path) -> dict:
    "The rows of bench file `f` on HumanEval's test half (82-163), by problem."
    return {t: r for t, r in all_rows(f).items() if int(t.rsplit('/', 1)[1]) >= 82}

VERIFIER_BENCHES = {  # where a verifier arm ran: (results folder, the problems it names, how its rows are read, the bench flags of its data)
    'corpus': (RES/'corpus', 'corpus test split', corpus_test_rows, '--data data/corpus/corpus.jsonl --out results/corpus --split test'),
    'corpus-dev': (RES/'corpus', 'corpus dev split', corpus_dev_rows, '--data data/corpus/corpus.jsonl --out results/corpus --split dev'),
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
              [('mcts-balanced + pairwise verifier', rows(d/f'{model}+{PAIRWISE_ARM}'/'mcts-balanced.jsonl'))] if arm == CLUSTERS_ARM else []) + (
              [('mcts-balanced + votes', rows(d/f'{model}+{VOTES_ARM}'/'mcts-balanced.jsonl'))] if arm != VOTES_ARM else []) + (
              [('mcts-balanced, same llm settings, no verifier', rows(d/f'{model}+{SAME_LLM}'/'mcts-balanced.jsonl'))] if arm_llm(arm) else []) + [
              ('mcts-balanced', rows(d/model/'mcts-balanced.jsonl')),
              ('best-of-n (N=10)', rows(d/model/'best-of-n.jsonl')), ('greedy', rows(d/model/'greedy.jsonl')), ('oracle@10 (upper bound)', rows(d/model/'oracle.jsonl'))]
    n = sum(r['split'] == {'corpus': 'test', 'corpus-dev': 'dev'}[bench] for r in jsonl(ROOT/'data'/'corpus'/'corpus.jsonl')) if bench.startswith('corpus') else len(rows(d/model/'greedy.jsonl'))
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
                   "program, so both spend the ten completions).",
                   '--verifier {verifier} --set experimental.verify_choice=true --set experimental.verify_stop=true --set experimental.verify_threshold=1.0'),
    VALUE_ARM: ('mcts-balanced + pairwise verifier as value', 'the pairwise verifier, also as value',
                "The pairwise arm (above) with `verify_weight=0.5`, the weight HYBRID blends the LLM reflector with, fixed before the run: every new "
                "program's reward is half its visible-test reward and half the verifier's 2P - 1, so the verifier steers which node the search "
                "expands as well as choosing the submission (issue 34's *value*, measured on and off: off is the pairwise arm). Other draws follow "
                "from the other tree, so the two arms no longer generate the same programs (`bash experiments/2026-12-06-pairwise-verifier-search/verifier_value.sh`).",
                '--verifier {verifier} --set experimental.verify_choice=true --set experimental.verify_stop=true --set experimental.verify_threshold=1.0 --set experimental.verify_weight=0.5'),
    CLUSTERS_ARM: ('mcts-balanced + clusters', 'behaviour clusters on corner inputs',
                   "Nothing trained and no model call (`results/verifier/clusters-agree2-order`, issue 81): every visible-passing program is run on "
                   "32 corner inputs made by rules from the prompt (the signature's types, the docstring's numbers, the examples' arguments and "
                   "their mutations), and programs that behave alike form a cluster. A program is doubted until another draw behaves as it does; "
                   "then the search stops and submits the earliest drawn program of the largest cluster, else it spends its ten completions and "
                   "chooses so. The stop rule and tie-break were chosen on the dev pools' replay (`stop_rules.py`). It reads no likelihood, so it "
                   "runs on the default llm settings and plain mcts-balanced is the same search without it.",
                   '--verifier results/verifier/clusters-agree2-order --set experimental.verify_choice=true --set experimental.verify_stop=true'),
}

def arm_text(arm:str, model:str=LARGE) -> tuple[str, str, str, str]:
    "An arm's name, heading, what it does and its flags, for `model` (whose verifier it ran with)."
    return tuple(t.format(size=SIZE[model], verifier=pairwise_verifier(model)) for t in VERIFIER_ARMS[arm])

def paired_counts(k:str, new:dict, old:dict, ids:list) -> dict:
    "Problems `new` solves and `old` does not (`k_won`), the reverse (`k_lost`), and the exact McNemar p (`k_p`), on `ids`."
    return {f'{k}_won': sum(new[i]['passed'] and not old[i]['passed'] for i in ids), f'{k}_lost': sum(old[i]['passed'] and not new[i]['passed'] for i in ids),
            f'{k}_p': ratio(mcnemar([old[i]['passed'] for i in ids], [new[i]['passed'] for i in ids]))}

def won_lost(p:dict) -> str: return f"{p['wins']} won, {p['losses']} lost, p = {ratio(p['p_mcnemar'])}"
