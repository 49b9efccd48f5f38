"""JavaScript rows judged by today's hidden tests (2026-12-07). `tools/corpus_js.py` now writes each hidden test from every
JSON-like call of its Python original's hidden test (a median of 192 on the test split) where it wrote 25 sampled random
calls (a median of 24; 39 problems none, since the Python corpus gained its randomized comparisons after the translation).
Every new hidden test holds every assert of the old one, so a row that failed still fails; only passing rows are rechecked:

- a row with its submitted program (greedy, best-of-n, mcts-balanced) is judged again by today's test; where the verdict
  changes, the row gets the new `passed` and `hidden_status` and `hidden_rechecked: true`, and summary.json is adjusted;
- an oracle@10 row keeps no program (it stops at the first sample that passes), so a passing one is moved out, to
  `oracle_rerun.jsonl` here, and the benchmark's resume runs that problem again.

    PYTHONPATH=. python experiments/2026-12-07-js-verdict-strength/recheck.py [FOLDER ...]   (default: results/corpus_js/*)

Every recheck is appended to results/rechecked.jsonl and to rows.jsonl here. A folder a run holds (its .lock) is skipped."""
import asyncio, json, sys, time
from pathlib import Path
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT/'bench'))
from recheck_hidden import adjust_summary, atomic
from mcts_codegen.sandbox.executor import Executor, hidden_verdict
from mcts_codegen.learn.records import RunLock, FolderLocked

HERE = Path(__file__).parent

async def recheck(folder:Path, recs:dict, ex) -> list[dict]:
    out = []
    try: lock = RunLock(folder).acquire()
    except FolderLocked as e: print(f"skipped {folder}: {e}"); return out
    try:
        for path in sorted(folder.glob('*.jsonl')):
            keep, moved, delta, changed = [], [], {}, False
            for l in path.read_text().splitlines():
                r = json.loads(l)
                rec = recs.get(r.get('task_id'))
                if not (rec and r.get('passed')): keep.append(l); continue
                c = dict(date=time.strftime('%Y-%m-%d'), file=str(path.relative_to(ROOT)), task_id=r['task_id'], strategy=r.get('strategy'),
                         engine_version=r.get('engine_version'), before=dict(passed=True, hidden_status=r.get('hidden_status')))
                if r.get('code') is None:  # oracle: no program to judge again
                    moved.append(r); keep_l = None; c['after'] = 'moved out to be run again'
                else:
                    v = await hidden_verdict(ex, r['code'], rec['test'], rec['entry_point'], language='javascript')
                    c['after'] = dict(passed=bool(v.passed), hidden_status=v.status)
                    keep_l = l if v.passed else json.dumps(r | dict(passed=False, hidden_status=v.status, hidden_rechecked=True), ensure_ascii=False, separators=(',', ':'))
                    if not v.passed: delta[r.get('strategy')] = delta.get(r.get('strategy'), 0) - 1
                if keep_l is not None: keep.append(keep_l)
                changed |= keep_l != l
                out.append(c); print(c['file'], c['task_id'], c['after'])
            if changed:
                atomic(path, '\n'.join(keep) + '\n')
                adjust_summary(folder, delta)
                if moved:
                    with (HERE/'oracle_rerun.jsonl').open('a') as f:
                        for r in moved: f.write(json.dumps(dict(file=str(path.relative_to(ROOT)), **r), ensure_ascii=False) + '\n')
    finally: lock.release()
    return out

async def main(folders:list[Path]):
    recs = {r['task_id']: r for r in map(json.loads, (ROOT/'data/corpus/corpus_js.jsonl').open())}
    out = []
    with Executor() as ex:
        for d in folders or sorted(p for p in (ROOT/'results/corpus_js').iterdir() if p.is_dir()): out += await recheck(Path(d).resolve(), recs, ex)
    for f in (ROOT/'results/rechecked.jsonl', HERE/'rows.jsonl'):
        with f.open('a') as o:
            for c in out: o.write(json.dumps(c) + '\n')
    flips = [c for c in out if isinstance(c['after'], dict) and not c['after']['passed']]
    print(f"{len(out)} passing rows: {len(flips)} fail today's hidden test, {sum(isinstance(c['after'], str) for c in out)} oracle rows moved out to be run again")

if __name__ == '__main__': asyncio.run(main(sys.argv[1:]))
