/** The `notifications` form: which DMs a person gets and their quiet hours, in their language. */
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
  return {
    locale: normalizeLocale(locale),
    form: 'notifications',
    title,
    submitVerb: VERBS.notificationsSave,
    values,
    errors,
    priorities: [],
    categories: [],
    ...formWords(title, values, 'notifications', locale),
    choiceLabels: {
      intro: t('preferences:intro'),
      status: t('preferences:status'),
      comments: t('preferences:comments'),
      resolution: t('preferences:resolution'),
      quietStart: t('preferences:quietStart'),
      quietEnd: t('preferences:quietEnd'),
      quietHint: t('preferences:quietHint', { zone }),
    },
  };
}
