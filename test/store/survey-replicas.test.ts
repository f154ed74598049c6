/**
 * Two replicas on one PostgreSQL database both see the same resolution (their polls overlap, or
 * one polls while the other's fast lane records it): the requester is owed exactly one survey.
 */
import { surveysOf } from '../support/feature-commands';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ticket } from '../../src/helpdesk/types';
import type { ChangeSet } from '../../src/notify/detect';
import { createSurveyPlanner } from '../../src/features/surveys/survey-planning';
import { rowOf } from '../../src/notify/outbox-service';
import { createPostgresStore, type Store } from '../../src/store';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';

const ticket: Ticket = {
  id: 77, etag: '"g,4"', created: '2026-11-24T08:00:00Z', modified: '2026-11-24T10:00:00Z', title: 'Projector flickers', description: '',
  priority: 'Normal', status: 'Resolved', category: 'Hardware', submittedBy: 'sam@example.com', submittedByName: 'Sam', submittedByEmail: 'sam@example.com', assignedTo: 'dana@example.com',
};
const resolved = (actorEmail?: string): ChangeSet => ({
  key: `ticket:${ticket.id}:${ticket.etag}`, ticket, at: ticket.modified,
  events: [{ kind: 'resolved', key: `ticket:${ticket.id}:${ticket.etag}`, ticket, from: 'Assigned', to: 'Resolved', ...(actorEmail ? { actorEmail } : {}) }],
});

const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

describe.skipIf(!pgAvailable())(`surveys across replicas${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('two replicas planning the same resolution at once owe one survey, once', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([createPostgresStore({ url }), createPostgresStore({ url })]);
    stores.push(a, b);
    const plan = (s: Store) => createSurveyPlanner({ store: s, scale: 'five', locale: 'en' });
    const commit = async (s: Store) => s.planExclusively(async () => {
      const intents = await plan(s)(resolved('dana@example.com'));
      await s.commitCycleWithDeliveries({ watermarks: {}, states: [], processedKeys: [] }, intents.map(rowOf));
      return intents.length;
    });
    await Promise.all([commit(a), commit(b)]);
    const owed = await a.dueDeliveries(Number.MAX_SAFE_INTEGER, 100);
    expect(owed.map((d) => d.key)).toEqual([`csat:77:${Date.parse(ticket.modified)}`]);
    // The send goes out and is finished; a later re-read of the same resolution owes nothing new.
    expect(await b.startDelivery(owed[0].key)).toBe(1);
    await b.finishDelivery(owed[0].key);
    await commit(a);
    expect(await a.pendingDeliveryCount()).toBe(0);
    expect(await surveysOf(b).sentSince('2000-01-01T00:00:00Z')).toMatchObject([{ ticketId: 77, requester: 'sam@example.com', agent: 'dana@example.com' }]);
  });

  it('plans none when the requester resolved it', async () => {
    const s = await createPostgresStore({ url: await freshDatabase() });
    stores.push(s);
    expect(await createSurveyPlanner({ store: s, scale: 'five', locale: 'en' })(resolved('Sam@Example.com'))).toEqual([]);
  });
});
