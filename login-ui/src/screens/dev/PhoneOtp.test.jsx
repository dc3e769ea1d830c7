import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, texts } from '../../test/utils';

const { en, fr } = texts;
const DEV = { environment: 'development' };
const OUTBOX = {
  status: 200,
  body: {
    messages: [
      { id: 'm3', channel: 'sms', to: '+16135550100', language: 'en', body: 'Your code is 111111', code: '111111' },
      { id: 'm2', channel: 'voice', to: '+16135550100', language: 'en', body: 'Your code is 2 2 2 2 2 2', code: '222222' },
      { id: 'm1', channel: 'voice', to: '+16135550100', language: 'en', body: 'older', code: '333333' },
    ],
  },
};

test('in production the demo page does not exist: the user goes to /', async () => {
  const { location, calls } = await renderApp('/en/phoneotp');
  expect(location()).toBe('/');
  expect(calls.some((c) => c.path === '/dev/outbox.json')).toBe(false);
});

test('in development it plays the newest voice message and shows its text', async () => {
  await renderApp('/en/phoneotp', { config: DEV, api: { 'GET /dev/outbox.json': OUTBOX } });
  expect(screen.getByRole('heading', { level: 1, name: en['phoneotp.title'] })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('voice-audio')).toHaveAttribute('src', '/dev/outbox/m2/audio.wav'));
  expect(screen.getByTestId('voice-audio')).toHaveAttribute('controls');
  expect(screen.getByText('Your code is 2 2 2 2 2 2')).toBeInTheDocument();
});

test('renders in French and says when no voice message was sent', async () => {
  await renderApp('/fr/phoneotp', {
    config: DEV,
    api: { 'GET /dev/outbox.json': { status: 200, body: { messages: [] } } },
  });
  expect(screen.getByRole('heading', { level: 1, name: fr['phoneotp.title'] })).toBeInTheDocument();
  expect(await screen.findByText(fr['phoneotp.none'])).toBeInTheDocument();
});

test('the refresh button reloads the outbox', async () => {
  const user = userEvent.setup();
  const { calls } = await renderApp('/en/phoneotp', { config: DEV, api: { 'GET /dev/outbox.json': OUTBOX } });
  await user.click(screen.getByRole('button', { name: en['phoneotp.refresh'] }));
  await waitFor(() => expect(calls.filter((c) => c.path === '/dev/outbox.json')).toHaveLength(2));
});
