"""Every notebook's doctest-looking lines run as written. IPython 9 strips an indented `>>>` prompt from a cell before it runs,
even inside a string literal whose opening quote does not begin its line (`P = '''def f(): ... >>> f()'''`), which silently
changes a problem prompt built in a cell. On IPython 8 nothing is stripped and this passes; on 9 it names the cells to rewrite."""
import json
from pathlib import Path
import pytest
from IPython.core.inputtransformer2 import TransformerManager

NBS = sorted((Path(__file__).resolve().parents[1]/'nbs').glob('*.ipynb'))

@pytest.mark.parametrize('nb', NBS, ids=lambda p: p.stem)
def test_ipython_keeps_every_prompt_line_of_a_cell(nb):
    tm, cs = TransformerManager(), json.loads(nb.read_text())['cells']
    bad = [i for i, c in enumerate(cs) if c['cell_type'] == 'code' and '>>>' in (s := ''.join(c['source'])) and tm.transform_cell(s).count('>>>') != s.count('>>>')]
    assert not bad, f"{nb.name}: IPython strips `>>>` from cells {bad} before running them; open the string on a line of its own: X = (\\n'''...''')"
