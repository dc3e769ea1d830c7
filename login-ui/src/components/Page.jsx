import { useEffect, useRef } from 'react';
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
  const heading = useRef(null);
  useEffect(() => {
    document.title = documentTitle(t, title, hasErrors);
  }, [title, hasErrors, t]);
  useEffect(() => {
    if (heading.current) heading.current.focus();
    pageView(location.pathname, pageName);
    // once per page (path), not on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
  return (
    <div className="page">
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
