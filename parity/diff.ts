/**
 * A unified line diff (`diff -u` style hunks with 3 lines of context), with no
 * dependency: common prefix and suffix trimmed, then a longest common
 * subsequence over what is left (outputs here are small).
 */

function lines(text: string): string[] {
  const out = text.split('\n');
  // "a\n" is one line, not one line and an empty one; a missing final newline is marked.
  if (out[out.length - 1] === '') out.pop();
  else if (out.length > 0) out[out.length - 1] += '\n\\ No newline at end of file';
  return out;
}

type Op = [' ' | '-' | '+', string];

function editScript(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  const ops: Op[] = [];
  for (let i = 0; i < start; i++) ops.push([' ', a[i]]);
  if (n * m > 25_000_000) {
    // Too big to align: all removed, all added.
    for (let i = start; i < endA; i++) ops.push(['-', a[i]]);
    for (let j = start; j < endB; j++) ops.push(['+', b[j]]);
  } else {
    // lcs[i][j]: LCS length of a[start+i..endA) and b[start+j..endB).
    const lcs: Uint32Array[] = [];
    for (let i = 0; i <= n; i++) lcs.push(new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i][j] = a[start + i] === b[start + j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) {
        ops.push([' ', a[start + i]]);
        i++;
        j++;
      } else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) {
        ops.push(['-', a[start + i]]);
        i++;
      } else {
        ops.push(['+', b[start + j]]);
        j++;
      }
    }
  }
  for (let i = endA; i < a.length; i++) ops.push([' ', a[i]]);
  return ops;
}

/** A unified diff of two texts; '' when they are equal. */
export function unifiedDiff(a: string, b: string, labelA = 'a', labelB = 'b', context = 3): string {
  if (a === b) return '';
  const ops = editScript(lines(a), lines(b));
  const out = [`--- ${labelA}`, `+++ ${labelB}`];
  // Line numbers before each op.
  const posA: number[] = [];
  const posB: number[] = [];
  let la = 1;
  let lb = 1;
  for (const [k] of ops) {
    posA.push(la);
    posB.push(lb);
    if (k !== '+') la++;
    if (k !== '-') lb++;
  }
  let k = 0;
  while (k < ops.length) {
    if (ops[k][0] === ' ') {
      k++;
      continue;
    }
    // A hunk: from `context` lines before the change to `context` lines after the last change
    // that is at most 2*context lines from the previous one.
    const from = Math.max(0, k - context);
    let to = k;
    let last = k;
    while (to < ops.length) {
      if (ops[to][0] !== ' ') last = to;
      else if (to - last > 2 * context) break;
      to++;
    }
    const end = Math.min(ops.length, last + context + 1);
    const slice = ops.slice(from, end);
    const countA = slice.filter(([x]) => x !== '+').length;
    const countB = slice.filter(([x]) => x !== '-').length;
    const startA = countA === 0 ? posA[from] - 1 : posA[from];
    const startB = countB === 0 ? posB[from] - 1 : posB[from];
    out.push(`@@ -${startA},${countA} +${startB},${countB} @@`);
    for (const [x, line] of slice) out.push(x + line);
    k = end;
  }
  return out.join('\n') + '\n';
}
