// The messages as the screens format them: react-intl over the messages FormatJS compiled
// (src/test/messages.js under Jest, webpack/compiled-messages-loader.js in the build). The
// cases of tests/shared/message_cases.json are the contract with the server, which formats
// the same ones with idp/catalogue.py from the build's ASTs (tests/foundation/test_catalogue.py).
import { createIntl } from 'react-intl';
import cases from '../../../tests/shared/message_cases.json';
import en from './en.json';
import fr from './fr.json';
import { intlLocale } from '.';

const { compiled } = require('../test/messages');

const CATALOGUES = { en, fr };
const own = (language) => Object.fromEntries(Object.entries(cases.messages).map(([id, texts]) => [id, texts[language]]));
const intlOf = (language) =>
  createIntl({ locale: intlLocale(language), messages: { ...compiled(CATALOGUES[language]), ...compiled(own(language)) } });
const INTL = { en: intlOf('en'), fr: intlOf('fr') };

test.each(cases.cases.flatMap((shared) => ['en', 'fr'].map((language) => [language, shared.id, shared.values, shared[language]])))(
  'in %s, %s with %j says the shared text',
  (language, id, values, said) => {
    expect(INTL[language].formatMessage({ id }, values)).toBe(said);
  },
);

test('a missing message or value shows the message id and says why', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(INTL.fr.formatMessage({ id: 'no.such.message' })).toBe('no.such.message');
  expect(INTL.fr.formatMessage({ id: 'error.3' })).toBe('error.3');
  expect(error).toHaveBeenCalledTimes(2);
  error.mockRestore();
});
