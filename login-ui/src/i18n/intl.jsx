// The little of react-intl the screens use (a provider, formatMessage, formatDate, the
// messages), on FormatJS's own formatter: react-intl's runtime (its provider, the date,
// number, list, relative-time and display-name formatters of @formatjs/intl) was 5.7 KB
// gzip of the first screen's 100 KB budget, measured with bench/ui_bundle_size.py. The
// messages reach the browser compiled (webpack/compiled-messages-loader.js); Jest hands the
// ICU source, which intl-messageformat parses there.
import { IntlMessageFormat } from 'intl-messageformat';
import { createContext, useContext, useMemo } from 'react';

// a bug of ours (a message missing, a value it names not given) is said, not thrown at a person
const report = (error) => console.error(error);

export function createIntl({ locale, messages }) {
  const formats = new Map();
  const formatMessage = ({ id }, values) => {
    const message = messages[id];
    if (message === undefined) {
      report(new Error(`no message "${id}" in ${locale}`));
      return id;
    }
    try {
      if (!formats.has(id)) formats.set(id, new IntlMessageFormat(message, locale));
      return formats.get(id).format(values);
    } catch (error) {
      report(error);
      return id;
    }
  };
  const formatDate = (value, options) => {
    try {
      return new Intl.DateTimeFormat(locale, options).format(new Date(value));
    } catch (error) {
      report(error);
      return String(value);
    }
  };
  return { locale, messages, formatMessage, formatDate };
}

const IntlContext = createContext(null);

export function IntlProvider({ locale, messages, children }) {
  const intl = useMemo(() => createIntl({ locale, messages }), [locale, messages]);
  return <IntlContext.Provider value={intl}>{children}</IntlContext.Provider>;
}

export const useIntl = () => useContext(IntlContext);
