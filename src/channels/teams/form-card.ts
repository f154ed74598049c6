/**
 * A form of fields (FormView.fields) as an Adaptive Card: each neutral field laid out the one way
 * Teams shows it, whatever form it belongs to, each error under its input and the rest at the end.
 * The ticket core's own forms have their templates in cards/.
 */
import type { FormField, FormView } from '../../views/types';
import { formData } from './card-data';
import { literal } from './card-text';

type Json = Record<string, unknown>;
type Data = ReturnType<typeof formData>;

/** The line under an input that says what is wrong with it, when something is. */
function errorUnder(id: string, d: Data): Json[] {
  const error = d.errors[id];
  return error ? [{ type: 'TextBlock', text: error, color: 'Attention', size: 'Small', wrap: true, spacing: 'None' }] : [];
}

/** A small grey line under what it explains. */
const hintLine = (text: string, spacing: 'None' | 'Small'): Json => ({ type: 'TextBlock', text: literal(text), size: 'Small', isSubtle: true, wrap: true, spacing });

function fieldItems(f: FormField, d: Data): Json[] {
  switch (f.kind) {
    case 'text': {
      const input: Json = { type: 'Input.Text', id: f.id, label: f.label };
      if (f.placeholder) input.placeholder = f.placeholder;
      if (f.multiline) input.isMultiline = true;
      if (f.required) Object.assign(input, { isRequired: true, errorMessage: f.missing ?? '' });
      Object.assign(input, { maxLength: f.max, value: d.values[f.id] ?? '' });
      return [input, ...(f.hint ? [hintLine(f.hint, 'None')] : []), ...errorUnder(f.id, d)];
    }
    case 'choice': {
      const input: Json = { type: 'Input.ChoiceSet', id: f.id, label: f.label };
      if (f.placeholder) input.placeholder = f.placeholder;
      Object.assign(input, { style: f.style, choices: f.choices.map((c) => ({ title: c.title, value: c.value })), value: d.values[f.id] ?? '' });
      return [input, ...errorUnder(f.id, d)];
    }
    case 'toggle':
      return [{ type: 'Input.Toggle', id: f.id, title: f.label, valueOn: 'true', valueOff: 'false', value: d.values[f.id] === 'true' ? 'true' : 'false' }, ...errorUnder(f.id, d)];
    case 'times':
      return [
        { type: 'ColumnSet', columns: f.times.map((x) => ({ type: 'Column', width: 'stretch', items: [{ type: 'Input.Time', id: x.id, label: x.label, value: d.values[x.id] ?? '' }] })) },
        hintLine(f.hint, 'Small'),
        ...f.times.flatMap((x) => errorUnder(x.id, d)),
      ];
    case 'note':
      return [f.small ? hintLine(f.text, 'None') : { type: 'TextBlock', text: literal(f.text), wrap: true, isSubtle: true, spacing: 'Small' }];
    case 'preview':
      return [{
        type: 'Container',
        style: 'emphasis',
        items: [
          { type: 'TextBlock', text: literal(f.label), size: 'Small', isSubtle: true, wrap: true },
          ...(f.title ? [{ type: 'TextBlock', text: literal(f.title), weight: 'Bolder', wrap: true }] : []),
          ...f.lines.map((line) => ({ type: 'TextBlock', text: literal(line), wrap: true, spacing: 'Small' })),
        ],
      }];
  }
}

/** The card of a form of fields: its title, its fields in order, what is wrong elsewhere, and its submit button. */
export function fieldsCard(view: FormView & { fields: FormField[] }): Json {
  const d = formData(view);
  const body: Json[] = [{ type: 'TextBlock', text: d.title, size: 'Medium', weight: 'Bolder', wrap: true }, ...view.fields.flatMap((f) => fieldItems(f, d))];
  if (d.otherErrors) body.push({ type: 'TextBlock', text: d.otherErrors, color: 'Attention', wrap: true });
  const submit = { type: 'Action.Execute', title: view.submitTitle ?? d.labels.send, verb: d.submitVerb, style: 'positive', associatedInputs: 'auto', data: d.submitData };
  return { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.5', body, actions: [submit] };
}
