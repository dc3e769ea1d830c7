import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, renderApp, storedSession, texts, signedIn } from '../../test/utils';


const { en } = texts;

test('shows the name, verified e-mail, masked phone, language, notifications and services in English', async () => {
  await renderApp('/en/profilehome', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.home.title'] })).toBeInTheDocument();
  expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  expect(screen.getByText(`ada@example.com (${en['profile.home.verified']})`)).toBeInTheDocument();
  expect(screen.getByText('******0100')).toBeInTheDocument();
  expect(screen.getByText(en['profile.language.en'])).toBeInTheDocument();
  expect(screen.getByText(en['profile.home.notificationsValue'])).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Reservations' })).toHaveAttribute('href', 'http://localhost:5001');
});

test('an old sign-in starts the e-mail change with the password, a recent one with the new address', async () => {
  await renderApp('/en/profilehome', { api: signedIn() });
  const links = screen.getAllByRole('link', { name: /^Change/ }).map((a) => a.getAttribute('href'));
  expect(links).toEqual(['/en/profilenameedit', '/en/firstverifyitsyou', '/en/enterNewPhoneNumber', '/en/profilelanguage']);
});

test('a recent sign-in goes straight to the new e-mail address', async () => {
  await renderApp('/en/profilehome', { api: signedIn({}, { reverifyNeeded: false }) });
  expect(screen.getByRole('link', { name: `${en['profile.change']} ${en['profile.home.email']}` })).toHaveAttribute(
    'href',
    '/en/enternewemail',
  );
});

test('sign out ends the server session, clears the browser state and goes home', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/profilehome', {
    userData: { email: 'ada@example.com', redirectTo: '/authorize/resume/x', flow: 'signin' },
    api: signedIn({ 'POST /v1/logout': ok({}) }),
  });
  await user.click(screen.getByRole('button', { name: en['profile.signOut'] }));
  await waitFor(() => expect(location()).toBe('/en'));
  expect(calls.posts().map((c) => c.path)).toEqual(['/v1/logout']);
  expect(storedSession().userData).toMatchObject({ email: null, redirectTo: null });
});
