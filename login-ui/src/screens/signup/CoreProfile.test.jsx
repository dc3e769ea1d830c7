import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_POLICY } from '../../config';
import { fail, JOURNEY, moved, renderApp, SERVICE, texts } from '../../test/utils';

const { en, fr } = texts;

test('renders step 4 of 4 in English with name inputs of size 10', async () => {
  await renderApp('/en/signUp/profile', { journeys: { signup: JOURNEY.signup.phoneVerified } });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.core.title'] })).toBeInTheDocument();
  expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
  expect(screen.getByLabelText(en['profile.core.firstName'])).toHaveAttribute('size', '10');
  expect(screen.getByLabelText(en['profile.core.firstName'])).toHaveAttribute('autocomplete', 'given-name');
  expect(screen.getByLabelText(en['profile.core.lastName'])).toHaveAttribute('autocomplete', 'family-name');
});

test('renders step 4 of 4 in French', async () => {
  await renderApp('/fr/signUp/profile', { journeys: { signup: JOURNEY.signup.phoneVerified } });
  expect(screen.getByRole('heading', { level: 1, name: fr['profile.core.title'] })).toBeInTheDocument();
});

test('before the phone code is verified the journey\'s own screen opens instead', async () => {
  const { location } = await renderApp('/en/signUp/profile', { journeys: { signup: JOURNEY.signup.phoneSent } });
  expect(location()).toBe('/en/signUp/verification/sms');
});

test('a missing last name gives the code 11 text', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signUp/profile', { journeys: { signup: JOURNEY.signup.phoneVerified } });
  await user.click(screen.getByRole('button', { name: en['profile.core.submit'] }));
  expect(screen.getByRole('link', { name: en['error.11'] })).toHaveAttribute('href', '#lastName');
  expect(calls.posts()).toHaveLength(0);
});

test('a first name is checked only when filled in', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/profile', { journeys: { signup: JOURNEY.signup.phoneVerified } });
  await user.type(screen.getByLabelText(en['profile.core.firstName']), 'A1');
  await user.type(screen.getByLabelText(en['profile.core.lastName']), 'Lovelace');
  await user.click(screen.getByRole('button', { name: en['profile.core.submit'] }));
  expect(screen.getByRole('link', { name: en['error.11.invalid'] })).toHaveAttribute('href', '#firstName');
});

test('a last name alone completes the profile and opens the redirect page, which gets the redirect address', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/signUp/profile', {
    journeys: { signup: JOURNEY.signup.phoneVerified },
    service: SERVICE,
    api: { 'POST /v1/users/createcoreprofile': moved(JOURNEY.signup.completed, { redirectTo: '/authorize/resume/xyz' }) },
  });
  await user.type(screen.getByLabelText(en['profile.core.lastName']), "D'Arcy-Lévesque");
  await user.click(screen.getByRole('button', { name: en['profile.core.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/redirecttorp'));
  expect(calls.posts()[0].body).toEqual({
    userName: 'ada@example.com',
    firstName: '',
    lastName: "D'Arcy-Lévesque",
    id: 'U1',
    language: 'eng',
  });
  expect(await screen.findByRole('link', { name: /Continue to/ })).toHaveAttribute('href', 'http://localhost/authorize/resume/xyz');
});

test('a name the server refuses shows its text on the field the server names', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/profile', {
    journeys: { signup: JOURNEY.signup.phoneVerified },
    api: { 'POST /v1/users/createcoreprofile': fail('11', { field: 'firstName', reason: 'invalid' }) },
  });
  await user.type(screen.getByLabelText(en['profile.core.firstName']), 'Ada');
  await user.type(screen.getByLabelText(en['profile.core.lastName']), 'Lovelace');
  await user.click(screen.getByRole('button', { name: en['profile.core.submit'] }));
  await waitFor(() => expect(document.getElementById('firstName-error')).toHaveTextContent(en['error.11.invalid']));
});

test('a name longer than the policy maximum is refused before any call, with the maximum', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/signUp/profile', {
    journeys: { signup: JOURNEY.signup.phoneVerified },
    config: { policy: { ...DEFAULT_POLICY, nameMaxLength: 5 } },
  });
  await user.type(screen.getByLabelText(en['profile.core.lastName']), 'Lovelace');
  await user.click(screen.getByRole('button', { name: en['profile.core.submit'] }));
  expect(document.getElementById('lastName-error')).toHaveTextContent('Use 5 characters or fewer.');
  expect(calls.posts()).toHaveLength(0);
});

test('a name too long for the server shows its maximum', async () => {
  const user = userEvent.setup();
  await renderApp('/en/signUp/profile', {
    journeys: { signup: JOURNEY.signup.phoneVerified },
    api: { 'POST /v1/users/createcoreprofile': fail('28', { maxLength: 100, field: 'lastName' }) },
  });
  await user.type(screen.getByLabelText(en['profile.core.lastName']), 'Lovelace');
  await user.click(screen.getByRole('button', { name: en['profile.core.submit'] }));
  await waitFor(() =>
    expect(document.getElementById('lastName-error')).toHaveTextContent('Use 100 characters or fewer.'),
  );
});
