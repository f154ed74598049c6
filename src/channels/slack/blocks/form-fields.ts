/**
 * A form of fields (FormView.fields) as modal blocks: each neutral field laid out the one way Slack
 * shows it, whatever form it belongs to. The ticket core's own forms have their blocks in modal.ts.
 */
import type { Checkboxes, InputBlock, PlainTextInput, PlainTextOption } from '@slack/types';
import type { FormField, FormView } from '../../../views/types';
import type { Block } from './elements';
import { selectInput, textInput } from './inputs';
import { BLOCK_LIMITS, escapeMrkdwn, mrkdwn, plain, userText } from './limits';

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

/** One field's blocks; a label left empty shows the field's id, so Slack never refuses the modal. */
function fieldBlocks(f: FormField, values: Record<string, string>): Block[] {
  switch (f.kind) {
    case 'text':
      return [textInput(f.id, f.label || f.id, values[f.id], { multiline: f.multiline, max: f.max, optional: !f.required, hint: f.hint ?? f.placeholder })];
    case 'choice':
      return [selectInput(f.id, f.label || f.id, f.placeholder, f.choices, values[f.id], !f.required)];
    case 'toggle':
      return [toggle(f.id, f.label, values[f.id] === 'true')];
    case 'times':
      return f.times.map((x) => time(x.id, x.label, values[x.id], f.hint));
    case 'note':
      return f.small ? [{ type: 'context', elements: [mrkdwn(userText(f.text, BLOCK_LIMITS.sectionText))] }] : [{ type: 'section', text: mrkdwn(userText(f.text, 2000)) }];
    case 'preview': {
      const title = f.title ? [`*${escapeMrkdwn(f.title).replace(/\*/g, '∗')}*`] : [];
      return [{ type: 'section', text: mrkdwn([escapeMrkdwn(f.label), ...title, ...f.lines.map(escapeMrkdwn)].join('\n')) }];
    }
  }
}

/** The modal blocks of a form of fields, in order. */
export function formFieldBlocks(form: FormView & { fields: FormField[] }): Block[] {
  return form.fields.flatMap((f) => fieldBlocks(f, form.values));
}
