// libphonenumber-js's "min" metadata (metadata.min.json.js) and its example numbers
// (examples.mobile.json.js) limited to what the phone widget offers (src/phone/countries.json):
// every calling code of an offered country with all the countries that share it (the first
// of them holds the formats the others use, and a number of a sibling, a US number with
// Canada chosen, must still parse as that sibling's to be refused). Numbers of other codes
// cannot be chosen in the widget; they parse as no country and are refused the same way.
const OFFERED = require('../src/phone/countries.json');
const { country_calling_codes: ALL_CODES } = require('libphonenumber-js/metadata.min.json');

const CODES = Object.fromEntries(Object.entries(ALL_CODES).filter(([, countries]) => countries.some((iso2) => OFFERED.includes(iso2))));
const KEPT = new Set(Object.values(CODES).flat());
const pick = (byCountry) => Object.fromEntries(Object.entries(byCountry).filter(([iso2]) => KEPT.has(iso2)));

module.exports = function phoneMetadata(source) {
  const data = JSON.parse(source.slice(source.indexOf('export default') + 'export default'.length).trim().replace(/;$/, ''));
  const limited = data.countries ? { ...data, country_calling_codes: CODES, countries: pick(data.countries), nonGeographic: {} } : pick(data);
  return `export default ${JSON.stringify(limited)}`;
};
