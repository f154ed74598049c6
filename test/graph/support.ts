/** Shared set-up for Graph client tests: a real emulator on loopback and a client pointed at it. */
import type { Emulator } from '../../src/emulator';
import { connectionFor, startEmulator } from '../../src/emulator';
import { createGraphClient, type GraphClientConfig } from '../../src/graph';
import { createLogger, type Logger } from '../../src/log';
import type { GraphClient } from '../../src/graph/types';

/** Small delays so retry tests stay quick; Retry-After up to 5 s is honoured. */
export const FAST_RETRY = { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterSeconds: 5 };

/** A logger whose lines are kept for assertions. */
export function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: createLogger({ level: 'debug', write: (l) => lines.push(l) }), lines };
}

/** A client for the emulator's own registration; overrides win. */
export function clientFor(emu: Emulator, overrides: Partial<GraphClientConfig> = {}): GraphClient {
  return createGraphClient({
    ...connectionFor(emu),
    retry: FAST_RETRY,
    logger: captureLogger().logger,
    ...overrides,
  });
}

/** Starts an empty memory-only emulator. */
export function emptyEmulator(options: Parameters<typeof startEmulator>[0] = {}): Promise<Emulator> {
  return startEmulator({ seed: 'none', ...options });
}

/** Runs `fn` and returns the error it threw (fails the test if it did not throw). */
export async function failureOf(fn: () => Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await fn();
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  throw new Error('expected the call to fail');
}

/** Fields of a plausible ticket. */
export function ticket(title: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Title: title,
    SD_Description: `${title} (description)`,
    SD_Priority: 'Normal',
    SD_Status: 'New',
    SD_Category: 'Hardware',
    SD_SubmittedByEmail: 'pattif@example.com',
    SD_SubmittedByName: 'Patti Fernandez',
    SD_AssignedTo: '',
    ...extra,
  };
}
