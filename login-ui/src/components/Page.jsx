import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { pageView } from '../analytics';
import { useT } from './hooks';

const SIGN_UP_STEPS = 4;

// "[Error: ]Title - Site": also the title of a page rendered at build time (src/prerender)
export const documentTitle = (t, title, hasErrors = false) => `${hasErrors ? `${t('common.errorTitlePrefix')} ` : ''}${title} - ${t('layout.siteName')}`;

// One page: optional "Step n of 4", the single h1 (focused on each page change), the
// document title, and the page view sent to analytics.
export default function Page({ pageName, title, step, hasErrors = false, children }) {
  const t = useT();
  const location = useLocation();
  const page = useRef(null);
  const heading = useRef(null);
  const shown = useRef(false);
  useEffect(() => {
    document.title = documentTitle(t, title, hasErrors);
  }, [title, hasErrors, t]);
  const showing = useEffectEvent((path) => {
    // The heading takes the focus, so that a screen reader starts there; but a page that was
    // on the screen before React had it (rendered at build time: src/prerender) may already
    // hold the focus the person put in it, in the field they are typing into. There the focus
    // stays: the heading would take the next keys, and Enter would do nothing.
    const holdsFocus = !shown.current && page.current.contains(document.activeElement);
    shown.current = true;
    if (!holdsFocus) heading.current.focus();
    pageView(path, pageName);
  });
  // once per page (path), not on every render
  useEffect(() => showing(location.pathname), [location.pathname]);
  return (
    <div className="page" ref={page}>
      {step ? (
        <p className="step-indicator">{t('common.stepOf', { step, total: SIGN_UP_STEPS })}</p>
      ) : null}
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
