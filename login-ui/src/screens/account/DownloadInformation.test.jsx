import { act, fireEvent, screen } from '@testing-library/react';
import { JOURNEY, fail, ok, renderApp, signedIn, texts } from '../../test/utils';

const { en, fr } = texts;
const PROVED = { journeys: { information: JOURNEY.information.reauthenticated } };
const INFORMATION = ok({ exportedAt: '2026-11-25T13:00:00Z', account: { email: 'ada@example.com' }, methods: {}, connectedServices: [], sessions: [], trustedDevices: [], activity: [] });

let saved;
beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn((blob) => {
    saved.push(blob);
    return 'blob:information';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click() {
    saved.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

test('the profile home starts it with the password', async () => {
  const { location } = await renderApp('/en/profilehome', { api: signedIn() });
  await act(async () => fireEvent.click(await screen.findByRole('link', { name: en['profile.home.download'] })));
  expect(location()).toBe('/en/firstverifyitsyou/download');
  expect(await screen.findByText(en['reauthenticate.lead.download'])).toBeInTheDocument();
});

test('"Download my information" saves the file and says its name where the focus goes', async () => {
  const { calls } = await renderApp('/en/account/download', { ...PROVED, api: signedIn({ 'POST /v1/account/information': INFORMATION }) });
  const button = await screen.findByRole('button', { name: en['account.download.submit'] });
  await act(async () => fireEvent.click(button));
  expect(calls.posts().map((call) => call.url)).toEqual(['/v1/account/information?lang=en']);
  const [blob, name] = saved;
  expect(name).toBe('my-information-2026-11-25.json');
  const text = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob);
  });
  expect(JSON.parse(text).account.email).toBe('ada@example.com');
  const status = screen.getByRole('status');
  expect(status).toHaveTextContent('Your information is downloaded as my-information-2026-11-25.json.');
  expect(status).toHaveFocus();
  // it may be downloaded again while the proof lasts
  expect(button).toBeEnabled();
});

test('is in French, file name included', async () => {
  await renderApp('/fr/account/download', { ...PROVED, api: signedIn({ 'POST /v1/account/information': INFORMATION }) });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: fr['account.download.submit'] })));
  expect(saved[1]).toBe('mes-renseignements-2026-11-25.json');
});

test('a proof that is too old asks for it again', async () => {
  await renderApp('/en/account/download', { ...PROVED, api: signedIn({ 'POST /v1/account/information': fail('36', null, 409) }) });
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: en['account.download.submit'] })));
  expect(await screen.findByRole('alert')).toHaveTextContent(en['error.36']);
  expect(saved).toEqual([]);
});

test('without the proof the page is not open', async () => {
  const { location } = await renderApp('/en/account/download', { api: signedIn() });
  expect(location()).toBe('/');
});
