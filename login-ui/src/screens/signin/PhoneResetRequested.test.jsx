import { screen } from '@testing-library/react';
import { JOURNEY, renderApp, texts } from '../../test/utils';

const { fr } = texts;

test('says in French when the phone goes, who was told and how to cancel', async () => {
  await renderApp('/fr/signIn/lostphone/requested', { journeys: { signin: JOURNEY.signin.phoneResetRequested } });
  expect(screen.getByRole('heading', { level: 1, name: fr['lostPhone.requested.title'] })).toBeInTheDocument();
  expect(screen.getByText(/sera retiré le .*2030/)).toBeInTheDocument();
  expect(screen.getByText(/ada@example.com .* se terminant par 0100/)).toBeInTheDocument();
  expect(screen.getByText(fr['lostPhone.requested.cancel'])).toBeInTheDocument();
});
