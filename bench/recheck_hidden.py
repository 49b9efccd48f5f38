"""Judge committed rows by today's hidden-check rule: a row whose submitted program's hidden check timed out or was killed
(`executor.LOAD_BOUND`) is checked again with `executor.hidden_verdict`, which reruns such a check with `RECHECK` times the
timeout, as every hidden check now does (the benchmark's final check and the verifier's labels alike).

    python bench/recheck_hidden.py [--dry-run] [FOLDER ...]      (default: every results folder under results/)

A row whose verdict or status changes gets the new `passed` and `hidden_status` (and `hidden_rechecked: true`, so a reader
can tell); nothing else in it changes, and a file none of whose rows changed is not rewritten. A folder that a run holds
(its `.lock`) is skipped with a message: rerun the script when that run has finished. Each file is rewritten through a
temporary file and a rename, so a kill leaves the old file or the new one; each `summary.json` beside a changed file has
the solved count and pass@1 of the changed strategies adjusted. Every recheck, changed or not, is appended to
`results/rechecked.jsonl` (date, file, problem, strategy, the verdict before and after). Only the submitted program of a
row is rechecked: the hidden verdicts of samples (best-of-n, oracle) and of a search's pool are stored as booleans,
without the status that would say a check timed out.
"""
from __future__ import annotations
import argparse, asyncio, json, os, time
from pathlib import Path
from mcts_codegen.sandbox.executor import Executor, LOAD_BOUND, hidden_verdict
from mcts_codegen.core.loaders import load_humaneval
from mcts_codegen.learn.records import RunLock, FolderLocked

ROOT = Path(__file__).resolve().parent.parent
RES = ROOT/'results'
LOG = RES/'rechecked.jsonl'
SOURCES = {'Corpus': ROOT/'data/corpus/corpus.jsonl', 'NewEval': ROOT.parent/'shared/problems/neweval.jsonl'}  # HumanEval: the package

def problem(task_id:str, cache:dict) -> dict:
    "The record of `task_id` (HumanEval, the corpus or NewEval), with its hidden `test`."
    src = task_id.split('/')[0]
    if src not in cache: cache[src] = {r['task_id']: r for r in load_humaneval(None, SOURCES.get(src))}
    return cache[src][task_id]

def load_bound(r) -> bool: return isinstance(r, dict) and r.get('hidden_status') in LOAD_BOUND and r.get('code') is not None and 'task_id' in r

def atomic(path:Path, text:str):
    tmp = path.with_name('.' + path.name + '.tmp'); tmp.write_text(text); os.replace(tmp, path)

def adjust_summary(folder:Path, delta:dict[str,int]):
    "Move the solved count and pass@1 of each strategy in folder/summary.json by its change in `delta`."
    f = folder/'summary.json'
    if not f.is_file() or not any(delta.values()): return
    d = json.loads(f.read_text())
    for s, k in delta.items():
        if isinstance(d.get(s), dict) and d[s].get('problems') and 'solved' in d[s]:
            d[s]['solved'] += k; d[s]['pass_at_1'] = d[s]['solved'] / d[s]['problems']
    atomic(f, json.dumps(d, indent=1))

async def recheck(files:list[Path], dry:bool) -> list[dict]:
    cache, changes = {}, []
    with Executor() as ex:
        for path in files:
            lines = path.read_text().splitlines()
            rows = [json.loads(l) if l.strip() else None for l in lines]
            todo = [i for i, r in enumerate(rows) if load_bound(r)]
            if not todo: continue
            try: lock = RunLock(path.parent).acquire()
            except FolderLocked as e: print(f"skipped {path.relative_to(ROOT)}: {e}"); continue
            try:
                delta = {}
                for i in todo:
                    r, rec = rows[i], problem(rows[i]['task_id'], cache)
                    v = await hidden_verdict(ex, r['code'], rec['test'], rec['entry_point'])
                    ch = dict(file=str(path.relative_to(ROOT)), task_id=r['task_id'], strategy=r.get('strategy'), engine_version=r.get('engine_version'),
                              before=dict(passed=r.get('passed'), hidden_status=r['hidden_status']), after=dict(passed=bool(v.passed), hidden_status=v.status))
                    print(f"{ch['file']} {r['task_id']}: {r['hidden_status']} -> {v.status}" + (' (now passes)' if v.passed and not r.get('passed') else ''))
                    changes.append(ch)
                    if r.get('strategy'): delta[r['strategy']] = delta.get(r['strategy'], 0) + int(bool(v.passed)) - int(bool(r.get('passed')))
                    if v.status != r['hidden_status'] or bool(v.passed) != bool(r.get('passed')):
                        lines[i] = json.dumps(r | dict(passed=bool(v.passed), hidden_status=v.status, hidden_rechecked=True), ensure_ascii=False, separators=(',', ':'))  # as the rows are written
                if not dry and lines != path.read_text().splitlines():
                    atomic(path, '\n'.join(lines) + '\n')
                    if path.name != 'rows.jsonl': adjust_summary(path.parent, delta)
            finally: lock.release()
    return changes

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('folders', nargs='*', type=Path, help='results folders (default: all of results/)')
    ap.add_argument('--dry-run', action='store_true', help='print what would change, write nothing')
    a = ap.parse_args(argv)
    roots = [f.resolve() for f in a.folders] or [RES]
    missing = [str(f) for f in roots if not f.is_dir()]
    if missing: raise SystemExit(f"error: no such folder: {', '.join(missing)}")
    files = sorted(f for d in roots for f in d.rglob('*.jsonl') if f.resolve() != LOG.resolve())
    changes = asyncio.run(recheck(files, a.dry_run))
    flips = sum(c['before']['passed'] != c['after']['passed'] for c in changes)
    print(f"{len(changes)} load-bound rows rechecked, {flips} verdicts changed" + (' (dry run: nothing written)' if a.dry_run else ''))
    if changes and not a.dry_run:
        with LOG.open('a') as f:
            for c in changes: f.write(json.dumps(dict(date=time.strftime('%Y-%m-%d'), **c)) + '\n')

if __name__ == '__main__': main()
