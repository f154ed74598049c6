/** A modal's input blocks: text, a choice, and the site's extra columns by their type. */
import type { Checkboxes, Datepicker, InputBlock, NumberInput, PlainTextInput, PlainTextOption, StaticSelect } from '@slack/types';
import type { Choice, ExtraFieldView } from '../../../views/types';
import { BLOCK_LIMITS, plain, truncate } from './limits';

/** A choice as a select's option (its value cut to Slack's 150 characters). */
export function option(choice: Choice): PlainTextOption {
  return { text: plain(choice.title, BLOCK_LIMITS.optionText), value: truncate(choice.value, 150) };
}

export function textInput(id: string, label: string, value: string | undefined, opts: { multiline?: boolean; max: number; optional?: boolean; hint?: string }): InputBlock {
  const element: PlainTextInput = { type: 'plain_text_input', action_id: 'value', multiline: Boolean(opts.multiline), max_length: Math.min(opts.max, BLOCK_LIMITS.inputLength) };
  if (value) element.initial_value = truncate(value, element.max_length ?? BLOCK_LIMITS.inputLength);
  const block: InputBlock = { type: 'input', block_id: id, label: plain(label, BLOCK_LIMITS.inputLabel), element, optional: Boolean(opts.optional) };
  if (opts.hint) block.hint = plain(opts.hint, BLOCK_LIMITS.inputLabel);
  return block;
}

export function selectInput(id: string, label: string, placeholder: string | undefined, choices: readonly Choice[], current: string | undefined, optional = true): InputBlock {
  const element: StaticSelect = { type: 'static_select', action_id: 'value', options: choices.slice(0, 100).map(option) };
  if (placeholder) element.placeholder = plain(placeholder, BLOCK_LIMITS.placeholder);
  const chosen = choices.find((c) => c.value === current);
  if (chosen) element.initial_option = option(chosen);
  return { type: 'input', block_id: id, label: plain(label, BLOCK_LIMITS.inputLabel), element, optional };
}

/** One of the site's extra columns as an input block, its block id the field's id. */
export function extraInputBlock(field: ExtraFieldView, value: string | undefined): InputBlock {
  const label = plain(field.label, BLOCK_LIMITS.inputLabel);
  const optional = !field.required;
  switch (field.type) {
    case 'choice':
      return selectInput(field.id, field.label, undefined, field.choices, value, optional);
    case 'number': {
      const element: NumberInput = { type: 'number_input', action_id: 'value', is_decimal_allowed: true };
      if (value) element.initial_value = value;
      return { type: 'input', block_id: field.id, label, element, optional };
    }
    case 'boolean': {
      const yes: PlainTextOption = { text: plain(field.label, BLOCK_LIMITS.optionText), value: 'true' };
      const element: Checkboxes = { type: 'checkboxes', action_id: 'value', options: [yes] };
      if (value === 'true') element.initial_options = [yes];
      return { type: 'input', block_id: field.id, label, element, optional: true };
    }
    case 'dateTime': {
      const element: Datepicker = { type: 'datepicker', action_id: 'value' };
      if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) element.initial_date = value;
      return { type: 'input', block_id: field.id, label, element, optional };
    }
    default:
      return textInput(field.id, field.label, value, { multiline: field.type === 'note', max: field.type === 'note' ? BLOCK_LIMITS.inputLength : 255, optional });
  }
}
