"""Freeze each dated note of the research journal at the figures it showed when it was last written.

    python experiments/2026-12-07-journal-freeze/freeze_history.py [--out bench/reporting/frozen.json]

For every dated note of `bench/reporting/notes.md` (a paragraph opening `**YYYY-MM-DD · title.**`), it finds the last commit that
changed the note's text in the notes file (then `bench/results_notes.md`), takes that commit's template of the note and the
results page that commit generated (`nbs/results.md`, which the tests kept current), and reads each `{key}`'s value off the page
by matching the template against the rendered paragraph. The values go to `frozen.json`: the journal renders a frozen note with
them, so a later run no longer changes what a dated note says. Notes after the last frozen one render with today's figures
until `python bench/report.py --freeze` freezes them.
"""
import argparse, json, re, subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OLD_NOTES, PAGE = 'bench/results_notes.md', 'nbs/results.md'
HEAD = re.compile(r'\*\*(\d{4}-\d\d-\d\d) · (.*?)\*\*')

def git(*a): return subprocess.run(['git', '-C', str(ROOT), *a], capture_output=True, text=True, check=True).stdout
def notes(text:str) -> dict:
    "Each dated note of a notes file by its heading."
    return {m[0]: p for p in text.split('\n\n') if (m := HEAD.match(p))}

def values(tpl:str, page:str) -> dict|None:
    "The value of each `{key}` in `tpl` as `page` rendered it (None: the note is not on the page as the template says)."
    parts, keys, rx = re.split(r'(?<!\{)\{(\w+)\}(?!\})', tpl), [], ''
    for i, p in enumerate(parts):
        if i % 2 == 0: rx += re.escape(p.replace('{{', '{').replace('}}', '}'))
        elif p in keys: rx += f'(?P={p})'
        else: keys.append(p); rx += f'(?P<{p}>.*?)'
    m = re.search('^' + rx + '$', page, re.M | re.S)
    return m.groupdict() if m else None

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--out', type=Path, default=ROOT/'bench'/'reporting'/'frozen.json')
    a = ap.parse_args()
    commits = git('log', '--reverse', '--format=%h %cI', '--', OLD_NOTES).split()
    last = {}  # heading -> (commit, date, template) of its last change
    for h, d in zip(commits[::2], commits[1::2]):
        for head, p in notes(git('show', f'{h}:{OLD_NOTES}')).items():
            if head not in last or last[head][2] != p: last[head] = (h, d[:10], p)
    out, pages = {}, {}
    current = notes((ROOT/'bench'/'reporting'/'notes.md').read_text())  # the notes the journal shows today
    for head, (h, d, tpl) in last.items():
        if head not in current: continue  # a heading since renamed
        page = pages.setdefault(h, git('show', f'{h}:{PAGE}'))
        v = values(tpl, page)
        if v is None: print(f"not matched at {h}: {head[:70]}"); continue
        out[head] = {'commit': h, 'date': d, 'figures': v}
    a.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + '\n')
    print(f"froze {len(out)} of {len(current)} notes into {a.out}")

if __name__ == '__main__': main()
