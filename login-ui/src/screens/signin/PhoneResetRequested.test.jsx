import { screen } from '@testing-library/react';
import { JOURNEY, WAITING, renderApp, texts } from '../../test/utils';

const { fr } = texts;

test('says in French when the phone goes, who was told and how to cancel', async () => {
  await renderApp('/fr/signIn/lostphone/requested', { journeys: { signin: JOURNEY.signin.phoneResetRequested } });
  expect(screen.getByRole('heading', { level: 1, name: fr['lostPhone.requested.title'] })).toBeInTheDocument();
  // the server's words, as the e-mail and the text say them: one day, its time zone named
  expect(screen.getByText(`Le téléphone de votre compte sera retiré le ${WAITING.phone.when.fr}.`)).toBeInTheDocument();
  expect(screen.getByText(/ada@example.com .* se terminant par 0100/)).toBeInTheDocument();
  expect(screen.getByText(fr['lostPhone.requested.cancel'])).toBeInTheDocument();
});
