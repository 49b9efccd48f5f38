// mcts_codegen web page: submit a problem, follow the search over Server-Sent Events, draw the tree in SVG.
// Plain JS, no dependencies; every text from the server is inserted with textContent (never as HTML).
'use strict';
const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
const state = { job: null, nodes: new Map(), selected: null, best: null, abort: null };

function headers(json) {
  const h = {};
  const t = $('token').value.trim() || localStorage.getItem('mcts_token') || '';
  if (t) h['Authorization'] = 'Bearer ' + t;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

async function api(path, opts = {}) {
  const r = await fetch(path, { ...opts, headers: headers(!!opts.body) });
  let body = null;
  try { body = await r.json(); } catch (e) { body = null; }
  if (!r.ok) {
    if (r.status === 401) $('auth').open = true;
    throw new Error((body && body.error) || ('HTTP ' + r.status));
  }
  return body;
}

function setStatus(text, cls) {
  const s = $('status');
  s.textContent = text;
  s.className = 'status' + (cls ? ' ' + cls : '');
}

function colour(n) {
  if (n.kind === 'root') return '#475569';
  if (n.pass_frac === undefined || n.pass_frac === null) return '#9aa1ad';
  if (!n.n_tests) return n.status === 'passed' || n.status === 'failed' ? 'hsl(120,55%,40%)' : '#9aa1ad';
  if (n.error && n.pass_frac === 0) return '#9aa1ad';
  const h = Math.round(120 * n.pass_frac);
  return `hsl(${h},${n.pass_frac === 1 ? 55 : 70}%,${n.pass_frac === 1 ? 40 : 47}%)`;
}

function layout() {
  // leaves get consecutive slots, a parent sits over the middle of its children, depth goes down
  const kids = new Map();
  for (const n of state.nodes.values()) {
    if (n.parent === null || n.parent === undefined) continue;
    if (!kids.has(n.parent)) kids.set(n.parent, []);
    kids.get(n.parent).push(n.id);
  }
  const pos = new Map();
  let slot = 0, maxDepth = 0;
  const place = (id, depth) => {
    maxDepth = Math.max(maxDepth, depth);
    const ch = (kids.get(id) || []).slice().sort((a, b) => a - b);
    if (!ch.length) { pos.set(id, { x: slot++, y: depth }); return pos.get(id).x; }
    const xs = ch.map((c) => place(c, depth + 1));
    pos.set(id, { x: (xs[0] + xs[xs.length - 1]) / 2, y: depth });
    return pos.get(id).x;
  };
  if (state.nodes.has(0)) place(0, 0);
  return { pos, kids, width: Math.max(slot, 1), depth: maxDepth };
}

function draw() {
  const svg = $('svg');
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  if (!state.nodes.size) return;
  const { pos, kids, width, depth } = layout();
  const W = svg.clientWidth || 800, H = svg.clientHeight || 430, pad = 26;
  const sx = width > 1 ? (W - 2 * pad) / (width - 1) : 0, sy = depth > 0 ? Math.min(90, (H - 2 * pad) / depth) : 0;
  const x0 = width > 1 ? pad : W / 2;
  const at = (id) => { const p = pos.get(id); return [x0 + p.x * sx, pad + p.y * sy]; };
  const maxVisits = Math.max(1, ...[...state.nodes.values()].map((n) => n.visits || 0));
  for (const [pid, ch] of kids) {
    if (!pos.has(pid)) continue;
    const [px, py] = at(pid);
    for (const c of ch) {
      if (!pos.has(c)) continue;
      const [cx, cy] = at(c);
      const l = document.createElementNS(SVGNS, 'line');
      l.setAttribute('x1', px); l.setAttribute('y1', py); l.setAttribute('x2', cx); l.setAttribute('y2', cy);
      svg.appendChild(l);
    }
  }
  const rmax = Math.max(6, Math.min(18, sx / 2.2 || 18));
  for (const n of state.nodes.values()) {
    if (!pos.has(n.id)) continue;
    const [x, y] = at(n.id);
    const r = Math.max(5, rmax * Math.sqrt((n.visits || 0) / maxVisits) + 4);
    const c = document.createElementNS(SVGNS, 'circle');
    c.setAttribute('cx', x); c.setAttribute('cy', y); c.setAttribute('r', Math.min(r, rmax + 4));
    c.setAttribute('fill', colour(n));
    c.setAttribute('class', 'node' + (state.selected === n.id ? ' sel' : state.best === n.id ? ' best' : ''));
    c.dataset.id = n.id; c.dataset.kind = n.kind;
    const title = document.createElementNS(SVGNS, 'title');
    const frac = n.n_tests ? `${n.n_passed}/${n.n_tests} visible tests` : (n.status || 'problem');
    title.textContent = `#${n.id} ${n.kind} · ${frac} · visits ${n.visits} · q ${n.q}`;
    c.appendChild(title);
    c.addEventListener('click', () => select(n.id));
    svg.appendChild(c);
    if (n.kind !== 'root' && r >= 7) {
      const t = document.createElementNS(SVGNS, 'text');
      t.setAttribute('x', x); t.setAttribute('y', y);
      t.textContent = n.kind === 'refine' ? 'r' : n.kind === 'fresh' ? 'f' : n.kind[0];
      svg.appendChild(t);
    }
  }
}

function select(id) {
  state.selected = id;
  const n = state.nodes.get(id);
  draw();
  if (!n) return;
  $('node-title').textContent = id === 0 ? 'Problem (root)' : `Node #${id} (${n.kind}, depth ${n.depth})`;
  const meta = id === 0 ? `visits ${n.visits}` :
    `${n.status || '?'} · ${n.n_passed ?? 0}/${n.n_tests ?? 0} visible tests · visits ${n.visits} · q ${n.q} · reward ${n.reward}` + (n.error ? ' · ' + n.error : '');
  $('node-meta').textContent = meta;
  const code = $('node-code');
  code.textContent = id === 0 ? $('prompt').value : (n.code || '');
  code.classList.toggle('empty', !code.textContent);
  const tbl = $('node-tests');
  while (tbl.firstChild) tbl.removeChild(tbl.firstChild);
  for (const t of n.tests || []) {
    const tr = document.createElement('tr');
    const mark = document.createElement('td'); mark.textContent = t.passed ? '✓' : '✗'; mark.className = t.passed ? 't-ok' : 't-no';
    const call = document.createElement('td'); call.textContent = t.call;
    const got = document.createElement('td'); got.textContent = t.passed ? '' : `got ${t.got}${t.error ? ' (' + t.error + ')' : ''}, expected ${t.expected}`;
    tr.append(mark, call, got); tbl.appendChild(tr);
  }
}

function showFinal(code, passed) {
  const f = $('final-code');
  f.textContent = code || 'no program was produced';
  f.classList.toggle('empty', !code);
  f.dataset.passed = passed ? '1' : '0';
}

function addNodes(list) { for (const n of list || []) state.nodes.set(n.id, n); }

async function loadTree(id) {
  const t = await api(`/v1/jobs/${id}/tree`);
  state.nodes = new Map();
  addNodes(t.nodes);
  draw();
}

async function follow(id) {
  // SSE over fetch (EventSource cannot send the Authorization header)
  if (state.abort) state.abort.abort();
  const ctl = new AbortController(); state.abort = ctl;
  const r = await fetch(`/v1/jobs/${id}/events`, { headers: headers(false), signal: ctl.signal });
  if (!r.ok) throw new Error('events: HTTP ' + r.status);
  const reader = r.body.getReader(), dec = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i); buf = buf.slice(i + 2);
      let ev = 'message', data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) ev = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (!data || state.job !== id) continue;
      const d = JSON.parse(data);
      if (ev === 'progress') onProgress(d);
      if (ev === 'end') { await onEnd(id, d); ctl.abort(); return; }
    }
  }
}

function onProgress(d) {
  if (!state.nodes.has(0)) state.nodes.set(0, { id: 0, parent: null, kind: 'root', depth: 0, visits: 0, q: 0 });
  addNodes(d.new_nodes);
  for (const [k, v] of Object.entries(d.visits || {})) { const n = state.nodes.get(Number(k)); if (n) n.visits = v; }
  if (d.best_program) { state.best = d.best_program.node; showFinal(d.best_program.code, d.best_program.passed); $('final-code').dataset.final = '0'; }
  const best = d.best === null || d.best === undefined ? '—' : Math.round(100 * d.best) + '%';
  setStatus(`running · iteration ${d.iteration} · ${d.llm_calls} LLM calls · ${d.nodes} programs · best ${best} of visible tests${d.solved && d.best === 1 ? ' · a program passes them all' : ''}`);
  draw();
}

async function onEnd(id, d) {
  $('solve').disabled = false;
  const res = d.result;
  if (d.status === 'done' && res) {
    // the verdict, in the words of the CLI and the library: passed, failed, unverified or error
    const note = res.status === 'unverified' ? ' (no usable visible tests: the program only ran cleanly)' : '';
    setStatus(`${res.status}${note} · ${res.iterations} iterations · ${res.tree_size} nodes · ${res.llm_calls} LLM calls · ${res.wall_time.toFixed(1)} s`, res.status === 'passed' ? 'done' : 'bad');
    showFinal(res.code, res.passed);
  } else {
    setStatus(`${d.status}${d.error ? ': ' + d.error : ''}`, 'bad');
    if (d.best_program) showFinal(d.best_program.code, d.best_program.passed);
  }
  $('final-code').dataset.final = '1';
  try { await loadTree(id); } catch (e) { /* the stream already drew it */ }
  refreshJobs();
}

async function submit(ev) {
  ev.preventDefault();
  const t = $('token').value.trim();
  if (t) localStorage.setItem('mcts_token', t);
  const body = { prompt: $('prompt').value, language: $('language').value, preset: $('preset').value, max_calls: Number($('max-calls').value) };
  $('solve').disabled = true;
  state.nodes = new Map(); state.selected = null; state.best = null; draw();
  showFinal('', false); $('final-code').textContent = '—'; delete $('final-code').dataset.final;
  try {
    const r = await api('/v1/solve', { method: 'POST', body: JSON.stringify(body) });
    state.job = r.id;
    setStatus('queued…');
    refreshJobs();
    await follow(r.id);
  } catch (e) {
    if (e.name !== 'AbortError') { setStatus(e.message, 'bad'); $('solve').disabled = false; }
  }
}

async function openJob(id) {
  state.job = id; state.selected = null;
  try {
    const j = await api(`/v1/jobs/${id}`);
    if (j.request && j.request.prompt) { $('prompt').value = j.request.prompt; setLanguage(j.language || 'python', false); }
    await loadTree(id);
    if (j.status === 'running' || j.status === 'queued') { $('solve').disabled = true; follow(id).catch(() => {}); return; }
    await onEnd(id, { status: j.status, result: j.result, best_program: j.best, error: j.error });
  } catch (e) { setStatus(e.message, 'bad'); }
}

async function refreshJobs() {
  let jobs;
  try { jobs = await api('/v1/jobs?limit=15'); } catch (e) { return; }
  const ul = $('jobs');
  while (ul.firstChild) ul.removeChild(ul.firstChild);
  for (const j of jobs) {
    const li = document.createElement('li');
    const st = document.createElement('span'); st.className = 'st st-' + j.status; st.textContent = j.status;
    const t = document.createElement('span'); t.className = 't'; t.textContent = j.title;
    li.append(st, t); li.title = j.id;
    li.addEventListener('click', () => openJob(j.id));
    ul.appendChild(li);
  }
}

async function readiness() {
  const p = $('ready');
  try {
    const r = await fetch('/readyz', { headers: headers(false) });
    if (r.status === 401) { p.textContent = 'token needed'; p.className = 'pill bad'; $('auth').open = true; return; }
    const d = await r.json();
    p.textContent = r.ok ? `ready · ${d.model}` : `${d.status} · ${d.model}`;
    p.className = 'pill ' + (r.ok ? 'ok' : d.status === 'failed' ? 'bad' : '');
    if (!r.ok && d.status !== 'failed') setTimeout(readiness, 2000);
  } catch (e) { p.textContent = 'offline'; p.className = 'pill bad'; }
}

// the stub's language: its label, and its example while the box holds the other language's untouched example
const EXAMPLES = {
  python: { label: 'Problem: a Python stub, a signature and a docstring with examples', text: $('prompt').value },
  javascript: { label: 'Problem: a JavaScript stub, a function under a JSDoc comment whose @example lines are `call // => value`',
    text: '/**\n * The running maximum of an array.\n * @param {number[]} xs\n * @returns {number[]}\n * @example\n * runningMax([1, 3, 2, 5, 4]) // => [1, 3, 3, 5, 5]\n * runningMax([]) // => []\n */\nfunction runningMax(xs) {\n}\n' },
};
function setLanguage(lang, example) {
  $('language').value = lang;
  $('prompt-label').textContent = EXAMPLES[lang].label;
  const box = $('prompt');
  if (example && Object.values(EXAMPLES).some((e) => e.text === box.value)) box.value = EXAMPLES[lang].text;
}
$('language').addEventListener('change', () => setLanguage($('language').value, true));

$('token').value = localStorage.getItem('mcts_token') || '';
$('form').addEventListener('submit', submit);
$('token').addEventListener('change', () => {  // a token typed in: keep it, and ask again what it opens
  const t = $('token').value.trim();
  if (t) localStorage.setItem('mcts_token', t);
  readiness(); refreshJobs();
});
window.addEventListener('resize', draw);
readiness();
refreshJobs();
