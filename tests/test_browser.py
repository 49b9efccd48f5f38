"The web page in headless Chromium (Debian's chromium + chromedriver, driven by Selenium): submit a problem on the scripted LLM double, watch the tree draw, check the DOM, save a screenshot."
import os, shutil, time
from pathlib import Path
import pytest
pytest.importorskip('httpx')
webdriver = pytest.importorskip('selenium.webdriver')
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from serve_scripted import start, stop, SQ, SQ_JS, RIGHT

CHROME, DRIVER = shutil.which('chromium') or '/usr/bin/chromium', shutil.which('chromedriver') or '/usr/bin/chromedriver'
# the service page's screenshot (nbs/images/server.png) is refreshed only when asked (MCTS_CODEGEN_UPDATE_SCREENSHOTS=1), so a test run leaves the tree clean
SHOT = Path(__file__).resolve().parents[1] / 'nbs' / 'images' / 'server.png'

@pytest.fixture(scope='module')
def browser():
    if not (Path(CHROME).exists() and Path(DRIVER).exists()):
        msg = 'needs chromium and chromedriver (apt-get install chromium chromium-driver; tools/test.sh does it as root)'
        if os.environ.get('CI'): pytest.fail(msg)  # CI must run the browser test, not skip it
        pytest.skip(msg)
    from selenium.webdriver.chrome.service import Service
    o = webdriver.ChromeOptions()
    o.binary_location = CHROME
    for a in ('--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--window-size=1400,900', '--force-device-scale-factor=1'): o.add_argument(a)
    d = webdriver.Chrome(service=Service(DRIVER), options=o)
    yield d
    d.quit()

def test_page_solves_and_draws_the_tree(browser, tmp_path):
    # right_after=11: wrong programs first, so the tree has some shape before the right one
    # with a token: the page loads, says it needs one, and works once it is typed in
    p, url = start(tmp_path / 'jobs.db', tmp_path / 'server.log', delay=0.15, right_after=11, workers=1, token='page-token-1')
    try:
        d = browser
        d.get(url + '/')
        WebDriverWait(d, 20).until(lambda d: d.find_element(By.ID, 'ready').text == 'token needed')
        d.execute_script("const t = document.getElementById('token'); t.value = 'page-token-1'; t.dispatchEvent(new Event('change'));")
        WebDriverWait(d, 20).until(lambda d: d.find_element(By.ID, 'ready').text.startswith('ready'))
        before = [l for l in d.get_log('browser') if l['level'] == 'SEVERE'] if hasattr(d, 'get_log') else []  # read, so the check below sees only what follows
        assert all('401' in l['message'] for l in before), before  # the calls made before the token was typed in
        box = d.find_element(By.ID, 'prompt')
        box.clear(); box.send_keys(SQ)
        d.execute_script("document.getElementById('preset').value = 'BALANCED'; document.getElementById('max-calls').value = '16';")
        d.find_element(By.ID, 'solve').click()
        # the tree draws while the search runs: nodes appear before the job ends
        WebDriverWait(d, 30).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, '#svg circle.node')) >= 3)
        WebDriverWait(d, 60).until(lambda d: d.find_element(By.ID, 'final-code').get_attribute('data-final') == '1')
        circles = d.find_elements(By.CSS_SELECTOR, '#svg circle.node')
        kinds = {c.get_attribute('data-kind') for c in circles}
        assert len(circles) >= 4 and 'root' in kinds and 'fresh' in kinds, kinds
        assert d.find_element(By.ID, 'final-code').text.strip() == RIGHT.strip()
        assert d.find_element(By.ID, 'status').text.startswith('passed')
        assert d.find_elements(By.CSS_SELECTOR, '#jobs li .st-done')
        # a click on a node shows its program and test results
        best = d.find_element(By.CSS_SELECTOR, '#svg circle.best')
        d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", best)
        WebDriverWait(d, 5).until(lambda d: d.find_element(By.ID, 'node-code').text.strip() == RIGHT.strip())
        assert [e.text for e in d.find_elements(By.CSS_SELECTOR, '#node-tests td.t-ok')] == ['✓', '✓']
        logs = [l for l in d.get_log('browser') if l['level'] == 'SEVERE'] if hasattr(d, 'get_log') else []
        assert not logs, logs
        shot = SHOT if os.environ.get('MCTS_CODEGEN_UPDATE_SCREENSHOTS') == '1' else tmp_path / 'server.png'
        shot.parent.mkdir(parents=True, exist_ok=True)
        d.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
    finally: stop(p)

def test_api_docs_open_in_a_browser_with_a_token_set(browser, tmp_path):
    "A browser cannot send a header when it opens a page: with a token set, /docs still draws the API (from the package's Swagger UI, no CDN) and offers *Authorize* for the token."
    p, url = start(tmp_path / 'jobs.db', tmp_path / 'server.log', workers=1, token='docs-token-1')
    try:
        d = browser
        d.get(url + '/docs')
        WebDriverWait(d, 20).until(lambda d: 'mcts_codegen' in ''.join(e.text for e in d.find_elements(By.CSS_SELECTOR, '.swagger-ui .info .title')))
        assert d.find_elements(By.CSS_SELECTOR, '.swagger-ui button.authorize')
        assert any('/v1/solve' in e.text for e in d.find_elements(By.CSS_SELECTOR, '.opblock-summary-path'))
        assert d.find_elements(By.CSS_SELECTOR, '.opblock .authorization__btn')  # the lock on an operation that needs the token
    finally: stop(p)

def test_language_selector_sends_javascript(browser, tmp_path):
    "The language selector: choosing JavaScript swaps the untouched example for a JSDoc stub and relabels the box; the job is sent with `language: javascript` and its answer is JavaScript."
    import httpx
    p, url = start(tmp_path / 'jobs.db', tmp_path / 'server.log', delay=0.05, right_after=3, workers=1)
    try:
        d = browser
        d.get(url + '/')
        WebDriverWait(d, 20).until(lambda d: d.find_element(By.ID, 'ready').text.startswith('ready'))
        from selenium.webdriver.support.ui import Select
        Select(d.find_element(By.ID, 'language')).select_by_value('javascript')
        assert d.find_element(By.ID, 'prompt').get_attribute('value').startswith('/**') and 'JavaScript' in d.find_element(By.ID, 'prompt-label').text
        box = d.find_element(By.ID, 'prompt')
        box.clear(); box.send_keys(SQ_JS)
        d.find_element(By.ID, 'solve').click()
        WebDriverWait(d, 60).until(lambda d: d.find_element(By.ID, 'final-code').get_attribute('data-final') == '1')
        assert 'return x * x' in d.find_element(By.ID, 'final-code').text and d.find_element(By.ID, 'status').text.startswith('passed')
        jobs = httpx.get(url + '/v1/jobs').json()
        assert [j['language'] for j in jobs] == ['javascript'], jobs
        # a Python job opened from the list sets the selector back
        Select(d.find_element(By.ID, 'language')).select_by_value('python')
        assert d.find_element(By.ID, 'prompt').get_attribute('value') == SQ_JS  # an edited box is never replaced
        d.find_element(By.CSS_SELECTOR, '#jobs li').click()
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, 'language').get_attribute('value') == 'javascript')
        logs = [l for l in d.get_log('browser') if l['level'] == 'SEVERE'] if hasattr(d, 'get_log') else []
        assert not logs, logs
    finally: stop(p)
