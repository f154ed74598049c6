/** The `notifications` form: which DMs a person gets and their quiet hours, in their language, made of the views' neutral fields. */

/** The form's name, as its command declares it. */
export const NOTIFICATIONS_FORM = 'notifications';
import { VERBS, type DmChoices } from '../../core';
import { normalizeLocale, translator } from '../../i18n';
import { formWords } from '../../views/labels';
import type { FormFieldError, FormView } from '../../views/types';

/** The form with `choices` filled in; `zone` is the time zone quiet hours are read in. */
export function notificationsForm(choices: DmChoices, zone: string, locale?: string, errors: FormFieldError[] = [], typed?: Record<string, string>): FormView {
  const t = translator(locale);
  const title = t('preferences:title');
  const values = typed ?? {
    status: String(choices.status),
    comments: String(choices.comments),
    resolution: String(choices.resolution),
    quietStart: choices.quietStart ?? '',
    quietEnd: choices.quietEnd ?? '',
  };
  const words = formWords(title, values, NOTIFICATIONS_FORM, locale);
  return {
    locale: normalizeLocale(locale),
    form: NOTIFICATIONS_FORM,
    title,
    submitVerb: VERBS.notificationsSave,
    values,
    errors,
    priorities: [],
    categories: [],
    ...words,
    fields: [
      { kind: 'note', text: t('preferences:intro') },
      { kind: 'toggle', id: 'status', label: t('preferences:status') },
      { kind: 'toggle', id: 'comments', label: t('preferences:comments') },
      { kind: 'toggle', id: 'resolution', label: t('preferences:resolution') },
      { kind: 'times', times: [{ id: 'quietStart', label: t('preferences:quietStart') }, { id: 'quietEnd', label: t('preferences:quietEnd') }], hint: t('preferences:quietHint', { zone }) },
    ],
    submitTitle: words.labels.save,
  };
}
