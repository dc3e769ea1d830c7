// The little of react-intl the screens use (a provider, formatMessage, formatDate, the
// messages), formatting FormatJS's message ASTs with the browser's own Intl: react-intl's
// runtime (its provider and @formatjs/intl's formatters) and then intl-messageformat were
// 5.5 KB gzip of the first screen's 100 KB budget, measured with bench/ui_bundle_size.py. The
// messages always arrive compiled (webpack/compiled-messages-loader.js; under Jest,
// src/test/messages.js), made of the kinds of part below only (intl.test.js fails on another).
import { createContext, useContext, useMemo } from 'react';

// FormatJS's numbers for the kinds of part (@formatjs/icu-messageformat-parser's TYPE); a
// text part comes as its text alone
export const TYPE = { argument: 1, number: 2, select: 5, plural: 6, pound: 7 };

// a bug of ours (a message missing, a value it names not given) is said, not thrown at a person
const report = (error) => console.error(error);

function valueOf(values, name) {
  if (!(name in values)) throw new Error(`no value for {${name}}`);
  return values[name];
}

// ICU's rules for each kind of part, as intl-messageformat reads them: an exact plural case
// (=0) before the language's plural category, `other` when no case matches, # the plural's
// number less its offset.
function format(parts, values, intl, pound) {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      switch (part.type) {
        case TYPE.argument:
          return String(valueOf(values, part.value) ?? '');
        case TYPE.number:
          return intl.number.format(valueOf(values, part.value));
        case TYPE.pound:
          return intl.number.format(pound);
        case TYPE.select: {
          const chosen = part.options[valueOf(values, part.value)] || part.options.other;
          return format(chosen.value, values, intl, pound);
        }
        case TYPE.plural: {
          const count = Number(valueOf(values, part.value));
          const category = intl.plurals(part.pluralType).select(count - part.offset);
          const chosen = part.options[`=${count}`] || part.options[category] || part.options.other;
          return format(chosen.value, values, intl, count - part.offset);
        }
        default:
          throw new Error(`a message part of type ${part.type}, which the UI does not format`);
      }
    })
    .join('');
}

export function createIntl({ locale, messages }) {
  const rules = {};
  const intl = {
    number: new Intl.NumberFormat(locale),
    plurals: (type) => (rules[type] = rules[type] || new Intl.PluralRules(locale, { type })),
  };
  const formatMessage = ({ id }, values = {}) => {
    const message = messages[id];
    if (message === undefined) {
      report(new Error(`no message "${id}" in ${locale}`));
      return id;
    }
    try {
      return format(message, values, intl);
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
