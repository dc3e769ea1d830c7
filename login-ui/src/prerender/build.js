// `node prerender.js DIST`, the Node build of this file (webpack.config.js): writes
// DIST/prerendered.json, {path: {title, html}} for each language's first screens.
import { writeFileSync } from 'fs';
import { join } from 'path';
import { intlLocale } from '../i18n';
import { createIntl } from '../i18n/intl';
import { loadMessages } from '../i18n/messages';
import { renderScreen, SCREENS, screenTitle } from './render';

async function main(dist) {
  const screens = {};
  for (const language of ['en', 'fr']) {
    const intl = createIntl({ locale: intlLocale(language), messages: await loadMessages(language) });
    for (const screen of SCREENS) {
      const path = `/${language}${screen}`;
      const html = await renderScreen(path);
      screens[path] = { title: screenTitle(html, intl), html };
    }
  }
  writeFileSync(join(dist, 'prerendered.json'), JSON.stringify(screens));
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
