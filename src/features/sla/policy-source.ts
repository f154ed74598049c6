/**
 * The policy file while the bot runs: loaded at start-up (a bad file stops it with the loader's
 * messages), then re-read when its mtime changes, checked once per poll cycle. A bad new version
 * is logged and the last good one kept, so a typo never turns the clocks off.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Logger } from '../../log';
import { checkPriorities, parsePolicy, type PolicyResult, type SlaPolicy } from './policy';

/** Thrown at start-up when the policy does not load; the message lists every problem. */
export class PolicyError extends Error {
  constructor(readonly errors: readonly string[]) {
    super(`the SLA policy (HELPDESK_SLA_FILE) does not load:\n  ${errors.join('\n  ')}`);
    this.name = 'PolicyError';
  }
}

/** The policy in force, and a way to pick up edits. */
export interface PolicySource {
  current(): SlaPolicy;
  /** A number that changes whenever a new version is taken in this process. */
  version(): number;
  /** A hash of the file's text in force: the store compares it to tell a changed policy across restarts. */
  fingerprint(): string;
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

/** Reads and checks the file, with a hash of its text. */
async function load(file: string): Promise<PolicyResult & { hash?: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    return { ok: false, errors: [`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`] };
  }
  const result = await parsePolicy(text, file);
  return { ...result, hash: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}

/** Loads the policy at `file`; throws PolicyError when it does not load. Priorities the desk lacks are logged once. */
export async function openPolicySource(file: string, options: { logger: Logger; priorities: readonly string[] }): Promise<PolicySource> {
  const { logger } = options;
  let mtime = await mtimeOf(file);
  const first = await load(file);
  if (!first.ok) throw new PolicyError(first.errors);
  let policy = first.policy;
  let hash = first.hash!;
  let version = 1;
  const unknownPriorities = (p: SlaPolicy) => {
    const unknown = checkPriorities(p, options.priorities);
    if (unknown.length > 0) logger.warn('SLA policy names priorities the desk does not have; they are ignored', { file, priorities: unknown });
  };
  unknownPriorities(policy);
  logger.info('SLA clocks on', { file, priorities: [...policy.targets.keys()] });
  return {
    current: () => policy,
    version: () => version,
    fingerprint: () => hash,
    async refresh() {
      const now = await mtimeOf(file);
      if (now === mtime) return false;
      mtime = now;
      const next = await load(file);
      if (!next.ok) {
        logger.error('SLA policy changed but does not load; keeping the last good version', { file, errors: next.errors });
        return false;
      }
      policy = next.policy;
      hash = next.hash!;
      version += 1;
      unknownPriorities(policy);
      logger.info('SLA policy re-read', { file, priorities: [...policy.targets.keys()] });
      return true;
    },
  };
}
