"Config precedence: explicit arguments > environment (`MCTS_CODEGEN_...`) > preset > defaults; dead preset keys; `bench --no-cache`."
import pytest
from typer.testing import CliRunner
from mcts_codegen.core.config import PRESETS, ConfigError, Config, create_preset, env_settings

@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    import os
    for k in list(os.environ):
        if k.upper().startswith('MCTS_CODEGEN_'): monkeypatch.delenv(k)

@pytest.mark.parametrize('preset', list(PRESETS))
def test_environment_outranks_every_preset(monkeypatch, preset):
    monkeypatch.setenv('MCTS_CODEGEN_SEARCH__N_ITER', '50')
    c = create_preset(preset)
    assert c.search.n_iter == 50 and c.preset == preset
    # what the environment leaves alone still comes from the preset
    assert c.search.max_depth == PRESETS[preset].get('search', {}).get('max_depth', Config().search.max_depth)

def test_explicit_argument_outranks_environment(monkeypatch):
    monkeypatch.setenv('MCTS_CODEGEN_SEARCH__N_ITER', '50')
    assert create_preset('THOROUGH', n_iter=7).search.n_iter == 7
    assert create_preset('THOROUGH', search__n_iter=8).search.n_iter == 8

def test_preset_outranks_defaults_and_defaults_fill_the_rest():
    assert Config().search.n_iter == 30
    assert create_preset('FAST').search.n_iter == 10 and create_preset('THOROUGH').search.n_iter == 100
    assert create_preset('FAST').search.c_explore == Config().search.c_explore

def test_environment_names_are_case_insensitive_and_nested(monkeypatch):
    monkeypatch.setenv('mcts_codegen_llm__spec', 'openai:m')
    monkeypatch.setenv('MCTS_CODEGEN_EXECUTOR__TIMEOUT', '3.5')
    c = create_preset('BENCHMARK')
    assert (c.llm.spec, c.executor.timeout) == ('openai:m', 3.5)
    assert env_settings() == {'llm': {'spec': 'openai:m'}, 'executor': {'timeout': '3.5'}}

def test_environment_turns_off_the_benchmark_cache(monkeypatch):
    assert create_preset('BENCHMARK').llm.cache is True
    monkeypatch.setenv('MCTS_CODEGEN_LLM__CACHE', '0')
    assert create_preset('BENCHMARK').llm.cache is False
    assert create_preset('BENCHMARK', llm__cache=True).llm.cache is True

def test_bad_environment_value_is_a_config_error(monkeypatch):
    monkeypatch.setenv('MCTS_CODEGEN_SEARCH__N_ITER', '0')
    with pytest.raises(ConfigError, match=r'search\.n_iter'): create_preset('FAST')

def test_collect_is_not_a_dead_preset_key(monkeypatch):
    # only DATA_COLLECTION turns recording on; elsewhere the caller or the environment decides, and is obeyed
    assert [k for k, v in PRESETS.items() if 'collect' in v.get('data', {})] == ['DATA_COLLECTION']
    assert create_preset('BALANCED').data.collect is False and create_preset('DATA_COLLECTION').data.collect is True
    monkeypatch.setenv('MCTS_CODEGEN_DATA__COLLECT', '1')
    assert create_preset('BALANCED').data.collect is True

def test_bench_no_cache_reaches_run_benchmark(monkeypatch, tmp_path):
    import mcts_codegen.bench.runner as B
    from mcts_codegen.service.cli import app
    got = {}
    def fake(strategies, problems, llm, **kw):
        got.update(kw); return {}
    monkeypatch.setattr(B, 'run_benchmark', fake)
    monkeypatch.setattr(B, 'summary_table', lambda res: __import__('pandas').DataFrame())
    for args, want in ((['--no-cache'], False), ([], None)):
        r = CliRunner().invoke(app, ['bench', '--problems', '0', '--strategy', 'greedy', '--out', str(tmp_path), '-q', *args])
        assert r.exit_code == 0, r.output
        assert got['cache'] is want
    cfg = B.bench_config(0, llm__cache=False)
    assert cfg.llm.cache is False and B.bench_config(0).llm.cache is True

def test_presets_are_named_alike_by_help_errors_and_docs():
    "`solve --help`, the unknown-preset error and the usage page list the same presets, from `presets_help()`; a lab preset is reached as lab.NAME."
    from pathlib import Path
    from typer.testing import CliRunner
    from mcts_codegen.core.config import presets_help, preset_names
    from mcts_codegen.service.cli import app
    line = presets_help()
    assert 'lab.RAVE' in line and 'FAST' in line and 'RAVE,' not in line.replace('lab.RAVE,', '')
    with pytest.raises(ConfigError) as e: create_preset('nope')
    assert line in str(e.value)
    out = ' '.join(CliRunner().invoke(app, ['solve', '--help'], terminal_width=400).output.split())
    assert all(n in out for n in preset_names()), out
    assert line in (Path(__file__).parents[1]/'nbs'/'usage.md').read_text()
    assert create_preset('lab.rave').experimental.rave == create_preset('RAVE').experimental.rave > 0

def test_a_moved_lever_gets_one_error_in_every_entry_point(monkeypatch):
    "search.rave (where the lever lived before) is refused with the same message from arguments, the environment and a config file."
    from mcts_codegen.core.config import moved
    msg = moved('rave')
    for make in (lambda: create_preset('FAST', search__rave=10), lambda: Config(search=dict(rave=10))):
        with pytest.raises(Exception) as e: make()
        assert msg in str(e.value)
    monkeypatch.setenv('MCTS_CODEGEN_SEARCH__RAVE', '10')
    with pytest.raises(ConfigError) as e: create_preset('FAST')
    assert msg in str(e.value) and 'MCTS_CODEGEN_SEARCH__RAVE' in str(e.value)
