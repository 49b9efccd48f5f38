"""Copy the body arm of `experiments/2026-11-26-body-only-generation/generation.py`'s greedy corpus run into `results/corpus/<model>/greedy.jsonl` as bench rows.

    python bench/corpus_from_generation.py [--model qwen2.5-coder-1.5b] [--gen experiments/2026-11-26-body-only-generation/generation] [--out results/corpus]

The body arm of the greedy generation run on the corpus dev split is the corpus baseline's greedy run on those problems:
the same request, the same engine version, the same protocol (no response cache, one problem at a time). So it is copied
instead of decoded twice. A row is copied only when its engine version is the one `bench` gives greedy with body
generation today; rows already in the target file are kept, and the target folder is locked as a bench run locks it.
The copied rows lose the generation run's own fields (`arm`, `order`, `reused_tokens`); rows written before
generation.py kept the submitted program have no `code`.
"""
from __future__ import annotations
import argparse, json, sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]/'experiments'/'2026-11-26-body-only-generation'))
from generation import read_rows  # the generation experiment's reader of its rows (a cut-off last line skipped)
from mcts_codegen.bench.runner import bench_config, engine_version
from mcts_codegen.learn.records import RunLock

OWN = ('arm', 'order', 'reused_tokens')

def copy_rows(model:str, gen:Path, out:Path) -> tuple[int, int]:
    "(copied, skipped as present) rows of the body arm of GEN/<model>+greedy into OUT/<model>/greedy.jsonl."
    src = gen/f'{model}+greedy'/'rows.jsonl'
    if not src.exists(): raise SystemExit(f"{src}: no such file; run experiments/2026-11-26-body-only-generation/generation.py --strategy greedy --data data/corpus/corpus.jsonl --split dev first")
    want = engine_version('greedy', bench_config(0, llm__generation='body', llm__cache=False, executor__cache=False), body=True)
    body = [r for r in read_rows(src) if r['arm'] == 'body' and not r.get('error')]
    if bad := sorted({r['engine_version'] for r in body} - {want}):
        raise SystemExit(f"{src}: body rows of engine version {', '.join(bad)}, not today's greedy body version {want}; rerun them, or leave them out")
    folder = out/model
    lock = RunLock(folder).acquire()
    try:
        dst = folder/'greedy.jsonl'
        have = {r['task_id'] for r in read_rows(dst)}
        new = [{k: v for k, v in r.items() if k not in OWN} | dict(stats={}) for r in body if r['task_id'] not in have]
        with dst.open('a') as f:
            for r in new: f.write(json.dumps(r) + '\n')
        return len(new), len(body) - len(new)
    finally: lock.release()

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--model', default='qwen2.5-coder-1.5b')
    ap.add_argument('--gen', type=Path, default=Path('experiments/2026-11-26-body-only-generation/generation'))
    ap.add_argument('--out', type=Path, default=Path('results/corpus'))
    a = ap.parse_args()
    n, skipped = copy_rows(a.model, a.gen, a.out)
    print(f"{a.out/a.model/'greedy.jsonl'}: {n} rows copied, {skipped} already there", file=sys.stderr)
