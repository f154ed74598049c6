/**
 * The help desk behind the Slack tests: the real stack (emulator over HTTP + Graph client +
 * service) with the two active agents (Dana, Lee) and no tickets.
 */
import { afterAll, beforeAll } from 'vitest';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { startSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';
import { AGENTS, startSlackScene, type SlackScene } from './harness';

/** The help desk a test talks to. */
export interface TestHelpdesk {
  helpdesk: HelpdeskService;
  close(): Promise<void>;
}

/** Starts the real help desk with the Slack tests' agents. */
export async function startTestHelpdesk(): Promise<TestHelpdesk> {
  const desk = await startSeededHelpdesk(AGENTS);
  return { helpdesk: desk, close: () => desk.close() };
}

/** A seeded help desk and a Slack scene over it. */
export interface SlackDesk {
  desk: SeededHelpdesk;
  scene: SlackScene;
}

/** Both, started before the enclosing describe block's tests and closed after them. */
export function useSlackDesk(): SlackDesk {
  const both = {} as SlackDesk;
  beforeAll(async () => {
    both.desk = await startSeededHelpdesk(AGENTS);
    both.scene = await startSlackScene(both.desk);
  });
  afterAll(async () => {
    await both.scene?.close();
    await both.desk?.close();
  });
  return both;
}
