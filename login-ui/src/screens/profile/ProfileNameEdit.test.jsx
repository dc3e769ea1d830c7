import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, texts, signedIn } from '../../test/utils';


const { en } = texts;

test('shows the current name in English, with name autocomplete', async () => {
  await renderApp('/en/profilenameedit', { api: signedIn() });
  expect(screen.getByRole('heading', { level: 1, name: en['profile.nameEdit.title'] })).toBeInTheDocument();
  expect(screen.getByLabelText(en['profile.core.firstName'])).toHaveValue('Ada');
  expect(screen.getByLabelText(en['profile.core.lastName'])).toHaveAttribute('autocomplete', 'family-name');
});

test('an empty last name gives the code 11 text and no call', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/profilenameedit', { api: signedIn() });
  await user.clear(screen.getByLabelText(en['profile.core.lastName']));
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(screen.getByRole('link', { name: en['error.11'] })).toHaveAttribute('href', '#lastName');
  expect(calls.posts()).toHaveLength(0);
});

test('a valid name asks "are you sure" before anything is saved', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/profilenameedit', { api: signedIn() });
  await user.clear(screen.getByLabelText(en['profile.core.lastName']));
  await user.type(screen.getByLabelText(en['profile.core.lastName']), 'Byron');
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/en/areYouSureEditYourName'));
  expect(calls.posts()).toHaveLength(0);
  expect(await screen.findByText('Ada Byron')).toBeInTheDocument();
});

test('a name longer than the policy maximum is refused on the edit form itself, with the maximum', async () => {
  const user = userEvent.setup();
  const { calls, location } = await renderApp('/en/profilenameedit', { api: signedIn() });
  const field = screen.getByLabelText(en['profile.core.lastName']);
  await user.clear(field);
  await user.click(field);
  await user.paste('B'.repeat(101));
  await user.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(document.getElementById('lastName-error')).toHaveTextContent('100');
  expect(location()).toBe('/en/profilenameedit');
  expect(calls.posts()).toHaveLength(0);
});

test.each(['Muñoz', 'Schröder', 'Nguyễn', 'Nguye\u0302\u0303n'])('%s is accepted as written', async (name) => {
  const user = userEvent.setup();
  const { location } = await renderApp('/fr/profilenameedit', { api: signedIn() });
  const field = screen.getByLabelText(texts.fr['profile.core.lastName']);
  await user.clear(field);
  await user.click(field);
  await user.paste(name);
  await user.click(screen.getByRole('button', { name: texts.fr['common.continue'] }));
  await waitFor(() => expect(location()).toBe('/fr/areYouSureEditYourName'));
});

test('the name fields keep the size 10 of the specification and can grow with the name', async () => {
  await renderApp('/en/profilenameedit', { api: signedIn() });
  const field = screen.getByLabelText(en['profile.core.lastName']);
  expect(field).toHaveAttribute('size', '10');
  expect(field).toHaveClass('input--name');
});
