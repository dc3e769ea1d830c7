// `node prerender.js DIST`, the Node build of this file (webpack.config.js): writes what the
// server reads of the build beside the browser's files: DIST/prerendered.json, {path: {title,
// html}} for each language's first screens, and DIST/messages.json, {language: {id: AST}},
// every message as the build compiled it for the browser, which idp/catalogue.py formats.
import { writeFileSync } from 'fs';
import { join } from 'path';
import { createIntl } from 'react-intl';
import { intlLocale } from '../i18n';
import { loadMessages } from '../i18n/messages';
import { renderScreen, SCREENS, screenTitle } from './render';

async function main(dist) {
  const screens = {};
  const messages = {};
  for (const language of ['en', 'fr']) {
    const intl = createIntl({ locale: intlLocale(language), messages: await loadMessages(language) });
    for (const screen of SCREENS) {
      const path = `/${language}${screen}`;
      const html = await renderScreen(path);
      screens[path] = { title: screenTitle(html, intl), html };
    }
    messages[language] = await loadMessages(language, 'all');
  }
  writeFileSync(join(dist, 'prerendered.json'), JSON.stringify(screens));
  writeFileSync(join(dist, 'messages.json'), JSON.stringify(messages));
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
