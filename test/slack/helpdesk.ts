/**
 * The help desk behind the Slack tests: the real stack (emulator over HTTP + Graph client + service)
 * when the service exists in this tree, otherwise the in-memory fake with the same rules. Both get
 * the same two active agents (Dana, Lee) and start with no tickets.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { createFakeHelpdesk } from '../support/fake-helpdesk';
import { AGENTS } from './harness';

/** The help desk a test talks to, and which kind it is. */
export interface TestHelpdesk {
  helpdesk: HelpdeskService;
  kind: 'emulator' | 'fake';
  close(): Promise<void>;
}

const root = path.resolve(__dirname, '../..');
const STACK = path.join(root, 'test/support/helpdesk-stack.ts');

/** Starts the help desk; the real stack is preferred (HELPDESK_TEST_FAKE=1 forces the fake). */
export async function startTestHelpdesk(): Promise<TestHelpdesk> {
  const haveService = existsSync(path.join(root, 'src/helpdesk/index.ts')) && existsSync(STACK);
  if (!haveService || process.env.HELPDESK_TEST_FAKE === '1') {
    return { helpdesk: createFakeHelpdesk({ agents: AGENTS }), kind: 'fake', close: async () => undefined };
  }
  // Loaded by path so this file type-checks before the service lands in the tree.
  const { startHelpdeskStack } = await import(/* @vite-ignore */ STACK);
  const stack = await startHelpdeskStack({ seed: 'none', service: { agentCacheTtlMs: 0 } });
  for (const a of AGENTS) stack.emulator.data.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: true });
  return { helpdesk: stack.helpdesk, kind: 'emulator', close: () => stack.close() };
}
