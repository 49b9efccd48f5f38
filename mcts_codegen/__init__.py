__version__ = "0.0.1"

# The one-import API: `from mcts_codegen import solve, Problem, MCTSEngine, create_preset, get_client`.
# Names load on first use (PEP 562), so `import mcts_codegen` stays cheap: no llama_cpp, torch or sandbox until asked for.
_API = dict(solve='core.engine', MCTSEngine='core.engine', SearchResult='core.engine', Problem='core.problem', CallTest='core.problem', prune_program='core.problem',
            create_preset='core.config', Config='core.config', get_client='core.llm', load_problem='core.loaders', load_problems='core.loaders')
__all__ = ['__version__', *_API]

def __getattr__(name):
    if name not in _API: raise AttributeError(f"module 'mcts_codegen' has no attribute {name!r}")
    from importlib import import_module
    v = getattr(import_module(f'{__name__}.{_API[name]}'), name)
    globals()[name] = v
    return v

def __dir__(): return sorted(set(globals()) | set(_API))
