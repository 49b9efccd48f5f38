"""Rewrite the engine version of committed rows whose behaviour is known to be that of another version, and record it.

    python bench/migrate_versions.py --date YYYY-MM-DD --why "..." --map OLD=NEW FILE.jsonl [FILE.jsonl ...] [--where KEY=VALUE]

Only rows with `engine_version` OLD change (and, with --where, only those whose KEY equals VALUE, e.g. arm=body in a
`experiments/2026-11-26-body-only-generation/generation.py` file); nothing else in a row changes. A `summary.json` beside a file has its `engine_versions`
counts renamed the same way (a summary written by `experiments/2026-11-26-body-only-generation/generation.py` has none). The change is appended to
`results/engine-versions.json` (`migrations`: date, why, mapping, rows per file), so the history of every rewrite stays
beside the rows. Files are rewritten through a temporary file and a rename: a kill leaves the old file or the new one.
"""
from __future__ import annotations
import argparse, json, os, sys
from pathlib import Path

LOG = Path('results/engine-versions.json')

def rewrite(path:Path, old:str, new:str, where:tuple[str,str]|None) -> int:
    "Rename version `old` to `new` in the rows of `path` (those matching `where`); the count of rows changed."
    lines, k = path.read_text().splitlines(), 0
    out = []
    for line in lines:
        r = json.loads(line) if line.strip() else None
        if r is not None and r.get('engine_version') == old and (where is None or str(r.get(where[0])) == where[1]):
            r['engine_version'], k = new, k + 1
            line = json.dumps(r, ensure_ascii=False)
        out.append(line)
    if k: atomic(path, '\n'.join(out) + '\n')
    return k

def atomic(path:Path, text:str):
    tmp = path.with_name(path.name + '.tmp'); tmp.write_text(text); os.replace(tmp, path)

def summary(folder:Path, old:str, new:str):
    "Rename `old` in the `engine_versions` counts of folder/summary.json, where it has them."
    f = folder/'summary.json'
    if not f.exists(): return
    d, hit = json.loads(f.read_text()), False
    for v in d.values():
        ev = v.get('engine_versions') if isinstance(v, dict) else None
        if isinstance(ev, dict) and old in ev: ev[new] = ev.get(new, 0) + ev.pop(old); hit = True
    if hit: atomic(f, json.dumps(d, indent=1) + '\n')

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('files', nargs='+', type=Path)
    ap.add_argument('--map', required=True, help='OLD=NEW')
    ap.add_argument('--where', help='KEY=VALUE: only rows whose KEY equals VALUE')
    ap.add_argument('--date', required=True); ap.add_argument('--why', required=True)
    a = ap.parse_args(argv)
    old, _, new = a.map.partition('=')
    where = tuple(a.where.split('=', 1)) if a.where else None
    if not (old and new) or (a.where and len(where) != 2): sys.exit("error: --map takes OLD=NEW and --where KEY=VALUE")
    missing = [str(f) for f in a.files if not f.exists()]
    if missing: sys.exit(f"error: no such file: {', '.join(missing)}")
    rows = {}
    for f in a.files:
        if (k := rewrite(f, old, new, where)): rows[str(f.relative_to('results'))] = k; summary(f.parent, old, new)
    log = json.loads(LOG.read_text()) if LOG.exists() else {}
    if 'migrations' not in log: log = dict(migrations=[dict(date='2026-11-26', **log)] if log else [])
    log['migrations'].append(dict(date=a.date, note=a.why, mapping={old: new}, **({'where': dict([where])} if where else {}), rows=rows))
    atomic(LOG, json.dumps(log, indent=1, ensure_ascii=False) + '\n')
    print(f"{old} -> {new}: {sum(rows.values())} rows in {len(rows)} files")

if __name__ == '__main__': main()
