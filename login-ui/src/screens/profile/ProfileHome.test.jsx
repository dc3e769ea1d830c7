import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeMockup } from '../../test/profileMock';
import { renderApp, storedSession, texts } from '../../test/utils';

const { en } = texts;

describeMockup({ path: 'profilehome', titleId: 'profile.home.title' });

test('shows name, e-mail, phone, language preference and notifications', async () => {
  await renderApp('/en/profilehome');
  ['name', 'email', 'phone', 'language', 'notifications'].forEach((key) => {
    expect(screen.getByText(en[`profile.home.${key}`], { selector: 'dt' })).toBeInTheDocument();
  });
});

test('the name change opens the name edit page', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/profilehome');
  await user.click(screen.getByRole('link', { name: `${en['profile.change']} ${en['profile.home.name']}` }));
  expect(location()).toBe('/en/profilenameedit');
});

test('the e-mail change starts by confirming it is you, the phone change by a new number', async () => {
  await renderApp('/en/profilehome');
  const links = screen.getAllByRole('link', { name: /^Change/ }).map((a) => a.getAttribute('href'));
  expect(links).toEqual(['/en/profilenameedit', '/en/firstverifyitsyou', '/en/enterNewPhoneNumber']);
});

test('sign out clears the session and goes to the home page', async () => {
  const user = userEvent.setup();
  const { location } = await renderApp('/en/profilehome', {
    userData: { email: 'ada@example.com' },
    isAuthenticated: true,
  });
  await user.click(screen.getByRole('button', { name: en['profile.signOut'] }));
  expect(location()).toBe('/en');
  expect(storedSession()).toMatchObject({ isAuthenticated: false, userData: { email: null } });
});
