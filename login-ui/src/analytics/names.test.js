// The UI sends only names the collector keeps: names.json is generated from the server
// (idp/insight/names.py, `make insight-names`; pytest fails when it is stale), and here every
// route, page name, category, step and result the UI can send is walked against it. A new
// screen, page or result goes into idp/insight/names.py first, or its events are dropped.
import fs from 'fs';
import path from 'path';
import { createRoutesFromChildren } from 'react-router-dom';
import AppRoutes from '../routes';
import { buildAction, RESULTS } from '.';
import NAMES from './names.json';

const SOURCE = path.resolve(__dirname, '..');

function sourceFiles(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return /\.jsx?$/.test(entry.name) && !/\.test\.jsx?$/.test(entry.name) ? [file] : [];
  });
}

const CODE = sourceFiles(SOURCE).map((file) => fs.readFileSync(file, 'utf8')).join('\n');

// Each capture of the patterns in the UI's sources, and the quoted words in it.
function written(...patterns) {
  const found = patterns.flatMap((pattern) => Array.from(CODE.matchAll(pattern), (match) => match[1]));
  return new Set(found.flatMap((capture) => Array.from(capture.matchAll(/'([^']*)'/g), (quoted) => quoted[1])));
}

const sorted = (values) => Array.from(new Set(values)).sort();

// The routes under /{language}/, each with the flow whose journey guards it (null: none).
function languageRoutes() {
  const [layout] = createRoutesFromChildren(AppRoutes().props.children);
  const language = layout.children.find((route) => route.path === ':language');
  return language.children
    .filter((route) => route.path !== '*')
    .map((route) => ({ path: route.index ? '' : route.path, flow: route.element.props.flow || null }));
}

test('every screen the UI routes to is a screen the collector keeps, and it keeps no other', () => {
  const screens = languageRoutes().flatMap(({ path: route }) =>
    route.includes(':type') ? NAMES.methods.map((method) => route.replace(':type', method)) : [route],
  );
  expect(sorted(screens)).toEqual(sorted(NAMES.screens));
});

test('every page name the screens send is one the collector keeps, and it keeps no other', () => {
  expect(sorted(written(/\bPAGE = ('[^']*')/g, /\bpage: ('[^']*')/g))).toEqual(sorted(NAMES.pages));
});

test('every category (a journey\'s flow, the profile, the account) is one the collector keeps, and it keeps no other', () => {
  const flows = languageRoutes().map(({ flow }) => flow).filter(Boolean);
  expect(sorted([...written(/\bcategory: ('[^']*')/g), ...flows])).toEqual(sorted(NAMES.categories));
});

test('every result an action ends with is one the collector keeps, and it keeps no other', () => {
  const literal = written(/\bresult: ([^,}\n]+)/g);
  const perMethod = Array.from(CODE.matchAll(/`\$\{RESULTS\.(\w+)\}_\$\{\w+\}`/g), ([, name]) =>
    NAMES.methods.map((method) => `${RESULTS[name]}_${method}`),
  ).flat();
  expect(sorted([...Object.values(RESULTS), ...literal, ...perMethod])).toEqual(sorted(NAMES.results));
});

test('the steps of sign-up are the steps the collector keeps', () => {
  const [, total] = CODE.match(/\bSIGN_UP_STEPS = (\d+)/);
  expect(NAMES.steps).toEqual(Array.from({ length: Number(total) }, (_, index) => index + 1));
  Array.from(CODE.matchAll(/\bstep: (\d+)/g), ([, step]) => expect(NAMES.steps).toContain(Number(step)));
});

test('an action is built the way the collector reads it: page, step, result', () => {
  NAMES.actions.forEach(({ page, step, result, action }) => expect(buildAction(page, step, result)).toBe(action));
});
