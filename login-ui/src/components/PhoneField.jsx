import { useMemo, useState } from 'react';
import { countryList, searchCountries } from '../phone/countries';
import { dialCode, expectedDigits } from '../validation/phone';
import { ErrorMessage } from './fields';
import { useDebouncedValue, useLanguage, useT } from './hooks';

const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

// Phone input with a country dropdown and a search box (debounced 250 ms). The country's
// dial code is shown and cannot be edited.
export default function PhoneField({ country, onCountryChange, value, onChange, error }) {
  const t = useT();
  const language = useLanguage();
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebouncedValue(query, COUNTRY_SEARCH_DEBOUNCE_MS);
  const all = countryList(language);
  const matches = useMemo(() => searchCountries(all, debouncedQuery), [all, debouncedQuery]);
  // the chosen country always stays in the list
  const options = matches.some((c) => c.iso2 === country)
    ? matches
    : [all.find((c) => c.iso2 === country), ...matches].filter(Boolean);
  const code = dialCode(country);
  const digits = expectedDigits(country);
  const errorId = error ? 'phone-error' : null;
  return (
    <div className={`form-group ${error ? 'form-group--error' : ''}`.trim()}>
      <div className="country-picker">
        <label className="label" htmlFor="country-search">
          {t('phone.searchLabel')}
        </label>
        <p className="hint" id="country-search-hint">
          {t('phone.searchHint')}
        </p>
        <input
          id="country-search"
          className="input input--medium"
          type="search"
          autoComplete="off"
          value={query}
          aria-describedby="country-search-hint country-search-count"
          aria-controls="country"
          onChange={(event) => setQuery(event.target.value)}
        />
        <p className="visually-hidden" id="country-search-count" aria-live="polite">
          {debouncedQuery ? t('phone.searchCount', { count: matches.length }) : ''}
        </p>
        <label className="label" htmlFor="country">
          {t('phone.countryLabel')}
        </label>
        <select
          id="country"
          className="select"
          value={country}
          autoComplete="country"
          onChange={(event) => onCountryChange(event.target.value)}
        >
          {options.map((c) => (
            <option key={c.iso2} value={c.iso2}>
              {`${c.name} (${c.dialCode})`}
            </option>
          ))}
        </select>
      </div>
      <label className="label" htmlFor="phone">
        {t('phone.label')}
      </label>
      <p className="hint" id="phone-hint">
        {digits ? t('phone.hintDigits', { digits }) : t('phone.hint')}
      </p>
      <ErrorMessage id={errorId} text={error} />
      <div className="phone-row">
        <span className="phone-row__dial" id="dial-code">
          <span className="visually-hidden">{t('phone.dialCodeLabel')} </span>
          {code}
        </span>
        <input
          id="phone"
          name="phone"
          className={`input input--medium ${error ? 'input--error' : ''}`.trim()}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={value}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={['dial-code', 'phone-hint', errorId].filter(Boolean).join(' ')}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
