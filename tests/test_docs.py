"The docs infrastructure: README.md stays hand-written, and tools/check_docs.py flags the page faults it claims to."
import sys, importlib.util
from pathlib import Path
import pytest
from nbdev.config import get_config
import nbdev.quarto

ROOT = Path(__file__).resolve().parents[1]

def test_readme_is_not_generated(monkeypatch):
    "nbdev-prepare calls nbdev_readme; with `readme_nb` naming no notebook it returns before rendering anything"
    cfg = get_config(ROOT)
    assert not (cfg.nbs_path/cfg.readme_nb).exists(), f"{cfg.readme_nb} exists, so nbdev-prepare would overwrite README.md"
    def boom(cmd): raise AssertionError(f"nbdev_readme tried to run {cmd}")
    monkeypatch.setattr(nbdev.quarto, '_sprun', boom)
    monkeypatch.chdir(ROOT)
    before = (ROOT/'README.md').read_bytes()
    nbdev.quarto.nbdev_readme.__wrapped__(path=str(ROOT))
    nbdev.quarto.nbdev_readme.__wrapped__()
    assert (ROOT/'README.md').read_bytes() == before

# ---- tools/check_docs.py: each rule fires on a page that breaks it, and none fires on a clean page ----------------
import nbformat
from nbformat.v4 import new_notebook, new_code_cell, new_markdown_cell, new_raw_cell, new_output

def _load_check():
    spec = importlib.util.spec_from_file_location('check_docs', ROOT/'tools'/'check_docs.py')
    m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    return m

cd = _load_check()

def _sd(name, sig): return new_output('execute_result', {'text/markdown': f"---\n\n### {name}\n\n```python\n{sig}\n```\n\n*doc*", 'text/plain': sig})
def _img(): return new_output('display_data', {'image/png': 'iVBORw0KGgo=', 'text/plain': '<Figure size 640x480 with 1 Axes>'})

def _page(tmp_path, cells, front="---\ntitle: Configuration\ndescription: Settings.\noutput-file: config.html\n---"):
    src, proc = tmp_path/'nbs'/'01_config.ipynb', tmp_path/'_proc'/'01_config.ipynb'
    src.parent.mkdir(exist_ok=True); proc.parent.mkdir(exist_ok=True)
    nbformat.write(new_notebook(cells=[new_code_cell('#| default_exp config')]), src)
    nbformat.write(new_notebook(cells=[new_raw_cell(front), *cells]), proc)
    return cd.Page(proc, src, tmp_path/'files')

def _run(page, **kw):
    ctx = dict(site='https://x.github.io/p/', pages={page.name, 'engine'}, by_nb={page.proc.stem: page.name},
               anchors={page.name: cd.anchors(page), 'engine': {'mctsengine', 'mctsengine.search'}}, private={'_Search', 'search_one'} | {'_Search'})
    ctx.update(kw)
    return sorted((r, n) for p in [page] for r in cd.RULES for _, n, r, _ in cd.CHECKS[r](p, ctx))

def _sig(): return "def SearchConfig(\n    **data:Any\n)->None:"

def test_check_docs_flags_each_rule(tmp_path):
    page = _page(tmp_path, [
        new_code_cell("from fastcore.test import *\nimport os"),
        new_markdown_cell("A [`_Search`](https://x.github.io/p/engine.html#_search) holds one run; see [search](engine.html#mctsengine.search)."),
        new_code_cell("#| echo: false\n#| output: asis\nshow_doc(SearchConfig)", outputs=[_sd('SearchConfig', _sig())]),
        new_code_cell("t = 1\nplot_tree(t);"),
        new_code_cell("x", outputs=[new_output('execute_result', {'text/plain': '<foo.Bar object at 0x7f3a2b>'})]),
        new_code_cell("1/0", outputs=[new_output('error', ename='ZeroDivisionError', evalue='division by zero', traceback=[])]),
    ], front="---\ntitle: Configuration\noutput-file: config.html\n---")
    got = {r for r, _ in _run(page)}
    assert got == set(cd.RULES), set(cd.RULES) - got
    lines = page.lines
    for r, n in _run(page):  # every fault names a line that shows it
        if r == 'test-import': assert 'fastcore.test' in lines[n-1]
        if r in ('anchor', 'private'): assert '_Search' in lines[n-1]
        if r == 'data-any': assert '**data:Any' in lines[n-1]
        if r == 'object-repr': assert 'object at 0x' in lines[n-1]

def test_check_docs_passes_a_clean_page(tmp_path):
    page = _page(tmp_path, [
        new_code_cell("#| include: false\nfrom fastcore.test import *"),
        new_markdown_cell("## Sections\n\nSee [`SearchConfig`](#searchconfig), the [sections](#sections), [search](engine.html#mctsengine.search), "
                          "`os._exit`, `__init__`, a payload key `_id`, and [elsewhere](https://example.com/a#_b)."),
        new_code_cell("#| echo: false\n#| output: asis\nshow_doc(SearchConfig)",
                      outputs=[_sd('SearchConfig', "class SearchConfig(\n    n_iter:int=30\n)")]),
        new_code_cell("def plot_it(t): plt.plot(t)"),  # defines a plot function: nothing to show
        new_code_cell("plot_tree(t);", outputs=[_img()]),
        new_code_cell("print(1)", outputs=[new_output('stream', name='stdout', text='1\n')]),
    ])
    assert _run(page) == []

def test_pandoc_ids():
    assert cd.pandoc_id('MCTSEngine.search') == 'mctsengine.search'
    assert cd.pandoc_id('_Search') == 'search'  # so `#_search` never exists
    assert cd.pandoc_id('The `plot_tree` helper') == 'the-plot_tree-helper'
    assert cd.pandoc_id('2. Evaluate {#evaluate}') == 'evaluate'
