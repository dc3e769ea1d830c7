import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, JOURNEY, NO_ANSWER, renderApp, signedIn, texts } from '../../test/utils';

const { en, fr } = texts;
const DOWN = fail('35', null, 503);

const SENT_THERE = { reason: 'unavailable', from: '/en/signUp' };

test('the Error screen says the service is unavailable, inside the header and footer, in English', async () => {
  await renderApp({ pathname: '/en/error', state: SENT_THERE });
  expect(await screen.findByRole('heading', { level: 1, name: en['error.page.title'] })).toBeInTheDocument();
  expect(screen.getByText(en['error.page.unavailable'])).toBeInTheDocument();
  expect(screen.getByText(en['layout.siteName'])).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['layout.otherLanguageName'] })).toHaveAttribute('href', '/fr/error');
  expect(screen.getByRole('link', { name: en['footer.help'] })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: en['common.startAgain'] })).toHaveAttribute('href', '/en');
  expect(document.title).toBe(`${en['error.page.title']} - ${en['layout.siteName']}`);
});

test('the Error screen in French', async () => {
  await renderApp({ pathname: '/fr/error', state: { ...SENT_THERE, from: '/fr/signUp' } });
  expect(await screen.findByRole('heading', { level: 1, name: fr['error.page.title'] })).toBeInTheDocument();
  expect(screen.getByText(fr['error.page.wait'])).toBeInTheDocument();
  expect(screen.getByRole('link', { name: fr['common.startAgain'] })).toHaveAttribute('href', '/fr');
});

test.each([
  ['en', en],
  ['fr', fr],
])('the Error screen opened directly claims no failure and leads home (%s)', async (language, words) => {
  await renderApp(`/${language}/error`);
  expect(await screen.findByRole('heading', { level: 1, name: words['error.page.none.title'] })).toBeInTheDocument();
  expect(screen.queryByText(words['error.page.unavailable'])).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: words['error.page.none.home'] })).toHaveAttribute('href', `/${language}`);
});

test('a session the server cannot answer for (503) shows the Error screen, with a way back to the page', async () => {
  const { location } = await renderApp('/en/signUp/password', {
    journeys: { signup: JOURNEY.signup.emailVerified },
    api: { 'GET /v1/session': DOWN },
  });
  expect(await screen.findByRole('heading', { level: 1, name: en['error.page.title'] })).toBeInTheDocument();
  expect(location()).toBe('/en/error');
  expect(screen.getByRole('link', { name: en['error.page.tryAgain'] })).toHaveAttribute('href', '/en/signUp/password');
});

test('trying again once the server answers opens the page the person was on', async () => {
  let down = true;
  const session = () => (down ? DOWN : { status: 200, body: { success: true, message: '', data: { journeys: { signup: JOURNEY.signup.emailVerified } } } });
  await renderApp('/en/signUp/password', { api: { 'GET /v1/session': session } });
  const again = await screen.findByRole('link', { name: en['error.page.tryAgain'] });
  down = false;
  await userEvent.click(again);
  expect(await screen.findByRole('heading', { level: 1, name: en['password.signup.title'] })).toBeInTheDocument();
});

test('a profile the server does not answer (network) shows the Error screen, not a sign-in', async () => {
  jest.useFakeTimers();
  await renderApp('/fr/profilehome', { api: signedIn({ 'GET /v1/profile': NO_ANSWER }) });
  // the client's time limit
  await act(async () => jest.advanceTimersByTime(15000));
  expect(await screen.findByRole('heading', { level: 1, name: fr['error.page.title'] })).toBeInTheDocument();
  expect(screen.getByText(fr['error.page.noAnswer'])).toBeInTheDocument();
  expect(screen.queryByText(fr['home.signInFirst'])).not.toBeInTheDocument();
  jest.useRealTimers();
});

test('a refused session (4xx) is no journey: home, told it went on elsewhere', async () => {
  const { location } = await renderApp('/en/signUp/password', { api: { 'GET /v1/session': fail('30', null, 404) } });
  expect(location()).toBe('/');
  expect(await screen.findByText(en['error.20'])).toBeInTheDocument();
});
