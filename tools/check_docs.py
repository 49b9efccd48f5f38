#!/usr/bin/env python
"""Check the docs site as far as this machine can build it (Quarto cannot be installed here; the Pages workflow renders the real site).

    python tools/check_docs.py                 # process every notebook as `nbdev-docs` does, write each page's Markdown, check the rules
    python tools/check_docs.py --screenshots   # also render the pages to HTML and screenshot index, engine and executor in Chromium
    python tools/check_docs.py --no-proc --pages engine,config   # reuse _proc/ from the last run; check some pages only

Pages are nbdev's processed notebooks (`nbdev.serve.proc_nbs`, as `nbdev-docs` runs it: show_doc cells executed, nbdev
directives removed, Quarto's kept) turned into Markdown the way Quarto treats them (`echo: false` hides the source,
`output: asis` inserts Markdown as is). Everything goes to `_docs_check/` (git-ignored): `pages/NAME.md` (the line numbers in
the report are lines there), `html/NAME.html` and `shots/NAME.png`. Each fault is printed as `PAGE.md:LINE: RULE: detail`;
the exit status is 1 if any rule failed.
"""
import argparse, ast, base64, html, importlib, re, shutil, subprocess, sys
from collections import Counter, defaultdict
from pathlib import Path
import nbformat, yaml

RULES = {
    'object-repr': "a default Python repr (`object at 0x`) on the page",
    'data-any': "a pydantic class rendered as `(**data:Any)` although it has fields",
    'anchor': "a link to a page or an anchor that does not exist (private names have no anchors)",
    'plot': "a cell calls a plot function but shows no picture",
    'title': "the page has no title or no summary (a `# Title` and a `> summary` cell)",
    'test-import': "`from fastcore.test import ...` is visible on the page (put it in a `#| hide` cell)",
    'private': "a backticked private name (`_name`) in the prose",
    'error': "a cell on the page shows an exception",
}
ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT/'_docs_check'
SHOT_PAGES = ('index', 'engine', 'executor')

# ---- processed notebook -> Markdown page, the way Quarto would show it --------------------------------------------
_re_dir = re.compile(r'^\s*#\|\s*([\w-]+)\s*:?\s*(.*?)\s*$')

def directives(src):
    "Quarto `#| key: value` lines at the top of a code cell, and the source without them"
    d, lines = {}, src.splitlines()
    while lines and (m := _re_dir.match(lines[0])):
        d[m[1]] = m[2].strip().lower() or 'true'
        lines = lines[1:]
    return d, '\n'.join(lines)

def _ansi(s): return re.sub(r'\x1b\[[0-9;]*[A-Za-z]', '', s)

def _fence(txt, lang=''):
    n = max([3] + [len(m) + 1 for m in re.findall(r'`{3,}', txt)])
    return f"{'`'*n}{lang}\n{txt.rstrip()}\n{'`'*n}"

def _out_md(o, files, stem, k):
    "Markdown for one output; images are written next to the page"
    t = o.get('output_type')
    if t == 'stream': return _fence(_ansi(o.get('text', '')))
    if t == 'error': return _fence(_ansi('\n'.join(o.get('traceback', [])) or f"{o.get('ename')}: {o.get('evalue')}"))
    data = o.get('data', {})
    for mime, ext in (('image/png', 'png'), ('image/jpeg', 'jpg'), ('image/svg+xml', 'svg')):
        if mime in data:
            v = data[mime]; v = ''.join(v) if isinstance(v, list) else v
            f = files/f"{stem}_{k}.{ext}"
            f.parent.mkdir(parents=True, exist_ok=True)
            if ext == 'svg': f.write_text(v)
            else: f.write_bytes(base64.b64decode(v))
            return f"![]({f.parent.name}/{f.name})"
    if 'text/markdown' in data: return data['text/markdown']
    if 'text/html' in data: return data['text/html']
    if 'text/plain' in data: return _fence(data['text/plain'])
    return ''

class Page:
    "One processed notebook as Markdown, with where each cell landed"
    def __init__(self, proc:Path, src:Path|None, files:Path):
        self.proc, self.src, self.files = proc, src, files
        nb = nbformat.read(proc, as_version=4)
        self.front, parts, self.cells = {}, [], []  # cells: (kind, first line, last line, cell, visible source, directives)
        line = 1
        def add(txt, kind, cell=None, vis='', d=None):
            nonlocal line
            if not txt.strip(): return
            n = txt.count('\n') + 1
            self.cells.append((kind, line, line + n - 1, cell, vis, d or {}))
            parts.append(txt); line += n + 1
        for i, c in enumerate(nb.cells):
            if c.cell_type == 'raw':
                if i == 0 and c.source.lstrip().startswith('---'):
                    self.front = yaml.safe_load(c.source.strip().strip('-')) or {}
                    add(c.source.strip(), 'front', c)
                continue
            if c.cell_type == 'markdown': add(c.source, 'md', c); continue
            d, body = directives(c.source)
            if d.get('include') == 'false': continue
            vis = '' if d.get('echo') == 'false' else body
            if vis.strip(): add(_fence(vis, 'python'), 'code', c, vis, d)
            if d.get('output') != 'false':
                for k, o in enumerate(c.get('outputs', [])):
                    add(_out_md(o, files, f"{proc.stem}_{i}", k), 'out', c, vis, d)
                if not c.get('outputs'): self.cells.append(('nooutput', line, line, c, vis, d))
        self.text = '\n\n'.join(parts) + '\n'
        self.lines = self.text.splitlines()
        self.name = Path(self.front.get('output-file', proc.stem + '.html')).stem
        self.default_exp = None
        if self.src and self.src.exists():
            m = re.search(r'^#\|\s*default_exp\s+(\S+)', '\n'.join(c.source for c in nbformat.read(self.src, as_version=4).cells), re.M)
            self.default_exp = m and m[1]

    def prose(self):
        "(line number, text) of lines outside code fences, in Markdown cells and Markdown outputs"
        for kind, a, b, c, _, _ in self.cells:
            if kind not in ('md', 'out'): continue
            fence = None
            for n in range(a, b + 1):
                l = self.lines[n - 1]
                m = re.match(r'\s*(`{3,}|~{3,})', l)
                if m:
                    if fence is None: fence = m[1]
                    elif m[1].startswith(fence[0]) and len(m[1]) >= len(fence): fence = None
                    continue
                if fence is None: yield n, l

class MdPage(Page):
    "A Markdown page of nbs/ (Quarto renders it as it is): its front matter, then one prose cell"
    def __init__(self, src:Path):
        self.proc, self.src, self.files, self.default_exp, self.name = src, src, src.parent/f"{src.stem}_files", None, src.stem
        self.text = src.read_text(); self.lines = self.text.splitlines()
        m = re.match(r'---\n(.*?)\n---\n', self.text, re.S)
        self.front = (yaml.safe_load(m[1]) or {}) if m else {}
        self.cells = [('md', m[0].count('\n') + 1 if m else 1, len(self.lines), None, '', {})]

# ---- anchors, as pandoc makes them -------------------------------------------------------------------------------
def pandoc_id(txt):
    "Pandoc's auto identifier for a heading's text"
    txt = re.sub(r'\{[^}]*\}\s*$', '', txt)
    txt = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', txt)
    txt = re.sub(r'<[^>]+>', '', txt).replace('`', '').replace('*', '')
    txt = re.sub(r'[^\w\s.-]', '', txt.strip().lower(), flags=re.UNICODE)
    txt = re.sub(r'\s+', '-', txt)
    txt = re.sub(r'^[^a-z]+', '', txt)
    return txt or 'section'

def anchors(page):
    ids, seen = set(), Counter()
    for n, l in page.prose():
        m = re.match(r'^(#{1,6})\s+(.*?)\s*#*\s*$', l)
        if m:
            if (e := re.search(r'\{#([\w.:-]+)[^}]*\}\s*$', m[2])): ids.add(e[1]); continue
            i = pandoc_id(m[2]); ids.add(i if not seen[i] else f"{i}-{seen[i]}"); seen[i] += 1
        ids.update(re.findall(r'''\bid=["']([^"']+)["']''', l))
    return ids

# ---- rules -------------------------------------------------------------------------------------------------------
def chk_object_repr(page, ctx):
    return [(page, n, 'object-repr', l.strip()[:120]) for n, l in enumerate(page.lines, 1) if re.search(r'object at 0x[0-9a-fA-F]+', l)]

def _resolve(page, nm):
    if not page.default_exp: return None
    try: mod = importlib.import_module(f"{ctx_lib()}.{page.default_exp}")
    except Exception: return None
    o = mod
    for p in nm.split('.'):
        o = getattr(o, p, None)
        if o is None: return None
    return o

def chk_data_any(page, ctx):
    res, head = [], None
    outs = {n for kind, a, b, *_ in page.cells if kind == 'out' for n in range(a, b + 1)}  # show_doc output, not prose or code
    for n, l in enumerate(page.lines, 1):
        if (m := re.match(r'^#{2,6}\s+([\w.]+)\s*$', l)): head = m[1]
        if n in outs and re.search(r'\*\*data\s*:\s*Any', l):
            o = _resolve(page, head) if head else None
            fields = getattr(o, 'model_fields', None)
            if fields: res.append((page, n, 'data-any', f"{head} has {len(fields)} fields: {', '.join(list(fields)[:5])}…"))
            elif o is None: res.append((page, n, 'data-any', f"{head or 'a class'} renders `**data:Any` (could not import it to count its fields)"))
    return res

_re_link = re.compile(r'\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|\bhref=["\']([^"\']+)["\']')

def chk_anchor(page, ctx):
    res, site = [], ctx['site']
    for n, l in page.prose():
        for m in _re_link.finditer(l):
            url = m[1] or m[2]
            if url.startswith(site): url = url[len(site):].lstrip('/')
            elif re.match(r'^[a-z][\w+.-]*:', url) or url.startswith('//'): continue
            path, _, frag = url.partition('#')
            path = path.split('?')[0]
            if path.startswith(page.files.name + '/'): continue  # a picture from the page's own outputs
            if not path: tgt = page.name
            else:
                p = Path(path)
                if p.suffix in ('.html', '.ipynb', '.md', '') and p.stem in ctx['pages'] and len(p.parts) == 1: tgt = p.stem
                elif p.suffix == '.ipynb' and p.stem in ctx['by_nb']: tgt = ctx['by_nb'][p.stem]
                elif path == 'index.html' or path == './': tgt = 'index'
                else:
                    if not (ROOT/'nbs'/path).exists(): res.append((page, n, 'anchor', f"{url}: no such page or file in the site"))
                    elif path.startswith('..'): res.append((page, n, 'anchor', f"{url}: points outside nbs/, so not part of the site"))
                    continue
            if frag and frag not in ctx['anchors'][tgt]:
                why = ' (a private name: pandoc drops the leading underscore and nbdev documents no private names)' if frag.startswith('_') else ''
                res.append((page, n, 'anchor', f"{url}: no anchor #{frag} on {tgt}{why}"))
    return res

def md_anchor_faults(root:Path=ROOT):
    "Links to a Markdown page of nbs/ (`results.md#levers`; from README.md, `nbs/results.md#levers`) whose page or anchor is missing: (file, line, detail); reads the sources, processes no notebook"
    nbs = root/'nbs'
    ids = {p.name: anchors(MdPage(p)) for p in nbs.glob('*.md')}
    srcs = [('README.md', 'nbs/', (root/'README.md').read_text())] if (root/'README.md').exists() else []
    srcs += [(f"nbs/{p.name}", '', p.read_text()) for p in sorted(nbs.glob('*.md'))]
    for p in sorted(nbs.glob('*.ipynb')):
        srcs += [(f"nbs/{p.name} cell {i}", '', c.source) for i, c in enumerate(nbformat.read(p, as_version=4).cells) if c.cell_type == 'markdown']
    res = []
    for f, pre, txt in srcs:
        for n, l in enumerate(txt.splitlines(), 1):
            for m in _re_link.finditer(l):
                url = m[1] or m[2]
                path, _, frag = url.partition('#')
                nm = path.removeprefix(pre)
                if not (path.startswith(pre) and nm.endswith('.md')) or '/' in nm or ':' in nm: continue
                if nm not in ids: res.append((f, n, f"{url}: no page nbs/{nm}"))
                elif frag and frag not in ids[nm]: res.append((f, n, f"{url}: no anchor #{frag} on nbs/{nm}"))
    return res

_plot_name = re.compile(r'^(plot_\w*|plot|show|imshow)$')

def _plot_calls(src):
    "Plot calls made at the top level of a cell (not inside the definition of a function or class)"
    try: tree = ast.parse(src)
    except SyntaxError:
        return [l.strip() for l in src.splitlines() if re.search(r'\bplot_\w*\(|\.plot\(|\bplt\.|show\(\)', l) and not l.lstrip().startswith(('def ', '#'))]
    found = []
    for stmt in tree.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)): continue
        for node in ast.walk(stmt):
            if not isinstance(node, ast.Call): continue
            f = node.func
            nm = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ''
            base = f.value.id if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else ''
            if _plot_name.match(nm) or base == 'plt': found.append(ast.unparse(node)[:60])
    return found

def chk_plot(page, ctx):
    res, seen = [], set()
    for kind, a, b, c, vis, d in page.cells:
        if c is None or c.cell_type != 'code' or id(c) in seen: continue
        seen.add(id(c))
        _, src = directives(c.source)
        calls = _plot_calls(src)
        if not calls: continue
        pics = [o for o in c.get('outputs', []) if set(o.get('data', {})) & {'image/png', 'image/jpeg', 'image/svg+xml', 'text/html'}]
        if not pics:
            state = 'no output' if not c.get('outputs') else 'no picture in its output'
            res.append((page, a, 'plot', f"`{calls[0]}`: {state} (run the notebook and keep the outputs)"))
    return res

def chk_title(page, ctx):
    miss = [k for k, nm in (('title', 'title'), ('description', 'summary')) if not str(page.front.get(k, '')).strip()]
    return [(page, 1, 'title', f"no {' and no '.join('summary' if k == 'description' else k for k in miss)}")] if miss else []

def chk_test_import(page, ctx):
    res = []
    for kind, a, b, c, vis, d in page.cells:
        if kind != 'code': continue
        for k, l in enumerate(vis.splitlines()):
            if re.match(r'\s*from\s+fastcore\.test\s+import', l): res.append((page, a + 1 + k, 'test-import', l.strip()))
    return res

_re_tick = re.compile(r'(?<!`)`([^`\n]+)`(?!`)')

def private_names():
    "Private names the library defines (from nbdev's symbol index): `_Search`, `_serve`, `_Server._enter`, ..."
    try: idx = importlib.import_module(f"{ctx_lib()}._modidx").d['syms']
    except Exception: return set()
    res = set()
    for mod, syms in idx.items():
        for k in syms:
            parts = k[len(mod) + 1:].split('.')
            if any(p.startswith('_') and not p.endswith('__') for p in parts): res.update({'.'.join(parts), parts[-1]})
    return res

def chk_private(page, ctx):
    "Backticked names of the library's private objects (or `self._x`) in prose; `os._exit` or a payload key `_id` pass"
    res = []
    for n, l in page.prose():
        for m in _re_tick.finditer(l):
            t = m[1].strip().removesuffix('()')
            if not re.fullmatch(r'(?:[A-Za-z_]\w*\.)*_[A-Za-z0-9]\w*', t) or t.endswith('__'): continue
            if t in ctx['private'] or t.split('.', 1)[-1] in ctx['private'] or t.startswith('self._'):
                res.append((page, n, 'private', f"`{m[1]}`"))
    return res

def chk_error(page, ctx):
    res, seen = [], set()
    for kind, a, b, c, vis, d in page.cells:
        if kind != 'out' or id(c) in seen: continue
        if errs := [o for o in c.get('outputs', []) if o.get('output_type') == 'error']:
            seen.add(id(c)); res.append((page, a, 'error', f"{errs[0].get('ename')}: {errs[0].get('evalue')}"[:160]))
    return res

CHECKS = dict(zip(RULES, (chk_object_repr, chk_data_any, chk_anchor, chk_plot, chk_title, chk_test_import, chk_private, chk_error)))

_lib = None
def ctx_lib():
    global _lib
    if _lib is None:
        from nbdev.config import get_config
        _lib = get_config().lib_name
    return _lib

# ---- HTML and screenshots ----------------------------------------------------------------------------------------
_CSS = """body{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;line-height:1.5;color:#222}
pre{background:#f6f8fa;padding:.8em;overflow-x:auto;border-radius:4px}code{font-size:90%}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.3em .6em}img{max-width:100%}
.meta{color:#666;font-size:1.15em;margin-top:-.6em}h3{border-top:1px solid #eee;padding-top:.6em}"""

def render_html(page, dst:Path, pages):
    "The page's Markdown through markdown-it (CommonMark + tables), with nbdev's Quarto-only bits dropped"
    from markdown_it import MarkdownIt
    md = MarkdownIt('commonmark', {'html': True}).enable('table').enable('strikethrough')
    body = page.text
    body = re.sub(r'\A---\n.*?\n---\n', '', body, flags=re.S)  # front matter: shown as the title below
    body = re.sub(r'\)\{[^}\n]*\}', ')', body)  # Quarto link attributes: [source](url){target="_blank" ...}
    body = re.sub(r'^(#{1,6} .*?)\s*\{[^}\n]*\}\s*$', r'\1', body, flags=re.M)
    body = re.sub(r'^:::.*$', '', body, flags=re.M)  # Quarto divs (callouts)
    for p in pages: body = body.replace(f"{p}.ipynb)", f"{p}.html)")
    title, desc = html.escape(str(page.front.get('title', page.name))), md.renderInline(str(page.front.get('description', '')))
    nav = ' · '.join(f'<a href="{p}.html">{p}</a>' for p in pages)
    dst.write_text(f'<!doctype html><meta charset="utf-8"><title>{title}</title><style>{_CSS}</style>'
                   f'<nav>{nav}</nav><h1>{title}</h1><p class="meta">{desc}</p>\n{md.render(body)}')

def chromium():
    for nm in ('chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'):
        if (p := shutil.which(nm)): return p
    if Path('/usr/bin/chromium').exists(): return '/usr/bin/chromium'

def screenshot(src:Path, dst:Path, width=1280, height=2400):
    exe = chromium()
    if not exe: raise SystemExit("no Chromium found: install Debian's `chromium` package (apt-get install chromium), or run without --screenshots")
    cmd = [exe, '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--allow-file-access-from-files',
           f'--window-size={width},{height}', f'--screenshot={dst}', src.resolve().as_uri()]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if not dst.exists(): raise SystemExit(f"Chromium made no screenshot of {src}: {r.stderr.strip()[-300:]}")

# ---- main --------------------------------------------------------------------------------------------------------
def build_pages(proc=True, only=None):
    from nbdev.config import get_config
    cfg = get_config()
    if proc:
        from nbdev.serve import proc_nbs
        proc_nbs(n_workers=1, force=True)
    cache = cfg.config_path/'_proc'
    if not cache.exists(): raise SystemExit("no _proc/ yet: run without --no-proc first")
    shutil.rmtree(OUT/'pages', ignore_errors=True)
    pdir = OUT/'pages'; pdir.mkdir(parents=True)
    pages = [Page(p, cfg.nbs_path/p.relative_to(cache), pdir/f"{p.stem}_files") for p in sorted(cache.rglob('*.ipynb'))]
    pages += [MdPage(p) for p in sorted(cfg.nbs_path.glob('*.md'))]  # the guide pages, results and journal: Quarto renders them too
    for p in pages: (pdir/f"{p.name}.md").write_text(p.text)
    ctx = dict(site=f"{cfg.doc_host}{cfg.doc_baseurl}".rstrip('/') + '/', pages={p.name for p in pages},
               by_nb={p.proc.stem: p.name for p in pages}, anchors={p.name: anchors(p) for p in pages},
               private=private_names())
    if only: pages = [p for p in pages if p.name in only or p.proc.stem in only]
    return pages, ctx

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--screenshots', action='store_true', help=f"render HTML and screenshot {', '.join(SHOT_PAGES)} in headless Chromium")
    ap.add_argument('--shots', default=','.join(SHOT_PAGES), help="comma-separated pages to screenshot with --screenshots")
    ap.add_argument('--no-proc', action='store_true', help="reuse _proc/ from the last run instead of processing the notebooks again")
    ap.add_argument('--pages', default='', help="comma-separated page names (engine) or notebooks (12_engine) to check; default all")
    ap.add_argument('--rules', default=','.join(RULES), help=f"comma-separated rules to apply: {', '.join(RULES)}")
    a = ap.parse_args(argv)
    rules = [r.strip() for r in a.rules.split(',') if r.strip()]
    if bad := [r for r in rules if r not in RULES]: raise SystemExit(f"unknown rule {', '.join(bad)}: choose from {', '.join(RULES)}")
    sys.path.insert(0, str(ROOT))
    pages, ctx = build_pages(not a.no_proc, {p.strip() for p in a.pages.split(',') if p.strip()} or None)
    faults = [f for p in pages for r in rules for f in CHECKS[r](p, ctx)]
    for p, n, r, msg in faults: print(f"{(OUT/'pages'/(p.name + '.md')).relative_to(ROOT)}:{n}: {r}: {msg}")
    cnt = Counter(r for _, _, r, _ in faults)
    print(f"\n{len(pages)} pages checked, Markdown in {(OUT/'pages').relative_to(ROOT)}/")
    for r in rules:
        per = Counter(p.name for p, _, rr, _ in faults if rr == r)
        print(f"  {'FAIL' if cnt[r] else 'ok  '} {r:12} {cnt[r]:4}  {RULES[r]}" + (f"  [{', '.join(f'{k}:{v}' for k, v in sorted(per.items()))}]" if per else ''))
    if a.screenshots:
        hdir, sdir = OUT/'html', OUT/'shots'
        shutil.rmtree(hdir, ignore_errors=True); shutil.rmtree(sdir, ignore_errors=True)
        hdir.mkdir(parents=True); sdir.mkdir(parents=True)
        allp, _ = build_pages(False) if a.pages else (pages, ctx)
        names = sorted(p.name for p in allp)
        for p in allp:
            render_html(p, hdir/f"{p.name}.html", names)
            if (pf := OUT/'pages'/f"{p.proc.stem}_files").exists(): shutil.copytree(pf, hdir/pf.name, dirs_exist_ok=True)
        for nm in [x.strip() for x in a.shots.split(',') if x.strip()]:
            if nm in names: screenshot(hdir/f"{nm}.html", sdir/f"{nm}.png"); print(f"  screenshot {(sdir/(nm + '.png')).relative_to(ROOT)}")
            else: print(f"  no page {nm} to screenshot")
    return 1 if faults else 0

if __name__ == '__main__': sys.exit(main())
