"""The named figures the journal's dated notes quote (`{key}` in bench/reporting/notes.md), computed from the rows; a frozen note keeps its own (frozen.json)."""
from .tables import *

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

class Figures(dict):
    "The figures, where one not yet measured reads as such (its rows are still to come) instead of failing the page."
    def __missing__(self, k): return '(not yet measured)'

def figures() -> dict:
    "The named figures the dated notes (bench/reporting/notes.md) quote, computed from the rows (a frozen note uses its own: frozen.json)."
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
    "Counts of the data engine's labelled train candidates per model (experiments/2026-11-27-data-engine/candidates/<model>/summary.json, experiments/2026-11-27-data-engine/candidates_summary.py): keys `de05_*`, `de15_*`."
    f = {}
    for m, t in ((SMALL, 'de05'), (LARGE, 'de15')):
        if (p := MOVED['candidates']/m/'summary.json').is_file() and (x := json.loads(p.read_text()).get('train')):
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
    "The figures of the notes on the learned parts retrained on the corpus (experiments/2026-12-02-learners-corpus/learners/<model>.json, experiments/2026-12-02-learners-corpus/learners_corpus.py): keys `le05_*`, `le15_*` (test) and `ld05_*` (dev)."
    f = {}
    for m, n in ((SMALL, '05'), (LARGE, '15')):
        for p, t in ((MOVED['learners']/f'{m}.json', f'le{n}'), (MOVED['learners']/'dev'/f'{m}.json', f'ld{n}')):  # dev/: the scorers on the dev split (`--split dev`)
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
    if (p := res/'penalty_cv.json').is_file():  # experiments/2026-11-27-verifier-probes/verifier_penalty.py: the penalty rules on train folds
        e = json.loads(p.read_text())
        f |= {f"ve15_cv_{r.replace('.', '')}": v['mean'] for r, v in e['rules'].items()} | dict(ve15_cv_seeds=e['seeds'], ve15_cv_folds=e['folds'], ve15_cv_problems=e['problems'])
    if (p := res/'choice_cv.json').is_file():  # experiments/2026-11-27-verifier-probes/verifier_choice.py: pooled against pairwise objective on train folds
        e = json.loads(p.read_text()); ob = e['objectives']
        f |= dict(vc15_folds=e['folds'], vc15_seeds=e['seeds'], vc15_problems=e['problems'], vc15_oracle=e['oracle'], vc15_mixed=e['mixed_problems'],
                  vc15_within_won=sum(a > b for a, b in zip(ob['pairwise']['within_auc'], ob['pooled']['within_auc'])),
                  vc15_chosen_won=sum(a > b for a, b in zip(ob['pairwise']['chosen'], ob['pooled']['chosen'])),
                  vc15_chosen_lost=sum(a < b for a, b in zip(ob['pairwise']['chosen'], ob['pooled']['chosen'])))
        f |= {f'vc15_{o}_{k}': v[k] for o, v in ob.items() for k in ('chosen_mean', 'within_auc_mean', 'auc_visible_pass_mean')}
    for pre, model, name in (('vo15', LARGE, 'objectives.json'), ('vo05', SMALL, 'objectives.json'), ('vo05s', SMALL, 'objectives_dev12.json'),
                             ('vl15', LARGE + LENT_TAG, 'objectives.json'), ('vl05', SMALL + LENT_TAG, 'objectives.json')):  # experiments/2026-11-27-verifier-probes/verifier_objectives.py: both objectives on dev and test
        if not (p := RES/'verifier'/model/name).is_file(): continue
        e = json.loads(p.read_text())
        for sp in ('dev', 'test'):
            if not (d := e.get(sp)): continue
            f |= {f'{pre}_{sp}_{k}': d[k] for k in ('problems', 'visible_pass', 'fooled', 'oracle', 'random_chosen')}
            f |= {f'{pre}_{sp}_{o}_{k}': d[o][k] for o in ('pooled', 'pairwise') for k in ('auc_all', 'auc_visible_pass', 'within_auc', 'fooled_caught_at_dev', 'chosen')}
            f |= {f'{pre}_{sp}_{o}_l2': d[o]['meta']['l2'] for o in ('pooled', 'pairwise')}
    return f

def choice_figures() -> dict:
    "The figures of the note on choosing among visible-passing programs (experiments/2026-11-27-verifier-probes/choice_probe.py, the 1.5B model's train candidates)."
    if not (p := RES/'verifier'/LARGE/'choice_probe.json').is_file(): return {}
    t = json.loads(p.read_text())['totals']
    n = lambda v: int(v) if float(v).is_integer() else v
    return {f'cp15_{k}': n(v) for k, v in t.items() if not isinstance(v, dict)} | {f'cp15_mixed_{k}': n(v) for k, v in t['mixed_sums'].items()}

def votes_figures() -> dict:
    "The figures of the note on choosing by votes on mutated inputs (experiments/2026-11-27-verifier-probes/choice_probe.py --mutated 48, the 1.5B model's train candidates): keys `va15_*`."
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
    from mcts_codegen.core.select import voted
    from mcts_codegen.learn.verifier import auc
    a = max(probe['totals']['weights_chosen'].items(), key=lambda kv: kv[1])[0]
    g = [p['programs'] for p in probe['problems'] if p.get('programs') and p['programs']['votes']]
    draws = lambda xs: [x for q in g for x, w in zip(xs(q), q['w']) for _ in range(w)]
    y = draws(lambda q: q['right'])
    return dict(va15_auc_n=len(y), va15_auc_weight=a, **{f'va15_auc_{k}': f"{auc(y, draws(f)):.2f}" for k, f in
                (('votes', lambda q: q['votes']), ('lik', lambda q: q['lp']), ('both', lambda q: voted(q['votes'], q['lp'], float(a))))})

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
    "The figures of the note on a learned stop rule (experiments/2026-11-27-verifier-probes/verifier_stop.py, the 1.5B model's dev and test candidates): keys `sr15_*` (`slr15_*`: with the verifiers fitted on both models' train candidates)."
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
    """The figures of the note on the 0.5B model's body-only samples on HumanEval dev (experiments/2026-12-04-sample-diversity/diversity.py): keys `pg05_*` (greedy answers with the prefill as it is
    and with the prompt's opening blank lines dropped, experiments/2026-12-04-sample-diversity/prefill-greedy) and `dv05_*` (ten fresh samples per problem, whole-function against body-only, experiments/2026-12-04-sample-diversity/diversity)."""
    f = {}
    if (p := MOVED['prefill-greedy']/SMALL/'rows.jsonl').is_file():
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
    if (p := MOVED['kv-reuse']/f'{SMALL}+body'/'rows.jsonl').is_file():  # the same greedy request, prompt computed afresh and on its own kept cells
        rs = jsonl(p)
        d = [r for r in rs if not r['same']]
        f |= dict(kv05_n=len(rs), kv05_diff=len(d), kv05_ex=next((f"on {r['task_id']}, {r['fresh_tokens']} generated tokens afresh against {r['reused_tokens']} on its kept cells" for r in d), 'no example'))
    if all((root/SMALL/'mcts-balanced.jsonl').is_file() for root in (HE3, HE)):  # the v3 search against v2's, per half of HumanEval
        new, old = ({r['task_id']: r['passed'] for r in jsonl(root/SMALL/'mcts-balanced.jsonl')} for root in (HE3, HE))
        for half, rng in (('dev', range(82)), ('test', range(82, 164))):
            ids = [t for i in rng if (t := f'HumanEval/{i}') in new and t in old]
            f[f'pg05_mcts_{half}'] = f"{sum(new[t] for t in ids)}/{len(ids)} against {sum(old[t] for t in ids)}/{len(ids)}"
    if (p := MOVED['diversity']/SMALL/'rows.jsonl').is_file():
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

def hidden_figures() -> dict:
    "The figures of the note on the code model's hidden state in the verifier (experiments/2026-11-27-verifier-probes/verifier_cv.py --hidden, the 1.5B model's train candidates)."
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
    "The figures of the note on body-only generation: both arms of experiments/2026-11-26-body-only-generation/generation.py, HumanEval against protocol v2, the corpus's greedy rows."
    f, med = {}, statistics.median
    def pairs(folder, root='generation'):
        by = {}
        for r in jsonl(MOVED[root]/folder/'rows.jsonl'): by.setdefault(r['task_id'], {})[r['arm']] = r
        return [v for v in by.values() if len(v) == 2]
    tok = lambda ps, a: sum(p[a]['completion_tokens'] for p in ps) / sum(p[a]['llm_calls'] for p in ps)
    for model, tag in ((SMALL, '05'), (LARGE, '15')):
        if (MOVED['generation']/f'{model}+greedy'/'rows.jsonl').is_file():
            ps = pairs(f'{model}+greedy')
        if (MOVED['generation']/f'{model}+greedy'/'rows.jsonl').is_file() and ps:
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
        if not (MOVED[root]/f'{LARGE}+mcts-balanced'/'rows.jsonl').is_file() or not (ps := pairs(f'{LARGE}+mcts-balanced', root)): continue
        t = lambda a: [p[a]['wall_time_nocache'] for p in ps]
        f.update({f'{k}_med': f"{med(t('body')):.1f} s against {med(t('whole')):.1f} s ({med(t('body')) / med(t('whole')):.2f}×)", f'{k}_n': len(ps),
                  f'{k}_p90': f"{quantile(t('body'), 0.9) / quantile(t('whole'), 0.9):.2f}×",
                  f'{k}_calls': f"{sum(p['body']['llm_calls'] for p in ps) / len(ps):.1f} against {sum(p['whole']['llm_calls'] for p in ps) / len(ps):.1f}",
                  f'{k}_tok': f"{tok(ps, 'body') / tok(ps, 'whole'):.2f}×", f'{k}_solved': f"{sum(p['body']['passed'] for p in ps)}/{len(ps)} against {sum(p['whole']['passed'] for p in ps)}/{len(ps)}",
                  f'{k}_reused': f"{sum(p['body'].get('reused_tokens', 0) for p in ps) / max(1, sum(p['body']['prompt_tokens'] for p in ps)):.0%}"})
    return f

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
