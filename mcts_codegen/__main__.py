"`python -m mcts_codegen`: the `mcts-codegen` command line."
from mcts_codegen.service.cli import app

if __name__ == '__main__': app(prog_name='mcts-codegen')
