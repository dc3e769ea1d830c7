// Both languages have the same keys, every message id the code uses exists, and no
// component holds a user-visible literal string.
import fs from 'fs';
import path from 'path';
import { parseSync, traverse } from '@babel/core';
import en from './en.json';
import fr from './fr.json';

const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir, ext) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full, ext);
    return ext.some((e) => entry.name.endsWith(e)) && !/\.test\.jsx?$/.test(entry.name) ? [full] : [];
  });
}

const jsxFiles = sourceFiles(SRC, ['.jsx']);
const allFiles = sourceFiles(SRC, ['.jsx', '.js']);
const HAS_LETTER = /\p{L}/u;
const TEXT_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description', 'aria-valuetext'];

function parse(file) {
  return parseSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    configFile: path.resolve(SRC, '../babel.config.js'),
    envName: 'test',
  });
}

test('en.json and fr.json have exactly the same keys', () => {
  expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
});

test('no message is empty in either language', () => {
  const empty = [...Object.entries(en), ...Object.entries(fr)].filter(([, v]) => !String(v).trim());
  expect(empty).toEqual([]);
});

test('no component holds a user-visible literal string', () => {
  const found = [];
  jsxFiles.forEach((file) => {
    const where = (node) => `${path.relative(SRC, file)}:${node.loc.start.line}`;
    traverse(parse(file), {
      JSXText(p) {
        if (HAS_LETTER.test(p.node.value)) found.push(`${where(p.node)} text "${p.node.value.trim()}"`);
      },
      JSXExpressionContainer(p) {
        const e = p.node.expression;
        if (p.parent.type === 'JSXElement' || p.parent.type === 'JSXFragment') {
          if (e.type === 'StringLiteral' && HAS_LETTER.test(e.value)) found.push(`${where(e)} "${e.value}"`);
          if (e.type === 'TemplateLiteral' && e.quasis.some((q) => HAS_LETTER.test(q.value.cooked))) {
            found.push(`${where(e)} template literal`);
          }
        }
      },
      JSXAttribute(p) {
        const name = p.node.name.name;
        if (!TEXT_ATTRIBUTES.includes(name) || !p.node.value) return;
        const v = p.node.value.type === 'JSXExpressionContainer' ? p.node.value.expression : p.node.value;
        if (v.type === 'StringLiteral' && HAS_LETTER.test(v.value)) found.push(`${where(v)} ${name}="${v.value}"`);
      },
    });
  });
  expect(found).toEqual([]);
});

test('every message id used literally in the code exists in en.json', () => {
  const used = new Set();
  const ID_CALL = /\b(?:t|formatMessage)\(\s*(?:\{\s*id:\s*)?'([a-zA-Z0-9_.]+)'/g;
  const ID_PROP = /\b(?:titleId|leadId|noticeId|textId|submitId|labelId|legendId|hintId|id)[=:]\s*["']([a-z]+\.[a-zA-Z0-9_.]+)["']/g;
  allFiles.forEach((file) => {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(ID_CALL)) used.add(m[1]);
    for (const m of text.matchAll(ID_PROP)) used.add(m[1]);
  });
  expect(used.size).toBeGreaterThan(50);
  expect([...used].filter((id) => !(id in en))).toEqual([]);
});

test('the message ids built at run time exist in both languages', () => {
  const built = [];
  ['email', 'sms', 'voice'].forEach((type) => {
    built.push(`verification.${type}.title`, `verification.${type}.sentTo`, `verification.${type}.resent`);
  });
  ['sms', 'voice'].forEach((type) => {
    built.push(`verification.switchTo.${type}`, `select.${type}.label`, `select.${type}.defaultLabel`, `select.${type}.destination`);
  });
  ['name', 'email', 'password', 'language', 'notifications'].forEach((key) => built.push(`profile.home.${key}`));
  ['breached', 'common', 'sequence', 'repeat', 'personal', 'weak'].forEach((r) => built.push(`error.21.${r}`));
  ['app', 'backup', 'passkey'].forEach((method) => built.push(`verification.${method}.title`, `verification.${method}.lead`));
  ['sms', 'voice', 'email', 'app', 'backup', 'passkey'].forEach((method) => built.push(`otherWays.${method}`));
  ['app', 'backup', 'passkey', 'email'].forEach((method) => {
    built.push(`select.${method}.label`, `select.${method}.defaultLabel`, `select.${method}.destination`);
  });
  ['email', 'phone', 'password', 'methods'].forEach((change) => built.push(`reauthenticate.lead.${change}`));
  ['phone', 'app', 'passkey', 'backup'].forEach((kind) => built.push(`methods.${kind}.name`, `methods.done.removed.${kind}`));
  ['sms', 'voice'].forEach((channel) => built.push(`methods.phone.${channel}`));
  ['app', 'app.again', 'passkey', 'backup', 'backup.again', 'remove-app', 'remove-backup', 'remove-phone'].forEach((action) => {
    built.push(`methods.change.${action}`);
  });
  ['backup', 'app', 'passkey', 'removed', 'saved'].forEach((done) => built.push(`methods.done.${done}.title`));
  ['app', 'passkey', 'saved'].forEach((done) => built.push(`methods.done.${done}.notice`));
  ['copied', 'notCopied'].forEach((copy) => built.push(`methods.done.backup.${copy}`));
  ['collect', 'use', 'authority', 'rights'].forEach((s) => built.push(`privacy.${s}.heading`, `privacy.${s}.text`));
  ['eng', 'fr'].forEach((language) => built.push(`email.language.${language}`));
  built.push('error.17.wait', 'error.18.wait', 'error.28.max', 'error.11.invalid', 'error.34.wait', 'error.39.registered');
  expect(built.filter((id) => !(id in en) || !(id in fr))).toEqual([]);
});
