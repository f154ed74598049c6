/** Error view builder. */
import { translator } from '../i18n';
import type { ErrorView } from './types';

/** A message naming what went wrong and, for typed commands, the right form of the command. */
export function errorView(message: string, usage?: string, locale?: string): ErrorView {
  return usage ? { message, usage, usageLabel: translator(locale)('views:labels.usage') } : { message };
}

/**
 * The error with "Usage:" in the reader's language when it has a usage line: errors are made deep
 * in handlers and the parser, and get their reader's label once, where they leave the commands.
 */
export function labelledError(error: ErrorView, locale?: string): ErrorView {
  return error.usage && !error.usageLabel ? { ...error, usageLabel: translator(locale)('views:labels.usage') } : error;
}
