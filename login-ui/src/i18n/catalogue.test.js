// Every message of the catalogue is one a screen can show: a module names it, as a literal id
// or through a template literal whose fixed parts it fits (`error.${code}.wait` names
// error.18.wait, not error.5.short). A message nobody shows is either missing from a screen
// or left over: this test fails either way.
import fs from 'fs';
import path from 'path';
import { parseSync, traverse } from '@babel/core';
import en from './en.json';

const SRC = path.resolve(__dirname, '..');

function modules(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return modules(full);
    return /\.jsx?$/.test(entry.name) && !/\.test\.jsx?$/.test(entry.name) && entry.name !== 'utils.jsx' ? [full] : [];
  });
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function namedIds() {
  const literals = new Set();
  const patterns = [];
  modules(SRC).forEach((file) => {
    const ast = parseSync(fs.readFileSync(file, 'utf8'), { filename: file, configFile: path.resolve(SRC, '../babel.config.js'), envName: 'test' });
    traverse(ast, {
      StringLiteral(p) {
        literals.add(p.node.value);
      },
      TemplateLiteral(p) {
        const { quasis, expressions } = p.node;
        if (!expressions.length) return;
        // a choice between two strings (`${again ? '.again' : ''}`) is either; anything else one segment
        const holes = expressions.map((node) =>
          node.type === 'ConditionalExpression' && [node.consequent, node.alternate].every((side) => side.type === 'StringLiteral')
            ? `(?:${escape(node.consequent.value)}|${escape(node.alternate.value)})`
            : '[^.]+',
        );
        const source = quasis.map((quasi, index) => escape(quasi.value.cooked) + (holes[index] || '')).join('');
        patterns.push(new RegExp(`^${source}$`));
      },
    });
  });
  return (id) => literals.has(id) || patterns.some((pattern) => pattern.test(id));
}

test('every message of the catalogue is named by a module', () => {
  const named = namedIds();
  expect(Object.keys(en).filter((id) => !named(id))).toEqual([]);
});
