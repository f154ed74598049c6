/**
 * Errors a person reads, from the `helpdesk` catalog. The error's own message is the English
 * text (logs read English); `details.text` keeps the key so each reader gets their language.
 */
import { english, type Translate } from '../i18n';
import { HelpdeskError, type HelpdeskErrorKind } from './types';

/** A catalog message and its variables, e.g. `{ key: 'helpdesk:ticketNotFound', vars: { id: 12 } }`. */
export interface Message {
  key: string;
  vars?: Record<string, unknown>;
}

/** The `helpdesk` catalog message `key` with `vars`. */
export function say(key: string, vars: Record<string, unknown> = {}): Message {
  return { key: `helpdesk:${key}`, vars };
}

/** `message` in `t`'s language; a `labelKey` variable (a field's catalog label) is read in the same language. */
export function render(t: Translate, message: Message): string {
  const vars = message.vars ?? {};
  const label = typeof vars.labelKey === 'string' ? { label: t(vars.labelKey) } : {};
  return t(message.key, { ...vars, ...label });
}

/** A HelpdeskError carrying `message` (English in `.message`, the key in `details.text`). */
export function errorOf(kind: HelpdeskErrorKind, message: Message, details: Omit<HelpdeskError['details'], 'text'> = {}): HelpdeskError {
  return new HelpdeskError(kind, render(english, message), { ...details, text: message });
}

/** What a person is told about a HelpdeskError, in their language (the English message when it has no key). */
export function errorText(err: HelpdeskError, t: Translate): string {
  return err.details.text ? render(t, err.details.text) : err.message;
}
