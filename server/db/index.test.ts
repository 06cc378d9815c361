import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, RowCountError, type Db } from './index.ts';
import { openTestDb, reachableTestPostgres } from '../../tests/test-db.ts';

const postgresUrl = await reachableTestPostgres();

const backends = [
  { name: 'PGlite (in memory)', url: null, skip: false },
  { name: 'PostgreSQL', url: postgresUrl, skip: postgresUrl === null },
];

for (const backend of backends) {
  describe.skipIf(backend.skip)(`data layer on ${backend.name}`, () => {
    let db: Db;

    beforeAll(async () => {
      db = await openTestDb(backend.url);
      await db.exec(`
        CREATE TABLE IF NOT EXISTS widget (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, price numeric, made_at timestamptz);
      `);
    });

    afterAll(async () => {
      await db?.close();
    });

    it('runs parameterised queries and returns plain rows', async () => {
      await db.query('INSERT INTO widget (name, price, made_at) VALUES ($1, $2, $3)', [
        'ridge vent',
        '12.50',
        new Date('2025-06-01T12:00:00Z'),
      ]);
      const rows = await db.query<{ name: string; price: string; made_at: Date }>(
        'SELECT name, price, made_at FROM widget WHERE name = $1',
        ['ridge vent'],
      );
      expect(rows).toEqual([{ name: 'ridge vent', price: '12.50', made_at: new Date('2025-06-01T12:00:00Z') }]);
    });

    it('returns bigint columns and counts as numbers on both engines', async () => {
      const row = await db.one<{ id: number; n: number }>(
        "INSERT INTO widget (name) VALUES ('drip edge') RETURNING id, (SELECT count(*) FROM widget) AS n",
      );
      expect(typeof row.id).toBe('number');
      expect(typeof row.n).toBe('number');
    });

    it('one() insists on exactly one row and maybeOne() allows none', async () => {
      await expect(db.one('SELECT 1 WHERE false')).rejects.toBeInstanceOf(RowCountError);
      await expect(db.one('SELECT * FROM generate_series(1, 2)')).rejects.toThrow('Expected exactly one row, got 2');
      expect(await db.maybeOne('SELECT 1 AS x WHERE false')).toBeNull();
      expect(await db.maybeOne<{ x: number }>('SELECT 1 AS x')).toEqual({ x: 1 });
      await expect(db.maybeOne('SELECT * FROM generate_series(1, 2)')).rejects.toBeInstanceOf(RowCountError);
    });

    it('runs a script of several statements with exec()', async () => {
      await db.exec(`
        CREATE TABLE script_a (x int);
        INSERT INTO script_a VALUES (1), (2);
        CREATE TABLE script_b AS SELECT x * 10 AS y FROM script_a;
      `);
      expect(await db.query('SELECT y FROM script_b ORDER BY y')).toEqual([{ y: 10 }, { y: 20 }]);
    });

    it('commits a transaction when its callback resolves', async () => {
      const id = await db.transaction(async (tx) => {
        const row = await tx.one<{ id: number }>("INSERT INTO widget (name) VALUES ('flashing') RETURNING id");
        await tx.query('UPDATE widget SET price = 3 WHERE id = $1', [row.id]);
        return row.id;
      });
      expect(await db.one('SELECT name, price FROM widget WHERE id = $1', [id])).toEqual({ name: 'flashing', price: '3' });
    });

    it('rolls a transaction back when its callback throws, and rethrows', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO widget (name) VALUES ('underlayment')");
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await db.maybeOne("SELECT 1 FROM widget WHERE name = 'underlayment'")).toBeNull();
    });

    it('rolls back when a statement in the transaction fails', async () => {
      await db.query("INSERT INTO widget (name) VALUES ('soffit')");
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO widget (name) VALUES ('fascia')");
          await tx.query("INSERT INTO widget (name) VALUES ('soffit')");
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await db.maybeOne("SELECT 1 FROM widget WHERE name = 'fascia'")).toBeNull();
      // The handle stays usable after a failed transaction.
      expect(await db.one<{ ok: number }>('SELECT 1 AS ok')).toEqual({ ok: 1 });
    });
  });
}

describe('createDb', () => {
  it('refuses a schema name that would need quoting', async () => {
    await expect(createDb({ memory: true, schema: 'Robert"; DROP TABLE x; --' })).rejects.toThrow(/Invalid schema name/);
  });

  it.skipIf(postgresUrl === null)('keeps each test schema separate on PostgreSQL and drops it on close', async () => {
    const a = await openTestDb(postgresUrl);
    const b = await openTestDb(postgresUrl);
    try {
      expect(a.schema).not.toBe(b.schema);
      await a.exec('CREATE TABLE only_in_a (x int)');
      await expect(b.query('SELECT * FROM only_in_a')).rejects.toThrow(/does not exist/);
    } finally {
      await a.close();
      await b.close();
    }
    const check = await createDb({ url: postgresUrl! });
    try {
      const left = await check.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [a.schema]);
      expect(left).toEqual([]);
    } finally {
      await check.close();
    }
  });

  it('says that PostgreSQL (DATABASE_URL) could not be reached, without the password', async () => {
    const failure = await createDb({ url: 'postgres://app:hunter2@127.0.0.1:9/roofing' }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(failure).toBe('Could not connect to PostgreSQL (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:9');
  });

  it('uses the asked-for schema on PGlite too', async () => {
    const db = await createDb({ memory: true, schema: 'site_test' });
    try {
      expect(await db.one('SELECT current_schema() AS s')).toEqual({ s: 'site_test' });
    } finally {
      await db.close();
    }
  });
});
