// Shared checks of the static profile mock-ups: renders in en and fr, makes no call,
// and its main action opens the next page of the profile flow.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, texts } from './utils';

export function describeMockup({ path, titleId, action, next }) {
  test(`renders /en/${path} in English`, async () => {
    await renderApp(`/en/${path}`);
    expect(screen.getByRole('heading', { level: 1, name: texts.en[titleId] })).toBeInTheDocument();
    expect(document.title).toContain(texts.en[titleId]);
  });

  test(`renders /fr/${path} in French`, async () => {
    await renderApp(`/fr/${path}`);
    expect(screen.getByRole('heading', { level: 1, name: texts.fr[titleId] })).toBeInTheDocument();
  });

  if (action && next) {
    test(`"${texts.en[action.id]}" leads to /en/${next} without any call`, async () => {
      const user = userEvent.setup();
      const { location, calls } = await renderApp(`/en/${path}`);
      const control =
        action.role === 'link'
          ? screen.getByRole('link', { name: texts.en[action.id] })
          : screen.getByRole('button', { name: texts.en[action.id] });
      await user.click(control);
      await waitFor(() => expect(location()).toBe(`/en/${next}`));
      expect(calls.posts()).toHaveLength(0);
    });
  }
}
