/**
 * What the answers' flow tests share: the answer their words find, and each platform's scene
 * (its real HTTP fake and the embedded help-desk site) with that answer kept.
 */
import { afterAll, beforeAll } from 'vitest';
import type { CommandRegistry } from '../../../src/commands/registry';
import type { AnswerPorts } from '../../../src/core/answers';
import { answerPortsOver } from '../../../src/features/answers';
import { createConversationPorts, type Store } from '../../../src/store';
import { featureStore } from '../../commands/context';
import { startTestHelpdesk, type TestHelpdesk } from '../../slack/helpdesk';
import { startSlackScene, type SlackScene } from '../../slack/harness';
import { startTeamsHarness, type TeamsHarness } from '../../teams/harness';

/** The answer the tests' VPN questions should find. */
export const VPN = {
  name: 'vpn-home', language: 'en' as const, title: 'VPN does not connect from home', shown: true,
  phrases: ['vpn not connecting', 'globalprotect fails'],
  body: 'Quit GlobalProtect from the tray and start it again.\nPick the portal vpn.contoso.com.',
};
/** When the answer was written. */
export const NOW = '2026-11-20T10:00:00Z';
/** Long before anything was counted: `answeredSince(SINCE)` counts every question answered. */
export const SINCE = '2000-01-01T00:00:00Z';
/** A payload as one string, to ask whether it says something. */
export const flat = (x: unknown) => JSON.stringify(x);

/** The answers' ports over a store with every feature's tables (holding VPN), and the app's registry over that store. */
export interface AnswerDb {
  ports: AnswerPorts;
  store: Store;
  commands: CommandRegistry;
  close(): Promise<void>;
}

async function answersWithVpn(): Promise<AnswerDb> {
  const { store, commands } = await featureStore();
  const ports = answerPortsOver(await store.featureDatabase());
  await ports.add(VPN, 'agent@contoso.com', NOW);
  return { ports, store, commands, close: () => store.close() };
}

/** Teams over its fake connector, the commands finding the answers. */
export async function teamsWithAnswers(): Promise<{ h: TeamsHarness; answers: AnswerDb; close(): Promise<void> }> {
  const answers = await answersWithVpn();
  const h = await startTeamsHarness({ notifications: createConversationPorts(answers.store), commands: answers.commands });
  return { h, answers, close: async () => { await h.close(); await answers.close(); } };
}

/** Slack over its fake Web API, the commands finding the answers. */
export async function slackWithAnswers(): Promise<{ hd: TestHelpdesk; scene: SlackScene; answers: AnswerDb; close(): Promise<void> }> {
  const hd = await startTestHelpdesk();
  const answers = await answersWithVpn();
  const scene = await startSlackScene(hd.helpdesk, undefined, { notifications: createConversationPorts(answers.store), commands: answers.commands });
  return { hd, scene, answers, close: async () => { await scene.close(); await hd.close(); await answers.close(); } };
}

/** A Teams scene with the answers, started before the describe's tests and closed after them; its fields are set once they start. */
export function teamsScene(): { h: TeamsHarness; answers: AnswerDb } {
  const scene = {} as Awaited<ReturnType<typeof teamsWithAnswers>>;
  beforeAll(async () => void Object.assign(scene, await teamsWithAnswers()), 30_000);
  afterAll(() => scene.close?.());
  return scene;
}

/** A Slack scene with the answers, started before the describe's tests and closed after them; its fields are set once they start. */
export function slackScene(): { hd: TestHelpdesk; scene: SlackScene; answers: AnswerDb } {
  const scene = {} as Awaited<ReturnType<typeof slackWithAnswers>>;
  beforeAll(async () => void Object.assign(scene, await slackWithAnswers()));
  afterAll(() => scene.close?.());
  return scene;
}
