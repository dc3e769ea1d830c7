// The first screens as the shell serves them (their HTML made at build time, render.jsx),
// taken over by React as index.jsx does: React keeps the HTML (no mismatch), and what the
// person typed or this tab kept is there once it has.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { prerenderToNodeStream } from 'react-dom/static.node';
import { MemoryRouter } from 'react-router-dom';
import App from '../App';
import { readConfig } from '../config';
import { initialUserData } from '../session/reducer';
import { flush, mockApi, SERVICE, texts } from '../test/utils';
import { renderScreen, SCREENS } from './render';

const { en, fr } = texts;

// Fizz (React's server renderer) hands its work to setImmediate, which jsdom lacks.
beforeAll(() => {
  global.setImmediate = global.setImmediate || ((work, ...args) => setTimeout(work, 0, ...args));
});

// The build and the browser share no realm; here both renderers mark the same contexts, and
// React's development build says so at each provider. Every other error still shows.
const SHARED_REALM = 'Detected multiple renderers concurrently rendering the same context provider';
beforeEach(() => {
  const original = console.error;
  jest.spyOn(console, 'error').mockImplementation((message, ...rest) => {
    if (!String(message).startsWith(SHARED_REALM)) original(message, ...rest);
  });
});
afterEach(() => console.error.mockRestore());

// beforeReact(root): what the person does on the page before React takes it over.
async function hydrateApp(path, { userData, service = null, beforeReact = () => {} } = {}) {
  const html = await renderScreen(path);
  // The server renderer leaves its last providers' values in the contexts it shares with the
  // browser's here: a render of nothing pops them.
  await prerenderToNodeStream(<></>);
  const calls = mockApi({}, {}, service);
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.appendChild(root);
  beforeReact(root);
  const initialSession = userData ? { userData: { ...initialUserData, ...userData } } : undefined;
  const recovered = [];
  await act(async () => {
    hydrateRoot(
      root,
      <MemoryRouter initialEntries={[path]}>
        <App config={readConfig(null)} initialSession={initialSession} />
      </MemoryRouter>,
      // a mismatch makes React drop the HTML and render the page anew
      { onRecoverableError: (error) => recovered.push(error) },
    );
  });
  await flush();
  return { root, recovered, calls };
}

const typeBeforeReact = (value) => (root) => {
  root.querySelector('#email').value = value;
};

const PATHS = ['en', 'fr'].flatMap((language) => SCREENS.map((screenPath) => `/${language}${screenPath}`));

test.each(PATHS)('React takes over the page of %s as it was rendered, without rendering it anew', async (path) => {
  let heading = null;
  const { recovered } = await hydrateApp(path, {
    beforeReact: (root) => {
      heading = root.querySelector('h1');
    },
  });
  await flush();
  expect(recovered).toEqual([]);
  expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
});

test.each(['/en/', '/fr/signUp/privacy'])('the button of %s waits for React: a press before would submit the form natively', async (path) => {
  let before = null;
  await hydrateApp(path, {
    beforeReact: (root) => {
      before = root.querySelector('main button[type=submit]').disabled;
    },
  });
  await flush();
  expect(before).toBe(true);
  expect(screen.getByRole('button', { name: path.startsWith('/fr') ? fr['privacy.accept'] : en['common.continue'] })).toBeEnabled();
});

test('an address typed before React takes the page over stays in the field and goes on to the password screen', async () => {
  await hydrateApp('/en/', { beforeReact: typeBeforeReact('ada@example.com') });
  // the server's answer about the session renders the screen again
  await flush();
  const field = screen.getByLabelText(en['email.label']);
  expect(field).toHaveValue('ada@example.com');
  await userEvent.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(await screen.findByRole('heading', { level: 1, name: en['password.signin.title'] })).toBeInTheDocument();
  expect(screen.getByText('ada@example.com', { exact: false })).toBeInTheDocument();
});

test('what is typed after the take-over adds to what was typed before it', async () => {
  await hydrateApp('/fr/signIn', { beforeReact: typeBeforeReact('ada@') });
  await userEvent.type(screen.getByLabelText(fr['email.label']), 'example.com');
  expect(screen.getByLabelText(fr['email.label'])).toHaveValue('ada@example.com');
});

test.each(PATHS.filter((path) => !path.endsWith('/signUp/privacy')))(
  'the focus stays in the field of %s that the person is typing into as React takes the page over',
  async (path) => {
    await hydrateApp(path, {
      beforeReact: (root) => {
        root.querySelector('#email').focus();
        typeBeforeReact('ada@')(root);
      },
    });
    await flush();
    const field = screen.getByLabelText(texts[path.slice(1, 3)]['email.label']);
    expect(field).toHaveFocus();
    await userEvent.keyboard('example.com');
    expect(field).toHaveValue('ada@example.com');
  },
);

test.each(['/en/', '/fr/signUp/privacy'])('%s, which nobody touched before React took it over, puts the focus on its heading', async (path) => {
  await hydrateApp(path);
  await flush();
  expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
});

test("the address this tab kept and the waiting service's name appear once React has taken over", async () => {
  const { recovered } = await hydrateApp('/en/', {
    userData: { email: 'kept@example.com', service: SERVICE.title, language: 'en' },
    service: SERVICE,
  });
  expect(recovered).toEqual([]);
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('kept@example.com');
  expect(screen.getByTestId('service-name')).toHaveTextContent(SERVICE.title);
});

test('an address typed before the take-over wins over the one this tab kept', async () => {
  await hydrateApp('/en/signIn', { userData: { email: 'kept@example.com' }, beforeReact: typeBeforeReact('typed@example.com') });
  await flush();
  expect(screen.getByLabelText(en['email.label'])).toHaveValue('typed@example.com');
});

test('an address that reached the field without React seeing it is the one that goes on', async () => {
  await hydrateApp('/en/signIn');
  const field = screen.getByLabelText(en['email.label']);
  // a busy phone's typing or an autofill between React's take-over and its listening: the
  // field holds the text, the state never heard of it
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(field, 'late@example.com');
  await userEvent.click(screen.getByRole('button', { name: en['common.continue'] }));
  expect(await screen.findByRole('heading', { level: 1, name: en['password.signin.title'] })).toBeInTheDocument();
  expect(screen.getByText('late@example.com', { exact: false })).toBeInTheDocument();
});
