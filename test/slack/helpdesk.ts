/**
 * The help desk behind the Slack tests: the real stack (emulator over HTTP + Graph client +
 * service) with the two active agents (Dana, Lee) and no tickets.
 */
import type { HelpdeskService } from '../../src/helpdesk/types';
import { startSeededHelpdesk } from '../support/seeded-helpdesk';
import { AGENTS } from './harness';

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
