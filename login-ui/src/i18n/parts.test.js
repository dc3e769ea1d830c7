// The first screen ships only the first-screen part of the messages (parts.js): every key
// a module of the entry chunk uses must be in it, or that screen would show a key's id.
// The entry is what src/index.jsx imports statically, transitively (import() is a later
// chunk's).
import fs from 'fs';
import path from 'path';
import { parseSync, traverse } from '@babel/core';
import en from './en.json';
import { inFirstScreen } from './parts';

const SRC = path.resolve(__dirname, '..');

function resolveImport(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  return ['', '.js', '.jsx'].map((ext) => base + ext).find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

// {file of the entry: [message ids it names: a literal id, or every id a template literal's
// fixed start (`error.${code}`) can make]}
function entryKeys() {
  const found = {};
  const visit = (file) => {
    if (file in found || !/\.jsx?$/.test(file)) return;
    found[file] = [];
    const ast = parseSync(fs.readFileSync(file, 'utf8'), { filename: file, configFile: path.resolve(SRC, '../babel.config.js'), envName: 'test' });
    traverse(ast, {
      'ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration'(p) {
        const source = p.node.source && p.node.source.value;
        if (source && source.startsWith('.')) visit(resolveImport(file, source));
      },
      StringLiteral(p) {
        if (p.node.value in en) found[file].push(p.node.value);
      },
      TemplateLiteral(p) {
        const start = p.node.quasis[0].value.cooked;
        if (p.node.expressions.length && /^[a-z]+\./i.test(start)) found[file].push(...Object.keys(en).filter((id) => id.startsWith(start)));
      },
    });
  };
  visit(path.join(SRC, 'index.jsx'));
  return found;
}

test('every message a module of the entry uses is in the first-screen part', () => {
  const keys = entryKeys();
  expect(Object.keys(keys).map((file) => path.relative(SRC, file))).toEqual(expect.arrayContaining(['screens/home/Home.jsx', 'i18n/errors.js', 'components/Layout.jsx']));
  const outside = Object.entries(keys).flatMap(([file, ids]) => ids.filter((id) => !inFirstScreen(id)).map((id) => `${path.relative(SRC, file)}: ${id}`));
  expect(outside).toEqual([]);
});

test('the later part holds the messages of the later screens', () => {
  expect(inFirstScreen('home.title')).toBe(true);
  expect(inFirstScreen('error.41')).toBe(true);
  expect(inFirstScreen('methods.addAnotherFirst')).toBe(true);
  expect(inFirstScreen('methods.app.name')).toBe(false);
  expect(inFirstScreen('profile.core.title')).toBe(false);
  expect(inFirstScreen('verification.email.title')).toBe(false);
});
