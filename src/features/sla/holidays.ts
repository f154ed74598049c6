/**
 * Public holidays from date-holidays. Only the `public` type closes the desk: bank, school,
 * optional and observance days are ordinary working days (Heiligabend is `bank` in Germany, so a
 * desk that closes then lists it under `holidays.dates`).
 */
import Holidays from 'date-holidays';

/** Local date (YYYY-MM-DD) -> holiday name, or undefined on a working day. */
export type HolidayLookup = (isoDate: string) => string | undefined;

/** A lookup of the public holidays of a country (and region), or the reason it cannot be made. */
export function publicHolidays(country: string, region?: string): HolidayLookup | { error: string } {
  const library = new Holidays();
  if (!(country in library.getCountries())) return { error: `unknown country "${country}"` };
  const regions = library.getStates(country) ?? {};
  if (region !== undefined && !(region in regions)) {
    const known = Object.keys(regions).join(', ');
    return { error: `unknown region "${region}" of ${country}${known ? ` (known: ${known})` : ''}` };
  }
  const holidays = region === undefined ? new Holidays(country) : new Holidays(country, region);
  const years = new Map<number, Map<string, string>>();
  return (isoDate) => {
    const year = Number(isoDate.slice(0, 4));
    let days = years.get(year);
    if (!days) {
      days = new Map();
      for (const h of holidays.getHolidays(year)) if (h.type === 'public') days.set(h.date.slice(0, 10), h.name);
      years.set(year, days);
    }
    return days.get(isoDate);
  };
}
