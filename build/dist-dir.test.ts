import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileWriter } from './dist-dir.ts';
import { tempDirs } from '../tests/temp-dirs.ts';

const temp = tempDirs('writer');

describe('FileWriter', () => {
  it('makes each folder at once and has every file written when done() resolves', async () => {
    const dir = temp();
    const writer = new FileWriter();
    writer.write(path.join(dir, 'blog', 'gutters.html'), Buffer.from('<p>gutters</p>'));
    writer.write(path.join(dir, 'index.html'), Buffer.from('<p>home</p>'));
    expect(fs.existsSync(path.join(dir, 'blog'))).toBe(true);
    await writer.done();
    expect(fs.readFileSync(path.join(dir, 'blog', 'gutters.html'), 'utf8')).toBe('<p>gutters</p>');
    expect(fs.readFileSync(path.join(dir, 'index.html'), 'utf8')).toBe('<p>home</p>');
  });

  it('reports a failed write once the others are done', async () => {
    const dir = temp();
    const writer = new FileWriter();
    // A folder where the file should go: the write fails.
    fs.mkdirSync(path.join(dir, 'taken.html'));
    writer.write(path.join(dir, 'taken.html'), Buffer.from('x'));
    writer.write(path.join(dir, 'ok.html'), Buffer.from('ok'));
    await expect(writer.done()).rejects.toThrow(/EISDIR/);
    expect(fs.readFileSync(path.join(dir, 'ok.html'), 'utf8')).toBe('ok');
  });
});
