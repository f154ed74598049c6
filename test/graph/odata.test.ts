import { describe, expect, it } from 'vitest';
import { f, literal } from '../../src/graph/odata';

describe('OData literals', () => {
  it('quotes strings and doubles embedded quotes', () => {
    expect(literal("O'Brien's laptop")).toBe("'O''Brien''s laptop'");
    expect(literal('')).toBe("''");
    expect(literal("''")).toBe("''''''");
  });

  it('renders numbers bare, booleans as words and dates as quoted UTC seconds', () => {
    expect(literal(42)).toBe('42');
    expect(literal(-1.5)).toBe('-1.5');
    expect(literal(true)).toBe('true');
    expect(literal(false)).toBe('false');
    expect(literal(new Date('2026-03-04T05:06:07.890Z'))).toBe("'2026-03-04T05:06:07Z'");
  });

  it('refuses values OData cannot carry', () => {
    expect(() => literal(Number.NaN)).toThrow(/finite/);
    expect(() => literal(Number.POSITIVE_INFINITY)).toThrow(/finite/);
    expect(() => literal(new Date('nonsense'))).toThrow(/invalid date/);
  });

  it('keeps an injection attempt inside one string literal', () => {
    const hostile = "x' or fields/SD_Status ne 'y";
    const rendered = f.eq('Title', hostile);
    expect(rendered).toBe("fields/Title eq 'x'' or fields/SD_Status ne ''y'");
    // Outside the literal there is exactly one operator: the eq we asked for.
    const outside = rendered.replace(/'(?:[^']|'')*'/g, 'LIT');
    expect(outside).toBe('fields/Title eq LIT');
  });

  it('checks field names and joins parts with parentheses', () => {
    expect(() => f.eq('Title eq 1 or x', 'a')).toThrow(/not a field name/);
    expect(() => f.eq('fields/Title', 'a')).toThrow(/not a field name/);
    expect(f.anyOf('SD_Priority', ['High', 'Urgent'])).toBe("(fields/SD_Priority eq 'High') or (fields/SD_Priority eq 'Urgent')");
    expect(f.and(f.eq('SD_TicketId', 7), f.eq('SD_IsInternal', false))).toBe('(fields/SD_TicketId eq 7) and (fields/SD_IsInternal eq false)');
    expect(f.or(f.eq('SD_Status', 'New'))).toBe("fields/SD_Status eq 'New'");
    expect(() => f.and()).toThrow(/at least one/);
  });
});
