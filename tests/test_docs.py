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

# ---- the Markdown pages of nbs/ (results, journal, the guides): links to them and their anchors land -------------
def test_md_pages_have_their_headings_anchors(tmp_path):
    (tmp_path/'results.md').write_text("---\ntitle: Results\ndescription: Tables.\n---\n\n## Headline\n\n### 0.5B\n\n## Levers\n\nSee [x](journal.md#gone).\n")
    page = cd.MdPage(tmp_path/'results.md')
    assert page.name == 'results' and page.front['title'] == 'Results'
    assert cd.anchors(page) == {'headline', 'b', 'levers'}
    nb = _page(tmp_path, [new_markdown_cell("The [levers](results.md#levers), the [headline](results.md#headline), [gone](results.md#the-router).")])
    ctx = dict(site='https://x.github.io/p/', pages={nb.name, 'results', 'journal'}, by_nb={}, private=set(),
               anchors={nb.name: cd.anchors(nb), 'results': cd.anchors(page), 'journal': {'dated-notes'}})
    assert [d for *_, d in cd.chk_anchor(nb, ctx)] == ['results.md#the-router: no anchor #the-router on results']
    assert [d for *_, d in cd.chk_anchor(page, ctx)] == ['journal.md#gone: no anchor #gone on journal']

def test_md_anchor_faults_flags_dangling_links(tmp_path):
    (tmp_path/'nbs').mkdir()
    (tmp_path/'nbs'/'results.md').write_text("## Levers\n\nThe [notes](journal.md#dated-notes).\n")
    (tmp_path/'README.md').write_text("[levers](nbs/results.md#levers), [router](nbs/results.md#the-router), [gone](nbs/gone.md), [site](https://x.io/results.md#q)\n")
    nbformat.write(new_notebook(cells=[new_markdown_cell("The [journal](journal.md) and [levers](results.md#levers-1)."), new_code_cell("# [no](results.md#no)")]),
                   tmp_path/'nbs'/'01_a.ipynb')
    assert sorted(cd.md_anchor_faults(tmp_path)) == [
        ('README.md', 1, 'nbs/gone.md: no page nbs/gone.md'), ('README.md', 1, 'nbs/results.md#the-router: no anchor #the-router on nbs/results.md'),
        ('nbs/01_a.ipynb cell 0', 1, 'journal.md: no page nbs/journal.md'), ('nbs/01_a.ipynb cell 0', 1, 'results.md#levers-1: no anchor #levers-1 on nbs/results.md'),
        ('nbs/results.md', 3, 'journal.md#dated-notes: no page nbs/journal.md')]

def test_links_to_the_md_pages_land():
    "Every link from README.md, the Markdown pages and the notebooks' Markdown cells to results.md, journal.md or a guide page names a heading there"
    assert cd.md_anchor_faults() == []
