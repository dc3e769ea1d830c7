// The build ships libphonenumber-js's metadata and example numbers limited to the offered
// countries (webpack/phone-metadata-loader.js); Jest loads the full set, so this checks
// the limited one: every offered country reads and formats as with the full set.
import fs from 'fs';
import path from 'path';
import { AsYouType, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import fullMetadata from 'libphonenumber-js/metadata.min.json';
import fullExamples from 'libphonenumber-js/mobile/examples';
import limit from '../../webpack/phone-metadata-loader';
import OFFERED from './countries.json';

const limited = (file) => {
  const source = limit(fs.readFileSync(path.resolve(__dirname, '../../node_modules/libphonenumber-js', file), 'utf8'));
  return JSON.parse(source.slice('export default '.length));
};
const metadata = limited('metadata.min.json.js');
const examples = limited('examples.mobile.json.js');

test.each(OFFERED)('%s keeps its dial code, example number and formats', (iso2) => {
  expect(getCountryCallingCode(iso2, metadata)).toBe(getCountryCallingCode(iso2, fullMetadata));
  expect(examples[iso2]).toBe(fullExamples[iso2]);
  const parsed = parsePhoneNumberFromString(examples[iso2], iso2, metadata);
  expect(parsed.formatNational()).toBe(parsePhoneNumberFromString(examples[iso2], iso2, fullMetadata).formatNational());
  expect(new AsYouType(iso2, metadata).input(examples[iso2])).toBe(new AsYouType(iso2, fullMetadata).input(examples[iso2]));
});

test('a number of a sibling on the same calling code still parses as the sibling (a US number with Canada chosen)', () => {
  expect(parsePhoneNumberFromString('2015550123', 'CA', metadata).country).toBe('US');
});

test('the countries no offered country shares a calling code with are left out', () => {
  expect(Object.keys(metadata.countries).length).toBeLessThan(Object.keys(fullMetadata.countries).length);
  expect(metadata.countries.RU).toBeUndefined();
});
