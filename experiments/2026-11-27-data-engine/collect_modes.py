"""What a collection's completions buy: the preset's search (which refines programs) against fresh samples only.

For each mode, `collector.run_candidates` collects the same train problems into OUT/<model>/<mode>/candidates.jsonl
(resumable: finished problems are skipped, so a rerun only prints the table), the two modes alternating problem by
problem so that load on the machine falls on both alike. The table counts, per problem, completions, distinct programs
(by `code_key`), generated tokens, and programs that pass the visible and the hidden tests (labels: train problems only).

    PYTHONPATH=. python experiments/2026-11-27-data-engine/collect_modes.py --llm local:qwen2.5-coder-0.5b --problems Corpus/0,Corpus/2
"""
import argparse, json, sys, time
from collections import defaultdict
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parent))
from candidates_summary import summarise  # the same counts as the data engine's summary
from mcts_codegen.bench.runner import llm_slug
from mcts_codegen.learn.collector import run_candidates, CANDIDATES_FILE
from mcts_codegen.learn.records import iter_jsonl

MODES = {'refine': True, 'fresh': False}  # mode → `candidates_config(refine=...)`

def collect(llm:str, problems:list[str], out:Path, samples:int, data:str):
    "Collect each problem in both modes, alternating."
    for pid in problems:
        for mode, refine in MODES.items():
            t = time.perf_counter()
            s = run_candidates(data, 'train', llm, out/mode, samples, problems=[pid], refine=refine, concurrency=1, progress=False)
            if s.units: print(f"{pid} {mode}: {s.candidates} candidates in {time.perf_counter() - t:.0f}s", file=sys.stderr)

def table(out:Path) -> list[dict]:
    "One row per (mode, problem), and a total per mode."
    rows = []
    for mode in MODES:
        f = out/mode/CANDIDATES_FILE
        if not f.exists(): continue
        by = defaultdict(list)
        for r in iter_jsonl(f): by[r['problem_id']].append(r)
        for pid, rs in list(by.items()) + [('all', [r for rs in by.values() for r in rs])]:
            x = summarise(rs)
            rows.append(dict(mode=mode, problem=pid, completions=x['candidates'], distinct=x['distinct'], gen_tokens=sum(r['gen_tokens'] or 0 for r in rs),
                             refinements=x['made'].get('refine', 0), visible_pass=x['visible_pass'], hidden_pass=x['hidden_pass'], version=x['versions']))
    return rows

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--llm', default='local:qwen2.5-coder-0.5b')
    ap.add_argument('--problems', default='Corpus/0,Corpus/2', help='train problems of --data, comma-separated')
    ap.add_argument('--samples', type=int, default=30)
    ap.add_argument('--data', default='data/corpus/corpus.jsonl')
    ap.add_argument('--out', type=Path, default=Path('experiments/2026-11-27-data-engine/collect-modes'))
    a = ap.parse_args()
    out = a.out/llm_slug(a.llm)
    collect(a.llm, a.problems.split(','), out, a.samples, a.data)
    rows = table(out)
    (out/'summary.json').write_text(json.dumps(rows, indent=1) + '\n')
    for r in rows: print(' '.join(f"{k}={v}" for k, v in r.items()))
