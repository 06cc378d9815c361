import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config/env.ts';
import { createDb } from './index.ts';

let root: string;
let dataDir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'roof-lock-'));
  dataDir = path.join(root, 'pglite');
  lockFile = `${dataDir}.lock`;
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  await rm(root, { recursive: true, force: true });
});

/** Another process with the embedded database open, as a running server has it. */
async function holdInAnotherProcess(dir: string): Promise<ChildProcess> {
  const script = `
    const { createDb } = await import('./server/db/index.ts');
    await createDb({ dataDir: ${JSON.stringify(dir)} });
    console.log('open');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('open')) resolve();
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`the holding process exited (${code}):\n${output}`)));
  });
  return child;
}

/** A pid that belonged to a process which has ended. */
async function pidOfEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the embedded database lock', () => {
  it('refuses a data directory a running process holds, naming that process', async () => {
    const holder = await holdInAnotherProcess(dataDir);
    await expect(createDb({ dataDir })).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by process ${holder.pid}. Stop the server first.`,
    );
    // The refusal leaves the holder's lock alone.
    expect(readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(holder.pid));
  });

  it('takes over the lock of a process that was killed, and removes it on close', async () => {
    const holder = await holdInAnotherProcess(dataDir);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(existsSync(lockFile)).toBe(true);

    const db = await createDb({ dataDir });
    expect(readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(await db.one('SELECT 1 AS ok')).toEqual({ ok: 1 });
    await db.close();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over locks whose pid is gone, is its own from an earlier run, or now belongs to another process', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    children.push(sleeper);
    const stale = [
      `${await pidOfEndedProcess()}\n\n`,
      // A container restarted with the same pid: the lock names us, but this process never took it.
      `${process.pid}\n\n`,
      // The pid is alive, but that process started at another time than the lock's owner.
      `${sleeper.pid}\n1\n`,
    ];
    for (const content of stale) {
      await writeFile(lockFile, content);
      const db = await createDb({ dataDir });
      await db.close();
      expect(existsSync(lockFile), content).toBe(false);
    }
  });

  it('refuses to open the same directory twice in one process', async () => {
    const db = await createDb({ dataDir });
    try {
      await expect(createDb({ dataDir })).rejects.toThrow(`The embedded database in ${dataDir} is already open in this process.`);
    } finally {
      await db.close();
    }
    const again = await createDb({ dataDir });
    await again.close();
  });
});
