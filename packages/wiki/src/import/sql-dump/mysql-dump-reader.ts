/**
 * Reads a MySQL/MariaDB dump (`mysqldump` output, as Wikimedia publishes its link tables) as a
 * stream: the database its header names, each table's columns from its `CREATE TABLE`, and the
 * rows of its `INSERT` statements in batches. Memory stays bounded by one batch and one value,
 * whatever the length of a statement (Wikimedia's are about a megabyte, and lines of any length
 * are read piece by piece).
 */
import { StringDecoder } from 'node:string_decoder';

/** A value as the dump writes it: a quoted string, a number, or NULL. */
export type SqlValue = string | number | null;

export type SqlDumpEvent =
  | { type: 'database'; name: string }
  | { type: 'table'; table: string; columns: string[] }
  | { type: 'rows'; table: string; rows: SqlValue[][] };

export class SqlDumpError extends Error {
  constructor(
    message: string,
    /** Offset in the (uncompressed) dump where reading stopped. */
    readonly byteOffset: number,
  ) {
    super(message);
    this.name = 'SqlDumpError';
  }
}

const ROWS_PER_BATCH = 1000;
const INSERT = /^INSERT INTO `([^`]+)` (?:\(([^)]*)\) )?VALUES\s*/;
const CREATE = /^CREATE TABLE `([^`]+)`/;
const COLUMN = /^\s*`([^`]+)`\s+\w/;
const DATABASE = /^-- Host: .*\bDatabase: (\S+)/;

/** The characters a backslash stands for in a MySQL string. */
const ESCAPES: Record<string, string> = { '0': '\0', b: '\b', n: '\n', r: '\r', t: '\t', Z: '\x1a' };

/** What the parser is in the middle of. */
type Mode = 'line' | 'skip-line' | 'create' | 'values';
/** Inside an INSERT's values: before a tuple, in one (before a value or after one), in a string, in a bare word. */
type ValueState = 'between' | 'value' | 'after' | 'string' | 'escape' | 'bare';

class SqlDumpParser {
  private mode: Mode = 'line';
  private line = '';
  private table = '';
  private columns: string[] = [];
  private state: ValueState = 'between';
  private text = '';
  private row: SqlValue[] = [];
  private rows: SqlValue[][] = [];
  private out: SqlDumpEvent[] = [];
  /** Characters of the current chunk consumed, for error offsets. */
  position = 0;

  write(chunk: string): SqlDumpEvent[] {
    let i = 0;
    while (i < chunk.length) {
      this.position = i;
      if (this.mode === 'values') i = this.values(chunk, i);
      else i = this.lines(chunk, i);
    }
    this.position = chunk.length;
    return this.take();
  }

  end(): SqlDumpEvent[] {
    if (this.mode === 'values') throw new Error(`the INSERT into ${this.table} ends too early (truncated?)`);
    if (this.line) this.completeLine(this.line);
    this.line = '';
    this.flushRows();
    return this.take();
  }

  private take(): SqlDumpEvent[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  /** Outside INSERT values: whole lines (a long one only until it is known to be an INSERT). */
  private lines(chunk: string, from: number): number {
    const newline = chunk.indexOf('\n', from);
    const end = newline < 0 ? chunk.length : newline;
    if (this.mode === 'skip-line') {
      if (newline >= 0) this.mode = 'line';
      return newline < 0 ? chunk.length : newline + 1;
    }
    this.line += chunk.slice(from, end);
    if (this.line.startsWith('INSERT INTO')) {
      const match = INSERT.exec(this.line);
      if (match) {
        this.startInsert(match[1]!, match[2]);
        const rest = this.line.slice(match[0].length);
        this.line = '';
        // The values go on from where the prefix ended: in this chunk, or in what was gathered.
        if (rest) {
          try {
            this.values(rest, 0);
          } catch (err) {
            this.position = Math.max(0, end - rest.length + this.position);
            throw err;
          }
        }
        return newline < 0 ? chunk.length : this.mode === 'values' ? end : newline + 1;
      }
      if (this.line.length > 4096) throw new Error(`an INSERT statement without VALUES: ${this.line.slice(0, 80)}`);
    } else if (this.line.length > 1 << 20) {
      // A long line that is not an INSERT (a comment, a SET): of no interest.
      this.line = '';
      this.mode = newline < 0 ? 'skip-line' : 'line';
    }
    if (newline < 0) return chunk.length;
    this.completeLine(this.line);
    this.line = '';
    return newline + 1;
  }

  private completeLine(line: string): void {
    if (this.mode === 'create') {
      const column = COLUMN.exec(line);
      if (column) this.columns.push(column[1]!);
      else if (line.startsWith(')')) {
        this.out.push({ type: 'table', table: this.table, columns: this.columns });
        this.mode = 'line';
      }
      return;
    }
    const create = CREATE.exec(line);
    if (create) {
      this.flushRows();
      this.table = create[1]!;
      this.columns = [];
      this.mode = 'create';
      return;
    }
    const database = DATABASE.exec(line);
    if (database) this.out.push({ type: 'database', name: database[1]! });
  }

  private startInsert(table: string, columnList: string | undefined): void {
    if (table !== this.table) {
      this.flushRows();
      this.table = table;
    }
    if (columnList) {
      const columns = columnList.split(',').map((c) => c.trim().replace(/^`|`$/g, ''));
      if (columns.join() !== this.columns.join()) {
        this.flushRows();
        this.columns = columns;
        this.out.push({ type: 'table', table, columns });
      }
    }
    this.mode = 'values';
    this.state = 'between';
  }

  private flushRows(): void {
    if (this.rows.length === 0) return;
    this.out.push({ type: 'rows', table: this.table, rows: this.rows });
    this.rows = [];
  }

  private endValue(value: SqlValue): void {
    this.row.push(value);
    this.state = 'after';
  }

  private bareValue(word: string): SqlValue {
    if (word === 'NULL') return null;
    const number = Number(word);
    if (word === '' || Number.isNaN(number))
      throw new Error(`unexpected ${JSON.stringify(word.slice(0, 40))} in a row`);
    // Integers beyond 2^53 stay text, exactly as written.
    return Number.isSafeInteger(number) || !/^-?\d+$/.test(word) ? number : word;
  }

  /** Parses INSERT values from `from`; returns where it stopped (the chunk's end or the statement's). */
  private values(chunk: string, from: number): number {
    const at = { i: from };
    try {
      return this.valuesFrom(chunk, at);
    } catch (err) {
      this.position = at.i;
      throw err;
    }
  }

  private valuesFrom(chunk: string, at: { i: number }): number {
    let i = at.i;
    const n = chunk.length;
    while (i < n) {
      at.i = i;
      const c = chunk[i]!;
      switch (this.state) {
        case 'between':
          if (c === '(') {
            this.row = [];
            this.state = 'value';
          } else if (c === ';') {
            this.mode = 'line';
            this.line = '';
            if (this.rows.length >= ROWS_PER_BATCH) this.flushRows();
            return i + 1;
          } else if (c !== ',' && c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t') {
            throw new Error(`unexpected ${JSON.stringify(c)} between the rows of an INSERT into ${this.table}`);
          }
          i++;
          break;
        case 'value':
          if (c === "'") {
            this.text = '';
            this.state = 'string';
            i++;
          } else if (c === ' ' || c === '\n') {
            i++;
          } else if (c === ')' && this.row.length === 0) {
            this.state = 'after';
          } else {
            this.text = '';
            this.state = 'bare';
          }
          break;
        case 'string': {
          // Whole runs of plain characters at once: to the next quote or backslash.
          let stop = i;
          while (stop < n) {
            const s = chunk.charCodeAt(stop);
            if (s === 39 || s === 92) break;
            stop++;
          }
          this.text += chunk.slice(i, stop);
          i = stop;
          if (i >= n) break;
          if (chunk[i] === '\\') this.state = 'escape';
          else if (chunk[i + 1] === "'") {
            // A doubled quote, as some dump tools write it.
            this.text += "'";
            i++;
          } else if (i + 1 >= n) {
            // The quote ends the chunk: whether it is doubled shows in the next one.
            this.state = 'after';
            this.row.push(this.text);
            this.pendingQuote = true;
          } else this.endValue(this.text);
          i++;
          break;
        }
        case 'escape':
          this.text += ESCAPES[c] ?? c;
          this.state = 'string';
          i++;
          break;
        case 'bare': {
          let stop = i;
          while (stop < n && chunk[stop] !== ',' && chunk[stop] !== ')') stop++;
          this.text += chunk.slice(i, stop);
          i = stop;
          if (i < n) this.endValue(this.bareValue(this.text.trim()));
          break;
        }
        case 'after':
          if (this.pendingQuote) {
            this.pendingQuote = false;
            if (c === "'") {
              // The quote that ended the last chunk was the first of a doubled one.
              this.text = `${this.row.pop() as string}'`;
              this.state = 'string';
              i++;
              break;
            }
          }
          if (c === ',') this.state = 'value';
          else if (c === ')') {
            this.rows.push(this.row);
            if (this.rows.length >= ROWS_PER_BATCH) this.flushRows();
            this.state = 'between';
          } else if (c !== ' ' && c !== '\n') {
            throw new Error(`unexpected ${JSON.stringify(c)} after a value in an INSERT into ${this.table}`);
          }
          i++;
          break;
      }
    }
    return n;
  }

  private pendingQuote = false;
}

/** The events of a dump, from a stream of its (decompressed) bytes. */
export async function* readSqlDump(
  input: AsyncIterable<Buffer | string>,
  source = 'SQL dump',
): AsyncGenerator<SqlDumpEvent> {
  const parser = new SqlDumpParser();
  const decoder = new StringDecoder('utf8');
  let bytesBefore = 0;
  let text = '';
  const offset = () => bytesBefore + Buffer.byteLength(text.slice(0, parser.position));
  try {
    for await (const chunk of input) {
      text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      yield* parser.write(text);
      bytesBefore += Buffer.byteLength(text);
    }
    text = decoder.end();
    const last = parser.write(text);
    bytesBefore += Buffer.byteLength(text);
    text = '';
    yield* last;
    yield* parser.end();
  } catch (err) {
    const at = offset();
    const reason = err instanceof Error ? err.message : String(err);
    throw new SqlDumpError(`${source} could not be read at byte ${at}: ${reason}`, at);
  }
}
