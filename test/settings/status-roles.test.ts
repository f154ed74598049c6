/**
 * Status roles are configured, not guessed from English words: a desk whose statuses are German,
 * or spelled "Closed - fixed", gets the roles its settings give; two roles for one status stop
 * start-up naming both settings; a name the desk lacks is reported and ignored.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { assignedStatus, isDone, newStatus, reopenStatus, resolvedStatus, roleOf, workingStatus } from '../../src/core/vocabulary';
import { createLogger } from '../../src/log';
import { reportStatusRoles } from '../../src/settings/roles';
import { statusRoleLines } from '../../src/setup-check/status-roles-check';
import type { Ticket } from '../../src/helpdesk/types';
import { VERBS } from '../../src/core/verbs';
import { ticketSummary, ticketView } from '../../src/views/ticket-view';

const GERMAN = {
  HELPDESK_STATUSES: 'Neu,Zugewiesen,In Bearbeitung,Wartet auf Rückmeldung,Erledigt,Geschlossen',
  HELPDESK_OPEN_STATUSES: 'Neu,Zugewiesen,In Bearbeitung',
  HELPDESK_STATUS_NEW: 'Neu',
  HELPDESK_STATUS_WORKING: 'Zugewiesen,In Bearbeitung',
  HELPDESK_STATUS_WAITING: 'Wartet auf Rückmeldung',
  HELPDESK_STATUS_DONE: 'Erledigt,Geschlossen',
};

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  return expect.unreachable('loadConfig accepted it') as never;
}

describe('status roles from settings', () => {
  it('the defaults give the default statuses today’s roles, Waiting its own', () => {
    const v = loadConfig({}).helpdesk;
    expect(v.statuses.map((s) => roleOf(v, s))).toEqual(['new', 'working', 'working', 'waiting', 'done', 'done']);
    expect([newStatus(v), assignedStatus(v), workingStatus(v), resolvedStatus(v)]).toEqual(['New', 'Assigned', 'In Progress', 'Resolved']);
  });

  it('a German desk gets its roles, and the statuses the bot writes are its own', () => {
    const v = loadConfig(GERMAN).helpdesk;
    expect(v.statuses.map((s) => roleOf(v, s))).toEqual(['new', 'working', 'working', 'waiting', 'done', 'done']);
    expect(isDone(v, 'geschlossen')).toBe(true);
    expect(newStatus(v)).toBe('Neu');
    expect(resolvedStatus(v)).toBe('Erledigt');
    expect(reopenStatus(v, true)).toBe('Zugewiesen');
    expect(reopenStatus(v, false)).toBe('Neu');
    expect(statusRoleLines(v)).toEqual([
      '✔ status roles: new: Neu; working: Zugewiesen, In Bearbeitung; waiting: Wartet auf Rückmeldung; done: Erledigt, Geschlossen',
    ]);
  });

  it('"Closed - fixed" is done when HELPDESK_STATUS_DONE says so', () => {
    const v = loadConfig({
      HELPDESK_STATUSES: 'New,In Progress,On Hold,Closed - fixed,Closed - won’t fix',
      HELPDESK_OPEN_STATUSES: 'New,In Progress',
      HELPDESK_STATUS_WORKING: 'In Progress',
      HELPDESK_STATUS_WAITING: 'On Hold',
      HELPDESK_STATUS_DONE: 'Closed - fixed,Closed - won’t fix',
    }).helpdesk;
    expect(v.statuses.map((s) => roleOf(v, s))).toEqual(['new', 'working', 'waiting', 'done', 'done']);
    expect(resolvedStatus(v)).toBe('Closed - fixed');
  });

  it('a status moved to another role takes one setting: the unset role gives it up', () => {
    const v = loadConfig({ HELPDESK_STATUS_WORKING: 'Assigned,In Progress,Waiting' }).helpdesk;
    expect(roleOf(v, 'Waiting')).toBe('working');
    expect(v.statusRoles.waiting).toEqual([]);
  });

  it('a status named under two roles stops start-up, naming both settings', () => {
    const err = configError({ HELPDESK_STATUS_WAITING: 'Waiting,Closed', HELPDESK_STATUS_DONE: 'Resolved,Closed' });
    expect(err.variable).toBe('HELPDESK_STATUS_DONE');
    expect(err.message).toContain('HELPDESK_STATUS_WAITING');
    expect(err.message).toContain('"Closed"');
  });

  it('an open status cannot be a done one, whatever it is called', () => {
    const err = configError({ ...GERMAN, HELPDESK_OPEN_STATUSES: 'Neu,Erledigt' });
    expect(err.variable).toBe('HELPDESK_OPEN_STATUSES');
  });

  it('a role naming a status the desk lacks is logged once and shown by the doctor, then ignored', () => {
    const v = loadConfig({ HELPDESK_STATUS_DONE: 'Resolved,Closed,Erledigt' }).helpdesk;
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ level: 'debug', write: (l) => lines.push(JSON.parse(l)) });
    expect(reportStatusRoles(v, logger)).toBe(1);
    expect(lines).toEqual([expect.objectContaining({ level: 40, setting: 'HELPDESK_STATUS_DONE', role: 'done', status: 'Erledigt' })]);
    expect(roleOf(v, 'Erledigt')).toBeUndefined();
    expect(resolvedStatus(v)).toBe('Resolved');
    expect(statusRoleLines(v)).toContain('ℹ status roles: HELPDESK_STATUS_DONE names "Erledigt", which is not one of the statuses (HELPDESK_STATUSES); it is ignored');
  });

  it('the lookup follows the status list it is given, not the one at start-up', () => {
    const v = loadConfig({ HELPDESK_STATUS_WAITING: 'Waiting,On Hold' }).helpdesk;
    expect(roleOf(v, 'On Hold')).toBeUndefined();
    const later = { ...v, statuses: [...v.statuses, 'On Hold'] };
    expect(roleOf(later, 'On Hold')).toBe('waiting');
  });

  it('German statuses without role settings: the doctor says which statuses have no role', () => {
    const { HELPDESK_STATUSES, HELPDESK_OPEN_STATUSES } = GERMAN;
    const v = loadConfig({ HELPDESK_STATUSES, HELPDESK_OPEN_STATUSES }).helpdesk;
    expect(v.statuses.map((s) => roleOf(v, s))).toEqual(v.statuses.map(() => undefined));
    expect(statusRoleLines(v).at(-1)).toMatch(/^ℹ status roles: "Neu", .* have no role/);
  });

  it('on a German desk a finished ticket offers Reopen, not Resolve, and no Claim in lists', () => {
    const v = loadConfig(GERMAN).helpdesk;
    const ticket = {
      id: 7, etag: '"7,1"', created: '2026-11-22T14:05:09Z', modified: '2026-11-22T15:30:00Z', title: 'Drucker', description: '',
      priority: 'Normal', status: 'Geschlossen', category: 'Hardware', submittedBy: 'Ria', submittedByName: 'Ria', submittedByEmail: 'ria@contoso.test', assignedTo: '',
    } satisfies Ticket;
    const agent = { email: 'dana@contoso.test', isAgent: true };
    const card = ticketView(ticket, [], agent, v);
    expect(card.statusRole).toBe('done');
    expect(card.actions.find((a) => a.verb === VERBS.status)?.data).toEqual({ status: 'Neu' });
    expect(card.actions.map((a) => a.verb)).not.toContain(VERBS.resolveForm);
    expect(ticketSummary(ticket, agent, undefined, v).actions.map((a) => a.verb)).toEqual([VERBS.show]);
    expect(ticketSummary({ ...ticket, status: 'Neu' }, agent, undefined, v).actions.map((a) => a.verb)).toEqual([VERBS.show, VERBS.claim]);
  });
});
