"""The committed candidate pools of one model, ready to score: rows normalised (`verifier.normalise`), each problem's split
read from today's corpus, problems changed by issue 81 item 1 left out, dev and test rows labelled in memory by their hidden
tests (`collector.label_rows`). Labels are cached under /tmp only (never committed): dev and test labels are for scoring."""
from __future__ import annotations
import json, pickle, sys
from pathlib import Path
from mcts_codegen.learn.collector import label_rows
from mcts_codegen.learn.verifier import normalise, visible_all, label_of

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT/'data/corpus/corpus.jsonl'
CHANGED = {f'Corpus/{i}' for i in (0, 17, 31, 46, 129, 350, 486, 402, 57, 112, 155, 408)}  # moved, rewritten, or their hidden test changed

def pools(model:str, cache:Path=Path('/tmp/i81')) -> list[dict]:
    f = cache/f'labelled-{model}.pkl'
    if f.is_file(): return pickle.loads(f.read_bytes())
    split = {r['task_id']: r['split'] for r in map(json.loads, CORPUS.open())}
    rows = [json.loads(l) for l in (ROOT/'data/candidates'/model/'candidates.jsonl').open()]
    rows = [r for r in rows if r['problem_id'] not in CHANGED and split[r['problem_id']] == r['split']]
    out = label_rows(rows, CORPUS, ('dev', 'test'))
    cache.mkdir(parents=True, exist_ok=True); f.write_bytes(pickle.dumps(out))
    return out

def choice_matters(model:str, split:str) -> dict[str,list[dict]]:
    "The visible-passing rows of each problem of `split` that holds both a right and a wrong one (the labels pick the subset, never a score)."
    rows = [r for r in pools(model) if r['split'] == split]
    by = {}
    for r, v in zip(rows, visible_all(rows)):
        if v: by.setdefault(r['problem_id'], []).append(r)
    return {p: rs for p, rs in sorted(by.items()) if any(label_of(r) for r in rs) and not all(label_of(r) for r in rs)}

if __name__ == '__main__':
    for m in sys.argv[1:]:
        rs = pools(m); print(m, len(rs), sum(r.get('label') is not None for r in rs))
