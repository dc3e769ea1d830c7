import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, renderApp, texts } from '../../test/utils';

const { en } = texts;

test('opening the link calls nothing; the button cancels with the token of the fragment', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/phonereset/cancel#T0K3N', { api: { 'POST /v1/phonereset/cancel': ok({ cancelled: true }) } });
  expect(calls.posts()).toEqual([]);
  await user.click(screen.getByRole('button', { name: en['phoneReset.cancel.submit'] }));
  expect(calls.posts().map((c) => [c.path, c.body])).toEqual([['/v1/phonereset/cancel', { token: 'T0K3N' }]]);
  expect(await screen.findByRole('heading', { level: 1, name: en['phoneReset.cancel.doneTitle'] })).toBeInTheDocument();
});

test('a link used before says it cancels nothing any more', async () => {
  const user = userEvent.setup();
  await renderApp('/en/phonereset/cancel#T0K3N', { api: { 'POST /v1/phonereset/cancel': fail('48', null, 404) } });
  await user.click(screen.getByRole('button', { name: en['phoneReset.cancel.submit'] }));
  expect((await screen.findAllByText(en['error.48'])).length).toBeGreaterThan(0);
});
