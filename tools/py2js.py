"""Translate the Python functions of the problem corpus to JavaScript, by rules: a transpiler for the subset the corpus
uses, with a prelude of `py*` helpers that keep Python's semantics (floor division, negative indices, slices, deep `==`,
truthiness, dicts as `Map`s) where JavaScript's differ. Used by `tools/corpus_js.py`; what it cannot translate raises
`Unsupported`, and every translation is then checked in the sandbox (a reference must pass, a wrong program must fail)."""
import ast, json, re
from pathlib import Path

PRELUDE = (Path(__file__).parent/'py2js_prelude.js').read_text()
HELPERS = {m[1]: m[0] for m in re.finditer(r'^function (py\w+)\(.*$', PRELUDE, re.M)}

class Unsupported(Exception): pass

def helpers_for(code:str) -> str:
    "The prelude's functions that `code` uses, with those they use, in prelude order."
    need, todo = set(), set(re.findall(r'\b(py[A-Z]\w*)\(', code))
    while todo:
        n = todo.pop()
        if n in need or n not in HELPERS: continue
        need.add(n); todo |= set(re.findall(r'\b(py[A-Z]\w*)\b', HELPERS[n])) - need
    return '\n'.join(src for n, src in HELPERS.items() if n in need)

RESERVED = set('''new function var default case in class delete this switch let const yield arguments eval typeof instanceof void
with do catch finally throw enum export extends super static implements interface package private protected public await
Map Set Math String Number Array Object Infinity NaN undefined null true false JSON Symbol Error Boolean Date'''.split())

def jsname(n:str) -> str: return n + '_' if n in RESERVED or n.startswith('py') and n[2:3].isupper() else n

def ann_kind(a) -> str|None:
    "The kind of a parameter from its annotation."
    if a is None: return None
    s = ast.unparse(a)
    if s in ('int', 'float'): return 'num'
    if s == 'str': return 'str'
    if s == 'bool': return 'bool'
    if re.match(r'(list|List|tuple|Tuple)\b', s): return 'list'
    return None

_BIN = {ast.Sub: '-', ast.Pow: '**', ast.BitAnd: '&', ast.BitOr: '|', ast.BitXor: '^', ast.LShift: '<<', ast.RShift: '>>', ast.Div: '/'}
_CMP = {ast.Lt: '<', ast.LtE: '<=', ast.Gt: '>', ast.GtE: '>='}
_STRM = dict(lower='toLowerCase', upper='toUpperCase')
_HELPM = dict(strip='pyStrip', lstrip='pyLstrip', rstrip='pyRstrip', isdigit='pyIsDigit', isalpha='pyIsAlpha', isalnum='pyIsAlnum',
              isspace='pyIsSpace', isupper='pyIsUpper', islower='pyIsLower', capitalize='pyCapitalize', title='pyTitle', swapcase='pySwapcase',
              startswith='pyStartsWith', endswith='pyEndsWith', zfill='pyZfill', count='pyCount', index='pyIndex', get='pyGet',
              items='pyItems', keys='pyKeys', values='pyValues', setdefault='pySetdefault', pop='pyPop', copy='pyCopy', remove='pyRemove',
              update='pyUpdate', isnumeric='pyIsDigit', isdecimal='pyIsDigit', isascii='pyIsAscii')
_BUILTIN = dict(len='pyLen', range='pyRange', list='pyList', tuple='pyList', sum='pySum', sorted='pySorted', enumerate='pyEnumerate',
                zip='pyZip', reversed='pyReversed', any='pyAny', all='pyAll', abs='pyAbs', round='pyRound', divmod='pyDivmod',
                str='pyStr', int='pyInt', float='pyFloat', bool='pyBool', ord='pyOrd', chr='pyChr', set='pySet', frozenset='pySet',
                dict='pyDict', min='pyMin', max='pyMax', repr='pyRepr', Counter='pyCounter', deque='pyList', map='pyMapList', filter='pyFilter')
_MATH = dict(sqrt='Math.sqrt', floor='Math.floor', ceil='Math.ceil', fabs='Math.abs', log='Math.log', log2='Math.log2', log10='Math.log10',
             exp='Math.exp', gcd='pyGcd', isqrt='pyIsqrt', hypot='Math.hypot', trunc='Math.trunc')
_NUMF = {'len', 'int', 'abs', 'ord', 'round', 'sum', 'pow'}

class Tr:
    "Translate one top-level Python function (and what it nests) to JavaScript."
    def __init__(self): self.kinds, self.imports = {}, {}

    # ---- kinds: 'num', 'str', 'bool', 'list' or None (unknown), to write JavaScript's own operators where they mean Python's
    def kind(self, e) -> str|None:
        if isinstance(e, ast.Constant):
            v = e.value
            return 'bool' if isinstance(v, bool) else 'num' if isinstance(v, (int, float)) else 'str' if isinstance(v, str) else None
        if isinstance(e, (ast.Compare,)) or isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not): return 'bool'
        if isinstance(e, ast.BoolOp): return 'bool' if all(self.kind(v) == 'bool' for v in e.values) else None
        if isinstance(e, ast.Name): return self.kinds.get(e.id)
        if isinstance(e, (ast.List, ast.ListComp)): return 'list'
        if isinstance(e, ast.JoinedStr): return 'str'
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub): return 'num' if self.kind(e.operand) == 'num' else None
        if isinstance(e, ast.BinOp):
            a, b = self.kind(e.left), self.kind(e.right)
            if isinstance(e.op, (ast.FloorDiv, ast.Div, ast.Pow, ast.Sub)) and a == b == 'num': return 'num'
            if isinstance(e.op, (ast.Add, ast.Mult, ast.Mod)) and a == b == 'num': return 'num'
            if isinstance(e.op, ast.Add) and 'str' in (a, b): return 'str'
            if isinstance(e.op, ast.Add) and a == b == 'list': return 'list'
            return None
        if isinstance(e, ast.Call):
            f = e.func
            if isinstance(f, ast.Name):
                if f.id in _NUMF: return 'num'
                if f.id == 'str': return 'str'
                if f.id in ('sorted', 'list'): return 'list'
                if f.id == 'bool' or f.id in ('any', 'all', 'isinstance'): return 'bool'
            if isinstance(f, ast.Attribute):
                if f.attr in ('lower', 'upper', 'strip', 'lstrip', 'rstrip', 'join', 'replace', 'capitalize', 'title', 'zfill'): return 'str'
                if f.attr in ('isdigit', 'isalpha', 'isalnum', 'isspace', 'isupper', 'islower', 'startswith', 'endswith'): return 'bool'
                if f.attr in ('find', 'rfind', 'count', 'index'): return 'num'
                if f.attr == 'split': return 'list'
                if isinstance(f.value, ast.Name) and f.value.id == 'math' and f.attr in ('sqrt', 'floor', 'ceil', 'gcd', 'isqrt'): return 'num'
        return None

    def infer(self, fn):
        "Kinds of the function's names: the parameter's annotation, or the one kind of every value assigned to it."
        for a in fn.args.args + fn.args.posonlyargs: self.kinds[a.arg] = ann_kind(a.annotation)
        params = {a.arg for a in fn.args.args}
        for _ in range(3):
            seen = {}
            for n in walk_local(fn):
                if isinstance(n, ast.Assign):
                    for t in n.targets:
                        if isinstance(t, ast.Name): seen.setdefault(t.id, set()).add(self.kind(n.value))
                elif isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name):
                    seen.setdefault(n.target.id, set()).add(self.kind(ast.BinOp(n.target, n.op, n.value)))
                elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.value is not None:
                    seen.setdefault(n.target.id, set()).add(self.kind(n.value))
                elif isinstance(n, ast.For):
                    for t in ast.walk(n.target):
                        if isinstance(t, ast.Name):
                            k = 'num' if isinstance(n.iter, ast.Call) and isinstance(n.iter.func, ast.Name) and n.iter.func.id == 'range' else None
                            seen.setdefault(t.id, set()).add(k)
            for name, ks in seen.items():
                if name in params: self.kinds[name] = self.kinds[name] if ks == {self.kinds[name]} else None
                else: self.kinds[name] = ks.pop() if len(ks) == 1 else None

    # ---- expressions
    def cond(self, e) -> str:
        "`e` in a boolean context."
        if isinstance(e, ast.BoolOp): return '(' + (' && ' if isinstance(e.op, ast.And) else ' || ').join(self.cond(v) for v in e.values) + ')'
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not): return f"!{self.cond(e.operand)}"
        return self.expr(e) if self.kind(e) == 'bool' else f"pyBool({self.expr(e)})"

    def expr(self, e) -> str:
        m = getattr(self, 'e_' + type(e).__name__, None)
        if m is None: raise Unsupported(type(e).__name__)
        return m(e)

    def e_Constant(self, e):
        v = e.value
        if v is None: return 'null'
        if isinstance(v, bool): return 'true' if v else 'false'
        if isinstance(v, int): return str(v)
        if isinstance(v, float): return 'Infinity' if v == float('inf') else repr(v)
        if isinstance(v, str): return json.dumps(v)
        raise Unsupported(f'constant {v!r}')

    def e_Name(self, e): return jsname(e.id)

    def e_BinOp(self, e):
        a, b, ka, kb = self.expr(e.left), self.expr(e.right), self.kind(e.left), self.kind(e.right)
        op = type(e.op)
        if op is ast.Add:
            if ka == kb == 'num' or 'str' in (ka, kb): return f"({a} + {b})"
            return f"pyAdd({a}, {b})"
        if op is ast.Mult: return f"({a} * {b})" if ka == kb == 'num' else f"pyMul({a}, {b})"
        if op is ast.FloorDiv: return f"pyFloorDiv({a}, {b})"
        if op is ast.Mod:
            if ka == 'str' or isinstance(e.left, ast.Constant): raise Unsupported('% formatting')
            return f"pyMod({a}, {b})"
        if op is ast.Sub and (isinstance(e.left, ast.Call) and getattr(e.left.func, 'id', '') == 'set'): raise Unsupported('set difference')
        if op in _BIN: return f"({a} {_BIN[op]} {b})"
        raise Unsupported(op.__name__)

    def e_UnaryOp(self, e):
        if isinstance(e.op, ast.Not): return f"!{self.cond(e.operand)}"
        if isinstance(e.op, ast.USub): return f"(-{self.expr(e.operand)})"
        if isinstance(e.op, ast.UAdd): return f"(+{self.expr(e.operand)})"
        if isinstance(e.op, ast.Invert): return f"(~{self.expr(e.operand)})"
        raise Unsupported('unary')

    def e_BoolOp(self, e):
        if all(self.kind(v) == 'bool' for v in e.values): return self.cond(e)
        f = 'pyAnd' if isinstance(e.op, ast.And) else 'pyOr'
        out = self.expr(e.values[-1])
        for v in reversed(e.values[:-1]): out = f"{f}({self.expr(v)}, () => {out})"
        return out

    def e_Compare(self, e):
        parts, left = [], e.left
        for op, right in zip(e.ops, e.comparators):
            a, b, ka, kb = self.expr(left), self.expr(right), self.kind(left), self.kind(right)
            prim = lambda x, k: k in ('num', 'str', 'bool') or isinstance(x, ast.Constant)
            t = type(op)
            if t in (ast.Eq, ast.NotEq):
                simple = (prim(left, ka) and prim(right, kb)) or isinstance(left, ast.Constant) and left.value is None or isinstance(right, ast.Constant) and right.value is None
                if simple: parts.append(f"({a} {'===' if t is ast.Eq else '!=='} {b})")
                else: parts.append(f"{'' if t is ast.Eq else '!'}pyEq({a}, {b})")
            elif t in _CMP:
                if (ka == kb == 'num') or (ka == kb == 'str') or ('num' in (ka, kb) and None in (ka, kb)) : parts.append(f"({a} {_CMP[t]} {b})")
                else: parts.append(f"(pyCmp({a}, {b}) {_CMP[t]} 0)")
            elif t is ast.Is: parts.append(f"({a} === {b})")
            elif t is ast.IsNot: parts.append(f"({a} !== {b})")
            elif t is ast.In: parts.append(f"pyIn({a}, {b})")
            elif t is ast.NotIn: parts.append(f"!pyIn({a}, {b})")
            else: raise Unsupported(t.__name__)
            left = right
        return parts[0] if len(parts) == 1 else '(' + ' && '.join(parts) + ')'

    def e_IfExp(self, e): return f"({self.cond(e.test)} ? {self.expr(e.body)} : {self.expr(e.orelse)})"
    def e_List(self, e): return '[' + ', '.join(self.expr(x) for x in e.elts) + ']'
    e_Tuple = e_List
    def e_Set(self, e): return 'new Set([' + ', '.join(self.expr(x) for x in e.elts) + '])'
    def e_Dict(self, e):
        if any(k is None for k in e.keys): raise Unsupported('** in dict')
        return 'new Map([' + ', '.join(f"[{self.expr(k)}, {self.expr(v)}]" for k, v in zip(e.keys, e.values)) + '])'
    def e_Starred(self, e): return '...pyIter(' + self.expr(e.value) + ')'
    def e_NamedExpr(self, e): return f"({jsname(e.target.id)} = {self.expr(e.value)})"

    def e_Lambda(self, e):
        a = e.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.defaults: raise Unsupported('lambda args')
        old = dict(self.kinds)
        for x in a.args: self.kinds[x.arg] = None
        body = self.expr(e.body)
        self.kinds = old
        return f"(({', '.join(jsname(x.arg) for x in a.args)}) => {body})"

    def e_JoinedStr(self, e):
        out = ''
        for v in e.values:
            if isinstance(v, ast.Constant): out += v.value.replace('\\', '\\\\').replace('`', '\\`').replace('${', '\\${')
            else:
                if v.format_spec is not None: raise Unsupported('format spec')
                out += '${' + ('pyRepr' if v.conversion == ord('r') else 'pyStr') + '(' + self.expr(v.value) + ')}'
        return '`' + out + '`'

    def e_Subscript(self, e):
        o = self.expr(e.value)
        s = e.slice
        if isinstance(s, ast.Slice):
            f = lambda x: 'null' if x is None else self.expr(x)
            return f"pySlice({o}, {f(s.lower)}, {f(s.upper)}, {f(s.step)})"
        return f"pyIdx({o}, {self.expr(s)})"

    def e_Attribute(self, e):
        if isinstance(e.value, ast.Name) and e.value.id == 'math':
            if e.attr == 'pi': return 'Math.PI'
            if e.attr == 'inf': return 'Infinity'
            if e.attr == 'e': return 'Math.E'
        if isinstance(e.value, ast.Name) and e.value.id == 'string':
            c = dict(ascii_lowercase='abcdefghijklmnopqrstuvwxyz', ascii_uppercase='ABCDEFGHIJKLMNOPQRSTUVWXYZ', digits='0123456789',
                     ascii_letters='abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', punctuation='!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')
            if e.attr in c: return json.dumps(c[e.attr])
        raise Unsupported(f'attribute {ast.unparse(e)}')

    def _comp(self, e, make:str, elt:str) -> str:
        old = dict(self.kinds)
        for g in e.generators:
            for t in ast.walk(g.target):
                if isinstance(t, ast.Name): self.kinds[t.id] = 'num' if isinstance(g.iter, ast.Call) and getattr(g.iter.func, 'id', '') == 'range' else None
        loops, close = '', ''
        names = sorted({t.id for g in e.generators for t in ast.walk(g.target) if isinstance(t, ast.Name)})
        for g in e.generators:
            if g.is_async: raise Unsupported('async')
            loops += f"for (const {self.target(g.target)} of {self.iter(g.iter)}) {{ "
            for c in g.ifs: loops += f"if ({self.cond(c)}) {{ "; close += '} '
            close += '} '
        body = elt()
        self.kinds = old
        return f"(() => {{ const _r = {make}; {loops}{body} {close}return _r; }})()"

    def e_ListComp(self, e): return self._comp(e, '[]', lambda: f"_r.push({self.expr(e.elt)});")
    e_GeneratorExp = e_ListComp
    def e_SetComp(self, e): return self._comp(e, 'new Set()', lambda: f"_r.add({self.expr(e.elt)});")
    def e_DictComp(self, e): return self._comp(e, 'new Map()', lambda: f"_r.set({self.expr(e.key)}, {self.expr(e.value)});")

    def target(self, t) -> str:
        if isinstance(t, ast.Name): return jsname(t.id)
        if isinstance(t, (ast.Tuple, ast.List)): return '[' + ', '.join(self.target(x) for x in t.elts) + ']'
        raise Unsupported('target')

    def iter(self, it) -> str:
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id in ('range', 'enumerate', 'zip', 'reversed', 'sorted') and not it.keywords:
            return self.expr(it)
        return f"pyIter({self.expr(it)})"

    def kw(self, e, allowed) -> dict:
        out = {}
        for k in e.keywords:
            if k.arg not in allowed: raise Unsupported(f'keyword {k.arg}')
            out[k.arg] = self.expr(k.value)
        return out

    def e_Call(self, e):
        f, args = e.func, [self.expr(a) for a in e.args]
        if isinstance(f, ast.Name):
            n = f.id
            if n == 'enumerate' and e.keywords:
                k = self.kw(e, {'start'})
                return f"pyEnumerate({args[0]}, {k['start']})"
            if n in ('sorted',):
                k = self.kw(e, {'key', 'reverse'})
                return f"pySorted({args[0]}, {k.get('key', 'null')}, {k.get('reverse', 'false')})"
            if n in ('min', 'max'):
                k = self.kw(e, {'key', 'default'})
                if 'default' in k: raise Unsupported('default=')
                extra = [f"{{__kw: true, key: {k['key']}}}"] if 'key' in k else []
                return f"{_BUILTIN[n]}({', '.join(args + extra)})"
            if e.keywords: raise Unsupported(f'keywords to {n}')
            if n == 'defaultdict':
                fac = ast.unparse(e.args[0]) if e.args else 'None'
                m = dict(int='() => 0', list='() => []', set='() => new Set()', str="() => ''", float='() => 0')
                if fac not in m: raise Unsupported('defaultdict factory')
                return f"pyDefaultdict({m[fac]})"
            if n == 'isinstance': raise Unsupported('isinstance')
            if n == 'pow' and len(args) == 2: return f"({args[0]} ** {args[1]})"
            if n == 'print': raise Unsupported('print')
            if n in _BUILTIN and n not in self.local_fns: return f"{_BUILTIN[n]}({', '.join(args)})"
            if n in ('float',) : return f"pyFloat({', '.join(args)})"
            return f"{jsname(n)}({', '.join(args)})"
        if isinstance(f, ast.Attribute):
            if isinstance(f.value, ast.Name) and f.value.id == 'math':
                if f.attr in _MATH and not e.keywords: return f"{_MATH[f.attr]}({', '.join(args)})"
                raise Unsupported(f'math.{f.attr}')
            r, a = self.expr(f.value), f.attr
            if a == 'sort':
                k = self.kw(e, {'key', 'reverse'})
                return f"pySort({r}, {k.get('key', 'null')}, {k.get('reverse', 'false')})"
            if a == 'split':
                k = self.kw(e, {'sep', 'maxsplit'})
                sep = args[0] if args else k.get('sep', 'null')
                mx = args[1] if len(args) > 1 else k.get('maxsplit', 'null')
                return f"pySplit({r}, {sep}, {mx})"
            if e.keywords: raise Unsupported(f'keywords to .{a}')
            if a in _STRM and not args: return f"{r}.{_STRM[a]}()"
            if a == 'append': return f"{r}.push({args[0]})"
            if a == 'appendleft': return f"{r}.unshift({args[0]})"
            if a == 'popleft': return f"{r}.shift()"
            if a == 'extend': return f"{r}.push(...pyIter({args[0]}))"
            if a == 'insert': return f"{r}.splice({args[0]}, 0, {args[1]})"
            if a == 'reverse': return f"{r}.reverse()"
            if a == 'add': return f"{r}.add({args[0]})"
            if a == 'discard': return f"{r}.delete({args[0]})"
            if a == 'join': return f"pyList({args[0]}).join({r})"
            if a == 'replace' and len(args) == 2: return f"{r}.split({args[0]}).join({args[1]})"
            if a == 'find' and len(args) <= 2: return f"{r}.indexOf({', '.join(args)})"
            if a == 'rfind' and len(args) == 1: return f"{r}.lastIndexOf({args[0]})"
            if a in ('ljust', 'rjust'): return f"{r}.{'padEnd' if a == 'ljust' else 'padStart'}({', '.join(args)})"
            if a in ('union', 'intersection', 'difference'): return f"{dict(union='pySetUnion', intersection='pySetInter', difference='pySetDiff')[a]}({r}, {args[0]})"
            if a in _HELPM: return f"{_HELPM[a]}({', '.join([r] + args)})"
            raise Unsupported(f'method .{a}')
        raise Unsupported('call')

    # ---- statements
    def block(self, stmts, ind) -> list[str]:
        out = []
        for s in stmts: out += self.stmt(s, ind)
        return out

    def stmt(self, s, ind) -> list[str]:
        p = '  ' * ind
        if isinstance(s, ast.Return):
            v = 'null' if s.value is None else self.expr(s.value)
            return [f"{p}return {'pyToJS(' + v + ')' if self.out else v};"]
        if isinstance(s, ast.Assign):
            v = self.expr(s.value)
            if len(s.targets) == 1 and isinstance(s.targets[0], ast.Subscript):
                t = s.targets[0]
                if isinstance(t.slice, ast.Slice): raise Unsupported('slice assignment')
                return [f"{p}pySetItem({self.expr(t.value)}, {self.expr(t.slice)}, {v});"]
            return [f"{p}{' = '.join(self.target(t) for t in s.targets)} = {v};"]
        if isinstance(s, ast.AnnAssign):
            if s.value is None: return []
            return self.stmt(ast.Assign([s.target], s.value), ind)
        if isinstance(s, ast.AugAssign):
            t = s.target
            if isinstance(t, ast.Name): return [f"{p}{jsname(t.id)} = {self.expr(ast.BinOp(ast.Name(t.id, ast.Load()), s.op, s.value))};"]
            if isinstance(t, ast.Subscript) and not isinstance(t.slice, ast.Slice):
                cur = ast.Subscript(t.value, t.slice, ast.Load())
                return [f"{p}pySetItem({self.expr(t.value)}, {self.expr(t.slice)}, {self.expr(ast.BinOp(cur, s.op, s.value))});"]
            raise Unsupported('augassign target')
        if isinstance(s, ast.Expr):
            if isinstance(s.value, ast.Constant): return []
            return [f"{p}{self.expr(s.value)};"]
        if isinstance(s, ast.If):
            out = [f"{p}if ({self.cond(s.test)}) {{", *self.block(s.body, ind + 1)]
            orelse = s.orelse
            while len(orelse) == 1 and isinstance(orelse[0], ast.If):
                out += [f"{p}}} else if ({self.cond(orelse[0].test)}) {{", *self.block(orelse[0].body, ind + 1)]
                orelse = orelse[0].orelse
            if orelse: out += [f"{p}}} else {{", *self.block(orelse, ind + 1)]
            return out + [f"{p}}}"]
        if isinstance(s, ast.For):
            if s.orelse: raise Unsupported('for-else')
            return [f"{p}for ({self.target(s.target)} of {self.iter(s.iter)}) {{", *self.block(s.body, ind + 1), f"{p}}}"]
        if isinstance(s, ast.While):
            if s.orelse: raise Unsupported('while-else')
            return [f"{p}while ({self.cond(s.test)}) {{", *self.block(s.body, ind + 1), f"{p}}}"]
        if isinstance(s, ast.Break): return [f"{p}break;"]
        if isinstance(s, ast.Continue): return [f"{p}continue;"]
        if isinstance(s, ast.Pass): return []
        if isinstance(s, (ast.Nonlocal,)): return []
        if isinstance(s, ast.Assert): return [f"{p}if (!{self.cond(s.test)}) throw new Error('AssertionError');"]
        if isinstance(s, ast.Raise): return [f"{p}throw new Error({json.dumps(ast.unparse(s.exc) if s.exc else 'error')});"]
        if isinstance(s, ast.Delete):
            out = []
            for t in s.targets:
                if not isinstance(t, ast.Subscript) or isinstance(t.slice, ast.Slice): raise Unsupported('del')
                out.append(f"{p}pyDel({self.expr(t.value)}, {self.expr(t.slice)});")
            return out
        if isinstance(s, ast.Import):
            for a in s.names:
                if a.name not in ('math', 'string') or a.asname: raise Unsupported(f'import {a.name}')
            return []
        if isinstance(s, ast.ImportFrom):
            ok = dict(collections={'Counter', 'defaultdict', 'deque'}, typing=None, math={'sqrt', 'floor', 'ceil', 'gcd', 'isqrt', 'inf', 'pi'})
            if s.module not in ok or s.level: raise Unsupported(f'from {s.module}')
            if s.module == 'math': raise Unsupported('from math')
            if ok[s.module] is not None and any(a.name not in ok[s.module] or a.asname for a in s.names): raise Unsupported('from collections')
            return []
        if isinstance(s, ast.FunctionDef): return self.function(s, ind)
        raise Unsupported(type(s).__name__)

    def function(self, fn, ind, entry=False, conv_in=(), out=False) -> list[str]:
        "A `function` declaration for `fn`, its locals declared at the top (Python's function scope)."
        a = fn.args
        if a.vararg or a.kwarg or a.kwonlyargs or fn.decorator_list or isinstance(fn, ast.AsyncFunctionDef): raise Unsupported('signature')
        old, old_out = dict(self.kinds), getattr(self, 'out', False)
        self.out = out
        self.local_fns = getattr(self, 'local_fns', set()) | {n.name for n in ast.walk(fn) if isinstance(n, ast.FunctionDef)}
        self.infer(fn)
        params = [x.arg for x in a.args]
        defaults = [None] * (len(params) - len(a.defaults)) + list(a.defaults)
        ps = ', '.join(jsname(x) + ('' if d is None else ' = ' + self.expr(d)) for x, d in zip(params, defaults))
        nonloc = {n for s in ast.walk(fn) if isinstance(s, (ast.Nonlocal, ast.Global)) for n in s.names}
        if any(isinstance(s, ast.Global) for s in ast.walk(fn)): raise Unsupported('global')
        local = sorted(assigned(fn) - set(params) - nonloc)
        p = '  ' * ind
        head = [f"{p}function {jsname(fn.name)}({ps}) {{"] if not entry else []
        body = ([f"{p}  let {', '.join(map(jsname, local))};"] if local else [])
        body += [f"{p}  {jsname(x)} = pyFromJS({jsname(x)});" for x in conv_in]
        body += self.block(fn.body, ind + 1)
        self.kinds, self.out = old, old_out
        return head + body + ([f"{p}}}"] if not entry else [])

def walk_local(fn):
    "The nodes of `fn`'s own scope (not those of nested functions, lambdas or comprehensions)."
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        n = todo.pop()
        yield n
        if isinstance(n, (ast.FunctionDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)): 
            if isinstance(n, ast.FunctionDef): continue
            continue
        todo += list(ast.iter_child_nodes(n))

def assigned(fn) -> set[str]:
    "Names bound in `fn`'s own scope."
    out = set()
    for n in walk_local(fn):
        if isinstance(n, ast.FunctionDef): out.add(n.name)
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store): out.add(n.id)
        elif isinstance(n, ast.NamedExpr): out.add(n.target.id)
    return out

def translate_body(prompt:str, body:str, entry:str, dict_params=(), dict_out=False) -> str:
    "The JavaScript body (ending with the function's closing brace and the prelude's helpers it uses) of the Python function `prompt + body`."
    tree = ast.parse(prompt + body)
    fns = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    others = [n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.Import, ast.ImportFrom)) and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    if len(fns) != 1 or fns[0].name != entry or others: raise Unsupported('the prompt holds more than the function')
    for n in tree.body:
        if isinstance(n, (ast.Import, ast.ImportFrom)) and not (isinstance(n, ast.ImportFrom) and n.module == 'typing'): Tr().stmt(n, 0)
    fn = fns[0]
    fn.body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str))]
    t = Tr()
    code = '\n'.join(t.function(fn, 0, entry=True, conv_in=dict_params, out=dict_out)) + '\n}\n'
    h = helpers_for(code)
    return code + ('\n' + h + '\n' if h else '')
