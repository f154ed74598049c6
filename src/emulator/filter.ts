/**
 * The OData `$filter` subset SharePoint list items accept through Graph: eq ne gt ge lt le,
 * and/or/not, parentheses, startswith(), `fields/X` operands and string/number/boolean/null
 * literals. Compiled once into a predicate so 100k-row scans stay cheap.
 */
import type { StoredItem } from './lists';

/** Thrown for a malformed filter; the message says what and where. */
export class FilterSyntaxError extends Error {}

/** Reads a field the way a filter or $orderby sees it (Created/Modified/id included). */
export function fieldValue(item: StoredItem, name: string): unknown {
  if (name === 'Created') return item.created;
  if (name === 'Modified') return item.modified;
  if (name === 'id' || name === 'ID') return item.id;
  return item.fields[name];
}

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Comparable form of a value: null first, then booleans, numbers, dates, text (case-insensitive like SharePoint). */
export type Key = readonly [number, number | string];
export function keyOf(v: unknown): Key {
  if (v === undefined || v === null || v === '') return [0, 0];
  if (typeof v === 'boolean') return [1, v ? 1 : 0];
  if (typeof v === 'number') return [2, v];
  if (typeof v === 'string' && DATE.test(v)) {
    const ms = Date.parse(v);
    if (!Number.isNaN(ms)) return [3, ms];
  }
  return [4, String(v).toLowerCase()];
}

/** -1/0/1 for keys of the same kind, undefined when the kinds differ (a number is never a date). */
export function compareKeys(a: Key, b: Key): number | undefined {
  if (a[0] !== b[0]) return undefined;
  return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

type Tok = { kind: 'lp' | 'rp' | 'comma' | 'str' | 'num' | 'word'; text: string; value?: unknown; pos: number };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) { i++; continue; }
    if (c === '(') { out.push({ kind: 'lp', text: c, pos: i++ }); continue; }
    if (c === ')') { out.push({ kind: 'rp', text: c, pos: i++ }); continue; }
    if (c === ',') { out.push({ kind: 'comma', text: c, pos: i++ }); continue; }
    if (c === "'") {
      const start = i++;
      let s = '';
      for (;;) {
        if (i >= src.length) throw new FilterSyntaxError(`unterminated string starting at position ${start}`);
        if (src[i] === "'") {
          if (src[i + 1] === "'") { s += "'"; i += 2; continue; }
          i++;
          break;
        }
        s += src[i++];
      }
      out.push({ kind: 'str', text: src.slice(start, i), value: s, pos: start });
      continue;
    }
    const rest = src.slice(i);
    const date = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})?/.exec(rest);
    if (date) { out.push({ kind: 'str', text: date[0], value: date[0], pos: i }); i += date[0].length; continue; }
    const num = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(rest);
    if (num) { out.push({ kind: 'num', text: num[0], value: Number(num[0]), pos: i }); i += num[0].length; continue; }
    const word = /^[A-Za-z_][A-Za-z0-9_]*(\/[A-Za-z_][A-Za-z0-9_]*)*/.exec(rest);
    if (word) { out.push({ kind: 'word', text: word[0], pos: i }); i += word[0].length; continue; }
    throw new FilterSyntaxError(`unexpected character '${c}' at position ${i}`);
  }
  return out;
}

/** A compiled filter. */
export type Predicate = (item: StoredItem) => boolean;
/** Reads a value for a row; `constant` is set for literals so their key is computed once. */
type Operand = ((item: StoredItem) => unknown) & { constant?: { value: unknown } };
const lit = (value: unknown): Operand => Object.assign(() => value, { constant: { value } });
const OPS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);

/** Parses and compiles `$filter`; throws FilterSyntaxError naming the position on bad input. */
export function compileFilter(src: string): Predicate {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const where = () => (peek() ? `at position ${peek().pos} ('${peek().text}')` : 'at the end of the filter');
  const isWord = (w: string) => peek()?.kind === 'word' && peek().text.toLowerCase() === w;

  function orExpr(): Predicate {
    let left = andExpr();
    while (isWord('or')) {
      p++;
      const a = left, b = andExpr();
      left = (it) => a(it) || b(it);
    }
    return left;
  }
  function andExpr(): Predicate {
    let left = unary();
    while (isWord('and')) {
      p++;
      const a = left, b = unary();
      left = (it) => a(it) && b(it);
    }
    return left;
  }
  function unary(): Predicate {
    if (isWord('not')) {
      p++;
      const inner = unary();
      return (it) => !inner(it);
    }
    if (peek()?.kind === 'lp') {
      p++;
      const inner = orExpr();
      if (peek()?.kind !== 'rp') throw new FilterSyntaxError(`expected ')' ${where()}`);
      p++;
      return inner;
    }
    if (isWord('startswith')) return startsWith();
    return comparison();
  }
  function startsWith(): Predicate {
    p++;
    if (peek()?.kind !== 'lp') throw new FilterSyntaxError(`expected '(' after startswith ${where()}`);
    p++;
    const a = operand();
    if (peek()?.kind !== 'comma') throw new FilterSyntaxError(`expected ',' in startswith ${where()}`);
    p++;
    const b = operand();
    if (peek()?.kind !== 'rp') throw new FilterSyntaxError(`expected ')' ${where()}`);
    p++;
    return (it) => {
      const x = a(it), y = b(it);
      return typeof x === 'string' && typeof y === 'string' && x.toLowerCase().startsWith(y.toLowerCase());
    };
  }
  function operand(): Operand {
    const t = peek();
    if (!t) throw new FilterSyntaxError('expected a field or a value at the end of the filter');
    if (t.kind === 'str' || t.kind === 'num') { p++; return lit(t.value); }
    if (t.kind === 'word') {
      const w = t.text.toLowerCase();
      if (w === 'true' || w === 'false') { p++; return lit(w === 'true'); }
      if (w === 'null') { p++; return lit(null); }
      if (t.text.startsWith('fields/') && t.text.split('/').length === 2) {
        p++;
        const name = t.text.slice(7);
        return (it) => fieldValue(it, name);
      }
      throw new FilterSyntaxError(`'${t.text}' at position ${t.pos} is not a field; write fields/<FieldName>`);
    }
    throw new FilterSyntaxError(`expected a field or a value ${where()}`);
  }
  function comparison(): Predicate {
    const left = operand();
    const opTok = peek();
    if (!opTok || opTok.kind !== 'word' || !OPS.has(opTok.text.toLowerCase())) {
      throw new FilterSyntaxError(`expected a comparison operator (eq, ne, gt, ge, lt, le) ${where()}`);
    }
    p++;
    const right = operand();
    return compare(opTok.text.toLowerCase(), left, right);
  }

  const pred = orExpr();
  if (p < toks.length) throw new FilterSyntaxError(`unexpected '${peek().text}' at position ${peek().pos}; expected and/or`);
  return pred;
}

function compare(op: string, left: Operand, right: Operand): Predicate {
  const lk = left.constant && keyOf(left.constant.value);
  const rk = right.constant && keyOf(right.constant.value);
  return (it) => {
    const c = compareKeys(lk ?? keyOf(left(it)), rk ?? keyOf(right(it)));
    switch (op) {
      case 'eq': return c === 0;
      case 'ne': return c !== 0;
      case 'gt': return c !== undefined && c > 0;
      case 'ge': return c !== undefined && c >= 0;
      case 'lt': return c !== undefined && c < 0;
      default: return c !== undefined && c <= 0;
    }
  };
}
