// Countries offered by the phone widget: the ISO 3166 two-letter codes of countries.json
// (which webpack/phone-metadata-loader.js also reads, to ship only the metadata they
// need). Names come from Intl.DisplayNames in the current language; the dial code and the
// expected digit count come from libphonenumber-js metadata.
import { intlLocale } from '../i18n';
import { dialCode, expectedDigits } from '../validation/phone';
import COUNTRY_CODES from './countries.json';

export const DEFAULT_COUNTRY = 'CA';

// Names that read better than the default display names (fr-CA's is "la Réunion": a name
// alone in a list takes a capital).
const NAME_OVERRIDES = { en: { KR: 'South Korea', CD: 'Democratic Republic of the Congo' }, fr: { RE: 'La Réunion' } };

const cache = {};

function countryName(iso2, language) {
  const override = NAME_OVERRIDES[language] && NAME_OVERRIDES[language][iso2];
  if (override) return override;
  try {
    const names = new Intl.DisplayNames([intlLocale(language)], { type: 'region' });
    return names.of(iso2) || iso2;
  } catch {
    return iso2;
  }
}

export function countryList(language) {
  if (!cache[language]) {
    const collator = new Intl.Collator(intlLocale(language));
    cache[language] = COUNTRY_CODES.map((iso2) => ({
      iso2,
      name: countryName(iso2, language),
      dialCode: dialCode(iso2),
      digits: expectedDigits(iso2),
    })).sort((a, b) => collator.compare(a.name, b.name));
  }
  return cache[language];
}

const fold = (text) =>
  String(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// Countries whose name, code or dial code matches the search text.
export function searchCountries(list, query) {
  const q = fold(query || '').trim();
  if (!q) return list;
  return list.filter(
    (c) => fold(c.name).includes(q) || c.iso2.toLowerCase() === q || c.dialCode.replace('+', '') === q.replace('+', ''),
  );
}
