/** Graph failures -> HelpdeskError, so chat shows a sentence and the log keeps Graph's request-id. */
import { isGraphError } from '../graph/errors';
import type { Logger } from '../log';
import { HelpdeskError } from './types';

/** What a person sees when Graph is down, throttled or refusing the app. */
export const UNAVAILABLE = 'The help desk is not reachable right now — try again in a minute.';

/**
 * Turns any failure into a HelpdeskError. `subject` names the thing, e.g. "Ticket #12".
 * Conflicts are returned as they are so callers can refetch and say who changed what.
 */
export function toHelpdeskError(err: unknown, subject: string, logger: Logger, notFound?: string): unknown {
  if (err instanceof HelpdeskError) return err;
  if (isGraphError(err, 'not-found')) return new HelpdeskError('not-found', notFound ?? `${subject} was not found.`, { cause: err });
  if (isGraphError(err, 'conflict')) return err;
  if (isGraphError(err)) {
    // A 400 means we sent something Graph refuses: a bug to fix, not weather to wait out.
    const level = err.kind === 'bad-request' ? 'error' : 'warn';
    logger[level]('help desk unavailable', { subject, kind: err.kind, status: err.status, code: err.code, requestId: err.requestId, operation: err.operation, error: err.message });
    return new HelpdeskError('unavailable', UNAVAILABLE, { cause: err });
  }
  return err;
}

/** True when Graph refused the request itself (400, e.g. a column not indexed on a large list): it repeats until an admin fixes the list. */
export function isRefusedQuery(err: unknown): boolean {
  return isGraphError(err, 'bad-request');
}

/** Runs `work`, rethrowing failures through toHelpdeskError. */
export async function guarded<T>(subject: string, logger: Logger, work: () => Promise<T>, notFound?: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toHelpdeskError(err, subject, logger, notFound);
  }
}
