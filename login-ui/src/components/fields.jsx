import { useHydrated, useT } from './hooks';

function describedBy(...ids) {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function ErrorMessage({ id, text }) {
  const t = useT();
  if (!text) return null;
  return (
    <p className="error-message" id={id}>
      <span className="visually-hidden">{t('common.errorPrefix')} </span>
      {text}
    </p>
  );
}

// A field's hint, then its error (both referenced by aria-describedby).
function HintAndError({ hintId, hint, errorId, error }) {
  return (
    <>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <ErrorMessage id={errorId} text={error} />
    </>
  );
}

export function TextField({
  id,
  label,
  hint,
  error,
  className = '',
  inputClassName = '',
  after,
  'aria-describedby': extraDescribedBy,
  ...inputProps
}) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <div className={`form-group ${error ? 'form-group--error' : ''} ${className}`.trim()}>
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <HintAndError hintId={hintId} hint={hint} errorId={errorId} error={error} />
      <input
        id={id}
        name={id}
        className={`input ${error ? 'input--error' : ''} ${inputClassName}`.trim()}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(hintId, errorId, extraDescribedBy)}
        {...inputProps}
      />
      {after}
    </div>
  );
}

// Radios in a fieldset with a legend. options: [{ value, label, hint }]
export function RadioGroup({ name, legend, options, value, onChange, error, hint }) {
  const errorId = error ? `${name}-error` : null;
  const hintId = hint ? `${name}-hint` : null;
  return (
    <div className={`form-group ${error ? 'form-group--error' : ''}`.trim()}>
      <fieldset className="fieldset" aria-describedby={describedBy(hintId, errorId)}>
        <legend className="fieldset__legend">{legend}</legend>
        <HintAndError hintId={hintId} hint={hint} errorId={errorId} error={error} />
        <div className="radios">
          {options.map((option, index) => {
            const id = index === 0 ? name : `${name}-${option.value}`;
            const itemHintId = option.hint ? `${id}-item-hint` : undefined;
            return (
              <div className="radios__item" key={option.value}>
                <input
                  className="radios__input"
                  type="radio"
                  id={id}
                  name={name}
                  value={option.value}
                  checked={value === option.value}
                  onChange={() => onChange(option.value)}
                  aria-describedby={itemHintId}
                />
                <label className="radios__label" htmlFor={id}>
                  {option.label}
                </label>
                {option.hint ? (
                  <p className="hint radios__hint" id={itemHintId}>
                    {option.hint}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}

export function Checkbox({ id, label, checked, onChange }) {
  return (
    <div className="checkbox">
      <input className="checkbox__input" type="checkbox" id={id} checked={checked} onChange={onChange} />
      <label className="checkbox__label" htmlFor={id}>
        {label}
      </label>
    </div>
  );
}

// secondary: a quieter action; warning: one that cannot be undone (deleting the account).
// Until React has taken over a page rendered at build time, a press would submit the form
// natively (the page again, what was typed in its address): the button waits, as when busy.
export function Button({ children, busy = false, secondary = false, warning = false, ...props }) {
  const kind = (secondary && 'button--secondary') || (warning && 'button--warning') || '';
  const hydrated = useHydrated();
  const waiting = busy || !hydrated;
  return (
    <button
      type="submit"
      className={`button ${kind}`.trim()}
      disabled={waiting}
      aria-disabled={waiting ? 'true' : undefined}
      {...props}
    >
      {children}
    </button>
  );
}

// A notice: role="status" so assistive technologies read it politely. focusRef: for a
// notice that takes the focus when what the person pressed disappears.
export function Notice({ children, kind = 'info', id, focusRef }) {
  return (
    <div className={`notice notice--${kind}`} role="status" id={id} ref={focusRef} tabIndex={focusRef ? -1 : undefined}>
      {children}
    </div>
  );
}
