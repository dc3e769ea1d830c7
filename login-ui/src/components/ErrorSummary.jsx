import { useEffect, useEffectEvent, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useT } from './hooks';

// "There was a problem" at the top of the form, one link per field in error.
// items: [{ field, text }]. Focus moves here on each failed submit (focusKey changes).
// next: where to go on when the form cannot fix the error ({ to, label }).
export default function ErrorSummary({ items, focusKey, next = null }) {
  const t = useT();
  const box = useRef(null);
  const failed = useEffectEvent(() => {
    if (items.length && box.current) box.current.focus();
  });
  // on each failed submit, not when the errors change as the person corrects them
  useEffect(() => failed(), [focusKey]);
  if (!items.length) return null;
  const focusField = (field) => (event) => {
    event.preventDefault();
    const input = document.getElementById(field);
    if (input) input.focus();
  };
  return (
    <div className="error-summary" ref={box} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 className="error-summary__title" id="error-summary-title">
        {t('error.1')}
      </h2>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.field}>
            <a href={`#${item.field}`} onClick={focusField(item.field)}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>
      {next ? (
        <p>
          <Link to={next.to}>{next.label}</Link>
        </p>
      ) : null}
    </div>
  );
}
