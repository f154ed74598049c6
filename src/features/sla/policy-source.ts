/**
 * The policy file while the bot runs (src/settings/watched-file.ts): loaded at start-up (a bad
 * file stops it with the loader's messages), then re-read when its mtime changes, checked once per
 * poll cycle. A bad new version is logged and the last good one kept, so a typo never turns the
 * clocks off.
 */
import type { Logger } from '../../log';
import { watchSettingsFile, type WatchedFile } from '../../settings/watched-file';
import { checkPriorities, parsePolicy, type SlaPolicy } from './policy';

/** Thrown at start-up when the policy does not load; the message lists every problem. */
export class PolicyError extends Error {
  constructor(readonly errors: readonly string[]) {
    super(`the SLA policy (HELPDESK_SLA_FILE) does not load:\n  ${errors.join('\n  ')}`);
    this.name = 'PolicyError';
  }
}

/** The policy in force, its version and fingerprint, and a way to pick up edits. */
export type PolicySource = WatchedFile<SlaPolicy>;

const prioritiesOf = (p: SlaPolicy) => ({ priorities: [...p.targets.keys()] });

/** Loads the policy at `file`; throws PolicyError when it does not load. Priorities the desk lacks are logged once per version. */
export async function openPolicySource(file: string, options: { logger: Logger; priorities: readonly string[] }): Promise<PolicySource> {
  const { logger } = options;
  const source = await watchSettingsFile({
    file,
    logger,
    check: async (text, name) => {
      const r = await parsePolicy(text, name);
      return r.ok ? { ok: true, value: r.policy } : r;
    },
    failure: (errors) => new PolicyError(errors),
    said: { bad: 'SLA policy changed but does not load', reread: 'SLA policy re-read' },
    describe: prioritiesOf,
    taken: (p) => {
      const unknown = checkPriorities(p, options.priorities);
      if (unknown.length > 0) logger.warn('SLA policy names priorities the desk does not have; they are ignored', { file, priorities: unknown });
    },
  });
  logger.info('SLA clocks on', { file, ...prioritiesOf(source.current()) });
  return source;
}
