/**
 * The bytes of a path given as an argument (record 0070). Node hands `process.argv`
 * over decoded as UTF-8, lossily: `-i z\xff\xfe.json` arrives as `z\u{FFFD}\u{FFFD}.json`,
 * which names another file (or none). On Linux the arguments' bytes are in
 * `/proc/self/cmdline`; an argument whose value is a path is opened by those bytes
 * when they are not UTF-8. The Rust twin is rust/src/bin/x-graphql/argv.rs
 * (`args_os`), with the same rule for finding a value's argument.
 */
import * as fs from 'fs';

/** The user's arguments as bytes (after the script), or undefined when they cannot be read. */
let raw: Buffer[] | undefined | null = null;

function rawArgs(): Buffer[] | undefined {
  if (raw === null) raw = readRawArgs();
  return raw;
}

function readRawArgs(): Buffer[] | undefined {
  let cmdline: Buffer;
  try {
    cmdline = fs.readFileSync('/proc/self/cmdline');
  } catch {
    return undefined;
  }
  const parts: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < cmdline.length; i++) {
    if (cmdline[i] === 0) {
      parts.push(cmdline.subarray(start, i));
      start = i + 1;
    }
  }
  if (start < cmdline.length) parts.push(cmdline.subarray(start));
  // The user's arguments are the last ones (Node's own options and the script come
  // first); they are used only when each decodes to what process.argv holds.
  const user = process.argv.slice(2);
  if (parts.length < user.length) return undefined;
  const tail = parts.slice(parts.length - user.length);
  return tail.every((b, i) => b.toString('utf8') === user[i]) ? tail : undefined;
}

function isAscii(s: string): boolean {
  return /^[\x00-\x7f]*$/.test(s);
}

/**
 * The path `value` (an option's or a command's argument, as commander gives it)
 * names: the bytes of the first argument that gives it (the whole argument, or the
 * end of `--input=<value>` / `-i<value>`), when they are not UTF-8; else `value`.
 */
export function argPath(value: string): string | Buffer {
  const args = rawArgs();
  if (args === undefined) return value;
  for (const b of args) {
    const text = b.toString('utf8');
    let bytes: Buffer | undefined;
    if (text === value) {
      bytes = b;
    } else if (text.length > value.length && text.startsWith('-') && text.endsWith(value)) {
      const prefix = text.slice(0, text.length - value.length);
      if (isAscii(prefix)) bytes = b.subarray(prefix.length);
    }
    if (bytes !== undefined) return Buffer.from(value, 'utf8').equals(bytes) ? value : bytes;
  }
  return value;
}
