// Analytics of specification section 7, pushed to window.dataLayer.
// Never put personal data (e-mail, phone, names, codes) in an event.

function push(entry) {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer || [];
  window.dataLayer.push(entry);
}

export const RESULTS = {
  success: 'submit_success',
  error: 'submit_error',
  timeout: 'submit_timeout',
  requestNewCode: 'request-new-code',
};

export function pageView(path, pageName) {
  push({ event: 'pageview', page: { path, name: pageName } });
}

// action = page name + step + result, e.g. "signup_step1_submit_success"
export function buildAction(pageName, step, result) {
  return [pageName, step ? `step${step}` : null, result].filter(Boolean).join('_');
}

export function trackEvent({ category, page, step, result, label = 'button' }) {
  push({ event: 'event', category, action: buildAction(page, step, result), label });
}

// A failed call is an "error" when the server answered a message, a "timeout" when not.
export function failureResult(error) {
  return error && error.message ? RESULTS.error : RESULTS.timeout;
}
