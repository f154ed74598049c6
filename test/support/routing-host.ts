/**
 * Routing turned on for a test that starts a channel itself: the rules written to a file and opened
 * as the routing feature's `open` step opens HELPDESK_ROUTING_FILE (hand it to testHost as
 * `opened: routingOpened(host)`; with no Slack presence only the agents' own `away` counts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RoutingHost } from '../../src/features/routing/ports';
import { openRoutingSource } from '../../src/features/routing/rules-source';
import { createLogger } from '../../src/log';

/** One group that takes every ticket, by turns, over these agents. */
export const oneGroup = (agents: readonly string[]) => ({ groups: [{ name: 'Desk', agents, method: 'round-robin' }], default: 'Desk' });

/** The routing host over `rules`, as the routing feature's `open` step makes it. */
export async function routingHost(rules: object): Promise<RoutingHost> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'routing-rules-')), 'routing.json');
  writeFileSync(file, JSON.stringify(rules));
  return { rules: await openRoutingSource(file, { logger: createLogger({ level: 'error' }) }) };
}

/** What the routing feature's `open` step hands its parts, for a test host's `opened`. */
export const routingOpened = (routing: RoutingHost): Record<string, object> => ({ routing: { routing } });
