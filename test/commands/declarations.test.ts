/**
 * The declarations are the one list of what commands there are: every form is opened by exactly
 * one of them, each ticket form with a template that exists (a form of fields has none), and the
 * tables channels read are built from them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMAND_DECLARATIONS, createRegistry, FORM_OPEN_VERB, FORM_TEMPLATES } from '../../src/commands';
import { FORM_FIELDS } from '../../src/views/forms';

const CARDS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../cards');

describe('command declarations', () => {
  it('open every form from exactly one command, by a verb that command handles; each ticket form with a card template that exists', () => {
    for (const kind of Object.keys(FORM_OPEN_VERB)) {
      const openers = COMMAND_DECLARATIONS.filter((c) => c.form?.name === kind);
      expect(openers.map((c) => c.name), kind).toHaveLength(1);
      const [c] = openers;
      expect(Object.keys(c.handles), kind).toContain(c.form!.opens);
      if (c.form!.template) expect(existsSync(path.join(CARDS, `${c.form!.template}.json`)), c.form!.template).toBe(true);
    }
    expect(Object.keys(FORM_OPEN_VERB)).toEqual(expect.arrayContaining(Object.keys(FORM_FIELDS)));
    // Only the ticket core's forms have templates; a feature's form is made of fields, which each channel lays out.
    expect(Object.keys(FORM_TEMPLATES).sort()).toEqual(Object.keys(FORM_FIELDS).sort());
  });

  it('refuse two commands handling one verb', () => {
    const [show] = COMMAND_DECLARATIONS.filter((c) => c.name === 'show');
    expect(() => createRegistry([...COMMAND_DECLARATIONS, { ...show, name: 'look' }])).toThrow(/ticket\.show/);
  });
});
