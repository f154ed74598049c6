/** Graph failures -> HelpdeskError, so chat shows a sentence and the log keeps Graph's request-id. */
import { errorOf, say, type Message } from './error-messages';
import { isGraphError } from '../graph/errors';
import type { Logger } from '../log';
import { HelpdeskError } from './types';

/** What a person sees when Graph is down, throttled or refusing the app. */
export const UNAVAILABLE: Message = say('unavailable');

/**
 * Turns any failure into a HelpdeskError. `subject` names the thing, e.g. "Ticket #12".
 * Conflicts are returned as they are so callers can refetch and say who changed what.
 */
export function toHelpdeskError(err: unknown, subject: string, logger: Logger, notFound?: Message): unknown {
  if (err instanceof HelpdeskError) return err;
  if (isGraphError(err, 'not-found')) return errorOf('not-found', notFound ?? say('notFound', { subject }), { cause: err });
  if (isGraphError(err, 'conflict')) return err;
  if (isGraphError(err)) {
    // A 400 means we sent something Graph refuses: a bug to fix, not weather to wait out.
    const level = err.kind === 'bad-request' ? 'error' : 'warn';
    logger[level]('help desk unavailable', { subject, kind: err.kind, status: err.status, code: err.code, requestId: err.requestId, operation: err.operation, error: err.message });
    return errorOf('unavailable', UNAVAILABLE, { cause: err });
  }
  return err;
}

/** Runs `work`, rethrowing failures through toHelpdeskError. */
export async function guarded<T>(subject: string, logger: Logger, work: () => Promise<T>, notFound?: Message): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toHelpdeskError(err, subject, logger, notFound);
  }
}
