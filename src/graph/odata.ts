/**
 * The one OData filter builder. Values are rendered as literals here and nowhere else:
 * strings quoted with embedded `'` doubled, numbers bare, booleans as true/false, dates as
 * quoted ISO 8601 UTC. Field names are code constants, checked against a strict pattern.
 */

declare const filterBrand: unique symbol;
/** A rendered filter expression; only this module can make one. */
export type Filter = string & { readonly [filterBrand]: true };

export type Literal = string | number | boolean | Date;
type Op = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Renders one literal; throws on values OData cannot carry (NaN, invalid dates). */
export function literal(value: Literal): string {
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (Number.isNaN(value.getTime())) throw new RangeError('invalid date in filter');
  return `'${value.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;
}

function compare(op: Op, field: string, value: Literal): Filter {
  if (!FIELD.test(field)) throw new RangeError(`not a field name: ${field}`);
  return `fields/${field} ${op} ${literal(value)}` as Filter;
}

function join(word: 'and' | 'or', parts: Filter[]): Filter {
  const real = parts.filter(Boolean);
  if (real.length === 0) throw new RangeError(`${word}() needs at least one filter`);
  if (real.length === 1) return real[0];
  return real.map((p) => `(${p})`).join(` ${word} `) as Filter;
}

/** Filter constructors: `f.and(f.eq('SD_Status', 'New'), f.ge('Modified', since))`. */
export const f = {
  eq: (field: string, value: Literal) => compare('eq', field, value),
  ne: (field: string, value: Literal) => compare('ne', field, value),
  gt: (field: string, value: Literal) => compare('gt', field, value),
  ge: (field: string, value: Literal) => compare('ge', field, value),
  lt: (field: string, value: Literal) => compare('lt', field, value),
  le: (field: string, value: Literal) => compare('le', field, value),
  and: (...parts: Filter[]) => join('and', parts),
  or: (...parts: Filter[]) => join('or', parts),
  /** `field eq v1 or field eq v2 …` — the spec's shape for "open" and "high priority". */
  anyOf: (field: string, values: readonly Literal[]) => join('or', values.map((v) => compare('eq', field, v))),
};
