#!/usr/bin/env python
"""Convert between percent-format `.py` and `.ipynb` (a tiny jupytext), so notebooks can be written as text.

    python tools/nbpy.py to-nb  src.py  nbs/NAME.ipynb   # cells split on `# %%`; `# %% [markdown]` lines lose their `# `;
                                                         # unchanged cells keep their ids and saved outputs
    python tools/nbpy.py to-py  nbs/NAME.ipynb  out.py   # the reverse, for reading/editing
"""
import sys, json, re
from pathlib import Path
import nbformat
from nbformat.v4 import new_notebook, new_code_cell, new_markdown_cell

def _md(lines): return '\n'.join(re.sub(r'^# ?', '', l) for l in lines).strip('\n')

def to_nb(src, dst):
    txt = Path(src).read_text()
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
    if Path(dst).exists():  # keep the ids and saved outputs of cells whose source did not change
        old = {c.source: c for c in nbformat.read(dst, as_version=4).cells}
        for c in cells:
            o = old.get(c.source)
            if o is None or o.cell_type != c.cell_type: continue
            if o.get('id'): c.id = o.id
            if c.cell_type == 'code': c.outputs, c.execution_count = o.get('outputs', []), o.get('execution_count')
    nb = new_notebook(cells=cells)
    nb.metadata = {"kernelspec": {"display_name": "python3", "language": "python", "name": "python3"}}
    nbformat.write(nb, dst)

def to_py(src, dst):
    nb = nbformat.read(src, as_version=4)
    out = []
    for c in nb.cells:
        if c.cell_type == 'markdown': out.append('# %% [markdown]\n' + '\n'.join('# ' + l if l else '#' for l in c.source.splitlines()))
        else: out.append('# %%\n' + c.source)
    Path(dst).write_text('\n\n'.join(out) + '\n')

if __name__ == '__main__':
    cmd, src, dst = sys.argv[1:4]
    {'to-nb': to_nb, 'to-py': to_py}[cmd](src, dst)
