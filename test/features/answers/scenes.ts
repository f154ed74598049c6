/**
 * What the answers' flow tests share: the answer their words find, and each platform's scene
 * (its real HTTP fake and the embedded help-desk site) with that answer kept.
 */
import { afterAll, beforeAll } from 'vitest';
import { openAnswerPorts } from '../../support/answers-db';
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

/** The answers' ports, holding VPN. */
export type AnswerDb = Awaited<ReturnType<typeof openAnswerPorts>>;

async function answersWithVpn(): Promise<AnswerDb> {
  const answers = await openAnswerPorts();
  await answers.ports.add(VPN, 'agent@contoso.com', NOW);
  return answers;
}

/** Teams over its fake connector, the commands finding the answers. */
export async function teamsWithAnswers(): Promise<{ h: TeamsHarness; answers: AnswerDb; close(): Promise<void> }> {
  const answers = await answersWithVpn();
  const h = await startTeamsHarness({ notifications: { answers: answers.ports } as never });
  return { h, answers, close: async () => { await h.close(); await answers.close(); } };
}

/** Slack over its fake Web API, the commands finding the answers. */
export async function slackWithAnswers(): Promise<{ hd: TestHelpdesk; scene: SlackScene; answers: AnswerDb; close(): Promise<void> }> {
  const hd = await startTestHelpdesk();
  const answers = await answersWithVpn();
  const scene = await startSlackScene(hd.helpdesk, undefined, { notifications: { answers: answers.ports } as never });
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
