import { ApiError } from '../api/v1';
import { buildAction, failureResult, pageView, trackEvent } from '.';

test('a page view carries the path and the page name', () => {
  pageView('/en/signUp', 'signup');
  expect(window.dataLayer).toEqual([{ event: 'pageview', page: { path: '/en/signUp', name: 'signup' } }]);
});

test('an event has category = flow, action = page + step + result, label = button or link', () => {
  trackEvent({ category: 'signup', page: 'password', step: 2, result: 'submit_success' });
  trackEvent({ category: 'signin', page: 'verification', result: 'request-new-code', label: 'link' });
  expect(window.dataLayer).toEqual([
    { event: 'event', category: 'signup', action: 'password_step2_submit_success', label: 'button' },
    { event: 'event', category: 'signin', action: 'verification_request-new-code', label: 'link' },
  ]);
});

test('the action leaves out a missing step', () => {
  expect(buildAction('home', null, 'redirect_privacy')).toBe('home_redirect_privacy');
});

test('a failure is an error when a message came back and a timeout when not', () => {
  expect(failureResult(new ApiError({ message: '14' }))).toBe('submit_error');
  expect(failureResult(new ApiError({ timeout: true }))).toBe('submit_timeout');
});
