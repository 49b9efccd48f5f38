# How issue 81 gave corpus problems a seeded randomized comparison (reference vs candidate on 200 generated inputs, in the hidden test);
# run once from the repository root: python experiments/2026-12-07-corpus-leaks/randomize.py [ID ...] (a problem that has one is left alone).
import json, random, copy, sys, textwrap
P='data/corpus/corpus.jsonl'
C=[json.loads(l) for l in open(P)]
GEN = {
0: '''    parts = [rng.choice(['', str(rng.randint(0, 99))]) + rng.choice('hmsHMSx') for _ in range(rng.randint(0, 4))]
    text = ''.join(parts)
    if rng.random() < 0.3: text = ''.join(c + rng.choice(['', ' ']) for c in text)
    if rng.random() < 0.2: text += str(rng.randint(0, 9))
    return (text,)''',
1: '''    return (''.join(rng.choice('ab@.XY') for _ in range(rng.randint(0, 9))),)''',
6: '''    return ([rng.choice(['', 'a', 'b', 'tea', 'Tea', 'c']) for _ in range(rng.randint(0, 6))],)''',
10: '''    return (''.join(rng.choice(['a', 'B', '=', ';', ' ', '1', 'k']) for _ in range(rng.randint(0, 14))),)''',
17: '''    return (''.join(rng.choice('0123456789' * 3 + '-() +.x') for _ in range(rng.randint(6, 16))),)''',
27: '''    return ([''.join(rng.choice('#aB 1-!') for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(0, 5))],)''',
28: '''    return (rng.randint(-3, 3), ''.join(rng.choice('abcsxyzhBY') for _ in range(rng.randint(1, 5))))''',
31: '''    v = '.'.join(rng.choice([str(rng.randint(0, 12)), '0' + str(rng.randint(0, 9))]) for _ in range(rng.randint(1, 3)))
    return (v + rng.choice(['', '-beta', '+b7', '-rc.1', '+x-y']), rng.choice(['major', 'minor', 'patch', 'other']))''',
34: '''    one = lambda: rng.choice([f"{rng.randint(0, 5)}{rng.choice('xX*')}{rng.randint(0, 5)}", f"{rng.randint(1, 4)}x{rng.randint(1, 4)}", 'ax2', ' 1x1'])
    return ([one() for _ in range(rng.randint(0, 6))],)''',
40: '''    text = ''.join(rng.choice(['a', 'B', '.', '!', '?', ' ', 'Dr.', '  ', 'x.']) for _ in range(rng.randint(0, 12)))
    return (text, rng.choice([[], ['Dr.'], ['x.', 'Dr.']]))''',
42: '''    return (''.join(rng.choice('12.+-*/() x') for _ in range(rng.randint(0, 10))),)''',
47: '''    return ([rng.choice(['1. a', '12. b', '3.c', '  2. x', '', '  ', 'text', '7. ', '0. z', '5.  y']) for _ in range(rng.randint(0, 7))],)''',
48: '''    return (['#' * rng.randint(1, 4) + ' ' + rng.choice(['A', 'B c', 'd']) for _ in range(rng.randint(0, 7))],)''',
56: '''    num = rng.choice([str(rng.randint(0, 2000)), f"{rng.randint(0, 99)}.{rng.randint(0, 999)}", '.5', '1.2.3', '', '-1'])
    return (rng.choice(['', ' ']) + num + rng.choice(['', ' ', '  ']) + rng.choice(['', 'b', 'KB', 'kib', 'MiB', 'gb', 'GiB', 'xb', 'k']) + rng.choice(['', ' ']),)''',
79: '''    return (rng.choice(['', ' ', '1', '0', 'TRUE', 'Yes', ' on ', 'n', 'N', 'maybe', 'tru', 'offf', '\\tY\\n', 'OFF', '2']), rng.choice([True, False, None]))''',
91: '''    labels = [rng.choice(['www', 'a', 'B1'])] + [rng.choice(['a', 'B1', 'ex-x', '', '9z', 'www']) for _ in range(rng.randint(0, 3))]
    d = '.'.join(labels[:rng.randint(0, len(labels))])
    return (d, ''.join(rng.choice(['a', 'B', '1', '-', '_', ' ']) for _ in range(rng.randint(1, 5))))''',
448: '''    def _d(depth):
        return {k: (_d(depth - 1) if depth and rng.random() < 0.5 else rng.choice([0, None, 'x', [1], {}])) for k in rng.sample('abc', rng.randint(0, 3))}
    return (_d(3), '.'.join(rng.choice('abcd') for _ in range(rng.randint(1, 3))), rng.choice([None, -1, 'd']))''',
}

# dev
GEN.update({
3: '''    lv = ['DEBUG', 'info', 'Warn', 'ERROR', 'TRACE', '']
    line = lambda: rng.choice(['[', '', ' [']) + rng.choice(lv) + rng.choice([']', '', '] ']) + rng.choice([' msg ', 'x', ''])
    return ([line() for _ in range(rng.randint(0, 5))], rng.choice(lv))''',
13: '''    return (''.join(rng.choice(['ann', 'Bo', ' ', '  ', '-', 'jean-luc', 'X']) for _ in range(rng.randint(0, 6))),)''',
19: '''    return (rng.choice(['', ' ']) + ''.join(rng.choice(['a', 'B', 'cT', '-', '_', 'x1']) for _ in range(rng.randint(0, 8))) + rng.choice(['', '  ']),)''',  # spaces only around the name
20: '''    t = ''.join(rng.choice(['{', '}', 'a', 'b', ' ', '{a}', '{{', '}}', '{ b}']) for _ in range(rng.randint(0, 8)))
    return (t, rng.choice([{}, {'a': 1}, {'a': 'x', ' b': None}, {'b': 2.5}]))''',
37: '''    return (rng.choice(['', ' ', '#']) + ''.join(rng.choice('0aFfg#') for _ in range(rng.randint(0, 9))) + rng.choice(['', ' ']),)''',
52: '''    return (''.join(rng.choice(['a', 'B', 'Ab', '1', ' ', 'é', 'É', '-']) for _ in range(rng.randint(0, 5))),)''',
61: '''    return ([(rng.choice(['ann', 'Bob', 'bob', 'cy', 'Al']), rng.randint(0, 4)) for _ in range(rng.randint(0, 14))],)''',
71: '''    return ([rng.choice(['', ' ', '> x', '>y', 'hi ', 'a b', '>', ' > z ']) for _ in range(rng.randint(0, 6))],)''',
82: '''    return ([rng.choice(['a', 'bb', 'ccc', '', 'dddd']) for _ in range(rng.randint(0, 9))], rng.randint(-1, 5))''',
90: '''    term = lambda: rng.choice(['*', str(rng.randint(0, 12)), f'{rng.randint(0, 12)}-{rng.randint(0, 12)}']) + rng.choice(['', '', f'/{rng.randint(0, 4)}'])
    return (','.join(term() for _ in range(rng.randint(1, 3))) + rng.choice(['', '', ',', 'x']), rng.randint(0, 3), rng.randint(5, 10))''',
95: '''    req = lambda: '"' + ' '.join(rng.choice(['GET', '/a', '/b?x=1', '/a#f', 'HTTP/1.1', '/B']) for _ in range(rng.randint(2, 4))) + '"'
    line = lambda: rng.choice(['1.2.3.4 - ', '']) + req() + rng.choice(['', ' 200', ' "x"'])
    return ([line() for _ in range(rng.randint(0, 6))], rng.randint(-1, 3))''',
96: '''    return ([' ' * rng.randint(0, 6) + rng.choice(['a', 'b', 'c', '']) for _ in range(rng.randint(0, 7))],)''',
})

# train
GEN.update({
2: '''    return (' '.join(rng.choice(['a', 'the', 'iPhone', 'NASA', 'of', 'word', 'Big', 'x', 'AND', 'in', 'tO']) for _ in range(rng.randint(1, 5))),)''',
9: '''    return (''.join(rng.choice(['of', ' ', '-', 'and', 'Read', 'x', 'The', 'for', 'data']) for _ in range(rng.randint(0, 8))),)''',
11: '''    return ([[rng.choice(['', '1', '22', 'ab', 'x y', '007']) for _ in range(rng.randint(0, 3))] for _ in range(rng.randint(0, 4))],)''',
16: '''    return (' '.join(rng.choice(['a', 'A', 'the', 'end.', 'end', 'x!', 'The']) for _ in range(rng.randint(0, 6))),)''',
21: '''    return (''.join(rng.choice(['?', 'a', 'b', '=', '&', '+', 'x', '1']) for _ in range(rng.randint(0, 10))),)''',
24: '''    wanted = rng.choice(['a.txt', '.bashrc', 'notes', 'a.b.c', 'x.'])
    pool = [wanted, 'a (2).txt', 'a (3).txt', '.bashrc (2)', 'notes (2)', 'notes (3)', 'a.b (2).c', 'x (2).', 'other']
    return ([x for x in pool if rng.random() < 0.5], wanted)''',
29: '''    return ([rng.choice(['', 'a', 'abc', ' x ']) for _ in range(rng.randint(0, 3))], rng.randint(-2, 2))''',
33: '''    return (','.join(rng.choice(['3x apple', '2x Pear', 'apple', ' 0x kiwi ', '', '1x  apple', 'x pear', '10x Apple']) for _ in range(rng.randint(0, 5))),)''',
38: '''    return ([rng.choice(['', '  ', 'x = 1', '# c', '  # c', '\"\"\"doc', 'end\"\"\"', '\"\"\"one\"\"\"', 'y', '  \"\"\"a\"\"\" b']) for _ in range(rng.randint(0, 7))],)''',
39: '''    return ([rng.choice(['http', 'HTTP', ' a ', '', 'iOS', 'X', 'ab1', 'IO']) for _ in range(rng.randint(0, 4))],)''',
43: '''    return (''.join(rng.choice(['a', 'b', '.', '[', '0', ']', '1', '[1]', 'x']) for _ in range(rng.randint(0, 7))),)''',
44: '''    return (''.join(rng.choice(['u', '@', 'h', '.', ':', '80', '[', ']', '::1', '0', '65536']) for _ in range(rng.randint(0, 6))), rng.choice([22, 80]))''',
49: '''    one = lambda: [rng.choice(['a', 'a ', 'b', '', ' ']) for _ in range(rng.randint(0, 4))]
    return (one(), one())''',
50: '''    taken = [x for x in ['alee', 'alee2', 'user', 'user2', 'asmithso', 'asmiths2', 'asmiths3', 'xo', 'jpo'] if rng.random() < 0.5]
    return (rng.choice(['Ann', '', '\\u00e9mile', 'J-P', 'x']), rng.choice(['Lee', "O'Neil", 'Smithsonian', '', '1', 'O']), taken)''',
54: '''    return (','.join(rng.choice(['Ann Lee <ann@x.org>', 'bob@y.com', ' BOB@Y.com ', '', '<a@b>', 'X <Y <z@w>', 'Ann <ANN@x.org>']) for _ in range(rng.randint(0, 5))),)''',
59: '''    return ([rng.choice(['/a/b/c.txt', 'a/b/d', '/a/x', '//a/b/', '/f', 'a/f', 'a/b/c/d/e']) for _ in range(rng.randint(1, 4))],)''',
62: '''    return ([(rng.choice(['a', 'bb', 'ccc']), rng.randint(0, 9)) for _ in range(rng.randint(1, 4))], rng.randint(1, 10))''',
64: '''    return ([''.join(rng.choice(['A', 'b', ' ', '-', '1', '_', '\\u00e9']) for _ in range(rng.randint(0, 5))) for _ in range(rng.randint(0, 5))],)''',
65: '''    return (''.join(rng.choice(['pw=1', ' ', '  ', 'TOKEN=x', 'a=b=c', 'k=', '=v', 'x']) for _ in range(rng.randint(0, 6))), rng.choice([[], ['pw'], ['token', 'PW'], ['k']]))''',
67: '''    return ([rng.choice(['Ann Lee', 'Lee, Ann', 'bob lee', 'Zed', 'Lee,Bo', 'Al B Cee', 'ann lee']) for _ in range(rng.randint(0, 6))],)''',
69: '''    name = rng.choice([''.join(rng.choice(['a', '_', '1', 'B', '-', '\\u00e9']) for _ in range(rng.randint(0, 5))), 'a' * rng.randint(31, 34)])
    return (name, rng.choice([[], ['if', 'A'], ['_a']]))''',
72: '''    return ([rng.choice(['[S]', ' [ a ] ', 'k=v', ' K = V ', '; c', '# c', '', 'x', 'a=b=c']) for _ in range(rng.randint(0, 6))],)''',
73: '''    return ([rng.choice(['a=1', 'bb = 2', 'x', '', ' c  =  3', 'd==4']) for _ in range(rng.randint(0, 6))],)''',
75: '''    return (''.join(rng.choice(['<a>', '</a>', '<B>', '</b>', '<c/>', '<', '>', 'x', '</c>', '< a>']) for _ in range(rng.randint(0, 7))),)''',
80: '''    text = ' '.join(rng.choice(['cat', 'Cat,', 'dog', 'a', 'CAT!', 'x']) for _ in range(rng.randint(0, 8)))
    return (text, rng.choice(['cat', 'dog']), rng.randint(0, 2))''',
81: '''    return ([rng.choice(['', ' ', 'infor-', 'mation', 'Next', 'a b', 'end-', ' x ']) for _ in range(rng.randint(0, 7))],)''',
84: '''    return (''.join(rng.choice(['a', 'B', '1', '!', ' ', '\\u00e9', 'ann']) for _ in range(rng.randint(0, 12))), rng.choice(['', 'ann', 'Bob']))''',
85: '''    return (''.join(rng.choice(['a', '{', '}', ',', '{x,y}', '{,}', 'b']) for _ in range(rng.randint(0, 6))),)''',
88: '''    return (rng.choice(['HTTP/1.1', 'HTTP/2', 'HTTP/1.10', 'http/1.1', 'HTTP/']) + rng.choice([' ', '  ', '']) + rng.choice(['200', '404', '99', '600', '1000', '50x']) + rng.choice(['', ' ', ' OK', ' Not Found', '  x']),)''',
89: '''    return ([rng.choice(['a@x.org', 'A@X.org', 'b@x.org', 'c@y.com', 'bad', '@x.org', 'a@x.', 'a@.x', 'a@b@c.d', 'd@y.com']) for _ in range(rng.randint(0, 7))],)''',
92: '''    return (rng.choice(['text/html', 'TEXT/HTML; charset=x', ' text/plain ', 'text', 'a/b/c', 'image/png', '/x']), rng.choice(['text/*', '*/*', '*/html', 'text/html', 'image/*', '*', 'text/']))''',
93: '''    return (rng.choice(['1', '1.2', '1.2.0', '2', '0.9', '1.10']), ', '.join(rng.choice(['>=1.2', '<2', '==1.2', '!=1.2.0', '> 1', '<=1.10']) for _ in range(rng.randint(1, 3))))''',
94: '''    return (''.join(rng.choice(['a', '/', ' ', '\\t', '.', 'con', 'Doc', '?', 'x' * 10]) for _ in range(rng.randint(0, 8))), rng.choice(['txt', 'pdf']))''',
98: '''    return ([rng.choice(['', 'a', 'a ', '\\tb', 'x' * 80, 'y\\t', '   ']) for _ in range(rng.randint(0, 5))],)''',
456: '''    rules = {'A': ['B', '!x', 'C'], 'B': ['y', '!A'], 'C': [], 'D': ['C', 'C', '!']}
    rules = {k: v for k, v in rules.items() if rng.random() < 0.8}
    return (rng.choice(['A', 'B', 'C', 'D', 'E']), rules)''',  # a name is never a '!' part: the spec leaves that open
458: '''    return (rng.randint(0, 10),)''',
106: '''    return (rng.randint(-5, 2000),)''',
156: '''    return (rng.randint(0, 60), rng.randint(0, 60), rng.randint(0, 40), [(rng.randint(1, 30), rng.randint(1, 30)) for _ in range(rng.randint(0, 4))], rng.randint(1, 900))''',
178: '''    def one():
        a = rng.randint(-100, 2000)
        return (a, a + rng.randint(0, 600))
    return ([one() for _ in range(rng.randint(0, 5))],)''',
68: '''    return ('abcdefghijklmnopqrstuvwxyz0123456789'[:rng.randint(0, 36)], rng.randint(1, 14))''',
})
CMP = {i: 'list(candidate(*copy.deepcopy(_a)).items()) == list(_ref(*copy.deepcopy(_a)).items())' for i in (10, 21, 33, 72)}
def run_check(code, test, entry):
    ns = {}; exec(code, ns); exec(test, ns); ns['check'](ns[entry])
only = set(map(int, sys.argv[1:])) if sys.argv[1:] else set(GEN)
for i, g in GEN.items():
    if i not in only: continue
    r = C[i]; assert r['task_id'] == f'Corpus/{i}'
    if '_rng_random_' in r['test'] or 'random.Random(' in r['test']: continue  # it has one
    p = r['prompt']; d = p.index('def '); sig = p[d:p.index('"""', d)].rstrip()
    sig = sig[:-1].rstrip() if sig.endswith('r') else sig  # a raw docstring's prefix
    assert sig.endswith(':'), (i, sig)
    imports = [l for l in p[:d].splitlines() if l.startswith(('import ', 'from '))]
    ref = sig.replace(f"def {r['entry_point']}(", 'def _ref(', 1) + '\n' + r['canonical_solution'].rstrip('\n')
    seed = 8100 + i
    cmp_ = CMP.get(i, 'candidate(*copy.deepcopy(_a)) == _ref(*copy.deepcopy(_a))')
    block = ('import random, copy\n' + ''.join(l + '\n' for l in imports) + ref + '\n'
             + 'def _gen(rng):\n' + g + '\n' + f'_rng_random_ = random.Random({seed})\nfor _ in range(200):\n    _a = _gen(_rng_random_)\n    assert {cmp_}, _a\n')
    test = r['test'].rstrip('\n') + '\n' + textwrap.indent(block, '    ')
    prog = p + r['canonical_solution']
    run_check(prog, test, r['entry_point'])  # the reference passes
    # how many of its inputs each wrong program gets wrong
    ns = {}; exec(textwrap.dedent(block).replace('assert ' + cmp_ + ', _a', 'pass'), ns)
    for j, w in enumerate(r.get('wrong', [])):
        try: run_check(p + w, test, r['entry_point']); print(i, 'WRONG PASSES', j)
        except Exception: pass
    r['test'] = test
    print(i, r['entry_point'], 'ok')
open(P, 'w').write(''.join(json.dumps(x) + '\n' for x in C))
