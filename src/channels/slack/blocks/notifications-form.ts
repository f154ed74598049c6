/** The notifications form as modal inputs: one checkbox per kind of DM, and the quiet hours as two times. */
import type { Checkboxes, InputBlock, PlainTextInput, PlainTextOption } from '@slack/types';
import type { FormView } from '../../../views/types';
import type { Block } from './elements';
import { BLOCK_LIMITS, mrkdwn, plain, userText } from './limits';

function toggle(id: string, label: string, on: boolean): InputBlock {
  const opt: PlainTextOption = { text: plain(label, BLOCK_LIMITS.optionText), value: 'true' };
  const element: Checkboxes = { type: 'checkboxes', action_id: 'value', options: [opt] };
  if (on) element.initial_options = [opt];
  return { type: 'input', block_id: id, label: plain(label, BLOCK_LIMITS.inputLabel), element, optional: true };
}

function time(id: string, label: string, value: string | undefined, hint: string): InputBlock {
  const element: PlainTextInput = { type: 'plain_text_input', action_id: 'value', max_length: 5, placeholder: plain('--:--', BLOCK_LIMITS.placeholder) };
  if (value) element.initial_value = value;
  return { type: 'input', block_id: id, label: plain(label, BLOCK_LIMITS.inputLabel), element, optional: true, hint: plain(hint, BLOCK_LIMITS.inputLabel) };
}

/** The form's blocks. */
export function notificationFormBlocks(form: FormView): Block[] {
  const l = form.choiceLabels!;
  const v = form.values;
  return [
    { type: 'section', text: mrkdwn(userText(l.intro, 2000)) },
    toggle('status', l.status, v.status === 'true'),
    toggle('comments', l.comments, v.comments === 'true'),
    toggle('resolution', l.resolution, v.resolution === 'true'),
    time('quietStart', l.quietStart, v.quietStart, l.quietHint),
    time('quietEnd', l.quietEnd, v.quietEnd, l.quietHint),
  ];
}
