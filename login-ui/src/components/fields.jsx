import { useT } from './hooks';

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
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <ErrorMessage id={errorId} text={error} />
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
export function RadioGroup({ name, legend, options, value, onChange, error, hint, inline = false }) {
  const errorId = error ? `${name}-error` : null;
  const hintId = hint ? `${name}-hint` : null;
  return (
    <div className={`form-group ${error ? 'form-group--error' : ''}`.trim()}>
      <fieldset className="fieldset" aria-describedby={describedBy(hintId, errorId)}>
        <legend className="fieldset__legend">{legend}</legend>
        {hint ? (
          <p className="hint" id={hintId}>
            {hint}
          </p>
        ) : null}
        <ErrorMessage id={errorId} text={error} />
        <div className={`radios ${inline ? 'radios--inline' : ''}`.trim()}>
          {options.map((option, index) => {
            const id = index === 0 ? name : `${name}-${option.value}`;
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
                />
                <label className="radios__label" htmlFor={id}>
                  {option.label}
                </label>
                {option.hint ? <p className="hint radios__hint">{option.hint}</p> : null}
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

export function Button({ children, busy = false, secondary = false, ...props }) {
  return (
    <button
      type="submit"
      className={`button ${secondary ? 'button--secondary' : ''}`.trim()}
      disabled={busy}
      aria-disabled={busy ? 'true' : undefined}
      {...props}
    >
      {children}
    </button>
  );
}

// A notice: role="status" so assistive technologies read it politely.
export function Notice({ children, kind = 'info', id }) {
  return (
    <div className={`notice notice--${kind}`} role="status" id={id}>
      {children}
    </div>
  );
}
