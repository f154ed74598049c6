import { describe, expect, it } from 'vitest';
import { COMMAND_DECLARATIONS, COMMANDS, parseCommand } from '../../src/commands';
import { VERBS } from '../../src/core/verbs';

function input(text: string) {
  const r = parseCommand(text);
  if (!r.ok) throw new Error(`expected "${text}" to parse, got: ${r.error.message}`);
  return r.input;
}

function error(text: string) {
  const r = parseCommand(text);
  if (r.ok) throw new Error(`expected "${text}" to fail, got ${JSON.stringify(r.input)}`);
  return r.error;
}

describe('parseCommand: everyone', () => {
  it('reads help, mine and assets, in any case and with a leading /helpdesk', () => {
    expect(input('help').verb).toBe(VERBS.help);
    expect(input('HELP').verb).toBe(VERBS.help);
    expect(input('/helpdesk mine').verb).toBe(VERBS.mine);
    expect(input('  Assets  ').verb).toBe(VERBS.assets);
    expect(input('').verb).toBe(VERBS.help);
  });

  it('opens the new-ticket form with the title prefilled, spacing inside kept', () => {
    expect(input('new')).toEqual({ verb: VERBS.newForm });
    expect(input('New   Printer on floor 3  is jammed')).toEqual({ verb: VERBS.newForm, values: { title: 'Printer on floor 3  is jammed' } });
  });

  it('takes ticket ids as 12 or #12', () => {
    expect(input('show 12')).toEqual({ verb: VERBS.show, ticketId: 12 });
    expect(input('show #12')).toEqual({ verb: VERBS.show, ticketId: 12 });
    expect(input('#7')).toEqual({ verb: VERBS.show, ticketId: 7 });
  });

  it('keeps the whole comment, line breaks included', () => {
    expect(input('comment #3 it still\nfails after reboot')).toEqual({ verb: VERBS.comment, ticketId: 3, values: { comment: 'it still\nfails after reboot' } });
  });

  it('reads notifications off|on only', () => {
    expect(input('notifications OFF')).toEqual({ verb: VERBS.notifications, values: { state: 'off' } });
    expect(input('notifications on')).toEqual({ verb: VERBS.notifications, values: { state: 'on' } });
    expect(error('notifications maybe')).toEqual({ message: '“maybe” is not on or off.', usage: 'notifications [off|on]' });
  });
});

describe('parseCommand: agents', () => {
  it('reads every queue and defaults to unassigned', () => {
    expect(input('queue').values?.queue).toBe('unassigned');
    for (const q of ['unassigned', 'mine', 'high', 'all']) expect(input(`queue ${q.toUpperCase()}`).values?.queue).toBe(q);
    expect(error('queue closed')).toEqual({ message: '“closed” is not a queue.', usage: 'queue [unassigned|mine|high|all|due]' });
  });

  it('reads claim, assign, status, priority, resolve, note, reply and asset', () => {
    expect(input('claim 12')).toEqual({ verb: VERBS.claim, ticketId: 12 });
    expect(input('assign 12 <at>Sam Agent</at>')).toEqual({ verb: VERBS.assign, ticketId: 12, values: { assignee: '<at>Sam Agent</at>' } });
    expect(input('status 12 in   progress')).toEqual({ verb: VERBS.status, ticketId: 12, values: { status: 'in   progress' } });
    expect(input('priority #4 urgent')).toEqual({ verb: VERBS.priority, ticketId: 4, values: { priority: 'urgent' } });
    expect(input('resolve 12')).toEqual({ verb: VERBS.resolve, ticketId: 12 });
    expect(input('resolve 12 replaced the toner')).toEqual({ verb: VERBS.resolve, ticketId: 12, values: { note: 'replaced the toner' } });
    expect(input('note 12 asked facilities')).toEqual({ verb: VERBS.comment, ticketId: 12, values: { internal: 'true', comment: 'asked facilities' } });
    expect(input('reply 12 on my way')).toEqual({ verb: VERBS.comment, ticketId: 12, values: { internal: 'false', comment: 'on my way' } });
    expect(input('asset LT-0042')).toEqual({ verb: VERBS.asset, values: { tag: 'LT-0042' } });
  });

  it('reads subscription filters', () => {
    expect(input('subscribe').values).toBeUndefined();
    expect(input('subscribe HIGH').values).toEqual({ kind: 'high' });
    expect(input('subscribe space main').values).toEqual({ kind: 'space', value: 'main' });
    expect(input('subscribe category Hardware').values).toEqual({ kind: 'category', value: 'Hardware' });
    expect(input('subscribe status in progress').values).toEqual({ kind: 'status', value: 'in progress' });
    expect(input('unsubscribe')).toEqual({ verb: VERBS.unsubscribe });
    expect(input('unsubscribe high').values).toEqual({ kind: 'high' });
    expect(input('subscriptions').verb).toBe(VERBS.subscriptions);
    expect(error('subscribe weekly').message).toContain('“weekly” is not a filter');
    expect(error('subscribe category').usage).toMatch(/^subscribe \[/);
  });
});

describe('parseCommand: bad input says what was wrong', () => {
  it('names a bad ticket number and shows the usage', () => {
    expect(error('claim abc')).toEqual({ message: '“abc” is not a ticket number.', usage: 'claim <ticket id>' });
    expect(error('show 12a')).toEqual({ message: '“12a” is not a ticket number.', usage: 'show <ticket id>' });
    expect(error('show 0').message).toBe('“0” is not a ticket number.');
  });

  it('asks for a missing id or text instead of dropping the command', () => {
    expect(error('claim')).toMatchObject({ usage: 'claim <ticket id>' });
    expect(error('comment 12')).toEqual({ message: 'Add the comment after the ticket number.', usage: 'comment <ticket id> <text>' });
    expect(error('note 12   ').usage).toBe('note <ticket id> <text>');
    expect(error('assign 12').usage).toBe('assign <ticket id> <email or @mention>');
    expect(error('status 12').usage).toBe('status <ticket id> <status>');
    expect(error('asset').usage).toBe('asset <tag or serial>');
  });

  it('refuses words it would otherwise ignore', () => {
    expect(error('claim 12 now please').message).toContain('“now please”');
    expect(error('mine open').message).toContain('“open”');
    expect(error('subscriptions all').usage).toBe('subscriptions');
  });

  it('answers an unknown command with a hint and the command list', () => {
    const e = error('frobnicate 12');
    expect(e.message).toMatch(/^I don't know “frobnicate”\. Try `help`\./);
    for (const c of COMMANDS) expect(e.message).toContain(c.name);
  });

  it('words an error again for the reader once they are known, without parsing the text again', () => {
    const parsed = parseCommand('claim abc');
    if (parsed.ok) throw new Error('parsed');
    expect(parsed.errorFor({ locale: 'de' })).toEqual({ message: '„abc“ ist keine Ticketnummer.', usage: 'claim <ticket id>' });
    const unknown = parseCommand('frobnicate 12');
    if (unknown.ok) throw new Error('parsed');
    // Known to be a requester: the hint lists only what they can use.
    expect(unknown.errorFor({ isAgent: false }).message).not.toContain('claim');
    expect(unknown.error.message).toContain('claim');
  });
});

describe('COMMANDS', () => {
  it('has a usage and description for every command, agent commands marked', () => {
    const names = COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(COMMANDS.filter((c) => c.agentOnly).map((c) => c.name)).toEqual(
      expect.arrayContaining(['queue', 'claim', 'assign', 'status', 'priority', 'resolve', 'note', 'reply', 'asset', 'subscribe']),
    );
    expect(COMMANDS.find((c) => c.name === 'comment')?.agentOnly).toBe(false);
    for (const c of COMMANDS) expect(c.usage.startsWith(c.name)).toBe(true);
  });

  it('parses every typed example of every command to the verb and values its declaration gives', () => {
    for (const c of COMMAND_DECLARATIONS) {
      const typed = c.examples.filter((e) => e.typed);
      expect(typed.length, `${c.name}: a typed example`).toBeGreaterThan(0);
      for (const e of typed) {
        const parsed = parseCommand(e.typed!.replace('{id}', '1'));
        expect(parsed.ok && parsed.input.verb, e.typed).toBe(e.verb ?? c.verb);
        if (e.values) expect(e.values, e.typed).toMatchObject((parsed.ok && parsed.input.values) || { parsed: false });
      }
    }
  });
});
