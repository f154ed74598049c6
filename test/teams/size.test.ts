/**
 * Messages fit (issue 10.5): every Teams bot message stays within 40 KB counted as Teams counts it
 * (the serialized activity in UTF-16); long texts are shortened with "…" and a count, the full
 * text is one button away, and a 413 MessageSizeTooBig is answered with the shortened form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAMS_MESSAGE_LIMIT } from '../../src/channels/teams/fit';
import type { RecordedActivity } from '../support/fake-connector';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from './harness';

let h: TeamsHarness;
let ticketId: number;
// Characters outside the BMP count twice in UTF-16, and quotes and backslashes grow when serialized.
const DESCRIPTION = 'The dock "resets" \\ every 𝄞 minute. '.repeat(560).slice(0, 20_000);
const LONG_COMMENT = 'Tried again with another cable; <same> result & more. '.repeat(100).slice(0, 5_000);

const utf16 = (activity: unknown) => JSON.stringify(activity).length * 2;

beforeAll(async () => {
  h = await startTeamsHarness();
  const email = h.emails.lynne!;
  const data = h.stack.emulator.data;
  const item = data.insert('SD_Tickets', {
    Title: 'Dock keeps resetting', SD_Description: DESCRIPTION, SD_Priority: 'Normal', SD_Status: 'New', SD_Category: 'Hardware',
    SD_SubmittedBy: email, SD_SubmittedByName: 'Lynne Robbins', SD_SubmittedByEmail: email, SD_AssignedTo: '',
  });
  ticketId = Number(item.id);
  for (let i = 0; i < 40; i++) {
    data.insert('SD_Comments', {
      Title: `Comment on #${ticketId}`, SD_TicketId: ticketId, SD_Body: `${i}: ${LONG_COMMENT}`,
      SD_AuthorEmail: email, SD_AuthorName: 'Lynne Robbins', SD_IsInternal: false,
    });
  }
}, 60_000);
afterAll(() => h?.close());

describe('Teams message size', () => {
  it('a ticket with a 20,000-character description and 40 comments of 5,000 characters fits in 40 KB', async () => {
    const [reply] = await h.say(`show ${ticketId}`, 'lynne');
    const size = utf16(reply.activity);
    console.log(`ticket card: ${size} bytes (UTF-16, serialized activity); limit ${TEAMS_MESSAGE_LIMIT}`);
    expect(size).toBeLessThanOrEqual(TEAMS_MESSAGE_LIMIT);
    const text = cardText(cardOf(reply));
    expect(text).toMatch(/… \\?\([\d,]+ more characters: press “Full text”\\?\)/);
    expect(text).toContain('Full text');
  });

  it('the card answer to a click fits too', async () => {
    const res = await h.execute('ticket.refresh', { ticketId }, 'lynne');
    expect(res.body.type).toBe('application/vnd.microsoft.card.adaptive');
    expect(utf16(res.body)).toBeLessThanOrEqual(TEAMS_MESSAGE_LIMIT);
  });

  it('"Full text" sends the whole description as plain messages that each fit', async () => {
    const before = h.connector.activities.length;
    const res = await h.execute('ticket.show', { ticketId, full: 'true' }, 'lynne');
    expect(res.body.type).toBe('application/vnd.microsoft.activity.message');
    const sent: RecordedActivity[] = h.connector.activities.slice(before);
    for (const s of sent) expect(utf16(s.activity)).toBeLessThanOrEqual(TEAMS_MESSAGE_LIMIT);
    const all = sent.map((s) => s.activity.text).join('');
    expect(all).toContain(DESCRIPTION);
  });

  it('a 413 MessageSizeTooBig from the connector is answered by sending the shorter form', async () => {
    let refused = 0;
    h.connector.fault = (call) => (call.method === 'POST' && refused++ === 0 ? { kind: 'http', status: 413 } : undefined);
    try {
      const replies = await h.say(`show ${ticketId}`, 'lynne');
      expect(refused).toBeGreaterThanOrEqual(2);
      expect(replies).toHaveLength(1);
      expect(utf16(replies[0].activity)).toBeLessThanOrEqual(TEAMS_MESSAGE_LIMIT / 2);
      expect(cardText(cardOf(replies[0]))).toContain('Dock keeps resetting');
    } finally {
      h.connector.fault = undefined;
    }
  });
});
