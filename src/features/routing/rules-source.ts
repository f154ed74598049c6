/**
 * The rules file while the bot runs: loaded at start-up (a bad file stops it, naming the file, the
 * JSON path and what is wrong), then re-read when its mtime changes. A bad new version is logged
 * and the last good one kept, so a typo never stops the routing.
 */
import { stat } from 'node:fs/promises';
import type { Logger } from '../../log';
import { loadRules, type RoutingRules } from './rules';

/** Thrown at start-up when the rules do not load; the message lists every problem. */
export class RoutingRulesError extends Error {
  constructor(readonly errors: readonly string[]) {
    super(`the routing rules (HELPDESK_ROUTING_FILE) do not load:\n  ${errors.join('\n  ')}`);
    this.name = 'RoutingRulesError';
  }
}

/** The rules in force, and a way to pick up edits. */
export interface RoutingSource {
  current(): RoutingRules;
  /** Re-reads the file when its mtime changed; resolves true when a new version was taken. */
  refresh(): Promise<boolean>;
}

async function mtimeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    // Missing or unreadable: the mtime reads as changed, and loading the file then says what is wrong.
    return undefined;
  }
}

/** Loads the rules at `file`; throws RoutingRulesError when they do not load. */
export async function openRoutingSource(file: string, options: { logger: Logger }): Promise<RoutingSource> {
  const { logger } = options;
  let mtime = await mtimeOf(file);
  const first = await loadRules(file);
  if (!first.ok) throw new RoutingRulesError(first.errors);
  let rules = first.rules;
  logger.info('Routing on', { file, groups: rules.groups.map((g) => g.name) });
  return {
    current: () => rules,
    async refresh() {
      const now = await mtimeOf(file);
      if (now === mtime) return false;
      mtime = now;
      const next = await loadRules(file);
      if (!next.ok) {
        logger.error('routing rules changed but do not load; keeping the last good version', { file, errors: next.errors });
        return false;
      }
      rules = next.rules;
      logger.info('routing rules re-read', { file, groups: rules.groups.map((g) => g.name) });
      return true;
    },
  };
}
