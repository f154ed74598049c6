/** What a saved reply may be named and how its variables read when a value is missing. */
import { describe, expect, it } from 'vitest';
import { isReplyName, renderReply, shortcutName, unknownVariables } from '../../src/views/reply-template';

const values = { requester: { name: 'Patti Fernandez', email: 'pattif@contoso.com' }, ticket: { id: 12, title: 'Printer jams' }, agent: { name: 'Dana Agent', email: 'dana@contoso.com' } };

describe('saved reply text', () => {
  it('fills every variable', () => {
    expect(renderReply('Hi {{requester.firstName}}, #{{ticket.id}} “{{ ticket.title }}” is fixed. {{agent.name}}', values)).toBe('Hi Patti, #12 “Printer jams” is fixed. Dana Agent');
  });

  it('never leaves {{…}} or a gap for a value nobody knows', () => {
    const none = { requester: {}, ticket: { id: 7 }, agent: { email: 'dana@contoso.com' } };
    expect(renderReply('Hi {{requester.firstName}}, about {{ticket.title}}. {{agent.name}}', none)).toBe('Hi, about #7. dana@contoso.com');
    // A requester with only an address is greeted by its first part.
    expect(renderReply('Hi {{requester.firstName}},', { ...none, requester: { email: 'lynne.robbins@contoso.com' } })).toBe('Hi Lynne,');
    expect(renderReply('Hi {{requester.firstName}}, {{unknown}}!', none)).not.toContain('{{');
  });

  it('takes one word after / as a saved reply, and leaves paths and sentences alone', () => {
    expect(shortcutName('/greeting')).toBe('greeting');
    expect(shortcutName('  /printer-jam ')).toBe('printer-jam');
    expect(shortcutName('/var/log is full')).toBeUndefined();
    expect(shortcutName('/var/log')).toBeUndefined();
    expect(shortcutName('/')).toBeUndefined();
    expect(shortcutName('greeting')).toBeUndefined();
  });

  it('names: one word; variables: only the four', () => {
    expect(isReplyName('printer-jam')).toBe(true);
    expect(isReplyName('two words')).toBe(false);
    expect(isReplyName('')).toBe(false);
    expect(unknownVariables('Hi {{requester.firstName}} {{requester.lastName}}')).toEqual(['requester.lastName']);
  });
});
