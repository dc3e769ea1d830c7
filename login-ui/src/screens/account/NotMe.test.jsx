import { act, fireEvent, screen } from '@testing-library/react';
import { fail, ok, renderApp, signedIn, texts } from '../../test/utils';

const { en, fr } = texts;
const EVENT = { id: '41', what: 'Signed in', when: 'November 24, 2026 at 10:30 p.m.', device: 'Mobile Safari on iOS' };
const arrive = (language = 'en') => ({ pathname: `/${language}/account/notme`, state: { event: EVENT } });

test('shows the event and what the one step will do', async () => {
  await renderApp(arrive(), { api: signedIn() });
  expect(await screen.findByRole('heading', { level: 1, name: en['account.notMe.title'] })).toBeInTheDocument();
  expect(screen.getByText('Signed in')).toBeInTheDocument();
  expect(screen.getByText(/Mobile Safari on iOS/)).toBeInTheDocument();
  expect(screen.getByText(en['account.notMe.signOut'])).toBeInTheDocument();
  expect(screen.getByText(en['account.notMe.password'])).toBeInTheDocument();
});

test('one press signs out everywhere else, then the password change begins and says so', async () => {
  const { calls, location } = await renderApp(arrive(), { api: signedIn({ 'POST /v1/account/activity/not-me': ok({ ended: 2 }) }) });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: en['account.notMe.submit'] })));
  expect(calls.posts().map((call) => [call.path, call.body])).toEqual([['/v1/account/activity/not-me', { event: '41' }]]);
  expect(location()).toBe('/en/firstverifyitsyou/password');
  expect(await screen.findByText('2 other devices are signed out. Now choose a new password.')).toBeInTheDocument();
  expect(screen.getByText(en['reauthenticate.lead.password'])).toBeInTheDocument();
});

test('is in French', async () => {
  await renderApp(arrive('fr'), { api: signedIn() });
  expect(await screen.findByRole('button', { name: fr['account.notMe.submit'] })).toBeInTheDocument();
});

test('an event no longer there is said where the focus goes, and nothing moves', async () => {
  const { location } = await renderApp(arrive(), { api: signedIn({ 'POST /v1/account/activity/not-me': fail('30', {}, 404) }) });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: en['account.notMe.submit'] })));
  expect(await screen.findByRole('alert')).toHaveTextContent(en['error.30']);
  expect(location()).toBe('/en/account/notme');
});

test('without an event it is the activity', async () => {
  const { location } = await renderApp('/en/account/notme', { api: signedIn({ 'GET /v1/account/activity': ok({ events: [], next: null, timeZone: 'UTC', keptDays: 730 }) }) });
  expect(location()).toBe('/en/account/activity');
});
