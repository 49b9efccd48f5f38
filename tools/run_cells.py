#!/usr/bin/env python
"""Execute some cells of a notebook and save their outputs, leaving every other cell's saved outputs alone: for refreshing
a section that reads committed results without rerunning a notebook's model-bound (`llm`/`slow`) cells.

    python tools/run_cells.py nbs/19_benchmark.ipynb --cells 62-70 [--setup 3,4]

`--setup` cells (default: every cell before the first of `--cells` that is exported or holds an import, and has no
`#| llm`/`#| slow`/`#| eval: false` flag) run first, in order; the kernel starts in the notebook's folder.
"""
import argparse, re, sys
from pathlib import Path
import nbformat
from nbclient import NotebookClient

def ranges(s):
    out = []
    for part in s.split(','):
        a, _, b = part.partition('-')
        out += list(range(int(a), int(b or a) + 1))
    return out

SKIP = re.compile(r'^#\|\s*(llm|slow|eval:\s*false)', re.M)

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('notebook', type=Path)
    ap.add_argument('--cells', required=True, help="cell indices to run and save, e.g. 62-70,75")
    ap.add_argument('--setup', default=None, help="cell indices to run first (default: import cells before the first of --cells)")
    ap.add_argument('--timeout', type=int, default=1200)
    a = ap.parse_args(argv)
    nb = nbformat.read(a.notebook, as_version=4)
    cells = ranges(a.cells)
    setup = ranges(a.setup) if a.setup else [i for i, c in enumerate(nb.cells[:min(cells)]) if c.cell_type == 'code' and not SKIP.search(c.source)
                                             and (re.search(r'^#\|\s*export', c.source, re.M) or re.search(r'^\s*(from|import) ', c.source, re.M))]
    client = NotebookClient(nb, timeout=a.timeout, kernel_name='python3', resources={'metadata': {'path': str(a.notebook.parent)}})
    with client.setup_kernel():
        for i in setup + cells:
            c = nb.cells[i]
            if c.cell_type != 'code': continue
            print(f"cell {i}: {c.source.splitlines()[0][:70] if c.source else ''}", file=sys.stderr)
            client.execute_cell(c, i)
    nbformat.write(nb, a.notebook)

if __name__ == '__main__': main()
