"""Milliseconds per state of the trained value/policy network against one LLM reflector call, in the same run and on the
same held-out states (the test split of the training run).

    python experiments/2026-11-21-networks/net_latency.py results/nets/qwen2.5-coder-0.5b data/episodes --llm local:qwen2.5-coder-0.5b [--out latency.json]
"""
import argparse, json, platform
from mcts_codegen.core.agents import ReflectorAgent
from mcts_codegen.learn.dataset import MCTSDataset
from mcts_codegen.core.llm import get_client
from mcts_codegen.learn.networks import load_net
from mcts_codegen.learn.trainer import latency_report

ap = argparse.ArgumentParser()
ap.add_argument('nets'); ap.add_argument('data'); ap.add_argument('--llm', default='local:qwen2.5-coder-0.5b')
ap.add_argument('--split', default='0.7,0.1,0.2'); ap.add_argument('--seed', type=int, default=0)
ap.add_argument('--n-reflector', type=int, default=8); ap.add_argument('--out')
a = ap.parse_args()
net = load_net(a.nets)
te = MCTSDataset(a.data, **net.cfg.dataset_kwargs()).split([float(x) for x in a.split.split(',')], a.seed)[2]
rep = latency_report(net, te, reflector=ReflectorAgent(get_client(a.llm)), n_reflector=a.n_reflector, reps=5)
rep = {k: round(v, 2) for k, v in rep.items()}
rep.update(states=len(te), llm=a.llm, reflector_calls=a.n_reflector, machine=f"{platform.machine()}, torch threads 1")
print(json.dumps(rep, indent=1))
if a.out: open(a.out, 'w').write(json.dumps(rep, indent=1) + '\n')
