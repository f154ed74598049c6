/**
 * The matrix covers what the registry declares: every verb a card or typed command can reach has a
 * row, and every typed command (and alias) is typed by some row. A new command without a row fails here.
 */
import { describe, expect, it } from 'vitest';
import { COMMAND_DECLARATIONS, HANDLERS, parseCommand } from '../../src/commands';
import { GENERAL_ROWS, TICKET_ROWS } from './table';

const rows = [...TICKET_ROWS, ...GENERAL_ROWS];

describe('authorization matrix coverage', () => {
  it('has a card row for every verb the registry handles', () => {
    // Every row also runs as a card click (its verb and values), so every row's verb is covered from cards.
    const covered = new Set<string>(rows.map((r) => r.verb));
    expect(Object.keys(HANDLERS).filter((verb) => !covered.has(verb))).toEqual([]);
  });

  it('types every declared command and alias in some row, and each typed row parses to its verb', () => {
    const typedWords = new Set(rows.flatMap((r) => (r.typed ? [r.typed.split(/\s+/)[0].toLowerCase()] : [])));
    const words = COMMAND_DECLARATIONS.flatMap((c) => [c.name, ...(c.aliases ?? [])]);
    expect(words.filter((w) => !typedWords.has(w))).toEqual([]);
    for (const r of rows) {
      if (!r.typed) continue;
      const parsed = parseCommand(r.typed.replace('{id}', '12'));
      expect(parsed.ok && parsed.input.verb, r.typed).toBe(r.verb);
    }
  });

  it('sends, from cards, the values the parser writes for the typed form (cards may add the comment kind)', () => {
    for (const r of rows) {
      if (!r.typed || !r.values) continue;
      const parsed = parseCommand(r.typed.replace('{id}', '12'));
      expect(r.values, r.typed).toMatchObject((parsed.ok && parsed.input.values) || { parsed: false });
    }
  });
});
