"""Tokens/s of the embedded models with 1, 2, 4, 8 sequences decoded together (`decoder.Decoder`) against the same
samples decoded one after another, measured in the same run (ratios, not absolute seconds, compare across runs).

    python bench/decode_batch.py [--models qwen2.5-coder-0.5b,qwen2.5-coder-1.5b] [--ns 1,2,4,8] [--tokens 64] [--threads 2] [--out FILE]

Every sample decodes exactly --tokens tokens (end-of-generation is ignored), so the work is equal.
"""
from __future__ import annotations
import argparse, json, os, time
import llama_cpp as L
from mcts_codegen.core.decoder import Decoder, chat_tokens
from mcts_codegen.core.llm import load_llama, ensure_model

MSGS = [{'role': 'system', 'content': 'Reply with one Python code block only.'},
        {'role': 'user', 'content': 'Write a function that returns the n-th Fibonacci number, with a docstring and three doctests.'}]

def fixed_round(d:Decoder, prompt:list[int], seeds:list[int], tokens:int) -> float:
    "Decode exactly `tokens` tokens for each seed, all together; returns seconds (prompt included)."
    from mcts_codegen.core.decoder import make_sampler
    t0 = time.perf_counter()
    d.clear()
    row = d.feed(0, prompt)
    for j in range(1, len(seeds)): d.fork(0, j)
    smp = [make_sampler(0.8, s) for s in seeds]
    rows, last = {j: row for j in range(len(seeds))}, [0] * len(seeds)
    for k in range(tokens):
        for j in range(len(seeds)): last[j] = L.llama_sampler_sample(smp[j], d.ctx, rows[j])
        if k == tokens - 1: break
        d.decode([(last[j], len(prompt) + k, j, True) for j in range(len(seeds))])
        rows = {j: j for j in range(len(seeds))}
    for c in smp: L.llama_sampler_free(c)
    return time.perf_counter() - t0

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--models', default='qwen2.5-coder-0.5b')
    ap.add_argument('--ns', default='1,2,4,8')
    ap.add_argument('--tokens', type=int, default=64)
    ap.add_argument('--threads', type=int, default=os.cpu_count())
    ap.add_argument('--note', default=None, help='free text kept with the settings, e.g. what else ran on the machine')
    ap.add_argument('--out', default=None, help='append the settings and rows as one JSON line to this file')
    a = ap.parse_args()
    rows = []
    for name in a.models.split(','):
        llm, _ = load_llama(ensure_model(name), 4096, a.threads)
        prompt, _ = chat_tokens(llm, MSGS)
        ns = [int(x) for x in a.ns.split(',')]
        with Decoder(llm, n_seq=max(ns), n_ctx=len(prompt) + max(ns) * a.tokens + 64, n_threads=a.threads) as d:
            fixed_round(d, prompt, [0], 8)  # warm up
            for n in ns:
                seq = sum(fixed_round(d, prompt, [s], a.tokens) for s in range(n))  # one after another (prompt each time, as LocalClient)
                bat = fixed_round(d, prompt, list(range(n)), a.tokens)
                r = dict(model=name, n=n, threads=a.threads, prompt_tokens=len(prompt), tokens=n * a.tokens,
                         seq_tok_s=round(n * a.tokens / seq, 2), batch_tok_s=round(n * a.tokens / bat, 2), ratio=round(seq / bat, 2))
                rows.append(r)
                print(f"{name} n={n}: sequential {r['seq_tok_s']:.1f} tok/s, batched {r['batch_tok_s']:.1f} tok/s, batched/sequential {r['ratio']:.2f}x", flush=True)
    print(json.dumps(rows))
    if a.out:
        from pathlib import Path
        rec = dict(settings=vars(a) | {'out': None}, rows=rows, llama_cpp=L.__version__, load=round(os.getloadavg()[0], 2), cpus=os.cpu_count(),
                   when=time.strftime('%Y-%m-%dT%H:%M:%S'))
        Path(a.out).parent.mkdir(parents=True, exist_ok=True)
        with open(a.out, 'a') as f: f.write(json.dumps(rec) + '\n')

if __name__ == '__main__': main()
