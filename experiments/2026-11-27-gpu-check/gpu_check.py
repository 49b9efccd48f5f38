"""The networks on a GPU (`mcts-codegen distil --device cuda`): the same training run on the CPU and on CUDA in one
process, a CUDA run cut in two and resumed, and inference latency on both devices, as ratios against the CPU measured in
the same run (absolute milliseconds compare only within one run).

    python experiments/2026-11-27-gpu-check/gpu_check.py --data EPISODES [--epochs 6] [--out FILE]

EPISODES is a folder of recorded searches (`collect`, or `testing.scripted_episodes` for a quick one). Needs a CUDA
device. Prints one line per finding and writes a JSON object; exits 1 when a parity check fails.
"""
from __future__ import annotations
import argparse, json, statistics, sys, tempfile, time
from dataclasses import asdict, replace
from pathlib import Path
import torch
from mcts_codegen.learn.networks import NetConfig, PolicyValueNet, inference_latency
from mcts_codegen.learn.dataset import MCTSDataset
from mcts_codegen.learn.trainer import DistillationTrainer, TrainConfig, train_distillation

def unsynced_ms(net:PolicyValueNet, device:str, B:int=32, reps:int=5) -> float:
    "Value inference timed without waiting for the GPU: what a timer reads when it forgets that CUDA is asynchronous."
    c, g = net.cfg, torch.Generator().manual_seed(0)
    ids = torch.randint(4, c.vocab_size, (B, c.max_len), generator=g).to(device)
    m, net, ts = torch.ones_like(ids, dtype=torch.bool), net.to(device).eval(), []
    with torch.inference_mode():
        net.value_net(ids, m); torch.cuda.synchronize()
        for _ in range(reps): t0 = time.perf_counter(); net.value_net(ids, m); ts.append(time.perf_counter() - t0)
        torch.cuda.synchronize()
    return 1000 * statistics.median(ts) / B

def train(data, out, net_cfg, train_cfg, device) -> tuple[dict, float]:
    t0 = time.perf_counter()
    r = train_distillation(data, out, net_cfg, train_cfg, device=device, progress=False)
    return r, time.perf_counter() - t0

def resume_check(data, net_cfg:NetConfig, tc:TrainConfig, device:str) -> dict:
    "A run stopped halfway and resumed from its checkpoint in a fresh trainer against the same run uncut (dropout on: the device's random numbers must come back)."
    tr, va, _ = MCTSDataset(data, **net_cfg.dataset_kwargs()).split((0.8, 0.1, 0.1), 0)
    def trainer(out=None, seed=0):
        torch.manual_seed(seed)
        return DistillationTrainer(PolicyValueNet(net_cfg), tr, va, out, replace(tc), device)
    with tempfile.TemporaryDirectory() as d:
        full = trainer(); full.fit()
        cut = trainer(d); cut.cfg.epochs = tc.epochs // 2; cut.fit()  # the schedule still spans tc.epochs
        rest = trainer(d, seed=123).resume(d); rest.fit()
    same = all(torch.equal(a, b) for a, b in zip(full.net.state_dict().values(), rest.net.state_dict().values()))
    gap = max(abs(a['val_loss'] - b['val_loss']) / abs(a['val_loss']) for a, b in zip(full.history, rest.history))
    return dict(epochs=tc.epochs, cut_at=tc.epochs // 2, identical_weights=same, max_rel_gap=gap,
                val_losses=[h['val_loss'] for h in full.history], val_losses_resumed=[h['val_loss'] for h in rest.history])

def losses(out:Path) -> list[float]:
    "The validation loss of each epoch, from the trainer's log."
    f = out/'metrics.jsonl'
    rows = [json.loads(l) for l in f.read_text().splitlines() if l.strip()] if f.is_file() else []
    return [r['val_loss'] for r in rows if 'val_loss' in r]

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--data', required=True)
    ap.add_argument('--epochs', type=int, default=6)
    ap.add_argument('--out', default=None)
    ap.add_argument('--gpu', default='cuda', help="the device to compare with the CPU ('cpu' rehearses this script on a machine without one)")
    ap.add_argument('--tol', type=float, default=0.02, help='largest relative gap between the CPU and CUDA losses')
    a = ap.parse_args()
    G = a.gpu
    if G == 'cuda' and not torch.cuda.is_available(): sys.exit("no CUDA device: run this on a machine with a GPU")
    net_cfg = NetConfig(dropout=0.0)  # no dropout: the two devices draw different random numbers
    tc = TrainConfig(epochs=a.epochs, patience=0, batch_size=16)
    res, bad = dict(gpu=torch.cuda.get_device_name(0) if G == 'cuda' else G, torch=torch.__version__, cpu_threads=torch.get_num_threads(),
                    net_config=asdict(net_cfg), train_config=asdict(tc)), []
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        runs = {}
        for key, dev in (('cpu', 'cpu'), ('cuda', G)):
            r, s = train(a.data, d/key, net_cfg, tc, dev)
            runs[key] = dict(seconds=round(s, 2), epochs=r['epochs'], best_loss=r['best_loss'], test=r['test'], states=r['states'], val_losses=losses(d/key))
    res['train'] = runs
    res['resume'] = resume_check(a.data, replace(net_cfg, dropout=0.1), tc, G)
    cpu, gpu = runs['cpu']['val_losses'], runs['cuda']['val_losses']
    gap = max((abs(x - y) / abs(x) for x, y in zip(cpu, gpu)), default=float('nan'))
    res['max_rel_gap_cpu_cuda'] = gap
    print(f"training {runs['cpu']['states']}: cpu {runs['cpu']['seconds']} s, cuda {runs['cuda']['seconds']} s "
          f"({runs['cpu']['seconds'] / runs['cuda']['seconds']:.1f}x); validation losses cpu {[round(x, 4) for x in cpu]} cuda {[round(x, 4) for x in gpu]}")
    if not (len(cpu) == len(gpu) == a.epochs) or not gap <= a.tol: bad.append(f"CPU and CUDA losses differ by {gap:.3g} (relative; tolerance {a.tol})")
    rs = res['resume']
    print(f"dropout 0.1 on {G}, stopped after {rs['cut_at']} of {rs['epochs']} epochs and resumed: identical weights {rs['identical_weights']}, "
          f"largest relative gap of the validation losses {rs['max_rel_gap']:.2g}")
    if not rs["max_rel_gap"] <= 1e-3: bad.append(f"the resumed {G} run differs from the uncut one (validation losses {rs['val_losses_resumed']} against {rs['val_losses']})")
    net = PolicyValueNet(NetConfig())
    lat = dict(cpu_1thread=inference_latency(net, device='cpu', threads=1), cpu_all=inference_latency(net, device='cpu', threads=None),
               cuda=inference_latency(net, device=G))
    lat['cuda_value_b32_unsynced'] = unsynced_ms(net, G) if G == 'cuda' else None
    res['latency_ms_per_state'] = lat
    res['cuda_speedup_vs_cpu_1thread'] = {k: round(lat['cpu_1thread'][k] / lat['cuda'][k], 1) for k in lat['cuda']}
    print(f"latency ms/state: cpu 1 thread {lat['cpu_1thread']}; cpu {res['cpu_threads']} threads {lat['cpu_all']}; cuda {lat['cuda']}")
    print(f"cuda speedup over one cpu thread: {res['cuda_speedup_vs_cpu_1thread']}; value b32 timed without waiting for the GPU: {lat['cuda_value_b32_unsynced']} ms")
    res['failures'] = bad
    for b in bad: print("FAIL:", b)
    if a.out: Path(a.out).write_text(json.dumps(res, indent=2))
    sys.exit(1 if bad else 0)

if __name__ == '__main__': main()
