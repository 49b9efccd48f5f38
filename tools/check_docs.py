#!/usr/bin/env python
"""Check the docs site builds as far as this machine can: process every notebook as `nbdev-docs` would (`nbdev.serve.proc_nbs`),
then render each processed page to Markdown and fail on cells that raised. Quarto itself cannot be installed here;
the GitHub Pages workflow renders the site."""
import sys, shutil
from pathlib import Path
from nbdev.config import get_config
from nbdev.serve import proc_nbs
import nbformat
from nbconvert import MarkdownExporter

def main():
    cfg = get_config()
    proc_nbs(n_workers=1, force=True)
    out = cfg.config_path/'_proc'
    pages = sorted(out.rglob('*.ipynb'))
    bad = []
    for p in pages:
        nb = nbformat.read(p, as_version=4)
        for c in nb.cells: c.get('metadata', {}).pop('execution', None)  # nbdev's timing metadata is not nbformat-valid
        for c in nb.cells:
            for o in c.get('outputs', []):
                if o.get('output_type') == 'error': bad.append(f"{p.name}: {o.get('ename')}: {o.get('evalue')}")
        md, _ = MarkdownExporter().from_notebook_node(nb)
        if not md.strip(): bad.append(f"{p.name}: renders empty")
    print(f"processed {len(pages)} pages into {out}")
    for b in bad: print('  ERROR', b)
    return 1 if bad else 0

if __name__ == '__main__': sys.exit(main())
