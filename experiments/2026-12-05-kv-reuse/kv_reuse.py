"""Is the embedded model's greedy answer the same when its prompt cells are reused? Each problem's greedy request is sent
twice in a row: first after `forget()` (the whole prompt computed afresh), then again, when the client finds every prompt
cell of the first kept and feeds only the last token. Rows record both answers' tokens and whether their texts are equal.

    python experiments/2026-12-05-kv-reuse/kv_reuse.py [--llm local:qwen2.5-coder-0.5b] [--problems 0-81] [--data FILE] [--generation body]

Why: llama.cpp keeps the cells of the last prompt (`LocalClient`, `usage.reused_tokens`), and a request that reuses them
computes the rest of its prompt in another batch shape, so the arithmetic, and with it a near-tied greedy choice, may differ.
No hidden test is read: this is about the text, not the verdict. Rows go to OUT/<llm>+<generation>/rows.jsonl as they finish
(a rerun resumes), the summary to summary.json beside them.
"""
from __future__ import annotations
import argparse, asyncio, json, re, sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).parents[1]/"2026-11-26-body-only-generation"))  # generation.py, the body-only generation experiment
from generation import records, pending, locked_rows, append_row, innermost  # experiments/2026-11-26-body-only-generation/generation.py's problem selection, run order, locked rows file
from mcts_codegen.bench.runner import bench_config
from mcts_codegen.core.llm import get_client, body_ok
from mcts_codegen.core.loaders import problem_from_humaneval
from mcts_codegen.core.orchestrator import Meter, SolveContext

async def twice(rec:dict, client, cfg) -> dict:
    "The greedy answer to one problem after `forget()`, then the same request again on the kept cells."
    c = SolveContext(problem_from_humaneval(rec).search_view(), Meter(client), None, 1, cfg, None, {}, body=await body_ok(client))
    innermost(client).forget()
    a, = await c.complete(c.fresh(), 1, True, c.base)
    u = innermost(client).usage.reused_tokens
    b, = await c.complete(c.fresh(), 1, True, c.base)
    return dict(task_id=rec['task_id'], same=a.text == b.text, fresh_tokens=a.completion_tokens, reused_tokens=b.completion_tokens,
                prompt_tokens=b.prompt_tokens, cells_reused=innermost(client).usage.reused_tokens - u)

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--llm', default='local:qwen2.5-coder-0.5b')
    ap.add_argument('--problems', default=None, help="ids (default 0-81, HumanEval's dev half; every problem of --data)")
    ap.add_argument('--data', default=None)
    ap.add_argument('--generation', default='body', choices=('body', 'whole'))
    ap.add_argument('--out', default='experiments/2026-12-05-kv-reuse/kv-reuse')
    a = ap.parse_args(argv)
    recs = records(a.problems or (None if a.data else '0-81'), a.data, None)
    folder = Path(a.out)/re.sub(r'[^\w.+-]+', '-', f"{a.llm.split(':', 1)[-1].split('/')[-1]}+{a.generation}")
    cfg = bench_config(0, llm__spec=a.llm, llm__generation=a.generation, llm__cache=False)
    client = get_client(cfg.llm)
    async def run():
        with locked_rows(folder) as (path, rows):
            for _, rec, _ in pending(recs, ('twice',), {(r['task_id'], 'twice') for r in rows}):
                r = await twice(rec, client, cfg)
                append_row(path, r); rows.append(r)
                print(f"{r['task_id']}: {'same' if r['same'] else 'DIFFERENT'} ({r['fresh_tokens']} and {r['reused_tokens']} tokens)", file=sys.stderr, flush=True)
            s = dict(problems=len(rows), different=sum(not r['same'] for r in rows), different_ids=[r['task_id'] for r in rows if not r['same']],
                     settings=dict(llm=a.llm, generation=a.generation, problems=[r['task_id'] for r in recs]))
            (folder/'summary.json').write_text(json.dumps(s, indent=2))
            return s
    s = asyncio.run(run())
    print(f"{s['different']} of {s['problems']} greedy answers differ when the prompt's cells are reused; rows and summary in {folder}")

if __name__ == '__main__': main()
