/**
 * The answer after a write is built from what the write returned: a Claim clicked on a channel's
 * ticket card updates that card without reading the ticket or its comments from Graph again.
 */
import { describe, expect, it } from 'vitest';
import { interactiveBody, slackFixture } from '../support/slack-request';
import { useSlackDesk } from './helpdesk';
import { PEOPLE } from './harness';

const text = (blocks: any[] = []) => JSON.stringify(blocks);

describe('Slack: the answer after a write', () => {
  const both = useSlackDesk();

  it('a Claim in a channel updates the shared card with no second read of the ticket or its comments', async () => {
    const { desk, scene } = both;
    const ticket = await desk.createTicket({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { title: 'Projector dead', description: 'no picture' });
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.dana.id;
    payload.actions = [{ ...payload.actions[0], action_id: 'ticket.claim', value: JSON.stringify({ ticketId: ticket.id, etag: ticket.etag }) }];
    payload.response_url = scene.fake.responseUrl('claim-click');
    scene.fake.clear();
    desk.stack.emulator.counters.reset();
    expect((await scene.post(interactiveBody(payload))).status).toBe(200);
    const update = await scene.fake.waitFor('chat.update');
    expect(text(update.body.blocks)).toContain('Dana Agent');
    const routes = desk.stack.emulator.counters.all();
    // The bot last saw the version the card shows: the claim is one PATCH, the card one read of the comments.
    expect(routes['PATCH SD_Tickets/items/{id}/fields'], JSON.stringify(routes)).toBe(1);
    expect(routes['GET SD_Tickets/items/{id}'] ?? 0, JSON.stringify(routes)).toBe(0);
    expect(routes['GET SD_Comments/items'] ?? 0, JSON.stringify(routes)).toBe(1);
    expect(desk.ticket(ticket.id)?.assignedTo).toBe(PEOPLE.dana.email);
  });
});
