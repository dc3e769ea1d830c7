import { useMemo, useState } from 'react';
import { countryList, searchCountries } from '../phone/countries';
import { dialCode, exampleNumber, expectedDigits, formatAsTyped } from '../validation/phone';
import { ErrorMessage } from './fields';
import { useDebouncedValue, useLanguage, useT } from './hooks';

const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

const optionsOf = (countries) =>
  countries.map((c) => (
    <option key={c.iso2} value={c.iso2}>
      {`${c.name} (${c.dialCode})`}
    </option>
  ));

// Phone input with a country dropdown (the countries given, or all) and a search box (debounced 250 ms). The country's
// dial code is shown and cannot be edited. A search that finds one country chooses it, and
// Enter in the search box chooses the first country found.
export default function PhoneField({ countries = null, country, onCountryChange, value, onChange, error }) {
  const t = useT();
  const language = useLanguage();
  const [query, setQuery] = useState('');
  // what a change of country did to the number typed, said beside the field
  const [retyped, setRetyped] = useState(null);
  const listed = countryList(language);
  // the countries the service serves (null: every one the widget knows)
  const all = useMemo(() => (countries ? listed.filter((c) => countries.includes(c.iso2)) : listed), [listed, countries]);
  const onlyOne = (search, found = searchCountries(all, search)) => (search && found.length === 1 ? found[0].iso2 : null);
  // Another country: the digits typed keep their order and take its format, and the
  // person is told so (a number typed for one country rarely suits another).
  const changeCountry = (next) => {
    if (!next || next === country) return;
    onCountryChange(next);
    const digits = String(value || '').replace(/\D/g, '');
    if (!digits) {
      setRetyped(null);
      return;
    }
    const name = (all.find((c) => c.iso2 === next) || { name: next }).name;
    onChange(formatAsTyped(digits, next));
    setRetyped(t('phone.reformatted', { country: `${name} (${dialCode(next)})` }));
  };
  // when the search settles on a new single country, it is chosen; not when the person then
  // picks another
  const debouncedQuery = useDebouncedValue(query, COUNTRY_SEARCH_DEBOUNCE_MS, (settled, before) => {
    const next = onlyOne(settled);
    if (next && next !== onlyOne(before)) changeCountry(next);
  });
  const matches = useMemo(() => searchCountries(all, debouncedQuery), [all, debouncedQuery]);
  const only = onlyOne(debouncedQuery, matches);
  const chooseFirst = (event) => {
    if (event.key !== 'Enter') return;
    // Enter chooses a country; it does not send the form
    event.preventDefault();
    const [first] = searchCountries(all, query);
    if (first && query.trim()) changeCountry(first.iso2);
  };
  const chosen = all.find((c) => c.iso2 === country);
  // The chosen country stays listed (the select shows it), apart from the matches so
  // that the count read out is the count of countries found.
  const apart = debouncedQuery && chosen && !matches.includes(chosen);
  const code = dialCode(country);
  const digits = expectedDigits(country);
  const example = exampleNumber(country);
  // The country's format is applied as the person types at the end of the number; an
  // edit inside it or a deletion is left alone, so the caret does not jump.
  const typed = (event) => {
    const { value: text, selectionStart } = event.target;
    const deleting = String(event.nativeEvent.inputType || '').startsWith('delete');
    onChange(!deleting && selectionStart === text.length ? formatAsTyped(text, country) : text);
  };
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
          onKeyDown={chooseFirst}
        />
        <p className="visually-hidden" id="country-search-count" aria-live="polite">
          {debouncedQuery && only ? t('phone.searchChosen', { country: `${matches[0].name} (${matches[0].dialCode})` }) : null}
          {debouncedQuery && !only ? t('phone.searchCount', { count: matches.length }) : null}
        </p>
        <label className="label" htmlFor="country">
          {t('phone.countryLabel')}
        </label>
        <select
          id="country"
          className="select"
          value={country}
          autoComplete="country"
          onChange={(event) => changeCountry(event.target.value)}
        >
          {apart ? (
            <>
              <optgroup label={t('phone.chosenGroup')}>{optionsOf([chosen])}</optgroup>
              {matches.length ? <optgroup label={t('phone.matchesGroup', { count: matches.length })}>{optionsOf(matches)}</optgroup> : null}
            </>
          ) : (
            optionsOf(matches)
          )}
        </select>
      </div>
      <label className="label" htmlFor="phone">
        {t('phone.label')}
      </label>
      <p className="hint" id="phone-hint">
        {digits ? t('phone.hintDigits', { digits }) : t('phone.hint')}
        {example ? ` ${t('phone.example', { example })}` : null}
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
          aria-describedby={['dial-code', 'phone-hint', retyped ? 'phone-retyped' : null, errorId].filter(Boolean).join(' ')}
          onChange={typed}
        />
      </div>
      <p className="hint" id="phone-retyped" aria-live="polite">
        {retyped}
      </p>
    </div>
  );
}
