import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, texts } from '../../test/utils';

const { en, fr } = texts;

test('opening the link calls nothing; the button cancels with the token of the fragment', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/phonereset/cancel#T0K3N', { api: { 'POST /v1/resets/cancel': ok({ cancelled: true, kind: 'phone' }) } });
  expect(calls.posts()).toEqual([]);
  await user.click(screen.getByRole('button', { name: en['phoneReset.cancel.submit'] }));
  expect(calls.posts().map((c) => [c.path, c.body])).toEqual([['/v1/resets/cancel', { token: 'T0K3N' }]]);
  expect(await screen.findByRole('heading', { level: 1, name: en['phoneReset.cancel.doneTitle'] })).toBeInTheDocument();
});

test('a link used before says it cancels nothing any more', async () => {
  const user = userEvent.setup();
  await renderApp('/en/phonereset/cancel#T0K3N', { api: { 'POST /v1/resets/cancel': fail('48', null, 404) } });
  await user.click(screen.getByRole('button', { name: en['phoneReset.cancel.submit'] }));
  expect((await screen.findAllByText(en['error.48'])).length).toBeGreaterThan(0);
});

test('the link of a deletion stops the deletion, in French', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/fr/accountreset/cancel#D3L', { api: { 'POST /v1/resets/cancel': ok({ cancelled: true, kind: 'account' }) } });
  expect(screen.getByRole('heading', { level: 1, name: fr['accountReset.cancel.title'] })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: fr['accountReset.cancel.submit'] }));
  expect(calls.posts().map((c) => c.body)).toEqual([{ token: 'D3L' }]);
  expect(await screen.findByRole('heading', { level: 1, name: fr['accountReset.cancel.doneTitle'] })).toBeInTheDocument();
});
