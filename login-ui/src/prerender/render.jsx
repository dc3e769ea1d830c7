// The first screen of each journey as HTML, made once per language at build time (build.js)
// into dist/prerendered.json, which idp/shell.py puts inside the page of that exact path. A
// slow phone then paints the screen, and a person types into it, before app.js has arrived;
// index.jsx takes the HTML over (hydrateRoot). The screens render as on a first visit, with
// no stored state and the default configuration: what a browser knows beyond that (the
// e-mail kept for this tab, test mode's sample person, the service's name) appears once
// React has taken over (useHydrated).
import { prerenderToNodeStream } from 'react-dom/static.node';
import { StaticRouter } from 'react-router-dom';
import App from '../App';
import { documentTitle } from '../components/Page';
import { readConfig } from '../config';
import { initialState } from '../session/reducer';

// Where /authorize sends a person (idp/oauth/authorize.py: the sign-in start, with or without
// its slash, and sign-up's first screen) and the sign-in screen a person may open directly.
export const SCREENS = ['', '/', '/signIn', '/signUp/privacy'];

const ESCAPED = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };

// the HTML React makes for a path, once every screen's chunk and message is there
export async function renderScreen(path) {
  const { prelude } = await prerenderToNodeStream(
    <StaticRouter location={path}>
      <App config={readConfig(null)} initialSession={initialState} />
    </StaticRouter>,
  );
  const parts = [];
  for await (const part of prelude) parts.push(part);
  return Buffer.concat(parts).toString('utf8');
}

// the page's <title> as Page sets it once React runs: the screen's heading and the site's name
export function screenTitle(markup, intl) {
  const heading = markup.match(/<h1[^>]*>(.*?)<\/h1>/s)[1].replace(/&[#\w]+;/g, (entity) => ESCAPED[entity]);
  return documentTitle((id) => intl.formatMessage({ id }), heading);
}
