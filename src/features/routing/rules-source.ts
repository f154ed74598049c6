/**
 * The rules file while the bot runs (src/settings/watched-file.ts): loaded at start-up (a bad file
 * stops it, naming the file, the JSON path and what is wrong), then re-read when its mtime changes.
 * A bad new version is logged and the last good one kept, so a typo never stops the routing.
 */
import type { Logger } from '../../log';
import { watchSettingsFile } from '../../settings/watched-file';
import { parseRules, type RoutingRules } from './rules';

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

const groupsOf = (rules: RoutingRules) => ({ groups: rules.groups.map((g) => g.name) });

/** Loads the rules at `file`; throws RoutingRulesError when they do not load. */
export async function openRoutingSource(file: string, options: { logger: Logger }): Promise<RoutingSource> {
  const source = await watchSettingsFile({
    file,
    logger: options.logger,
    check: (text, name) => {
      const r = parseRules(text, name);
      return r.ok ? { ok: true, value: r.rules } : r;
    },
    failure: (errors) => new RoutingRulesError(errors),
    said: { bad: 'routing rules changed but do not load', reread: 'routing rules re-read' },
    describe: groupsOf,
  });
  options.logger.info('Routing on', { file, ...groupsOf(source.current()) });
  return source;
}
