import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, renderApp, SERVICE, signedIn, texts } from '../../test/utils';

const { en, fr } = texts;

function setBrowserLanguages(languages) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
}

afterEach(() => setBrowserLanguages(['en-US', 'en']));

test('renders the sign-in start in English at /en', async () => {
  await renderApp('/en');
  expect(await screen.findByRole('heading', { level: 1, name: en['home.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['email.label'])).toHaveAttribute('autocomplete', 'username webauthn');
  expect(document.documentElement.lang).toBe('en');
});

test('renders the sign-in start in French at /fr, with the French document title', async () => {
  await renderApp('/fr');
  expect(await screen.findByRole('heading', { level: 1, name: fr['home.title'] })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('fr');
  expect(document.title).toBe(`${fr['home.title']} - ${fr['layout.siteName']}`);
});

test('at / the language is the first preferred browser language that is en or fr', async () => {
  setBrowserLanguages(['de-DE', 'fr-CA', 'en']);
  await renderApp('/');
  expect(await screen.findByRole('heading', { level: 1, name: fr['home.title'] })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('fr');
});

test('at / the language is English when no preferred language is en or fr', async () => {
  setBrowserLanguages(['de-DE', 'es']);
  await renderApp('/');
  expect(await screen.findByRole('heading', { level: 1, name: en['home.title'] })).toBeInTheDocument();
});

test('the heading receives focus when the page opens', async () => {
  await renderApp('/en');
  const heading = await screen.findByRole('heading', { level: 1 });
  expect(heading).toHaveFocus();
});

test('an invalid e-mail shows the error summary linked to the field and the message on the field', async () => {
  const user = userEvent.setup();
  await renderApp('/en');
  await user.type(screen.getByLabelText(en['email.label']), 'ada.example.com');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  const summary = screen.getByRole('alert');
  expect(summary).toHaveTextContent(en['error.1']);
  expect(screen.getByRole('link', { name: en['error.2'] })).toHaveAttribute('href', '#email');
  expect(summary).toHaveFocus();
  expect(screen.getByLabelText(en['email.label'])).toHaveAttribute('aria-invalid', 'true');
  expect(document.title.startsWith(en['common.errorTitlePrefix'])).toBe(true);
});

test('after a failed submit the e-mail is checked again on change', async () => {
  const user = userEvent.setup();
  await renderApp('/en');
  const field = screen.getByLabelText(en['email.label']);
  await user.type(field, 'ada@example');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(screen.queryByRole('alert')).toBeInTheDocument();
  await user.clear(field);
  await user.type(field, 'ada@example.ca');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('the e-mail is pre-filled from the login hint of the session', async () => {
  await renderApp('/en', { api: { 'GET /v1/session': ok({ authenticated: false, service: null, loginHint: 'hint@example.com' }) } });
  await waitFor(() => expect(screen.getByLabelText(en['email.label'])).toHaveValue('hint@example.com'));
});

test('the first-time privacy link leads to the privacy notice and emits a click event', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en');
  await user.click(screen.getByRole('link', { name: en['home.firstTime'] }));
  await waitFor(() => expect(location()).toBe('/en/signUp/privacy'));
  expect(window.dataLayer).toContainEqual({
    event: 'event',
    category: 'signup',
    action: 'home_redirect_privacy',
    label: 'link',
  });
});

test('the page has sign-up and already-have-an-account links and a details section', async () => {
  await renderApp('/en');
  expect(screen.getByRole('link', { name: en['home.signUp'] })).toHaveAttribute('href', '/en/signUp/privacy');
  expect(screen.getByRole('link', { name: en['home.signIn'] })).toHaveAttribute('href', '/en/signIn');
  expect(screen.getByText(en['home.details.summary'])).toBeInTheDocument();
});

test('a page view with the path and page name is sent to analytics', async () => {
  await renderApp('/fr');
  await screen.findByRole('heading', { level: 1 });
  expect(window.dataLayer).toContainEqual({ event: 'pageview', page: { path: '/fr', name: 'home' } });
});

test('the header shows the relying service waiting for this sign-in', async () => {
  await renderApp('/en', {
    api: { 'GET /v1/session': ok({ authenticated: false, service: { ...SERVICE, title: 'Passport renewal' }, loginHint: null }) },
  });
  await waitFor(() => expect(screen.getByTestId('service-name')).toHaveTextContent('Passport renewal'));
});

test('the header names no service when none waits for this browser', async () => {
  await renderApp('/fr');
  expect(screen.getByTestId('service-name')).toBeEmptyDOMElement();
});

test('the header names no service on the account pages after a direct sign-in, though the tab kept one', async () => {
  await renderApp('/en/profilehome', {
    userData: { service: 'Reservations', language: 'en' },
    api: signedIn(),
  });
  expect(screen.getByTestId('service-name')).toBeEmptyDOMElement();
});

test('the language toggle swaps the language segment and keeps the rest of the path', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/signIn');
  await user.click(screen.getByRole('link', { name: en['layout.otherLanguageName'] }));
  expect(location()).toBe('/fr/signIn');
  expect(screen.getByRole('heading', { level: 1, name: fr['email.signin.title'] })).toBeInTheDocument();
});

test('the footer has About, Help and Terms links in the page language', async () => {
  await renderApp('/fr');
  const footer = screen.getByRole('contentinfo');
  expect(footer).toHaveTextContent(fr['footer.about']);
  expect(footer).toHaveTextContent(fr['footer.help']);
  expect(footer).toHaveTextContent(fr['footer.terms']);
});
