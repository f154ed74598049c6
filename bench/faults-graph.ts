/**
 * Fault matrix for what people type: Graph fault × platform × {lost, repeated, process died}.
 * A requester types `comment <id> <text>` in a Slack DM and in a Teams personal chat while the
 * embedded site answers with the fault; then the fault is cleared and the ticket's comments are
 * counted. Lost: the text was neither saved nor given back to the person in the bot's answer.
 * Repeated: saved more than once. Died: an unhandled rejection or exception in this process.
 * "once" faults hit one request (the Graph client rides them out); "persistent" ones outlast its
 * retries, so the person must get their text back. Inbound duplicates (a Slack retry with the same
 * event_id, a Teams redelivery with the same activity id) are rows of their own.
 * Run: npx tsx bench/faults-graph.ts [--smoke]   (--smoke: one fault and the two duplicate rows)
 */
import { slackFixture, eventBody } from '../test/support/slack-request';
import { AGENTS, startSlackScene, PEOPLE, type SlackScene } from '../test/slack/harness';
import { startHelpdeskStack, type HelpdeskStack } from '../test/support/helpdesk-stack';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../test/teams/harness';
import type { Emulator } from '../src/emulator';
import type { Actor, HelpdeskService } from '../src/helpdesk/types';
import { SMOKE } from './support/smoke';

let died = 0;
process.on('unhandledRejection', () => void (died += 1));
process.on('uncaughtException', () => void (died += 1));

type Inject = (emu: Emulator) => void;
interface Fault { name: string; inject: Inject }

const FAULTS: Fault[] = [
  { name: '429 Retry-After 1 s, once', inject: (e) => e.faults.inject(429, 1, { retryAfterSeconds: 1 }) },
  { name: '429 Retry-After 30 s, persistent', inject: (e) => e.faults.inject(429, 20, { retryAfterSeconds: 30 }) },
  { name: '500, once', inject: (e) => e.faults.inject(500, 1) },
  { name: '500, persistent', inject: (e) => e.faults.inject(500, 20) },
  { name: '503, persistent', inject: (e) => e.faults.inject(503, 20) },
  { name: 'connection reset, once', inject: (e) => e.faults.dropConnections(1) },
  { name: 'connection reset, persistent', inject: (e) => e.faults.dropConnections(20) },
  { name: 'Graph hangs 30 s, once', inject: (e) => e.faults.hang(30_000, 1) },
  { name: 'token endpoint 503, persistent', inject: (e) => (e.expireTokens(), e.faults.injectToken(503, 20)) },
];

interface Row { fault: string; platform: 'slack' | 'teams'; lost: number; repeated: number; died: number; answer: string }

async function countSaved(helpdesk: HelpdeskService, agent: Actor, ticketId: number, text: string): Promise<number> {
  const comments = await helpdesk.listComments(agent, ticketId);
  return comments.filter((c) => c.body.includes(text)).length;
}

const short = (s: string) => s.replace(/\s+/g, ' ').slice(0, 70);

/** One Slack DM per fault; `events` repeats the same envelope (a Slack retry) when > 1. */
async function slackRow(scene: SlackScene, desk: HelpdeskStack, emu: Emulator, ticketId: number, fault: Fault | undefined, label: string, events = 1): Promise<Row> {
  const text = `slack ${label} ${Math.random().toString(36).slice(2, 8)}`;
  const before = scene.fake.callsTo('chat.postMessage').length;
  const diedBefore = died;
  fault?.inject(emu);
  const envelope = slackFixture<Record<string, any>>('event-message-im');
  envelope.event_id = `Ev${Math.random().toString(36).slice(2, 10)}`;
  envelope.event.text = `comment ${ticketId} ${text}`;
  envelope.event.client_msg_id = envelope.event_id;
  for (let i = 0; i < events; i++) {
    await scene.post(eventBody(envelope), i ? { headers: { 'x-slack-retry-num': String(i), 'x-slack-retry-reason': 'http_timeout' } } : {});
  }
  const isNew = (c: unknown) => scene.fake.callsTo('chat.postMessage').indexOf(c as never) >= before;
  const reply = await scene.fake.waitFor('chat.postMessage', (c) => isNew(c) && c.body.channel === envelope.event.channel, 90_000).catch(() => undefined);
  emu.faults.clear();
  const answer = reply ? JSON.stringify(reply.body.blocks ?? reply.body.text ?? '') : '(no answer)';
  const saved = await countSaved(desk.helpdesk, { email: PEOPLE.dana.email, name: PEOPLE.dana.name }, ticketId, text);
  return { fault: fault?.name ?? label, platform: 'slack', lost: saved === 0 && !answer.includes(text) ? 1 : 0, repeated: Math.max(0, saved - 1), died: died - diedBefore, answer: short(answer) };
}

/** One Teams personal message per fault; `deliveries` re-posts the same activity (a redelivery). */
async function teamsRow(h: TeamsHarness, ticketId: number, fault: Fault | undefined, label: string, deliveries = 1): Promise<Row> {
  const text = `teams ${label} ${Math.random().toString(36).slice(2, 8)}`;
  const diedBefore = died;
  fault?.inject(h.stack.emulator);
  const activity = h.fixture('message-personal', 'lynne');
  activity.text = `comment ${ticketId} ${text}`;
  const before = h.connector.activities.length;
  for (let i = 0; i < deliveries; i++) await h.post(activity);
  h.stack.emulator.faults.clear();
  const replies = h.connector.activities.slice(before).map((a) => `${a.activity.text ?? ''} ${cardText(cardOf(a))}`).join(' ');
  const agent = (await h.stack.helpdesk.activeAgents())[0];
  const saved = await countSaved(h.stack.helpdesk, { email: agent.email, name: agent.name }, ticketId, text);
  return { fault: fault?.name ?? label, platform: 'teams', lost: saved === 0 && !replies.includes(text) ? 1 : 0, repeated: Math.max(0, saved - 1), died: died - diedBefore, answer: short(replies || '(no answer)') };
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const desk = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  for (const a of AGENTS) desk.emulator.data.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: true });
  const slack = await startSlackScene(desk.helpdesk);
  const emu = desk.emulator;
  const teams = await startTeamsHarness();
  try {
    const sam = { email: PEOPLE.sam.email, name: PEOPLE.sam.name };
    const slackTicket = (await desk.helpdesk.createTicket(sam, { title: 'Fault matrix (Slack)', description: '', priority: 'Normal', category: 'Other' })).id;
    const lynne = { email: teams.emails.lynne!, name: 'Lynne Robbins' };
    const teamsTicket = (await teams.stack.helpdesk.createTicket(lynne, { title: 'Fault matrix (Teams)', description: '', priority: 'Normal', category: 'Other' })).id;
    for (const fault of SMOKE ? FAULTS.filter((f) => f.name === '500, once') : FAULTS) {
      const [s, t] = await Promise.all([
        slackRow(slack, desk, emu, slackTicket, fault, fault.name),
        teamsRow(teams, teamsTicket, fault, fault.name),
      ]);
      rows.push(s);
      rows.push(t);
      process.stderr.write('.');
    }
    rows.push(await slackRow(slack, desk, emu, slackTicket, undefined, 'Slack retry (same event_id, x-slack-retry-num 1)', 2));
    rows.push(await teamsRow(teams, teamsTicket, undefined, 'Teams redelivery (same activity id)', 2));
  } finally {
    await teams.close();
    await slack.close();
    await desk.close();
  }
  process.stderr.write('\n');
  console.log('| Fault | Platform | Lost | Repeated | Process died | What the person saw |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.fault} | ${r.platform} | ${r.lost} | ${r.repeated} | ${r.died} | ${r.answer.replace(/\|/g, '\\|')} |`);
  const bad = rows.filter((r) => r.lost || r.repeated || r.died).length;
  console.log(`\n${rows.length} rows, ${bad} with something lost, repeated or a process death`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
