#!/usr/bin/env python
"""Convert between percent-format `.py` and `.ipynb` (a tiny jupytext), so notebooks can be written as text.

    python tools/nbpy.py to-nb  src.py  nbs/NAME.ipynb   # cells split on `# %%`; `# %% [markdown]` lines lose their `# `;
                                                         # cells whose source did not change keep their ids, metadata and
                                                         # saved outputs (matched in order, so repeated cells each keep theirs)
    python tools/nbpy.py to-py  nbs/NAME.ipynb  out.py   # the reverse, for reading/editing (outputs stay in the notebook)
"""
import sys, re
from collections import defaultdict, deque
from pathlib import Path
import nbformat
from nbformat.v4 import new_notebook, new_code_cell, new_markdown_cell

def _md(lines): return '\n'.join(re.sub(r'^# ?', '', l) for l in lines).strip('\n')

def _key(c): return c.cell_type, c.source.strip()

def py2cells(txt):
    "Cells of percent-format text `txt`"
    cells, kind, buf = [], None, []
    def flush():
        if kind is None: return
        body = _md(buf) if kind == 'md' else '\n'.join(buf).strip('\n')
        if body.strip(): cells.append(new_markdown_cell(body) if kind == 'md' else new_code_cell(body))
    for line in txt.splitlines():
        if line.startswith('# %%'):
            flush(); buf = []
            kind = 'md' if '[markdown]' in line else 'code'
        else: buf.append(line)
    flush()
    return cells

def keep_old(cells, old):
    "Give each cell in `cells` the id, metadata and outputs of an unused `old` cell with the same type and source"
    pool = defaultdict(deque)
    for o in old: pool[_key(o)].append(o)
    for c in cells:
        q = pool.get(_key(c))
        if not q: continue
        o = q.popleft()
        if o.get('id'): c.id = o.id
        c.metadata = o.get('metadata', {})
        if c.cell_type == 'code': c.outputs, c.execution_count = o.get('outputs', []), o.get('execution_count')
    return cells

def to_nb(src, dst):
    cells, meta = py2cells(Path(src).read_text()), None
    if Path(dst).exists():
        old = nbformat.read(dst, as_version=4)
        keep_old(cells, old.cells)
        meta = old.metadata
    nb = new_notebook(cells=cells)
    nb.metadata = meta or {"kernelspec": {"display_name": "python3", "language": "python", "name": "python3"}}
    nbformat.write(nb, dst)

def to_py(src, dst):
    nb = nbformat.read(src, as_version=4)
    out = []
    for c in nb.cells:
        if c.cell_type == 'markdown': out.append('# %% [markdown]\n' + '\n'.join('# ' + l if l else '#' for l in c.source.splitlines()))
        elif c.cell_type == 'code': out.append('# %%\n' + c.source)
        else: sys.exit(f"{src}: a {c.cell_type} cell cannot be written as percent format; convert it to markdown or code first")
    Path(dst).write_text('\n\n'.join(out) + '\n')

if __name__ == '__main__':
    if len(sys.argv) != 4 or sys.argv[1] not in ('to-nb', 'to-py'): sys.exit(__doc__)
    cmd, src, dst = sys.argv[1:4]
    {'to-nb': to_nb, 'to-py': to_py}[cmd](src, dst)
