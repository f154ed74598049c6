/**
 * Block Kit limits (Slack rejects a whole message with `invalid_blocks` when one is exceeded),
 * and the small text helpers every builder uses so long tickets are cut, never refused.
 */

/** Slack's documented ceilings for the pieces we build. */
export const BLOCK_LIMITS = {
  messageBlocks: 50,
  surfaceBlocks: 100,
  sectionText: 3000,
  buttonText: 75,
  headerText: 150,
  fields: 10,
  fieldText: 2000,
  buttonValue: 2000,
  actionId: 255,
  actionsElements: 25,
  contextElements: 10,
  fallbackText: 40_000,
  modalTitle: 24,
  modalButton: 24,
  privateMetadata: 3000,
  inputLength: 3000,
  optionText: 75,
  inputLabel: 2000,
  placeholder: 150,
  /** Options an external select's load URL may answer with. */
  options: 100,
} as const;

/** Cuts `text` to at most `max` characters, ending with "…" when something was cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return '…'.slice(0, max);
  return `${text.slice(0, max - 1)}…`;
}

/** Escapes the three characters Slack's mrkdwn treats as control characters in user text. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A Slack channel id (public C…, private G…): only such an id becomes a `<#…>` mention. */
const CHANNEL_ID = /^[CG][A-Z0-9]{2,}$/;

/**
 * Puts Slack's channel mention (`<#C123>`, shown as the channel's name in each reader's client) in
 * place of each conversation the view marked, in text already escaped by escapeMrkdwn. Typed text
 * cannot become a mention: it was escaped, and only the marked titles are replaced.
 */
export function placeConversations(escaped: string, conversations: readonly { text: string; id: string }[] | undefined): string {
  let out = escaped;
  for (const c of conversations ?? []) {
    const text = escapeMrkdwn(c.text);
    if (text && CHANNEL_ID.test(c.id)) out = out.split(text).join(`<#${c.id}>`);
  }
  return out;
}

/** Escapes user text for mrkdwn and then cuts it, so an entity is never split in half. */
export function userText(text: string, max: number): string {
  const escaped = escapeMrkdwn(text);
  if (escaped.length <= max) return escaped;
  let cut = escaped.slice(0, max - 1);
  const amp = cut.lastIndexOf('&');
  if (amp >= 0 && amp > cut.length - 5 && !cut.slice(amp).includes(';')) cut = cut.slice(0, amp);
  return `${cut}…`;
}

/** A plain_text object cut to `max`; Slack refuses empty text, so a blank becomes a space. */
export function plain(text: string, max: number = BLOCK_LIMITS.sectionText): { type: 'plain_text'; text: string; emoji: true } {
  const t = truncate(text, max);
  return { type: 'plain_text', text: t === '' ? ' ' : t, emoji: true };
}

/** A mrkdwn object from text that is already escaped, cut to the section limit. */
export function mrkdwn(text: string, max: number = BLOCK_LIMITS.sectionText): { type: 'mrkdwn'; text: string } {
  const t = truncate(text, max);
  return { type: 'mrkdwn', text: t === '' ? ' ' : t };
}
