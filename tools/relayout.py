"""Move the package's modules into subpackages that show its layers (issue 79), from one table, `MAP`.

    python tools/relayout.py && nbdev-export && nbdev-clean

Idempotent: a second run changes nothing. It rewrites every notebook's `#| default_exp` (and `#| export NAME`), and every
`mcts_codegen.OLD` / `from mcts_codegen import OLD` / `mcts_codegen/OLD.py` in notebooks, tests, bench, tools, experiments,
docs, README, pyproject and CI; moves the package's data files (router.json, static/) beside their modules; writes the
subpackages' `__init__.py`; and removes the old generated modules (nbdev-export then writes the new ones).
It fails, changing nothing, if a module under mcts_codegen/ is in neither column of `MAP` (a new module: add it to the table)."""
import json, re, shutil, sys
from pathlib import Path

PKG = 'mcts_codegen'
MAP = {  # old module -> new dotted module, by layer (arrows point from service down to core; the core never imports the lab)
    # (jsdoc, scorers, openai_compat and scalars come from the branches of issues 82, 81, 83 and 80)
    # the search core: settings, problems, the tree, the model and the engine, and the strategies over it
    'utils': 'core.utils', 'config': 'core.config', 'problem': 'core.problem', 'visible': 'core.visible', 'loaders': 'core.loaders',
    'node': 'core.node', 'select': 'core.select', 'agents': 'core.agents', 'decoder': 'core.decoder', 'models': 'core.models',
    'llm': 'core.llm', 'completion': 'core.completion', 'openai_client': 'core.openai_client', 'plugins': 'core.plugins', 'jsdoc': 'core.jsdoc', 'engine': 'core.engine', 'orchestrator': 'core.orchestrator', 'router': 'core.router',
    # the sandbox: the standard-library worker and its pool
    'worker': 'sandbox.worker', 'executor': 'sandbox.executor',
    # learning: recorded searches, datasets, networks, the verifier
    'collector': 'learn.collector', 'records': 'learn.records', 'dataset': 'learn.dataset', 'networks': 'learn.networks',
    'trainer': 'learn.trainer', 'verifier': 'learn.verifier', 'scorers': 'learn.scorers',
    # retrieval
    'rag': 'retrieval.rag',
    # the benchmark: problem sets, the runner, scores, engine versions, statistics and figures
    'corpus': 'bench.corpus', 'benchmark': 'bench.runner', 'scores': 'bench.scores', 'versions': 'bench.versions',
    'stats': 'bench.stats', 'plots': 'bench.plots', 'executor_bench': 'bench.executor_bench',
    # the service and the CLI
    'server': 'service.server', 'cli': 'service.cli', 'obs': 'service.obs', 'openai_compat': 'service.openai_compat', 'scalars': 'service.scalars',
    # the lab: levers measured and left off
    'experimental': 'lab.experimental', 'levers': 'lab.levers', 'lab.agents': 'lab.agents',
    # beside the layers: the test doubles (above what they fake) and the docs renderer
    'testing': 'testing', 'docs': 'docs',
}
DATA = {'router.json': 'core/router.json', 'static': 'service/static'}  # package data: old path -> new path, under mcts_codegen/
LAYERS = {  # subpackage -> its __init__ docstring
    'core': 'The search core: settings, problems and visible tests, the tree, the model clients, the engine and the strategies.',
    'sandbox': 'The sandbox: a standard-library worker run by path, and the pool that runs untrusted programs in it.',
    'learn': 'Learning: recorded searches, training data, networks, the trainer and the verifier; plugged into the core through its protocols.',
    'retrieval': 'Retrieval: the context provider that puts similar solved problems and API notes into prompts.',
    'bench': 'The benchmark: problem sets, the runner, scores and engine versions, statistics and figures.',
    'service': 'The service and the command line: thin layers over the core.',
    'lab': 'The lab: search levers that were measured and left off, with their settings and presets.',
}
ROOTS = ['nbs', 'tests', 'bench', 'tools', 'experiments', '.ci', '.github', 'README.md', 'pyproject.toml', 'settings.ini', 'CONTRIBUTING.md']
TEXT = {'.py', '.ipynb', '.md', '.qmd', '.sh', '.toml', '.ini', '.yml', '.yaml', '.txt', '.cfg', ''}
SELF = Path(__file__).resolve()

def modules(pkg:Path) -> list[str]:
    "Dotted names (without the package) of the modules under `pkg`, but for its own files."
    out = []
    for f in sorted(pkg.rglob('*.py')):
        rel = f.relative_to(pkg).with_suffix('')
        if rel.name == '__init__' or rel.name.startswith('_') or 'static' in rel.parts: continue
        out.append('.'.join(rel.parts))
    return out

def unknown(pkg:Path) -> list[str]:
    "Modules in neither column of `MAP`."
    new = set(MAP.values())
    return [m for m in modules(pkg) if m not in MAP and m not in new]

OLD = '|'.join(sorted((re.escape(k) for k, v in MAP.items() if k != v), key=len, reverse=True))
DOTTED = re.compile(rf'\b{PKG}\.({OLD})\b(?!\.py\b)')
PATHS = re.compile(rf'\b{PKG}/({OLD})\.py\b')
FROM = re.compile(rf'^(\s*(?:try:\s*)?)from {PKG} import (\(?)([^\n()#]+?)(\)?)(\s*(?:#.*)?)$', re.M)

def _from(m:re.Match) -> str:
    "`from mcts_codegen import a, b`: modules of one subpackage from it; the public API's names stay."
    ind, lp, names, rp, tail = m.groups()
    items = [n.strip() for n in names.split(',') if n.strip()]
    mods = [n for n in items if n.split(' as ')[0].strip() in MAP and MAP[n.split(' as ')[0].strip()] != n.split(' as ')[0].strip()]
    if not mods: return m.group(0)
    if len(mods) != len(items): raise SystemExit(f"relayout: mixed `{m.group(0).strip()}`: import the modules on their own line")
    pkgs = {MAP[n.split(' as ')[0].strip()].rsplit('.', 1)[0] for n in mods}
    if len(pkgs) > 1: return '\n'.join(f"{ind}from {PKG}.{MAP[n.split(' as ')[0].strip()].rsplit('.', 1)[0]} import {n}" for n in mods) + tail
    names2 = ', '.join(f"{MAP[n.split(' as ')[0].strip()].rsplit('.', 1)[1]}{'' if ' as ' not in n else ' as ' + n.split(' as ')[1].strip()}" for n in mods)
    return f"{ind}from {PKG}.{pkgs.pop()} import {lp}{names2}{rp}{tail}"

def rewrite(text:str) -> str:
    "`text` with every old module name replaced by its new one."
    text = DOTTED.sub(lambda m: f'{PKG}.{MAP[m.group(1)]}', text)
    text = PATHS.sub(lambda m: f"{PKG}/{MAP[m.group(1)].replace('.', '/')}.py", text)
    for old, new in DATA.items(): text = re.sub(rf'\b{PKG}/{re.escape(old)}\b', f'{PKG}/{new}', text)
    return FROM.sub(_from, text)

def directives(src:str) -> str:
    "A notebook cell's `#| default_exp OLD` and `#| export OLD` with the new names."
    return re.sub(r'^(#\|\s*(?:default_exp|export|exports|exporti)\s+)(\w+)\s*$', lambda m: m.group(1) + MAP.get(m.group(2), m.group(2)), src, flags=re.M)

def notebook(path:Path) -> bool:
    "Rewrite one notebook's cells in place (its JSON layout kept); whether it changed."
    raw = path.read_text()
    nb = json.loads(raw)
    for c in nb['cells']:
        src = ''.join(c['source']) if isinstance(c['source'], list) else c['source']
        new = rewrite(directives(src) if c['cell_type'] == 'code' else src)
        if new != src: c['source'] = new.splitlines(keepends=True)
    out = json.dumps(nb, indent=1, ensure_ascii=False) + '\n'
    if out == raw: return False
    path.write_text(out)
    return True

def files(root:Path):
    for r in ROOTS:
        p = root/r
        if p.is_file(): yield p
        elif p.is_dir():
            for f in sorted(p.rglob('*')):
                if f.is_file() and f.suffix in TEXT and '.ipynb_checkpoints' not in f.parts and '_proc' not in f.parts and f.resolve() != SELF: yield f

def package(root:Path) -> list[str]:
    "The package's own hand-written files and data moved; old generated modules removed; subpackage `__init__`s written."
    pkg, done = root/PKG, []
    for old, new in DATA.items():
        if (pkg/old).exists() and not (pkg/new).exists():
            (pkg/new).parent.mkdir(parents=True, exist_ok=True); shutil.move(str(pkg/old), str(pkg/new)); done.append(f'moved {old} -> {new}')
    for sub, doc in LAYERS.items():
        f = pkg/sub/'__init__.py'
        if not f.exists(): f.parent.mkdir(parents=True, exist_ok=True); f.write_text(f'"{doc}"\n'); done.append(f'wrote {f.relative_to(root)}')
    for old, new in MAP.items():
        f = pkg/f'{old}.py'
        if old != new and f.exists() and 'AUTOGENERATED' in f.read_text()[:2000]: f.unlink(); done.append(f'removed {f.relative_to(root)}')
    init = pkg/'__init__.py'  # the one-import API names its modules by their dotted names under the package
    t = init.read_text()
    t2 = re.sub(r"(\w+=)'(\w+)'", lambda m: f"{m.group(1)}'{MAP.get(m.group(2), m.group(2))}'", t)
    for f in (init, pkg/'__main__.py'):
        t0 = f.read_text() if f != init else t2
        t1 = rewrite(t0)
        if t1 != f.read_text(): f.write_text(t1); done.append(f'rewrote {f.relative_to(root)}')
    return done

def pyproject(root:Path) -> bool:
    "Every subpackage found, the data files listed where they now live."
    f = root/'pyproject.toml'
    t = f.read_text()
    t2 = t.replace(f'include = ["{PKG}", "{PKG}.static"]', f'include = ["{PKG}", "{PKG}.*"]')
    t2 = t2.replace(f'{PKG} = ["router.json"]', f'"{PKG}.core" = ["router.json"]').replace(f'"{PKG}.static" = ["*"]', f'"{PKG}.service.static" = ["*"]')
    if t2 != t: f.write_text(t2)
    return t2 != t

def main(root:Path=Path('.')):
    bad = unknown(root/PKG)
    if bad: raise SystemExit("relayout: modules not in tools/relayout.py's MAP (add each, old name -> new dotted name):\n  " + '\n  '.join(bad))
    changed = [f'rewrote {Path(str(p)).as_posix()}' for p in (f for f in files(root)) if (notebook(p) if p.suffix == '.ipynb' else _text(p))]
    changed += package(root)
    if pyproject(root): changed.append('rewrote pyproject.toml (packages, package data)')
    print('\n'.join(changed) or 'relayout: nothing to change')

def _text(p:Path) -> bool:
    try: t = p.read_text()
    except UnicodeDecodeError: return False
    t2 = rewrite(t)
    if t2 != t: p.write_text(t2)
    return t2 != t

if __name__ == '__main__': main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path('.'))
