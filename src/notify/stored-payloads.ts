/**
 * Outbox rows as this version sends them. A row is written by the version that planned it and may
 * be sent by a newer one (an upgrade between the two): rows an older version wrote as a change
 * storm's summary ('storm') or a channel digest ('digest') are read as the screen they show.
 * Their views hold finished words only, so nothing is translated or counted again.
 */
import { facts, heading, lines, row, rows, screen, section, type DateMark, type Element, type ScreenView } from '../views/elements';
import type { ActionView } from '../views/types';
import type { OutboxPayload } from './intents';
import type { Platform } from './types';

/** A channel digest as versions before screens stored it (a layout of finished strings). */
interface StoredDigest {
  locale?: string;
  title?: string;
  late?: string;
  period?: string;
  facts?: { title: string; value: string }[];
  rowsTitle?: string;
  rows?: { id: number; title: string; line: string; actions?: ActionView[] }[];
  emptyText?: string;
  moreText?: string;
  text?: string;
  dates?: DateMark[];
}

/** What an outbox row may hold: this version's payloads, and the kinds older versions wrote. */
export type StoredPayload =
  | OutboxPayload
  | { kind: 'storm'; platform: Platform; conversationId: string; view: ScreenView }
  | { kind: 'digest'; platform: Platform; conversationId: string; view: StoredDigest };

/** A digest stored before screens, as the screen it showed: the same parts in the same order. */
export function storedDigestScreen(d: StoredDigest): ScreenView {
  const dates = d.dates ?? [];
  const shown = d.rows ?? [];
  const elements: Element[] = [
    heading(d.title ?? ''),
    ...(d.late ? [lines([d.late], { tone: 'warning' as const, dates })] : []),
    ...(d.period ? [lines([d.period], { muted: true, dates })] : []),
    facts((d.facts ?? []).map((f) => ({ label: f.title, value: f.value }))),
    section(d.rowsTitle ?? '', []),
    shown.length ? rows(shown.map((r) => row(`#${r.id} ${r.title}`, [r.line], r.actions ?? [], dates)), d.moreText) : lines([d.emptyText ?? ''], { muted: true }),
  ];
  return screen(elements, { ...(d.locale ? { locale: d.locale } : {}), fallback: d.text ?? d.title ?? '', shared: true });
}

/** The payload of a row as this version sends it. */
export function currentPayload(stored: StoredPayload): OutboxPayload {
  switch (stored.kind) {
    case 'storm':
      // A storm's summary was already a screen (or, older still, its text, which the renderers show as it is).
      return { kind: 'screen', platform: stored.platform, conversationId: stored.conversationId, view: stored.view };
    case 'digest':
      return { kind: 'screen', platform: stored.platform, conversationId: stored.conversationId, view: storedDigestScreen(stored.view) };
    default:
      return stored;
  }
}
