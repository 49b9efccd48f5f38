"""Engine versions of every strategy under the settings the committed rows ran with, as JSON: run it before and after a
refactor that must keep behaviour, and diff the two files (`python tools/engine_versions.py > before.json`).

It also counts how many committed rows carry a version this matrix produces (`--rows`), so the matrix is seen to cover them."""
import argparse, json, os, sys, glob
from pathlib import Path
from mcts_codegen.bench.runner import STRATEGIES, bench_config, engine_version
try: import mcts_codegen.lab.levers  # the lab levers (widening, RAVE) the rows ran with, registered in the engine
except ImportError: pass  # the code before the levers moved to the lab
try: import mcts_codegen.lab.agents  # the lab strategies (reflexion, HRM, TRM), registered in the orchestrator
except ImportError: pass  # the code before they moved to the lab

def _verifiers():
    from mcts_codegen.learn.verifier import load_verifier
    out = {'votes': load_verifier('votes')}
    for f in sorted(glob.glob('results/verifier/*/*/verifier.json')): out[str(Path(f).parent)] = load_verifier(Path(f).parent)
    return out

def _lab(name):
    "Settings of a lab lever, written as the CLI takes them (`experimental__KEY`)."
    return {f'experimental__{k}': v for k, v in name.items()}

SETTINGS = {  # name -> bench_config overrides, mirroring the committed results folders (`+suffix`)
    'default': {}, 'logprobs': dict(llm__logprobs=True, llm__batch_decode=True), 'tree_sample': dict(llm__tree_sample=True),
    'n_variants-1': dict(search__n_variants=1), 'parallel-8': dict(search__parallel=8), 'nv1-par8': dict(search__n_variants=1, search__parallel=8),
    'whole': dict(llm__generation='whole'), 'nocache': dict(llm__cache=False, executor__cache=False),
    'rag': dict(rag__enabled=True), 'rag-after-1': dict(rag__enabled=True, **_lab(dict(rag_after=1))),
    'plan-after-4': _lab(dict(plan_after=4)), 'rave-10': _lab(dict(rave=10.0)), 'widening-pw': _lab(dict(widening='pw')),
    'fix-repair': _lab(dict(fix='repair')), 'agreement': _lab(dict(agreement='ties', pass_k=3, clean_k=3)),
}
VERIFY = {'choice-stop': dict(llm__logprobs=True, llm__batch_decode=True, **_lab(dict(verify_choice=True, verify_stop=True))),
          'choice-stop-t1': dict(llm__logprobs=True, llm__batch_decode=True, **_lab(dict(verify_choice=True, verify_stop=True, verify_threshold=1.0))),
          'choice-stop-t1-w': dict(llm__logprobs=True, llm__batch_decode=True, **_lab(dict(verify_choice=True, verify_stop=True, verify_threshold=1.0, verify_weight=0.5)))}

class env:
    "Settings as `bench --set` passes them: environment variables, which the presets every strategy builds read."
    def __init__(self, ov:dict): self.ov, self.saved = {f"MCTS_CODEGEN_{k.upper()}": str(v) for k, v in ov.items()}, {}
    def __enter__(self):
        for k, v in self.ov.items(): self.saved[k] = os.environ.get(k); os.environ[k] = v
    def __exit__(self, *a):
        for k, v in self.saved.items():
            if v is None: os.environ.pop(k, None)
            else: os.environ[k] = v

def matrix(strategies=None) -> dict:
    "Engine version of every strategy under every setting, given as arguments and as `bench --set` gives them (environment variables)."
    out, vs = {}, _verifiers()
    for s in strategies or STRATEGIES:
        for name, ov in SETTINGS.items():
            for body in (True, False): out[f'{s}|{name}|body={body}'] = engine_version(s, bench_config(0, **ov), body=body)
            with env(ov): out[f'{s}|{name}|env'] = engine_version(s, bench_config(0), body=True)
        if s.startswith('mcts') or s == 'auto':
            for vn, v in vs.items():
                for name, ov in VERIFY.items():
                    out[f'{s}|{name}|{vn}'] = engine_version(s, bench_config(0, **ov), body=True, verifier=v)
                    with env(ov): out[f'{s}|{name}|{vn}|env'] = engine_version(s, bench_config(0), body=True, verifier=v)
    return out

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--rows', action='store_true', help='also count the committed rows whose version the matrix produces')
    ap.add_argument('--strategies', default=None, help='comma list (default: all)')
    a = ap.parse_args()
    m = matrix(a.strategies.split(',') if a.strategies else None)
    res = dict(versions=m)
    if a.rows:
        vs, seen = set(m.values()), {}
        for f in glob.glob('results/**/*.jsonl', recursive=True):
            for line in open(f):
                try: r = json.loads(line)
                except ValueError: continue
                v = r.get('engine_version') if isinstance(r, dict) else None
                if v and 'strategy' in r: seen[v] = seen.get(v, 0) + 1
        res['rows'] = dict(matched=sum(k for v, k in seen.items() if v in vs), total=sum(seen.values()),
                           unmatched={v: k for v, k in sorted(seen.items(), key=lambda t: -t[1]) if v not in vs})
    json.dump(res, sys.stdout, indent=1, sort_keys=True)
