/**
 * The Slack channel's one failure policy: a piece of work either finishes, or its failure is
 * logged with context and the person is told through a fallback whose own failure is logged
 * too. Nothing here ever rejects, so no Slack failure can become an unhandled rejection.
 */
import type { Logger } from '../../log';

/** Who and what a failure is about, for the log line (never message text or tokens). */
export type FailureContext = Record<string, string | number | boolean | undefined>;

/** Runs `work`; on failure logs `slack <what> failed` and runs `tell` (best effort). Never throws. */
export async function guarded(logger: Logger, what: string, context: FailureContext, work: () => Promise<unknown>, tell?: (error: unknown) => Promise<unknown>): Promise<void> {
  try {
    await work();
    return;
  } catch (error) {
    logger.error(`slack ${what} failed`, { ...context, error });
    if (!tell) return;
    try {
      await tell(error);
    } catch (fallbackError) {
      // The person could not be told either; the log is all that is left.
      logger.error(`slack ${what}: telling the person failed too`, { ...context, error: fallbackError });
    }
  }
}

/** Starts work that finishes after Slack's ack (a late modal submit); it is guarded like the rest. */
export function detached(logger: Logger, what: string, context: FailureContext, work: () => Promise<unknown>, tell?: (error: unknown) => Promise<unknown>): void {
  void guarded(logger, what, context, work, tell);
}
