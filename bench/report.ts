/**
 * The one table `npm run bench` prints: each figure, ours, the floor or peer, the
 * ratio, the budget and pass or fail. Sections add rows and notes on how they measured.
 */

export type Result = 'pass' | 'fail' | '';

/** A row of the table; a cell left out is blank (a quoted figure has no budget and no result). */
export interface Row {
  section: string;
  figure: string;
  ours?: string;
  /** The floor or peer measured beside ours, named: "floor 0.66 s", "nginx 26086". */
  peer?: string;
  ratio?: string;
  budget?: string;
  result?: Result;
}

/** How a section given callbacks rather than the Report (settings, workbench) adds a line of method and a row. */
export type Out = (line?: string) => void;
export type AddRow = (row: Row) => void;

export class Report {
  readonly rows: Required<Row>[] = [];
  readonly notes = new Map<string, string[]>();
  /** Tools and peers with their versions, for the header. */
  readonly versions = new Map<string, string>();

  constructor(private readonly print: (line: string) => void = console.log) {}

  row(cells: Row): void {
    const row = { ours: '', peer: '', ratio: '', budget: '', result: '' as const, ...cells };
    this.rows.push(row);
    this.print(`  ${row.section} | ${row.figure} | ${row.ours} | ${row.peer} | ${row.ratio} | ${row.budget} | ${row.result}`);
  }

  /** A line of method or a section's own sub-table, printed under the table. */
  note(section: string, line = ''): void {
    const lines = this.notes.get(section) ?? [];
    lines.push(line);
    this.notes.set(section, lines);
    this.print(line);
  }

  table(): string[] {
    const cell = (s: string) => s.replace(/\|/g, '\\|');
    const out = ['| section | figure | ours | floor or peer | ratio | budget | result |', '|---|---|---|---|---|---|---|'];
    for (const r of this.rows) {
      const result = r.result === 'fail' ? '**FAIL**' : r.result;
      out.push(`| ${[r.section, r.figure, r.ours, r.peer, r.ratio, r.budget].map(cell).join(' | ')} | ${result} |`);
    }
    const passes = this.rows.filter((r) => r.result === 'pass').length;
    const fails = this.rows.filter((r) => r.result === 'fail').length;
    out.push('', `${passes} budgets met, ${fails} failed; rows without a result are quoted, not budgeted.`);
    return out;
  }
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** "12.3 s (11.9–13.0)": the median with the range when there was more than one run. */
export function seconds(xs: number[], digits = 2): string {
  const m = `${median(xs).toFixed(digits)} s`;
  return xs.length > 1 ? `${m} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})` : m;
}

export const passIf = (ok: boolean): Result => (ok ? 'pass' : 'fail');
