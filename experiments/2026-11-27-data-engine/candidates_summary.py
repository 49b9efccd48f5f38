"""What the data engine has gathered: per model and split, problems, candidates, distinct programs, visible and hidden
passes, and the fooled ones (every visible test passed, the hidden test failed), from `collect --data` folders.

    python experiments/2026-11-27-data-engine/candidates_summary.py [--runs data/candidates] [--out experiments/2026-11-27-data-engine/candidates]

The candidate rows live in `data/candidates/<model>/` (`experiments/2026-11-27-data-engine/verifier_data.sh`'s default, committed: rows kept under the
ignored `runs/` were lost with a checkout on 2026-11-28); the summary, one `summary.json` per model, is what the figures
in notes come from. Hidden verdicts
are counted for labelled rows only (train): dev and test rows are collected without them.
"""
from __future__ import annotations
import argparse, json
from collections import Counter, defaultdict
from pathlib import Path
from mcts_codegen.learn.records import iter_jsonl
from mcts_codegen.learn.collector import CANDIDATES_FILE

def summarise(rows:list[dict]) -> dict:
    "Counts over one split's candidate rows (the data engine's field names)."
    by = defaultdict(list)
    for r in rows: by[r['problem_id']].append(r)
    lab = [r for r in rows if r.get('hidden_passed') is not None]
    vis = [r for r in rows if r.get('visible_passed')]
    fooled = [r for r in lab if r.get('visible_passed') and not r['hidden_passed']]
    return dict(problems=len(by), candidates=len(rows), distinct=sum(len({r['key'] for r in rs}) for rs in by.values()),
                made=dict(Counter(r.get('made') for r in rows)), gen_tokens_mean=round(sum(r.get('gen_tokens') or 0 for r in rows) / max(1, len(rows)), 1),
                visible_pass=len(vis), labelled=len(lab), hidden_pass=sum(bool(r['hidden_passed']) for r in lab), fooled=len(fooled),
                visible_pass_right=sum(bool(r.get('visible_passed') and r['hidden_passed']) for r in lab),
                problems_solved=sum(any(r.get('hidden_passed') for r in rs) for rs in by.values()),
                problems_fooled=sum(any(r.get('visible_passed') and r.get('hidden_passed') is False for r in rs) for rs in by.values()),
                versions=sorted({str(r.get('engine_version')) for r in rows}))

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--runs', type=Path, default=Path('data/candidates'), help='folder of collect folders, one per model')
    ap.add_argument('--out', type=Path, default=Path('experiments/2026-11-27-data-engine/candidates'))
    a = ap.parse_args()
    if not a.runs.is_dir(): ap.exit(2, f"--runs {a.runs}: no such folder; collect candidates first (bash experiments/2026-11-27-data-engine/verifier_data.sh MODEL)\n")
    for d in sorted(p for p in a.runs.iterdir() if (p/CANDIDATES_FILE).exists()):
        rows = list(iter_jsonl(d/CANDIDATES_FILE))  # a torn last line (a killed collection) is skipped
        s = {sp: summarise([r for r in rows if r.get('split') == sp]) for sp in ('train', 'dev', 'test') if any(r.get('split') == sp for r in rows)}
        (a.out/d.name).mkdir(parents=True, exist_ok=True)
        (a.out/d.name/'summary.json').write_text(json.dumps(s, indent=1) + '\n')
        for sp, x in s.items(): print(d.name, sp, ' '.join(f"{k}={v}" for k, v in x.items()))
