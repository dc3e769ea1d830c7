import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, renderApp, texts, signedIn } from '../../test/utils';

const { en } = texts;

test('offers English and French in a fieldset, the current one chosen, in English', async () => {
  await renderApp('/en/profilelanguage', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.languageEdit.title'] })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: en['profile.languageEdit.legend'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['profile.language.en'])).toBeChecked();
});

test('saving sends fr and says so on the profile home', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/profilelanguage', {
    api: signedIn({ 'POST /v1/profile/language': ok({}) }),
  });
  await user.click(screen.getByLabelText(en['profile.language.fr']));
  await user.click(screen.getByRole('button', { name: en['profile.languageEdit.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/profilehome'));
  expect(calls.posts()[0].body).toEqual({ language: 'fr' });
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(en['profile.home.notice.language']));
});
