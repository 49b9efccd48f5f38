"tools/nbpy.py round trips: editing a notebook as text must not lose the saved outputs of cells that did not change."
import subprocess, sys
from pathlib import Path
import nbformat
from nbformat.v4 import new_notebook, new_code_cell, new_markdown_cell, new_output

NBPY = Path(__file__).resolve().parents[1]/'tools'/'nbpy.py'

def nbpy(*args): subprocess.run([sys.executable, str(NBPY), *map(str, args)], check=True, capture_output=True, text=True)

def _nb():
    md = new_markdown_cell("# Title\n\n> summary\n\nprose with `code` and\n\n## a heading")
    a = new_code_cell("x = 1\nx", execution_count=1, outputs=[new_output('execute_result', {'text/plain': '1'}, execution_count=1)])
    img = new_output('display_data', {'image/png': 'iVBORw0KGgo=', 'text/plain': '<Figure size 640x480 with 1 Axes>'})
    b = new_code_cell("plot_tree(t);", execution_count=2, outputs=[img])
    c = new_code_cell("print('hi')", execution_count=3, outputs=[new_output('stream', name='stdout', text='hi\n')])
    d = new_code_cell("print('hi')", execution_count=4, outputs=[new_output('stream', name='stdout', text='hi again\n')])  # same source twice
    return new_notebook(cells=[md, a, b, c, d], metadata={'kernelspec': {'name': 'python3', 'display_name': 'python3', 'language': 'python'}})

def test_roundtrip_keeps_outputs(tmp_path):
    p, py = tmp_path/'x.ipynb', tmp_path/'x.py'
    nbformat.write(_nb(), p)
    before = nbformat.read(p, as_version=4)
    nbpy('to-py', p, py); nbpy('to-nb', py, p)
    after = nbformat.read(p, as_version=4)
    nbformat.validate(after)
    assert [c.source for c in after.cells] == [c.source for c in before.cells]
    assert [c.id for c in after.cells] == [c.id for c in before.cells]
    for b, a in zip(before.cells, after.cells):
        if b.cell_type == 'code': assert a.outputs == b.outputs and a.execution_count == b.execution_count

def test_edit_drops_only_changed_outputs(tmp_path):
    p, py = tmp_path/'x.ipynb', tmp_path/'x.py'
    nbformat.write(_nb(), p)
    nbpy('to-py', p, py)
    txt = py.read_text().replace("x = 1\nx", "x = 2\nx")
    txt += "\n# %%\nnew_cell()\n"
    py.write_text(txt)
    nbpy('to-nb', py, p)
    cells = nbformat.read(p, as_version=4).cells
    assert [c.source for c in cells][1:] == ["x = 2\nx", "plot_tree(t);", "print('hi')", "print('hi')", "new_cell()"]
    assert cells[1].outputs == [] and cells[1].execution_count is None  # changed: its old output would be stale
    assert cells[2].outputs[0]['data']['image/png'] == 'iVBORw0KGgo='  # the plot survives
    assert [c.outputs[0]['text'] for c in cells[3:5]] == ['hi\n', 'hi again\n']  # repeated cells each keep their own
    assert len({c.id for c in cells}) == len(cells)
    assert cells[5].outputs == []

def test_moved_cells_keep_outputs(tmp_path):
    p, py = tmp_path/'x.ipynb', tmp_path/'x.py'
    nbformat.write(_nb(), p)
    nbpy('to-py', p, py)
    parts = py.read_text().split('\n\n# %%\n')
    parts[1], parts[2] = parts[2], parts[1]  # swap the first two code cells
    py.write_text('\n\n# %%\n'.join(parts))
    nbpy('to-nb', py, p)
    cells = nbformat.read(p, as_version=4).cells
    assert cells[1].source == "plot_tree(t);" and cells[1].outputs[0]['output_type'] == 'display_data'
    assert cells[2].source == "x = 1\nx" and cells[2].outputs[0]['data'] == {'text/plain': '1'}
