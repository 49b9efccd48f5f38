"""Which committed result rows does issue 81's corpus change touch? Every row under results/ of a problem whose hidden test changed
(Corpus/57, 112, 155, 408, and the test problems that gained a randomized comparison) has its submitted program checked again by today's hidden test; rows of moved or rewritten problems are
counted. Prints what changed; writes nothing (the lead reruns or rewrites rows).

    python experiments/2026-12-07-corpus-leaks/recheck_changed.py"""
import asyncio, json
from collections import Counter
from pathlib import Path
from mcts_codegen.sandbox.executor import Executor, hidden_verdict

ROOT = Path(__file__).resolve().parents[2]
RANDOMIZED = (0, 1, 6, 10, 17, 27, 28, 31, 34, 40, 42, 47, 48, 56, 79, 91, 448, 3, 13, 19, 20, 37, 52, 61, 71, 82, 90, 95, 96,  # test, dev
              2, 9, 11, 16, 21, 24, 29, 33, 38, 39, 43, 44, 49, 50, 54, 59, 62, 64, 65, 67, 69, 72, 73, 75, 80, 81, 84, 85, 88, 89, 92, 93, 94, 98, 456, 458, 68, 106, 156, 178)  # train (and 106 dev, 156 test, which imported random without using it): problems that gained a randomized comparison
TESTS_CHANGED = {f'Corpus/{i}' for i in (57, 112, 155, 408) + RANDOMIZED}
MOVED = {'Corpus/0': 'train->test', 'Corpus/17': 'train->test', 'Corpus/31': 'train->test', 'Corpus/46': 'train->test',
         'Corpus/129': 'train->test', 'Corpus/350': 'train->test', 'Corpus/486': 'train->dev', 'Corpus/402': 'rewritten (dev)'}

async def main():
    recs = {r['task_id']: r for r in map(json.loads, (ROOT/'data/corpus/corpus.jsonl').open())}
    rows, other = [], Counter()
    for f in sorted((ROOT/'results').rglob('*.jsonl')):
        for l in f.read_text().splitlines():
            try: r = json.loads(l)
            except ValueError: continue
            pid = isinstance(r, dict) and (r.get('task_id') or r.get('problem_id'))
            if pid in TESTS_CHANGED and r.get('code'): rows.append((f, r))
            elif pid in MOVED: other[pid, str(f.relative_to(ROOT).parent)] += 1
    flips = 0
    with Executor() as ex:
        for f, r in rows:
            pid = r.get('task_id') or r.get('problem_id'); rec = recs[pid]
            v = await hidden_verdict(ex, r['code'], rec['test'], rec['entry_point'])
            if bool(v.passed) != bool(r.get('passed')):
                flips += 1; print(f"{f.relative_to(ROOT)} {pid} {r.get('strategy')}: passed {r.get('passed')} -> {bool(v.passed)} ({v.status})")
    print(f"{len(rows)} rows of problems whose hidden test changed rechecked; {flips} verdicts change")
    for (pid, folder), n in sorted(other.items()): print(f"{pid} ({MOVED[pid]}): {n} rows in {folder}")

if __name__ == '__main__': asyncio.run(main())
