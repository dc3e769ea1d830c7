import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, signedIn, texts } from '../../test/utils';

const { en } = texts;

async function confirmFrom(language, api) {
  const user = userEvent.setup();
  const rendered = await renderApp(`/${language}/profilenameedit`, { api });
  await user.clear(screen.getByLabelText(texts[language]['profile.core.lastName']));
  await user.type(screen.getByLabelText(texts[language]['profile.core.lastName']), 'Byron');
  await user.click(screen.getByRole('button', { name: texts[language]['common.continue'] }));
  await waitFor(() => expect(rendered.location()).toBe(`/${language}/areYouSureEditYourName`));
  return { ...rendered, user };
}

test('renders in English with the new name', async () => {
  await confirmFrom('en', signedIn());
  expect(await screen.findByRole('heading', { level: 1, name: en['profile.nameConfirm.title'] })).toBeInTheDocument();
  expect(screen.getByText('Ada Byron')).toBeInTheDocument();
});

test('without a new name it goes back to the name form', async () => {
  const { location } = await renderApp('/en/areYouSureEditYourName', { api: signedIn() });
  expect(location()).toBe('/en/profilenameedit');
});

test('yes saves the name and opens the success page', async () => {
  const { user, calls, location } = await confirmFrom('en', signedIn({ 'POST /v1/profile/name': ok({}) }));
  await user.click(screen.getByRole('button', { name: en['profile.nameConfirm.submit'] }));
  await waitFor(() => expect(location()).toBe('/en/profileYouMayUpdateName'));
  expect(calls.posts()[0]).toMatchObject({ path: '/v1/profile/name', body: { firstName: 'Ada', lastName: 'Byron' } });
});

test('a refused name shows the server code text', async () => {
  const { user } = await confirmFrom('en', signedIn({ 'POST /v1/profile/name': fail('28', { maxLength: 100 }) }));
  await user.click(screen.getByRole('button', { name: en['profile.nameConfirm.submit'] }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Use 100 characters or fewer.'));
});
