/** Error view builder. */
import type { ErrorView } from './types';

/** A message naming what went wrong and, for typed commands, the right form of the command. */
export function errorView(message: string, usage?: string): ErrorView {
  return usage ? { message, usage } : { message };
}
