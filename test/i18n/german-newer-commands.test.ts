/**
 * The newer commands (`sla`, `csat`, `replies`, `digest`, `notifications`) answered for a German
 * reader, on the real stores and the embedded site, rendered as Teams cards and Slack messages: no
 * English catalog text, no English value or clock name ("Priorität High"), no English date. The
 * reader chose German in an English client (the Playground's case), so a platform date token, which
 * the client shows in its own language, is no answer either: the date is written in German.
 */
import { FEATURES, featureMigrations } from '../../src/features';
import { slaTableIn } from '../../src/features/sla/sla-table';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCard } from '../../src/channels/teams/cards';
import { handleText } from '../../src/commands';
import type { CommandContext, Reply } from '../../src/commands/types';
import type { CommandRegistry } from '../../src/commands/registry';
import { openPolicySource } from '../../src/features/sla/policy-source';
import { boundFeatures, featureCommands, savedRepliesIn, surveysOf } from '../support/feature-commands';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Notifications } from '../../src/notify';
import { createSqliteStore, type Store } from '../../src/store';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';
import { english, englishDates, englishWords, slackSurfaces, slackTexts, teamsTexts } from './german-texts';

const dana = { email: 'dana@example.com', name: 'Dana Agent' };
const lynne = { email: 'lynne@example.com', name: 'Lynne Robbins' };
const logger = createLogger({ level: 'error', write: () => undefined });
const MIN = 60_000;
const NOW = Date.parse('2026-11-27T19:36:00Z');

let stack: HelpdeskStack;
let store: Store;
let dir: string;
let notifications: Notifications;
let ticketId: number;

/** The desk's policy: working hours Monday to Friday in Berlin, High tickets answered within 30 minutes and resolved within 4 working hours. */
const POLICY = {
  timeZone: 'Europe/Berlin',
  hours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [['08:00', '17:00']]])),
  targets: { High: { firstResponse: '30m', resolution: '4h' } },
  warnAt: [0.75],
};
/** Filed on Friday 27 November at 16:00 in Berlin; asked about on Monday at 09:00: the first response breached, the resolution still running across the weekend. */
const FILED = Date.parse('2026-11-27T15:00:00Z');
const ASKED = Date.parse('2026-11-30T08:00:00Z');
let commands: CommandRegistry;

beforeAll(async () => {
  stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  stack.emulator.data.insert('SD_Agents', { Title: dana.name, SD_Email: dana.email, SD_IsActive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'german-newer-'));
  store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  const feed = createChangeFeed(stack.graph, stack.settings);
  notifications = createNotifications({ store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 15, features: await boundFeatures(store, { helpdesk: stack.helpdesk, feed, settings: { csat: { enabled: true, scale: 'five' } } }) });
  const t = await stack.helpdesk.createTicket(lynne, { title: 'Drucker klemmt', priority: 'High' });
  ticketId = t.id;
  writeFileSync(path.join(dir, 'sla.json'), JSON.stringify(POLICY));
  const slaPolicy = await openPolicySource(path.join(dir, 'sla.json'), { logger, priorities: stack.helpdesk.vocabulary.priorities });
  await slaTableIn(store).putSlaRecords([{ id: t.id, policy: 'p', announced: [], history: { created: FILED, observations: [{ at: FILED, status: 'New', priority: 'High' }] }, dueAt: FILED + 30 * MIN, nextAt: FILED + 30 * MIN, clocks: [] }]);
  commands = await featureCommands(store, { graph: stack.graph, slaPolicy, vocabulary: stack.helpdesk.vocabulary, timeZone: 'Europe/Berlin', now: () => new Date(ASKED) });
  const survey = { id: `${t.id}:1`, ticketId: t.id, requester: lynne.email, agent: dana.email, scale: 'five' as const, sentAt: new Date(Date.now() - 86_400_000).toISOString() };
  await surveysOf(store).open(survey);
  await surveysOf(store).answer(survey.id, 4, 'Schnell erledigt', new Date().toISOString());
  await (await savedRepliesIn(store)).add({ name: 'printer-jam', body: 'Hallo {{requester}}, bitte das Fach leeren.', updatedBy: dana.email, updatedAt: new Date(NOW).toISOString() });
}, 30_000);
afterAll(async () => {
  await store?.close();
  await stack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Dana, German by choice in an English Teams or Slack client. */
function german(kind: 'channel' | 'personal'): CommandContext {
  return {
    actor: dana,
    helpdesk: notifications.helpdesk,
    conversation: { platform: 'teams', id: kind === 'channel' ? '19:helpdesk@thread.tacv2' : 'a:dana', kind },
    channel: {},
    notifications: notifications.ports,
    commands,
    locale: 'de',
    clientLocale: 'en-US',
    logger,
  };
}

/** Every problem a German reader would see in an answer, on each surface of both platforms. */
function problems(reply: Reply): string[] {
  const surfaces: [string, string[]][] = [['Teams', teamsTexts(renderCard(reply.view, { refreshUserIds: ['29:a'] }))], ...slackSurfaces('answer', reply.view).map(([s, body]): [string, string[]] => [s, slackTexts(body)])];
  return surfaces.flatMap(([surface, texts]) => [
    ...english(texts).map((e) => `${surface}: English text “${e}”`),
    ...englishWords(texts).map((e) => `${surface}: English word ${e}`),
    ...englishDates(texts).map((e) => `${surface}: English date in “${e}”`),
    // The client is English: its own date would read "Fri, Nov 27, 2026 8:36 PM".
    ...texts.filter((t) => t.includes('⟨date⟩')).map((e) => `${surface}: a date the English client writes, in “${e}”`),
  ]);
}

const COMMANDS: [string, 'channel' | 'personal'][] = [
  ['sla {id}', 'personal'],
  ['csat 30', 'personal'],
  ['replies', 'personal'],
  ['digest daily 08:00 Europe/Berlin', 'channel'],
  ['subscriptions', 'channel'],
  ['notifications', 'personal'],
  ['notifications off', 'personal'],
];

describe('the newer commands answer a German reader in German, dates included', () => {
  for (const [typed, kind] of COMMANDS) {
    it(typed, async () => {
      const reply = await handleText(german(kind), typed.replace('{id}', String(ticketId)));
      expect(reply.view.type, JSON.stringify(reply.view)).not.toBe('error');
      expect(problems(reply)).toEqual([]);
    });
  }

  it('`sla` names the priority and the clocks as the ticket card does, with the date in German', async () => {
    const reply = await handleText(german('personal'), `sla ${ticketId}`);
    const text = slackTexts(slackSurfaces('sla', reply.view)[0][1]).join('\n');
    expect(text).toContain('Priorität Hoch');
    expect(text).toContain('Erste Antwort');
    expect(text).toMatch(/27\. Nov\. 2026/);
    expect(text).toMatch(/übersprungen: Sa\.?–So\.?/);
  });

  it('`sla` of a ticket open for two weeks reads naturally: the closed days counted once, long spans in days and hours', async () => {
    // Filed on Sunday 15 November in Berlin, asked on Monday the 30th: a Sunday, then two weekends.
    const filed = Date.parse('2026-11-15T09:00:00Z');
    const t = await stack.helpdesk.createTicket(lynne, { title: 'Monitor flackert', priority: 'High' });
    await slaTableIn(store).putSlaRecords([{ id: t.id, policy: 'p', announced: [], history: { created: filed, observations: [{ at: filed, status: 'New', priority: 'High' }] }, clocks: [] }]);
    const reply = await handleText(german('personal'), `sla ${t.id}`);
    const text = slackTexts(slackSurfaces('sla', reply.view)[0][1]).join('\n');
    expect(text).not.toMatch(/So\.?, Sa/);
    expect(text).toMatch(/übersprungen: 5 geschlossene Tage \(Sa\.?–So\.?\)/);
    // The first response was due on Monday the 16th at 08:30 in Berlin: fourteen days before.
    expect(text).toContain('vor 14 Tagen 1 Std.');
    expect(text).not.toMatch(/\d{3} Std\./);
  });

  it('the check finds what it looks for (it can fail)', () => {
    expect(englishWords(['SLA von #3: Priorität High'])).toHaveLength(1);
    expect(englishDates(['fällig Fri, Nov 27, 2026 8:36 PM', 'überschritten 27 Nov 2026 19:16 UTC', 'verbraucht 1 Std.; skipped Sat–Sun'])).toHaveLength(3);
    expect(englishDates(['überschritten um 27. Nov. 2026, 19:16 UTC'])).toEqual([]);
  });
});
