/**
 * How an answer's text and a person's question become words to match, per language: the
 * engine-neutral terms of the ticket search (lower case, accents dropped), common words left out,
 * and each word stemmed by the Snowball stemmer of its language, so "passwords" finds "password"
 * and "Druckers" finds "Drucker". The engines retrieve with their own stemming (PostgreSQL's
 * german/english configurations, SQLite FTS5's porter); this one decides the score, so both
 * engines offer the same answers.
 */
import { stemmer as stemEnglish } from '@orama/stemmers/english';
import { stemmer as stemGerman } from '@orama/stemmers/german';
import { termsOf } from './search-terms';

/** The languages answers are written in. */
export const ANSWER_LANGUAGES = ['en', 'de'] as const;
export type AnswerLanguage = (typeof ANSWER_LANGUAGES)[number];

/** The answer language of a locale ('de-DE' -> 'de'); anything else is English. */
export function answerLanguage(locale: string | undefined): AnswerLanguage {
  return (locale ?? '').toLowerCase().startsWith('de') ? 'de' : 'en';
}

// Words that carry no topic in a help-desk question: grammar, greetings, "help", "problem", "again".
const COMMON: Record<AnswerLanguage, ReadonlySet<string>> = {
  en: new Set(`a about after again all also am an and any anyone are as at be been before but by can cant could did didnt do does doesnt
    dont for from get gets getting got had has have having hello help hey hi how i im is isnt it its ive just keep keeps me my myself no
    not now of on one or our please pls problem problems someone something still that the then there this to today too trying tried
    u up us very was wasnt we what when where which while why will with wont work working works would you your thanks thx since
    issue issues anymore time always some need needs want wants like guess think yesterday morning every`.split(/\s+/)),
  de: new Set(`aber alle alles als also am an auch auf aus bei beim bin bis bitte da dann das dass dem den der des die doch du ein eine
    einem einen einer es fur geht gehts gibt hab habe haben hallo hat hi hilfe ich ihr im immer in ist ja jemand kann kann kein keine
    mal man mehr mein meine meinem meinen meiner mich mir mit nach nicht noch nur oder schon seit sie sind so und uns von vom war was
    weiss wie wieder wir wo zu zum zur problem probleme moin danke heute funktioniert klappt geht gehen irgendwie einfach
    brauche brauchen mochte will wollte gestern morgen dauernd standig jetzt nun`.split(/\s+/)),
};

const STEMMERS: Record<AnswerLanguage, (word: string) => string> = { en: stemEnglish, de: stemGerman };

/** The words of a text that carry meaning in `language`, unstemmed (what an engine's own stemmer gets). */
export function meaningfulTerms(text: string, language: AnswerLanguage): string[] {
  return termsOf(text).filter((t) => !COMMON[language].has(t) && !/^\p{N}+$/u.test(t) && t.length > 1);
}

/** One word's stem in `language`. */
export function stemOf(term: string, language: AnswerLanguage): string {
  return STEMMERS[language](term);
}

/** The stems of a text in `language`, once each, in order. */
export function stemsOf(text: string, language: AnswerLanguage): string[] {
  return [...new Set(meaningfulTerms(text, language).map((t) => stemOf(t, language)))];
}
