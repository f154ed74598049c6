/**
 * How a tone looks on a Teams card, readable in the light, dark and high-contrast themes: only
 * good news is green; a warning is the theme's own text colour in bold behind a ⚠️ mark (Adaptive
 * Cards' "Warning" colour is yellow on white in the default host config); an error is "Attention".
 */
import type { NoticeTone } from '../../core';
import type { StatusLineView } from '../../views/types';

/** A TextBlock's colour and weight, the mark in front of its text, and a Container's style. */
export interface ToneStyle {
  color: 'Good' | 'Default' | 'Attention';
  weight: 'Bolder' | 'Default';
  mark: string;
  container: 'good' | 'emphasis' | 'warning' | 'attention';
}

const WARNING_MARK = '⚠️ ';

const TONES: Record<NoticeTone, ToneStyle> = {
  success: { color: 'Good', weight: 'Bolder', mark: '', container: 'good' },
  info: { color: 'Default', weight: 'Default', mark: '', container: 'emphasis' },
  warning: { color: 'Default', weight: 'Bolder', mark: WARNING_MARK, container: 'warning' },
  error: { color: 'Attention', weight: 'Bolder', mark: '', container: 'attention' },
};

/** The style of a tone; an answer that names none is information. */
export function toneStyle(tone: NoticeTone | undefined): ToneStyle {
  return TONES[tone ?? 'info'];
}

/** A status line's colour and mark (an SLA clock's): on time green, past its warning with ⚠️, breached red, paused plain. */
export function statusStyle(tone: StatusLineView['tone']): { color: ToneStyle['color']; mark: string } {
  switch (tone) {
    case 'good':
      return { color: 'Good', mark: '' };
    case 'warning':
      return { color: 'Default', mark: WARNING_MARK };
    case 'attention':
      return { color: 'Attention', mark: '' };
    default:
      return { color: 'Default', mark: '' };
  }
}
