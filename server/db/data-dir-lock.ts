import { readFile, unlink, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  /** Removes the lock file if it is still this process's. Idempotent. */
  release(): Promise<void>;
}

// Lock files this process holds: a second PGlite on the same files in one process corrupts them just as well.
const held = new Set<string>();

/**
 * Claims `<dataDir>.lock` for this process, because two PGlite instances on one
 * data directory (a running server and `npm run db`, or two servers) overwrite
 * each other's pages. A lock whose process is gone (a crash, a kill -9, a
 * container restarted with the same pid) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const lockFile = `${dir}.lock`;
  if (held.has(lockFile)) throw new Error(`The embedded database in ${dir} is already open in this process.`);
  const mine = ownerLine(process.pid);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await writeFile(lockFile, mine, { flag: 'wx' });
      held.add(lockFile);
      return lockHandle(lockFile, mine);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(lockFile);
    if (owner && ownerIsRunning(owner)) {
      throw new Error(`The embedded database in ${dir} is in use by process ${owner.pid}. Stop the server first.`);
    }
    await unlink(lockFile).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  throw new Error(`Could not lock the embedded database in ${dir}: another process keeps claiming it.`);
}

function lockHandle(lockFile: string, mine: string): DataDirLock {
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      held.delete(lockFile);
      const content = await readFile(lockFile, 'utf8').catch(() => null);
      if (content === mine) await unlink(lockFile).catch(() => {});
    },
  };
}

interface Owner {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid from the owner. */
  started: string | null;
}

function ownerLine(pid: number): string {
  return `${pid}\n${processStartTime(pid) ?? ''}\n`;
}

/** The owner recorded in the lock file, or null when the file is gone or was never finished. */
async function readOwner(lockFile: string): Promise<Owner | null> {
  // The owner writes its pid right after creating the file: an empty file is a lock being taken, so look again.
  for (let attempt = 0; attempt < 20; attempt++) {
    let content: string;
    try {
      content = await readFile(lockFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const [pidText = '', started = ''] = content.split('\n');
    if (/^\d+$/.test(pidText)) return { pid: Number(pidText), started: started || null };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

function ownerIsRunning(owner: Owner): boolean {
  // Not held in this process (checked first), so a lock naming our own pid was left by an
  // earlier process that had the same pid, as after a container restart.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartTime(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** Field 22 of /proc/<pid>/stat; null where /proc is not available. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' do not.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
