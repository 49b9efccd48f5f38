function pyBool(x) { if (x === null || x === undefined) return false; if (Array.isArray(x) || typeof x === 'string') return x.length > 0; if (x instanceof Map || x instanceof Set) return x.size > 0; return Boolean(x); }
function pyIter(x) { if (x instanceof Map) return [...x.keys()]; if (typeof x === 'string') return [...x]; return x; }
function pyList(x) { if (x === undefined) return []; return [...pyIter(x)]; }
function pyLen(x) { if (typeof x === 'string') return [...x].length; if (x instanceof Map || x instanceof Set) return x.size; return x.length; }
function pyRange(a, b, s) { if (b === undefined) { b = a; a = 0; } if (s === undefined) s = 1; const r = []; if (s > 0) for (let i = a; i < b; i += s) r.push(i); else for (let i = a; i > b; i += s) r.push(i); return r; }
function pyEq(a, b) { if (a === b) return true; if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => pyEq(x, b[i])); if (a instanceof Map && b instanceof Map) return a.size === b.size && [...a].every(([k, v]) => b.has(k) && pyEq(v, b.get(k))); if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every(x => b.has(x)); return false; }
function pyCmp(a, b) { if (Array.isArray(a) && Array.isArray(b)) { for (let i = 0; i < Math.min(a.length, b.length); i++) { const c = pyCmp(a[i], b[i]); if (c) return c; } return a.length - b.length; } if (typeof a === 'string' && typeof b === 'string') { const x = [...a], y = [...b]; for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i].codePointAt(0) - y[i].codePointAt(0); return x.length - y.length; } return a < b ? -1 : a > b ? 1 : 0; }
function pyIn(x, c) { if (typeof c === 'string') return c.includes(x); if (c instanceof Map || c instanceof Set) return c.has(x); if (Array.isArray(c)) return c.some(y => pyEq(x, y)); return Object.prototype.hasOwnProperty.call(c, x); }
function pyIdx(a, i) { if (a instanceof Map) { if (!a.has(i)) { if (a.factory) a.set(i, a.factory()); else throw new Error('KeyError: ' + i); } return a.get(i); } if (typeof a === 'string') { const s = [...a]; if (i < 0) i += s.length; if (i < 0 || i >= s.length) throw new Error('IndexError'); return s[i]; } if (i < 0) i += a.length; if (i < 0 || i >= a.length) throw new Error('IndexError'); return a[i]; }
function pySetItem(a, i, v) { if (a instanceof Map) a.set(i, v); else { if (i < 0) i += a.length; if (i < 0 || i >= a.length) throw new Error('IndexError'); a[i] = v; } }
function pySlice(a, lo, hi, st) { const s = typeof a === 'string' ? [...a] : a, n = s.length; st = st == null ? 1 : st; const r = []; if (st > 0) { lo = lo == null ? 0 : lo < 0 ? Math.max(lo + n, 0) : Math.min(lo, n); hi = hi == null ? n : hi < 0 ? Math.max(hi + n, 0) : Math.min(hi, n); for (let i = lo; i < hi; i += st) r.push(s[i]); } else { lo = lo == null ? n - 1 : lo < 0 ? Math.max(lo + n, -1) : Math.min(lo, n - 1); hi = hi == null ? -1 : hi < 0 ? Math.max(hi + n, -1) : Math.min(hi, n - 1); for (let i = lo; i > hi; i += st) r.push(s[i]); } return typeof a === 'string' ? r.join('') : r; }
function pyAdd(a, b) { return Array.isArray(a) ? a.concat(b) : a + b; }
function pyMul(a, b) { if (typeof b === 'string' || Array.isArray(b)) [a, b] = [b, a]; if (typeof a === 'string') return b > 0 ? a.repeat(b) : ''; if (Array.isArray(a)) { let r = []; for (let i = 0; i < b; i++) r = r.concat(a); return r; } return a * b; }
function pyFloorDiv(a, b) { if (b === 0) throw new Error('ZeroDivisionError'); return Math.floor(a / b); }
function pyMod(a, b) { if (b === 0) throw new Error('ZeroDivisionError'); const r = a % b; return r !== 0 && (r < 0) !== (b < 0) ? r + b : r; }
function pyDiv(a, b) { if (b === 0) throw new Error('ZeroDivisionError'); return a / b; }
function pyStr(x) { if (x === null || x === undefined) return 'None'; if (x === true) return 'True'; if (x === false) return 'False'; if (Array.isArray(x)) return '[' + x.map(pyRepr).join(', ') + ']'; return String(x); }
function pyRepr(x) { return typeof x === 'string' ? "'" + x + "'" : pyStr(x); }
function pyInt(x) { if (typeof x === 'string') { const t = x.trim().replace(/_/g, ''); if (!/^[-+]?\d+$/.test(t)) throw new Error('ValueError: ' + x); return parseInt(t, 10); } if (typeof x === 'boolean') return x ? 1 : 0; return Math.trunc(x); }
function pyFloat(x) { if (typeof x === 'string') { const t = x.trim().toLowerCase(); if (t === 'inf' || t === '+inf' || t === 'infinity') return Infinity; if (t === '-inf' || t === '-infinity') return -Infinity; if (t === '' || isNaN(Number(t))) throw new Error('ValueError: ' + x); return Number(t); } return Number(x); }
function pySum(xs, s) { let t = s === undefined ? 0 : s; for (const x of pyIter(xs)) t = pyAdd(t, x); return t; }
function pyKeyFn(k) { return k == null ? (x => x) : k; }
function pyMin(...a) { let key = null; if (a.length && a[a.length - 1] && a[a.length - 1].__kw) key = a.pop().key; const xs = a.length === 1 ? pyList(a[0]) : a; if (!xs.length) throw new Error('ValueError: min() arg is an empty sequence'); const k = pyKeyFn(key); let best = xs[0]; for (const x of xs.slice(1)) if (pyCmp(k(x), k(best)) < 0) best = x; return best; }
function pyMax(...a) { let key = null; if (a.length && a[a.length - 1] && a[a.length - 1].__kw) key = a.pop().key; const xs = a.length === 1 ? pyList(a[0]) : a; if (!xs.length) throw new Error('ValueError: max() arg is an empty sequence'); const k = pyKeyFn(key); let best = xs[0]; for (const x of xs.slice(1)) if (pyCmp(k(x), k(best)) > 0) best = x; return best; }
function pySorted(xs, key, reverse) { const k = pyKeyFn(key), r = pyList(xs); r.sort((a, b) => reverse ? pyCmp(k(b), k(a)) : pyCmp(k(a), k(b))); return r; }
function pySort(xs, key, reverse) { const r = pySorted(xs, key, reverse); for (let i = 0; i < r.length; i++) xs[i] = r[i]; }
function pyEnumerate(xs, s) { return pyList(xs).map((x, i) => [i + (s || 0), x]); }
function pyZip(...xs) { const ls = xs.map(pyList), n = Math.min(...ls.map(l => l.length)); const r = []; for (let i = 0; i < n; i++) r.push(ls.map(l => l[i])); return r; }
function pyReversed(xs) { return pyList(xs).reverse(); }
function pyAny(xs) { for (const x of pyIter(xs)) if (pyBool(x)) return true; return false; }
function pyAll(xs) { for (const x of pyIter(xs)) if (!pyBool(x)) return false; return true; }
function pyAbs(x) { return Math.abs(x); }
function pyRound(x, n) { if (n) { const m = 10 ** n; return pyRound(x * m) / m; } const f = Math.floor(x), d = x - f; return d > 0.5 ? f + 1 : d < 0.5 ? f : (f % 2 === 0 ? f : f + 1); }
function pyDivmod(a, b) { return [pyFloorDiv(a, b), pyMod(a, b)]; }
function pyGcd(a, b) { a = Math.abs(a); b = Math.abs(b); while (b) [a, b] = [b, a % b]; return a; }
function pyIsqrt(n) { let x = Math.floor(Math.sqrt(n)); while (x * x > n) x--; while ((x + 1) * (x + 1) <= n) x++; return x; }
function pyOr(a, b) { return pyBool(a) ? a : b(); }
function pyAnd(a, b) { return pyBool(a) ? b() : a; }
function pyGet(m, k, d) { if (m instanceof Map) return m.has(k) ? m.get(k) : (d === undefined ? null : d); return Object.prototype.hasOwnProperty.call(m, k) ? m[k] : (d === undefined ? null : d); }
function pyItems(m) { return [...m.entries()]; }
function pyKeys(m) { return [...m.keys()]; }
function pyValues(m) { return [...m.values()]; }
function pySetdefault(m, k, d) { if (!m.has(k)) m.set(k, d === undefined ? null : d); return m.get(k); }
function pyPop(a, i, d) { if (a instanceof Map) { if (!a.has(i)) { if (d === undefined) throw new Error('KeyError'); return d; } const v = a.get(i); a.delete(i); return v; } if (a instanceof Set) { const v = a.values().next().value; a.delete(v); return v; } if (i === undefined) { if (!a.length) throw new Error('IndexError'); return a.pop(); } if (i < 0) i += a.length; if (i < 0 || i >= a.length) throw new Error('IndexError'); return a.splice(i, 1)[0]; }
function pyCount(a, x) { if (typeof a === 'string') { if (x === '') return [...a].length + 1; return a.split(x).length - 1; } return a.filter(y => pyEq(x, y)).length; }
function pyIndex(a, x) { const i = typeof a === 'string' ? a.indexOf(x) : a.findIndex(y => pyEq(x, y)); if (i < 0) throw new Error('ValueError'); return i; }
function pyFind(a, x) { return a.indexOf(x); }
function pyStrip(s, c) { const cs = c == null ? null : [...c]; const w = ch => cs ? cs.includes(ch) : /\s/.test(ch); const t = [...s]; let i = 0, j = t.length; while (i < j && w(t[i])) i++; while (j > i && w(t[j - 1])) j--; return t.slice(i, j).join(''); }
function pyLstrip(s, c) { const cs = c == null ? null : [...c]; const w = ch => cs ? cs.includes(ch) : /\s/.test(ch); const t = [...s]; let i = 0; while (i < t.length && w(t[i])) i++; return t.slice(i).join(''); }
function pyRstrip(s, c) { const cs = c == null ? null : [...c]; const w = ch => cs ? cs.includes(ch) : /\s/.test(ch); const t = [...s]; let j = t.length; while (j > 0 && w(t[j - 1])) j--; return t.slice(0, j).join(''); }
function pySplit(s, sep, max) { if (sep == null) { const t = s.trim(); if (!t) return []; const p = t.split(/\s+/); if (max == null || max < 0 || p.length <= max + 1) return p; const r = [], re = /\s+/g; let last = 0, n = 0, m; while (n < max && (m = re.exec(t))) { r.push(t.slice(last, m.index)); last = m.index + m[0].length; n++; } r.push(t.slice(last)); return r; } const p = s.split(sep); if (max == null || max < 0 || p.length <= max + 1) return p; return p.slice(0, max).concat([p.slice(max).join(sep)]); }
function pyIsDigit(s) { return s.length > 0 && /^[0-9\u0660-\u0669\u00b2\u00b3\u00b9]+$/.test(s); }
function pyIsAlpha(s) { return s.length > 0 && /^\p{L}+$/u.test(s); }
function pyIsAlnum(s) { return s.length > 0 && /^[\p{L}\p{Nd}]+$/u.test(s); }
function pyIsSpace(s) { return s.length > 0 && /^\s+$/.test(s); }
function pyIsUpper(s) { return /\p{Lu}/u.test(s) && !/\p{Ll}/u.test(s); }
function pyIsLower(s) { return /\p{Ll}/u.test(s) && !/\p{Lu}/u.test(s); }
function pyCapitalize(s) { return s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s; }
function pyTitle(s) { return s.toLowerCase().replace(/(^|[^\p{L}])(\p{L})/gu, (m, a, b) => a + b.toUpperCase()); }
function pySwapcase(s) { return [...s].map(c => c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()).join(''); }
function pyStartsWith(s, p) { return Array.isArray(p) ? p.some(q => s.startsWith(q)) : s.startsWith(p); }
function pyEndsWith(s, p) { return Array.isArray(p) ? p.some(q => s.endsWith(q)) : s.endsWith(p); }
function pyZfill(s, n) { const neg = s[0] === '-' || s[0] === '+'; const b = neg ? s.slice(1) : s; return (neg ? s[0] : '') + b.padStart(n - (neg ? 1 : 0), '0'); }
function pyOrd(c) { return c.codePointAt(0); }
function pyChr(n) { return String.fromCodePoint(n); }
function pySet(xs) { return new Set(xs === undefined ? [] : pyIter(xs)); }
function pyDict(xs) { if (xs === undefined) return new Map(); if (xs instanceof Map) return new Map(xs); return new Map(pyList(xs)); }
function pyCounter(xs) { const m = new Map(); if (xs !== undefined) for (const x of pyIter(xs)) m.set(x, (m.get(x) || 0) + 1); m.factory = () => 0; return m; }
function pyDefaultdict(f) { const m = new Map(); m.factory = f; return m; }
function pyFromJS(v) { if (Array.isArray(v)) return v.map(pyFromJS); if (v !== null && typeof v === 'object') return new Map(Object.entries(v).map(([k, x]) => [k, pyFromJS(x)])); return v; }
function pyToJS(v) { if (Array.isArray(v)) return v.map(pyToJS); if (v instanceof Map) { const o = {}; for (const [k, x] of v) o[k] = pyToJS(x); return o; } if (v instanceof Set) return [...v].map(pyToJS); return v; }
function pySetUnion(a, b) { return new Set([...a, ...pyIter(b)]); }
function pySetInter(a, b) { const s = new Set(pyIter(b)); return new Set([...a].filter(x => s.has(x))); }
function pySetDiff(a, b) { const s = new Set(pyIter(b)); return new Set([...a].filter(x => !s.has(x))); }
function pyMapList(f, xs) { return pyList(xs).map(x => f(x)); }
function pyFilter(f, xs) { return pyList(xs).filter(x => f === null ? pyBool(x) : pyBool(f(x))); }
function pyCopy(a) { if (a instanceof Map) { const m = new Map(a); m.factory = a.factory; return m; } if (a instanceof Set) return new Set(a); return a.slice(); }
function pyRemove(a, x) { if (a instanceof Set) { if (!a.has(x)) throw new Error('KeyError'); a.delete(x); return null; } const i = a.findIndex(y => pyEq(x, y)); if (i < 0) throw new Error('ValueError'); a.splice(i, 1); return null; }
function pyUpdate(a, b) { for (const [k, v] of (b instanceof Map ? b : pyList(b))) a.set(k, v); return null; }
function pyDel(a, i) { if (a instanceof Map) { if (!a.has(i)) throw new Error('KeyError'); a.delete(i); } else { if (i < 0) i += a.length; a.splice(i, 1); } }
function pyIsAscii(s) { return /^[\x00-\x7f]*$/.test(s); }
