import { writeSync } from 'node:fs';
import { pino } from 'pino';

/** Lines are handed on once this many characters are waiting (about 4 KB)… */
export const LOG_BATCH_CHARS = 4096;
/** …and at least this often. */
export const LOG_FLUSH_MS = 250;

/** What the gathered lines are handed to: pino's destination (sonic-boom), or a test's stand-in. */
export interface LineSink {
  write(batch: string): unknown;
  flush(cb?: (err?: Error) => unknown): void;
  flushSync(): void;
}

export interface GatheredLines {
  write(line: string): void;
  /** Hands what is waiting on now (the periodic flush); with `cb`, as pino's `logger.flush(cb)` asks. */
  flush(cb?: (err?: Error) => unknown): void;
  /** Writes what is waiting synchronously: the process is exiting, an asynchronous write would never finish. */
  flushSync(): void;
}

/**
 * Log lines gathered in memory and handed to `sink` as one string per batch, so that the sink
 * writes each batch with one write(2) (docs/adr/0098). The sink does not gather them itself:
 * sonic-boom, told to wait for 4 KB, appends each line to a string and measures that whole
 * string's UTF-8 length again at every line (`Buffer.byteLength` of a concatenated string
 * flattens it first), which cost more than pino formatting the line (docs/adr/0111).
 */
/** `fd` is the sink's file descriptor, written to directly only as the process exits. */
export function gatherLines(sink: LineSink, fd: number, batchChars = LOG_BATCH_CHARS): GatheredLines {
  let lines: string[] = [];
  let waiting = 0;
  const take = () => {
    const batch = lines.join('');
    lines = [];
    waiting = 0;
    return batch;
  };
  return {
    write(line) {
      lines.push(line);
      waiting += line.length;
      if (waiting >= batchChars) sink.write(take());
    },
    flush(cb) {
      if (lines.length > 0) sink.write(take());
      if (cb) sink.flush(cb);
    },
    flushSync() {
      const batch = take();
      // The sink's own waiting lines first: they are older. A broken pipe (EPIPE) or a closed
      // stream leaves nothing to write to; the process is exiting either way.
      try {
        sink.flushSync();
      } catch {
        // nothing more can be written through the sink
      }
      if (batch === '') return;
      try {
        writeSync(fd, batch);
      } catch {
        // as above
      }
    },
  };
}

const STDOUT = 1;
let destination: GatheredLines | undefined;

/**
 * Standard output for the logs, shared by every app of the process: lines are gathered and
 * written about 4 KB at a time or every 250 ms, not with a write(2) each (docs/adr/0098, 0111),
 * and what is waiting is written before the process exits.
 */
export function logDestination(): GatheredLines {
  if (destination) return destination;
  // pino's destination writes each batch as it comes (minLength 0), asynchronously, and drops
  // the logs on a broken pipe rather than throwing.
  const gathered = gatherLines(pino.destination({ dest: STDOUT, sync: false, minLength: 0 }), STDOUT);
  setInterval(() => gathered.flush(), LOG_FLUSH_MS).unref();
  process.on('exit', () => gathered.flushSync());
  destination = gathered;
  return gathered;
}
