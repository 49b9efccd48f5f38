"Scrape /metrics of a real server before and after jobs (scripted LLM double, real sandbox): the counters must move."
import time
import pytest
httpx = pytest.importorskip('httpx')
pytest.importorskip('prometheus_client')
from prometheus_client.parser import text_string_to_metric_families
from serve_scripted import start, stop, SQ, CUBE

def scrape(c) -> dict:
    "{(sample name, sorted label items): value} of the /metrics page."
    r = c.get('/metrics')
    assert r.status_code == 200 and r.headers['content-type'].startswith('text/plain')
    return {(s.name, tuple(sorted(s.labels.items()))): s.value for fam in text_string_to_metric_families(r.text) for s in fam.samples}

def val(m, name, **labels): return m.get((name, tuple(sorted(labels.items()))), 0.0)

def total(m, name): return sum(v for (n, _), v in m.items() if n == name)

def test_counters_move(tmp_path):
    p, url = start(tmp_path / 'jobs.db', tmp_path / 'server.log', delay=0.01, workers=1, queue=4)
    try:
        c = httpx.Client(base_url=url, timeout=30)
        m0 = scrape(c)
        assert val(m0, 'mcts_queue_depth') == 0 and total(m0, 'mcts_searches_total') == 0
        solved = c.post('/v1/solve', json=dict(prompt=SQ, max_calls=6)).json()['id']
        slow = c.post('/v1/solve', json=dict(prompt=CUBE, max_calls=4)).json()['id']
        for jid in (solved, slow):
            for _ in range(400):
                if c.get(f'/v1/jobs/{jid}').json()['status'] not in ('queued', 'running'): break
                time.sleep(0.05)
        c.get('/v1/jobs/nope')
        m1 = scrape(c)
        assert val(m1, 'mcts_searches_total', outcome='passed') == 1
        assert val(m1, 'mcts_searches_total', outcome='failed') == 1
        calls = val(m1, 'mcts_llm_calls_total', model='scripted')
        assert calls >= 2 and val(m1, 'mcts_llm_seconds_count', model='scripted') == calls
        assert val(m1, 'mcts_llm_tokens_total', model='scripted', kind='prompt') > 0
        assert val(m1, 'mcts_llm_tokens_total', model='scripted', kind='completion') > 0
        ex = total(m1, 'mcts_executions_total')
        assert ex >= 3 and val(m1, 'mcts_executions_total', verdict='passed') >= 1 and val(m1, 'mcts_executions_total', verdict='failed') >= 1
        assert val(m1, 'mcts_execution_seconds_count') == ex
        assert val(m1, 'mcts_search_seconds_count') == 2 and val(m1, 'mcts_jobs_running') == 0
        assert val(m1, 'mcts_http_requests_total', method='POST', route='/v1/solve', status='202') == 2
        assert val(m1, 'mcts_http_requests_total', method='GET', route='/v1/jobs/{jid}', status='404') == 1
    finally: stop(p)
